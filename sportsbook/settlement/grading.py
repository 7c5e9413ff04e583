"""How a bet on one outcome came out (`Settled`), the bet's circumstances (`BetContext`), and the
line arithmetic shared by every handicap and over/under market (SB §3.4, E4, E5)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

ZERO = Decimal(0)
ONE = Decimal(1)
HALF = Decimal("0.5")
QUARTER = Decimal("0.25")


def _exact(value: Decimal | Fraction | int) -> Decimal | Fraction:
    """A share as a Decimal whenever that is exact, else a Fraction (a dead heat of 3 is 1/3)."""
    share = Fraction(value)
    denominator = share.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        return Decimal(share.numerator) / Decimal(share.denominator)
    return share


@dataclass(frozen=True)
class Settled:
    """`win`: the share of the stake won at the odds; `void`: the share returned at odds 1; the
    rest is lost. Effective coefficient K_eff = win*K + void (SB §2, E3). Shares are Decimal,
    except a dead-heat share with no finite decimal (1/3), kept exact as a Fraction: use
    `coefficient` or `bets.py` for arithmetic."""

    win: Decimal | Fraction
    void: Decimal | Fraction

    def __post_init__(self):
        object.__setattr__(self, "win", _exact(self.win))
        object.__setattr__(self, "void", _exact(self.void))
        if self.win < 0 or self.void < 0 or Fraction(self.win) + Fraction(self.void) > 1:
            raise ValueError(f"invalid settlement shares win={self.win} void={self.void}")

    def coefficient(self, odds: Decimal) -> Fraction:
        """Exact K_eff."""
        return Fraction(self.win) * Fraction(Decimal(odds)) + Fraction(self.void)

    @property
    def state(self) -> str:
        """A label for displays: won, lost, void, half_won, half_lost or dead_heat."""
        if self.win == 1:
            return "won"
        if self.void == 1:
            return "void"
        if self.win == 0 and self.void == 0:
            return "lost"
        if self.win == HALF and self.void == HALF:
            return "half_won"
        if self.void == HALF and self.win == 0:
            return "half_lost"
        return "dead_heat"

    def to_dict(self) -> dict:
        return {"win": str(self.win), "void": str(self.void)}

    @classmethod
    def from_dict(cls, data: dict) -> Settled:
        return cls(Fraction(data["win"]), Fraction(data["void"]))


WON = Settled(ONE, ZERO)
LOST = Settled(ZERO, ZERO)
VOID = Settled(ZERO, ONE)


def won_if(condition: bool) -> Settled:
    return WON if condition else LOST


def pick(outcomes: list[str], winners: set[str] | str | None) -> dict[str, Settled]:
    """The winning outcome(s) won, every other lost; None (no winner) voids all."""
    if winners is None:
        return dict.fromkeys(outcomes, VOID)
    if isinstance(winners, str):
        winners = {winners}
    return {o: won_if(o in winners) for o in outcomes}


def both(first: Settled, second: Settled) -> Settled:
    """Two conditions that must both hold (SB §3.8, §3.33): a lost part loses the bet; a void
    or half part carries over to the whole."""
    if first.win + first.void == 0 or second.win + second.void == 0:
        return LOST
    return Settled(Fraction(first.win) * Fraction(second.win), _both_void(first, second))


def _both_void(first: Settled, second: Settled) -> Fraction:
    a_win, a_void = Fraction(first.win), Fraction(first.void)
    b_win, b_void = Fraction(second.win), Fraction(second.void)
    return a_win * b_void + a_void * b_win + a_void * b_void


@dataclass(frozen=True)
class BetContext:
    """When and how the bet was placed, for the few rules that depend on it."""

    live: bool = False
    score_at_placement: tuple[int, int] | None = None  # SB §3.28
    placed_minute: int | None = None
    placed_after_start: bool = False  # E13: a pre-match bet accepted after the actual start


PRE_MATCH = BetContext()


# --- lines: handicaps and totals -------------------------------------------------------


def check_line(line: Decimal, whole_or_half: bool = False) -> Decimal:
    line = Decimal(str(line))
    step = HALF if whole_or_half else QUARTER
    if line % step != 0:
        raise ValueError(f"a line must be a multiple of {step}, not {line}")
    return line


def split_line(line: Decimal) -> tuple[Decimal, ...]:
    """SB §3.4 case 2, E4: a quarter line is two half-stakes on the neighbouring lines."""
    line = check_line(line)
    if line % HALF == 0:
        return (line,)
    return (line - QUARTER, line + QUARTER)


def by_margin(margin: Decimal) -> Settled:
    """SB §3.4 case 1: ahead after the line wins, level is returned, behind loses."""
    return WON if margin > 0 else VOID if margin == 0 else LOST


def graded(line: Decimal, margin_at) -> Settled:
    """Settle `margin_at(sub_line)` on the line, splitting a quarter line in two halves
    (SB §3.4 case 2): K, (K+1)/2, 0.5 or 0."""
    halves = [by_margin(margin_at(sub)) for sub in split_line(line)]
    if len(halves) == 1:
        return halves[0]
    # E5: neighbouring lines are 0.5 apart, so one half cannot win while the other loses.
    assert not ({WON, LOST} <= set(halves)), "a quarter line won one half and lost the other"
    return Settled(sum(h.win for h in halves) / 2, sum(h.void for h in halves) / 2)


def over_under(count: int, line: Decimal) -> dict[str, Settled]:
    """The one over/under helper (totals, corners, cards, booking points, substitutions,
    rounds): whole lines return the stake on equality (E4), quarter lines split (E4)."""
    return {
        "over": graded(line, lambda sub: count - sub),
        "under": graded(line, lambda sub: sub - count),
    }


def over_under_fixed(count: int, line: Decimal) -> bool:
    """E11: a count that can only grow has settled over/under once it passed every sub-line."""
    return count > max(split_line(line))


def handicap(home: int, away: int, line: Decimal) -> dict[str, Settled]:
    """Asian handicap, `line` added to team 1 and its opposite to team 2 (SB §3.4)."""
    return {
        "1": graded(line, lambda sub: home + sub - away),
        "2": graded(-line, lambda sub: away + sub - home),
    }
