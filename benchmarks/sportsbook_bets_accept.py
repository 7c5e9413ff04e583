"""Part 1 of `benchmarks/sportsbook_bets.py`, acceptance: worker processes placing bets through
`bet_place`, the peak of database connections against the budget, the SQL and CPU of one bet."""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass
from decimal import Decimal

import benchmarks as common
from benchmarks.ledger_transfers import _backend_cpu_seconds, _shorten
from benchmarks.sportsbook_bets_line import (
    CURRENCY,
    FUNDING,
    LINE_EVENTS,
    SIMPLE_MARKETS,
    _event,
    _new_player,
)

EXPRESS_SHARE = 0.2  # of the bets placed in the acceptance loop
QUERY_SAMPLE = 5
CPU_SAMPLE = 200
TARGET_BETS_PER_SECOND = 800


@dataclass
class Measurement:
    workers: int
    bets: int
    expresses: int
    failures: int
    seconds: float
    warmup_bets: int
    latencies_ms: list[float]
    first_error: str = ""

    @property
    def per_second(self) -> float:
        return self.bets / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, fraction: float) -> float:
        return common.percentile(sorted(self.latencies_ms), fraction)


# --- 1. acceptance: worker process --------------------------------------------------------------


def _worker(
    database_url: str,
    index: int,
    player_id: int,
    line: list[tuple[int, int, str]],
    key_prefix: str,
    warmup: float,
    seconds: float,
    barrier,
    results,
) -> None:
    report = {"index": index, "bets": 0, "expresses": 0, "failures": 0, "warmup": 0, "error": ""}

    def prepare():
        common.django_setup(database_url, log_queries=False)
        from casino.models import Player
        from sportsbook.betting.services import Selection, bet_place
        from sportsbook.models import BetKind

        player = Player.objects.get(pk=player_id)
        rng = random.Random(index)
        by_event: dict[int, list[tuple[int, Decimal]]] = {}
        for event_id, outcome_id, odds in line:
            by_event.setdefault(event_id, []).append((outcome_id, Decimal(odds)))
        events = list(by_event)
        serial = 0

        def place() -> int:
            """One bet; 1 if it was an express (counted), 0 for a single."""
            nonlocal serial
            serial += 1
            express = rng.random() < EXPRESS_SHARE
            chosen = rng.sample(events, 3 if express else 1)
            picks = [rng.choice(by_event[e]) for e in chosen]
            _bet, created = bet_place(
                player=player,
                kind=BetKind.EXPRESS if express else BetKind.SINGLE,
                selections=[Selection(pk, odds) for pk, odds in picks],
                stake=rng.randint(200, 2_000),
                currency=CURRENCY,
                idempotency_key=f"{key_prefix}:{index}:{serial}",
            )
            if not created:
                raise RuntimeError("a fresh idempotency key returned an existing bet")
            return int(express)

        return place

    common.timed_worker(
        report,
        prepare,
        warmup=warmup,
        seconds=seconds,
        barrier=barrier,
        results=results,
        done_key="bets",
        extra_key="expresses",
    )


class ConnectionPeak:
    """The most connections to the benchmark's PostgreSQL database at once while it runs
    (pg_stat_activity, sampled every 50 ms from a thread; the sampler's own connection left
    out), to hold against the connection budget: processes x DB_POOL_MAX (casino/settings.py).
    `with ConnectionPeak(url) as peak: ...`, then `peak.peak`. On SQLite it reads nothing."""

    def __init__(self, database_url: str, interval: float = 0.05):
        self.url = database_url
        self.interval = interval
        self.peak = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ConnectionPeak:
        if self.url.startswith(("postgres://", "postgresql://")):
            self._thread = threading.Thread(target=self._sample, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _sample(self) -> None:
        import psycopg

        query = (
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        with psycopg.connect(self.url, autocommit=True) as probe:
            while not self._stop.is_set():
                self.peak = max(self.peak, probe.execute(query).fetchone()[0])
                self._stop.wait(self.interval)


def pool_max() -> int:
    """DB_POOL_MAX of the processes the benchmark starts (as casino/settings.py reads it)."""
    from django.conf import settings

    if settings.configured:
        return settings.DB_POOL_MAX
    env = os.environ
    threads = int(env.get("HTTP_THREADS") or 4) + int(env.get("TABLE_THREADS") or 4)
    return int(env.get("DB_POOL_MAX") or threads + 2)


def budget_line(peak: int, processes: int) -> str:
    size = pool_max()
    budget = processes * size
    verdict = "within" if peak <= budget else "OVER"
    return (
        f"peak {peak} database connections (pg_stat_activity); budget {processes} processes x "
        f"DB_POOL_MAX {size} = {budget}: {verdict}"
    )


def _measure(context, workers: int, player_ids: list[int], line, key_prefix: str) -> Measurement:
    worker_args = [
        (context.database_url, n, player_ids[n], line, key_prefix, context.warmup, context.seconds)
        for n in range(workers)
    ]
    run = common.run_workers(_worker, worker_args, context)
    return Measurement(
        workers=workers,
        bets=sum(r["bets"] for r in run.started),
        expresses=sum(r["expresses"] for r in run.started),
        failures=sum(r["failures"] for r in run.started) + (workers - len(run.started)),
        seconds=run.window,
        warmup_bets=sum(r["warmup"] for r in run.reports),
        latencies_ms=run.latencies,
        first_error=run.errors[0] if run.errors else "",
    )


def _one_bet(player, line, key: str, express: bool) -> None:
    from sportsbook.betting.services import Selection, bet_place
    from sportsbook.models import BetKind

    seen, picks = set(), []
    for event_id, outcome_id, odds in line:
        if event_id not in seen:
            seen.add(event_id)
            picks.append(Selection(outcome_id, Decimal(odds)))
        if len(picks) == (3 if express else 1):
            break
    bet_place(
        player=player,
        kind=BetKind.EXPRESS if express else BetKind.SINGLE,
        selections=picks,
        stake=500,
        currency=CURRENCY,
        idempotency_key=key,
    )


def _sample_sql(player, line, prefix: str, express: bool) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _one_bet(player, line, f"{prefix}:warm", express)  # house accounts, caches
    with CaptureQueriesContext(connection) as captured:
        for n in range(QUERY_SAMPLE):
            _one_bet(player, line, f"{prefix}:{n}", express)
    return [q["sql"] for q in captured.captured_queries]


def _cpu_per_bet(player, line, prefix: str) -> dict[str, float | None]:
    """CPU ms per bet (singles and expresses in the loop's mix), one process, no query log."""
    from django.conf import settings
    from django.db import connection

    pid = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
    rng = random.Random(7)
    debug, settings.DEBUG = settings.DEBUG, False
    try:
        server_before = _backend_cpu_seconds(pid)
        started = time.process_time()
        wall = time.perf_counter()
        for n in range(CPU_SAMPLE):
            _one_bet(player, line, f"{prefix}:{n}", rng.random() < EXPRESS_SHARE)
        wall = (time.perf_counter() - wall) * 1000 / CPU_SAMPLE
        client = (time.process_time() - started) * 1000 / CPU_SAMPLE
        server_after = _backend_cpu_seconds(pid)
    finally:
        settings.DEBUG = debug
    server = None
    if server_before is not None and server_after is not None:
        server = (server_after - server_before) * 1000 / CPU_SAMPLE
    return {"client": client, "server": server, "wall": wall}


def _acceptance(context, tag: str) -> tuple[bool, dict]:
    from casino.ledger import cashier_deposit
    from sportsbook.models import Bet, Outcome

    ok = True
    most = max(context.worker_counts)
    events = [_event(f"Line {n}", SIMPLE_MARKETS) for n in range(LINE_EVENTS)]
    line = [
        (event_id, pk, str(odds))
        for pk, event_id, odds in Outcome.objects.filter(market__event__in=events)
        .order_by("pk")
        .values_list("pk", "market__event_id", "odds")
    ]
    players = []
    for n in range(most + 1):
        player = _new_player(f"sb-bench-{tag}-{n}")
        cashier_deposit(
            player=player,
            amount=FUNDING,
            currency=CURRENCY,
            idempotency_key=f"sb-bench:{tag}:fund:{n}",
            memo="benchmark funding",
            play_money=True,
        )
        players.append(player)
    sampler = players[-1]  # the SQL and CPU samples use a player of their own
    print(
        f"line: {LINE_EVENTS} football events x {len(SIMPLE_MARKETS)} markets = {len(line)} "
        f"outcomes; {most} players (+1 for the samples), each funded with {FUNDING:,} minor "
        f"units {CURRENCY} (play money); bets: singles and {EXPRESS_SHARE:.0%} expresses of 3"
    )
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    print()
    for express in (False, True):
        statements = _sample_sql(sampler, line, f"sb-bench:{tag}:sql:{int(express)}", express)
        label = "express of 3" if express else "single"
        print(
            f"{label}: {len(statements) / QUERY_SAMPLE:g} statements per bet (BEGIN and COMMIT "
            "included; on PostgreSQL each is one round trip):"
        )
        for sql in statements[: len(statements) // QUERY_SAMPLE]:
            print(f"    {_shorten(sql, 110)}")
    cpu = _cpu_per_bet(sampler, line, f"sb-bench:{tag}:cpu")
    print(
        f"CPU per bet, one process alone ({EXPRESS_SHARE:.0%} expresses): client "
        f"{cpu['client']:.2f} ms",
        end="",
    )
    if cpu["server"] is not None:
        total = cpu["client"] + cpu["server"]
        ceiling = (os.cpu_count() or 1) * 1000 / total if total else 0.0
        cpu["ceiling"] = ceiling
        print(
            f", PostgreSQL backend {cpu['server']:.2f} ms (wall {cpu['wall']:.2f} ms per bet);\n"
            f"  so {os.cpu_count()} core(s) with nothing else running top out near "
            f"{ceiling:,.0f} bets/s"
        )
    else:
        print(f" (wall {cpu['wall']:.2f} ms per bet)")
    common.close_connections()

    print()
    print(
        f"{'workers':>7} {'bets/s':>8} {'bets':>7} {'express':>7} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'failed':>6}"
    )
    best: dict[int, Measurement] = {}
    peaks: dict[int, int] = {}
    checks = []
    for round_no in range(1, context.repeat + 1):
        if context.repeat > 1:
            print(f"round {round_no} of {context.repeat}")
        for workers in context.worker_counts:
            prefix = f"sb-bench:{tag}:r{round_no}:{workers}w"
            with ConnectionPeak(context.database_url) as peak:
                m = _measure(context, workers, [p.pk for p in players], line, prefix)
            peaks[workers] = max(peaks.get(workers, 0), peak.peak)
            checks.append((prefix, m))
            if workers not in best or m.per_second > best[workers].per_second:
                best[workers] = m
            print(
                f"{workers:>7} {m.per_second:>8,.0f} {m.bets:>7,} {m.expresses:>7,} "
                f"{m.percentile(0.5):>7.2f} {m.percentile(0.99):>7.2f} {m.failures:>6}",
                flush=True,
            )
            if m.failures or m.first_error:
                ok = False
                print("   FAILED; first error:")
                print("   " + m.first_error.strip().replace("\n", "\n   "))
    print(f"load average after: {common.load_average()}")
    for workers, peak in sorted(peaks.items()):
        # the clients and this process, each with its own pool
        print(f"{workers} clients: " + budget_line(peak, workers + 1))
        if context.comparable and peak > (workers + 1) * pool_max():
            ok = False
    for prefix, m in checks:
        # bet_place stores "<player id>:<key>"; every accepted bet has exactly one stake transfer.
        stored = Bet.objects.filter(idempotency_key__contains=f":{prefix}:").count()
        expected = m.warmup_bets + m.bets
        if stored != expected:
            ok = False
            print(f"MISMATCH: {prefix}: workers placed {expected} bets, {stored} are stored")
        else:
            print(f"stored bets {prefix}: {stored:,} = placed (warm-up included)")
    m8 = best.get(8)
    if m8:
        met = m8.per_second >= TARGET_BETS_PER_SECOND
        print(
            f"target >= {TARGET_BETS_PER_SECOND:,} accepted bets/s with 8 clients: "
            f"{m8.per_second:,.0f}/s -> {'MET' if met else 'MISSED'}"
        )
        if context.strict and not met:
            ok = False
    return ok, {"cpu": cpu, "best": {w: m.per_second for w, m in best.items()}}
