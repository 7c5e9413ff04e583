"""A bet graded from its legs (step 3): a leg's share, its terms, the bet's payout and status."""

from __future__ import annotations

import functools
from decimal import Decimal
from fractions import Fraction

from sportsbook.models import (
    BetKind,
    BetStatus,
)
from sportsbook.settlement import Settled
from sportsbook.settlement import bets as bet_math
from sportsbook.settlement.bets import Leg

# --- step 3: the bets ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _share(text: str) -> Fraction:
    return Fraction(text)


@functools.lru_cache(maxsize=8192)
def _leg_of(odds: str, win: str, void: str) -> Leg:
    """A settled leg from its stored text; a chunk's legs repeat a few odds and results, so each
    distinct one is parsed once (Leg and Settled are immutable). The odds are read as text
    (exact on both databases: SQLite's REAL gives its shortest decimal text, "1.9")."""
    return Leg(Decimal(odds), Settled(_share(win), _share(void)))


@functools.lru_cache(maxsize=8192)
def _leg_terms(odds: str, win: str, void: str) -> tuple[int, int, bool, bool]:
    """The leg's exact K_eff as (numerator, denominator), whether it is wholly returned and
    whether wholly won: all a single's or an express's payout and status need, per distinct
    (odds, result) once."""
    leg = _leg_of(odds, win, void)
    coefficient = leg.coefficient
    return (
        coefficient.numerator,
        coefficient.denominator,
        leg.settled.void == 1,
        leg.settled.win == 1,
    )


# A leg as read for grading: (bet id, odds as text, win, void, is banker).
LegRow = tuple[int, str, str | None, str | None, bool]


def bet_payout(kind: str, stake: int, system_size: int | None, legs: list[LegRow]) -> int:
    """The bet's total return from its legs' results (SB §2.2–§2.5, E2, E3, E7). A single or an
    express is stake x the product of its legs' K_eff, rounded down once (E34): exact integer
    arithmetic on the coefficients' numerators and denominators, as `bets.express_return`."""
    if kind != BetKind.SYSTEM:
        numerator = denominator = 1
        for _bet, odds, win, void, _banker in legs:
            top, bottom, _void, _won = _leg_terms(odds, win, void)
            numerator *= top
            denominator *= bottom
        return stake * numerator // denominator
    settled = [(_leg_of(odds, win, void), banker) for _bet, odds, win, void, banker in legs]
    return bet_math.system_return(
        stake,
        [one for one, banker in settled if not banker],
        system_size,
        bankers=[one for one, banker in settled if banker],
    )


def bet_status(payout: int, legs: list[LegRow]) -> str:
    if payout == 0:
        return BetStatus.LOST
    terms = [_leg_terms(odds, win, void) for _bet, odds, win, void, _banker in legs]
    if all(term[2] for term in terms):
        return BetStatus.VOID
    if all(term[3] for term in terms):
        return BetStatus.WON
    return BetStatus.PART
