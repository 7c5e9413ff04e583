"""The report: sections of cells the page and the CSV both render (``revenue_report``)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from floor.reports.book import EXCHANGE, FIXED_ODDS, SPREAD, BookRow, book_rows
from floor.reports.period import Period
from floor.reports.places import PlaceDay, game_name, place_days
from sportsbook.models import (
    BetKind,
    Sport,
    SpreadAsset,
)

# --- the report: sections of cells the page and the CSV both render ---------------------------


@dataclass(frozen=True)
class Money:
    minor: int | None
    currency: str


Cell = str | int | dt.date | Money


@dataclass
class Section:
    key: str
    title: str
    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    totals: list[list[Cell]] = field(default_factory=list)
    empty: str = ""


@dataclass
class Report:
    period: Period
    currency: str | None
    sections: list[Section]
    # currency -> (day, the tables' casino revenue) for every day
    revenue_by_day: dict[str, list[tuple[dt.date, int]]]


def _sum(rows, attribute: str) -> int:
    return sum(getattr(r, attribute) for r in rows)


def _place_label(row: PlaceDay) -> str:
    if row.place == "tournament":
        return _("Tournament: %(name)s") % {"name": row.name}
    return row.name


def _tables_sections(days: list[PlaceDay]) -> list[Section]:
    # the casino's own money first (what a phone shows before any scrolling), then the
    # players' money: what they staked, got back, still have in play, passed among themselves
    money_columns = [
        _("Casino revenue"),
        _("Commission and rake"),
        _("House bank result"),
        _("Stakes"),
        _("Paid out"),
        _("Refunds"),
        _("Players' money still in play"),
        _("Turnover between players"),
    ]

    def figures(rows, currency) -> list[Cell]:
        return [
            Money(sum(r.revenue for r in rows), currency),
            Money(_sum(rows, "commission"), currency),
            Money(_sum(rows, "house_bank"), currency),
            *(Money(_sum(rows, a), currency) for a in ("stakes", "paid", "refunds")),
            Money(sum(r.held for r in rows), currency),
            Money(sum(r.between_players for r in rows), currency),
            _sum(rows, "hands"),
        ]

    by_day = Section(
        "tables_by_day",
        _("Tables by day, game and table"),
        [_("Day"), _("Game"), _("Table"), _("Currency"), *money_columns, _("Hands")],
        empty=_("No play at the tables in this period."),
    )
    for r in days:
        by_day.rows.append(
            [r.day, game_name(r.game), _place_label(r), r.currency, *figures([r], r.currency)]
        )
    by_game = Section(
        "tables_by_game",
        _("Tables by game"),
        [_("Game"), _("Currency"), *money_columns, _("Hands")],
        empty=by_day.empty,
    )
    grouped: dict[tuple[str, str], list[PlaceDay]] = defaultdict(list)
    for r in days:
        grouped[(game_name(r.game), r.currency)].append(r)
    for (game, currency), rows in sorted(grouped.items()):
        by_game.rows.append([game, currency, *figures(rows, currency)])
    per_currency: dict[str, list[PlaceDay]] = defaultdict(list)
    for r in days:
        per_currency[r.currency].append(r)
    for currency, rows in sorted(per_currency.items()):
        total = [_("Total"), currency, *figures(rows, currency)]
        by_game.totals.append(total)
        by_day.totals.append(["", "", total[0], currency, *total[2:]])
    return [by_day, by_game]


def _sport_names(rows: list[BookRow]) -> dict[int, str]:
    ids = {r.sport_id for r in rows if r.sport_id is not None}
    return {s.pk: s.name for s in Sport.objects.filter(pk__in=ids)}


def _asset_names(rows: list[BookRow]) -> dict[int, str]:
    ids = {r.kind for r in rows if r.product == SPREAD}
    return {a.pk: a.name for a in SpreadAsset.objects.filter(pk__in=ids)}


def market_kind_name(code: str) -> str:
    from sportsbook.line.presenters import MARKET_NAMES
    from sportsbook.settlement.markets import KINDS

    if code in BetKind.values:
        return str(BetKind(code).label)
    kind = KINDS.get(code)
    return _(MARKET_NAMES.get(code, kind.name)) if kind is not None else code


def _book_section(rows: list[BookRow]) -> Section:
    products = {
        FIXED_ODDS: _("Fixed odds"),
        EXCHANGE: _("Exchange"),
        SPREAD: _("Spread bets"),
    }
    sports, assets = _sport_names(rows), _asset_names(rows)
    labelled = []
    for r in rows:
        if r.product == SPREAD:
            sport, kind = _("Financial assets"), assets.get(r.kind, str(r.kind))
        else:
            sport = sports.get(r.sport_id, _("Several sports"))
            kind = market_kind_name(r.kind)
        labelled.append(
            (list(products).index(r.product), sport, kind, r.currency, products[r.product], r)
        )
    labelled.sort(key=lambda item: item[:4])
    section = Section(
        "sportsbook",
        _("Sportsbook by sport and market kind"),
        [
            _("Product"),
            _("Sport"),
            _("Market kind"),
            _("Currency"),
            _("Number of bets"),
            _("Turnover"),
            _("Still open"),
            _("Paid"),
            _("Margin"),
        ],
        empty=_("No bets in this period."),
    )
    for _order, sport, kind, currency, product, r in labelled:
        section.rows.append(
            [
                product,
                sport,
                kind,
                currency,
                r.bets,
                Money(r.turnover, currency),
                Money(r.open, currency),
                Money(r.paid, currency),
                Money(r.margin, currency),
            ]
        )
    per_currency: dict[str, list[BookRow]] = defaultdict(list)
    for r in rows:
        per_currency[r.currency].append(r)
    for currency, group in sorted(per_currency.items()):
        section.totals.append(
            [
                _("Total"),
                "",
                "",
                currency,
                _sum(group, "bets"),
                Money(_sum(group, "turnover"), currency),
                Money(_sum(group, "open"), currency),
                Money(sum(r.paid or 0 for r in group), currency),
                Money(_sum(group, "margin"), currency),
            ]
        )
    return section


def _totals_section(days: list[PlaceDay], book: list[BookRow]) -> Section:
    section = Section(
        "totals",
        _("House revenue by currency"),
        [
            _("Currency"),
            _("Tables: casino revenue"),
            _("Sportsbook margin"),
            _("Total"),
            _("Turnover between players"),
        ],
        empty=_("Nothing was earned or lost in this period."),
    )
    tables: dict[str, int] = defaultdict(int)
    sportsbook: dict[str, int] = defaultdict(int)
    # the players' money that changed hands among them: never the casino's (the exchange's
    # matched stakes are bets between players too, BK §52)
    between: dict[str, int] = defaultdict(int)
    for r in days:
        tables[r.currency] += r.revenue
        between[r.currency] += r.between_players
    for r in book:
        sportsbook[r.currency] += r.margin
        if r.product == EXCHANGE:
            between[r.currency] += r.turnover
    for currency in sorted(set(tables) | set(sportsbook)):
        section.rows.append(
            [
                currency,
                Money(tables[currency], currency),
                Money(sportsbook[currency], currency),
                Money(tables[currency] + sportsbook[currency], currency),
                Money(between[currency], currency),
            ]
        )
    return section


def revenue_report(period: Period, currency: str | None = None) -> Report:
    days = place_days(period, currency)
    book = book_rows(period, currency)
    revenue: dict[str, dict[dt.date, int]] = defaultdict(dict)
    for r in days:
        revenue[r.currency][r.day] = revenue[r.currency].get(r.day, 0) + r.revenue
    if currency:
        revenue.setdefault(currency, {})
    return Report(
        period=period,
        currency=currency,
        sections=[_totals_section(days, book), *_tables_sections(days), _book_section(book)],
        revenue_by_day={
            c: [(day, per_day.get(day, 0)) for day in period.days()]
            for c, per_day in sorted(revenue.items())
        },
    )
