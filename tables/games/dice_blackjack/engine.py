"""Dice blackjack (Костяной Блэк Джек, DG §6–§10; ../shared/rules/dice-blackjack.md, with its
proposed rulings X1–X8): a house-banked dice table where each box plays the dealer for 12.

- **Bets** (§9, X8): between "place your bets" and "no more bets" every dealt-in seat decides at
  once, each on its own clock (``bet_seconds``): "bet" puts an amount within
  ``min_bet..max_bet`` on a box of its own (one box a player unless the table's
  ``boxes_per_player`` says more: each bet then opens the seat's next box), "pass" ends its
  betting (with no box: it sits the round out). A bet that would let the house risk more than
  ``max_exposure`` on the round is refused (``house.refuse_over_exposure``).
- **The boxes play in turn** (§9, X5): from the dealer's left, i.e. in the layout's order (a
  seat's boxes are numbered from its seat, ``box_number``). The box's owner throws two dice,
  then stops or throws two more: at most two throws (X4), so the first throw (2–12) never
  busts. Over 12 after the second throw loses at once (§9): the bet goes to the bank then.
- **The dealer** (§9, X3, X6): once every box has played, he throws only if some box still
  stands (X6); under 7 he must throw again, on 7–12 he stands (X3), at most two throws.
- **Payouts** (§10, X1, X2): a dealer over 12 busts and every box standing wins 1:1 (X1);
  otherwise the higher total wins 1:1 and a tie pushes (X2). A box's winnings are within
  ``max_payout`` (the shared box functions).
- **Out of time** (X8): a player who does not decide stops; a box whose owner has not thrown
  at all when his clock runs out is thrown for (the first throw is no decision: it can never
  bust, X4). The betting passes.
- **The dice** (X7, ``tables.engines.dice``): the round's throws are drawn when the hand starts,
  a tape used in order, two throws a box and two for the dealer (X3, X4): its record is the
  round's commitment; faces thrown travel as plain numbers, the tape's tokens never leave.
"""

from __future__ import annotations

from fractions import Fraction

from tables.engines import base, dice
from tables.engines.base import (
    Commitment,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
)
from tables.families.house import bank as house
from tables.families.house import boxes

GAME = "dice_blackjack"
SEATS = (1, 6)
BETTING, PLAYING, OVER = "betting", "playing", "over"
BET, PASS, THROW, STOP = "bet", "pass", "throw", "stop"
TARGET = 12  # §9: more is a bust
DEALER_STANDS = 7  # X3: under 7 the dealer throws again, on 7-12 he stands
MAX_THROWS = 2  # X4 (a box), X3 (the dealer)
WIN = Fraction(1)  # §10: 1:1
PAY_TABLES = {boxes.MAIN: WIN}
# a box's outcome at the settlement
WON, PUSH, LOST, BUST = "won", "push", "lost", "bust"
DEFAULTS: dict = {}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def total_of(throws) -> int:
    """The faces of every throw added up (``map`` of the builtin: no generator per throw)."""
    return sum(map(sum, throws))


def dealer_throws_again(total: int) -> bool:
    """X3: under 7 after his first throw the dealer must throw again."""
    return total < DEALER_STANDS


def outcome(player: int, dealer: int | None) -> str:
    """A standing box's outcome against the dealer's total (§10, X1, X2); None: the dealer did
    not throw (X6, only when no box stands, so never asked then)."""
    if player > TARGET:
        return BUST
    if dealer is None or dealer > TARGET or player > dealer:
        return WON
    return PUSH if player == dealer else LOST


RATIOS = {WON: WIN, PUSH: 0, LOST: "lose", BUST: "lose"}


# --- config ------------------------------------------------------------------------------------


def check_config(config: dict) -> dict:
    """The house-banked settings every such game shares (``house.check_house_config``): boxes
    are open, no bets behind and no side bets; a player plays ``boxes_per_player`` boxes (1
    unless configured, X8), numbered from his seat, so a layout of ``boxes`` has room for every
    seat's."""
    checked = house.check_house_config(config, DEFAULTS)
    if checked["dark_boxes_per_player"]:
        raise IllegalAction(gettext_noop("Dark boxes are not played at this table."))
    if checked["bets_behind"]:
        raise IllegalAction(gettext_noop("Bets behind a box are not taken at this table."))
    if checked["side_bets"]:
        raise IllegalAction(gettext_noop("This game has no side bets."))
    needed = SEATS[1] * checked["boxes_per_player"]
    if checked["boxes"] is not None and checked["boxes"] < needed:
        raise IllegalAction(
            gettext_noop("The layout has a box for each of the %(count)s seats."), count=needed
        )
    return checked


# each round's config checked once for the table (``house.checked_once``)
_checked_once = house.checked_once(check_config)


def box_number(state: State, position: int, index: int) -> int:
    """The seat's ``index``-th box (from 0): the boxes of a seat follow each other on the layout
    and the seats go round from the dealer's left (X5)."""
    return position * state["limits"]["boxes_per_player"] + index


def tape_throws(players: int, boxes_per_player: int) -> int:
    """The throws a round can use (X3, X4): two a box, two for the dealer."""
    return MAX_THROWS * (players * boxes_per_player + 1)


# --- reading a state ---------------------------------------------------------------------------


def _order(state: State) -> list[int]:
    return sorted(int(n) for n in state["boxes"])


def current_box(state: State) -> int | None:
    """The box whose turn it is to throw (None outside the boxes' play)."""
    if state["phase"] != PLAYING or state["turn"] >= len(state["order"]):
        return None
    return state["order"][state["turn"]]


def to_act(state: State) -> list[int]:
    """Betting: every seat still in the round that has not finished betting, all at once.
    Playing: the owner of the box whose turn it is (X5)."""
    if state["phase"] == BETTING:
        return [p for p in state["players"] if p not in state["done"]]
    number = current_box(state)
    if number is None:
        return []
    return [state["boxes"][str(number)]["owner"]]


def _boxes_owned(state: State, position: int) -> int:
    """How many boxes the seat plays (counted: every stake asks it, a sorted list was more)."""
    return sum(1 for box in state["boxes"].values() if box["owner"] == position)


def _room(state: State, position: int) -> int:
    """The largest bet the seat's next box may take now: ``max_bet`` within ``max_exposure``."""
    limits = state["limits"]
    owned = _boxes_owned(state, position)
    return house.room_for(
        state,
        PAY_TABLES,
        limits,
        box=box_number(state, position, owned),
        position=position,
        up_to=limits["max_bet"],
    )


def _validated(state: State, position: int, action) -> dict:
    """The one validator: ``legal_actions`` lists only what passes it, ``apply`` refuses what
    does not, each refusal a sentence for that player alone."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["dealt_in"]:
        raise IllegalAction(gettext_noop("You are not dealt in this hand."))
    kind = action.get("type")
    if kind not in (BET, PASS, THROW, STOP):
        raise IllegalAction(gettext_noop("Unknown action."))
    if state["phase"] == BETTING:
        if kind in (THROW, STOP):
            raise IllegalAction(gettext_noop("The bets are still being placed: nobody throws yet."))
        if position not in to_act(state):
            raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
        if kind == PASS:
            return {"type": PASS}
        return {"type": BET, "amount": _checked_amount(state, position, action.get("amount"))}
    if kind in (BET, PASS):
        raise IllegalAction(gettext_noop("The bets are closed for this hand."))
    number = current_box(state)  # the boxes are playing: one of them is throwing
    if state["boxes"][str(number)]["owner"] == position:
        if kind == STOP and not state["boxes"][str(number)]["throws"]:
            raise IllegalAction(
                gettext_noop("Throw your two dice first: then stop or throw again.")
            )
        return {"type": kind}
    mine = boxes.boxes_of(state, position)
    if not mine:
        raise IllegalAction(gettext_noop("You have no box in this round."))
    if any(n > number for n in mine):
        raise IllegalAction(gettext_noop("Not your turn: box %(box)s is throwing."), box=number + 1)
    if kind == THROW and any(len(state["boxes"][str(n)]["throws"]) >= MAX_THROWS for n in mine):
        # X4: the third throw
        raise IllegalAction(
            gettext_noop("A box throws at most twice: your box has thrown its two throws.")
        )
    raise IllegalAction(gettext_noop("Your box has played this round."))


def _checked_amount(state: State, position: int, amount) -> int:
    limits = state["limits"]
    if not _whole(amount):
        raise IllegalAction(gettext_noop("A stake is a whole amount."))
    if not limits["min_bet"] <= amount <= limits["max_bet"]:
        raise IllegalAction(
            gettext_noop("A box takes from %(min_bet)s to %(max_bet)s."),
            min_bet=limits["min_bet"],
            max_bet=limits["max_bet"],
        )
    owned = _boxes_owned(state, position)
    if owned >= limits["boxes_per_player"]:
        raise IllegalAction(
            gettext_noop("A player may play at most %(count)s boxes."),
            count=limits["boxes_per_player"],
        )
    house.refuse_over_exposure(
        state,
        PAY_TABLES,
        limits,
        box=box_number(state, position, owned),
        position=position,
        amount=amount,
    )
    return amount


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now; a bet's amount is a range, its two ends listed (every whole
    amount between them is legal as well)."""
    if state["over"] or position not in to_act(state):
        return []
    if state["phase"] == BETTING:
        actions = []
        if _boxes_owned(state, position) < state["limits"]["boxes_per_player"]:
            low, high = state["limits"]["min_bet"], _room(state, position)
            if high >= low:
                actions = [{"type": BET, "amount": a} for a in sorted({low, high})]
        return [*actions, {"type": PASS}]
    thrown = len(state["boxes"][str(current_box(state))]["throws"])
    return [{"type": THROW}, {"type": STOP}] if thrown else [{"type": THROW}]


# --- state changes -----------------------------------------------------------------------------


# what each kind of step may change in place, copied one level before it (a box is copied
# before it changes, ``_box``); the rest (the tape's faces, the limits, the seats of a throw)
# stays shared with the state before (issue 50: a throw copied the seats' lists for nothing)
BETTING_CHANGES = ("boxes", "pots", "escrowed", "done")
PLAYING_CHANGES = ("boxes", "pots", "escrowed")
LEAVING_CHANGES = ("boxes", "pots", "escrowed", "done", "players")


def _copy(state: State, changing: tuple[str, ...]) -> State:
    """A new state sharing every value with ``state`` but the ``changing`` ones, copied one
    level (the escrow's pots of payers two)."""
    state = dict(state)
    for key in changing:
        value = state[key]
        if key == "escrowed":
            state[key] = {k: dict(v) for k, v in value.items()}
        elif isinstance(value, list):
            state[key] = list(value)
        else:
            state[key] = dict(value)
    return state


def _box(state: State, number: int) -> dict:
    """The box, copied as deep as a throw or its settlement changes it (its throws, stakes and
    hand; a throw's faces are never changed and stay shared): several times faster than
    ``copy_json``, which was most of a round's time."""
    box = state["boxes"][str(number)]
    hands = [{**hand, "stakes": [dict(s) for s in hand["stakes"]]} for hand in box["hands"]]
    copied = {**box, "throws": list(box["throws"]), "hands": hands}
    state["boxes"][str(number)] = copied
    return copied


def _throw(state: State) -> list[int]:
    state["tape"], faces = dice.throw(state["tape"])
    return faces


def _place(state: State, events: list[Event], position: int, amount: int) -> int:
    number = box_number(state, position, _boxes_owned(state, position))
    events.append({"type": BET, "seat": position, "box": number, "amount": amount})
    box = boxes.place(state, events, state["limits"], number, position, amount)
    box["amount"] = amount
    box["throws"] = []
    box["outcome"] = None
    return number


def _box_throws(state: State, events: list[Event], position: int) -> None:
    """The box whose turn it is throws two dice (§9); its second throw ends its play, over 12
    losing at once (§9, X4)."""
    number = current_box(state)
    box = _box(state, number)
    faces = _throw(state)
    box["throws"].append(faces)
    total = total_of(box["throws"])
    events.append(
        {
            "type": THROW,
            "seat": position,
            "box": number,
            "throw": len(box["throws"]),
            "dice": list(faces),
            "total": total,
        }
    )
    if len(box["throws"]) < MAX_THROWS:
        return
    if total > TARGET:
        box["outcome"] = BUST
        events.append({"type": BUST, "seat": position, "box": number, "total": total})
        (net,) = boxes.settle_hand(state, events, number, 0, "lose", reason="box")
        box["net"] = net["net"]
    _next_box(state, events)


def _next_box(state: State, events: list[Event]) -> None:
    state["turn"] += 1
    if state["turn"] >= len(state["order"]):
        _dealer_plays(state, events)


def _dealer_plays(state: State, events: list[Event]) -> None:
    """Every box has played: the dealer throws if a box still stands (X6), again under 7
    (X3), and the boxes standing are paid (§10, X1, X2)."""
    standing = [n for n in state["order"] if state["boxes"][str(n)]["outcome"] is None]
    dealer = None
    if standing:
        throws = [_throw(state)]
        dealer = total_of(throws)
        events.append(
            {"type": "dealer_throw", "throw": 1, "dice": list(throws[0]), "total": dealer}
        )
        if dealer_throws_again(dealer):
            throws.append(_throw(state))
            dealer = total_of(throws)
            events.append(
                {"type": "dealer_throw", "throw": 2, "dice": list(throws[1]), "total": dealer}
            )
        state["dealer"] = {"throws": throws, "total": dealer, "bust": dealer > TARGET}
    else:
        events.append({"type": "no_dealer_throw"})  # X6: every box is bust
    cap = state["limits"]["max_payout"]
    for number in standing:
        box = _box(state, number)
        box["outcome"] = outcome(total_of(box["throws"]), dealer)
        (net,) = boxes.settle_hand(
            state, events, number, 0, RATIOS[box["outcome"]], max_payout=cap, reason="box"
        )
        box["net"] = net["net"]
    _end(state, events)


def _end(state: State, events: list[Event]) -> None:
    state["phase"] = OVER
    state["over"] = True
    state["escrowed"] = {}  # every pot is paid out: nothing is left for a void to return
    state["result"] = _result(state)
    events.append({"type": "hand_over", "result": state["result"]})


def _result(state: State) -> dict:
    by_box, nets = {}, {}
    for number in _order(state):
        box = state["boxes"][str(number)]
        by_box[str(number)] = {
            "owner": box["owner"],
            "amount": box["amount"],
            "throws": list(box["throws"]),
            "total": total_of(box["throws"]),
            "outcome": box["outcome"],
            "net": box.get("net", 0),
        }
        owner = str(box["owner"])
        nets[owner] = nets.get(owner, 0) + box.get("net", 0)
    return {
        "void": False,
        "dealer": state["dealer"],
        "boxes": by_box,
        "nets": nets,
        # a seat whose boxes pushed (X2) neither won nor lost: no badge for it
        "won": {seat: net > 0 for seat, net in nets.items() if net},
    }


def _advance(state: State, events: list[Event]) -> None:
    """The betting is over once nobody is awaited: no more bets (§9), and the boxes play in
    the layout's order; a round nobody bet in is over."""
    if state["phase"] != BETTING or to_act(state):
        return
    if not state["boxes"]:
        state["phase"] = OVER
        state["over"] = True
        state["result"] = {"void": False, "dealer": None, "boxes": {}, "nets": {}, "won": {}}
        events.append({"type": "hand_over", "result": state["result"]})
        return
    state["order"] = _order(state)
    state["turn"] = 0
    state["phase"] = PLAYING
    accepted = {str(n): state["boxes"][str(n)]["amount"] for n in state["order"]}
    events.append({"type": "bets_closed", "boxes": list(state["order"]), "accepted": accepted})


# --- the engine --------------------------------------------------------------------------------


class DiceBlackjack(house.BoxRound):
    """Dice blackjack's hooks (module docstring). Players sit at any time and are dealt in from
    the next round (the GameEngine defaults for sitting and for starting rounds); a leave keeps a
    box in play, his clock throwing and stopping for him (X8), as ``house.BoxRound`` says."""

    game = GAME
    display_name = gettext_noop("Dice blackjack")
    seats = SEATS
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")
    token_pattern = dice.TOKEN_PATTERN
    pay_tables = PAY_TABLES
    stages = {BETTING: gettext_noop("taking bets"), PLAYING: gettext_noop("throwing")}

    example_configs = (
        {"min_bet": 100, "max_bet": 5_000},
        # two boxes a player (X8 "unless configured"), a payout cap below the largest bet and
        # a limit on the house's risk that refuses the largest bets once a few boxes are staked
        {
            "min_bet": 100,
            "max_bet": 2_000,
            "boxes_per_player": 2,
            "max_payout": 1_500,
            "max_exposure": 6_000,
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the round -------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; the round's throws are drawn now (X7, ``dice.new_tape``)."""
        config = _checked_once(config)
        throws = tape_throws(len(players), config["boxes_per_player"])
        return {
            **self.round_state(config, players, carry, {}),
            "tape": dice.new_tape(rng, throws),
            "order": [],  # the boxes in the order they play (X5)
            "turn": 0,  # the index in ``order`` of the box throwing
            "dealer": None,  # {"throws", "total", "bust"} once he has thrown
        }

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        kind = checked["type"]
        state = _copy(state, BETTING_CHANGES if kind in (BET, PASS) else PLAYING_CHANGES)
        events: list[Event] = []
        if kind == BET:
            number = _place(state, events, seat, checked["amount"])
            if number + 1 >= box_number(state, seat, state["limits"]["boxes_per_player"]):
                state["done"].append(seat)  # the seat's last box
        elif kind == PASS:
            events.append({"type": PASS, "seat": seat})
            state["done"].append(seat)
        elif kind == THROW:
            _box_throws(state, events, seat)
        else:
            number = current_box(state)
            box = state["boxes"][str(number)]
            events.append(
                {"type": STOP, "seat": seat, "box": number, "total": total_of(box["throws"])}
            )
            _next_box(state, events)
        _advance(state, events)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """The betting is one decision; then each throw of each box is one."""
        number = current_box(state)
        if number is None:
            return f"hand {state['hand_key']}: {state['phase']}"
        thrown = len(state["boxes"][str(number)]["throws"])
        return f"hand {state['hand_key']}: box {number} throw {thrown}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: the betting passes; a box not thrown yet is thrown for (X4: the first
        throw never busts), a box that has thrown stops (X8)."""
        if state["phase"] == BETTING:
            return {"type": PASS}
        thrown = len(state["boxes"][str(current_box(state))]["throws"])
        return {"type": STOP} if thrown else {"type": THROW}

    def clock_setting(self, state: State, seat: int) -> str:
        return "bet_seconds" if state["phase"] == BETTING else "action_seconds"

    def commitment(self, state: State) -> Commitment:
        """The round's tape of throws, drawn when it starts (X7)."""
        return Commitment("hand", dice.tape_record(state["tape"]))

    # --- what each may see -------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Public, all of it: every box's bet, its throws as they fell (faces as numbers) and
        totals, whose turn it is, the dealer's throws and the result. A seat also gets its legal
        actions and its bet's range."""
        waiting = to_act(state)
        playing = current_box(state)
        box_views = []
        for number in _order(state):
            box = state["boxes"][str(number)]
            box_views.append(
                {
                    "number": number,
                    "owner": box["owner"],
                    "amount": box["amount"],
                    "throws": copy_json(box["throws"]),
                    "total": total_of(box["throws"]) if box["throws"] else None,
                    "outcome": box["outcome"],
                    "net": box.get("net"),
                    "stood": playing is not None and number < playing and not box["outcome"],
                    "throwing": number == playing,
                }
            )
        seats = {}
        for p in state["dealt_in"]:
            mine = boxes.boxes_of(state, p)
            seats[str(p)] = {
                "betting": state["phase"] == BETTING and p in waiting,
                "throwing": state["phase"] == PLAYING and p in waiting,
                "bet": sum(state["boxes"][str(n)]["amount"] for n in mine),
                "passed": p in state["done"] and not mine,
                "left": p not in state["players"],
            }
        limits = state["limits"]
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "seats": seats,
            "boxes": box_views,
            "throwing_box": playing,
            "dealer": copy_json(state["dealer"]),
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "boxes_per_player": limits["boxes_per_player"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
            },
            "exposure": self.exposure(state),
            "to_act": waiting,
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            public["legal"] = legal_actions(state, seat)
            betting = state["phase"] == BETTING and seat in waiting
            low = limits["min_bet"]
            room = _room(state, seat) if betting else 0
            public["bet_range"] = (
                [low, room]
                if betting and room >= low and any(a["type"] == BET for a in public["legal"])
                else None
            )
        return public

    def undealt(self, state: State) -> list[str]:
        return dice.unthrown(state["tape"])

    def all_cards(self, state: State) -> list[str]:
        return dice.tokens(state["tape"]["faces"])

    # --- the session (the house's exposure, the leave, the void, the summary: BoxRound) -----

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def leave_round(self, state: State, seat: int, reason: str):
        state = _copy(state, LEAVING_CHANGES)
        state["players"].remove(seat)
        events: list[Event] = [{"type": reason, "seat": seat}]
        _advance(state, events)
        return state, events


ENGINE = base.register(DiceBlackjack())
