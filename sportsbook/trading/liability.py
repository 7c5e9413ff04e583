"""The sportsbook's open liability per event (issue 17 §1, the floor's liability tab): for each
event with open bets, in each currency separately, the stakes riding on it and, for every outcome
of its markets, the house's worst-case payout if that outcome wins and its net result then (the
market's stakes minus that payout). Rulings: docs/rules-decisions.md "Sportsbook liability".

- A single counts its stake on its market and its potential return against its outcome.
- An express counts its whole stake on the market of each open leg and its potential return (at
  the accepted odds) against each open leg's outcome: the worst case, every other leg winning
  too. An express with a lost leg can pay nothing and counts nowhere. Both are summed by the
  database, one aggregate query.
- A system is its combinations (SB §2.4), each an express with its share of the stake: an open
  leg carries the shares of the live combinations it is in, and the worst-case return of those
  combinations (its other open legs winning, settled legs at their result). Systems are few;
  they are read bet by bet and worked out exactly (elementary symmetric sums, not C(M, N) loops).
- Exchange bets are matched between players (BK §52): the house carries none of their risk.

`event_liabilities()` gives every event with open liability; `event_liabilities(ids)` those
events only (what a live update re-renders). The floor's consumer and page read it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db.models import Exists, OuterRef, Sum
from django.db.models.functions import Coalesce

from sportsbook.models import Bet, BetKind, BetLeg, BetStatus, Event, Outcome
from sportsbook.settlement import Settled


@dataclass
class OutcomeLiability:
    outcome_id: int
    label: str
    staked: int = 0  # stakes (or stake shares) riding on this outcome
    payout: int = 0  # the house pays at most this if the outcome wins
    net: int = 0  # the house's result on the market then: its stakes - payout


@dataclass
class MarketLiability:
    market_id: int
    title: str
    stakes: int
    outcomes: list[OutcomeLiability]

    @property
    def worst_payout(self) -> int:
        return max(o.payout for o in self.outcomes)

    @property
    def worst_net(self) -> int:
        return self.stakes - self.worst_payout


@dataclass
class CurrencyLiability:
    """One event's liability in one currency (currencies are never added together)."""

    currency: str
    markets: list[MarketLiability]

    @property
    def stakes(self) -> int:
        # a bet has at most one leg per event (SB §2.3), so no stake is counted twice here
        return sum(m.stakes for m in self.markets)

    @property
    def worst_payout(self) -> int:
        """Every market's worst outcome at once: an upper bound (they may not all be possible
        together, e.g. a home win and under 0.5 goals)."""
        return sum(m.worst_payout for m in self.markets)

    @property
    def worst_net(self) -> int:
        return self.stakes - self.worst_payout


@dataclass
class EventLiability:
    event: Event
    currencies: list[CurrencyLiability] = field(default_factory=list)

    @property
    def pk(self) -> int:
        return self.event.pk

    @property
    def sport(self):
        return self.event.competition.sport

    def in_currency(self, currency: str) -> CurrencyLiability | None:
        return next((c for c in self.currencies if c.currency == currency), None)

    def worst_payout(self, currency: str) -> int:
        """The sort key: 0 for an event with no bets in `currency`."""
        found = self.in_currency(currency)
        return found.worst_payout if found is not None else 0


# (outcome id, currency) -> [stake, payout], exact: system shares are fractions until the end
_Totals = dict[tuple[int, str], list]


def _legs_lost():
    """Legs whose result is a plain loss (no share won, none returned): their bet pays nothing.
    A leg settled in its own context keeps its result; an ordinary leg takes its outcome's.
    Shares are stored normalised (`Settled`): a loss is always "0" and "0"."""
    return BetLeg.objects.annotate(
        win_now=Coalesce("win", "outcome__win"), void_now=Coalesce("void", "outcome__void")
    ).filter(bet=OuterRef("bet"), win_now="0", void_now="0")


def _open_legs(event_ids):
    """Legs still to be settled (their outcome has no result; no result of their own), of open
    bets; on `event_ids` only unless None."""
    legs = BetLeg.objects.filter(
        bet__status=BetStatus.OPEN, win__isnull=True, outcome__win__isnull=True
    )
    if event_ids is not None:
        legs = legs.filter(outcome__market__event_id__in=event_ids)
    return legs


def _singles_and_expresses(event_ids, totals: _Totals) -> None:
    rows = (
        _open_legs(event_ids)
        .filter(bet__kind__in=[BetKind.SINGLE, BetKind.EXPRESS])
        .filter(~Exists(_legs_lost()))
        .values("outcome_id", "bet__currency")
        .annotate(staked=Sum("bet__stake"), payout=Sum("bet__potential_return"))
        .order_by()
    )
    for row in rows:
        entry = totals.setdefault((row["outcome_id"], row["bet__currency"]), [0, 0])
        entry[0] += row["staked"]
        entry[1] += row["payout"]


def _elementary(values: list, k: int):
    """e_k(values): the sum over every k of them of their product (e_0 = 1)."""
    sums = [Fraction(1)] + [Fraction(0)] * k
    for value in values:
        for size in range(k, 0, -1):
            sums[size] += sums[size - 1] * value
    return sums[k]


def _coefficient(leg: BetLeg) -> Fraction | None:
    """The leg's K_eff if settled, None while open."""
    settled: Settled | None = leg.settled
    return None if settled is None else settled.coefficient(Decimal(leg.odds))


def _product(values) -> Fraction:
    return math.prod(values, start=Fraction(1))


def system_liability(bet: Bet, legs: list[BetLeg]) -> dict[int, tuple[Fraction, int]]:
    """For each open leg of a system N of M with bankers (SB §2.4, §2.5), by outcome id: (the
    stake share of the live combinations containing it, their return if it and every other open
    leg win). The return is rounded down once (E34), as the bet's payout would be. A combination
    with a lost leg is dead: it neither stakes nor pays."""
    settled = {leg.pk: _coefficient(leg) for leg in legs}
    # the worst case: an open leg wins at its accepted odds; a settled one pays its K_eff
    worst = {
        leg.pk: Fraction(leg.odds) if settled[leg.pk] is None else settled[leg.pk] for leg in legs
    }
    alive = {pk: int(value != 0) for pk, value in worst.items()}
    others = [leg for leg in legs if not leg.is_banker]
    bankers = [leg for leg in legs if leg.is_banker]
    n = bet.system_size
    per_combination = Fraction(bet.stake, math.comb(len(others), n))
    result = {}
    for leg in legs:
        if settled[leg.pk] is not None:
            continue  # its event is settled: it carries nothing there any more
        other_bankers = [b for b in bankers if b.pk != leg.pk]
        if leg.is_banker:  # in every combination
            pool, size = others, n
        else:  # in the combinations of N - 1 of the other legs
            pool, size = [o for o in others if o.pk != leg.pk], n - 1
        combined = _elementary([worst[o.pk] for o in pool], size)
        live = _elementary([alive[o.pk] for o in pool], size)
        live *= _product(alive[b.pk] for b in other_bankers)
        if not live:
            continue
        payout = (
            per_combination
            * worst[leg.pk]
            * _product(worst[b.pk] for b in other_bankers)
            * combined
        )
        result[leg.outcome_id] = (per_combination * live, int(payout))
    return result


def _systems(event_ids, totals: _Totals) -> None:
    bet_ids = (
        _open_legs(event_ids).filter(bet__kind=BetKind.SYSTEM).values_list("bet_id", flat=True)
    )
    legs_by_bet: dict[int, list[BetLeg]] = defaultdict(list)
    bets = {}
    for leg in (
        BetLeg.objects.filter(bet_id__in=bet_ids)
        .select_related("bet", "outcome__market")
        .order_by("bet_id", "pk")
    ):
        legs_by_bet[leg.bet_id].append(leg)
        bets[leg.bet_id] = leg.bet
    wanted = None if event_ids is None else set(event_ids)
    for bet_id, legs in legs_by_bet.items():
        bet = bets[bet_id]
        event_of = {leg.outcome_id: leg.outcome.market.event_id for leg in legs}
        for outcome_id, (share, payout) in system_liability(bet, legs).items():
            if wanted is not None and event_of[outcome_id] not in wanted:
                continue  # the bet's leg on an event not asked for
            entry = totals.setdefault((outcome_id, bet.currency), [0, 0])
            entry[0] += share
            entry[1] += payout


def event_liabilities(event_ids=None) -> list[EventLiability]:
    """Every event with open liability (or those of `event_ids` that have any), by start time;
    its markets in their order, every outcome of a market listed (an outcome nobody backed pays
    nothing: the house keeps the market's stakes)."""
    totals: _Totals = {}
    event_ids = None if event_ids is None else sorted(set(event_ids))
    _singles_and_expresses(event_ids, totals)
    _systems(event_ids, totals)
    if not totals:
        return []
    backed = Outcome.objects.filter(pk__in={outcome_id for outcome_id, _c in totals})
    outcomes = list(
        Outcome.objects.filter(market_id__in=backed.values("market_id"))
        .select_related("market__event__competition__sport")
        .order_by(
            "market__event__starts_at",
            "market__event_id",
            "market__position",
            "market_id",
            "position",
            "pk",
        )
    )
    market_of = {outcome.pk: outcome.market_id for outcome in outcomes}
    currencies: dict[int, set[str]] = defaultdict(set)  # market id -> its bets' currencies
    for outcome_id, currency in totals:
        currencies[market_of[outcome_id]].add(currency)
    events: dict[int, EventLiability] = {}
    markets: dict[tuple[int, str], MarketLiability] = {}
    for outcome in outcomes:
        market = outcome.market
        for currency in sorted(currencies[market.pk]):
            key = (market.pk, currency)
            if key not in markets:
                event = events.setdefault(market.event_id, EventLiability(market.event))
                in_currency = event.in_currency(currency)
                if in_currency is None:
                    in_currency = CurrencyLiability(currency, [])
                    event.currencies.append(in_currency)
                markets[key] = MarketLiability(market.pk, market.title, 0, [])
                in_currency.markets.append(markets[key])
            staked, payout = totals.get((outcome.pk, currency), (0, 0))
            markets[key].outcomes.append(
                OutcomeLiability(outcome.pk, outcome.label, int(staked), int(payout))
            )
    for market in markets.values():
        market.stakes = sum(o.staked for o in market.outcomes)
        for o in market.outcomes:
            o.net = market.stakes - o.payout
    for event in events.values():
        event.currencies.sort(key=lambda c: c.currency)
    return list(events.values())
