"""Tables and tournaments: per local day, game and place, the stakes, pay-outs, refunds, commission
and the house bank's result read from the ledger, and the hands that ended (``place_days``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Q,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Concat, StrIndex, Substr
from django.utils.translation import gettext as _

from casino.models import AccountKind, Entry, HousePurpose, TransferKind
from floor.reports.period import Period, _local_day
from tables.engines.base import engine_for
from tables.models import Hand, Table, Tournament

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
