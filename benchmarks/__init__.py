"""Benchmarks (`make bench`, entry point benchmarks/run.py). Shared helpers live here."""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import time
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


def _env_workers() -> list[int]:
    value = os.environ.get("BENCH_WORKERS", "").strip() or "1,8"
    return [int(part) for part in value.split(",") if part.strip()]


@dataclass
class BenchContext:
    database_url: str
    vendor: str  # "postgresql" or "sqlite"
    note: str = ""
    temp_file: str = ""
    seconds: float = field(default_factory=lambda: _env_float("BENCH_SECONDS", 5.0))
    warmup: float = field(default_factory=lambda: _env_float("BENCH_WARMUP", 1.0))
    worker_counts: list[int] = field(default_factory=_env_workers)
    repeat: int = field(default_factory=lambda: max(1, int(_env_float("BENCH_REPEAT", 1))))
    strict: bool = field(default_factory=lambda: os.environ.get("BENCH_STRICT", "") == "1")

    @property
    def comparable(self) -> bool:
        """Figures can be held against the targets only on PostgreSQL."""
        return self.vendor == "postgresql"

    def display_url(self) -> str:
        parts = urlsplit(self.database_url)
        if parts.password:
            netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
            return urlunsplit(parts._replace(netloc=netloc))
        return self.database_url


def django_setup(database_url: str, *, log_queries: bool = True) -> None:
    """Point Django at the benchmark database and set it up (in the parent and in each worker).

    DATABASE_URL must be in the environment before django.setup(): casino.settings reads it once.
    With log_queries=False the DEBUG query log is switched off (as in production), so the timed
    loops do not pay for recording every SQL statement.
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django
    from django.conf import settings

    django.setup()
    if not log_queries:
        settings.DEBUG = False


def migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def close_connections() -> None:
    """Close every database connection (before starting worker processes)."""
    from django.db import connections

    connections.close_all()


def load_average() -> str:
    """The machine's load, printed beside every figure: others may share these cores."""
    try:
        one, five, _fifteen = os.getloadavg()
    except OSError:
        return "n/a"
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def carried_sessions(context: BenchContext, engine, play_one, rng, *, hand: str, players: int):
    """An engine alone, one process: random hands one after another, each with the last one's
    ``carry_over`` (a bank or a shoe that spans hands), for ``context.seconds`` a round.
    ``play_one(engine, rng, carry, timings=None)`` plays one hand and returns (actions, the carry
    for the next hand, problem or ""); with ``timings`` (a defaultdict) it adds each step's seconds
    under the step's name. Prints hands and actions per second each round (``hand`` names a
    hand: "coup", "deal"), the best round, each step's µs per action and the load. False when
    any hand came out broken."""
    print(f"load average before: {load_average()} on {os.cpu_count()} core(s)")
    ok, best, carry = True, None, None
    for round_no in range(1, context.repeat + 1):
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            _n, carry, _problem = play_one(engine, rng, carry)
        hands = actions = 0
        problems: list[str] = []
        start = time.perf_counter()
        deadline = start + context.seconds
        while time.perf_counter() < deadline:
            n, carry, problem = play_one(engine, rng, carry)
            hands += 1
            actions += n
            if problem:
                problems.append(problem)
        elapsed = time.perf_counter() - start
        figures = {"hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed}
        print(
            f"round {round_no}: {hands:,} {hand}s, {actions:,} actions in {elapsed:.1f} s -> "
            f"{figures['hands_per_s']:,.0f} {hand}s/s, {figures['actions_per_s']:,.0f} actions/s "
            f"({actions / max(hands, 1):.1f} actions per {hand}, {players} players)"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken {hand}(s); first: {problems[0]}")
        if best is None or figures["hands_per_s"] > best["hands_per_s"]:
            best = figures
    timings: dict[str, float] = defaultdict(float)
    sampled = 0
    until = time.perf_counter() + min(2.0, context.seconds)
    while time.perf_counter() < until:
        n, carry, problem = play_one(engine, rng, carry, timings)
        sampled += n
        ok = ok and not problem
    per = {k: v * 1e6 / max(sampled, 1) for k, v in timings.items()}
    print("per action (µs, wall): " + ", ".join(f"{k} {v:.0f}" for k, v in per.items()))
    if best is not None:
        print(
            f"best: {best['hands_per_s']:,.0f} random {hand}s/s, {best['actions_per_s']:,.0f} "
            "engine actions/s in one process"
        )
    print(f"load average after: {load_average()}")
    return ok


def percentile(ordered: list[float], fraction: float) -> float:
    """The value at ``fraction`` (0.5, 0.99) of values already sorted; 0.0 for none."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed_rounds(context: BenchContext, play_one, target: int, *, unit: str = "hand"):
    """Hands one after another for ``context.seconds`` a round, ``context.repeat`` rounds, timed
    on the process's CPU clock: ``play_one()`` plays one and returns its problem ("" when its
    money and cards check out). Prints each round's rate per CPU second and the best beside
    ``target`` (a miss reported, not failed). Returns (no hand broken, the best rate)."""
    ok, best = True, 0.0
    for round_no in range(1, context.repeat + 1):
        hands, problems = 0, []
        cpu_start, deadline = time.process_time(), time.perf_counter() + context.seconds
        while time.perf_counter() < deadline:
            problem = play_one()
            hands += 1
            if problem:
                problems.append(problem)
        rate = hands / max(time.process_time() - cpu_start, 1e-9)
        best = max(best, rate)
        print(f"round {round_no}: {hands:,} {unit}s, {rate:,.0f} {unit}s per CPU second")
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken {unit}(s); first: {problems[0]}")
    verdict = "met" if best >= target else "MISSED (reported, not failed)"
    print(
        f"best: {best:,.0f} {unit}s/s per core; target {target:,}: "
        f"ratio {best / target:.3f} {verdict}"
    )
    return ok, best


@dataclass
class WorkerRun:
    """What a set of worker processes reported: the reports of those that started measuring,
    errors, the common measured window (seconds) and every operation's latency (ms)."""

    reports: list[dict]
    started: list[dict]
    errors: list[str]
    window: float
    latencies: list[float]


def run_workers(target, worker_args: list[tuple], context: BenchContext) -> WorkerRun:
    """Start one spawned process per entry of `worker_args`, calling
    `target(*args, barrier, results)`; each puts one report dict on `results` ("error", and
    "start", "end", "latencies" once it measured). Waits for every report, at most 180 s beyond
    the warm-up and the measured seconds."""
    ctx = mp.get_context("spawn")
    workers = len(worker_args)
    barrier = ctx.Barrier(workers)
    results = ctx.Queue()
    processes = [
        ctx.Process(target=target, args=(*args, barrier, results), daemon=True)
        for args in worker_args
    ]
    for process in processes:
        process.start()
    reports = []
    limit = time.monotonic() + 180 + context.warmup + context.seconds
    while len(reports) < workers and time.monotonic() < limit:
        try:
            reports.append(results.get(timeout=1))
        except Exception:
            if not any(p.is_alive() for p in processes) and results.empty():
                break
    for process in processes:
        process.join(timeout=10)
    started = [r for r in reports if "start" in r]
    errors = [r["error"] for r in reports if r["error"]]
    if len(reports) < workers:
        errors.append(f"only {len(reports)} of {workers} workers reported back")
    window = max(r["end"] for r in started) - min(r["start"] for r in started) if started else 0.0
    latencies = [latency for r in started for latency in r["latencies"]]
    return WorkerRun(
        reports=reports, started=started, errors=errors, window=window, latencies=latencies
    )


def timed_worker(
    report: dict,
    prepare,
    *,
    warmup: float,
    seconds: float,
    barrier,
    results,
    done_key: str,
    extra_key: str = "",
) -> None:
    """The body of a worker process: `prepare()` (Django set up, rows loaded) returns the
    operation to time; it runs for `warmup` seconds, then all workers meet at `barrier` and it
    runs for `seconds`, each call's latency recorded. The operation may return a number summed
    into `report[extra_key]`. The report (failures, first error, window, latencies, the count
    under `done_key`) goes on `results`, as `run_workers` expects."""
    try:
        operation = prepare()
        warm_until = time.monotonic() + warmup
        warmed = 0
        while time.monotonic() < warm_until:
            operation()
            warmed += 1
        report["warmup"] = warmed
    except Exception:
        report["error"] = traceback.format_exc()
        barrier.abort()
        results.put(report)
        return
    try:
        barrier.wait(timeout=120)
    except Exception:
        report["error"] = "barrier broken (another worker failed to start)"
        results.put(report)
        return
    latencies: list[float] = []
    failures = done = extra = 0
    start = time.monotonic()
    deadline = start + seconds
    now = start
    while now < deadline:
        try:
            extra += operation() or 0
            done += 1
        except Exception:
            failures += 1
            if not report["error"]:
                report["error"] = traceback.format_exc()
        finished = time.monotonic()
        latencies.append((finished - now) * 1000)
        now = finished
    report.update({done_key: done, "failures": failures, "start": start, "end": now})
    report["latencies"] = latencies
    if extra_key:
        report[extra_key] = extra
    results.put(report)
