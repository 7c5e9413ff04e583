"""What each bet would win on each of the 15 outcomes of two dice (a total, and whether it came as a
pair), and so the most the house can pay on the next roll (``exposure_of``) and whether more
bets keep it within ``max_exposure`` (``_fits``)."""

from __future__ import annotations

import functools

from tables.engines.base import State
from tables.families.dice.chances import DISTINCT
from tables.games.craps.bets import (
    PROPOSITIONS,
    SWITCHABLE,
    WIN,
    _bet,
    decide,
    is_working,
    pay_ratio,
)


def _won(amount: int, ratio, cap: int | None) -> int:
    """A win of ``amount`` at ``ratio`` (a Fraction): exact, then rounded once toward zero (the
    casino's rule, ``boxes.winnings``; whole numbers, as an amount is never below 0)."""
    won = amount * ratio.numerator // ratio.denominator
    return min(won, cap) if cap else won  # C9: the cap is on the bet's win alone


@functools.cache
def _winning_outcomes(kind: str, point: int | None, barred: int, working: bool) -> tuple:
    """The indexes of ``OUTCOMES`` on which a bet of ``kind`` wins, with the ratio it wins at."""
    wins = []
    for index, (total, hard) in enumerate(OUTCOMES):
        decision = decide(kind, total, hard, point, barred, working)
        if decision and decision[0] == WIN:
            wins.append((index, decision[1]))
    return tuple(wins)


NO_WINS = (0,) * 15


def _bet_wins(state: State, bet: dict | None) -> tuple[int, ...]:
    """What ``bet`` would be paid on each of ``OUTCOMES`` (a win's amount, else 0)."""
    if not bet:
        return NO_WINS
    kind, point = bet["kind"], state["point"]
    pays = pay_ratio(state["propositions"][kind]) if kind in PROPOSITIONS else None
    return _wins_of(
        kind,
        bet["amount"],
        is_working(bet, point),
        point,
        state["barred"],
        state["max_payout"],
        pays,
    )


@functools.lru_cache(maxsize=1 << 16)
def _wins_of(kind, amount, working, point, barred, cap, pays) -> tuple[int, ...]:
    paid = [0] * len(OUTCOMES)
    for index, ratio in _winning_outcomes(kind, point, barred, working):
        paid[index] = _won(amount, pays if ratio is None else ratio, cap)
    return tuple(paid)


def paid_by_outcome(state: State) -> list[int]:
    """What the house would pay on each of ``OUTCOMES``, every bet on the layout together."""
    paid = [0] * len(OUTCOMES)
    for bet in state["bets"].values():
        for index, amount in enumerate(_bet_wins(state, bet)):
            if amount:
                paid[index] += amount
    return paid


# the last state's ``paid_by_outcome`` (a state is never changed once made: a new one is made
# for every change), kept as one tuple so that threads never read one state's with another's
_LAST_PAID: tuple = (None, None)


def _paid_now(state: State) -> list[int]:
    """``paid_by_outcome`` of a state given to the engine (not one being changed), computed
    once however many actions are weighed against it."""
    global _LAST_PAID
    last = _LAST_PAID
    if last[0] is state:
        return last[1]
    paid = paid_by_outcome(state)
    _LAST_PAID = (state, paid)
    return paid


def exposure_of(state: State) -> int:
    """The most the house can pay on the next roll: the largest sum of wins over the 15
    distinct outcomes of two dice (a total, and whether it came as a pair)."""
    return max(paid_by_outcome(state))


def _with_more(state: State, position: int, kind: str, amount: int) -> dict:
    """The seat's bet of ``kind`` as it would stand with ``amount`` more on it."""
    old = _bet(state, position, kind)
    bet = dict(old) if old else {"seat": position, "kind": kind, "amount": 0, "vig": 0}
    if not old and kind.startswith(SWITCHABLE):
        bet["on"] = False
    bet["amount"] += amount
    return bet


def _fits(state: State, paid: list[int], additions: list[tuple[int, str, int]]) -> bool:
    """Whether the bets ``additions`` ((seat, kind, amount more)) keep the house's most at risk
    within ``max_exposure`` (``paid``: ``paid_by_outcome`` now)."""
    changed = list(paid)
    for position, kind, amount in additions:
        old = _bet_wins(state, _bet(state, position, kind))
        new = _bet_wins(state, _with_more(state, position, kind, amount))
        for index in range(len(changed)):
            changed[index] += new[index] - old[index]
    return max(changed) <= state["max_exposure"]


# the 15 distinct outcomes of two dice: a total, and whether it came as a pair
OUTCOMES = list(DISTINCT)
