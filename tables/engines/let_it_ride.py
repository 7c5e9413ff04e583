"""Let It Ride (Покер «Лет ит райд», CG §33-§39; ../shared/rules/let-it-ride.md, with its proposed
rulings L1-L10 and the decision of 2026-11-29 on L10): a house-banked table of up to six players,
each playing his own box against the casino (§33).

- **Bets** (§35): in the betting window every seat decides at once, each on its own clock
  (``bet_seconds``): "bet" puts one amount, within ``min_bet..max_bet``, three times on the
  seat's box (bets 1, 2 and 3, equal); "pass" sits the round out. A bet that would let the
  house risk more than ``max_exposure`` on the round is refused.
- **The deal** (§34, L1, L4): a fresh 52-card deck shuffled for every round (its order is the
  round's shuffle commitment); three cards to each box, one at a time in the layout's order,
  then two community cards face down. A player's cards are his alone (``private_cards``); the
  community cards are hidden from everyone (``hidden_cards``) until opened.
- **Decision 1** (§35, L3): every box's owner at once, each on his own clock
  (``action_seconds``), takes bet 1 down or lets it ride. Then the dealer opens the first
  community card.
- **Decision 2**: the same for bet 2, whatever he did with bet 1 (L3: independent). Then the
  second community card is opened. Bet 3 always plays (L3): it is never offered.
- **Out of time** (L10, decision of 2026-11-29): the bet decided on is taken down.
- **Settlement** (§36, L2, L5): the player's three cards and the two community cards are one
  five-card poker hand (``poker_hands``: the ace high or low, A-2-3-4-5 a straight, Q-K-A-2-3
  not). Every bet still riding is paid at the hand's line: royal flush 1000:1, straight flush
  200:1, four of a kind 50:1, full house 11:1, flush 8:1, straight 5:1, three of a kind 3:1,
  two pairs 2:1, a pair of tens or better 1:1; anything lower loses every bet riding (L2). A
  box's winnings in a round are at most ``max_payout`` (L9: above it nothing is paid).
- **Misdeals** (§37-§39, L6-L8): cards go only to their owner and are dealt by the engine, so
  no card can be exposed, swapped or miscounted; a redeal (L7) is the staff's void: every bet
  still in play goes back, and a new round is dealt from a new deck.

**Stakes on boxes** (``tables.families.house.boxes``): bet 3 is the box's stake on its hand (the pot
``b<box>:s<seat>``), bets 1 and 2 are the box's side bets of kinds ``bet1`` and ``bet2`` (pots
``b<box>:s<seat>:bet1`` and ``:bet2``). So each bet sits in a pot of its own: a bet taken down is
that side bet settled on its own at 0 (``boxes.settle_side``: its stake back to the player,
nothing won or lost), a void returns exactly what still rides, and the settlement pays each bet
riding through the box functions, which share the box's ``max_payout`` among its bets and round
as the casino rounds. Bet 3 being the box's hand matches its rule: it is what always plays.

Each seat plays one box, the box of its own number (the layout has a box per seat).
"""

from __future__ import annotations

from fractions import Fraction

from tables.engines import base, poker_hands
from tables.engines.base import (
    Commitment,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
)
from tables.engines.cards import pack_52
from tables.families.house import bank as house
from tables.families.house import boxes

GAME = "let_it_ride"
SEATS = (1, 6)
BETTING, FIRST, SECOND, OVER = "betting", "first", "second", "over"
BET_KINDS = {1: "bet1", 2: "bet2"}  # the side bets' kinds of bets 1 and 2; bet 3 is the hand
TAKE_DOWN, RIDE = "take_down", "ride"
TEN = poker_hands.RANKS.index("T")
# §36: each line's payout, by poker_hands' category (a pair pays only from tens, L2)
PAYS = {
    poker_hands.ROYAL_FLUSH: Fraction(1000),
    poker_hands.STRAIGHT_FLUSH: Fraction(200),
    poker_hands.QUADS: Fraction(50),
    poker_hands.FULL_HOUSE: Fraction(11),
    poker_hands.FLUSH: Fraction(8),
    poker_hands.STRAIGHT: Fraction(5),
    poker_hands.TRIPS: Fraction(3),
    poker_hands.TWO_PAIRS: Fraction(2),
    poker_hands.PAIR: Fraction(1),  # tens or better
}
BEST = max(PAYS.values())
PAY_TABLES = {boxes.MAIN: BEST, BET_KINDS[1]: BEST, BET_KINDS[2]: BEST}  # the best line of each
# a pair below tens: a line of its own for the board and the harness (it loses, L2)
LOW_PAIR = "low_pair"
DEFAULTS: dict = {}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- config ------------------------------------------------------------------------------------


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    house-banked settings every such game shares (``house.check_house_config``), of which Let It
    Ride plays one box a player, open, with no bets behind and no side bets of the table's."""
    checked = house.check_house_config(config, DEFAULTS)
    if checked["boxes_per_player"] != 1 or checked["dark_boxes_per_player"]:
        raise IllegalAction(gettext_noop("A player plays one box here, open."))
    if checked["bets_behind"]:
        raise IllegalAction(gettext_noop("Bets behind a box are not taken at this table."))
    if checked["side_bets"]:
        raise IllegalAction(gettext_noop("This game has no side bets."))
    if checked["boxes"] is not None and checked["boxes"] < SEATS[1]:
        raise IllegalAction(
            gettext_noop("The layout has a box for each of the %(count)s seats."), count=SEATS[1]
        )
    return checked


# --- reading a state ---------------------------------------------------------------------------


def _order(state: State) -> list[int]:
    """The boxes played, in the layout's order (the order of the deal)."""
    return sorted(int(n) for n in state["boxes"])


def to_act(state: State) -> list[int]:
    """Betting: every seat still in the hand that has not bet or passed, all at once. A
    decision: every box's owner who has not decided on this bet, all at once."""
    phase = state["phase"]
    if phase == BETTING:
        return [p for p in state["players"] if p not in state["done"]]
    if phase in (FIRST, SECOND):
        decided = state["decided"]
        return [
            b["owner"]
            for n in _order(state)
            if (b := state["boxes"][str(n)])["owner"] not in decided
        ]
    return []


def _current_bet(state: State) -> int | None:
    return {FIRST: 1, SECOND: 2}.get(state["phase"])


def _box_of(state: State, position: int) -> dict | None:
    return state["boxes"].get(str(position))


def _room(state: State) -> int:
    """The largest each-of-three amount a new box may take now: ``max_bet``, and within
    ``max_exposure`` what the three bets at the best line (1000:1, capped by ``max_payout``) add
    to what the house can already pay on the round."""
    limits = state["limits"]
    high = limits["max_bet"]
    limit = limits.get("max_exposure")
    if limit is None:
        return high
    cap = limits.get("max_payout")
    free = limit - house.exposure(state, PAY_TABLES, cap)
    if cap is not None and cap <= free:
        return high
    return max(0, min(high, free // (3 * int(BEST))))


def _validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it, ``apply``
    refuses what does not, each refusal a sentence for that player alone."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["dealt_in"]:
        raise IllegalAction(gettext_noop("You are not dealt in this hand."))
    kind = action.get("type")
    if state["phase"] == BETTING:
        if kind in (TAKE_DOWN, RIDE):
            raise IllegalAction(
                gettext_noop("The cards are not dealt yet: the bets are still being placed.")
            )
        if kind not in ("bet", "pass"):
            raise IllegalAction(gettext_noop("Unknown action."))
        if position not in to_act(state):
            raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
        if kind == "pass":
            return {"type": "pass"}
        amount = action.get("amount")
        limits = state["limits"]
        if not _whole(amount):
            raise IllegalAction(gettext_noop("A stake is a whole amount."))
        if not limits["min_bet"] <= amount <= limits["max_bet"]:
            raise IllegalAction(
                gettext_noop("Each of the three bets is from %(min_bet)s to %(max_bet)s."),
                min_bet=limits["min_bet"],
                max_bet=limits["max_bet"],
            )
        room = _room(state)
        if amount > room:
            if room < limits["min_bet"]:
                raise IllegalAction(
                    gettext_noop(
                        "The house takes no more bets this round: it would risk more than "
                        "%(max_exposure_amount)s."
                    ),
                    max_exposure_amount=limits["max_exposure"],
                )
            raise IllegalAction(
                gettext_noop(
                    "The house takes at most %(amount)s for each bet this round: it would risk "
                    "more than %(max_exposure_amount)s."
                ),
                amount=room,
                max_exposure_amount=limits["max_exposure"],
            )
        return {"type": "bet", "amount": amount}
    if kind in ("bet", "pass"):
        raise IllegalAction(gettext_noop("The bets are closed for this hand."))
    if kind not in (TAKE_DOWN, RIDE):
        raise IllegalAction(gettext_noop("Unknown action."))
    bet = action.get("bet")
    if bet == 3 and _whole(bet):  # L3
        raise IllegalAction(gettext_noop("Bet 3 always plays: it cannot be taken down."))
    if not _whole(bet) or bet not in BET_KINDS:
        raise IllegalAction(gettext_noop("Say which bet: 1 or 2."))
    if _box_of(state, position) is None:
        raise IllegalAction(gettext_noop("You have no bets in this hand."))
    current = _current_bet(state)
    if bet < current:
        raise IllegalAction(gettext_noop("Bet 1 is decided: the first community card is open."))
    if bet > current:
        raise IllegalAction(gettext_noop("Bet 2 is decided once the first community card is open."))
    if position in state["decided"]:
        raise IllegalAction(gettext_noop("You have decided on bet %(bet)s already."), bet=bet)
    return {"type": kind, "bet": bet}


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now; a bet's amount is a range, its two ends listed (every whole
    amount between them is legal as well)."""
    if state["over"] or position not in to_act(state):
        return []
    if state["phase"] == BETTING:
        low, high = state["limits"]["min_bet"], _room(state)
        actions = [{"type": "bet", "amount": a} for a in sorted({low, high})] if high >= low else []
        return [*actions, {"type": "pass"}]
    bet = _current_bet(state)
    return [{"type": TAKE_DOWN, "bet": bet}, {"type": RIDE, "bet": bet}]


# --- hands -------------------------------------------------------------------------------------


def line_of(cards) -> tuple[int | str, Fraction | None]:
    """The §36 line of five cards and its payout (None: the bets riding lose, L2): the
    category (poker_hands' number; a pair below tens is ``LOW_PAIR``)."""
    value = poker_hands.value(cards)
    kind = poker_hands.category(value)
    if kind == poker_hands.PAIR and (value >> (poker_hands.SHIFT - 4)) & 0xF < TEN:
        return LOW_PAIR, None
    return kind, PAYS.get(kind)


def line_name(line) -> str:
    """The line in words (a msgid)."""
    if line == LOW_PAIR:
        return gettext_noop("pair below tens")
    if line == poker_hands.PAIR:
        return gettext_noop("pair of tens or better")
    return poker_hands.NAMES[line]


# --- state changes -----------------------------------------------------------------------------


def _copy(state: State, *changing: str) -> State:
    """A new state sharing every value with ``state`` but the ``changing`` ones, copied one level
    (boxes: the dict; a box is copied before it changes): the deck is never copied."""
    state = dict(state)
    for key in changing:
        value = state[key]
        if isinstance(value, list):
            state[key] = list(value)
        elif key == "escrowed":
            state[key] = {k: dict(v) for k, v in value.items()}
        else:
            state[key] = dict(value)
    return state


def _box_copy(box: dict) -> dict:
    """A box copied as deep as the box functions change it (its stakes, hands, side bets and
    the bets taken down; its cards are never changed and stay shared): several times faster
    than ``copy_json`` of the whole box, which was the round's largest cost."""
    copied = dict(box)
    copied["stakes"] = [dict(s) for s in box["stakes"]]
    copied["hands"] = [{**h, "stakes": [dict(s) for s in h["stakes"]]} for h in box["hands"]]
    copied["side"] = [dict(s) for s in box["side"]]
    copied["down"] = list(box.get("down", ()))
    return copied


def _changing_box(state: State, position: int) -> dict:
    box = _box_copy(state["boxes"][str(position)])
    state["boxes"][str(position)] = box
    return box


def _place(state: State, events: list[Event], position: int, amount: int) -> None:
    """The three equal bets on the seat's box (§35): bet 3 the box's hand, bets 1 and 2 its side
    bets (module docstring)."""
    limits = state["limits"]
    boxes.place(state, events, limits, position, position, amount)
    for kind in BET_KINDS.values():
        boxes.place_side(state, events, limits, position, position, kind, amount)
    box = state["boxes"][str(position)]
    box["amount"] = amount
    box["down"] = []  # the bets taken down (1, 2)


def _take_down(state: State, events: list[Event], position: int, bet: int) -> None:
    """The bet goes back to the player from its pot (settled alone at 0: nothing won or lost)."""
    _changing_box(state, position)["down"].append(bet)
    boxes.settle_side(state, events, position, BET_KINDS[bet], 0, position=position)


def _deal(state: State) -> list[Event]:
    """Three cards to each box, one at a time in the layout's order, then the two community
    cards face down (§35, L4)."""
    # each box gets a key of its own, "cards": a copy of its top level is enough
    state["boxes"] = {n: dict(box) for n, box in state["boxes"].items()}
    order = _order(state)
    deck, count = state["deck"], len(order)
    for index, number in enumerate(order):
        state["boxes"][str(number)]["cards"] = [
            deck[index],
            deck[count + index],
            deck[2 * count + index],
        ]
    state["community"] = [deck[3 * count], deck[3 * count + 1]]
    state["dealt"] = 3 * count + 2
    state["phase"] = FIRST
    return [{"type": "deal", "boxes": [int(n) for n in order]}]


def _open(state: State, which: int) -> Event:
    state["opened"] = which + 1
    return {"type": "community", "number": which + 1, "card": state["community"][which]}


def _settle(state: State) -> list[Event]:
    """The second community card is open: each box's five cards are its hand (§34); every bet
    riding is paid at the hand's line or lost (§36, L2), a box's winnings within
    ``max_payout`` (L9)."""
    events: list[Event] = []
    state["boxes"] = {n: _box_copy(box) for n, box in state["boxes"].items()}
    cap = state["limits"]["max_payout"]
    shown = {}
    for number in _order(state):
        box = state["boxes"][str(number)]
        owner = box["owner"]
        line, pays = line_of([*box["cards"], *state["community"]])
        ratio = pays if pays is not None else "lose"
        for bet, kind in BET_KINDS.items():
            if bet not in box["down"]:
                boxes.settle_side(
                    state, events, number, kind, ratio, position=owner, max_payout=cap
                )
        boxes.settle_hand(state, events, number, 0, ratio, max_payout=cap, reason="box")
        box["line"] = line
        box["pays"] = str(pays) if pays is not None else None
        shown[str(number)] = {
            "owner": owner,
            "cards": list(box["cards"]),
            "line": line,
            "name": line_name(line),
        }
    events.insert(0, {"type": "hands_shown", "boxes": shown})
    state["phase"] = OVER
    state["over"] = True
    state["escrowed"] = {}  # every pot is paid out: nothing is left for a void to return
    state["result"] = _result(state)
    events.append({"type": "hand_over", "result": state["result"]})
    return events


def bet_results(box: dict) -> list[dict]:
    """Each of a box's three bets: its number, amount, state (``down``, ``won``, ``lost``,
    ``riding``) and net."""
    results = []
    sides = {s["kind"]: s for s in box["side"]}
    hand = box["hands"][0]
    for bet in (1, 2, 3):
        if bet in BET_KINDS:
            settled = sides[BET_KINDS[bet]]["settled"]
            net = settled["net"] if settled else None
        else:
            nets = (hand["settled"] or {}).get("nets") or []
            net = nets[0]["net"] if nets else None
        if bet in box.get("down", []):
            shown = "down"
        elif net is None:
            shown = "riding"
        else:
            shown = "won" if net > 0 else "lost"
        results.append({"bet": bet, "amount": box["amount"], "state": shown, "net": net})
    return results


def _result(state: State) -> dict:
    by_box = {}
    won = {}
    for number in _order(state):
        box = state["boxes"][str(number)]
        bets = bet_results(box)
        net = sum(b["net"] or 0 for b in bets)
        by_box[str(number)] = {
            "owner": box["owner"],
            "cards": list(box["cards"]),
            "line": box["line"],
            "name": line_name(box["line"]),
            "pays": box["pays"],
            "amount": box["amount"],
            "bets": bets,
            "net": net,
        }
        won[str(box["owner"])] = net > 0
    return {
        "void": False,
        "community": list(state["community"] or []),
        "boxes": by_box,
        "won": won,
    }


def _advance(state: State) -> list[Event]:
    """Move the round on once nobody is awaited: the deal after the betting (or the end, if
    nobody bet), the first community card after decision 1, the second and the settlement after
    decision 2."""
    events: list[Event] = []
    if to_act(state):
        return events
    if state["phase"] == BETTING:
        if not state["boxes"]:
            state["phase"] = OVER
            state["over"] = True
            state["result"] = {"void": False, "community": [], "boxes": {}, "won": {}}
            events.append({"type": "hand_over", "result": state["result"]})
            return events
        events += _deal(state)
        return events
    if state["phase"] == FIRST:
        events.append(_open(state, 0))
        state["phase"] = SECOND
        state["decided"] = []
        return events
    if state["phase"] == SECOND:
        events.append(_open(state, 1))
        events += _settle(state)
    return events


# --- the engine --------------------------------------------------------------------------------


class LetItRide(house.BoxRound):
    """Let It Ride's hooks (module docstring). Players sit at any time and are dealt in from the
    next round (the GameEngine defaults for sitting and for starting rounds); a leave keeps the
    bets riding, his clock taking each bet decided on down (L10), and a void is the redeal of L7
    (``house.BoxRound``)."""

    game = GAME
    display_name = gettext_noop("Let It Ride")
    seats = SEATS
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")
    pay_tables = PAY_TABLES
    bet_fact = gettext_noop("Each bet")
    over_phase = OVER
    stages = {
        BETTING: gettext_noop("taking bets"),
        FIRST: gettext_noop("deciding on bet 1"),
        SECOND: gettext_noop("deciding on bet 2"),
    }

    example_configs = (
        {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000},
        # a low cap (every royal, straight flush and quads capped) and a limit on the house's
        # risk that refuses the largest bets once a few boxes are staked
        {"min_bet": 100, "max_bet": 1_000, "max_payout": 20_000, "max_exposure": 50_000},
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the round -------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players`` at a fresh deck shuffled for this round (L1)."""
        config = check_config(config)
        deck = pack_52()
        rng.shuffle(deck)
        side_bets = {kind: [config["min_bet"], config["max_bet"]] for kind in BET_KINDS.values()}
        return {
            **self.round_state(config, players, carry, side_bets),
            "deck": deck,
            "dealt": 0,  # the cards of the deck dealt (to the boxes, then the community)
            "decided": [],  # box owners who decided on the current bet
            "community": None,
            "opened": 0,  # community cards open
        }

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        state = _copy(state, "boxes", "done", "decided", "pots", "escrowed")
        events: list[Event] = []
        kind = checked["type"]
        if kind == "bet":
            events.append({"type": "bet", "seat": seat, "box": seat, "amount": checked["amount"]})
            _place(state, events, seat, checked["amount"])
            state["done"].append(seat)
        elif kind == "pass":
            events.append({"type": "pass", "seat": seat})
            state["done"].append(seat)
        else:
            events.append({"type": kind, "seat": seat, "box": seat, "bet": checked["bet"]})
            if kind == TAKE_DOWN:
                _take_down(state, events, seat, checked["bet"])
            state["decided"].append(seat)
        events += _advance(state)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """One decision a phase: the betting, bet 1, bet 2; another's decision never restarts a
        seat's clock."""
        return f"hand {state['hand_key']}: {state['phase']}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: the betting passes; a bet decided on is taken down (L10, 2026-11-29)."""
        if state["phase"] == BETTING:
            return {"type": "pass"}
        return {"type": TAKE_DOWN, "bet": _current_bet(state)}

    def clock_setting(self, state: State, seat: int) -> str:
        return "bet_seconds" if state["phase"] == BETTING else "action_seconds"

    def commitment(self, state: State) -> Commitment:
        """The round's deck, shuffled for it alone (L1)."""
        return Commitment("hand", ",".join(state["deck"]))

    # --- what each may see -------------------------------------------------------------------

    def _shown(self, state: State) -> bool:
        """The boxes' cards are everyone's once the hands are shown at the settlement."""
        return state["over"] and not (state["result"] or {}).get("void")

    def view(self, state: State, seat: int | None) -> dict:
        """Public: every bet and what became of it, the community cards opened, and once the
        hands are shown every box's cards, its line and its nets. A seat also gets its own three
        cards while they are its own, its legal actions and its bet's range."""
        waiting = to_act(state)
        shown = self._shown(state)
        current = _current_bet(state)
        box_views = []
        for number in _order(state):
            box = state["boxes"][str(number)]
            box_views.append(
                {
                    "number": number,
                    "owner": box["owner"],
                    "amount": box["amount"],
                    "bets": bet_results(box),
                    "dealt": "cards" in box,
                    "cards": list(box["cards"]) if shown and "cards" in box else None,
                    "line": box.get("line") if shown else None,
                    "name": line_name(box["line"]) if shown else None,
                    "pays": box.get("pays") if shown else None,
                    "deciding": box["owner"] in waiting and current is not None,
                }
            )
        seats = {}
        for p in state["dealt_in"]:
            box = _box_of(state, p)
            seats[str(p)] = {
                "deciding": p in waiting,
                "bet": box["amount"] if box else None,
                "passed": p in state["done"] and box is None,
                "left": p not in state["players"],
            }
        community = state["community"] or []
        limits = state["limits"]
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "seats": seats,
            "boxes": box_views,
            "community": [c if i < state["opened"] else None for i, c in enumerate(community)],
            "community_dealt": bool(community),
            "deciding_bet": current,
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
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
            own = _box_of(state, seat)
            mine = own is not None and "cards" in own and not shown
            public["cards"] = list(own["cards"]) if mine else None
            public["legal"] = legal_actions(state, seat)
            betting = state["phase"] == BETTING and seat in waiting
            room = _room(state) if betting else 0
            public["bet_range"] = (
                [limits["min_bet"], room] if betting and room >= limits["min_bet"] else None
            )
        return public

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each box's three cards are its owner's until the hands are shown (§35, §37)."""
        if self._shown(state):
            return {}
        return {b["owner"]: list(b["cards"]) for b in state["boxes"].values() if "cards" in b}

    def hidden_cards(self, state: State) -> list[str]:
        """The community cards not opened yet (L4)."""
        community = state["community"] or []
        return list(community[state["opened"] :])

    def undealt(self, state: State) -> list[str]:
        return list(state["deck"][state["dealt"] :])

    def all_cards(self, state: State) -> list[str]:
        return list(state["deck"])

    # --- the session (the house's exposure, the leave, the void, the summary: BoxRound) -----

    def sit_minimum(self, config: dict) -> int:
        """Three bets of the minimum."""
        return 3 * int(config["min_bet"])

    def leave_round(self, state: State, seat: int, reason: str):
        state = _copy(state, "players", "done", "decided", "boxes", "pots", "escrowed")
        state["players"].remove(seat)
        events: list[Event] = [{"type": reason, "seat": seat}]
        events += _advance(state)
        return state, events


ENGINE = base.register(LetItRide())
