"""Money of a bet slip: singles, expresses and systems with bankers (SB §2.2–§2.5, E1–E3, E6,
E7, E34). Amounts are integers in minor units; odds are Decimal. Everything is computed exactly
(Fraction) and the payout is rounded down to the minor unit once, at the end (E34)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from sportsbook.settlement.grading import WON, Settled

MAX_SYSTEM_LEGS = 16


@dataclass(frozen=True)
class Leg:
    """One selection of a slip: its decimal odds and how it settled."""

    odds: Decimal
    settled: Settled

    def __post_init__(self):
        if Decimal(self.odds) < 1:
            raise ValueError(f"decimal odds are at least 1, not {self.odds}")

    @functools.cached_property
    def coefficient(self) -> Fraction:
        """Exact K_eff; kept, since a settlement reuses one Leg for every bet with these odds."""
        return self.settled.coefficient(Decimal(self.odds))


LegLike = Leg | tuple[Decimal, Settled]


def _leg(leg: LegLike) -> Leg:
    return leg if isinstance(leg, Leg) else Leg(*leg)


def _coefficient(leg: LegLike) -> Fraction:
    return _leg(leg).coefficient


def _payout(exact: Fraction) -> int:
    """E34: one rounding, down to the minor unit: toward zero, as `casino.money.round_minor`, on
    the exact value (a payout is never negative)."""
    return int(exact)


def leg_coefficient(odds: Decimal, settled: Settled) -> Decimal:
    """K_eff = win*K + void: K, (K+1)/2, 1, 0.5 or 0 (SB §2 formulas, §3.4, E3). Exact except
    for a dead heat of a share like 1/3, shown to 28 digits (payouts use the exact value)."""
    exact = settled.coefficient(Decimal(odds))
    return Decimal(exact.numerator) / Decimal(exact.denominator)


def single_return(stake_minor: int, leg: LegLike) -> int:
    """SB §2.2: stake × K_eff."""
    return express_return(stake_minor, [leg])


def express_return(stake_minor: int, legs: Iterable[LegLike]) -> int:
    """SB §2.3, E2, E3: stake × the product of the legs' K_eff; a lost leg makes it 0, a void
    leg counts 1."""
    _check_stake(stake_minor)
    return _payout(stake_minor * math.prod((_coefficient(leg) for leg in legs), start=Fraction(1)))


def system_combinations(m: int, n: int) -> list[tuple[int, ...]]:
    """SB §2.4: every express of n legs out of m, as tuples of leg indexes (C(m, n) of them)."""
    return list(itertools.combinations(range(m), n))


def validate_system(m: int, n: int, bankers: Sequence | int = (), stake_minor: int | None = None):
    """A system N of M with bankers is well formed (SB §2.4, §2.5, E6, E7); ValueError if not.
    `m` and `n` count the non-banker legs only (E7)."""
    banker_count = bankers if isinstance(bankers, int) else len(bankers)
    if m < 3:
        raise ValueError(f"a system needs at least 3 selections besides bankers, not {m}")
    if not 2 <= n < m:
        raise ValueError(f"a system {n} of {m} needs 2 <= N < M")
    if m + banker_count > MAX_SYSTEM_LEGS:
        raise ValueError(f"a system has at most {MAX_SYSTEM_LEGS} selections with its bankers")
    if banker_count < 0:
        raise ValueError("the number of bankers cannot be negative")
    if stake_minor is not None:
        _check_stake(stake_minor)
        combinations = math.comb(m, n)
        if stake_minor < combinations:
            # E6: every combination carries at least one minor unit.
            raise ValueError(
                f"a stake of {stake_minor} minor units cannot cover {combinations} combinations"
            )


def system_return(
    stake_minor: int, legs: Sequence[LegLike], n: int, bankers: Sequence[LegLike] = ()
) -> int:
    """SB §2.4, §2.5, E6, E7: stake S split exactly over the C(M, N) expresses of the non-banker
    legs; every express's payout is multiplied by the bankers' K_eff (any lost banker: 0)."""
    validate_system(len(legs), n, bankers, stake_minor)
    coefficients = [_coefficient(leg) for leg in legs]
    combos = system_combinations(len(legs), n)
    per_combination = Fraction(stake_minor, len(combos))  # E6: exact, not rounded
    total = sum(math.prod((coefficients[i] for i in c), start=Fraction(1)) for c in combos)
    banker_factor = math.prod((_coefficient(b) for b in bankers), start=Fraction(1))
    return _payout(per_combination * total * banker_factor)


def potential_return(
    stake_minor: int,
    odds: Sequence[Decimal],
    system_n: int | None = None,
    banker_odds: Sequence[Decimal] = (),
) -> int:
    """The slip's payout if every selection wins: a single (one odds), an express, or a system
    `system_n` of len(odds) with bankers."""
    legs = [Leg(Decimal(k), WON) for k in odds]
    bankers = [Leg(Decimal(k), WON) for k in banker_odds]
    if system_n is None:
        return express_return(stake_minor, legs + bankers)
    return system_return(stake_minor, legs, system_n, bankers)


def _check_stake(stake_minor: int) -> None:
    if isinstance(stake_minor, bool) or not isinstance(stake_minor, int) or stake_minor <= 0:
        raise ValueError(
            f"the stake is a positive whole number of minor units, not {stake_minor!r}"
        )
