"""The long load run (issue 19, part 8; `make soak`): many simulated players with think time on
PostgreSQL + Redis, two Daphne processes and the production sweeper, for ten minutes.

1. A fresh PostgreSQL database (SOAK_DATABASE_URL; only a name containing "bench" is dropped)
   and Redis db (SOAK_REDIS_URL, flushed); SOAK_TABLES tables, the registered games in turn,
   each on the terms of its demo table (casino/demo.py) with an hour's turn clock, and
   SOAK_PLAYERS players spread over them (each game's fewest seats first, at most six a table);
   funded play-money wallets and a logged-in session each (`table_load_world.create_world`).
2. SOAK_SERVERS Daphne processes (DEBUG off, as production) and `manage.py tableclock`; each
   table's sockets are spread over the processes, so every table is played across processes
   (Redis carries every move to the other).
3. A load generator process (asyncio + websockets, no Django) opens every player's socket and
   sits down, then each player plays on his own from what his board shows (table_load's
   choosers: Durak, High card, baccarat and the twenty-one games by their boards, any other
   game by its forms):
   when his board offers him a move he thinks (uniform in SOAK_THINK seconds), looks again (a
   board that changed meanwhile is decided afresh unless his own decision, its turn key, is
   still the same), sends it and waits for his own board to show it.
4. Measured after SOAK_WARMUP seconds, for SOAK_SECONDS: latency from sending an action to the
   acting player's own socket getting a newer board (exact where one player moves at a time;
   where several decide at once another's move may come first: there a lower bound; that every
   action was applied is checked in the database), p50/p95/p99/max; actions; errors (error
   frames, by message; actions unanswered within ACTION_TIMEOUT; sockets closed); each process's
   resident memory (VmRSS) and CPU at the start and the end of the window.

Checks (a failure makes the run exit 1): no error frame, lost action, closed socket or server
traceback; no table stuck (no change in its last STUCK_SECONDS of the window while its players
waited); each process's VmRSS grows by at most SOAK_RSS_GROWTH_MB over the window; afterwards
every action answered as applied is stored exactly once (its client_action_id) and nothing else
is, and `books_check()` is clean.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing as mp
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
import time
import traceback
import uuid
from pathlib import Path
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as a script: `python benchmarks/soak.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks as common
from benchmarks.run import _postgres_prepare
from benchmarks.sportsbook_bets_accept import ConnectionPeak, budget_line, pool_max
from benchmarks.table_load_players import CHOOSERS, Sock, TableDriver
from benchmarks.table_load_setups import ACTION_SECONDS, ACTION_TIMEOUT, CONNECT_CONCURRENCY
from benchmarks.table_load_world import (
    Daphne,
    _cpu_seconds,
    _django_in_child,
    _redis_ready,
    _rss_kb,
    _spawn,
    _tracebacks,
    create_world,
)


def _env(name: str, default: str) -> str:
    return os.environ.get(name, "").strip() or default


SECONDS = float(_env("SOAK_SECONDS", "600"))
WARMUP = float(_env("SOAK_WARMUP", "30"))
TABLES = int(_env("SOAK_TABLES", "100"))
PLAYERS = int(_env("SOAK_PLAYERS", "500"))
THINK = tuple(float(x) for x in _env("SOAK_THINK", "6,18").split(","))
SERVERS = int(_env("SOAK_SERVERS", "2"))
RSS_GROWTH_MB = float(_env("SOAK_RSS_GROWTH_MB", "64"))
DATABASE_URL = _env("SOAK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/casino_bench_soak")
REDIS_URL = _env("SOAK_REDIS_URL", "redis://127.0.0.1:6379/6")
MAX_SEATS = 6  # a table of several players, not a crowd
STUCK_SECONDS = 120.0  # a table with no change this long at the window's end is stuck
SWEEP_INTERVAL = 0.5  # the sweeper's default
# a handshake Daphne dropped (it gives the application 5 s to accept a socket; connecting 500
# players at once on two busy cores can take longer) is tried again, as a browser reconnects
CONNECT_RETRIES = 5
TURN = re.compile(r'name="turn" value="([^"]*)"')


# --- the world (in a spawned child: Django set up on the soak database) --------------------------


def _prepare_child(database_url: str, secret_key: str, tables: int, players: int, queue) -> None:
    try:
        _django_in_child(database_url, secret_key)
        common.migrate()
        queue.put(("ok", create_world(soak_layout(tables, players), funding=10_000_000)))
    except Exception:
        queue.put(("error", traceback.format_exc()))


def soak_layout(tables: int, players: int) -> list[tuple[str, int, dict]]:
    """(game, seats, terms) per table: the registered games in turn, each on its demo table's
    terms; every table its game's fewest seats (at least two), then one more seat at a time
    round the tables with room, until there are `players`."""
    from casino.demo import DEMO_TABLES
    from tables.engines.registry import engine_for, registered_games

    terms = {}
    for _name, game, _currency, settings in DEMO_TABLES:
        terms.setdefault(game, {**settings, "action_seconds": ACTION_SECONDS})
    games = [g for g in registered_games() if g in terms]
    chosen = [games[n % len(games)] for n in range(tables)]
    low = {g: max(2, engine_for(g).seats[0]) for g in games}
    high = {g: min(MAX_SEATS, engine_for(g).seats[1]) for g in games}
    seats = [low[g] for g in chosen]
    while sum(seats) < players:
        grown = False
        for n, game in enumerate(chosen):
            if sum(seats) < players and seats[n] < high[game]:
                seats[n] += 1
                grown = True
        if not grown:
            break  # every table full
    return [(game, count, terms[game]) for game, count in zip(chosen, seats, strict=True)]


def _verify_child(database_url: str, secret_key: str, applied: list[str], queue) -> None:
    """Every action answered as applied is stored once, nothing else; the books are clean."""
    try:
        _django_in_child(database_url, secret_key)
        from django.db.models import Count

        from casino.books import books_check
        from tables.models import TableEvent

        stored = collections.Counter(
            dict(
                TableEvent.objects.filter(cause="player", step="engine")
                .exclude(client_action_id="")
                .values_list("client_action_id")
                .annotate(n=Count("id"))
                .values_list("client_action_id", "n")
            )
        )
        seen = set(applied)
        problems = []
        twice = [key for key, n in stored.items() if n > 1]
        if twice:
            problems.append(f"{len(twice)} actions stored more than once, e.g. {twice[:3]}")
        missing = seen - set(stored)
        if missing:
            problems.append(f"{len(missing)} actions answered as applied are not stored")
        unknown = set(stored) - seen
        if unknown:
            problems.append(f"{len(unknown)} stored actions were never answered as applied")
        report = books_check()
        queue.put(
            (
                "ok",
                {
                    "problems": problems,
                    "stored": sum(stored.values()),
                    "books": report.text(),
                    "clean": report.clean,
                    "tables": dict(
                        TableEvent.objects.values_list("table__game")
                        .annotate(n=Count("id"))
                        .values_list("table__game", "n")
                    ),
                },
            )
        )
    except Exception:
        queue.put(("error", traceback.format_exc()))


# --- the players (the load generator process) -------------------------------------------------


class Tally:
    """What the players saw, over the whole run and in the measured window."""

    def __init__(self, window: tuple[float, float]):
        self.window = window
        self.latencies: list[float] = []  # seconds, actions sent in the window
        self.by_game: collections.Counter = collections.Counter()  # actions applied, in window
        self.sent = 0
        self.applied_ids: list[str] = []
        self.readies = 0
        self.errors: collections.Counter = collections.Counter()
        self.lost: list[str] = []
        self.closed: list[str] = []

    def in_window(self, at: float) -> bool:
        return self.window[0] <= at < self.window[1]


def _turn_key(frame: str) -> str:
    match = TURN.search(frame)
    return match.group(1) if match else ""


def _board_offers(frame: str, turn: str) -> bool:
    return bool(turn) and f'name="turn" value="{turn}"' in frame


async def play(driver: TableDriver, sock: Sock, game: str, tally: Tally, rng: random.Random):
    """One player: look at each new board; when it offers a move, think, look again, send it
    and wait for his own board to show it applied."""
    looked = -1
    end = tally.window[1]
    while time.perf_counter() < end:
        if not await driver.until(
            lambda seen=looked: sock.closed or sock.version != seen, end - time.perf_counter()
        ):
            return
        if sock.closed:
            tally.closed.append(f"table {driver.table_id}: {sock.errors[-1:]}")
            return
        looked = sock.version
        move = driver.choose(sock.frame, rng)
        if move is None:
            continue
        turn = _turn_key(sock.frame)
        await asyncio.sleep(rng.uniform(*THINK))
        if time.perf_counter() >= end:
            return
        if sock.version != looked:
            if not _board_offers(sock.frame, turn):
                continue  # the table moved on under him: decide again on what it shows now
            looked = sock.version  # others' moves; his own decision still stands
            move = driver.choose(sock.frame, rng) or move
        if move["type"] == "act":
            move["client_action_id"] = uuid.uuid4().hex
            if turn:
                move["turn"] = turn
            else:
                move["version"] = looked
        errors = len(sock.errors)
        sent = time.perf_counter()
        await sock.send(move)
        tally.sent += 1
        done = await driver.until(
            lambda errors=errors, seen=looked: (
                len(sock.errors) > errors or sock.closed or sock.version > seen
            ),
            ACTION_TIMEOUT,
        )
        seen = time.perf_counter()
        if len(sock.errors) > errors:
            tally.errors[sock.errors[errors][:120]] += 1
            continue
        if sock.closed:
            continue  # counted at the top of the loop
        if not done:
            tally.lost.append(
                f"table {driver.table_id} ({game}): {move.get('action', move['type'])} at "
                f"v{looked} not shown within {ACTION_TIMEOUT:g} s"
            )
            continue  # he plays on from whatever his board shows next
        if move["type"] == "ready":
            tally.readies += 1
            continue
        tally.applied_ids.append(move["client_action_id"])
        if tally.in_window(sent):
            tally.latencies.append(seen - sent)
            tally.by_game[game] += 1


async def sit_down(driver: TableDriver, resynced: list[str]) -> None:
    """Open the table's sockets and sit each player down, as TableDriver.open does; a sit whose
    answer does not come within ACTION_TIMEOUT is asked again with a sync (the whole view, as
    a reload gets it) and noted in `resynced`; a failure only if that is not answered either."""
    for sock in driver.socks:
        await sock.open(CONNECT_RETRIES)
    if not await driver.until(lambda: all(s.version >= 0 for s in driver.socks), ACTION_TIMEOUT):
        driver.failures.append(f"table {driver.table_id}: no board on connect")
        return
    for sock in driver.socks:
        before = max(s.version for s in driver.socks)
        await sock.send({"type": "sit"})
        if await driver.until(lambda s=sock, v=before: s.version > v, ACTION_TIMEOUT):
            continue
        await sock.send({"type": "sync"})
        if await driver.until(lambda s=sock, v=before: s.version > v, ACTION_TIMEOUT):
            resynced.append(f"table {driver.table_id}: a sit's board came only after a sync")
            continue
        driver.failures.append(f"table {driver.table_id}: sitting down was not answered")
        return
    errors = [e for s in driver.socks for e in s.errors]
    if errors:
        driver.failures.append(f"table {driver.table_id}: {errors[:1]}")


async def _loadgen(config: dict, queue) -> dict:
    world, bases = config["world"], config["bases"]
    drivers = [
        TableDriver(n, spec, bases, False, seed=19_000 + n, game=spec["game"])
        for n, spec in enumerate(world)
    ]
    for driver in drivers:
        driver.connect_retries = CONNECT_RETRIES
    started = time.perf_counter()
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def open_one(driver: TableDriver) -> None:
        async with limit:
            try:
                await sit_down(driver, resynced)
            except Exception as exc:
                driver.failures.append(f"table {driver.table_id}: connect failed: {exc!r}")

    resynced: list[str] = []
    await asyncio.gather(*(open_one(d) for d in drivers))
    failures = [f for d in drivers for f in d.failures]
    connected = time.perf_counter() - started
    window = (time.perf_counter() + config["warmup"], 0.0)
    window = (window[0], window[0] + config["seconds"])
    tally = Tally(window)
    cpu_at_start = time.process_time()
    last_change: dict[int, float] = {}

    async def watch_tables() -> None:
        versions: dict[int, int] = {}
        while time.perf_counter() < window[1]:
            now = time.perf_counter()
            for d in drivers:
                v = max(s.version for s in d.socks)
                if versions.get(d.table_id) != v:
                    versions[d.table_id] = v
                    last_change[d.table_id] = now
            await asyncio.sleep(1.0)

    async def mark(at: float, label: str) -> None:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        queue.put(("mark", label))

    players = [
        play(d, sock, world[d.index]["game"], tally, random.Random(d.index * 10 + n))
        for d in drivers
        if not d.failures
        for n, sock in enumerate(d.socks)
    ]
    await asyncio.gather(mark(window[0], "start"), mark(window[1], "end"), watch_tables(), *players)
    stuck = [
        f"table {d.table_id} ({world[d.index]['game']}): no change in the last "
        f"{window[1] - last_change.get(d.table_id, started):.0f} s"
        for d in drivers
        if window[1] - last_change.get(d.table_id, started) > STUCK_SECONDS
    ]
    cpu = time.process_time() - cpu_at_start
    # closed as they were opened, a few at a time: a disconnect is a transaction of its own,
    # and 500 at once would measure a mass disconnect, not the steady state
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def close(driver: TableDriver) -> None:
        async with limit:
            await driver.close()
            await asyncio.gather(*(s.reader for s in driver.socks if hasattr(s, "reader")))

    await asyncio.gather(*(close(d) for d in drivers))
    return {
        "loadgen_cpu": cpu / (config["warmup"] + config["seconds"]),
        "failures": failures,
        "resynced": resynced,
        "connect_seconds": connected,
        "retried": sum(getattr(s, "retried", 0) for d in drivers for s in d.socks),
        "sockets": sum(len(d.socks) for d in drivers),
        "latencies": tally.latencies,
        "by_game": dict(tally.by_game),
        "sent": tally.sent,
        "applied_ids": tally.applied_ids,
        "readies": tally.readies,
        "errors": dict(tally.errors),
        "lost": tally.lost,
        "closed": tally.closed,
        "stuck": stuck,
    }


def _loadgen_child(config: dict, queue) -> None:
    try:
        queue.put(("ok", asyncio.run(_loadgen(config, queue))))
    except Exception:
        queue.put(("error", traceback.format_exc()))


# --- the processes --------------------------------------------------------------------------------


class Sweeper:
    """`manage.py tableclock` with a server's settings."""

    def __init__(self, env: dict[str, str]):
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "tableclock", "--interval", str(SWEEP_INTERVAL)],
            cwd=common.ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.pid = self.process.pid

    def stop(self) -> str:
        """Stop it; a problem (its tracebacks) or ""."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self.log.seek(0)
        text = self.log.read().decode("utf-8", errors="replace")
        self.log.close()
        return _tracebacks(text) if "Traceback" in text else ""


def _reading(pids: dict[str, int]) -> dict[str, tuple[int | None, float | None]]:
    return {name: (_rss_kb(pid), _cpu_seconds(pid)) for name, pid in pids.items()}


def _run_load(config: dict, pids: dict[str, int]) -> tuple[dict | None, str, dict]:
    """The load generator in a spawned process; the processes' memory and CPU read when it
    says the window starts and ends. Returns (its result, an error, the readings)."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=_loadgen_child, args=(config, queue), daemon=True)
    process.start()
    readings: dict[str, dict] = {}
    limit = time.monotonic() + config["warmup"] + config["seconds"] + 600
    result, error = None, ""
    while time.monotonic() < limit:
        try:
            message = queue.get(timeout=1)
        except Exception:
            if not process.is_alive() and queue.empty():
                error = "the load generator died"
                break
            continue
        if message[0] == "mark":
            readings[message[1]] = {"at": time.monotonic(), **_reading(pids)}
            print(f"  window {message[1]} (load average {common.load_average()})", flush=True)
        elif message[0] == "ok":
            result = message[1]
            break
        else:
            error = message[1]
            break
    else:
        error = "the load generator did not finish in time"
    process.join(timeout=30)
    if process.is_alive():
        process.kill()
    return result, error, readings


def main() -> int:
    secret = secrets.token_urlsafe(40)
    print("== soak: a long load run on PostgreSQL + Redis ==")
    print(
        f"settings: SOAK_SECONDS={SECONDS:g} SOAK_WARMUP={WARMUP:g} SOAK_TABLES={TABLES} "
        f"SOAK_PLAYERS={PLAYERS} SOAK_THINK={THINK[0]:g},{THINK[1]:g} SOAK_SERVERS={SERVERS} "
        f"SOAK_RSS_GROWTH_MB={RSS_GROWTH_MB:g}"
    )
    print(f"machine: {os.cpu_count()} CPU core(s); load average {common.load_average()}")
    reachable, message = _postgres_prepare(DATABASE_URL)
    if not reachable or "bench" not in urlsplit(DATABASE_URL).path:
        print(f"!! the soak needs its own PostgreSQL bench database: {message}")
        return 1
    ready, redis_note = _redis_ready(REDIS_URL)
    if not ready:
        print(f"!! Redis is unreachable: {redis_note}")
        return 1
    print(f"database: {DATABASE_URL} ({message}); Redis: {redis_note}")
    started = time.monotonic()
    status, world = _spawn(_prepare_child, DATABASE_URL, secret, TABLES, PLAYERS)
    if status != "ok":
        print(f"!! preparing the database failed:\n{world}")
        return 1
    games = collections.Counter(spec["game"] for spec in world)
    seats = collections.Counter()
    for spec in world:
        seats[spec["game"]] += len(spec["cookies"])
    print(
        f"world: {sum(seats.values())} players at {len(world)} tables, made in "
        f"{time.monotonic() - started:.0f} s: "
        + ", ".join(f"{g} {games[g]} tables x {seats[g] / games[g]:.1f}" for g in sorted(games))
    )
    unchosen = sorted(g for g in games if g not in CHOOSERS and g != "durak")
    if unchosen:
        print(f"  (played by their forms: {', '.join(unchosen)})")

    servers = [Daphne("casino.asgi:application", DATABASE_URL, REDIS_URL, secret)]
    servers += [
        Daphne("casino.asgi:application", DATABASE_URL, REDIS_URL, secret)
        for _ in range(SERVERS - 1)
    ]
    problems: list[str] = []
    sweeper = None
    try:
        for server in servers:
            # each process answers its own origin and every other's (one site behind a balancer)
            server.env["CSRF_TRUSTED_ORIGINS"] = ",".join(f"http://{s.base}" for s in servers)
            server.env["LOG_LEVEL"] = "WARNING"
            server.start()
        sweeper = Sweeper(servers[0].env)
        pids = {f"daphne {n + 1}": s.pid for n, s in enumerate(servers)} | {"sweeper": sweeper.pid}
        config = {
            "world": world,
            "bases": [s.base for s in servers],
            "warmup": WARMUP,
            "seconds": SECONDS,
        }
        print(f"  {len(servers)} Daphne processes and the sweeper up; players connecting")
        with ConnectionPeak(DATABASE_URL) as peak:
            result, error, readings = _run_load(config, pids)
        connections = (peak.peak, len(servers) + 1)  # the Daphne processes and the sweeper
        for server in servers:
            server.wait_idle()
    finally:
        for n, server in enumerate(servers):
            note, problem = server.stop()
            if problem:
                problems.append(f"daphne {n + 1}: {problem}")
            if note:
                problems.append(f"daphne {n + 1}: {note}")
        if sweeper is not None:
            problem = sweeper.stop()
            if problem:
                problems.append(f"sweeper: {problem}")
    if result is None:
        print(f"!! the load generator failed:\n{error}")
        return 1
    status, verdict = _spawn(_verify_child, DATABASE_URL, secret, result["applied_ids"])
    _redis_ready(REDIS_URL)
    return _report(
        result, readings, verdict if status == "ok" else None, problems, verdict, connections
    )


def _report(
    result: dict, readings: dict, verdict: dict | None, problems: list, raw, connections
) -> int:
    latencies = sorted(result["latencies"])
    window = SECONDS
    if "start" in readings and "end" in readings:
        window = readings["end"]["at"] - readings["start"]["at"]
    actions = len(latencies)
    print()
    print(
        f"{result['sockets']} sockets connected and seated in {result['connect_seconds']:.0f} s "
        f"({result['retried']} handshakes tried again, {len(result['resynced'])} sits seen "
        "only after a sync); "
        f"measured window {window:.0f} s after {WARMUP:g} s of warm-up"
    )
    print(
        f"actions applied in the window: {actions:,} ({actions / window:.1f}/s); "
        + ", ".join(f"{g} {n:,}" for g, n in sorted(result["by_game"].items()))
    )
    print(
        "latency, action sent -> own board showing it: "
        f"p50 {common.percentile(latencies, 0.50) * 1000:.0f} ms, "
        f"p95 {common.percentile(latencies, 0.95) * 1000:.0f} ms, "
        f"p99 {common.percentile(latencies, 0.99) * 1000:.0f} ms, "
        f"max {(latencies[-1] if latencies else 0) * 1000:.0f} ms"
    )
    errors = sum(result["errors"].values())
    print(
        f"errors: {len(result['failures'])} failures to connect or sit, {errors} error frames, "
        f"{len(result['lost'])} actions lost, "
        f"{len(result['closed'])} sockets closed, {len(result['stuck'])} tables stuck "
        f"(over the whole run: {result['sent']:,} frames sent, {result['readies']} ready)"
    )
    for text, count in sorted(result["errors"].items(), key=lambda x: -x[1])[:5]:
        print(f"  {count} x {text}")
    for line in (result["failures"] + result["lost"] + result["closed"] + result["stuck"])[:10]:
        print(f"  {line}")
    failed = bool(errors or result["lost"] or result["closed"] or result["stuck"])
    failed = failed or bool(result["failures"])
    print(f"memory (VmRSS) and CPU per process, window start -> end (bound +{RSS_GROWTH_MB:g} MB):")
    start, end = readings.get("start", {}), readings.get("end", {})
    for name in [k for k in start if k != "at"]:
        (rss0, cpu0), (rss1, cpu1) = start[name], end.get(name, (None, None))
        if rss0 is None or rss1 is None:
            print(f"  {name}: not readable")
            failed = True
            continue
        growth = (rss1 - rss0) / 1024
        ok = growth <= RSS_GROWTH_MB
        failed = failed or not ok
        cpu = (cpu1 - cpu0) / window if cpu0 is not None and cpu1 is not None else None
        print(
            f"  {name}: {rss0 / 1024:.0f} -> {rss1 / 1024:.0f} MB ({growth:+.1f} MB) "
            f"{'OK' if ok else 'GREW TOO MUCH'}; CPU {cpu:.0%} of a core"
            if cpu is not None
            else f"  {name}: {rss0 / 1024:.0f} -> {rss1 / 1024:.0f} MB ({growth:+.1f} MB)"
        )
    for line in result["resynced"][:5]:
        print(f"  note: {line}")
    print(f"  load generator: CPU {result['loadgen_cpu']:.0%} of a core")
    peak, processes = connections
    print(budget_line(peak, processes))
    if peak > processes * pool_max():
        problems.append(f"{peak} database connections at once, over the budget")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    failed = failed or bool(problems)
    if verdict is None:
        print(f"!! verifying the database failed:\n{raw}")
        return 1
    print(
        f"stored player actions: {verdict['stored']:,} (answered as applied: "
        f"{len(result['applied_ids']):,})"
    )
    for problem in verdict["problems"]:
        print(f"PROBLEM: {problem}")
    print(verdict["books"].strip().splitlines()[-1])
    failed = failed or bool(verdict["problems"]) or not verdict["clean"]
    if not verdict["clean"]:
        print(verdict["books"])
    print("SOAK PASSED" if not failed else "SOAK FAILED")
    return 1 if failed else 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
