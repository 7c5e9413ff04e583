"""The sportsbook: per sport and market kind, fixed-odds bets, the exchange's matched bets and its
commission, and spread bets (``book_rows``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Coalesce

from floor.reports.period import Period
from sportsbook.models import (
    BetKind,
    BetLeg,
    BetStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeSettlement,
    SpreadClose,
    SpreadPosition,
)

# --- the sportsbook ---------------------------------------------------------------------------

FIXED_ODDS, EXCHANGE, SPREAD = "fixed", "exchange", "spread"


@dataclass
class BookRow:
    """One product's figures on one sport (None: several, or none) and market kind."""

    product: str
    sport_id: int | None
    kind: str  # a market kind's code, a multiple bet's kind, or a spread asset's code
    currency: str
    bets: int = 0
    turnover: int = 0
    open: int = 0
    paid: int | None = 0  # None: the house pays nothing (the exchange's players pay each other)
    margin: int = 0


_SPORT = "outcome__market__event__competition__sport_id"


def _fixed_odds(period: Period, currency: str | None) -> list[BookRow]:
    """Bets placed in the period. A single counts under its leg's sport and market kind; a
    multiple (express, system) under its kind, and its legs' sport if they share one."""
    from sportsbook.models import Bet

    bets = Bet.objects.filter(placed_at__gte=period.start, placed_at__lt=period.end)
    if currency:
        bets = bets.filter(currency=currency)
    figures = {
        "bets": Count("id"),
        "turnover": Sum("stake"),
        "open": Sum(
            Case(
                When(status=BetStatus.OPEN, then=F("stake")), default=0, output_field=IntegerField()
            )
        ),
        "paid": Sum(Coalesce("payout", 0)),
    }
    singles = (
        bets.filter(kind=BetKind.SINGLE)
        .values(
            "currency", sport=F(f"legs__{_SPORT}"), market_kind=F("legs__outcome__market__kind")
        )
        .annotate(**figures)
        .order_by()
    )

    def legs_sport(aggregate):
        return Subquery(
            BetLeg.objects.filter(bet=OuterRef("pk"))
            .values("bet")
            .annotate(sport=aggregate(_SPORT))
            .values("sport")
        )

    multiples = (
        bets.exclude(kind=BetKind.SINGLE)
        .annotate(lowest=legs_sport(Min), highest=legs_sport(Max))
        .annotate(
            sport=Case(When(lowest=F("highest"), then=F("lowest")), default=None),
            market_kind=F("kind"),
        )
        .values("currency", "sport", "market_kind")
        .annotate(**figures)
        .order_by()
    )
    rows = []
    for r in [*singles, *multiples]:
        rows.append(
            BookRow(
                product=FIXED_ODDS,
                sport_id=r["sport"],
                kind=r["market_kind"],
                currency=r["currency"],
                bets=r["bets"],
                turnover=r["turnover"],
                open=r["open"],
                paid=r["paid"],
                margin=r["turnover"] - r["open"] - r["paid"],
            )
        )
    return rows


def _exchange(period: Period, currency: str | None) -> list[BookRow]:
    """Backers' stakes matched in the period (the volume) and the commission booked in it."""
    keys = {
        "sport": F("market__market__event__competition__sport_id"),
        "market_kind": F("market__market__kind"),
        "in_currency": F("market__currency"),
    }
    matched = ExchangeBet.objects.filter(matched_at__gte=period.start, matched_at__lt=period.end)
    settled = ExchangeSettlement.objects.filter(
        created_at__gte=period.start, created_at__lt=period.end
    )
    if currency:
        matched = matched.filter(market__currency=currency)
        settled = settled.filter(market__currency=currency)
    rows: dict[tuple, BookRow] = {}

    def row(r) -> BookRow:
        key = (r["sport"], r["market_kind"], r["in_currency"])
        if key not in rows:
            rows[key] = BookRow(EXCHANGE, *key, paid=None)
        return rows[key]

    volume = matched.values(**keys).annotate(
        bets=Count("id"),
        turnover=Sum("stake"),
        open=Sum(
            Case(
                When(status=ExchangeBetStatus.OPEN, then=F("stake")),
                default=0,
                output_field=IntegerField(),
            )
        ),
    )
    for r in volume.order_by():
        found = row(r)
        found.bets, found.turnover, found.open = r["bets"], r["turnover"], r["open"]
    for r in settled.values(**keys).annotate(commission=Sum("commission")).order_by():
        row(r).margin += r["commission"]
    return list(rows.values())


def _spread(period: Period, currency: str | None) -> list[BookRow]:
    """Initial margins of the bets opened in the period (what players staked), gains paid and
    the house's result (the players' P&L, negated) of the closes in the period."""
    opened = SpreadPosition.objects.filter(opened_at__gte=period.start, opened_at__lt=period.end)
    closes = SpreadClose.objects.filter(at__gte=period.start, at__lt=period.end)
    if currency:
        opened = opened.filter(asset__currency=currency)
        closes = closes.filter(position__asset__currency=currency)
    rows: dict[tuple, BookRow] = {}

    def row(asset_id, in_currency) -> BookRow:
        key = (asset_id, in_currency)
        if key not in rows:
            rows[key] = BookRow(SPREAD, None, asset_id, in_currency, paid=0)
        return rows[key]

    margins = opened.values("asset_id", in_currency=F("asset__currency")).annotate(
        bets=Count("id"),
        turnover=Sum(F("margin_points") * F("opened_stake")),
        open=Sum(F("margin_points") * F("stake")),
    )
    for r in margins.order_by():
        found = row(r["asset_id"], r["in_currency"])
        found.bets, found.turnover, found.open = r["bets"], r["turnover"], r["open"]
    results = closes.values(
        asset_id=F("position__asset_id"), in_currency=F("position__asset__currency")
    ).annotate(
        gains=Sum(Case(When(pnl__gt=0, then=F("pnl")), default=0, output_field=IntegerField())),
        pnl=Sum("pnl"),
    )
    for r in results.order_by():
        found = row(r["asset_id"], r["in_currency"])
        found.paid += r["gains"]
        found.margin -= r["pnl"]
    return list(rows.values())


def book_rows(period: Period, currency: str | None = None) -> list[BookRow]:
    return [
        *_fixed_odds(period, currency),
        *_exchange(period, currency),
        *_spread(period, currency),
    ]
