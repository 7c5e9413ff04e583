"""Boxes of a house-banked table (issue 31, item 1): pure functions over plain JSON, no Django.

A box is a betting spot on the layout. It has an owner seat (who makes its decisions), the
stakes placed on it by seat (the owner's first, then bets behind in the order placed: CG §96,
§98), its hands (one, more after splits), a kind (``open``, or ``dark``: played without its
owner seeing the cards, CG §32, §40, §65) and side bets. An engine keeps its boxes in
``state["boxes"]`` keyed by the box's number as a string::

    {"3": {"owner": 2, "kind": "open",
           "stakes": [{"seat": 2, "amount": 100}, {"seat": 4, "amount": 50}],
           "hands": [{"id": 0, "stakes": [{"seat": 2, "amount": 100, "doubled": 0},
                                          {"seat": 4, "amount": 50, "doubled": 0}],
                      "settled": None}],
           "side": [{"seat": 2, "kind": "bonus", "amount": 10, "settled": None}],
           "won": 0, "next_hand": 1}}

``stakes`` are the bets as placed (what the box limits judge); each hand holds what every
staker has riding on it now (a double adds to it, a split makes a new hand). Orders are lists,
never dict keys: a JSON column may reorder keys, and the order decides who plays and who gets a
rounding remainder. A game may add keys of its own to a box or a hand (cards, totals): these
functions keep them. A stake settled on its own before its hand (``settle_stakes``: even money
taken by one staker of a shared box) carries its result, ``"settled": {"ratio", "net"}``.

Money: every stake sits in a pot of its own, so a void returns exactly what each paid in
(``base.apply_void`` reads ``state["escrowed"]``):
- ``pot("b<box>:s<seat>")``: the seat's stake on the box's first hand (hand id 0);
- ``pot("b<box>:s<seat>:h<id>")``: its stake on a hand made by a split;
- ``pot("b<box>:s<seat>:<kind>")``: its side bet of that kind (a bonus, insurance, a call bet).
Every change is a ``Payment`` appended through ``base.pay``, so ``state["pots"]`` and
``state["escrowed"]`` stay right. A pot that is settled leaves ``escrowed``: a box settled
mid-hand stays settled, a void returns only what is still in play.

Rounding (the casino's one rule, casino/money.py, docs/rules-decisions.md): each staker is paid
on his own stake as if he bet alone, computed exactly and rounded once toward zero to the minor
unit (a win rounded down, a part lost rounded down in the player's favour). So nothing is left
over to share out and a bet behind never changes what the owner gets. Only ``max_payout``
(CG §48) shares one capped sum among the stakers: ``cap`` says how.

Refusals a player can cause raise ``IllegalAction`` with a sentence; a call an engine should
never make (an unknown box, a hand settled twice) raises ``ValueError``.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from fractions import Fraction

from tables.engines.base import (
    Event,
    IllegalAction,
    State,
    gettext_noop,
    pay,
    pot,
    seat,
)

OPEN = "open"
DARK = "dark"
KINDS = (OPEN, DARK)
MAIN = "main"  # the kind of a hand's stake in pay tables (``house.exposure``)
# a side bet's kind: a short lowercase word, never one that reads as a hand's suffix (h1, h2...)
SIDE_KIND = re.compile(r"^(?!h\d+$)(?!main$)[a-z][a-z0-9_]{0,23}$")
# the limits these functions read, with the values they take when a key is missing
LIMIT_DEFAULTS = {
    "min_unit": 1,
    "boxes": None,
    "boxes_per_player": 1,
    "open_boxes_per_player": None,  # None: as many as boxes_per_player
    "dark_boxes_per_player": 0,
    "bets_behind": False,
    "side_bets": {},
}

_LIMIT_KEYS = LIMIT_DEFAULTS.keys()

SPLIT, STAY, MOVE = "split", "stay", "move"  # what a staker behind does when the owner splits


# --- names and small readers ---------------------------------------------------------------


def stake_pot(box: int, position: int, hand_id: int = 0) -> str:
    """The pot of a seat's stake on one hand of a box."""
    suffix = f":h{hand_id}" if hand_id else ""
    return pot(f"b{box}:s{position}{suffix}")


def side_pot(box: int, position: int, kind: str) -> str:
    """The pot of a seat's side bet of ``kind`` on a box."""
    return pot(f"b{box}:s{position}:{kind}")


def ratio_of(value) -> Fraction:
    """A payout ratio as an exact fraction of the stake won (X:1 is X; a push 0; a loss -1; a
    surrender -1/2). Takes a Fraction, an int, a Decimal or a string: ``"3:2"``, ``"1:1"``,
    ``"3/2"``, ``"push"``, ``"lose"``. Never a float: money is never a float here."""
    kind = type(value)
    if kind is str or kind is int or kind is Fraction:  # what settlements pass, asked first
        return _exact_ratio(value)
    if isinstance(value, bool | float):
        raise ValueError(f"a ratio is exact, not {value!r}")
    if not isinstance(value, str | int | Fraction | Decimal):
        raise ValueError(f"not a ratio: {value!r}")
    return _exact_ratio(value)


# Keyed by type too (``typed``): 1 and Decimal("1") are equal keys but not equal inputs. A
# settlement reads the same few ratios every hand, and parsing one was a tenth of a dice round
# (issue 50); a Fraction is immutable, so one may be shared.
@functools.lru_cache(maxsize=512, typed=True)
def _exact_ratio(value: str | int | Fraction | Decimal) -> Fraction:
    if isinstance(value, str):
        words = {"push": Fraction(0), "lose": Fraction(-1), "win": Fraction(1)}
        if value in words:
            result = words[value]
        elif ":" in value:
            won, _colon, stake = value.partition(":")
            result = Fraction(int(won), int(stake))
        else:
            result = Fraction(value)
    else:
        result = Fraction(value)
    if result < -1:
        raise ValueError("a bet cannot lose more than its stake")
    return result


def winnings(amount: int, ratio) -> int:
    """What a stake of ``amount`` wins (above 0) or loses (below 0) at ``ratio``: exact, then
    rounded once toward zero (the casino's rule: a payout down, a loss in the player's favour).
    In integers: a Fraction's product was most of a settlement's cost (issue 50)."""
    exact = ratio_of(ratio)
    product = amount * exact.numerator
    if product >= 0:
        return product // exact.denominator
    return -(-product // exact.denominator)


def limits_of(limits: dict | None) -> dict:
    """The box limits with a default for every key these functions read: ``limits`` itself
    when it has them all (an engine's limits from ``house.box_limits`` do; every stake asks
    this), else a new dict. Read it, never change it."""
    if limits is not None and limits.keys() >= _LIMIT_KEYS:
        return limits
    return {**LIMIT_DEFAULTS, **(limits or {})}


def get_box(state: State, box: int) -> dict:
    found = (state.get("boxes") or {}).get(str(box))
    if found is None:
        raise ValueError(f"no box {box}")
    return found


def box_total(box_state: dict) -> int:
    """The bets placed on the box, every staker's together (what CG §101 limits)."""
    return sum(stake["amount"] for stake in box_state["stakes"])


def boxes_of(state: State, position: int) -> list[int]:
    """The boxes a seat owns, in the layout's order."""
    return sorted(int(n) for n, b in (state.get("boxes") or {}).items() if b["owner"] == position)


def stakers(box_state: dict) -> list[int]:
    return [stake["seat"] for stake in box_state["stakes"]]


def working(state: State, position: int) -> bool:
    """Has the seat money riding on any box that is not settled yet (a hand or a side bet)?
    What a deferred leave asks (issue 31, item 4)."""
    for box_state in (state.get("boxes") or {}).values():
        for hand in box_state["hands"]:
            if hand["settled"] is None and any(
                s["seat"] == position and not s.get("settled") for s in hand["stakes"]
            ):
                return True
        for side in box_state["side"]:
            if side["settled"] is None and side["seat"] == position:
                return True
    return False


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _box_number(limits: dict, box) -> int:
    count = limits["boxes"]
    if not _whole(box) or box < 0 or (count is not None and box >= count):
        raise IllegalAction(gettext_noop("There is no such box at this table."))
    return box


def _at_least_unit(limits: dict, amount) -> int:
    if not _whole(amount) or amount < limits["min_unit"]:
        raise IllegalAction(
            gettext_noop("A stake is a whole amount of at least %(low)s."), low=limits["min_unit"]
        )
    return amount


def _stake_of(stakes: list[dict], position: int) -> dict | None:
    return next((s for s in stakes if s["seat"] == position), None)


def _forget_escrow(state: State, pot_party: str) -> None:
    """A pot paid out is settled: a void must not return it."""
    (state.get("escrowed") or {}).pop(pot_party, None)


def _move(state: State, events: list[Event], source: str, target: str, amount: int, reason):
    """Money from one pot to another (a bet moved to a split hand): the escrow record moves
    with it, else a void would return the money from the pot it left."""
    pay(state, events, source, target, amount, reason)
    escrowed = state.setdefault("escrowed", {})
    payers = escrowed.get(source, {})
    left = amount
    for payer in list(payers):
        part = min(left, payers[payer])
        payers[payer] -= part
        if not payers[payer]:
            del payers[payer]
        moved = escrowed.setdefault(target, {})
        moved[payer] = moved.get(payer, 0) + part
        left -= part
        if not left:
            break
    if source in escrowed and not escrowed[source]:
        del escrowed[source]


# --- placing bets --------------------------------------------------------------------------


def new_box(owner: int, *, dark: bool = False) -> dict:
    """An empty box of ``owner``'s, its one hand not yet staked."""
    return {
        "owner": owner,
        "kind": DARK if dark else OPEN,
        "stakes": [],
        "hands": [{"id": 0, "stakes": [], "settled": None}],
        "side": [],
        "won": 0,  # winnings paid under max_payout this round (``cap``)
        "next_hand": 1,  # the id of the next hand a split makes: pots are named by it
    }


def place(
    state: State,
    events: list[Event],
    limits: dict,
    box: int,
    position: int,
    amount: int,
    *,
    behind: bool = False,
    dark: bool = False,
) -> dict:
    """A seat's bet on a box, before the deal. Its own: on an empty box it becomes the box's
    owner (``dark``: the box is played blind, CG §32, §40, §65), on a box it owns it adds to
    its stake. ``behind``: a bet behind another player's box (CG §96, §98), only on a box
    someone plays and only where ``bets_behind``; a second one adds to the first. The box's
    total stays within ``min_bet..max_bet`` however many bet on it (CG §101, B10), each stake
    at least ``min_unit``. Every refusal comes before any change. Returns the box."""
    limits = limits_of(limits)
    _box_number(limits, box)
    box_state = (state.get("boxes") or {}).get(str(box))
    if behind:
        if not limits["bets_behind"]:
            raise IllegalAction(gettext_noop("Bets behind a box are not taken at this table."))
        if box_state is None:
            raise IllegalAction(
                gettext_noop("Nobody plays this box: there is nothing to bet behind.")
            )
        if box_state["owner"] == position:
            raise IllegalAction(gettext_noop("This box is your own: raise your bet on it instead."))
    elif box_state is not None and box_state["owner"] != position:
        raise IllegalAction(gettext_noop("This box is another player's: bet behind it instead."))
    _at_least_unit(limits, amount)
    if box_state is None:
        _check_new_box(state, limits, position, dark)
        total = amount
    else:
        if len(box_state["hands"]) > 1 or any(
            h["settled"] is not None or any(s["doubled"] for s in h["stakes"])
            for h in box_state["hands"]
        ):
            raise IllegalAction(gettext_noop("This box is in play: no more bets on it."))
        if dark and box_state["kind"] != DARK:
            raise IllegalAction(gettext_noop("This box is open: it cannot be played dark now."))
        total = box_total(box_state) + amount
    if not limits["min_bet"] <= total <= limits["max_bet"]:
        if box_state is None:
            raise IllegalAction(
                gettext_noop("A box takes from %(min_bet)s to %(max_bet)s."),
                min_bet=limits["min_bet"],
                max_bet=limits["max_bet"],
            )
        raise IllegalAction(
            gettext_noop(
                "A box takes at most %(max_bet)s from all its players together: "
                "%(amount)s more can go on this one."
            ),
            max_bet=limits["max_bet"],
            amount=max(0, limits["max_bet"] - box_total(box_state)),
        )
    if box_state is None:  # a new box: its owner's stake is its first (its hand's too)
        box_state = state.setdefault("boxes", {})[str(box)] = new_box(position, dark=dark)
        box_state["stakes"].append({"seat": position, "amount": amount})
        box_state["hands"][0]["stakes"].append({"seat": position, "amount": amount, "doubled": 0})
    else:
        placed = _stake_of(box_state["stakes"], position)
        if placed is None:
            box_state["stakes"].append({"seat": position, "amount": 0})
            box_state["hands"][0]["stakes"].append({"seat": position, "amount": 0, "doubled": 0})
            placed = box_state["stakes"][-1]
        placed["amount"] += amount
        _stake_of(box_state["hands"][0]["stakes"], position)["amount"] += amount
    reason = "bet" if position == box_state["owner"] else "bet behind"
    pay(state, events, seat(position), stake_pot(box, position), amount, reason)
    return box_state


def refuse_dark_before_open(owned: list[dict], needed: int = 1) -> None:
    """Never a lone dark box: it would be a hand played and settled with no box its player
    sees (issue 47). A dark box is staked once ``needed`` of the player's boxes (``owned``) are
    open (CG §40: one more bet beside the ante box; §32: the second of two; §65: beyond two
    open ones, Golden Oasis' ``needed`` of 2)."""
    refusal = dark_before_open_refusal(sum(1 for b in owned if b["kind"] == OPEN), needed)
    if refusal is not None:
        raise refusal


def dark_before_open_refusal(open_owned: int, needed: int = 1) -> IllegalAction | None:
    """``refuse_dark_before_open``'s refusal, returned, for a seat owning ``open_owned`` open
    boxes (None: a dark box may go beside them)."""
    if open_owned < needed:
        return IllegalAction(
            gettext_noop(
                "A dark box goes beside your open boxes: stake %(count)s open first "
                "(CG §32, §40, §65)."
            ),
            count=needed,
        )
    return None


def _check_new_box(state: State, limits: dict, position: int, dark: bool) -> None:
    """Raise ``new_box_refusal``'s refusal, if any."""
    refusal = new_box_refusal(state, limits, position, dark)
    if refusal is not None:
        raise refusal


def new_box_refusal(state: State, limits: dict, position: int, dark: bool) -> IllegalAction | None:
    """Why the seat may not stake one more box, open or ``dark``, or None if it may: a seat may
    own so many boxes, so many of them open and so many dark (CG §32, §65, §73; config
    ``boxes_per_player``, ``open_boxes_per_player``, ``dark_boxes_per_player``). Returned, not
    raised, so a list of legal actions asks it without a try per box (issue 50)."""
    # one pass over the boxes, counting (every list of legal actions asks this)
    owned = open_owned = 0
    for box_state in (state.get("boxes") or {}).values():
        if box_state["owner"] == position:
            owned += 1
            open_owned += box_state["kind"] == OPEN
    if owned >= limits["boxes_per_player"]:
        return IllegalAction(
            gettext_noop("A player may play at most %(count)s boxes."),
            count=limits["boxes_per_player"],
        )
    if dark:
        if owned - open_owned >= limits["dark_boxes_per_player"]:
            if not limits["dark_boxes_per_player"]:
                return IllegalAction(gettext_noop("Dark boxes are not played at this table."))
            return IllegalAction(
                gettext_noop("A player may play at most %(count)s dark boxes."),
                count=limits["dark_boxes_per_player"],
            )
        return dark_before_open_refusal(open_owned)
    open_limit = limits["open_boxes_per_player"]
    if open_limit is None:
        open_limit = limits["boxes_per_player"]
    if open_owned >= open_limit:
        return IllegalAction(
            gettext_noop(
                "A player may play at most %(count)s open boxes: any further box is dark."
            ),
            count=open_limit,
        )
    return None


def place_side(
    state: State, events: list[Event], limits: dict, box: int, position: int, kind: str, amount
) -> dict:
    """A seat's side bet of ``kind`` on a box it has a stake on (a bonus, insurance, a call
    bet). A kind named in the limits' ``side_bets`` ({kind: [low, high]}) is held to those
    limits; any other kind only to ``min_unit`` (the engine judges its own: insurance at most
    half the stake, CG §103). A second bet of the same kind adds to the first."""
    limits = limits_of(limits)
    if not isinstance(kind, str) or not SIDE_KIND.match(kind):
        raise ValueError(f"not a side bet's kind: {kind!r}")
    box_state = (state.get("boxes") or {}).get(str(box))
    if box_state is None or _stake_of(box_state["stakes"], position) is None:
        raise IllegalAction(gettext_noop("A side bet goes on a box you have a stake on."))
    _at_least_unit(limits, amount)
    side = next((s for s in box_state["side"] if s["seat"] == position and s["kind"] == kind), None)
    if side is not None and side["settled"] is not None:
        raise IllegalAction(gettext_noop("That side bet is settled already."))
    bounds = limits["side_bets"].get(kind)
    total = amount + (side["amount"] if side else 0)
    if bounds is not None and not bounds[0] <= total <= bounds[1]:
        raise IllegalAction(
            gettext_noop("This side bet is from %(low)s to %(high)s."),
            low=bounds[0],
            high=bounds[1],
        )
    if side is None:
        side = {"seat": position, "kind": kind, "amount": 0, "settled": None}
        box_state["side"].append(side)
    side["amount"] += amount
    pay(state, events, seat(position), side_pot(box, position, kind), amount, kind)
    return side


def withdraw(state: State, events: list[Event], box: int, position: int) -> None:
    """A seat takes its bets off a box before the deal (CG §104 forbids it only after). The
    owner taking his off ends the box: it is not played without him, so every stake behind it
    goes back too."""
    box_state = (state.get("boxes") or {}).get(str(box))
    if box_state is None or _stake_of(box_state["stakes"], position) is None:
        raise IllegalAction(gettext_noop("You have no bet on this box."))
    if len(box_state["hands"]) > 1 or any(h["settled"] is not None for h in box_state["hands"]):
        raise IllegalAction(gettext_noop("This box is in play: its bets stay until it is settled."))
    leaving = stakers(box_state) if position == box_state["owner"] else [position]
    for who in leaving:
        for side in [s for s in box_state["side"] if s["seat"] == who]:
            _return(state, events, side_pot(box, who, side["kind"]), who, side["amount"])
            box_state["side"].remove(side)
        hand_stake = _stake_of(box_state["hands"][0]["stakes"], who)
        _return(state, events, stake_pot(box, who), who, hand_stake["amount"])
        box_state["hands"][0]["stakes"].remove(hand_stake)
        box_state["stakes"].remove(_stake_of(box_state["stakes"], who))
    if not box_state["stakes"]:
        del state["boxes"][str(box)]


def _return(state: State, events: list[Event], pot_party: str, position: int, amount: int):
    if amount:
        pay(state, events, pot_party, seat(position), amount, "bet withdrawn")
    _forget_escrow(state, pot_party)


# --- playing a box -------------------------------------------------------------------------


def _hand(box_state: dict, hand: int) -> dict:
    if not _whole(hand) or not 0 <= hand < len(box_state["hands"]):
        raise ValueError(f"no hand {hand!r} on this box")
    return box_state["hands"][hand]


def double(
    state: State,
    events: list[Event],
    limits: dict,
    box: int,
    hand: int,
    position: int,
    amount: int | None = None,
) -> dict:
    """A seat adds to its stake on one hand (``hand``: its index in the box's order of play),
    by default as much again. Each staker decides for his own stake (CG §98: the others need
    not double when the owner does); once per hand. The amount is at least ``min_unit`` and at
    most the stake doubled; the box limits of CG §101 are for bets placed, not doubles."""
    limits = limits_of(limits)
    box_state = get_box(state, box)
    target = _hand(box_state, hand)
    if target["settled"] is not None:
        raise IllegalAction(gettext_noop("This hand is settled already."))
    stake = _stake_of(target["stakes"], position)
    if stake is None:
        raise IllegalAction(gettext_noop("You have no bet on this hand."))
    if stake.get("settled"):
        raise IllegalAction(gettext_noop("This bet is settled already."))
    if stake["doubled"]:
        raise IllegalAction(gettext_noop("This bet is doubled already."))
    amount = stake["amount"] if amount is None else amount
    _at_least_unit(limits, amount)
    if amount > stake["amount"]:
        raise IllegalAction(
            gettext_noop("A double adds at most the stake, %(stake)s."), stake=stake["amount"]
        )
    stake["amount"] += amount
    stake["doubled"] = amount
    pay(state, events, seat(position), stake_pot(box, position, target["id"]), amount, "double")
    return target


def raise_stake(
    state: State, events: list[Event], box: int, position: int, amount: int, reason: str
) -> dict:
    """A seat adds ``amount`` to its stake on a box's first hand where a game's rules raise the
    stake in play (an ante doubled on a tie), as often as they do; the engine judges the amount
    against its limits. Returns the hand."""
    box_state = get_box(state, box)
    target = box_state["hands"][0]
    if target["settled"] is not None:
        raise ValueError(f"box {box} is settled already")
    stake = _stake_of(target["stakes"], position)
    if stake is None or not _whole(amount) or amount <= 0:
        raise ValueError(f"no stake of seat {position} to raise by {amount!r} on box {box}")
    stake["amount"] += amount
    pay(state, events, seat(position), stake_pot(box, position), amount, reason)
    return target


def split(
    state: State,
    events: list[Event],
    limits: dict,
    box: int,
    hand: int,
    choices: dict[int, str] | None = None,
) -> int:
    """The owner splits a hand in two (CG §96); the new hand follows it in the order of play
    and its index is returned. The owner puts his stake again on the new hand. Every staker
    behind chooses (``choices``, {seat: what}, default ``split``): ``split`` puts his stake
    again on the new hand too, so the new hand carries every bet in the same proportions;
    ``stay`` leaves his bet on the first hand only; ``move`` lets it play on the new hand
    instead; a stake settled on its own stays. A doubled hand is not split. Every refusal
    comes before any change. The new hand
    holds only the stakes: the game deals it its cards. (``limits`` for a uniform call: a
    stake split again is as large as one the limits took.) A game that lets the stakers behind
    choose after the owner split, each in his own decision, splits with them staying and
    calls ``follow_split`` for each."""
    box_state = get_box(state, box)
    source = _hand(box_state, hand)
    if source["settled"] is not None:
        raise IllegalAction(gettext_noop("This hand is settled already."))
    if any(s["doubled"] for s in source["stakes"]):
        raise IllegalAction(gettext_noop("A doubled hand is not split."))
    choices = {int(k): v for k, v in (choices or {}).items()}
    owner = box_state["owner"]
    if choices.get(owner, SPLIT) != SPLIT:
        raise ValueError("the owner's own stake always splits")
    plan = []
    for stake in source["stakes"]:
        what = choices.get(stake["seat"], SPLIT)
        if what not in (SPLIT, STAY, MOVE):
            raise IllegalAction(gettext_noop("Split your bet too, keep it here or move it."))
        # a stake settled on its own (surrendered alone) stays where it was, out of the play
        plan.append((stake["seat"], STAY if stake.get("settled") else what))
    if _stake_of(source["stakes"], owner) is None:
        raise ValueError("a hand without the owner's stake is not split")
    new_id = box_state["next_hand"]
    box_state["next_hand"] += 1
    box_state["hands"].insert(hand + 1, {"id": new_id, "stakes": [], "settled": None})
    for who, what in plan:
        _follow(state, events, box, box_state, hand, who, what)
    return hand + 1


def follow_split(
    state: State, events: list[Event], box: int, hand: int, position: int, what: str
) -> None:
    """A staker behind decides on the owner's split after it is made (``split`` with him
    staying), in a decision of his own so that only his money moves in it: ``split`` puts his
    stake on ``hand`` again on the hand the split made (the next one in the order of play),
    ``move`` lets it play there instead, ``stay`` leaves it (CG §96)."""
    box_state = get_box(state, box)
    source = _hand(box_state, hand)
    _hand(box_state, hand + 1)
    if what not in (SPLIT, STAY, MOVE):
        raise IllegalAction(gettext_noop("Split your bet too, keep it here or move it."))
    if position == box_state["owner"]:
        raise ValueError("the owner's own stake always splits")
    stake = _stake_of(source["stakes"], position)
    if stake is None:
        raise IllegalAction(gettext_noop("You have no bet on this hand."))
    if stake["doubled"] or stake.get("settled"):
        raise ValueError("a doubled or settled stake does not follow a split")
    _follow(state, events, box, box_state, hand, position, what)


def _follow(
    state: State, events: list[Event], box: int, box_state: dict, hand: int, who: int, what: str
) -> None:
    """One staker's part in a split of ``hand``, whose new hand is ``hand + 1``: his stake on
    the new hand keeps the box's order of stakers (the owner first)."""
    source, new_hand = box_state["hands"][hand], box_state["hands"][hand + 1]
    stake = _stake_of(source["stakes"], who)
    amount = stake["amount"]
    old_pot, new_pot = stake_pot(box, who, source["id"]), stake_pot(box, who, new_hand["id"])
    if what == STAY:
        return
    if what == SPLIT:
        pay(state, events, seat(who), new_pot, amount, "split")
    else:
        _move(state, events, old_pot, new_pot, amount, "bet moved to a split hand")
        source["stakes"].remove(stake)
    order = stakers(box_state)
    new_hand["stakes"].append({"seat": who, "amount": amount, "doubled": 0})
    new_hand["stakes"].sort(key=lambda s: order.index(s["seat"]))


# --- settling: in ``settle`` (a box's money paid out), given here under this module's name -----

SETTLING = ("cap", "settle_hand", "settle_stakes", "settle_box", "settle_side")


def __getattr__(name: str):
    if name in SETTLING:
        from tables.families.house import settle

        found = getattr(settle, name)
        globals()[name] = found  # found once: every later call is a plain attribute's
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
