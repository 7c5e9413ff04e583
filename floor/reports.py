"""The revenue reports (issue 17, part 5; issue 45): what the tables and the sportsbook earned,
read from the ledger and the bets, aggregated in the database (one grouped query per source;
Python only merges a few rows per day and table, or per sport and market kind).

Definitions (docs/rules-decisions.md "Revenue reports" and "The casino's revenue is what the house
books"):
- tables and tournaments, per local day of the booking, game and place: stakes taken (wallet
  debits of `stake` transfers), paid out (wallet credits of `payout` transfers), refunds
  (wallet credits of `refund` transfers: a void), commission and rake (credits of the casino's
  commission account), the house bank's result (the net of the legs on the place's house bank:
  a house-banked game's wins and losses), and the hands that ended that day. The **casino's
  revenue** is what the house accounts booked: commission and rake + the house bank's result.
  What players staked and was not paid back that day is theirs still (a bank held from coup to
  coup, a pot carried to the next deal, a prize fund): it is shown apart, as is the turnover
  between players at a place where the house banks nothing;
- the sportsbook, per sport and market kind: fixed-odds bets placed in the period (turnover,
  what is still open, what the settled ones paid, margin = turnover - open - paid), the
  exchange's bets matched in the period and the commission it booked in the period, and spread
  bets (initial margins taken, gains paid and the house's result on the closes in the period).

A report is a list of `Section`s of cells; the page and the CSV export both render those same
sections, so they cannot disagree.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Concat, StrIndex, Substr, TruncDate
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import AccountKind, Entry, HousePurpose, TransferKind
from sportsbook.models import (
    BetKind,
    BetLeg,
    BetStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeSettlement,
    Sport,
    SpreadAsset,
    SpreadClose,
    SpreadPosition,
)
from tables.engines.base import engine_for
from tables.models import Hand, Table, Tournament

MAX_DAYS = 366  # the longest range one report covers (its chart has a bar a day)


# --- the period -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Period:
    """Calendar days from `first` to `last`, both included, in the casino's time zone."""

    first: dt.date
    last: dt.date

    def __post_init__(self):
        if self.last < self.first:
            raise ValueError("a period ends on or after its first day")

    @property
    def start(self) -> dt.datetime:
        return dt.datetime.combine(self.first, dt.time.min, tzinfo=timezone.get_default_timezone())

    @property
    def end(self) -> dt.datetime:
        """The first moment after the period (midnight after its last day)."""
        after = self.last + dt.timedelta(days=1)
        return dt.datetime.combine(after, dt.time.min, tzinfo=timezone.get_default_timezone())

    def days(self) -> list[dt.date]:
        return [self.first + dt.timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def _local_day(field_name: str) -> TruncDate:
    return TruncDate(field_name, tzinfo=timezone.get_default_timezone())


# --- tables and tournaments -------------------------------------------------------------------


# The house accounts whose legs are the casino's own money at a place: its bank (a house-banked
# game's) and the one commission account. The rest a table's transfers touch holds the players'
# money for them: pots and banks in escrow, `unclaimed` (a leaver's share), a prize pool.
HOUSE_BANK_PURPOSES = (HousePurpose.TABLE, HousePurpose.GAME)


@dataclass
class PlaceDay:
    """One place (a table or a tournament) on one day, in its currency (minor units)."""

    day: dt.date
    place: str  # "table" or "tournament"
    place_id: int
    name: str
    game: str
    currency: str
    stakes: int = 0
    paid: int = 0
    refunds: int = 0
    commission: int = 0
    house_bank: int = 0  # the net of the legs on the place's house bank (its result)
    house_bank_legs: int = 0  # how many legs the house bank had (0: it took no part)
    hands: int = 0

    @property
    def revenue(self) -> int:
        """What the casino earned here: what its house accounts booked, the commission and rake
        (a tournament's casino share, CG §126, on the day it was booked) and the house bank's
        result. Money passing between players is never the casino's, whether it was paid back
        that day or is still held for them (a bank, a carried pot, a prize fund)."""
        return self.commission + self.house_bank

    @property
    def held(self) -> int:
        """The players' money that went into play here that day and was not paid back to them
        that day (negative: more came back than went in, e.g. a bank held since the day before
        returned to its holder): stakes - paid out - refunds - the casino's revenue. It stays
        theirs."""
        return self.stakes - self.paid - self.refunds - self.revenue

    @property
    def between_players(self) -> int:
        """The turnover between players: what players staked against one another where the
        house bank took no part, less what was refunded and the casino's commission or rake
        (a bank held by a player and the bets against it, a pot, a durak match, a tournament's
        prize fund). 0 where the house banked."""
        return 0 if self.house_bank_legs else self.stakes - self.refunds - self.commission


# Where a transfer's reference names its place: "table:7:hand:12" (tables.payments),
# "tournament:3" (tables.tournament).
PLACE_PREFIXES = {"table": "table:", "tournament": "tournament:"}


def _place_id(prefix: str):
    """The id that follows `prefix` in a transfer's reference, up to the next colon, in SQL."""
    rest = Substr("transfer__reference", len(prefix) + 1)
    return Substr(
        "transfer__reference",
        len(prefix) + 1,
        StrIndex(Concat(rest, Value(":")), Value(":")) - 1,
    )


def _wallet_sum(kind: str, sign: int = 1) -> Sum:
    amount = F("amount") if sign > 0 else -F("amount")
    return Sum(
        Case(
            When(account__kind=AccountKind.WALLET, transfer__kind=kind, then=amount),
            default=0,
            output_field=IntegerField(),
        )
    )


def _house_sum(purposes) -> Sum:
    return Sum(
        Case(
            When(account__kind=AccountKind.HOUSE, account__purpose__in=purposes, then=F("amount")),
            default=0,
            output_field=IntegerField(),
        )
    )


def _place_money(period: Period, prefix: str, currency: str | None) -> list[dict]:
    """Per local day, place id and currency: the wallets' stakes, payouts and refunds, and the
    house accounts' legs (the commission account's takings, the house bank's result) of the
    transfers referencing the place."""
    entries = Entry.objects.filter(
        Q(account__kind=AccountKind.WALLET)
        | Q(
            account__kind=AccountKind.HOUSE,
            account__purpose__in=(HousePurpose.COMMISSION, *HOUSE_BANK_PURPOSES),
        ),
        transfer__reference__startswith=prefix,
        transfer__created_at__gte=period.start,
        transfer__created_at__lt=period.end,
    )
    if currency:
        entries = entries.filter(currency=currency)
    return list(
        entries.annotate(day=_local_day("transfer__created_at"), place_key=_place_id(prefix))
        .values("day", "place_key", "currency")
        .annotate(
            stakes=_wallet_sum(TransferKind.STAKE, sign=-1),
            paid=_wallet_sum(TransferKind.PAYOUT),
            refunds=_wallet_sum(TransferKind.REFUND),
            commission=_house_sum((HousePurpose.COMMISSION,)),
            house_bank=_house_sum(HOUSE_BANK_PURPOSES),
            house_bank_legs=Count(
                Case(
                    When(
                        account__kind=AccountKind.HOUSE,
                        account__purpose__in=HOUSE_BANK_PURPOSES,
                        then=1,
                    ),
                    output_field=IntegerField(),
                )
            ),
        )
        .order_by()
    )


def _hands(period: Period, currency: str | None) -> dict[tuple[dt.date, int], int]:
    hands = Hand.objects.shown().filter(ended_at__gte=period.start, ended_at__lt=period.end)
    if currency:
        hands = hands.filter(table__currency=currency)
    rows = (
        hands.annotate(day=_local_day("ended_at"))
        .values("day", "table_id")
        .annotate(count=Count("id"))
        .order_by()
    )
    return {(row["day"], row["table_id"]): row["count"] for row in rows}


def place_days(period: Period, currency: str | None = None) -> list[PlaceDay]:
    """Every place with money booked or a hand ended on a day of the period, per day."""
    found: dict[tuple, PlaceDay] = {}
    money = {
        place: _place_money(period, prefix, currency) for place, prefix in PLACE_PREFIXES.items()
    }
    hands = _hands(period, currency)
    ids = {
        place: {int(r["place_key"]) for r in rows if r["place_key"].isdigit()}
        for place, rows in money.items()
    }
    ids["table"] |= {table_id for _day, table_id in hands}
    places = {
        "table": {
            t["pk"]: t
            for t in Table.objects.filter(pk__in=ids["table"]).values(
                "pk", "name", "game", "currency"
            )
        },
        "tournament": {
            t["pk"]: t
            for t in Tournament.objects.filter(pk__in=ids["tournament"]).values(
                "pk", "name", "game", "currency"
            )
        },
    }

    def row(day, place, place_id, row_currency) -> PlaceDay | None:
        known = places[place].get(place_id)
        if known is None:
            return None
        key = (day, place, place_id, row_currency)
        if key not in found:
            found[key] = PlaceDay(
                day=day,
                place=place,
                place_id=place_id,
                name=known["name"],
                game=known["game"],
                currency=row_currency,
            )
        return found[key]

    for place, rows in money.items():
        for r in rows:
            if not r["place_key"].isdigit():
                continue
            target = row(r["day"], place, int(r["place_key"]), r["currency"])
            if target is not None:
                target.stakes += r["stakes"]
                target.paid += r["paid"]
                target.refunds += r["refunds"]
                target.commission += r["commission"]
                target.house_bank += r["house_bank"]
                target.house_bank_legs += r["house_bank_legs"]
    for (day, table_id), count in hands.items():
        known = places["table"].get(table_id)
        if known is not None:
            row(day, "table", table_id, known["currency"]).hands += count
    return sorted(
        found.values(), key=lambda r: (r.day, game_name(r.game), r.name, r.place_id, r.currency)
    )


def game_name(game: str) -> str:
    try:
        return _(engine_for(game).display_name)
    except LookupError:  # a game no longer installed: its code
        return game


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
