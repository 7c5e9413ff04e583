"""Reads for the player's betting pages: the bet slip as shown, the player's bets."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch

from casino import ledger
from casino.currencies import Currency
from sportsbook.betting.slip import Slip
from sportsbook.models import Bet, BetLeg, BetStatus, MarketStatus, Outcome
from sportsbook.settlement import bets as bet_math

# --- the bet slip --------------------------------------------------------------------------------


@dataclass
class SlipRow:
    outcome: Outcome
    odds_seen: Decimal
    banker: bool
    number: int = 0

    @property
    def odds_now(self) -> Decimal:
        return self.outcome.odds

    @property
    def changed(self) -> bool:
        return self.outcome.odds != self.odds_seen

    @property
    def available(self) -> bool:
        market = self.outcome.market
        return market.status == MarketStatus.OPEN and market.event.is_open_for_bets

    @property
    def suspended(self) -> bool:
        return self.outcome.market.status == MarketStatus.SUSPENDED


@dataclass
class Combination:
    rows: list[SlipRow]
    odds: Decimal


@dataclass
class SlipView:
    rows: list[SlipRow]
    currency: str
    currencies: list[str]
    system_size: int | None
    bankers: list[SlipRow] = field(default_factory=list)
    others: list[SlipRow] = field(default_factory=list)
    same_event: bool = False
    express_odds: Decimal | None = None
    system_sizes: list[int] = field(default_factory=list)
    combinations: list[Combination] = field(default_factory=list)
    banker_odds: Decimal = Decimal(1)

    @property
    def outcome_ids(self) -> list[int]:
        return [row.outcome.pk for row in self.rows]

    @property
    def event_ids(self) -> list[int]:
        return sorted({row.outcome.market.event_id for row in self.rows})

    @property
    def combination_count(self) -> int:
        return len(self.combinations)


def slip_view(slip: Slip, player) -> SlipView:
    outcomes = Outcome.objects.select_related("market__event__competition__sport").in_bulk(
        slip.outcome_ids
    )
    rows = [
        SlipRow(outcomes[item.outcome_id], item.odds_seen, item.banker)
        for item in slip.items
        if item.outcome_id in outcomes
    ]
    for number, row in enumerate(rows, start=1):
        row.number = number
    currencies = wallet_currencies(player)
    currency = slip.currency if slip.currency in currencies else ""
    if not currency:
        preferred = getattr(player, "preferred_currency", "") or Currency.BYN
        currency = preferred if preferred in currencies or not currencies else currencies[0]
    view = SlipView(rows=rows, currency=currency, currencies=currencies, system_size=None)
    view.bankers = [r for r in rows if r.banker]
    view.others = [r for r in rows if not r.banker]
    events = [r.outcome.market.event_id for r in rows]
    view.same_event = len(events) != len(set(events))
    if len(rows) >= 2:
        view.express_odds = math.prod((r.odds_seen for r in rows), start=Decimal(1))
    m = len(view.others)
    view.system_sizes = list(range(2, m)) if 3 <= m <= bet_math.MAX_SYSTEM_LEGS else []
    if view.system_sizes:
        n = slip.system_size if slip.system_size in view.system_sizes else view.system_sizes[0]
        view.system_size = n
        view.banker_odds = math.prod((r.odds_seen for r in view.bankers), start=Decimal(1))
        view.combinations = [
            Combination(
                list(combo),
                math.prod((r.odds_seen for r in combo), start=Decimal(1)) * view.banker_odds,
            )
            for combo in itertools.combinations(view.others, n)
        ]
    return view


def wallet_currencies(player) -> list[str]:
    return list(ledger.balances_of(player))


# --- the player's bets ---------------------------------------------------------------------------


def bets_of(player, *, settled: bool):
    bets = Bet.objects.filter(player=player)
    bets = bets.exclude(status=BetStatus.OPEN) if settled else bets.filter(status=BetStatus.OPEN)
    return bets.prefetch_related(
        Prefetch(
            "legs",
            queryset=BetLeg.objects.select_related("outcome__market__event__competition__sport"),
        ),
        "settlements__run",
    ).order_by("-placed_at", "-pk")


def bet_of(player, bet_id: int) -> Bet | None:
    return bets_for_player(player).filter(pk=bet_id).first()


def bets_for_player(player):
    return Bet.objects.filter(player=player).prefetch_related(
        Prefetch(
            "legs",
            queryset=BetLeg.objects.select_related("outcome__market__event__competition__sport"),
        ),
        "settlements__run",
    )
