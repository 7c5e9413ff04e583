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

This package holds the run: the legs (steps 1 and 2) and the bets' chunks (step 3); a bet's
payout and status from its legs are in ``runner.grading``, a chunk's money and rows in
``runner.money``."""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.models import Player, TransferKind
from sportsbook.betting.services import announce_liability
from sportsbook.line.services import announce_result
from sportsbook.models import BetLeg, Event, Market, MarketStatus, SettlementReason, SettlementRun
from sportsbook.settlement import VOID, BetContext, Settled
from sportsbook.settlement.grading import PRE_MATCH
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.results import EventResult
from sportsbook.settlement.runner.grading import LegRow, bet_payout, bet_status
from sportsbook.settlement.runner.money import (
    _Chunk,
    _ChunkMoney,
    _pg_list,
    _record_settlements,
    _write_bets,
)

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
