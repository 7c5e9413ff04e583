"""Accepting bets (issue 4; SB §1, §2, §5): `bet_place`, and the accounts every booking of the
sportsbook's bets goes through.

Money (DESIGN.md "Money", docs/architecture.md "Sportsbook money"): an accepted stake moves from
the wallet to the house account `sportsbook/stakes-held` (sharded, so concurrent bets never queue
on one row); settlement moves it on to the wallet (winnings, refunds) and to `sportsbook/book`
(the bookmaker's result). `casino.books` checks that `stakes-held` equals the open bets' stakes.

Settlement is in `sportsbook.settlement.runner`; the rules are pure (`sportsbook.settlement`).
The line's writes are `sportsbook.line.services`; cancellations, `betting.cancellations`.
"""

from __future__ import annotations

import datetime as dt
import decimal
import json
import math
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import MINOR_UNITS, format_amount
from casino.models import (
    Account,
    AccountKind,
    HousePurpose,
    Player,
    TransferKind,
)
from casino.realtime import group_send_all
from sportsbook.betting import moves
from sportsbook.models import (
    LINE_CURRENCY,
    Bet,
    BetKind,
    BetLeg,
    BetStatus,
    BettorSettings,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    MarketStatus,
    OddsPolicy,
    Outcome,
    PlayerStakeLimit,
)
from sportsbook.settlement import bets as bet_math

STAKES_HELD = "stakes-held"
BOOK = "book"
RECEIVABLE = "receivable"

# SB §5.1: the minimum stake in these currencies; any other is the equivalent of 0.5 USD.
MINIMUM_STAKE = {
    "USD": Decimal("1"),
    "EUR": Decimal("1"),
    "UAH": Decimal("5"),
    "RUB": Decimal("20"),
}
MINIMUM_STAKE_USD_EQUIVALENT = Decimal("0.5")


class BetRefused(Exception):
    """A bet the book will not accept; str() is a sentence for that player."""


class OddsChanged(BetRefused):
    """SB §1.7: the odds moved since the slip was filled; the player must confirm the new ones."""

    def __init__(self, changes: dict[int, tuple[Decimal, Decimal]]):
        self.changes = changes  # outcome id -> (odds the player saw, odds now)
        super().__init__(_("The odds have changed. Check the new odds and confirm your bet."))


@dataclass(frozen=True)
class Selection:
    outcome_id: int
    odds_seen: Decimal
    banker: bool = False


# --- money helpers -----------------------------------------------------------------------------


def stakes_held_account(currency: str):
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, STAKES_HELD)


def book_account(currency: str):
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, BOOK)


def receivable_account(currency: str):
    """What players owe after a correction took back more than their wallet held (E33)."""
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def usd_rate(currency: str, rates: dict[str, Decimal | None] | None = None) -> Decimal:
    """Units of `currency` per 1 USD, as staff keep them (E31). `rates`: rates already read
    (None for a currency that has none), so a bet does not ask again."""
    if currency == "USD":
        return Decimal(1)
    if rates is not None and currency in rates:
        rate = rates[currency]
    else:
        rate = (
            ExchangeRate.objects.filter(currency=currency).values_list("per_usd", flat=True).first()
        )
    if rate is None:
        raise BetRefused(
            _("Bets in %(currency)s are not taken until the book has an exchange rate for it.")
            % {"currency": currency}
        )
    return rate


def convert_minor(
    amount: int,
    source: str,
    target: str,
    *,
    round_up: bool = False,
    rates: dict[str, Decimal | None] | None = None,
) -> int:
    """`amount` minor units of `source` in minor units of `target` at the staff-kept rates;
    rounded down, or up where a minimum must not be undercut (E31)."""
    if source == target:
        return amount
    major = Decimal(amount) / 10 ** MINOR_UNITS[source]
    converted = (
        major / usd_rate(source, rates) * usd_rate(target, rates) * 10 ** MINOR_UNITS[target]
    )
    if round_up:
        return int(converted.to_integral_value(rounding=ROUND_CEILING))
    return int(converted)


def minimum_stake(currency: str, rates: dict[str, Decimal | None] | None = None) -> int:
    """SB §5.1, in minor units of `currency`."""
    factor = 10 ** MINOR_UNITS[currency]
    if currency in MINIMUM_STAKE:
        return int(MINIMUM_STAKE[currency] * factor)
    usd_cents = int(MINIMUM_STAKE_USD_EQUIVALENT * 100)
    return convert_minor(usd_cents, "USD", currency, round_up=True, rates=rates)


def odds_policy_of(player: Player) -> str:
    policy = (
        BettorSettings.objects.filter(player=player).values_list("odds_policy", flat=True).first()
    )
    return policy or OddsPolicy.ASK


# --- accepting a bet ---------------------------------------------------------------------------
#
# bet_place is the sportsbook's hot path (benchmarks/README.md "sportsbook_bets"): on a small
# machine building ORM queries cost more CPU than the database's work, so it speaks SQL through
# the connection's (Django) cursor, portable between PostgreSQL and SQLite, with the query log and
# Django's error wrapping (IntegrityError) as for the ORM. Per bet on PostgreSQL, 5 statements:
# BEGIN; the line read FOR SHARE, whose extra columns bring what the bet needs besides the line
# (an earlier bet with the key, the odds policy, the player's stake and loss limits, the exchange
# rates, the wallet's and stakes-held's ids) and the bet's id from its sequence; one statement
# that INSERTs the bet and its legs, claims the stake transfer's key and locks the wallet; after
# the loss limit (read only if the player has one) the booking; COMMIT. Refusal messages are built
# from the models (a refusal may cost a query more).

_BET_TABLE = Bet._meta.db_table
_LEG_TABLE = BetLeg._meta.db_table
_OUTCOME_TABLE = Outcome._meta.db_table
_MARKET_TABLE = Market._meta.db_table
_EVENT_TABLE = Event._meta.db_table
_SETTINGS_TABLE = BettorSettings._meta.db_table
_STAKE_LIMIT_TABLE = PlayerStakeLimit._meta.db_table
_RATE_TABLE = ExchangeRate._meta.db_table
_ACCOUNT_TABLE = Account._meta.db_table
_OPEN_EVENT_STATUSES = (EventStatus.SCHEDULED, EventStatus.LIVE)  # Event.is_open_for_bets

# The next bet number, drawn once per line read (an uncorrelated subquery: one InitPlan). A bet
# refused afterwards leaves a gap, as a rolled-back INSERT would.
_NEXT_BET_ID = f"(SELECT nextval(pg_get_serial_sequence('\"{_BET_TABLE}\"', 'id')))"

# What a bet needs besides the line: scalar subqueries, read on their own or as extra columns of
# the line's FOR SHARE read (which locks only the outcome, market and event rows).
_CONTEXT_COLUMNS = (
    f'(SELECT "id" FROM "{_BET_TABLE}" WHERE "idempotency_key" = %s), '
    f'(SELECT "odds_policy" FROM "{_SETTINGS_TABLE}" WHERE "player_id" = %s), '
    f'(SELECT "max_stake" FROM "{_STAKE_LIMIT_TABLE}" WHERE "player_id" = %s AND "currency" = %s), '
    f'(SELECT "per_usd" FROM "{_RATE_TABLE}" WHERE "currency" = %s), '
    f'(SELECT "per_usd" FROM "{_RATE_TABLE}" WHERE "currency" = %s), '
    f'(SELECT "id" FROM "{_ACCOUNT_TABLE}" '
    'WHERE "kind" = %s AND "owner_id" = %s AND "currency" = %s), '
    f'(SELECT "id" FROM "{_ACCOUNT_TABLE}" '
    'WHERE "kind" = %s AND "purpose" = %s AND "reference" = %s AND "currency" = %s)'
)


def _decimal(value, places: int) -> Decimal | None:
    """A DECIMAL column read through the cursor, as the ORM returns it (SQLite gives floats)."""
    if value is None or isinstance(value, Decimal):
        return value
    return (
        decimal.Context(prec=15)
        .create_decimal_from_float(value)
        .quantize(Decimal(1).scaleb(-places))
    )


@dataclass(frozen=True)
class _Context:
    existing_bet_id: int | None
    policy: str
    stake_cap: int | None
    rates: dict[str, Decimal | None]
    wallet_id: int | None
    stakes_held_id: int | None


def _context_params(player: Player, currency: str, key: str) -> list:
    return [
        key,
        player.pk,
        player.pk,
        currency,
        currency,
        LINE_CURRENCY,
        AccountKind.WALLET,
        player.pk,
        currency,
        AccountKind.HOUSE,
        HousePurpose.SPORTSBOOK,
        STAKES_HELD,
        currency,
    ]


def _context(row, currency: str) -> _Context:
    existing, policy, cap, rate, line_rate, wallet_id, held_id = row
    return _Context(
        existing_bet_id=existing,
        policy=policy or OddsPolicy.ASK,
        stake_cap=cap,
        rates={currency: _decimal(rate, 6), LINE_CURRENCY: _decimal(line_rate, 6)},
        wallet_id=wallet_id,
        stakes_held_id=held_id,
    )


def _read_context(cursor, player: Player, currency: str, key: str) -> _Context:
    """What a bet needs besides the line, when the line read did not bring it (no row)."""
    cursor.execute(f"SELECT {_CONTEXT_COLUMNS}", _context_params(player, currency, key))
    return _context(cursor.fetchone(), currency)


@dataclass(frozen=True)
class _LineLeg:
    """A selected outcome with its market's and event's state, as read under the FOR SHARE lock."""

    outcome_id: int
    odds: Decimal
    max_stake: int
    market_id: int
    market_status: str
    in_play: bool
    event_id: int
    event_status: str
    start_time_passed: bool  # the event's starts_at <= now
    live_score: object  # the JSON column as read (text) or parsed

    def market(self) -> Market:
        """For a refusal message: the market and its event, from the models."""
        return Market.objects.select_related("event").get(pk=self.market_id)

    def score(self) -> dict:
        value = self.live_score
        return json.loads(value) if isinstance(value, (str, bytes)) else (value or {})


def _lock_line(
    cursor, outcome_ids: list[int], now: dt.datetime, *, player: Player, currency: str, key: str
) -> tuple[dict[int, _LineLeg], _Context | None, int | None]:
    """The selected outcomes with their markets and events, read so that a concurrent odds change
    or suspension waits for this bet (PostgreSQL: FOR SHARE of those rows; SQLite's IMMEDIATE
    transactions already hold the one write lock), so a bet racing a suspension sees it or
    precedes it. One statement, which also brings the bet's context (None if no outcome was
    found) and, on PostgreSQL, the id the bet will have (so its INSERT can join the statement
    that claims its stake's transfer); the start time is compared by the database as the ORM
    would."""
    new_bet_id = _NEXT_BET_ID if connection.vendor == "postgresql" else "NULL"
    sql = (
        'SELECT o."id", o."odds", o."max_stake", m."id", m."status", m."in_play", e."id", '
        f'e."status", e."starts_at" <= %s, e."live_score", {new_bet_id}, {_CONTEXT_COLUMNS} '
        f'FROM "{_OUTCOME_TABLE}" o JOIN "{_MARKET_TABLE}" m ON m."id" = o."market_id" '
        f'JOIN "{_EVENT_TABLE}" e ON e."id" = m."event_id" '
        f'WHERE o."id" IN ({", ".join(["%s"] * len(outcome_ids))}) ORDER BY o."id"'
    )
    if connection.vendor == "postgresql":
        sql += " FOR SHARE OF o, m, e"
    cursor.execute(
        sql,
        [
            connection.ops.adapt_datetimefield_value(now),
            *_context_params(player, currency, key),
            *outcome_ids,
        ],
    )
    rows = cursor.fetchall()
    legs = {
        row[0]: _LineLeg(
            outcome_id=row[0],
            odds=_decimal(row[1], 3),
            max_stake=row[2],
            market_id=row[3],
            market_status=row[4],
            in_play=bool(row[5]),
            event_id=row[6],
            event_status=row[7],
            start_time_passed=bool(row[8]),
            live_score=row[9],
        )
        for row in rows
    }
    if not rows:
        return legs, None, None
    return legs, _context(rows[0][11:], currency), rows[0][10]


def _check_selection(leg: _LineLeg) -> bool:
    """Refuse a leg the book does not take now; returns whether it is a live leg."""
    if leg.market_status != MarketStatus.OPEN:
        market = leg.market()
        raise BetRefused(
            _("“%(market)s” is suspended: bets on it are not taken right now.")
            % {"market": market.title}
            if leg.market_status == MarketStatus.SUSPENDED
            else _("“%(market)s” is closed.") % {"market": market.title}
        )
    if leg.event_status not in _OPEN_EVENT_STATUSES:
        raise BetRefused(_("%(event)s is no longer taking bets.") % {"event": leg.market().event})
    started = leg.event_status == EventStatus.LIVE or leg.start_time_passed
    if started and not (leg.in_play and leg.event_status == EventStatus.LIVE):
        # SB §1.1 and E13: once an event has started only its live markets take bets.
        market = leg.market()
        raise BetRefused(
            _("%(event)s has started: “%(market)s” is not offered live.")
            % {"event": market.event, "market": market.title}
        )
    return started


def _check_odds(
    selections: list[Selection], legs: dict[int, _LineLeg], policy: str
) -> dict[int, Decimal]:
    """SB §1.7 / E15: the odds taken are today's; a change is accepted only as the player's
    setting allows, otherwise they are shown old and new and asked to confirm."""
    changes = {}
    for selection in selections:
        now_odds = legs[selection.outcome_id].odds
        if moves.move_accepted(policy, now_odds - selection.odds_seen):
            continue
        changes[selection.outcome_id] = (selection.odds_seen, now_odds)
    if changes:
        raise OddsChanged(changes)
    return {s.outcome_id: legs[s.outcome_id].odds for s in selections}


def _check_shape(kind: str, selections: list[Selection], system_size: int | None) -> None:
    bankers = [s for s in selections if s.banker]
    if kind == BetKind.SINGLE and len(selections) != 1:
        raise BetRefused(_("A single is a bet on one outcome."))
    if kind == BetKind.EXPRESS and len(selections) < 2:
        raise BetRefused(_("An express needs at least two outcomes."))
    if kind != BetKind.SYSTEM and bankers:
        raise BetRefused(_("Only a system can have bankers."))
    if kind == BetKind.SYSTEM:
        others = len(selections) - len(bankers)
        if others < 3:
            raise BetRefused(_("A system needs at least three outcomes besides its bankers."))
        if system_size is None or not 2 <= system_size < others:
            raise BetRefused(
                _("A system N of %(m)s needs N from 2 to %(top)s.")
                % {"m": others, "top": others - 1}
            )
        if len(selections) > bet_math.MAX_SYSTEM_LEGS:
            raise BetRefused(
                _("A system has at most %(count)s outcomes.") % {"count": bet_math.MAX_SYSTEM_LEGS}
            )
    if len({s.outcome_id for s in selections}) != len(selections):
        raise BetRefused(_("The same outcome is in the slip twice."))


def _check_independent(legs: list[_LineLeg]) -> None:
    """SB §2.3 / E8: two outcomes of one event cannot be combined."""
    seen = set()
    for leg in legs:
        if leg.event_id in seen:
            raise BetRefused(
                _("Two outcomes of %(event)s cannot be combined in one bet.")
                % {"event": leg.market().event}
            )
        seen.add(leg.event_id)


def _check_stake(
    stake: int, currency: str, legs: list[_LineLeg], combinations: int, context: _Context
) -> None:
    least = minimum_stake(currency, context.rates)
    if stake < least:
        raise BetRefused(
            _("The minimum stake is %(amount)s.") % {"amount": format_amount(least, currency)}
        )
    if stake < combinations:  # E6: each combination carries at least one minor unit
        raise BetRefused(
            _("A stake of %(amount)s cannot be shared among %(count)s combinations.")
            % {"amount": format_amount(stake, currency), "count": combinations}
        )
    # SB §5.2 and E31: the lowest maximum among the legs, in the player's currency.
    maximum = min(
        convert_minor(leg.max_stake, LINE_CURRENCY, currency, rates=context.rates) for leg in legs
    )
    if stake > maximum:
        raise BetRefused(
            _("The maximum stake on this bet is %(amount)s.")
            % {"amount": format_amount(maximum, currency)}
        )
    cap = context.stake_cap
    if cap is not None and stake > cap:  # SB §5.3
        raise BetRefused(
            _("Your maximum stake per bet is %(amount)s.")
            % {"amount": format_amount(cap, currency)}
        )


def _insert_bet(
    cursor,
    *,
    bet_id: int | None,
    player: Player,
    kind,
    system_size,
    stake,
    currency,
    potential_return,
    key,
    now,
    legs: list[tuple],
) -> tuple[Bet, tuple[str, list] | None]:
    """The bet and its legs. With `bet_id` (PostgreSQL, drawn by the line read) nothing is run
    here: the INSERTs are returned as data-modifying WITH clauses for the ledger's statement that
    claims the stake's transfer, one round trip for both; otherwise they run now (None returned).
    Either way a concurrent bet with the same key fails on the key's unique index
    (IntegrityError). legs: (outcome id, odds, banker, live, score at placement, minute)."""
    bet_columns = {
        "player_id": player.pk,
        "kind": kind,
        "system_size": system_size,
        "stake": stake,
        "currency": currency,
        "potential_return": potential_return,
        "status": BetStatus.OPEN,
        "debt": 0,
        "idempotency_key": key,
        "placed_at": connection.ops.adapt_datetimefield_value(now),
    }
    if bet_id is not None:
        bet_columns = {"id": bet_id, **bet_columns}
    names = ", ".join(f'"{name}"' for name in bet_columns)
    bet_sql = (
        f'INSERT INTO "{_BET_TABLE}" ({names}) VALUES ({", ".join(["%s"] * len(bet_columns))})'
    )
    score_field = BetLeg._meta.get_field("score_at_placement")
    leg_rows = [
        [
            outcome_id,
            odds,
            banker,
            live,
            None if score is None else score_field.get_db_prep_save(score, connection),
            minute,
        ]
        for outcome_id, odds, banker, live, score, minute in legs
    ]
    legs_sql = (
        f'INSERT INTO "{_LEG_TABLE}" ("bet_id", "outcome_id", "odds", "is_banker", "live", '
        '"score_at_placement", "placed_minute") VALUES '
        + ", ".join(["(%s, %s, %s, %s, %s, %s, %s)"] * len(legs))
    )
    rows = None
    if bet_id is not None:
        params = list(bet_columns.values())
        for leg in leg_rows:
            params += [bet_id, *leg]
        rows = (f'"bet" AS ({bet_sql}), "bet_legs" AS ({legs_sql})', params)
    else:
        if connection.features.can_return_columns_from_insert:
            cursor.execute(bet_sql + ' RETURNING "id"', list(bet_columns.values()))
            bet_id = cursor.fetchone()[0]
        else:
            cursor.execute(bet_sql, list(bet_columns.values()))
            bet_id = cursor.lastrowid
        params = []
        for leg in leg_rows:
            params += [bet_id, *leg]
        cursor.execute(legs_sql, params)
    bet = Bet(
        id=bet_id,
        player=player,
        kind=kind,
        system_size=system_size,
        stake=stake,
        currency=currency,
        potential_return=potential_return,
        status=BetStatus.OPEN,
        payout=None,
        debt=0,
        idempotency_key=key,
        placed_at=now,
        settled_at=None,
    )
    bet._state.adding = False
    bet._state.db = connection.alias
    return bet, rows


def bet_place(
    *,
    player: Player,
    kind: str,
    selections: list[Selection],
    stake: int,
    currency: str,
    idempotency_key: str,
    system_size: int | None = None,
    now: dt.datetime | None = None,
) -> tuple[Bet, bool]:
    """Accept a bet or refuse it with a reason (BetRefused, OddsChanged). Returns (bet, created):
    the same idempotency key again (a double click, a retry) returns the first bet, created False.
    The stake leaves the wallet in the same transaction (SB §1.3, §1.4: accepted means final)."""
    now = now or timezone.now()
    key = f"{player.pk}:{idempotency_key}"
    if currency not in MINOR_UNITS:
        raise BetRefused(_("Bets are not taken in this currency."))
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            try:
                _check_shape(kind, selections, system_size)
            except BetRefused:
                # A double submit returns the first bet, whatever the slip says now.
                context = _read_context(cursor, player, currency, key)
                if context.existing_bet_id is not None:
                    return Bet.objects.get(pk=context.existing_bet_id), False
                raise
            line, context, new_bet_id = _lock_line(
                cursor,
                [s.outcome_id for s in selections],
                now,
                player=player,
                currency=currency,
                key=key,
            )
            if context is None:
                context = _read_context(cursor, player, currency, key)
            if context.existing_bet_id is not None:
                return Bet.objects.get(pk=context.existing_bet_id), False
            if len(line) != len(selections):
                raise BetRefused(_("An outcome in your slip is no longer in the line."))
            ordered = [line[s.outcome_id] for s in selections]
            live = {leg.outcome_id: _check_selection(leg) for leg in ordered}
            _check_independent(ordered)
            odds = _check_odds(selections, line, context.policy)
            combinations = (
                math.comb(len([s for s in selections if not s.banker]), system_size)
                if kind == BetKind.SYSTEM
                else 1
            )
            _check_stake(stake, currency, ordered, combinations, context)
            leg_rows = []
            for s in selections:
                score = line[s.outcome_id].score() if live[s.outcome_id] else None
                leg_rows.append(
                    (
                        s.outcome_id,
                        odds[s.outcome_id],
                        s.banker,
                        live[s.outcome_id],
                        score.get("score") if score is not None else None,
                        score.get("minute") if score is not None else None,
                    )
                )
            bet, bet_rows = _insert_bet(
                cursor,
                bet_id=new_bet_id,
                player=player,
                kind=kind,
                system_size=system_size if kind == BetKind.SYSTEM else None,
                stake=stake,
                currency=currency,
                potential_return=_potential_return(kind, selections, odds, stake, system_size),
                key=key,
                now=now,
                legs=leg_rows,
            )
            wallet = (
                Account(
                    id=context.wallet_id,
                    kind=AccountKind.WALLET,
                    owner_id=player.pk,
                    currency=currency,
                )
                if context.wallet_id is not None
                else ledger.wallet_for(player, currency)
            )
            held = (
                Account(
                    id=context.stakes_held_id,
                    kind=AccountKind.HOUSE,
                    purpose=HousePurpose.SPORTSBOOK,
                    reference=STAKES_HELD,
                    currency=currency,
                )
                if context.stakes_held_id is not None
                else stakes_held_account(currency)
            )
            try:
                # The ledger claims the transfer's key, locks the wallet, then (under that lock,
                # before the balance is checked) runs the responsible-gaming check, so two
                # stakes cannot both slip under a limit, and a limit set while this bet waited
                # for the lock applies to it: the limit is read after the lock, every time (read
                # with the line, before the lock, it missed a limit set meanwhile). No
                # savepoint: any error here rolls the whole bet back.
                ledger.transfer_create(
                    idempotency_key=f"bet:{bet.pk}:stake",
                    kind=TransferKind.STAKE,
                    legs=[(wallet, -stake), (held, stake)],
                    memo=_("Bet %(number)s") % {"number": bet.pk},
                    reference=bet.reference,
                    under_lock=lambda: limits.check_can_stake(player, stake, currency),
                    savepoint=False,
                    with_rows=bet_rows,
                )
            except (limits.StakeRefused, ledger.LedgerError) as refusal:
                raise BetRefused(str(refusal)) from refusal
            announce_liability(leg.event_id for leg in ordered)
    except IntegrityError:
        existing = Bet.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return existing, False
    return bet, True


def _potential_return(kind, selections, odds, stake, system_size) -> int:
    return bet_math.potential_return(
        stake,
        [odds[s.outcome_id] for s in selections if not s.banker],
        system_size if kind == BetKind.SYSTEM else None,
        [odds[s.outcome_id] for s in selections if s.banker],
    )


# --- the floor's liability feed --------------------------------------------------------------


LIABILITY_GROUP = "floor.liability"


def announce_liability(event_ids) -> None:
    """After the transaction commits: one message naming the events whose liability changed (a
    bet placed, settled or cancelled). Nothing is read for it: the floor's sockets read the
    figures themselves, so the bet's hot path pays one group send and no query."""
    events = sorted(set(event_ids))
    if events:
        message = {"type": "floor.liability", "events": events}
        transaction.on_commit(lambda: group_send_all([(LIABILITY_GROUP, message)]))
