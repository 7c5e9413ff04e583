"""Settling an event's bets against its official result, set-based (issue 4 §5).

One run (`event_settle`):
1. lock the event row; settle every market once with the pure rules (`sportsbook.settlement`),
   per bet context only for the few context-sensitive kinds;
2. write each leg's result with one UPDATE per event (context-free legs) rather than per leg;
3. settle the bets touched, in chunks of CHUNK bets by ascending id (bounded memory): each chunk is
   one transaction with one ledger transfer for all of its bets (stakes-held -> wallets and book),
   the bets' new status and payout, and one BetSettlement row per bet.

A bet is settled when all its legs are. Only the difference from a bet's previous payout is
booked, so running a settlement twice pays once, and a corrected result (E33) books exactly the
change. A chunk that crashed halfway is simply run again.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, roles
from casino.models import Account, AccountKind, Player, TransferKind
from sportsbook.betting.services import (
    announce_liability,
    book_account,
    receivable_account,
    stakes_held_account,
)
from sportsbook.line.services import announce_result
from sportsbook.models import (
    BetKind,
    BetLeg,
    BetSettlement,
    BetStatus,
    Event,
    Market,
    MarketStatus,
    SettlementReason,
    SettlementRun,
)
from sportsbook.settlement import VOID, BetContext, Settled
from sportsbook.settlement import bets as bet_math
from sportsbook.settlement.bets import Leg
from sportsbook.settlement.grading import PRE_MATCH
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.results import EventResult

# Bets per chunk: memory stays bounded (~20 MB of growth whatever the event's number of bets),
# and fewer chunks mean fewer wallet rows updated (each chunk pays each of its players once).
CHUNK = 10_000

log = logging.getLogger(__name__)


def due_event_ids(now: dt.datetime | None = None) -> list[int]:
    now = now or timezone.now()
    return list(
        Event.objects.filter(
            settle_due_at__lte=now, result__isnull=False, payouts_held=False
        ).values_list("pk", flat=True)
    )


def settle_due(now: dt.datetime | None = None) -> int:
    """What the sweepers call: settle every event whose time has come (SB §6.1)."""
    settled = 0
    for event_id in due_event_ids(now):
        run = event_settle(event_id=event_id, reason=SettlementReason.SCHEDULED, now=now)
        settled += 1 if run is not None else 0
    return settled


# --- step 1 and 2: the legs ----------------------------------------------------------------------


def _leg_context(leg: dict, event: Event) -> BetContext:
    score = leg["score_at_placement"]
    return BetContext(
        live=leg["live"],
        score_at_placement=tuple(score) if score else None,
        placed_minute=leg["placed_minute"],
        placed_after_start=(
            not leg["live"]
            and event.started_at is not None
            and leg["bet__placed_at"] > event.started_at
        ),
    )


def _settle_legs(event: Event, result: EventResult) -> None:
    """Every market once for the ordinary bet (pre-match, accepted before the start), written to
    its outcomes (one row per outcome, whatever the number of bets); then the other legs (live,
    or accepted after the start, E13) once per distinct context of their kind, written to them."""
    markets = {m.pk: m for m in Market.objects.filter(event=event).prefetch_related("outcomes")}
    outcome_rows = []
    for market in markets.values():
        settled = KINDS[market.kind].settle(result, market.params, PRE_MATCH)
        outcome_rows += [(o.pk, settled[o.code]) for o in market.outcomes.all()]
    _update_results("sportsbook_outcome", outcome_rows)

    others = BetLeg.objects.filter(outcome__market__event=event)
    if event.started_at is not None:
        others = others.filter(Q(live=True) | Q(bet__placed_at__gt=event.started_at))
    else:
        others = others.filter(live=True)
    cache: dict[tuple, dict[str, Settled]] = {}
    rows = []
    for leg in others.values(
        "pk",
        "outcome__code",
        "outcome__market_id",
        "live",
        "score_at_placement",
        "placed_minute",
        "bet__placed_at",
    ).iterator(chunk_size=CHUNK):
        market = markets[leg["outcome__market_id"]]
        kind = KINDS[market.kind]
        context = _leg_context(leg, event)
        key = (market.pk, kind.context_key(context))
        if key not in cache:
            cache[key] = _settle_in_context(kind, result, market, context)
        rows.append((leg["pk"], cache[key][leg["outcome__code"]]))
    _update_results("sportsbook_betleg", rows)
    Market.objects.filter(event=event).update(status=MarketStatus.SETTLED)


def _settle_in_context(kind, result: EventResult, market: Market, context: BetContext):
    """A live leg whose recorded moment contradicts the official result (a rest-of-the-match bet
    accepted at a score above the final one, after a correction) cannot be graded: it is void
    (docs/rules-decisions.md), and the rest of the event still settles."""
    try:
        return kind.settle(result, market.params, context)
    except ValueError:
        log.warning("market %s: a bet's context contradicts the result; void", market.pk)
        return dict.fromkeys(kind.outcomes(market.params), VOID)


def _values(rows: list[tuple[int, Settled]]) -> tuple[str, list]:
    return (
        ", ".join(["(%s, %s, %s)"] * len(rows)),
        [value for pk, s in rows for value in (pk, str(s.win), str(s.void))],
    )


def _update_results(table: str, rows: list[tuple[int, Settled]]) -> None:
    """WITH v AS (VALUES ...) UPDATE ... FROM v: one statement for many rows' results (PostgreSQL
    and SQLite >= 3.33 both have UPDATE ... FROM)."""
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 500):
            values, params = _values(rows[start : start + 500])
            cursor.execute(
                f"WITH v(k, win, void) AS (VALUES {values}) "
                f"UPDATE {table} SET win = v.win, void = v.void FROM v WHERE {table}.id = v.k",
                params,
            )


# --- step 3: the bets ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _share(text: str) -> Fraction:
    return Fraction(text)


@functools.lru_cache(maxsize=8192)
def _leg_of(odds: str, win: str, void: str) -> Leg:
    """A settled leg from its stored text; a chunk's legs repeat a few odds and results, so each
    distinct one is parsed once (Leg and Settled are immutable). The odds are read as text
    (exact on both databases: SQLite's REAL gives its shortest decimal text, "1.9")."""
    return Leg(Decimal(odds), Settled(_share(win), _share(void)))


@functools.lru_cache(maxsize=8192)
def _leg_terms(odds: str, win: str, void: str) -> tuple[int, int, bool, bool]:
    """The leg's exact K_eff as (numerator, denominator), whether it is wholly returned and
    whether wholly won: all a single's or an express's payout and status need, per distinct
    (odds, result) once."""
    leg = _leg_of(odds, win, void)
    coefficient = leg.coefficient
    return (
        coefficient.numerator,
        coefficient.denominator,
        leg.settled.void == 1,
        leg.settled.win == 1,
    )


# A leg as read for grading: (bet id, odds as text, win, void, is banker).
LegRow = tuple[int, str, str | None, str | None, bool]


def bet_payout(kind: str, stake: int, system_size: int | None, legs: list[LegRow]) -> int:
    """The bet's total return from its legs' results (SB §2.2–§2.5, E2, E3, E7). A single or an
    express is stake x the product of its legs' K_eff, rounded down once (E34): exact integer
    arithmetic on the coefficients' numerators and denominators, as `bets.express_return`."""
    if kind != BetKind.SYSTEM:
        numerator = denominator = 1
        for _bet, odds, win, void, _banker in legs:
            top, bottom, _void, _won = _leg_terms(odds, win, void)
            numerator *= top
            denominator *= bottom
        return stake * numerator // denominator
    settled = [(_leg_of(odds, win, void), banker) for _bet, odds, win, void, banker in legs]
    return bet_math.system_return(
        stake,
        [one for one, banker in settled if not banker],
        system_size,
        bankers=[one for one, banker in settled if banker],
    )


def bet_status(payout: int, legs: list[LegRow]) -> str:
    if payout == 0:
        return BetStatus.LOST
    terms = [_leg_terms(odds, win, void) for _bet, odds, win, void, _banker in legs]
    if all(term[2] for term in terms):
        return BetStatus.VOID
    if all(term[3] for term in terms):
        return BetStatus.WON
    return BetStatus.PART


QUEUE = "sportsbook_settle_queue"


def _queue_affected_bets(event: Event) -> None:
    """Every bet with a leg on this event, written once into a temporary table of this database
    session (set-based: nothing is held in Python), so each chunk is then read by the queue's
    primary key instead of searching the event's legs again (which grew with every chunk)."""
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMP TABLE IF NOT EXISTS {QUEUE} (bet_id bigint PRIMARY KEY)")
        cursor.execute(f"DELETE FROM {QUEUE}")
        cursor.execute(
            f"INSERT INTO {QUEUE} (bet_id) SELECT DISTINCT l.bet_id FROM sportsbook_betleg l "
            "JOIN sportsbook_outcome o ON o.id = l.outcome_id "
            "JOIN sportsbook_market m ON m.id = o.market_id WHERE m.event_id = %s",
            [event.pk],
        )
        if connection.vendor == "postgresql":
            cursor.execute(f"ANALYZE {QUEUE}")  # temporary tables are never analysed by autovacuum


def _events_of_queued_bets() -> list[int]:
    """The events of every leg of the queued bets: the settled event, and those whose liability
    an express or system settled here changed (a lost leg ends its worst case elsewhere too)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT m.event_id FROM {QUEUE} q "
            "JOIN sportsbook_betleg l ON l.bet_id = q.bet_id "
            "JOIN sportsbook_outcome o ON o.id = l.outcome_id "
            "JOIN sportsbook_market m ON m.id = o.market_id"
        )
        return [row[0] for row in cursor.fetchall()]


def _affected_bet_ids(after: int, size: int | None = None) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT bet_id FROM {QUEUE} WHERE bet_id > %s ORDER BY bet_id LIMIT %s",
            [after, size or CHUNK],
        )
        return [row[0] for row in cursor.fetchall()]


@dataclass
class _Chunk:
    """A chunk's bets read and graded: what changes, ready to be booked and written. The changed
    bets are kept as columns (one list per field, not an object per bet): the bets' UPDATE and
    the BetSettlement rows are written from the same lists."""

    key: int  # the chunk's first bet id: part of its transfer's idempotency key
    money: _ChunkMoney
    ids: list[int] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    payouts: list[int] = field(default_factory=list)
    previous: list[int | None] = field(default_factory=list)


def _grade_chunk(bet_ids: list[int]) -> _Chunk:
    """Read the bets and their legs and work out each bet's payout (on this thread's database
    connection); a bet whose payout is unchanged, or with a leg still open, is left out."""
    bets, legs_by_bet = _read_chunk(bet_ids)
    chunk = _Chunk(key=bet_ids[0], money=_ChunkMoney())
    add_money = chunk.money.add
    ids, statuses, payouts, previous_payouts = (
        chunk.ids,
        chunk.statuses,
        chunk.payouts,
        chunk.previous,
    )
    for bet_id, player_id, kind, stake, currency, system_size, previous in bets:
        legs = legs_by_bet[bet_id]
        if any(leg[2] is None for leg in legs):
            continue  # another of its events is not settled yet
        payout = bet_payout(kind, stake, system_size, legs)
        if previous == payout:
            continue  # already settled on this result: nothing changes
        add_money(bet_id, player_id, currency, stake, payout, previous)
        ids.append(bet_id)
        statuses.append(bet_status(payout, legs))
        payouts.append(payout)
        previous_payouts.append(previous)
    return chunk


def _write_chunk(run: SettlementRun, chunk: _Chunk, now: dt.datetime) -> int:
    """Book the chunk's money and record its bets' new payouts, in one transaction holding the
    settlement lock (re-entrant: a pipelined run holds it for its whole length)."""
    if not chunk.ids:
        return 0
    with transaction.atomic():
        _one_settlement_at_a_time()
        corrected = run.reason == SettlementReason.CORRECTION
        owed = chunk.money.book(
            key=lambda currency: f"{run.reference}:{currency}:{chunk.key}",
            kind=TransferKind.REVERSAL if corrected else TransferKind.PAYOUT,
            memo=(_("Settlement corrected: %(event)s") if corrected else _("Settlement: %(event)s"))
            % {"event": run.event},
            reference=run.reference,
        )
        debts = [owed.get(bet_id, 0) for bet_id in chunk.ids] if owed else None
        _write_bets(chunk.ids, chunk.statuses, chunk.payouts, debts, now)
        _record_settlements(run, chunk)
    return len(chunk.ids)


def _settle_chunk(run: SettlementRun, bet_ids: list[int], now: dt.datetime) -> int:
    """One transaction: take the settlement lock, grade the chunk, book and record it."""
    with transaction.atomic():
        _one_settlement_at_a_time()
        return _write_chunk(run, _grade_chunk(bet_ids), now)


def _grade_on_own_connection(bet_ids: list[int]) -> _Chunk:
    try:
        return _grade_chunk(bet_ids)
    finally:
        connection.close()  # this thread's own connection


def _settle_bets(run: SettlementRun, now: dt.datetime) -> int:
    """Settle the queued bets chunk by chunk.

    On PostgreSQL, outside a caller's transaction, the next chunk is read and graded on a second
    connection (a thread) while this one books and writes the current chunk: the Python work of
    one overlaps the database's work of the other. The run holds the settlement lock for its
    whole length (a session lock), so no other settlement changes these bets between grading
    and writing, and chunks are disjoint. Elsewhere (SQLite; a caller's transaction, which a
    second connection could not see into, as in most tests) each chunk is graded and written in
    one transaction under the lock, one after another."""
    total, after = 0, 0
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        while bet_ids := _affected_bet_ids(after):
            total += _settle_chunk(run, bet_ids, now)
            after = bet_ids[-1]
        return total
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [SETTLEMENT_LOCK])
    try:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="settle-grade") as grader:
            # A small first chunk: writing starts sooner, so more of the grading overlaps it.
            bet_ids = _affected_bet_ids(after, max(1, CHUNK // 4))
            graded = grader.submit(_grade_on_own_connection, bet_ids) if bet_ids else None
            while graded is not None:
                chunk = graded.result()
                after = bet_ids[-1]
                bet_ids = _affected_bet_ids(after)
                graded = grader.submit(_grade_on_own_connection, bet_ids) if bet_ids else None
                total += _write_chunk(run, chunk, now)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [SETTLEMENT_LOCK])
    return total


def _pg_array(values) -> str:
    """A PostgreSQL array literal ("{1,2,NULL}") of integers, None or plain codes, sent as one
    text parameter and cast in SQL: the driver then has one string to pass, not a Python list
    to walk element by element (which cost more than the statement itself for 10,000 bets)."""
    return "{" + ",".join(["NULL" if v is None else str(v) for v in values]) + "}"


def _pg_list(values: list) -> str:
    """As `_pg_array`, for integers or codes only (the common case, without the None test)."""
    return "{" + ",".join(map(str, values)) + "}"


def _read_chunk(bet_ids: list[int]) -> tuple[list[tuple], dict[int, list[LegRow]]]:
    """The chunk's bets and all their legs, by id (one array parameter on PostgreSQL); a leg
    without its own result takes its outcome's. A bet staff cancelled (SB §1.10) is left out:
    it stays returned at odds 1 whatever its events' results (sportsbook.betting.cancellations).
    Rows stay tuples: bets (id, player_id, kind, stake, currency, system_size, payout), legs
    `LegRow`."""
    if connection.vendor == "postgresql":
        among, params = "= ANY(%s::bigint[])", [_pg_list(bet_ids)]
    else:
        among, params = f"IN ({', '.join(['%s'] * len(bet_ids))})", bet_ids
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT b.id, b.player_id, b.kind, b.stake, b.currency, b.system_size, b.payout "
            f"FROM sportsbook_bet b WHERE b.id {among} AND b.cancelled_at IS NULL ORDER BY b.id",
            params,
        )
        bets = cursor.fetchall()
        cursor.execute(
            "SELECT l.bet_id, CAST(l.odds AS TEXT), COALESCE(l.win, o.win), "
            "COALESCE(l.void, o.void), l.is_banker FROM sportsbook_betleg l "
            f"JOIN sportsbook_outcome o ON o.id = l.outcome_id WHERE l.bet_id {among}",
            params,
        )
        legs_by_bet: dict[int, list[LegRow]] = defaultdict(list)
        for row in cursor.fetchall():
            legs_by_bet[row[0]].append(row)
    return bets, legs_by_bet


SETTLEMENT_LOCK = 7_100_611  # any constant: the advisory lock's key


def _one_settlement_at_a_time() -> None:
    """Chunks of any settlement run one at a time (two processes settling the same bets, or two
    events of one express: the second sees the first's payouts). One advisory lock per chunk
    instead of a row lock on each of its bets, which cost a write per bet on PostgreSQL; SQLite's
    IMMEDIATE transactions are one at a time already. Only settlement writes a bet's payout."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SETTLEMENT_LOCK])


def _record_settlements(run: SettlementRun, chunk: _Chunk) -> None:
    """One BetSettlement row per changed bet: its payout, previous payout and status."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO sportsbook_betsettlement (run_id, bet_id, payout, previous_payout, "
                "status) SELECT %s, * FROM unnest(%s::bigint[], %s::bigint[], %s::bigint[], "
                "%s::varchar[])",
                [
                    run.pk,
                    _pg_list(chunk.ids),
                    _pg_list(chunk.payouts),
                    _pg_array(chunk.previous),
                    _pg_list(chunk.statuses),
                ],
            )
        return
    BetSettlement.objects.bulk_create(
        [
            BetSettlement(
                run=run, bet_id=bet_id, payout=payout, previous_payout=before, status=status
            )
            for bet_id, payout, before, status in zip(
                chunk.ids, chunk.payouts, chunk.previous, chunk.statuses, strict=True
            )
        ]
    )


class _ChunkMoney:
    """What a chunk of bets moves, per currency: wallets (net per player), stakes-held, book."""

    def __init__(self):
        self.wallets: dict[tuple[int, str], int] = defaultdict(int)
        self.held: dict[str, int] = defaultdict(int)
        self.book_result: dict[str, int] = defaultdict(int)
        self.taken_back: dict[tuple[int, str], list[tuple[int, int]]] = defaultdict(list)

    def add(
        self,
        bet_id: int,
        player_id: int,
        currency: str,
        stake: int,
        payout: int,
        previous: int | None,
    ) -> None:
        """A bet's payout goes from `previous` (None: never settled) to `payout`."""
        change = payout - (previous or 0)
        self.wallets[(player_id, currency)] += change
        if previous is None:  # first settlement: the stake leaves stakes-held
            self.held[currency] -= stake
            self.book_result[currency] += stake - payout
        else:
            self.book_result[currency] -= change
            if change < 0:
                self.taken_back[(player_id, currency)].append((bet_id, -change))

    def book(
        self,
        *,
        key: Callable[[str], str],
        kind: str,
        memo: str,
        reference: str,
        created_by: Player | None = None,
    ) -> dict[int, int]:
        """Book one transfer per currency (idempotency key `key(currency)`). A correction takes
        back what a wallet still holds; what it no longer holds is booked to
        `sportsbook/receivable` and owed on the bets (E33). Returns bet id -> amount owed."""
        wallets = _wallets(self.wallets)
        balances = _lock_wallets(sorted(a.pk for a in wallets.values()))
        debts = _debts_owed([key for key, amount in self.wallets.items() if amount > 0])
        owed: dict[int, int] = {}
        repaid: dict[int, int] = {}
        for currency in sorted(
            set(self.held) | set(self.book_result) | {c for _p, c in self.wallets}
        ):
            legs, receivable = [], 0
            owed_here: dict[int, int] = {}
            repaid_here: dict[int, int] = {}
            for (player_id, wallet_currency), amount in sorted(self.wallets.items()):
                if wallet_currency != currency or not amount:
                    continue
                wallet = wallets[(player_id, currency)]
                shortfall = max(0, -amount - balances[wallet.pk])
                if shortfall:
                    receivable += shortfall
                    owed_here.update(_spread(self.taken_back[(player_id, currency)], shortfall))
                # E33: what an earlier correction left owing is repaid first from a credit
                repayment = _spread(debts.get((player_id, currency), []), max(0, amount))
                receivable -= sum(repayment.values())
                repaid_here.update(repayment)
                credited = amount + shortfall - sum(repayment.values())
                if credited:
                    legs.append((wallet, credited))
            if receivable:
                legs.append((receivable_account(currency), -receivable))
            if self.held.get(currency):
                legs.append((stakes_held_account(currency), self.held[currency]))
            if self.book_result.get(currency):
                legs.append((book_account(currency), self.book_result[currency]))
            if not legs:
                continue
            booked = ledger.transfer_create(
                idempotency_key=key(currency),
                kind=kind,
                legs=legs,
                memo=memo,
                reference=reference,
                created_by=created_by,
            )
            if booked.created:  # a transfer found by its key changed the debts already
                owed.update(owed_here)
                repaid.update(repaid_here)
        _repay_debts(repaid)
        return owed


def _lock_wallets(ids: list[int]) -> dict[int, int]:
    """Lock the chunk's wallets in ascending id order (the ledger's one lock order) and read
    their balances, in one statement (not a model instance per wallet)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT id, balance FROM casino_account WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
                [ids],
            )
        else:  # SQLite: the IMMEDIATE transaction holds the database's one write lock
            marks = ", ".join(["%s"] * len(ids))
            cursor.execute(f"SELECT id, balance FROM casino_account WHERE id IN ({marks})", ids)
        return dict(cursor.fetchall())


def _debts_owed(keys: list[tuple[int, str]]) -> dict[tuple[int, str], list[tuple[int, int]]]:
    """(player, currency) -> [(bet id, debt)], oldest bet first, for the players of `keys` who
    owe on any bet (E33); read through the partial index of bets with a debt."""
    if not keys:
        return {}
    wanted = set(keys)
    players = sorted({player_id for player_id, _currency in wanted})
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT player_id, currency, id, debt FROM sportsbook_bet "
                "WHERE debt > 0 AND player_id = ANY(%s::bigint[]) ORDER BY id",
                [_pg_list(players)],
            )
        else:
            marks = ", ".join(["%s"] * len(players))
            cursor.execute(
                "SELECT player_id, currency, id, debt FROM sportsbook_bet "
                f"WHERE debt > 0 AND player_id IN ({marks}) ORDER BY id",
                players,
            )
        debts: dict[tuple[int, str], list[tuple[int, int]]] = defaultdict(list)
        for player_id, currency, bet_id, debt in cursor.fetchall():
            if (player_id, currency) in wanted:
                debts[(player_id, currency)].append((bet_id, debt))
    return debts


def _repay_debts(repaid: dict[int, int]) -> None:
    """Lower the debts the credits of this transfer repaid (the settlement lock is held, so
    nobody else changes them meanwhile)."""
    with connection.cursor() as cursor:
        for bet_id, amount in sorted(repaid.items()):
            cursor.execute(
                "UPDATE sportsbook_bet SET debt = debt - %s WHERE id = %s AND debt >= %s",
                [amount, bet_id, amount],
            )
            if cursor.rowcount != 1:
                raise RuntimeError(f"bet {bet_id} no longer owes {amount}")


def _spread(taken_back: list[tuple[int, int]], shortfall: int) -> dict[int, int]:
    """Owe the shortfall on the bets whose payouts were cut, first bets first."""
    owed = {}
    for bet_id, amount in taken_back:
        part = min(amount, shortfall)
        if part:
            owed[bet_id] = part
            shortfall -= part
    return owed


def _wallets(keys) -> dict[tuple[int, str], Account]:
    wallets = {
        (a.owner_id, a.currency): a
        for a in Account.objects.filter(
            kind=AccountKind.WALLET,
            owner_id__in={p for p, _c in keys},
            currency__in={c for _p, c in keys},
        )
    }
    for player_id, currency in keys:
        if (player_id, currency) not in wallets:
            wallets[(player_id, currency)] = ledger.wallet_for(Player(pk=player_id), currency)
    return wallets


def _write_bets(
    ids: list[int],
    statuses: list[str],
    payouts: list[int],
    debts: list[int] | None,
    now: dt.datetime,
) -> None:
    """The bets' new status and payout; `debts`: what each now owes besides (E33), None for
    nothing owed."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One statement per chunk, its values as arrays sent as text literals: a short
            # query text and four string parameters.
            if debts is None:
                cursor.execute(
                    "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                    "settled_at = %s FROM unnest(%s::bigint[], %s::varchar[], %s::bigint[]) "
                    "AS v(k, status, payout) WHERE sportsbook_bet.id = v.k",
                    [now, _pg_list(ids), _pg_list(statuses), _pg_list(payouts)],
                )
                return
            cursor.execute(
                "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                "debt = sportsbook_bet.debt + v.debt, settled_at = %s "
                "FROM unnest(%s::bigint[], %s::varchar[], %s::bigint[], %s::bigint[]) "
                "AS v(k, status, payout, debt) WHERE sportsbook_bet.id = v.k",
                [now, _pg_list(ids), _pg_list(statuses), _pg_list(payouts), _pg_list(debts)],
            )
            return
        updates = list(zip(ids, statuses, payouts, debts or [0] * len(ids), strict=True))
        for start in range(0, len(updates), 500):
            part = updates[start : start + 500]
            values = ", ".join(["(%s, %s, %s, %s)"] * len(part))
            cursor.execute(
                f"WITH v(k, status, payout, debt) AS (VALUES {values}) "
                "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                "debt = sportsbook_bet.debt + v.debt, settled_at = %s FROM v "
                "WHERE sportsbook_bet.id = v.k",
                [*[value for row in part for value in row], now],
            )


# --- the run ---------------------------------------------------------------------------------


def event_settle(
    *,
    event_id: int,
    reason: str = SettlementReason.ON_DEMAND,
    staff: Player | None = None,
    now: dt.datetime | None = None,
) -> SettlementRun | None:
    """Settle (or re-settle) one event on its current result. None when there is nothing to do
    (no result yet, or another process settled it on this result already)."""
    roles.require(staff, roles.TRADE_LINE)
    now = now or timezone.now()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.result is None or event.payouts_held:
            return None  # no result yet, or payouts held for an investigation (SB §1.10)
        last = event.settlement_runs.order_by("-number").first()
        if last is not None and last.result == event.result and event.settle_due_at is None:
            return None
        corrected = last is not None and (
            last.result != event.result or last.reason == SettlementReason.CORRECTION
        )
        if corrected and reason in (SettlementReason.SCHEDULED, SettlementReason.ON_DEMAND):
            # settled before on another result: this run books the correction (E33). The same
            # result again is a run interrupted halfway (a crash) being finished: a correction
            # that was interrupted is finished as a correction, its transfers as reversals.
            reason = SettlementReason.CORRECTION
        number = (event.settlement_runs.aggregate(n=Max("number"))["n"] or 0) + 1
        run = SettlementRun.objects.create(
            event=event, number=number, reason=reason, result=event.result, created_by=staff
        )
        _settle_legs(event, EventResult.from_dict(event.result))
    _queue_affected_bets(event)
    total = _settle_bets(run, now)
    Event.objects.filter(pk=event.pk).update(settled_at=now, settle_due_at=None)
    # The exchange's matched bets on this event's markets (BK §52, A13: the same result).
    from sportsbook.exchange.services import exchange_settle_event

    exchange_settle_event(event_id=event.pk, now=now)
    announce_result(event.pk)
    announce_liability(_events_of_queued_bets())
    run.bets_changed = total
    return run
