"""Settling matched exchange bets (BK §48–§53, A1, A9–A11, A14, section 5). No Django.

The result of an outcome comes from the sportsbook's own settle functions as a `Settled(win,
void)` (A10, A13: the bookmaker's official result, the sportsbook's void rules; A11: its dead-heat
rule): `win` is the share of the stake settled as "the outcome happened", `void` the share
returned, the rest settled as "it did not happen".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from casino.money import percentage_of, round_minor
from sportsbook.settlement.grading import Settled


def bet_result(stake: int, odds: Decimal, settled: Settled) -> int:
    """The backer's result of one matched bet of `stake` at net odds `odds`, in minor units; the
    layer's is exactly its negative (A14: one amount credited and debited).

    A1: back wins: backer +S·k (BK §48), layer −S·k (BK §51); back loses: backer −S (BK §50),
    layer +S (BK §49's "twice the stake" is his S back and the backer's S). A10: a void share is
    returned, nobody wins or loses on it. A11: the `win` share settles as "happened", the rest
    (less the void share) as "did not happen". Computed exactly, rounded once toward zero."""
    win = Fraction(settled.win)
    lost = 1 - win - Fraction(settled.void)
    exact = Fraction(stake) * (win * Fraction(odds) - lost)
    return round_minor(Decimal(exact.numerator) / Decimal(exact.denominator))


@dataclass(frozen=True)
class MatchedBet:
    back_player: int
    lay_player: int
    outcome: Hashable
    stake: int
    odds: Decimal


@dataclass(frozen=True)
class PlayerResult:
    net: int  # the sum of the player's bet results on the market, before commission
    commission: int  # BK §53, section 5: rate × net winnings, only when net > 0

    @property
    def credited(self) -> int:
        """What the player's balance changes by (negative: what he pays)."""
        return self.net - self.commission


def market_results(
    bets: Iterable[MatchedBet], settled: dict[Hashable, Settled], rate_percent: Decimal
) -> dict[int, PlayerResult]:
    """Every player's result on one market (section 5: all his bets on the market settled
    together), with the bookmaker's commission on his net winnings (BK §53; A9 adopted as
    amended: the base is the net, so a layer's own returned stake is never taxed), rounded down
    once in the player's favour (A14). Σ net = 0 over the players; the bookmaker gains
    Σ commission: Σ credited + Σ commission = 0 (money conservation)."""
    net: dict[int, int] = defaultdict(int)
    for bet in bets:
        result = bet_result(bet.stake, bet.odds, settled[bet.outcome])
        net[bet.back_player] += result
        net[bet.lay_player] -= result
    return {
        player: PlayerResult(amount, percentage_of(amount, rate_percent) if amount > 0 else 0)
        for player, amount in net.items()
    }
