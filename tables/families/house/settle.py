"""Settling the boxes of a house-banked table (issue 31, item 1): each staker paid on his own
stake at the hand's ratio, rounded once (the casino's one rule), a box's side bets, a stake
settled on its own before its hand (even money), and ``max_payout`` (CG §48) shared by ``cap``.
Pure, no Django; the boxes themselves, their pots and the rounding rule are described in
``boxes`` (which gives these functions under its own name too: ``boxes.settle_hand``)."""

from __future__ import annotations

import functools
from fractions import Fraction

from tables.engines.base import HOUSE_BANK, Event, State, pay, seat
from tables.families.house.boxes import (
    _hand,
    get_box,
    ratio_of,
    side_pot,
    stake_pot,
)


def cap(box_state: dict, wins: list[int], max_payout: int | None) -> list[int]:
    """What is paid of ``wins`` (each staker's winnings as computed, in the box's order) under
    the box's ``max_payout`` for the round (CG §48, C9, L9: winnings above it are not paid),
    counting what the box was paid under the cap before (``box_state["won"]``, which grows).
    When the cap bites, the sum it leaves is shared in proportion to the winnings: each share
    rounded down, then the units left over (fewer than the stakers) one each to the stakers
    whose share was rounded, in the box's order from the owner; so no share exceeds what it
    would have won without the cap, and the shares add up to the cap exactly."""
    wins = [max(0, w) for w in wins]
    total = sum(wins)
    if max_payout is None:
        return wins
    room = max(0, max_payout - box_state.get("won", 0))
    if total <= room:
        box_state["won"] = box_state.get("won", 0) + total
        return wins
    shares = [room * w // total for w in wins]
    left = room - sum(shares)
    for index, w in enumerate(wins):
        if not left:
            break
        if room * w % total:  # rounded down: one unit of the leftover
            shares[index] += 1
            left -= 1
    box_state["won"] = box_state.get("won", 0) + room
    return shares


def _settle(
    state: State,
    events: list[Event],
    box_state: dict,
    entries: list[tuple[int, str, int]],
    ratio: Fraction,
    max_payout: int | None,
    reason: str,
) -> list[dict]:
    """Pay every (seat, pot, stake) of one bet on a box at ``ratio``; returns each seat's net.
    Each stake's winnings are ``boxes.winnings``' (rounded toward zero), in integers here from
    the ratio's numerator and denominator read once: this runs for every stake of every hand."""
    numerator, denominator = ratio.numerator, ratio.denominator
    if numerator > 0:
        wins = cap(box_state, [a * numerator // denominator for _s, _p, a in entries], max_payout)
    elif numerator:  # a loss, rounded toward zero: in the player's favour
        wins = [-(a * -numerator // denominator) for _s, _p, a in entries]
    else:
        wins = [0] * len(entries)
    won_reason, lost_reason, returned_reason = _reasons(reason)
    escrowed = state.get("escrowed") or {}
    nets = []
    for (who, pot_party, amount), won in zip(entries, wins, strict=True):
        owner = seat(who)
        if won > 0:
            pay(state, events, HOUSE_BANK, owner, won, won_reason)
        lost = -won if won < 0 else 0
        if lost:
            pay(state, events, pot_party, HOUSE_BANK, lost, lost_reason)
        if amount - lost:
            pay(state, events, pot_party, owner, amount - lost, returned_reason)
        escrowed.pop(pot_party, None)  # paid out: a void must not return it
        nets.append({"seat": who, "net": won})
    return nets


@functools.lru_cache(maxsize=64)
def _reasons(reason: str) -> tuple[str, str, str]:
    """A settlement's three payment reasons, made once per kind of bet."""
    return f"{reason} won", f"{reason} lost", f"{reason} returned"


def ratio_text(ratio: Fraction) -> str:
    """How a settled stake records its ratio: ``str`` of the Fraction ("1", "3/2", "-1"),
    written from its two integers (a Fraction's own ``str`` or hash costs more)."""
    numerator, denominator = ratio.numerator, ratio.denominator
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


def settle_hand(
    state: State,
    events: list[Event],
    box: int,
    hand: int,
    ratio,
    *,
    max_payout: int | None = None,
    reason: str = "box",
) -> list[dict]:
    """Settle one hand of a box at ``ratio`` (``ratio_of``: 3:2, 1:1, push, lose, -1/2 for a
    surrender), paying every staker on it on his own stake (the module's rounding rule), the
    winnings capped by ``max_payout`` where the rules cap them (None: not capped). Stakes
    settled before on their own (``settle_stakes``) keep their result. Returns each staker's
    net result in the box's order ({"seat", "net"}) and records it on the hand."""
    box_state = get_box(state, box)
    target = _hand(box_state, hand)
    if target["settled"] is not None:
        raise ValueError(f"hand {hand} of box {box} is settled already")
    return _settle_stakes(state, events, box, box_state, target, ratio, max_payout, reason)


def settle_stakes(
    state: State,
    events: list[Event],
    box: int,
    hand: int,
    ratio,
    *,
    seats,
    max_payout: int | None = None,
    reason: str = "box",
) -> list[dict]:
    """Settle the stakes of some ``seats`` on one hand at ``ratio``, the others staying in
    play: each player's own choice on a box he shares (even money taken, a stake surrendered
    alone: CG §103, B9). Settled together, they share ``max_payout`` as one settlement does
    (``cap``). Each keeps its result on its stake (``"settled": {"ratio", "net"}``): it is no
    longer working, nor at risk for the house, nor doubled or split. Once every stake of the
    hand is settled so, the hand is settled, its record listing every staker's net (as
    ``settle_hand`` settles whatever is left). Returns the nets of these stakes."""
    box_state = get_box(state, box)
    target = _hand(box_state, hand)
    if target["settled"] is not None:
        raise ValueError(f"hand {hand} of box {box} is settled already")
    chosen = set(seats)
    open_seats = [s["seat"] for s in target["stakes"] if not s.get("settled")]
    if not chosen <= set(open_seats):
        raise ValueError(f"no open stake of {sorted(chosen - set(open_seats))} on this hand")
    if chosen == set(open_seats):
        nets = _settle_stakes(state, events, box, box_state, target, ratio, max_payout, reason)
        return [n for n in nets if n["seat"] in chosen]
    exact = ratio_of(ratio)
    stakes = [s for s in target["stakes"] if s["seat"] in chosen]
    entries = [(s["seat"], stake_pot(box, s["seat"], target["id"]), s["amount"]) for s in stakes]
    nets = _settle(state, events, box_state, entries, exact, max_payout, reason)
    for stake, net in zip(stakes, nets, strict=True):
        stake["settled"] = {"ratio": ratio_text(exact), "net": net["net"]}
    return nets


def _settle_stakes(state, events, box, box_state, target, ratio, max_payout, reason) -> list[dict]:
    """Settle the hand's last open stakes (those not settled before on their own) and record
    the hand: every staker's net in the box's order, those settled before included."""
    exact = ratio_of(ratio)
    hand_id = target["id"]
    stakes = [s for s in target["stakes"] if not s.get("settled")]
    entries = [(s["seat"], stake_pot(box, s["seat"], hand_id), s["amount"]) for s in stakes]
    settled = _settle(state, events, box_state, entries, exact, max_payout, reason)
    if len(stakes) == len(target["stakes"]):  # none settled before on its own: the usual hand
        nets = settled
    else:
        now = {n["seat"]: n["net"] for n in settled}
        nets = [
            {"seat": s["seat"], "net": now[s["seat"]] if s["seat"] in now else s["settled"]["net"]}
            for s in target["stakes"]
        ]
    target["settled"] = {"ratio": ratio_text(exact), "nets": nets}
    return nets


def settle_box(
    state: State,
    events: list[Event],
    box: int,
    ratio,
    *,
    max_payout: int | None = None,
    reason: str = "box",
) -> list[dict]:
    """Settle every hand of the box not settled yet at one ratio (a dealer's natural beating
    them all, a box that folds). Returns the nets of every hand, in the order of play."""
    box_state = get_box(state, box)
    nets: list[dict] = []
    for target in box_state["hands"]:
        if target["settled"] is None:  # ``settle_hand`` of it, the box and hand found here
            nets += _settle_stakes(state, events, box, box_state, target, ratio, max_payout, reason)
    return nets


def settle_side(
    state: State,
    events: list[Event],
    box: int,
    kind: str,
    ratio,
    *,
    position: int | None = None,
    max_payout: int | None = None,
) -> list[dict]:
    """Settle the side bets of ``kind`` on a box at ``ratio``: every staker's, or one seat's
    (``position``: insurance is each player's own, B9). Returns the nets in the box's order."""
    box_state = get_box(state, box)
    exact = ratio_of(ratio)
    sides = [
        s
        for s in box_state["side"]
        if s["kind"] == kind and s["settled"] is None and position in (None, s["seat"])
    ]
    entries = [(s["seat"], side_pot(box, s["seat"], kind), s["amount"]) for s in sides]
    nets = _settle(state, events, box_state, entries, exact, max_payout, kind)
    for side, net in zip(sides, nets, strict=True):
        side["settled"] = {"ratio": ratio_text(exact), "net": net["net"]}
    return nets
