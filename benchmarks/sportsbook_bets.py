"""Sportsbook: bets accepted per second, and settlement of 100,000 open bets on one event.

1. Acceptance: BENCH_WORKERS worker processes (spawn; default 1 and 8), each its own play-money
   player, place bets through `sportsbook.betting.services.bet_place` (the service the bet slip view
   calls) on a line of LINE_EVENTS events: singles, and a share of expresses of 3 legs on
   different events; each bet its own transaction with a unique idempotency key. After a warm-up
   all workers wait on a barrier and place bets for BENCH_SECONDS. Printed: bets/s over the common
   window, p50/p99 latency, failures; the SQL of one single and one express (DEBUG query log);
   CPU per bet of one process alone (client and PostgreSQL backend, from /proc) and the ceiling
   cores x 1000 / cpu_ms. Checks: stored bets == bets the workers reported.

2. Settlement: for BENCH_SETTLE_SIZES (default 20,000 and 100,000) open bets on one football
   event with every football market kind, created in bulk (as tests/sportsbook's `_random_bets`:
   Bet and BetLeg bulk_create, the stakes booked wallets -> stakes-held): singles on all its
   markets (a few of them live legs with a score at placement), expresses of 3 and systems 2/3
   whose other legs are on events settled beforehand. The event goes live, finishes, gets a
   result; then `event_settle` runs ONCE in a fresh process (spawn), so its peak RSS (VmHWM)
   growth belongs to the settlement alone. Printed: bets/s, SQL statements, CPU (client and
   PostgreSQL backend), peak RSS growth. Checks: every bet settled exactly once, sum of payouts
   = the wallets' increase, a sample of payouts recomputed from the pure rules, the books clean;
   then `event_settle` again must change nothing.

Targets (issue 4): >= 800 accepted bets/s with 8 clients; settlement >= 20,000 bets/s; a
100,000-bet settlement in bounded memory (the growth must not scale with the bet count).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import resource
import threading
import time
import traceback
import uuid
from dataclasses import dataclass
from decimal import Decimal

import benchmarks as common
from benchmarks.ledger_transfers import _backend_cpu_seconds, _shorten

CURRENCY = "BYN"
FUNDING = 100_000_000  # minor units per acceptance worker's wallet
LINE_EVENTS = 20
EXPRESS_SHARE = 0.2  # of the bets placed in the acceptance loop
QUERY_SAMPLE = 5
CPU_SAMPLE = 200
TARGET_BETS_PER_SECOND = 800
TARGET_SETTLE_PER_SECOND = 20_000
SETTLE_PLAYERS = 1_000
SETTLE_OTHER_EVENTS = 8
BULK_BATCH = 10_000
RATES = {"BYN": "3.20", "EUR": "0.92", "RUB": "90", "UAH": "41"}
# Mix of the settlement bets: singles (of which a few live), expresses of 3, systems 2 of 3.
SETTLE_MIX = {"single": 0.80, "express": 0.15, "system": 0.05}
LIVE_SHARE_OF_SINGLES = 0.03
LIVE_KINDS = ("1x2", "total", "rest_of_match")


def _settle_sizes() -> list[int]:
    """BENCH_SETTLE_SIZES=0 skips the settlement scenarios (acceptance only)."""
    value = os.environ.get("BENCH_SETTLE_SIZES", "").strip() or "20000,100000"
    return [int(part) for part in value.split(",") if part.strip() and int(part) > 0]


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
        if not self.latencies_ms:
            return 0.0
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- the line ---------------------------------------------------------------------------------


def _sport():
    from sportsbook.models import Sport

    sport, _created = Sport.objects.get_or_create(
        code="football", defaults={"name_ru": "Футбол", "name_en": "Football"}
    )
    return sport


def _event(name: str, markets: list[tuple[str, dict]], *, odds: str = "1.90"):
    """A scheduled football event two days ahead with the given markets (every outcome at
    `odds`, except a spread so payouts differ)."""
    import datetime as dt

    from django.utils import timezone

    from sportsbook.models import Competition, Event, Market, Outcome
    from sportsbook.settlement.markets import KINDS

    competition, _created = Competition.objects.get_or_create(
        sport=_sport(), name_en="Bench League", defaults={"name_ru": "Лига"}
    )
    event = Event.objects.create(
        competition=competition,
        home=f"{name} home",
        away=f"{name} away",
        starts_at=timezone.now() + dt.timedelta(days=2),
    )
    spread = ["1.25", "1.90", "2.40", "3.75", odds]
    for position, (kind, params) in enumerate(markets):
        market = Market.objects.create(
            event=event,
            kind=kind,
            params=params,
            position=position,
            in_play=kind in LIVE_KINDS,
        )
        Outcome.objects.bulk_create(
            [
                Outcome(market=market, code=code, odds=Decimal(spread[n % len(spread)]), position=n)
                for n, code in enumerate(KINDS[kind].outcomes(params))
            ]
        )
    return event


def _all_football_markets() -> list[tuple[str, dict]]:
    from sportsbook.settlement.markets import KINDS

    return [
        (code, params)
        for code, kind in KINDS.items()
        if "football" in kind.sports
        for params in kind.example_params
    ]


SIMPLE_MARKETS = [("1x2", {}), ("total", {"line": "2.5"}), ("asian_handicap", {"line": "-0.75"})]


def _set_rates() -> None:
    from sportsbook.models import ExchangeRate

    for currency, per_usd in RATES.items():
        ExchangeRate.objects.update_or_create(currency=currency, defaults={"per_usd": per_usd})


def _new_player(name: str):
    from casino.models import Player

    player, created = Player.objects.get_or_create(
        username=name, defaults={"display_name": name[:30]}
    )
    if created:
        player.set_unusable_password()
        player.save(update_fields=["password"])
    return player


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


# --- 2. settlement ------------------------------------------------------------------------------


def _fund_many(players, amount: int, key: str) -> None:
    """One play-money top-up transfer for many wallets (setup only)."""
    from casino import ledger
    from casino.models import HousePurpose, TransferKind

    bank = ledger.house_account(HousePurpose.DEMO_BANK, CURRENCY)
    ledger.transfer_create(
        idempotency_key=key,
        kind=TransferKind.TOPUP,
        legs=[(bank, -amount * len(players))]
        + [(ledger.wallet_for(p, CURRENCY), amount) for p in players],
        memo="benchmark funding",
    )


def _completed_result(seed: int) -> dict:
    from sportsbook.settlement.random_results import random_result

    rng = random.Random(seed)
    while True:
        result = random_result("football", rng)
        if result.ending == "completed" and result.to_dict().get("goals"):
            return result.to_dict()


def _score_at(result: dict, minute: int) -> list[int]:
    """The score of `result` at `minute` (what a live bet placed then saw)."""
    score = [0, 0]
    for goal in result.get("goals", []):
        if goal["minute"] <= minute:
            score[0 if goal["team"] == "1" else 1] += 1
    return score


def _bulk_bets(rng, tag: str, count: int, main, main_result, others, players) -> dict:
    """`count` open bets touching `main`, created with bulk_create in batches; the stakes of each
    batch booked wallets -> stakes-held in one transfer. Returns counts per kind."""
    from casino import ledger
    from casino.models import TransferKind
    from sportsbook.betting.services import stakes_held_account
    from sportsbook.models import Bet, BetKind, BetLeg, Outcome
    from sportsbook.settlement import bets as bet_math

    main_outcomes = list(
        Outcome.objects.filter(market__event=main).values_list("pk", "odds", "market__kind")
    )
    live_outcomes = [o for o in main_outcomes if o[2] in LIVE_KINDS]
    other_outcomes = {
        e.pk: list(Outcome.objects.filter(market__event=e).values_list("pk", "odds"))
        for e in others
    }
    other_ids = list(other_outcomes)
    wallets = {p.pk: ledger.wallet_for(p, CURRENCY) for p in players}
    held = stakes_held_account(CURRENCY)
    kinds = list(SETTLE_MIX)
    weights = list(SETTLE_MIX.values())
    counts = {"single": 0, "live single": 0, "express": 0, "system": 0}
    serial = 0
    for batch_start in range(0, count, BULK_BATCH):
        size = min(BULK_BATCH, count - batch_start)
        bets, legs, totals = [], [], {}
        for _n in range(size):
            serial += 1
            player = rng.choice(players)
            kind = rng.choices(kinds, weights)[0]
            stake = rng.randint(200, 5_000)
            leg_rows = []  # (outcome id, odds, live, score, minute)
            if kind == "single":
                live = rng.random() < LIVE_SHARE_OF_SINGLES
                pk, odds, _kind = rng.choice(live_outcomes if live else main_outcomes)
                if live:
                    minute = rng.randint(5, 85)
                    score = _score_at(main_result, minute)
                    leg_rows.append((pk, odds, True, score, minute))
                    counts["live single"] += 1
                else:
                    leg_rows.append((pk, odds, False, None, None))
                    counts["single"] += 1
            else:
                pk, odds, _kind = rng.choice(main_outcomes)
                leg_rows.append((pk, odds, False, None, None))
                for event_id in rng.sample(other_ids, 2):
                    other_pk, other_odds = rng.choice(other_outcomes[event_id])
                    leg_rows.append((other_pk, other_odds, False, None, None))
                counts[kind] += 1
            odds_list = [row[1] for row in leg_rows]
            system_size = 2 if kind == "system" else None
            bets.append(
                Bet(
                    player=player,
                    kind={"single": BetKind.SINGLE, "express": BetKind.EXPRESS}.get(
                        kind, BetKind.SYSTEM
                    ),
                    system_size=system_size,
                    stake=stake,
                    currency=CURRENCY,
                    potential_return=bet_math.potential_return(stake, odds_list, system_size, []),
                    idempotency_key=f"{player.pk}:sb-settle:{tag}:{count}:{serial}",
                )
            )
            legs.append(leg_rows)
            totals[player.pk] = totals.get(player.pk, 0) + stake
        Bet.objects.bulk_create(bets, batch_size=2_000)
        BetLeg.objects.bulk_create(
            [
                BetLeg(
                    bet=bet,
                    outcome_id=pk,
                    odds=odds,
                    live=live,
                    score_at_placement=score,
                    placed_minute=minute,
                )
                for bet, rows in zip(bets, legs, strict=True)
                for pk, odds, live, score, minute in rows
            ],
            batch_size=4_000,
        )
        ledger.transfer_create(
            idempotency_key=f"sb-settle:{tag}:{count}:stakes:{batch_start}",
            kind=TransferKind.STAKE,
            legs=[(wallets[pk], -total) for pk, total in sorted(totals.items())]
            + [(held, sum(totals.values()))],
            memo="benchmark bets (bulk)",
        )
    return counts


def _settle_child(database_url: str, event_id: int, profile: bool, results) -> None:
    """One event_settle in a process of its own, measured; then a second one."""
    report: dict = {"error": ""}
    try:
        common.django_setup(database_url, log_queries=False)
        import gc

        from django.db import connection

        from sportsbook.models import Event
        from sportsbook.settlement import runner as settlement_runner

        Event.objects.get(pk=event_id)  # connect, warm the ORM
        statements = [0]

        def count(execute, sql, params, many, context):
            statements[0] += 1
            return execute(sql, params, many, context)

        pid = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pid = cursor.fetchone()[0]
        gc.collect()
        before = _status_kb()
        maxrss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        server_before = _backend_cpu_seconds(pid)
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
        cpu = time.process_time()
        wall = time.perf_counter()
        with connection.execute_wrapper(count):
            if profiler:
                profiler.enable()
            run = settlement_runner.event_settle(event_id=event_id)
            if profiler:
                profiler.disable()
        report["seconds"] = time.perf_counter() - wall
        report["cpu"] = time.process_time() - cpu
        server_after = _backend_cpu_seconds(pid)
        report["server_cpu"] = (
            server_after - server_before
            if server_before is not None and server_after is not None
            else None
        )
        after = _status_kb()
        report["maxrss_growth_kb"] = (
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - maxrss_before
        )
        report["rss_before_kb"] = before["VmRSS"]
        report["hwm_before_kb"] = before["VmHWM"]
        report["hwm_after_kb"] = after["VmHWM"]
        report["statements"] = statements[0]
        report["run_id"] = run.pk if run is not None else None
        report["bets_changed"] = getattr(run, "bets_changed", None)
        if profiler:
            import io
            import pstats

            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("cumulative").print_stats(30)
            stats.sort_stats("tottime").print_stats(20)
            report["profile"] = out.getvalue()

        statements[0] = 0
        wall = time.perf_counter()
        with connection.execute_wrapper(count):
            again = settlement_runner.event_settle(event_id=event_id)
        report["again_seconds"] = time.perf_counter() - wall
        report["again_statements"] = statements[0]
        report["again_run"] = again.pk if again is not None else None
    except Exception:
        report["error"] = traceback.format_exc()
    results.put(report)


def _status_kb() -> dict[str, int]:
    values = {"VmRSS": 0, "VmHWM": 0}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                name, _sep, rest = line.partition(":")
                if name in values:
                    values[name] = int(rest.split()[0])
    except OSError:
        pass
    return values


def _expected_payout(bet, results: dict) -> int:
    """Recompute a bet's payout from the pure rules (pre-match legs only)."""
    from sportsbook.models import BetKind
    from sportsbook.settlement import bets as bet_math
    from sportsbook.settlement.bets import Leg
    from sportsbook.settlement.grading import PRE_MATCH
    from sportsbook.settlement.markets import KINDS
    from sportsbook.settlement.results import EventResult

    settled = []
    for leg in bet.legs.select_related("outcome__market"):
        market = leg.outcome.market
        result = EventResult.from_dict(results[market.event_id])
        outcome = KINDS[market.kind].settle(result, market.params, PRE_MATCH)[leg.outcome.code]
        settled.append(Leg(leg.odds, outcome))
    if bet.kind == BetKind.SYSTEM:
        return bet_math.system_return(bet.stake, settled, bet.system_size, bankers=[])
    return bet_math.express_return(bet.stake, settled)


def _settlement(context, tag: str, count: int, players, rng) -> tuple[bool, dict]:
    from django.db.models import Count, Sum

    from casino.models import Transfer
    from sportsbook.line.services import event_set_status
    from sportsbook.models import Bet, BetSettlement, EventStatus
    from sportsbook.settlement.runner import event_settle
    from sportsbook.settlement.services import event_result_set

    ok = True
    started = time.monotonic()
    main = _event(f"Settle {count}", _all_football_markets())
    others = [_event(f"Other {count}-{n}", SIMPLE_MARKETS) for n in range(SETTLE_OTHER_EVENTS)]
    results = {main.pk: _completed_result(count)}
    counts = _bulk_bets(rng, tag, count, main, results[main.pk], others, players)
    created = time.monotonic() - started
    # The other legs' events finish and settle first (the expresses and systems stay open).
    started = time.monotonic()
    for n, other in enumerate(others):
        results[other.pk] = _completed_result(1_000 * count + n)
        event_set_status(event_id=other.pk, status=EventStatus.FINISHED)
        event_result_set(event_id=other.pk, result=results[other.pk])
        event_settle(event_id=other.pk)
    others_seconds = time.monotonic() - started
    event_set_status(event_id=main.pk, status=EventStatus.LIVE)
    event_set_status(event_id=main.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=main.pk, result=results[main.pk])
    main.refresh_from_db()
    bet_ids = Bet.objects.filter(legs__outcome__market__event=main).distinct()
    open_before = Bet.objects.filter(pk__in=bet_ids, payout__isnull=True).count()
    markets = main.markets.count()
    print(
        f"{count:,} bets on one event ({markets} markets): {counts['single']:,} singles, "
        f"{counts['live single']:,} live singles, {counts['express']:,} expresses of 3, "
        f"{counts['system']:,} systems 2/3 (other legs on {len(others)} events settled before); "
        f"{len(players):,} players; created in {created:.1f} s, other events settled in "
        f"{others_seconds:.1f} s; {open_before:,} open"
    )
    wallets_before = _wallet_total(players)
    transfers_before = Transfer.objects.count()
    common.close_connections()

    profile = os.environ.get("BENCH_PROFILE", "") == "1"
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(
        target=_settle_child, args=(context.database_url, main.pk, profile, queue), daemon=True
    )
    child.start()
    report = queue.get(timeout=1_800)
    child.join(timeout=30)
    if report["error"]:
        print("   FAILED: " + report["error"].strip().replace("\n", "\n   "))
        return False, {}

    per_second = open_before / report["seconds"] if report["seconds"] else 0.0
    growth_mb = (report["hwm_after_kb"] - report["hwm_before_kb"]) / 1024
    server = report["server_cpu"]
    print(
        f"  event_settle: {report['seconds']:.2f} s -> {per_second:,.0f} bets/s; "
        f"{report['bets_changed']:,} bets changed; {report['statements']:,} SQL statements; "
        f"CPU client {report['cpu']:.2f} s"
        + (f", PostgreSQL backend {server:.2f} s" if server is not None else "")
    )
    print(
        f"  memory of the settling process: RSS {report['rss_before_kb'] / 1024:.0f} MB before "
        f"(peak {report['hwm_before_kb'] / 1024:.0f} MB), peak after "
        f"{report['hwm_after_kb'] / 1024:.0f} MB: peak growth {growth_mb:.1f} MB (VmHWM; "
        "ru_maxrss is no use here: a spawned child starts with its forking parent's)"
    )
    if report.get("profile"):
        print(report["profile"])

    # Every bet settled exactly once, the money adds up.
    settled = Bet.objects.filter(pk__in=bet_ids)
    still_open = settled.filter(payout__isnull=True).count()
    per_bet = (
        BetSettlement.objects.filter(bet__in=bet_ids, run__event=main)
        .values("bet")
        .annotate(n=Count("pk"))
    )
    twice = per_bet.filter(n__gt=1).count()
    recorded = BetSettlement.objects.filter(run_id=report["run_id"]).count()
    paid = settled.aggregate(total=Sum("payout"))["total"] or 0
    increase = _wallet_total(players) - wallets_before
    problems = []
    if still_open:
        problems.append(f"{still_open} bets still open")
    if twice:
        problems.append(f"{twice} bets settled more than once")
    if recorded != open_before or report["bets_changed"] != open_before:
        problems.append(
            f"{recorded} BetSettlement rows / {report['bets_changed']} changed "
            f"for {open_before} bets"
        )
    if paid != increase:
        problems.append(f"payouts {paid} but wallets rose by {increase}")
    pre_match_ids = list(settled.filter(legs__live=False).values_list("pk", flat=True))
    sample = list(Bet.objects.filter(pk__in=rng.sample(pre_match_ids, 300)))
    wrong = [b.pk for b in sample if b.payout != _expected_payout(b, results)]
    if wrong:
        problems.append(f"{len(wrong)} of {len(sample)} sampled payouts differ: {wrong[:5]}")
    # Run again: nothing to do.
    new_transfers = Transfer.objects.count() - transfers_before
    print(
        f"  checks: {open_before:,} bets, {recorded:,} settled once each, none twice, "
        f"{still_open} open; payouts {ledger_amount(paid)} = wallets' increase "
        f"{ledger_amount(increase)}; {len(sample) - len(wrong)}/{len(sample)} sampled payouts "
        f"match the pure rules; {new_transfers} payout transfers"
    )
    print(
        f"  event_settle again: {report['again_seconds'] * 1000:.0f} ms, "
        f"{report['again_statements']} statements, "
        f"{'no run (nothing to do)' if report['again_run'] is None else 'A NEW RUN'}"
    )
    if report["again_run"] is not None:
        again_rows = BetSettlement.objects.filter(run_id=report["again_run"]).count()
        if again_rows:
            problems.append(f"the second event_settle recorded {again_rows} bet settlements")
    if Transfer.objects.count() != transfers_before + new_transfers:
        problems.append("the second event_settle booked transfers")
    for problem in problems:
        ok = False
        print(f"  FAILED: {problem}")
    return ok, {"per_second": per_second, "growth_mb": growth_mb, "seconds": report["seconds"]}


def ledger_amount(minor: int) -> str:
    from casino.currencies import format_amount

    return format_amount(minor, CURRENCY)


def _wallet_total(players) -> int:
    from django.db.models import Sum

    from casino.models import Account, AccountKind

    return (
        Account.objects.filter(
            kind=AccountKind.WALLET, owner__in=[p.pk for p in players], currency=CURRENCY
        ).aggregate(total=Sum("balance"))["total"]
        or 0
    )


def _settlements(context, tag: str) -> bool:
    from casino.models import Player

    ok = True
    sizes = _settle_sizes()
    if not sizes:
        print("skipped (BENCH_SETTLE_SIZES=0)")
        return True
    Player.objects.bulk_create(
        [Player(username=f"sb-settle-{tag}-{n}", password="!") for n in range(SETTLE_PLAYERS)]
    )
    players = list(Player.objects.filter(username__startswith=f"sb-settle-{tag}-"))
    _fund_many(players, 10 * max(sizes) * 5_000 // SETTLE_PLAYERS, f"sb-settle:{tag}:fund")
    rng = random.Random(20261130)
    figures = {}
    print(f"load average before: {common.load_average()}")
    for count in sizes:
        good, figures[count] = _settlement(context, tag, count, players, rng)
        ok = good and ok
    print(f"load average after: {common.load_average()}")
    for count, figure in figures.items():
        if not figure:
            continue
        met = figure["per_second"] >= TARGET_SETTLE_PER_SECOND
        print(
            f"target >= {TARGET_SETTLE_PER_SECOND:,} settled bets/s at {count:,} bets: "
            f"{figure['per_second']:,.0f}/s -> {'MET' if met else 'MISSED'}; peak memory growth "
            f"{figure['growth_mb']:.1f} MB"
        )
        if context.strict and not met:
            ok = False
    return ok


def run(context) -> bool:
    from django.db import connection

    from casino.books import books_check

    tag = uuid.uuid4().hex[:8]
    _set_rates()
    print("-- 1. acceptance: bet_place with BENCH_WORKERS clients --")
    ok, _figures = _acceptance(context, tag)
    print()
    print("-- 2. settlement: event_settle of many open bets on one event --")
    ok = _settlements(context, tag) and ok
    print()
    report = books_check()
    print(report.text())
    connection.close()
    return ok and report.clean


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py sportsbook_bets")
