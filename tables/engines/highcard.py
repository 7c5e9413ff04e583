"""High card: our own test game, not a casino game of the rulebook (no § applies). It exists to
exercise every feature of the table platform (issues 12 and 31) with up to six seats and seven
boxes, while being a real house-banked game a table can run:

- every seat dealt in pays the ante into the main pot when the hand starts;
- **the betting window**: every seat decides at once, each on its own clock (``bet_seconds``).
  "Bet" puts a stake on the seat's own box (the box of its number, else the first free one) and
  ends its betting, as a one-box player wants. A player may also stake boxes one by one (up to
  ``boxes_per_player``, one of them dark where ``dark_boxes_per_player`` allows: its card is
  dealt face down and stays hidden from its owner too until the dealer turns his), bet behind
  another player's box where ``bets_behind`` allows, and put a "same rank" side bet on a box he
  has a stake on where the table offers it (``side_bets: {"same": [low, high]}``); then
  "done" (or his clock) ends his betting. A box's stakes together are within
  ``min_bet..max_bet``; a stake that would let the house risk more than ``max_exposure`` on
  the round is refused. While deciding a seat may tip another seat (seat to seat);
- **the deal**, once every seat has decided: the dealer's card first, face down, then one card
  face up to each box in the layout's order (a dark box's face down);
- **card changes**, where the table offers them (``switch``): each open box's owner, box by
  box on his own clock (``action_seconds``), keeps the card or changes it once for a fee of
  half his own stake on the box (rounded up, into a pot of the hand: a void returns it);
- **the settlement**: the dealer turns his card. A box of a higher rank (suits ignored, aces
  high) wins 1:1 from the house bank, a lower one loses; equal ranks roll a die drawn mid-hand
  (4-6 the box wins, 1-3 the house), or go to the house where the table says so (``ties:
  "house"``, required with card changes: a change bought after seeing one's card would
  otherwise give the player the edge). A same-rank side bet pays 11:1 when the box's rank is
  the dealer's, else loses. Every staker of a box is paid in proportion to his stake; a box's
  winnings in a round are at most ``max_payout`` (winnings above it are not paid);
- the ante pot goes to the owners of the box(es) with the highest card, split evenly with the
  remainder to the first (the casino's split rule), or to the house's commission if nobody bet;
- leaving (or staying away) with nothing staked folds: the ante stays in the pot and the seat
  is never paid in that hand again. Leaving with a stake working keeps the seat until the hand
  settles it; the player's decisions are taken by his clock;
- the shoe's commitment covers the whole shoe and is revealed at the end of the hand in which
  the cut card came out; the next hand opens a new shoe.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    Payment,
    State,
    copy_json,
    gettext_noop,
    pay,
    pot,
    seat,
)
from tables.engines.cards import Shoe, rank_value, shoe_record
from tables.families.house import bank as house
from tables.families.house import boxes

GAME = "highcard"
SEATS = (1, 6)
DECKS = (1, 8)
PENETRATION = (0.5, 0.9)
MAX_BOXES = 7  # the layout: a box for each seat and one more
MAX_BOXES_PER_PLAYER = 3
DEFAULTS = {
    "ante": 0,
    "decks": 2,
    "penetration": 0.75,
    "boxes": MAX_BOXES,
    "switch": False,
    "ties": "die",
}
TIE_DIE_WINS_FROM = 4  # on equal ranks a die of 4, 5 or 6 wins for the box, 1-3 for the house
SAME = "same"  # the side bet on the box's rank being the dealer's
SAME_RANK_PAYS = Fraction(11)  # 11:1
SWITCH = "switch"  # the fee's kind
PAY_TABLES = {boxes.MAIN: Fraction(1), SAME: SAME_RANK_PAYS}  # the best line of each bet
BETTING, PLAYING, OVER = "betting", "playing", "over"
# Where a void sends the ante of a seat that has left: the player is gone, so the seat (possibly
# someone else's by then) must not be paid; the house holds it for the cashier to give back.
UNCLAIMED = base.house("unclaimed")


def split_evenly(amount: int, shares: int) -> list[int]:
    """The casino's split rule (casino/money.py ``split_amount`` with equal weights, copied
    because engines import nothing from the casino app): each share rounded down, the remainder
    to the first share, so the parts add up to ``amount`` exactly."""
    parts = [amount // shares] * shares
    parts[0] += amount - sum(parts)
    return parts


# --- config ------------------------------------------------------------------------------------


def cards_a_hand_may_take(config: dict) -> int:
    """The dealer's card and one for every box, twice for a box whose card is changed."""
    return 1 + config["boxes"] * (2 if config["switch"] else 1)


def _whole_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _penetration(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    house-banked settings every such game shares (``house.check_house_config``), then this
    game's. Keys this game does not know (the actor's clock settings) pass through untouched."""
    checked = house.check_house_config(config, DEFAULTS)
    if not _whole_number(checked["ante"]) or checked["ante"] < 0:
        raise IllegalAction(gettext_noop("The ante is a whole number of minor units, 0 or more."))
    decks = checked["decks"]
    if not _whole_number(decks) or not DECKS[0] <= decks <= DECKS[1]:
        raise IllegalAction(
            gettext_noop("The shoe holds %(low)s to %(high)s decks."), low=DECKS[0], high=DECKS[1]
        )
    penetration = _penetration(checked["penetration"])
    if penetration is None or not PENETRATION[0] <= penetration <= PENETRATION[1]:
        raise IllegalAction(
            gettext_noop(
                "The penetration (the share of the shoe dealt before the cut card) is from "
                "%(low)s to %(high)s."
            ),
            low=PENETRATION[0],
            high=PENETRATION[1],
        )
    checked["penetration"] = penetration
    if not SEATS[1] <= checked["boxes"] <= MAX_BOXES:
        raise IllegalAction(
            gettext_noop("The layout has %(low)s to %(high)s boxes."), low=SEATS[1], high=MAX_BOXES
        )
    if checked["boxes_per_player"] > MAX_BOXES_PER_PLAYER:
        raise IllegalAction(
            gettext_noop("A player may play at most %(count)s boxes here."),
            count=MAX_BOXES_PER_PLAYER,
        )
    if checked["dark_boxes_per_player"] > 1:
        raise IllegalAction(gettext_noop("A player may play at most one dark box here."))
    if set(checked["side_bets"]) - {SAME}:
        raise IllegalAction(gettext_noop("The only side bet here is the same rank (same)."))
    if not isinstance(checked["switch"], bool):
        raise IllegalAction(gettext_noop("Card changes (switch) are offered or not."))
    if checked["ties"] not in ("die", "house"):
        raise IllegalAction(
            gettext_noop('Ties (ties) are settled by a die ("die") or go to the house ("house").')
        )
    behind_the_cut = decks * 52 - int(decks * 52 * penetration) + 1
    if behind_the_cut < cards_a_hand_may_take(checked):
        raise IllegalAction(
            gettext_noop(
                "The cut card leaves %(left)s cards for the last hand, which may take "
                "%(needed)s: cut the shoe less deep or play fewer boxes."
            ),
            left=behind_the_cut,
            needed=cards_a_hand_may_take(checked),
        )
    if checked["switch"] and checked["ties"] != "house":
        raise IllegalAction(
            gettext_noop(
                'Card changes need ties to go to the house (ties: "house"): else a change '
                "bought after seeing one's card gives the player the edge."
            )
        )
    return checked


# --- state helpers -----------------------------------------------------------------------------


def _copy(state: State, *changing: str) -> State:
    """A new state sharing every value with ``state`` but the ``changing`` ones, copied: an
    action copies only what it changes, never the shoe, which is replaced whole when cards are
    dealt (a deep copy of every action's state was most of its cost, issue 31)."""
    state = dict(state)
    for key in changing:
        value = state[key]
        if key == "boxes":  # a new dict of the same boxes: a box is copied before it changes
            state[key] = dict(value)
        elif isinstance(value, list):
            state[key] = list(value)
        else:
            # two levels are all there are: dicts of amounts and the escrow's pots of payers
            state[key] = {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
    return state


def _changing_box(state: State, box: int) -> None:
    """Copy one box before a change (the box functions change a box in place, at any depth),
    the others staying shared with the state before."""
    if str(box) in state["boxes"]:
        state["boxes"][str(box)] = copy_json(state["boxes"][str(box)])


def _changing_boxes(state: State) -> None:
    state["boxes"] = copy_json(state["boxes"])


def _order(state: State) -> list[int]:
    """The boxes played, in the layout's order (the order of the deal and of the decisions)."""
    return sorted(int(n) for n in state["boxes"])


def _open_undecided(state: State, position: int) -> list[int]:
    """The seat's open boxes still to decide on (card changes), in order."""
    return [
        n
        for n in _order(state)
        if (b := state["boxes"][str(n)])["owner"] == position
        and b["kind"] == boxes.OPEN
        and n not in state["decided"]
    ]


def to_act(state: State) -> list[int]:
    """Betting: every dealt-in seat still in the hand that has not said it is done, all at the
    same time. Card changes: every owner of an open box not yet decided, all at the same time,
    each box by box."""
    if state["over"]:
        return []
    if state["phase"] == BETTING:
        return [p for p in state["players"] if p not in state["done"]]
    if state["phase"] == PLAYING:
        return sorted(
            {
                b["owner"]
                for n, b in state["boxes"].items()
                if int(n) not in state["decided"] and b["kind"] == boxes.OPEN
            }
        )
    return []


def _current_box(state: State, position: int) -> int | None:
    undecided = _open_undecided(state, position)
    return undecided[0] if undecided else None


def _own_box(state: State, position: int) -> int | None:
    """Where a plain "bet" goes: the seat's first box, else the box of its number if free, else
    the first free box."""
    owned = boxes.boxes_of(state, position)
    if owned:
        return owned[0]
    free = [n for n in range(state["limits"]["boxes"]) if str(n) not in state["boxes"]]
    if not free:
        return None
    return position if position in free else free[0]


def _stake_room(state: State, position: int, box: int, kind: str, dark: bool = False) -> int:
    """The most the seat may stake on ``kind`` of ``box`` now: the box's limit (``max_bet`` for
    its stakes together, the side bet's high) and the room ``max_exposure`` leaves."""
    limits = state["limits"]
    box_state = state["boxes"].get(str(box))
    if kind == boxes.MAIN:
        high = limits["max_bet"] - (boxes.box_total(box_state) if box_state else 0)
    else:
        low_high = limits["side_bets"][kind]
        placed = next(
            (s["amount"] for s in box_state["side"] if s["seat"] == position and s["kind"] == kind),
            0,
        )
        high = low_high[1] - placed
    if high <= 0:
        return 0
    return house.room_for(
        state, PAY_TABLES, limits, box=box, position=position, kind=kind, dark=dark, up_to=high
    )


def _validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it and ``apply``
    refuses what does not. Returns the action's meaningful fields; the box functions refuse
    what breaks the box limits (each with its sentence) before any money moves."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["dealt_in"]:
        raise IllegalAction(gettext_noop("You are not dealt in this hand."))
    kind = action.get("type")
    if state["phase"] == PLAYING:
        current = _current_box(state, position)
        if current is None:
            raise IllegalAction(gettext_noop("You have no card to decide on now."))
        if kind not in ("stand", SWITCH):
            raise IllegalAction(gettext_noop("Keep your card or change it."))
        box = action.get("box", current)
        if box != current:
            raise IllegalAction(
                gettext_noop("Decide on your boxes in order: box %(box)s first."), box=current + 1
            )
        return {"type": kind, "box": current}
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
    limits = state["limits"]
    if kind == "pass":
        return {"type": "pass"}
    if kind in ("bet", "behind", "side"):
        amount = action.get("amount")
        box = action.get("box")
        if kind == "bet" and box is None:
            if boxes.boxes_of(state, position):
                raise IllegalAction(
                    gettext_noop("Your box is staked: add to a box by its number, or say done.")
                )
            box = _own_box(state, position)
            if box is None:
                raise IllegalAction(gettext_noop("Every box is taken."))
            plain = True
        else:
            plain = False
        if not _whole_number(box) or not 0 <= box < limits["boxes"]:
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        dark = action.get("dark") is True and kind == "bet"
        if kind == "side" and SAME not in limits["side_bets"]:
            raise IllegalAction(gettext_noop("This table offers no side bet."))
        if kind == "side" and any(
            side["seat"] == position
            for side in (state["boxes"].get(str(box)) or {}).get("side", [])
        ):
            raise IllegalAction(gettext_noop("You have a same-rank bet on this box already."))
        if not _whole_number(amount):
            raise IllegalAction(gettext_noop("A stake is a whole amount."))
        # the box's own rules (its owner, its limits) are the box functions', judged in
        # ``apply`` before any money moves; then the house's risk (``_refuse_over_exposure``)
        return {
            "type": kind,
            "box": box,
            "amount": amount,
            "dark": dark,
            "plain": plain,
            "stake_kind": SAME if kind == "side" else boxes.MAIN,
        }
    if kind == "tip":
        to, amount = action.get("to"), action.get("amount")
        if not _whole_number(to) or to == position or to not in state["players"]:
            raise IllegalAction(gettext_noop("Tip another player dealt in this hand."))
        if not _whole_number(amount) or not 1 <= amount <= limits["max_bet"]:
            raise IllegalAction(
                gettext_noop("A tip is from %(low)s to %(max_bet)s."),
                low=1,
                max_bet=limits["max_bet"],
            )
        return {"type": "tip", "to": to, "amount": amount}
    raise IllegalAction(gettext_noop("Unknown action."))


def _refuse_over_exposure(state: State, position: int, checked: dict) -> None:
    """A stake the box rules took is refused if the house would risk more than
    ``max_exposure`` on the round with it (``state``: the round before the stake)."""
    house.refuse_over_exposure(
        state,
        PAY_TABLES,
        state["limits"],
        box=checked["box"],
        position=position,
        amount=checked["amount"],
        kind=checked["stake_kind"],
        dark=checked["dark"],
    )


def _ranges(state: State, position: int) -> dict:
    """The seat's amounts now, each [low, high] or absent: ``bet`` on its own box (a plain bet),
    ``box`` per other box it may stake ({box: [low, high]}, its own or a new one),
    ``behind`` ({box: [...]}) and ``side`` ({box: [...]})."""
    limits = state["limits"]
    low = limits["min_bet"]
    unit = limits["min_unit"]
    found: dict = {"boxes": {}, "dark": {}, "behind": {}, "side": {}}
    owned = boxes.boxes_of(state, position)
    own = _own_box(state, position)
    new_allowed = _may_own(state, position, dark=False)
    dark_allowed = _may_own(state, position, dark=True)
    empty = [n for n in range(limits["boxes"]) if str(n) not in state["boxes"]]
    # an empty box adds the same to the house's risk whichever it is, open or dark
    new_room = _stake_room(state, position, empty[0], boxes.MAIN) if empty else 0
    for n in range(limits["boxes"]):
        box_state = state["boxes"].get(str(n))
        if box_state is None:
            if new_room >= low:
                if new_allowed:
                    found["boxes"][n] = [low, new_room]
                if dark_allowed:
                    found["dark"][n] = [low, new_room]
            continue
        mine = box_state["owner"] == position
        if mine or limits["bets_behind"]:
            high = _stake_room(state, position, n, boxes.MAIN)
            if high >= unit:
                (found["boxes"] if mine else found["behind"])[n] = [unit, high]
        if (
            SAME in limits["side_bets"]
            and any(s["seat"] == position for s in box_state["stakes"])
            and not any(s["seat"] == position for s in box_state["side"])
        ):
            side_low = limits["side_bets"][SAME][0]
            high = _stake_room(state, position, n, SAME)
            if high >= side_low:
                found["side"][n] = [side_low, high]
    if own is not None and not owned:
        found["bet"] = found["boxes"].get(own)
    return found


def _may_own(state: State, position: int, *, dark: bool) -> bool:
    trial = {"boxes": state["boxes"]}
    try:
        boxes._check_new_box(trial, boxes.limits_of(state["limits"]), position, dark)
    except IllegalAction:
        return False
    return True


def legal_actions(state: State, position: int, ranges: dict | None = None) -> list[dict]:
    """What the seat may do now. Amounts are ranges (the view's ``ranges``); the list names
    each range's two ends, every whole amount between them is legal as well."""
    if state["over"] or position not in to_act(state):
        return []
    if state["phase"] == PLAYING:
        box = _current_box(state, position)
        return [{"type": "stand", "box": box}, {"type": SWITCH, "box": box}]
    found = ranges if ranges is not None else _ranges(state, position)
    actions: list[dict] = []
    if found.get("bet"):
        actions += [{"type": "bet", "amount": a} for a in sorted(set(found["bet"]))]
    for key, extra in (("boxes", {}), ("dark", {"dark": True})):
        for n, (low, high) in found[key].items():
            actions += [
                {"type": "bet", "box": n, "amount": a, **extra} for a in sorted({low, high})
            ]
    for key in ("behind", "side"):
        for n, (low, high) in found[key].items():
            actions += [{"type": key, "box": n, "amount": a} for a in sorted({low, high})]
    actions.append({"type": "pass"})
    high = state["limits"]["max_bet"]
    for other in state["players"]:
        if other != position:
            actions += [{"type": "tip", "to": other, "amount": n} for n in sorted({1, high})]
    return actions


# --- the deal and the settlement ---------------------------------------------------------------


def _deal(state: State) -> list[Event]:
    """Every seat has decided: the dealer's card first, face down, then a card to each box in
    the layout's order. Card changes follow where offered, else the settlement."""
    shoe = Shoe.from_dict(state["shoe"])
    state["dealer"] = {"card": shoe.deal(), "shown": False}
    for n in _order(state):
        state["boxes"][str(n)]["card"] = shoe.deal()
    state["shoe"] = shoe.to_dict()
    events: list[Event] = [
        {
            "type": "deal",
            "boxes": {
                str(n): state["boxes"][str(n)]["card"]
                for n in _order(state)
                if state["boxes"][str(n)]["kind"] == boxes.OPEN
            },
        }
    ]
    state["phase"] = PLAYING
    if not state["switch"] or not to_act(state):
        state["decided"] = _order(state)
    return events


def _switch(state: State, events: list[Event], position: int, box: int) -> None:
    """The owner changes the box's card once for a fee of half his own stake, rounded up; the
    card given up is shown and goes to the discard."""
    box_state = state["boxes"][str(box)]
    own = next(s["amount"] for s in box_state["stakes"] if s["seat"] == position)
    house.pay_fee(state, events, position, -(-own // 2), SWITCH)
    shoe = Shoe.from_dict(state["shoe"])
    old = box_state["card"]
    shoe.discard_cards([old])
    box_state["card"] = shoe.deal()
    box_state["old_card"] = old
    state["shoe"] = shoe.to_dict()
    events.append(
        {"type": SWITCH, "seat": position, "box": box, "old": old, "card": box_state["card"]}
    )


def _settle(state: State, rng: Draws) -> list[Event]:
    """Every decision is made: the dealer turns his card, every box and side bet is paid, the
    ante pot goes to the best card(s), the fees to the bank, the cards to the discard."""
    events: list[Event] = []
    limits = state["limits"]
    ante_pot = state["pots"].get(pot(), 0)
    if state["boxes"]:
        state["dealer"] = dict(state["dealer"], shown=True)
        dealer_card = state["dealer"]["card"]
        dealer_rank = rank_value(dealer_card)
        events.append({"type": "dealer", "card": dealer_card})
        for n in _order(state):
            box_state = state["boxes"][str(n)]
            card_rank = rank_value(box_state["card"])
            if card_rank == dealer_rank and state["ties"] == "die":
                die = rng.randint(1, 6)  # drawn mid-hand: recorded by the actor for the replay
                box_state["die"] = die
                events.append({"type": "roll", "box": n, "die": die})
                won = die >= TIE_DIE_WINS_FROM
            else:
                won = card_rank > dealer_rank
            box_state["beat_dealer"] = won  # ("won" is the cap's running total, boxes.cap)
            boxes.settle_box(
                state,
                events,
                n,
                1 if won else "lose",
                max_payout=limits["max_payout"],
                reason="box",
            )
            if box_state["side"]:  # every staker's together: the cap is shared, not raced
                ratio = SAME_RANK_PAYS if card_rank == dealer_rank else "lose"
                boxes.settle_side(state, events, n, SAME, ratio, max_payout=limits["max_payout"])
        shoe = Shoe.from_dict(state["shoe"])
        shoe.discard_cards([*(state["boxes"][str(n)]["card"] for n in _order(state)), dealer_card])
        state["shoe"] = shoe.to_dict()
        if ante_pot:
            best = max(rank_value(state["boxes"][str(n)]["card"]) for n in _order(state))
            winners = []
            for n in _order(state):
                owner = state["boxes"][str(n)]["owner"]
                if rank_value(state["boxes"][str(n)]["card"]) == best and owner not in winners:
                    winners.append(owner)
            for position, share in zip(winners, split_evenly(ante_pot, len(winners)), strict=True):
                if share:
                    pay(state, events, pot(), seat(position), share, "ante pot won")
            state["ante_winners"] = winners
    elif ante_pot:
        pay(state, events, pot(), base.house("commission"), ante_pot, "ante pot, nobody bet")
    house.fees_to_bank(state, events)
    state["phase"] = OVER
    state["over"] = True
    state["escrowed"] = {}  # every pot is paid out: nothing is left for a void to return
    state["result"] = _result(state)
    events.append({"type": "hand_over", "result": state["result"]})
    return events


def _nets(box_state: dict) -> dict[int, int]:
    nets: dict[int, int] = {}
    for hand in box_state["hands"]:
        for entry in (hand["settled"] or {}).get("nets", []):
            nets[entry["seat"]] = nets.get(entry["seat"], 0) + entry["net"]
    for side in box_state["side"]:
        if side["settled"] is not None:
            nets[side["seat"]] = nets.get(side["seat"], 0) + side["settled"]["net"]
    return nets


def _result(state: State) -> dict:
    """The hand's result: each box (owner, card, won, every staker's net) and, per seat that
    owned a box, whether its first box won (``won``: what a one-box player reads)."""
    by_box = {}
    won: dict[str, bool] = {}
    for n in _order(state):
        box_state = state["boxes"][str(n)]
        by_box[str(n)] = {
            "owner": box_state["owner"],
            "kind": box_state["kind"],
            "card": box_state["card"],
            "won": box_state["beat_dealer"],
            "die": box_state.get("die"),
            "nets": {str(k): v for k, v in sorted(_nets(box_state).items())},
        }
        won.setdefault(str(box_state["owner"]), box_state["beat_dealer"])
    return {
        "void": False,
        "won": won,
        "boxes": by_box,
        "ante_winners": list(state["ante_winners"]),
        "dealer_card": (state["dealer"] or {}).get("card"),
    }


def _advance(state: State, rng: Draws | None) -> list[Event]:
    """Move the hand on once nobody is awaited: deal after the betting, settle after the
    decisions (both may follow one another in one step)."""
    events: list[Event] = []
    rng = rng if rng is not None else Draws()
    if not to_act(state):  # the deal or the settlement changes every box
        _changing_boxes(state)
    if state["phase"] == BETTING and not to_act(state):
        if state["boxes"]:
            events += _deal(state)
        else:
            state["phase"] = PLAYING
    if state["phase"] == PLAYING and not to_act(state):
        events += _settle(state, rng)
    return events


# --- the engine --------------------------------------------------------------------------------


class HighCard(GameEngine):
    """High card's hooks (module docstring). Players sit at any time and are dealt in from the
    next hand (the GameEngine defaults for sitting and for starting hands)."""

    game = GAME
    display_name = gettext_noop("High card")
    seats = SEATS

    example_configs = (
        {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": 2},
        # one deck cut deep: a new shoe (and commitment) every few hands, and an ante of 0
        {"min_bet": 50, "max_bet": 50, "ante": 0, "decks": 1, "penetration": 0.9, "boxes": 6},
        # the house-banked table in full: three boxes a player, one of them dark, bets behind,
        # the same-rank side bet, card changes, a payout cap and a limit on the house's risk
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "ante": 10,
            "decks": 2,
            "boxes_per_player": 3,
            "dark_boxes_per_player": 1,
            "bets_behind": True,
            "side_bets": {SAME: [10, 200]},
            "switch": True,
            "ties": "house",
            "max_payout": 1_500,
            "max_exposure": 6_000,
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the shoe (and the session's count of hands).
        A new shoe is opened when there is none or the last one's cut card came out. A shoe
        carried over keeps its decks and penetration even if the settings changed: new
        settings take effect with the next shoe, as a dealer would not swap a shoe midway."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"high card deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        shoe_number = carry.get("shoe_number", 0)
        shoe = Shoe.from_dict(carry["shoe"]) if carry.get("shoe") else None
        new_shoe = shoe is None or shoe.cut_card_out
        if new_shoe:
            shoe = Shoe.new(config["decks"], rng, config["penetration"])
            shoe_number += 1
        # check_config keeps enough cards behind the cut card for the most a hand can take
        if shoe.remaining < cards_a_hand_may_take(config):
            raise RuntimeError("the cut card leaves too few cards for a hand")
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        state: State = {
            "game": GAME,
            # the escrow's name: the actor's number of the hand when it gives one, otherwise
            # this session's count of hands
            "hand_key": hand_number if _whole_number(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "shoe_number": shoe_number,
            "new_shoe": new_shoe,
            "shoe": shoe.to_dict(),
            "ante": config["ante"],
            "limits": house.box_limits(config),
            "switch": config["switch"],
            "ties": config["ties"],
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the hand
            "folded": [],  # seats that left or stayed away: out of the hand
            "done": [],  # seats whose betting is over
            "phase": BETTING,
            "boxes": {},
            "decided": [],  # boxes whose card is final (kept or changed)
            "dealer": None,
            "tipped": False,
            "ante_winners": [],
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }
        # The antes are paid as the hand starts: the pot holds them already, and
        # ``start_events`` names the same payments for the actor to book.
        for payment in self._antes(state):
            pay(state, [], payment["source"], payment["target"], payment["amount"], "ante")
        return state

    def _antes(self, state: State) -> list[Event]:
        return [
            Payment(seat(position), pot(), state["ante"], "ante").as_event()
            for position in state["dealt_in"]
            if state["ante"]
        ]

    def start_events(self, state: State) -> list[Event]:
        return [
            {
                "type": "hand_started",
                "players": list(state["dealt_in"]),
                "shoe": state["shoe_number"],
                "new_shoe": state["new_shoe"],
            },
            *self._antes(state),
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        before = state
        state = _copy(state, "boxes", "done", "decided", "pots", "escrowed")
        events: list[Event] = []
        kind = checked["type"]
        limits = state["limits"]
        if kind in ("bet", "behind", "side", SWITCH):
            _changing_box(state, checked["box"])
        # a refused stake raises before any change to the copy, and the copy is dropped
        if kind in ("bet", "behind"):
            boxes.place(
                state,
                events,
                limits,
                checked["box"],
                seat,
                checked["amount"],
                behind=kind == "behind",
                dark=checked["dark"],
            )
            events.insert(
                0,
                {
                    "type": kind,
                    "seat": seat,
                    "box": checked["box"],
                    "amount": checked["amount"],
                    "dark": checked["dark"],
                },
            )
            _refuse_over_exposure(before, seat, checked)
            if checked["plain"]:
                state["done"].append(seat)
        elif kind == "side":
            boxes.place_side(state, events, limits, checked["box"], seat, SAME, checked["amount"])
            _refuse_over_exposure(before, seat, checked)
            events.insert(
                0,
                {"type": "side", "seat": seat, "box": checked["box"], "amount": checked["amount"]},
            )
        elif kind == "pass":
            state["done"].append(seat)
            events.append({"type": "pass", "seat": seat})
        elif kind == "tip":
            state["tipped"] = True
            events.append({"type": "tip", "seat": seat, "to": checked["to"]})
            pay(state, events, base.seat(seat), base.seat(checked["to"]), checked["amount"], "tip")
        else:  # a decision on a box's card
            if kind == SWITCH:
                _switch(state, events, seat, checked["box"])
            else:
                events.append({"type": "stand", "seat": seat, "box": checked["box"]})
            state["decided"].append(checked["box"])
        events += _advance(state, rng)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """Betting: a seat has one decision per hand, so its clock runs from the deal until it
        is done: other seats' actions do not restart it, and neither do its own bets and tips
        (else a player could hold the table forever by tipping just before the clock ran out).
        Card changes: one decision per box, so a player of several boxes has a clock for each."""
        if state["phase"] == PLAYING:
            return f"hand {state['hand_key']}: box {_current_box(state, seat)}"
        return f"hand {state['hand_key']}: bet or pass"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: betting ends with what is staked; a card is kept."""
        if state["phase"] == PLAYING:
            return {"type": "stand", "box": _current_box(state, seat)}
        return {"type": "pass"}

    # the bets are timed by the table's bet clock, a card change by its action clock
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    def clock_setting(self, state: State, seat: int) -> str:
        return "action_seconds" if state["phase"] == PLAYING else "bet_seconds"

    def carry_over(self, state: State) -> dict:
        """The shoe goes on to the next hand, whatever happened in this one (a void too: the
        cards of a voided hand go to the discard)."""
        shoe = state["shoe"]
        if shoe.get("in_play"):
            shoe = dict(shoe, in_play=[])
        return {
            "shoe": copy_json(shoe),
            "shoe_number": state["shoe_number"],
            "hands_dealt": state["hands_dealt"],
        }

    def commitment(self, state: State) -> Commitment:
        # The shoe is never reshuffled: its order is the one it had when it was opened.
        return Commitment(f"shoe:{state['shoe_number']}", shoe_record(state["shoe"]))

    def commitment_finished(self, state: State) -> bool:
        return self.is_hand_over(state) and Shoe.from_dict(state["shoe"]).cut_card_out

    # --- what each may see -------------------------------------------------------------------

    def _shown_card(self, state: State, box_state: dict) -> str | None:
        """A box's card as the table sees it: a dark box's only once the dealer turns his."""
        card = box_state.get("card")
        if card is None or (box_state["kind"] == boxes.DARK and not state["over"]):
            return None
        return card

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public but the shoe's order, the dealer's card until he turns it and a
        dark box's card until then: bets once made, open boxes' cards once dealt. A seat also
        gets its legal actions and the ranges of its amounts."""
        waiting = to_act(state)
        shoe = Shoe.from_dict(state["shoe"])
        box_views = []
        by_owner: dict[int, list[dict]] = {}
        for n in _order(state):
            box_state = state["boxes"][str(n)]
            shown = {
                "number": n,
                "owner": box_state["owner"],
                "kind": box_state["kind"],
                "stakes": [dict(s) for s in box_state["stakes"]],
                "total": boxes.box_total(box_state),
                "side": [
                    {
                        "seat": s["seat"],
                        "amount": s["amount"],
                        "net": (s["settled"] or {}).get("net"),
                    }
                    for s in box_state["side"]
                ],
                "dealt": "card" in box_state,
                "card": self._shown_card(state, box_state),
                "old_card": box_state.get("old_card"),
                "deciding": state["phase"] == PLAYING
                and n == _current_box(state, box_state["owner"])
                and box_state["owner"] in waiting,
                "die": box_state.get("die"),
                "won": box_state.get("beat_dealer") if state["over"] else None,
                "nets": {str(k): v for k, v in _nets(box_state).items()} if state["over"] else {},
            }
            box_views.append(shown)
            by_owner.setdefault(box_state["owner"], []).append(shown)
        seats = {}
        for p in state["dealt_in"]:
            first = (by_owner.get(p) or [None])[0]
            staked = sum(
                s["amount"] for b in state["boxes"].values() for s in b["stakes"] if s["seat"] == p
            )
            seats[str(p)] = {
                "deciding": p in waiting,
                "bet": staked or None,
                "passed": p in state["done"] and not staked,
                "folded": p in state["folded"],
                "boxes": [b["number"] for b in by_owner.get(p, [])],
                "card": first["card"] if first else None,
                "die": first["die"] if first else None,
                "won": first["won"] if first else None,
            }
        dealer = state["dealer"]
        limits = state["limits"]
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "shoe": state["shoe_number"],
            "new_shoe": state["new_shoe"],
            "shoe_remaining": shoe.remaining,
            "cut_card_out": shoe.cut_card_out,
            "phase": state["phase"],
            "ante": state["ante"],
            "pot": state["pots"].get(pot(), 0),
            "seats": seats,
            "boxes": box_views,
            "layout": limits["boxes"],
            "dealer": {
                "dealt": dealer is not None,
                "card": dealer["card"] if dealer and dealer["shown"] else None,
            },
            "dealer_card": dealer["card"] if dealer and dealer["shown"] else None,
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "side": list(limits["side_bets"].get(SAME) or []) or None,
                "same_rank_pays": str(SAME_RANK_PAYS),
                "switch": state["switch"],
                "ties": state["ties"],
                "boxes_per_player": limits["boxes_per_player"],
                "dark_boxes_per_player": limits["dark_boxes_per_player"],
                "bets_behind": limits["bets_behind"],
            },
            "exposure": self.exposure(state),
            "ante_winners": list(state["ante_winners"]),
            "to_act": waiting,
            "over": state["over"],
            "result": copy.deepcopy(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            deciding = seat in waiting
            betting = deciding and state["phase"] == BETTING
            ranges = _ranges(state, seat) if betting else {}
            public["legal"] = legal_actions(state, seat, ranges if betting else None)
            public["bet_range"] = ranges.get("bet") if betting else None
            public["ranges"] = ranges or None
            public["tip_range"] = [1, limits["max_bet"]] if betting else None
            public["my_box"] = (
                _current_box(state, seat) if deciding and state["phase"] == PLAYING else None
            )
        return public

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {}  # an open box's card is everyone's to see

    def hidden_cards(self, state: State) -> list[str]:
        """Until the dealer turns his card: his card and every dark box's."""
        if state["over"] or state["dealer"] is None:
            return []
        dark = [
            b["card"] for b in state["boxes"].values() if b["kind"] == boxes.DARK and "card" in b
        ]
        return [state["dealer"]["card"], *dark]

    def undealt(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).undealt

    def all_cards(self, state: State) -> list[str]:
        """The shoe's cards still to come, those in play and its discard."""
        shoe = Shoe.from_dict(state["shoe"])
        return [*shoe.undealt, *shoe.in_play, *shoe.discard]

    # --- the house ---------------------------------------------------------------------------

    def exposure(self, state: State | None) -> int | None:
        """The most the house can still pay on the round as it stands (the pit tile's figure):
        every stake not yet settled at its best line, a box's within ``max_payout``."""
        if not self.in_play(state):
            return 0 if state else None
        return house.exposure(state, PAY_TABLES, state["limits"]["max_payout"])

    def round_without_bets(self, state: State) -> bool:
        """Nothing at all was staked in the hand: no box, no ante, no tip, so the round leaves no
        hand in the history."""
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not state["ante"]
            and not state["tipped"]
            and not (state.get("result") or {}).get("void")
        )

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for the ante and the smallest bet of one hand."""
        return int(config.get("ante", 0)) + int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat with a stake working (its box, a bet behind, a side bet) keeps it after its
        player leaves: the seat stays his until the hand settles it (issue 31: leaving with money
        working)."""
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working costs nothing now: it plays on and is settled with the
        hand (``holds_bets``), the player's decisions taken by his clock. Leaving with nothing
        staked folds (``_fold``). The player is gone, so a void must not return the ante to the
        seat (someone else may sit there): the house holds it for him."""
        if not self.in_play(state) or seat not in state["dealt_in"]:
            return None
        if self.holds_bets(state, seat):
            return None
        if seat in state["players"]:
            state, events = self._fold(state, seat, "left", rng)
        else:  # folded already, while away
            state, events = _copy(state, "escrowed"), [{"type": "left", "seat": seat}]
        ante_payers = state["escrowed"].get(pot(), {})
        ante = ante_payers.pop(base.seat(seat), 0)
        if ante:
            ante_payers[UNCLAIMED] = ante_payers.get(UNCLAIMED, 0) + ante
        return state, events

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit mid-hand: with a stake working it plays on, his clock's
        choices made now (betting done, cards kept); with none, the same fold as leaving, but
        the player is still seated, so a void still returns the ante to the seat."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):  # his clock's choices now: done, cards kept
            return self._run_out(state, seat, "absent", rng)
        return self._fold(state, seat, "absent", rng)

    def _fold(self, state: State, position: int, reason: str, rng: Draws | None):
        """The seat, with nothing staked, leaves the hand's players so nothing is paid to it
        afterwards; its ante stays in the pot. If it was the last seat awaited, the hand moves
        on now (``rng``: a tie's die; without one the die is drawn unrecorded)."""
        # the hand may move on (a deal, a settlement): everything that changes then is copied
        state = _copy(state, "players", "folded", "done", "boxes", "decided", "pots", "escrowed")
        events: list[Event] = [{"type": reason, "seat": position}]
        state["players"].remove(position)
        state["folded"].append(position)
        events += _advance(state, rng)
        return state, events

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("ante"):
            facts.append([gettext_noop("Ante"), {"money": config["ante"]}])
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        # not who has decided: that changes with every bet, and the lobby need not hear it
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stage = (
            gettext_noop("taking bets")
            if state["phase"] == BETTING
            else gettext_noop("changing cards")
        )
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}


ENGINE = base.register(HighCard())
