"""The exchange's rows as the offer path reads and writes them (issue 18's speed target).

An offer is the exchange's hot path, so it speaks SQL through the connection's cursor, as
``bet_place`` and ``casino.ledger.transfer_create`` do: on this small machine building ORM
queries cost several times the database's work (benchmarks/README.md, ``exchange_e2e``). The
statements are portable between PostgreSQL and SQLite (FOR UPDATE where the database has it;
SQLite's IMMEDIATE transactions already hold its one write lock). Per offer on PostgreSQL:

1. ``market_lock``: the exchange market's row FOR SHARE and the outcome's advisory lock (one
   change of an outcome's book at a time, A7; withdrawals, the lapse and settlement take the
   row FOR UPDATE), found from the outcome, with what the offer needs besides it: the market's
   and the event's state, an earlier offer with the key, the player's wallet and escrow ids and
   the new offer's id from its sequence;
2. ``standing``: the other side's standing offers that cross. Its own statement, read after the
   lock is held: a statement that waited for the lock would see the book as it was before the
   change it waited for (PostgreSQL evaluates a statement on its snapshot);
3. ``offer_rows``: the offer's INSERT, the matched offers' UPDATE and the bets' INSERT, returned
   as data-modifying WITH clauses for the ledger's statement that claims the transfer's key and
   locks the wallet and escrow (one round trip); then the ledger's loss-limit read and booking.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection

from casino.models import Account, AccountKind, HousePurpose
from sportsbook.betting.services import _decimal  # a DECIMAL column as the ORM returns it
from sportsbook.exchange.matching import Fill, Side
from sportsbook.models import (
    Event,
    EventStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeMarket,
    ExchangeOffer,
    Market,
    OfferStatus,
    Outcome,
)

_XM = ExchangeMarket._meta.db_table
_OFFER = ExchangeOffer._meta.db_table
_BET = ExchangeBet._meta.db_table
_OUTCOME = Outcome._meta.db_table
_MARKET = Market._meta.db_table
_EVENT = Event._meta.db_table
_ACCOUNT = Account._meta.db_table


# The first key of the outcomes' advisory locks (two-key locks: their space is apart from the
# one-key locks, such as the settlement's).
OUTCOME_LOCK_CLASS = 18


def _placeholders(count: int) -> str:
    return ", ".join(["%s"] * count)


def json_in(value):
    """A JSON column as the cursor returns it (text on SQLite; text on PostgreSQL too, Django
    registers a text loader for jsonb)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


@dataclass(frozen=True)
class LockedMarket:
    """An exchange market as read under its row lock, with what an offer on it needs."""

    xm: ExchangeMarket
    outcome_id: int
    market_status: str
    started: bool  # A8: the scheduled start passed, or the actual start recorded
    existing_offer_id: int | None
    wallet_id: int | None
    escrow_id: int | None
    new_offer_id: int | None  # PostgreSQL: drawn from the offers' sequence by the lock's read


def market_lock(
    cursor, *, outcome_id: int, player_id: int, key: str, now: dt.datetime
) -> LockedMarket | None:
    """Lock the exchange market of `outcome_id` (None: the outcome is not in the line or its
    market is not on the exchange). Call inside a transaction."""
    postgres = connection.vendor == "postgresql"
    new_id = (
        f"(SELECT nextval(pg_get_serial_sequence('\"{_OFFER}\"', 'id')))" if postgres else "NULL"
    )
    # PostgreSQL: the market row FOR SHARE (what lapse, settlement and withdrawals lock FOR
    # UPDATE wait for the offers in flight, and offers for them) and the outcome's advisory lock
    # (offers on one outcome one at a time: matching is per outcome, A7), taken as the row is
    # read, before its row lock: always in that order. SQLite's IMMEDIATE transactions already
    # run one at a time.
    outcome_lock = (
        f', pg_advisory_xact_lock({OUTCOME_LOCK_CLASS}, CAST(o."id" AS INTEGER))'
        if postgres
        else ""
    )
    escrow_reference = "'xm:' || CAST(x.\"id\" AS VARCHAR) || ':' || CAST(%s AS VARCHAR)"
    sql = (
        'SELECT x."id", x."market_id", x."currency", x."commission_percent", x."min_stake", '
        'x."max_stake", x."lapsed_at", x."settled_at", x."version", m."status", '
        'e."starts_at" <= %s OR e."started_at" IS NOT NULL OR e."status" <> %s, '
        f'(SELECT "id" FROM "{_OFFER}" WHERE "idempotency_key" = %s), '
        f'(SELECT "id" FROM "{_ACCOUNT}" WHERE "kind" = %s AND "owner_id" = %s '
        'AND "currency" = x."currency"), '
        f'(SELECT "id" FROM "{_ACCOUNT}" WHERE "kind" = %s AND "purpose" = %s '
        f'AND "reference" = {escrow_reference} AND "currency" = x."currency"), '
        f"{new_id}{outcome_lock} "
        f'FROM "{_OUTCOME}" o JOIN "{_MARKET}" m ON m."id" = o."market_id" '
        f'JOIN "{_EVENT}" e ON e."id" = m."event_id" JOIN "{_XM}" x ON x."market_id" = m."id" '
        'WHERE o."id" = %s'
    )
    if postgres:
        sql += " FOR SHARE OF x"
    cursor.execute(
        sql,
        [
            connection.ops.adapt_datetimefield_value(now),
            EventStatus.SCHEDULED,
            key,
            AccountKind.WALLET,
            player_id,
            AccountKind.ESCROW,
            HousePurpose.ESCROW,
            player_id,
            outcome_id,
        ],
    )
    row = cursor.fetchone()
    if row is None:
        return None
    (pk, market_id, currency, commission, min_stake, max_stake, lapsed_at, settled_at) = row[:8]
    xm = ExchangeMarket(
        id=pk,
        market_id=market_id,
        currency=currency,
        commission_percent=_decimal(commission, 2),
        min_stake=min_stake,
        max_stake=max_stake,
        lapsed_at=lapsed_at,
        settled_at=settled_at,
        version=row[8],
    )
    xm._state.adding = False
    xm._state.db = connection.alias
    return LockedMarket(
        xm=xm,
        outcome_id=outcome_id,
        market_status=row[9],
        started=bool(row[10]),
        existing_offer_id=row[11],
        wallet_id=row[12],
        escrow_id=row[13],
        new_offer_id=row[14],
    )


@dataclass
class StandingOffer:
    """A standing offer as the match needs it; `remaining`, `matched`, `reserved` change."""

    id: int
    player_id: int
    odds: Decimal
    remaining: int
    matched: int
    reserved: int
    open_to: frozenset[int] | None  # A4: the players it is restricted to (None: everyone)


def standing(cursor, *, outcome_id: int, side: Side, limit: Decimal | None) -> list[StandingOffer]:
    """The other side's standing offers on `outcome_id` that an incoming `side` offer at `limit`
    crosses (None: any price), in time order. Call holding the market's lock."""
    sql = (
        'SELECT "id", "player_id", "odds", "remaining", "matched", "reserved", "open_to" '
        f'FROM "{_OFFER}" WHERE "outcome_id" = %s AND "side" = %s AND "status" = %s'
    )
    params: list = [outcome_id, side.other.value, OfferStatus.OPEN]
    if limit is not None:
        sql += ' AND "odds" >= %s' if side is Side.BACK else ' AND "odds" <= %s'
        params.append(limit)
    cursor.execute(sql + ' ORDER BY "id"', params)
    return [
        StandingOffer(
            pk,
            player_id,
            _decimal(odds, 3),
            remaining,
            matched,
            reserved,
            None if open_to is None else frozenset(json_in(open_to)),
        )
        for pk, player_id, odds, remaining, matched, reserved, open_to in cursor.fetchall()
    ]


@dataclass(frozen=True)
class NewOffer:
    """The incoming offer's row as matching left it."""

    xm_id: int
    outcome_id: int
    player_id: int
    side: Side
    odds: Decimal
    stake: int
    remaining: int
    matched: int
    reserved: int
    is_take: bool
    status: str
    replaces_id: int | None
    key: str
    open_to: list[int] | None
    now: dt.datetime

    def columns(self) -> dict:
        adapt = connection.ops.adapt_datetimefield_value
        open_to = (
            None if self.open_to is None else connection.ops.adapt_json_value(self.open_to, None)
        )
        return {
            "market_id": self.xm_id,
            "outcome_id": self.outcome_id,
            "player_id": self.player_id,
            "side": self.side.value,
            "odds": self.odds,
            "stake": self.stake,
            "remaining": self.remaining,
            "matched": self.matched,
            "reserved": self.reserved,
            "is_take": self.is_take,
            "status": self.status,
            "replaces_id": self.replaces_id,
            "idempotency_key": self.key,
            "open_to": open_to,
            "created_at": adapt(self.now),
            "closed_at": None if self.status == OfferStatus.OPEN else adapt(self.now),
        }

    def model(self, pk: int) -> ExchangeOffer:
        offer = ExchangeOffer(
            id=pk,
            market_id=self.xm_id,
            outcome_id=self.outcome_id,
            player_id=self.player_id,
            side=self.side.value,
            odds=self.odds,
            stake=self.stake,
            remaining=self.remaining,
            matched=self.matched,
            reserved=self.reserved,
            is_take=self.is_take,
            status=self.status,
            replaces_id=self.replaces_id,
            idempotency_key=self.key,
            open_to=self.open_to,
            created_at=self.now,
            closed_at=None if self.status == OfferStatus.OPEN else self.now,
        )
        offer._state.adding = False
        offer._state.db = connection.alias
        return offer


def _makers_sql(makers: list[StandingOffer], now: dt.datetime) -> tuple[str, list]:
    """The matched standing offers' new state, one statement joined to the new values; an offer
    left with nothing unmatched is matched (closed) now."""
    assignments = (
        '"remaining" = "v"."remaining", "matched" = "v"."matched", "reserved" = "v"."reserved", '
        f'"status" = CASE WHEN "v"."remaining" = 0 THEN %s ELSE "{_OFFER}"."status" END, '
        f'"closed_at" = CASE WHEN "v"."remaining" = 0 THEN %s ELSE "{_OFFER}"."closed_at" END'
    )
    head = [OfferStatus.MATCHED, connection.ops.adapt_datetimefield_value(now)]
    columns = [[m.id for m in makers], [m.remaining for m in makers]]
    columns += [[m.matched for m in makers], [m.reserved for m in makers]]
    if connection.vendor == "postgresql":
        return (
            f'UPDATE "{_OFFER}" SET {assignments} FROM unnest(%s::bigint[], %s::bigint[], '
            '%s::bigint[], %s::bigint[]) AS "v"("id", "remaining", "matched", "reserved") '
            f'WHERE "{_OFFER}"."id" = "v"."id"',
            head + columns,
        )
    params: list = []
    for row in zip(*columns, strict=True):
        params += row
    return (
        'WITH "v"("id", "remaining", "matched", "reserved") AS '
        f"(VALUES {', '.join(['(%s, %s, %s, %s)'] * len(makers))}) "
        f'UPDATE "{_OFFER}" SET {assignments} FROM "v" WHERE "{_OFFER}"."id" = "v"."id"',
        params + head,  # the values come first in this statement's text
    )


def _bets_sql(
    xm_id: int, outcome_id: int, offer_id: int, fills: list[Fill], now
) -> tuple[str, list]:
    """The concluded bets (BK §42); the incoming offer's side of each is `offer_id`."""
    names = (
        "market_id",
        "outcome_id",
        "back_offer_id",
        "lay_offer_id",
        "back_player_id",
        "lay_player_id",
        "odds",
        "stake",
        "lay_liability",
        "matched_at",
        "status",
    )
    matched_at = connection.ops.adapt_datetimefield_value(now)
    params: list = []
    for fill in fills:
        params += [
            xm_id,
            outcome_id,
            fill.back_offer or offer_id,
            fill.lay_offer or offer_id,
            fill.back_player,
            fill.lay_player,
            fill.odds,
            fill.stake,
            fill.lay_liability,
            matched_at,
            ExchangeBetStatus.OPEN,
        ]
    quoted = ", ".join(f'"{name}"' for name in names)
    row = f"({_placeholders(len(names))})"
    return f'INSERT INTO "{_BET}" ({quoted}) VALUES {", ".join([row] * len(fills))}', params


def offer_rows(
    cursor,
    *,
    offer: NewOffer,
    offer_id: int | None,
    makers: list[StandingOffer],
    fills: list[Fill],
) -> tuple[int, tuple[str, list] | None]:
    """Write the offer, the matched offers and the bets. With `offer_id` (PostgreSQL, drawn by
    the lock's read) nothing runs here: the statements come back as data-modifying WITH clauses
    for the ledger's statement that claims the offer's transfer (one round trip); otherwise they
    run now (None returned). Either way a concurrent offer with the same key fails on the key's
    unique index (IntegrityError). Returns the offer's id and the clauses."""
    columns = offer.columns()
    if offer_id is not None:
        columns = {"id": offer_id, **columns}
    quoted = ", ".join(f'"{name}"' for name in columns)
    insert = f'INSERT INTO "{_OFFER}" ({quoted}) VALUES ({_placeholders(len(columns))})'
    if offer_id is None:
        if connection.features.can_return_columns_from_insert:
            cursor.execute(insert + ' RETURNING "id"', list(columns.values()))
            offer_id = cursor.fetchone()[0]
        else:
            cursor.execute(insert, list(columns.values()))
            offer_id = cursor.lastrowid
        if makers:
            cursor.execute(*_makers_sql(makers, offer.now))
            cursor.execute(*_bets_sql(offer.xm_id, offer.outcome_id, offer_id, fills, offer.now))
        return offer_id, None
    clauses = [(f'"new_offer" AS ({insert})', list(columns.values()))]
    if makers:
        update, update_params = _makers_sql(makers, offer.now)
        bets, bets_params = _bets_sql(offer.xm_id, offer.outcome_id, offer_id, fills, offer.now)
        clauses += [
            (f'"makers" AS ({update})', update_params),
            (f'"bets" AS ({bets})', bets_params),
        ]
    params: list = []
    for _sql, clause_params in clauses:
        params += clause_params
    return offer_id, (", ".join(sql for sql, _params in clauses), params)


def run_rows(cursor, rows: tuple[str, list]) -> None:
    """Run WITH clauses on their own (an offer that books no transfer: nothing to join)."""
    cursor.execute(f"WITH {rows[0]} SELECT 1", rows[1])
