"""Live tables under load: one Daphne process, 50 Durak tables x 2 socket clients.

For each setup, (i) SQLite + the in-memory channel layer (`make run`) and (ii) PostgreSQL + Redis
(production), this module
1. creates a fresh database (SQLite: a temporary file; PostgreSQL: `<bench database>_tables`,
   dropped and created afresh), migrates it and creates 2 x BENCH_TABLES players (funded play-money
   wallets, unusable passwords, a logged-in session each) and 2 x BENCH_TABLES Durak tables
   (stake 1.00 BYN, to 5 wins, a one-hour turn clock so that no timeout fires during the run);
2. starts ONE Daphne process on it (`casino.asgi:application`, DEBUG off as in production,
   REDIS_URL empty or set), and a load generator in a separate process (asyncio + `websockets`):
   for each of the first BENCH_TABLES tables it opens both players' sockets (session cookie),
   sends {"type": "sit"} from both, and then plays from what the frames show (never from the
   database): the socket whose board says `data-my-turn="1"` picks a legal action from its hand
   form (a playable card, "take", "done"; "ready" after a match) and sends it as an `act` frame;
3. measures, in the window after BENCH_WARMUP seconds, for BENCH_SECONDS:
   - paced: every table acts once a second (the issue's scenario), random phases;
   - max: every table acts again as soon as both sockets have seen its previous action;
   latency = from sending the `act` frame to the OTHER socket of that table receiving the board
   frame with a newer version; throughput = actions sent in the window and seen by both sockets;
4. then opens the other tables (2 x BENCH_TABLES tables, 4 x BENCH_TABLES clients in all, seated)
   and reads the Daphne process's VmRSS from /proc;
5. runs the same load against `benchmarks.echo_consumer` (a bare consumer echoing every frame to
   its table's group) on a Daphne started the same way (same settings, same channel layer).

Correctness (a failure makes the run fail): no lost frame (an action whose newer version did not
reach both sockets within ACTION_TIMEOUT seconds), no error frame in answer to an action the board
offered as legal, the database holds exactly one `engine` TableEvent per action the generator saw
applied, and `books_check()` is clean afterwards.

Targets (issue), reported and, under BENCH_STRICT=1, enforced: max table actions/s >= 0.5 x the
bare echo's on the same server and layer; p99 <= 100 ms at 50 tables acting once a second;
Daphne < 300 MB resident with 100 tables x 2 clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import benchmarks as common

TABLES = max(1, int(os.environ.get("BENCH_TABLES", "").strip() or 50))
MEMORY_TABLES = 2 * TABLES  # tables held open for the memory reading (100 x 2 clients)
PACE_SECONDS = 1.0  # paced scenario: each table acts once per PACE_SECONDS
# a game whose paced scenario is another (issue 35: a craps roll every ~5 s, its ~11 actions,
# the eight players' bets and "done"s and the roll, spread between)
GAME_PACE = {"craps": 0.45}
STAKE = 100  # minor units: 1.00 BYN
FUNDING = 1_000_000
ACTION_SECONDS = 3_600  # turn clock: no timeout fires while the generator thinks
ACTION_TIMEOUT = 15.0  # seconds an action may take to reach both sockets before it counts lost
CONNECT_CONCURRENCY = 8
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/5"
TARGET_RATIO = 0.5  # a Durak action against the "smallest transaction" floor (echo+write)
TARGET_P99_MS = 100.0
TARGET_P99_SIX_MS = 150.0  # 50 six-seat tables x 1 action/s, PostgreSQL + Redis
TARGET_SIX_CPU = 2.0  # a 6-seat action's Daphne CPU against a 2-seat action's
TARGET_RSS_MB = 300.0
SETUPS = {
    "sqlite": "(i) SQLite + in-memory layer",
    "postgres": "(ii) PostgreSQL + Redis",
    "sqlite6": "(iii) 6 seats, SQLite + in-mem",
    "postgres6": "(iv) 6 seats, PostgreSQL + Redis",
    "sqlitebac": "(v) baccarat 6, SQLite + in-mem",
    "postgresbac": "(vi) baccarat 6, PostgreSQL + Redis",
    # the 6-seat game at two seats: what a seat more costs, the game's own work per action
    # (a bet booked, a hand settled) being the same on both sides (issue 30)
    "sqlite2hc": "(vii) High card 2, SQLite + in-mem",
    "postgres2hc": "(viii) High card 2, PostgreSQL + Redis",
    "sqlitebj": "(ix) Blackjack 6, SQLite + in-mem",
    "postgresbj": "(x) Blackjack 6, PostgreSQL + Redis",
    "sqlitecs": "(xi) Caribbean stud 6, SQLite + in-mem",
    "postgrescs": "(xii) Caribbean stud 6, PostgreSQL + Redis",
    "sqlitebs": "(xiii) big stud 8, SQLite + in-mem",
    "postgresbs": "(xiv) big stud 8, PostgreSQL + Redis",
    "sqlitecr": "(xv) craps 8, SQLite + in-mem",
    "postgrescr": "(xvi) craps 8, PostgreSQL + Redis",
}
# the 2-seat (Durak) setup each many-seat setup's Daphne CPU per action is set beside
TWO_SEAT_OF = {
    "sqlite6": "sqlite",
    "postgres6": "postgres",
    "sqlitebac": "sqlite",
    "postgresbac": "postgres",
    "sqlitebj": "sqlite",
    "postgresbj": "postgres",
    "sqlitecs": "sqlite",
    "postgrescs": "postgres",
    "sqlitebs": "sqlite",
    "postgresbs": "postgres",
    "sqlitecr": "sqlite",
    "postgrescr": "postgres",
}
# the same game at two seats, beside each many-seat setup where it ran in the same run
SAME_GAME_TWO_SEATS_OF = {"sqlite6": "sqlite2hc", "postgres6": "postgres2hc"}
# High card's 6-seat setup on the same database, beside another game's many-seat setup where it
# ran in the same run (issue 32: the Blackjack tables' p99 and Daphne CPU per action)
SIX_SEAT_HIGH_CARD_OF = {
    "sqlitebj": "sqlite6",
    "postgresbj": "postgres6",
    "sqlitecs": "sqlite6",
    "postgrescs": "postgres6",
    "sqlitebs": "sqlite6",
    "postgresbs": "postgres6",
    "sqlitecr": "sqlite6",
    "postgrescr": "postgres6",
}
# issue 30: a 6-seat action's Daphne CPU against (the bare echo's own 6/2 ratio x the 2-seat
# action's), and the 6-seat max actions/s against the 2-seat's
TARGET_SIX_CPU_OVER_TRANSPORT = 1.5
TARGET_SIX_THROUGHPUT = 0.5
# each setup's game: (engine, seats per table, its settings); the 6-seat setups run only the
# tables (their baseline is the 2-seat tables' CPU per action in the same run)
GAMES = {
    "durak": (
        "durak",
        2,
        {"stake": STAKE, "wins_to_win": 5, "commission_percent": "5"},
    ),
    "highcard": (
        "highcard",
        6,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "ante": 10},
    ),
    "highcard2": (
        "highcard",
        2,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "ante": 10},
    ),
    "baccarat": (
        "baccarat_bank",
        6,
        {"min_bet": STAKE, "max_bank": 100 * STAKE, "commission_percent": "5"},
    ),
    # six players on seven boxes, one box each; no player's cut, so that no new shoe waits on a
    # cut (the shoe is cut at random)
    "blackjack": (
        "blackjack",
        6,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "boxes": 7, "player_cut": False},
    ),
    # issue 33: six players at seven boxes, one open box each, no bonus, the dealer's cut
    "caribbean": ("caribbean_stud", 6, {"min_bet": STAKE, "max_bet": 10 * STAKE, "boxes": 7}),
    # issue 34: players against each other, eight sockets, fixed bets of one and two stakes
    "bigstud": ("big_stud", 8, {"small_bet": STAKE, "big_bet": 2 * STAKE, "share_percent": "5"}),
    # issue 35: eight players at a craps layout, bets of one stake between rolls
    "craps": ("craps", 8, {"min_bet": STAKE, "max_bet": 100 * STAKE, "min_unit": STAKE}),
}
SETUP_GAME = {
    "sqlite": "durak",
    "postgres": "durak",
    "sqlite6": "highcard",
    "postgres6": "highcard",
    "sqlitebac": "baccarat",
    "postgresbac": "baccarat",
    "sqlite2hc": "highcard2",
    "postgres2hc": "highcard2",
    "sqlitebj": "blackjack",
    "postgresbj": "blackjack",
    "sqlitecs": "caribbean",
    "postgrescs": "caribbean",
    "sqlitebs": "bigstud",
    "postgresbs": "bigstud",
    "sqlitecr": "craps",
    "postgrescr": "craps",
}
SIX_SEAT_MEMORY = False  # the memory target is read with the 2-seat tables
APPS = {
    "table": "casino.asgi:application",
    "echo": "benchmarks.echo_consumer:application",
}


# --- small helpers ------------------------------------------------------------------------------


def _rss_kb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _cpu_seconds(pid: int | None = None) -> float | None:
    """CPU seconds (user + system) of a process so far; None if /proc cannot tell."""
    if pid is None:
        return time.process_time()
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentile(ordered: list[float], fraction: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _spawn(target, *args, timeout: float = 600.0):
    """Run target(*args, queue) in a fresh spawned process (its own Django setup); return what it
    put on the queue."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=target, args=(*args, queue), daemon=True)
    process.start()
    deadline = time.monotonic() + timeout
    result = None
    while time.monotonic() < deadline:
        try:
            result = queue.get(timeout=1)
            break
        except Exception:
            if not process.is_alive() and queue.empty():
                break
    process.join(timeout=30)
    if process.is_alive():
        process.kill()
    if result is None:
        return ("error", f"{target.__name__}: the process died or timed out")
    return result


# --- the database (a spawned process per step: settings are read once per process) -------------


def _django_in_child(database_url: str, secret_key: str) -> None:
    os.environ["SECRET_KEY"] = secret_key  # the sessions must verify in Daphne
    os.environ["REDIS_URL"] = ""  # setup traffic announces nothing to anybody
    common.django_setup(database_url, log_queries=False)


def _prepare_child(database_url: str, secret_key: str, tables: int, game: str, queue) -> None:
    try:
        _django_in_child(database_url, secret_key)
        common.migrate()
        queue.put(("ok", create_world([GAMES[game]] * tables)))
    except Exception:
        queue.put(("error", traceback.format_exc()))


def create_world(specs: list[tuple[str, int, dict]], *, funding: int = FUNDING) -> list[dict]:
    """One table per (engine, seats, terms) of `specs` (a one-hour turn clock unless the terms
    say otherwise), with that many players: funded play-money wallets, unusable passwords, a
    logged-in session each. Returns [{"table", "game", "cookies"}], a cookie per seat."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from casino.ledger import cashier_deposit
    from casino.models import Player
    from tables.models import Table

    store = import_module(settings.SESSION_ENGINE).SessionStore
    backend = settings.AUTHENTICATION_BACKENDS[0]
    world = []
    for t, (engine, seats, terms) in enumerate(specs):
        table = Table.objects.create(
            name=f"Bench {t + 1}",
            game=engine,
            currency="BYN",
            # no filling window (tables.starts): the hand is dealt as the seats fill
            settings={"action_seconds": ACTION_SECONDS, "start_seconds": 0, **terms},
        )
        cookies = []
        for s in range(seats):
            player = Player(username=f"bench-{t}-{s}", display_name=f"Bench {t + 1}.{s + 1}")
            player.set_unusable_password()
            player.save()
            cashier_deposit(
                player=player,
                amount=funding,
                currency="BYN",
                idempotency_key=f"bench:tables:fund:{player.pk}",
                memo="benchmark funding",
                play_money=True,
            )
            session = store()
            session[SESSION_KEY] = str(player.pk)
            session[BACKEND_SESSION_KEY] = backend
            session[HASH_SESSION_KEY] = player.get_session_auth_hash()
            session.create()
            cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
        world.append({"table": table.pk, "game": engine, "cookies": cookies})
    return world


def _verify_child(database_url: str, secret_key: str, applied: dict, queue) -> None:
    """One `engine` TableEvent per action the generator saw applied, per table; books clean."""
    try:
        _django_in_child(database_url, secret_key)
        from django.db.models import Count

        from casino.books import books_check
        from tables.models import Seat, TableEvent

        stored = dict(
            TableEvent.objects.filter(cause="player", step="engine")
            .values_list("table_id")
            .annotate(n=Count("id"))
            .values_list("table_id", "n")
        )
        problems = [
            f"table {table}: the generator saw {count} actions applied, {stored.get(table, 0)} "
            "are stored"
            for table, count in ((int(k), v) for k, v in applied.items())
            if stored.get(table, 0) != count
        ]
        # Every client has closed its sockets: no seat may still count a connection (else its
        # player never goes away and the grace and absence clocks never run for him).
        connected = Seat.objects.filter(connections__gt=0).count()
        if connected:
            problems.append(
                f"{connected} of {Seat.objects.count()} seats still count a connected socket "
                "after every client closed (their disconnect was lost)"
            )
        report = books_check()
        queue.put(("ok", {"problems": problems, "books": report.text(), "clean": report.clean}))
    except Exception:
        queue.put(("error", traceback.format_exc()))


def _postgres_tables_database(bench_url: str) -> tuple[str | None, str]:
    """A fresh PostgreSQL database next to the harness's: `<name>_tables` (always a bench name)."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(bench_url)
    base = unquote(parts.path.lstrip("/")) or "casino_bench"
    name = f"{base}_tables" if "bench" in base else f"{base}_tables_bench"
    maintenance = urlunsplit(parts._replace(path="/postgres", scheme="postgresql", query=""))
    try:
        with psycopg.connect(maintenance, autocommit=True, connect_timeout=3) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.Error as exc:
        return None, str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
    return urlunsplit(parts._replace(path=f"/{name}")), f"database {name!r} created afresh"


def _redis_ready(url: str) -> tuple[bool, str]:
    """Ping Redis and empty the benchmark's own database (never db 0)."""
    import redis

    parts = urlsplit(url)
    db = int(parts.path.lstrip("/") or 0)
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3)
        client.ping()
        if db == 0:
            return True, f"{url} (db 0 is not flushed: leftovers of other users may be in it)"
        client.flushdb()
        client.close()
    except redis.RedisError as exc:
        return False, str(exc)
    return True, f"{url} (db {db}, flushed)"


def _tracebacks(log: str) -> str:
    """How many tracebacks of which exception a server log holds, and the end of the first."""
    counts: dict[str, int] = {}
    first: list[str] = []
    lines = log.splitlines()
    for n, line in enumerate(lines):
        if not line.startswith("Traceback"):
            continue
        end = n + 1
        while end < len(lines) and (lines[end].startswith(" ") or not lines[end].strip()):
            end += 1
        if end < len(lines):
            counts[lines[end]] = counts.get(lines[end], 0) + 1
        if not first:
            first = lines[max(n, end - 12) : end + 1]
    summary = "; ".join(f"{count} x {line[:160]}" for line, count in counts.items())
    return f"{sum(counts.values())} traceback(s): {summary}\nend of the first:\n" + "\n".join(first)


# --- the server -----------------------------------------------------------------------------------


class Daphne:
    """One Daphne process, set up as production runs it (DEBUG off)."""

    def __init__(self, app: str, database_url: str, redis_url: str, secret_key: str):
        self.app = app
        self.port = _free_port()
        self.base = f"127.0.0.1:{self.port}"
        self.env = dict(os.environ)
        self.env.update(
            {
                "DJANGO_SETTINGS_MODULE": "casino.settings",
                "DATABASE_URL": database_url,
                "REDIS_URL": redis_url,
                "DEBUG": "0",
                "SECRET_KEY": secret_key,
                "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "CSRF_TRUSTED_ORIGINS": f"http://{self.base}",
                "PYTHONUNBUFFERED": "1",
            }
        )
        self.process: subprocess.Popen | None = None
        self.log_dir = Path(tempfile.mkdtemp(prefix="casino-bench-daphne-"))
        # where the server writes its phase timings (casino/timings.py)
        self.timings = str(self.log_dir / "timings.json")
        self.env["BENCH_TIMINGS"] = self.timings
        self.log = open(self.log_dir / "daphne.log", "w+b")  # noqa: SIM115 (closed in stop)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float = 60.0) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "--access-log",
                os.devnull,  # one line per socket; errors still reach the log
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                self.app,
            ],
            cwd=common.ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited early:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(f"http://{self.base}/accounts/login/", timeout=2) as r:
                    r.read()
                return
            except urllib.error.HTTPError:
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"daphne did not answer within {timeout} s:\n{self.log_text()}")

    def log_text(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode("utf-8", errors="replace")

    def wait_idle(self, timeout: float = 90.0) -> float:
        """Wait until the server has finished what the clients left it (closing sockets runs a
        transaction and a broadcast per socket); returns the seconds waited."""
        started = time.monotonic()
        last = _cpu_seconds(self.pid)
        while last is not None and time.monotonic() - started < timeout:
            time.sleep(0.5)
            now = _cpu_seconds(self.pid)
            if now is None or now - last < 0.02:
                break
            last = now
        return time.monotonic() - started

    def stop(self) -> tuple[str, str]:
        """Stop it (SIGTERM, SIGKILL after 15 s). Returns (note, problem): a note when it had to
        be killed, a problem (which tracebacks its log holds) when it crashed or logged one."""
        process, self.process = self.process, None
        note = ""
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                note = "Daphne did not exit within 15 s of SIGTERM and was killed"
                process.kill()
                process.wait(timeout=15)
        text = self.log_text()
        self.log.close()
        shutil.rmtree(self.log_dir, ignore_errors=True)
        if "Traceback" in text:
            return note, _tracebacks(text)
        if process is not None and process.returncode not in (0, -15) and not note:
            return note, f"exit code {process.returncode}:\n{text[-4000:]}"
        return note, ""


# --- the load generator (a separate process: asyncio + websockets, no Django) --------------------

BOARD = re.compile(r'<div id="table-board"([^>]*)>')
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
# (a board of a server before issue 30 has no version marker: its element's version counts)
BOARD_VERSION = re.compile(r'<div id="table-board"[^>]*data-version="(\d+)"')
VERSION_MARKER = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')
TAG = re.compile(r"<(input|label)\b([^>]*)>")
READY = re.compile(r'name="type" value="ready"')


def board_attrs(frame: str) -> dict[str, str] | None:
    match = BOARD.search(frame)
    return dict(ATTR.findall(match.group(1))) if match else None


BET_FORM = re.compile(r'<form[^>]*id="bet-form"[^>]*>(.*?)</form>', re.S)
# a money box's smallest stake, as a person types it (the kit's data-low, in major units)
SMALLEST_STAKE = re.compile(r'name="amount"[^>]*data-low="([^"]+)"')


def highcard_choice(frame: str, rng: random.Random) -> dict | None:
    """High card (the 6-seat test game), and any board whose bet form is `#bet-form` (the
    twenty-one games'): bet the minimum, or now and then pass, when this socket's board offers
    its bet form."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return None
    form = BET_FORM.search(frame)
    if form is None:
        return None
    amount = SMALLEST_STAKE.search(form.group(1))
    if amount is None or rng.random() < 0.2:
        return {"type": "act", "action": "pass", "payload": {}}
    return {"type": "act", "action": "bet", "payload": {"amount": amount.group(1)}}


ACTION_BUTTON = re.compile(r'data-action="([a-z_]+)"')


def baccarat_choice(frame: str, rng: random.Random) -> dict | None:
    """Baccarat with a player bank: from the buttons this socket's board shows, bid or open the
    minimum, bet the minimum (now and then pass), deal, leave the chocolate in, and draw or
    stand on 5 at random; never sell or take half the bank."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return None
    shown = set(ACTION_BUTTON.findall(frame))

    def with_minimum(kind: str) -> dict | None:
        form = re.search(rf'<form[^>]*id="{kind}-form"[^>]*>(.*?)</form>', frame, re.S)
        amount = form and SMALLEST_STAKE.search(form.group(1))
        return (
            {"type": "act", "action": kind, "payload": {"amount": amount.group(1)}}
            if amount
            else None
        )

    for kind in ("open", "bid", "bet"):
        if kind in shown and (kind == "open" or rng.random() < 0.8):
            return with_minimum(kind)
    for kind in ("pass", "deal", "no_chocolate"):
        if kind in shown:
            return {"type": "act", "action": kind, "payload": {}}
    if shown & {"draw", "stand"}:
        return {"type": "act", "action": rng.choice(["draw", "stand"]), "payload": {}}
    if "decline" in shown:
        return {"type": "act", "action": "decline", "payload": {}}
    return None


WS_FORM = re.compile(r"<form\b([^>]*\bws-send\b[^>]*)>(.*?)</form>", re.S)
INPUT = re.compile(r"<input\b([^>]*)>")


def submitted_forms(frame: str, rng: random.Random) -> list[dict]:
    """The fields a browser submits with each enabled `ws-send` form of a board: the hidden
    fields, a number field at its minimum, as many boxes ticked at random as the form's
    data-ticks allows (none if it says nothing)."""
    forms = []
    for form_attrs, body in WS_FORM.findall(frame):
        if re.search(r"\bdisabled\b", form_attrs):
            continue
        fields: dict = {}
        boxes: dict[str, list[str]] = {}
        for raw in INPUT.findall(body):
            tag = dict(ATTR.findall(raw))
            kind, name = tag.get("type", "text"), tag.get("name")
            if not name or re.search(r"\bdisabled\b", raw):
                continue
            if kind == "checkbox":
                boxes.setdefault(name, []).append(tag.get("value", ""))
            elif kind == "number":
                fields[name] = tag.get("min") or tag.get("value", "")
            else:
                fields[name] = tag.get("value", "")
        ticks = [int(n) for n in dict(ATTR.findall(form_attrs)).get("data-ticks", "0").split()]
        for name, values in boxes.items():
            fields[name] = rng.sample(values, min(len(values), rng.choice(ticks or [0])))
        forms.append(fields)
    return forms


def act_frame(fields: dict) -> dict:
    """The `act` frame of a submitted form's fields: its action, turn and version beside the
    payload (the other fields)."""
    fields = dict(fields)
    frame_out = {"type": "act", "action": fields.pop("action", ""), "payload": {}}
    for key in ("turn", "version"):
        if key in fields:
            frame_out[key] = fields.pop(key)
    fields.pop("type", None)
    fields.pop("client_action_id", None)
    frame_out["payload"] = fields
    return frame_out


def form_choice(frame: str, rng: random.Random) -> dict | None:
    """Any game: press one of the buttons this socket's board offers, as a browser submits its
    form (`submitted_forms`), preferring a game action to "ready"; never sit, leave or sit
    out. None when the board offers nothing."""
    attrs = board_attrs(frame) or {}
    acts, ready = [], None
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "ready" and attrs.get("data-status") == "open":
            ready = {"type": "ready"}
        elif fields.get("type") == "act" and attrs.get("data-my-turn") == "1":
            acts.append(fields)
    if acts:
        return act_frame(rng.choice(acts))
    return ready


# the total of the hand a twenty-one board's box plays now ("7/17": soft, the best after "/")
PLAYING_TOTAL = re.compile(
    r'<li class="tw-hand playing[^"]*"(?:(?!</li>).)*?class="house-total tw-total[^"]*"[^>]*>'
    r"([^<]+)<",
    re.S,
)
STAND_FROM = 17  # a twenty-one hand stands from this total, so that hands end


def twentyone_choice(frame: str, rng: random.Random) -> dict | None:
    """Blackjack and every game on its board (tables/_twentyone_board.html), from the forms this
    socket's board shows: cut a new shoe at random; answer the box owner's double or split with
    decline or stay; say done to insurance, even money, surrender and any choice before play;
    on a hand stand from 17, else hit (Pontoon: twist) or stand at random, and where standing is
    not offered (Pontoon below 15) its forms decide; at betting the own box's minimum or
    now and then a pass (`highcard_choice`), and pass where betting stays open after a bet.
    A turn it knows nothing of is played by its forms (`form_choice`), so no table stalls."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)  # "ready" at an open table, else nothing
    offered: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            offered.setdefault(fields.get("action", ""), []).append(fields)
    if "cut" in offered:  # the "at random" button: no `at`
        return act_frame(min(offered["cut"], key=lambda fields: "at" in fields))
    for kind in ("decline", "stay", "done"):
        if kind in offered:
            return act_frame(offered[kind][0])
    if "stand" in offered:
        shown = PLAYING_TOTAL.search(frame)
        best = max(map(int, re.findall(r"\d+", shown.group(1))), default=0) if shown else 0
        draw = next((kind for kind in ("hit", "twist") if kind in offered), None)
        hit = draw is not None and best < STAND_FROM and rng.random() < 0.5
        return act_frame(offered[draw if hit else "stand"][0])
    bet = highcard_choice(frame, rng)
    if bet is not None:
        return bet
    if "pass" in offered:
        return act_frame(offered["pass"][0])
    return form_choice(frame, rng)


ANTE_FORM = re.compile(r'<form[^>]*id="ante-form"[^>]*>(.*?)</form>', re.S)


def stud_choice(frame: str, rng: random.Random) -> dict | None:
    """The stud games' board (tables/stud/board.html): ante the minimum on your own box (now
    and then pass); on a box, bet mostly, else fold (a card change needs a card picked: its
    form is left alone); take the ante paid rather than buy a game; the dealer cuts. A turn
    it knows nothing of is played by its forms (`form_choice`)."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)
    form = ANTE_FORM.search(frame)
    if form is not None:
        amount = SMALLEST_STAKE.search(form.group(1))
        if amount is not None and rng.random() < 0.9:
            return {"type": "act", "action": "ante", "payload": {"amount": amount.group(1)}}
    offered: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            offered.setdefault(fields.get("action", ""), []).append(fields)
    if "bet" in offered and rng.random() < 0.8:
        return act_frame(offered["bet"][0])
    for kind in ("fold", "no_game", "done"):
        if kind in offered:
            return act_frame(offered[kind][0])
    if "cut" in offered:
        return act_frame(min(offered["cut"], key=lambda fields: "at" in fields))
    return form_choice(frame, rng)


CHOOSERS = {
    "caribbean_stud": "stud_choice",
    "oasis_stud": "stud_choice",
    "golden_oasis": "stud_choice",
    "highcard": "highcard_choice",
    "blackjack": "twentyone_choice",
    "blackjack_switch": "twentyone_choice",
    "pontoon": "twentyone_choice",
    "baccarat": "baccarat_choice",
    "baccarat_bank": "baccarat_choice",
    "khrap": "form_choice",
    "belarusian_poker": "form_choice",
    "big_stud": "form_choice",
    "craps": "craps_choice",
}


CRAPS_BET_CHANCE = 0.3  # a player awaited at craps bets (one area at random), else is done


def craps_choice(frame: str, rng: random.Random) -> dict | None:
    """Craps from its board's forms: the shooter with the dice rolls (a new shooter picks two of
    the five dice offered); a player in the betting window now and then bets the least on an
    area the board offers, else says done; nothing else (no take-downs, no passing the dice),
    so that rolls follow each other."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)
    by_action: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            by_action.setdefault(fields.get("action", ""), []).append(fields)
    if "roll" in by_action:
        fields = dict(by_action["roll"][0])
        if "dice" in fields:  # a new shooter: two of the five
            fields["dice"] = ["1", "2"]
        return act_frame(fields)
    if by_action.get("bet") and rng.random() < CRAPS_BET_CHANCE:
        return act_frame(rng.choice(by_action["bet"]))
    if "done" in by_action:
        return act_frame(by_action["done"][0])
    return form_choice(frame, rng)


def board_choice(frame: str, rng: random.Random) -> dict | None:
    """The frame to send for a board where it is this socket's turn (or None: nothing legal
    shown). Reads only what a player sees: the hand form's enabled inputs, the cards each
    playable card beats (data-beats), and whether the Take and Done forms are there."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-status") == "open" and READY.search(frame):
        return {"type": "ready"}
    if attrs.get("data-my-turn") != "1":
        return None
    hand = frame.split('id="hand-form"', 1)
    hand_html = hand[1].split("</form>", 1)[0] if len(hand) == 2 else ""
    attack: list[str] = []
    defend: list[tuple[str, str]] = []
    for kind, raw in TAG.findall(hand_html):
        tag = dict(ATTR.findall(raw))
        if kind == "label" and tag.get("data-beats", "").strip() and tag.get("data-card"):
            for target in tag["data-beats"].split():
                defend.append((tag["data-card"], target))
        elif kind == "input" and tag.get("name") == "cards" and not re.search(r"\bdisabled\b", raw):
            attack.append(tag["value"])
    can_take = 'id="take-form"' in frame
    can_done = 'id="done-form"' in frame
    if defend and (not can_take or rng.random() < 0.6):
        card, target = rng.choice(defend)
        return {"type": "act", "action": "defend", "payload": {"card": card, "target": target}}
    if can_take:
        return {"type": "act", "action": "take", "payload": {}}
    if can_done and (not attack or rng.random() < 0.4):
        return {"type": "act", "action": "done", "payload": {}}
    if attack:
        return {"type": "act", "action": "attack", "payload": {"cards": [rng.choice(attack)]}}
    return None


class Sock:
    """One client socket: a reader task keeps the newest version seen and when it arrived."""

    # what every socket of this load generator received (a phase reads them at its start and end)
    received_bytes = 0
    received_frames = 0

    def __init__(self, owner: TableDriver, url: str, cookie: str, origin: str, echo: bool):
        self.owner, self.url, self.cookie, self.origin, self.echo = owner, url, cookie, origin, echo
        self.version = 0 if echo else -1  # echo: the sequence number of the last message
        self.frame = ""
        self.errors: list[str] = []
        self.watch: int | None = None  # the version an action was sent at
        self.watch_time: float | None = None  # when a newer one arrived
        self.closed = False

    async def open(self, retries: int = 0) -> None:
        """Connect; a handshake the server dropped is tried again up to `retries` times, a
        second later each time, as the browser's websocket extension reconnects (counted in
        `self.retried`)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake

        self.retried = 0
        while True:
            try:
                self.ws = await connect(
                    self.url,
                    origin=self.origin,
                    additional_headers=[("Cookie", self.cookie)],
                    proxy=None,
                    open_timeout=60,
                    ping_interval=None,
                    max_queue=None,
                )
                break
            except (OSError, TimeoutError, InvalidHandshake):
                if self.retried >= retries:
                    raise
                self.retried += 1
                await asyncio.sleep(1.0)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                now = time.perf_counter()
                Sock.received_bytes += len(message.encode())
                Sock.received_frames += 1
                if self.echo and not message.lstrip().startswith("<"):
                    version = json.loads(message)["payload"]["seq"]
                else:  # a board (the echo's BENCH_ECHO_FLOOR=render numbers its boards)
                    if 'id="table-error"' in message:
                        text = re.sub(r"<[^>]+>", " ", message)
                        self.errors.append(" ".join(text.split())[:200])
                        self.owner.changed.set()
                        continue
                    # a whole board or the parts of one that changed (issue 30): both carry
                    # the version marker; the moves are read from the last whole board (a seat
                    # is sent parts only while its own moves stay as they were)
                    marker = VERSION_MARKER.search(message) or BOARD_VERSION.search(message)
                    if marker is None:
                        continue
                    version = int(marker.group(1))
                    if BOARD.search(message) is None:
                        message = self.frame
                if version > self.version:
                    self.version = version
                    self.frame = message
                    if self.watch is not None and version > self.watch and self.watch_time is None:
                        self.watch_time = now
                    self.owner.changed.set()
        except Exception as exc:  # a closed connection ends the reader; the driver notices
            if not self.owner.closing:
                self.errors.append(f"socket closed: {exc!r}")
        finally:
            self.closed = True
            self.owner.changed.set()

    async def send(self, frame: dict) -> None:
        await self.ws.send(json.dumps(frame))


class TableDriver:
    """Both sockets of one table and the loop that plays it."""

    def __init__(
        self, index: int, spec: dict, base: str | list[str], echo: bool, seed: int, game="durak"
    ):
        """`base`: host:port of the server, or of each server (several processes): the table's
        sockets are spread over them in turn, from a different one for each table."""
        self.index = index
        self.choose = globals()[CHOOSERS.get(spec.get("game", game), "board_choice")]
        self.table_id = spec["table"]
        self.echo = echo
        self.rng = random.Random(seed)
        self.changed = asyncio.Event()
        self.closing = False
        path = f"/ws/echo/{self.table_id}/" if echo else f"/ws/table/{self.table_id}/"
        bases = [base] if isinstance(base, str) else list(base)
        self.socks = []
        for n, cookie in enumerate(spec["cookies"]):
            host = bases[(index + n) % len(bases)]
            self.socks.append(Sock(self, f"ws://{host}{path}", cookie, f"http://{host}", echo))
        self.turn = 0  # echo: who sends next
        self.applied = 0  # engine actions seen applied (both sockets saw a newer version)
        self.readies = 0
        self.records: list[tuple[float, float]] = []  # (sent at, latency s)
        self.lost: list[str] = []
        self.failures: list[str] = []

    async def until(self, condition, timeout: float) -> bool:
        deadline = time.perf_counter() + timeout
        while not condition():
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                return condition()
        return True

    def settled(self) -> bool:
        versions = {s.version for s in self.socks}
        return (len(versions) == 1 and min(versions) >= 0) or any(s.closed for s in self.socks)

    def _errors(self) -> int:
        return sum(len(s.errors) for s in self.socks)

    connect_retries = 0  # how often a socket's dropped handshake is tried again (Sock.open)

    async def open(self) -> None:
        for sock in self.socks:
            await sock.open(self.connect_retries)
        if self.echo:
            return
        if not await self.until(lambda: all(s.version >= 0 for s in self.socks), ACTION_TIMEOUT):
            self.failures.append(f"table {self.table_id}: no board on connect")
            return
        for sock in self.socks:
            before = max(s.version for s in self.socks)
            await sock.send({"type": "sit"})
            if not await self.until(lambda s=sock, v=before: s.version > v, ACTION_TIMEOUT):
                self.failures.append(f"table {self.table_id}: sitting down was not answered")
                return
        if not await self.until(self.settled, ACTION_TIMEOUT):
            self.failures.append(f"table {self.table_id}: sockets disagree after sitting down")
        if self._errors():
            self.failures.append(f"table {self.table_id}: {self.socks[0].errors[:1]}")

    async def step(self) -> bool:
        """One action, timed; False when the table cannot go on."""
        if not await self.until(self.settled, ACTION_TIMEOUT):
            self.lost.append(
                f"table {self.table_id}: sockets stuck at versions "
                f"{[s.version for s in self.socks]}"
            )
            return False
        if any(s.closed for s in self.socks):
            self.failures.append(f"table {self.table_id}: a socket closed: {self.socks[0].errors}")
            return False
        version = self.socks[0].version
        if self.echo:
            actor = self.socks[self.turn]
            frame = {
                "type": "act",
                "action": "echo",
                "payload": {"seq": version + 1},
                "client_action_id": uuid.uuid4().hex,
            }
            self.turn = (self.turn + 1) % len(self.socks)
        else:
            actor, frame = None, None
            for sock in self.rng.sample(self.socks, len(self.socks)):
                frame = self.choose(sock.frame, self.rng)
                if frame is not None:
                    actor = sock
                    break
            if actor is None:
                self.failures.append(
                    f"table {self.table_id} v{version}: no socket shows a legal action "
                    f"(board attributes: {[board_attrs(s.frame) for s in self.socks]})"
                )
                return False
            if frame["type"] == "act":
                frame["client_action_id"] = uuid.uuid4().hex
                frame["version"] = version  # as the board's form sends it
        other = next(s for s in self.socks if s is not actor)
        for sock in self.socks:
            sock.watch, sock.watch_time = version, None
        errors = self._errors()
        sent = time.perf_counter()
        await actor.send(frame)
        done = await self.until(
            lambda: all(s.version > version for s in self.socks) or self._errors() > errors,
            ACTION_TIMEOUT,
        )
        if self._errors() > errors:
            self.failures.append(
                f"table {self.table_id} v{version}: {frame} was answered with an error: "
                f"{(actor.errors or other.errors)[-1]}"
            )
            return False
        if not done:
            self.lost.append(
                f"table {self.table_id}: {frame.get('action', frame['type'])} at v{version} "
                f"not seen by both sockets within {ACTION_TIMEOUT:g} s (versions "
                f"{[s.version for s in self.socks]})"
            )
            return False
        self.records.append((sent, other.watch_time - sent))
        if frame["type"] == "ready":
            self.readies += 1
        else:
            self.applied += 1
        return True

    async def drive(self, start: float, end: float, pace: float | None) -> None:
        slot = start + (self.rng.random() * pace if pace else 0.0)
        while True:
            now = time.perf_counter()
            if pace:
                if slot > now:
                    await asyncio.sleep(slot - now)
                elif now - slot > pace:
                    slot = now  # more than one interval late: do not burst to catch up
            if time.perf_counter() >= end:
                return
            if not await self.step():
                return
            slot += pace or 0.0

    async def close(self) -> None:
        self.closing = True
        for sock in self.socks:
            if hasattr(sock, "ws"):
                with contextlib.suppress(Exception):
                    await sock.ws.close()


def _read_timings(path: str | None) -> dict | None:
    if not path:
        return None
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


async def _phase(
    drivers, name: str, pid: int, warmup: float, seconds: float, pace, timings_path=None
):
    start = time.perf_counter() + 0.2
    window = (start + warmup, start + warmup + seconds)
    marks = {}
    received = {}
    timings_read = {}

    async def mark(at: float, label: str) -> None:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        marks[label] = (time.perf_counter(), _cpu_seconds(pid), _cpu_seconds())
        received[label] = (Sock.received_bytes, Sock.received_frames)
        # the server writes its timings once a second: the window's edges read the nearest
        timings_read[label] = _read_timings(timings_path)

    lost0 = [len(d.lost) for d in drivers]
    fail0 = [len(d.failures) for d in drivers]
    counts0 = [len(d.records) for d in drivers]
    await asyncio.gather(
        mark(window[0], "from"),
        mark(window[1], "to"),
        *(d.drive(start, window[1], pace) for d in drivers),
    )
    latencies = sorted(
        latency
        for d, n0 in zip(drivers, counts0, strict=True)
        for sent, latency in d.records[n0:]
        if window[0] <= sent < window[1]
    )
    (t0, server0, gen0), (t1, server1, gen1) = marks["from"], marks["to"]
    elapsed = t1 - t0
    # CPU of the window only (the window's actions started inside it; some end just after it)
    server_cpu = server1 - server0 if server0 is not None and server1 is not None else None
    sockets = sum(len(d.socks) for d in drivers) / max(1, len(drivers))
    bytes_in = received["to"][0] - received["from"][0]
    frames_in = received["to"][1] - received["from"][1]
    from casino.timings import summary as timings_summary

    server_phases = (
        timings_summary(timings_read["from"], timings_read["to"]) if timings_read["to"] else {}
    )
    return {
        "name": name,
        "server_phases": server_phases,
        # what one socket of a table received per action of that table, on average
        "bytes_per_socket": bytes_in / (len(latencies) * sockets) if latencies else None,
        "frames_per_socket": frames_in / (len(latencies) * sockets) if latencies else None,
        "seconds": elapsed,
        "actions": len(latencies),
        "per_second": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": _percentile(latencies, 0.50) * 1000,
        "p99_ms": _percentile(latencies, 0.99) * 1000,
        "max_ms": (latencies[-1] if latencies else 0.0) * 1000,
        "server_cpu_share": server_cpu / elapsed if server_cpu is not None and elapsed else None,
        "server_cpu_ms": server_cpu * 1000 / len(latencies) if server_cpu and latencies else None,
        "loadgen_cpu_share": (gen1 - gen0) / elapsed if elapsed else 0.0,
        "load": os.getloadavg()[0],
        "lost": [x for d, n in zip(drivers, lost0, strict=True) for x in d.lost[n:]],
        "failures": [x for d, n in zip(drivers, fail0, strict=True) for x in d.failures[n:]],
    }


async def _open_all(drivers) -> list[str]:
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def one(driver):
        async with limit:
            try:
                await driver.open()
            except Exception as exc:
                driver.failures.append(f"table {driver.table_id}: connect failed: {exc!r}")

    await asyncio.gather(*(one(d) for d in drivers))
    return [f for d in drivers for f in d.failures]


async def _loadgen(config: dict) -> dict:
    pid, echo, base = config["pid"], config["echo"], config["base"]
    world = config["world"]
    game = config["game"]
    drivers = [
        TableDriver(n, spec, base, echo, seed=1000 + n, game=game)
        for n, spec in enumerate(world[:TABLES])
    ]
    result: dict = {"rss_kb": {"idle": _rss_kb(pid)}, "phases": [], "failures": []}
    started = time.perf_counter()
    result["failures"] += await _open_all(drivers)
    result["connect_seconds"] = time.perf_counter() - started
    seats = len(world[0]["cookies"]) if world else 2
    result["rss_kb"][f"{seats * len(drivers)} clients"] = _rss_kb(pid)
    if not result["failures"]:
        for round_no in range(config["repeat"]):
            for name, pace in (("paced", GAME_PACE.get(game, PACE_SECONDS)), ("max", None)):
                phase = await _phase(
                    drivers,
                    name,
                    pid,
                    config["warmup"],
                    config["seconds"],
                    pace,
                    config.get("timings"),
                )
                phase["round"] = round_no + 1
                result["phases"].append(phase)
                if phase["lost"] or phase["failures"]:
                    break
        more = [
            TableDriver(n, spec, base, echo, seed=1000 + n, game=game)
            for n, spec in enumerate(world[TABLES:MEMORY_TABLES], start=TABLES)
        ]
        if more:
            result["failures"] += await _open_all(more)
            drivers += more
            await asyncio.sleep(0.5)
            result["rss_kb"][f"{seats * len(drivers)} clients"] = _rss_kb(pid)
    result["applied"] = {d.table_id: d.applied for d in drivers}
    result["readies"] = sum(d.readies for d in drivers)
    await asyncio.gather(*(d.close() for d in drivers))
    return result


def _loadgen_child(config: dict, queue) -> None:
    try:
        queue.put(("ok", asyncio.run(_loadgen(config))))
    except Exception:
        queue.put(("error", traceback.format_exc()))


# --- one setup: prepare, then the tables and the echo on the same kind of server ------------------


def _run_setup(context, key: str, database_url: str, redis_url: str, secret: str) -> dict:
    outcome: dict = {"key": key, "label": SETUPS[key], "runs": {}, "problems": [], "notes": []}
    started = time.monotonic()
    game = SETUP_GAME[key]
    seats = GAMES[game][1]
    two_seat_baseline = game == "durak"  # the memory reading, the floors and Durak's targets
    tables = MEMORY_TABLES if two_seat_baseline else TABLES
    status, world = _spawn(_prepare_child, database_url, secret, tables, game)
    if status != "ok":
        outcome["problems"].append(f"preparing the database failed:\n{world}")
        return outcome
    outcome["seats"] = seats
    outcome["baseline"] = two_seat_baseline
    print(
        f"  {SETUPS[key]}: migrated, {seats * tables} players and {tables} {game} tables "
        f"created in {time.monotonic() - started:.1f} s"
    )
    # six seats: the tables and the bare echo (no floor beyond it): the echo's 6-socket cost
    # against its 2-socket cost is the transport's own share of the 6-seat ratio
    for app_key, app, floor in _apps() if two_seat_baseline else _apps()[:2]:
        if redis_url:
            _redis_ready(redis_url)
        server = Daphne(app, database_url, redis_url, secret)
        server.env["BENCH_ECHO_FLOOR"] = floor
        log = ""
        try:
            server.start()
            config = {
                "pid": server.pid,
                "echo": app_key != "table",
                "base": server.base,
                "world": world,
                "game": game,
                "warmup": context.warmup,
                "seconds": context.seconds,
                "repeat": context.repeat,
                "timings": server.timings,
            }
            status, result = _spawn(_loadgen_child, config, timeout=900)
            if status == "ok":
                result["drain_seconds"] = server.wait_idle()
        finally:
            note, log = server.stop()
        if note:
            outcome["notes"].append(f"{app_key}: {note}")
        if status != "ok":
            outcome["problems"].append(f"{app_key}: the load generator failed:\n{result}")
            continue
        outcome["runs"][app_key] = result
        for phase in result["phases"]:
            outcome["problems"] += [f"{app_key} {phase['name']}: lost: {x}" for x in phase["lost"]]
            outcome["problems"] += [f"{app_key} {phase['name']}: {x}" for x in phase["failures"]]
        outcome["problems"] += [f"{app_key}: {x}" for x in result["failures"]]
        if log:
            outcome["problems"].append(f"{app_key}: daphne logged an error:\n{log}")
        print(
            f"  {SETUPS[key]}: {app_key} run done ({len(result['phases'])} phases, "
            f"load average {common.load_average()})",
            flush=True,
        )
        if app_key == "table":
            status, verdict = _spawn(_verify_child, database_url, secret, result["applied"])
            if status != "ok":
                outcome["problems"].append(f"verifying the database failed:\n{verdict}")
            else:
                outcome["problems"] += verdict["problems"]
                outcome["books"] = verdict["books"]
                if not verdict["clean"]:
                    outcome["problems"].append("books_check() is not clean:\n" + verdict["books"])
    if redis_url:
        _redis_ready(redis_url)
    return outcome


def _apps() -> list[tuple[str, str, str]]:
    """(key, ASGI application, BENCH_ECHO_FLOOR) of each server to run: the tables, the bare
    echo, then the echo with each floor of BENCH_ECHO_FLOORS (benchmarks/echo_consumer.py; all
    three unless it says otherwise, "none": no floor)."""
    chosen = os.environ.get("BENCH_ECHO_FLOORS", "hop,write,render")
    floors = [f.strip() for f in chosen.split(",") if f.strip() and f.strip() != "none"]
    runs = [("table", APPS["table"], ""), ("echo", APPS["echo"], "")]
    return runs + [(f"echo+{floor}", APPS["echo"], floor) for floor in floors]


def _best(phases: list[dict], name: str) -> dict | None:
    chosen = [p for p in phases if p["name"] == name]
    if not chosen:
        return None
    if name == "paced":
        return min(chosen, key=lambda p: p["p99_ms"])
    return max(chosen, key=lambda p: p["per_second"])


def _fmt(value, spec: str, missing: str = "n/a") -> str:
    return missing if value is None else format(value, spec)


WAITING = ("pool wait", "publish wait", "delivery", "loop lag")


def _report_timings(outcomes: list[dict]) -> None:
    """Where a table action's time went in the server, per phase (casino/timings.py): waiting
    (for a thread, for the loop, in the channel layer) against working."""
    print()
    print(
        "Where the time goes in the server (casino/timings.py; ms: p50 / p99 / mean; count per "
        "action; waiting phases marked *):"
    )
    for outcome in outcomes:
        table = outcome["runs"].get("table")
        if not table:
            continue
        for name in ("paced", "max"):
            phase = _best(table["phases"], name)
            if phase is None or not phase.get("server_phases"):
                continue
            actions = max(1, phase["actions"])
            cells = []
            for key, figures in phase["server_phases"].items():
                mark = "*" if key in WAITING else ""
                cells.append(
                    f"{key}{mark} {figures['p50'] * 1000:.2f}/{figures['p99'] * 1000:.1f}/"
                    f"{figures['mean'] * 1000:.2f}"
                    + ("" if key == "loop lag" else f" x{figures['count'] / actions:.1f}")
                )
            print(f"  {outcome['label']}, {name}: " + "; ".join(cells))


def _report(outcomes: list[dict], context) -> bool:
    targets_met = True
    print()
    print(
        f"{'setup':<30} {'app':<12} {'load':<11} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'server CPU':>10} {'CPU ms/act':>10} {'loadgen CPU':>11} {'load':>5} "
        f"{'B/socket':>9} {'frames':>6}"
    )
    for outcome in outcomes:
        for app_key, result in outcome["runs"].items():
            for name in ("paced", "max"):
                phase = _best(result["phases"], name)
                if phase is None:
                    continue
                load = "1/s/table" if name == "paced" else "max"
                print(
                    f"{outcome['label']:<30} {app_key:<12} {load:<11} "
                    f"{phase['per_second']:>9,.1f} {phase['p50_ms']:>7.1f} "
                    f"{phase['p99_ms']:>7.1f} {phase['max_ms']:>7.1f} "
                    f"{_fmt(phase['server_cpu_share'], '>10.0%')} "
                    f"{_fmt(phase['server_cpu_ms'], '>10.2f')} {phase['loadgen_cpu_share']:>11.0%} "
                    f"{phase['load']:>5.1f} {_fmt(phase.get('bytes_per_socket'), '>9,.0f')} "
                    f"{_fmt(phase.get('frames_per_socket'), '>6.2f')}"
                )
    print(
        "(server CPU: the Daphne process, share of one core; CPU ms/act: its CPU per action; "
        "loadgen CPU: the generator process, share of one core; load: 1-minute load average "
        "at the end of the window; B/socket, frames: what one socket of a table received per "
        "action of that table)"
    )
    _report_timings(outcomes)
    print()
    for outcome in outcomes:
        runs = outcome["runs"]
        print(f"{outcome['label']}:")
        for app_key, result in runs.items():
            rss = ", ".join(
                f"{label} {kb / 1024:.0f} MB" for label, kb in result["rss_kb"].items() if kb
            )
            print(
                f"  {app_key}: Daphne VmRSS {rss}; {outcome.get('seats', 2) * TABLES} sockets "
                "connected"
                f"{' and seated' if app_key == 'table' else ''} in "
                f"{result['connect_seconds']:.1f} s; after the clients closed, the server was "
                f"busy for {result.get('drain_seconds', 0):.1f} s more"
            )
        table, echo = runs.get("table"), runs.get("echo")
        e_best = _best(echo["phases"], "max") if echo else None
        for app_key, result in runs.items():
            best = _best(result["phases"], "max")
            if app_key in ("table", "echo") or not best or not e_best or not e_best["per_second"]:
                continue
            print(
                f"  floor {app_key}: {best['per_second']:,.1f} / {e_best['per_second']:,.1f} = "
                f"{best['per_second'] / e_best['per_second']:.3f} x the bare echo "
                f"({best['server_cpu_ms'] or 0:.2f} ms of Daphne's CPU each)"
            )
        write = runs.get("echo+write")
        if table and outcome.get("seats", 2) != 2:
            targets_met = _report_six(outcome, outcomes) and targets_met
        elif table and not outcome.get("baseline", True):
            pass  # a same-game baseline: read beside its many-seat setup
        elif table and echo:
            t_max, e_max = _best(table["phases"], "max"), _best(echo["phases"], "max")
            w_max = _best(write["phases"], "max") if write else None
            paced = _best(table["phases"], "paced")
            if t_max and e_max and paced:
                ratio = t_max["per_second"] / e_max["per_second"] if e_max["per_second"] else 0
                floor = w_max["per_second"] if w_max else 0
                floor_ratio = t_max["per_second"] / floor if floor else 0
                ratio_ok = floor_ratio >= TARGET_RATIO
                p99_ok = paced["p99_ms"] <= TARGET_P99_MS and paced["per_second"] >= 0.9 * TABLES
                print(
                    f"  table actions / bare echo (max throughput): "
                    f"{t_max['per_second']:,.1f} / {e_max['per_second']:,.1f} = {ratio:.3f}"
                )
                print(
                    f"  target: a Durak action >= {TARGET_RATIO:g} x the smallest-transaction "
                    f"floor (echo+write): {t_max['per_second']:,.1f} / {floor:,.1f} = "
                    f"{floor_ratio:.3f} -> {'MET' if ratio_ok else 'MISSED'}"
                )
                print(
                    f"  target: p99 <= {TARGET_P99_MS:g} ms at {TABLES} tables x 1 action/s: "
                    f"p99 {paced['p99_ms']:.1f} ms at {paced['per_second']:.1f} actions/s -> "
                    f"{'MET' if p99_ok else 'MISSED'}"
                )
                targets_met = targets_met and ratio_ok and p99_ok
                if t_max["server_cpu_ms"]:
                    ceiling = 1000 / t_max["server_cpu_ms"]
                    print(
                        f"  one Daphne process at one full core: ~{ceiling:,.0f} table actions/s "
                        f"({t_max['server_cpu_ms']:.1f} ms of its CPU per action), i.e. "
                        f"~{ceiling:,.0f} tables acting once a second with no headroom"
                    )
        if table and outcome.get("baseline", outcome.get("seats", 2) == 2):
            key = f"{2 * MEMORY_TABLES} clients"
            kb = table["rss_kb"].get(key)
            rss_ok = kb is not None and kb / 1024 < TARGET_RSS_MB
            print(
                f"  target: Daphne < {TARGET_RSS_MB:g} MB with {MEMORY_TABLES} tables x 2 clients: "
                f"{_fmt(kb and kb / 1024, '.0f')} MB -> {'MET' if rss_ok else 'MISSED'}"
            )
            targets_met = targets_met and rss_ok
            print(
                f"  engine actions applied {sum(table['applied'].values()):,}, ready frames "
                f"{table['readies']}"
            )
        for note in outcome["notes"]:
            print(f"  note: {note}")
        if outcome.get("books"):
            print("  " + outcome["books"].strip().replace("\n", "\n  "))
    return targets_met


# what a many-seat setup prints beside High card's 6-seat one: (what, phase, figure, format)
BESIDE_FIGURES = (
    ("p99 at 1 action/s a table, ms", "paced", "p99_ms", ",.1f"),
    ("Daphne CPU per action at 1/s, ms", "paced", "server_cpu_ms", ".2f"),
    ("Daphne CPU per action at max, ms", "max", "server_cpu_ms", ".2f"),
    ("max actions/s", "max", "per_second", ",.1f"),
    ("bytes per socket per action at 1/s", "paced", "bytes_per_socket", ",.0f"),
    ("bytes per socket per action at max", "max", "bytes_per_socket", ",.0f"),
)


def _report_beside_high_card(outcome: dict, outcomes: list[dict]) -> None:
    """Another game's many-seat figures beside High card's 6-seat setup on the same database in
    the same run (SIX_SEAT_HIGH_CARD_OF), each with its ratio to High card's."""
    key = SIX_SEAT_HIGH_CARD_OF.get(outcome["key"])
    other = next((o for o in outcomes if o["key"] == key and "table" in o["runs"]), None)
    if other is None:
        return
    print(f"  beside High card's 6 seats ({other['label']}), this / High card's:")
    for what, name, figure, spec in BESIDE_FIGURES:
        mine = (_best(outcome["runs"]["table"]["phases"], name) or {}).get(figure)
        theirs = (_best(other["runs"]["table"]["phases"], name) or {}).get(figure)
        if mine is None or theirs is None:
            continue
        ratio = f"{mine / theirs:.2f}" if theirs else "n/a"
        print(f"    {what}: {mine:{spec}} / {theirs:{spec}} = {ratio}")


def _report_six(outcome: dict, outcomes: list[dict]) -> bool:
    """The 6-seat targets: p99 at 50 tables x 1 action/s (PostgreSQL + Redis), and Daphne's CPU
    per action against the 2-seat tables' on the same database in the same run."""
    table = outcome["runs"]["table"]
    paced, t_max = _best(table["phases"], "paced"), _best(table["phases"], "max")
    met = True
    if paced:
        p99_ok = paced["p99_ms"] <= TARGET_P99_SIX_MS and paced["per_second"] >= 0.9 * TABLES
        label = "target" if outcome["key"] == "postgres6" else "measure"
        print(
            f"  {label}: p99 <= {TARGET_P99_SIX_MS:g} ms at {TABLES} six-seat tables x 1 "
            f"action/s: p99 {paced['p99_ms']:.1f} ms at {paced['per_second']:.1f} actions/s -> "
            f"{'MET' if p99_ok else 'MISSED'}"
        )
        met = met and (p99_ok or outcome["key"] != "postgres6")
    _report_beside_high_card(outcome, outcomes)
    two = next((o for o in outcomes if o["key"] == TWO_SEAT_OF.get(outcome["key"])), None)
    two_max = (
        _best(two["runs"]["table"]["phases"], "max") if two and "table" in two["runs"] else None
    )
    if t_max and two_max and t_max["server_cpu_ms"] and two_max["server_cpu_ms"]:
        ratio = t_max["server_cpu_ms"] / two_max["server_cpu_ms"]
        cpu_ok = ratio <= TARGET_SIX_CPU
        print(
            f"  target: a 6-seat action's Daphne CPU <= {TARGET_SIX_CPU:g} x a 2-seat action's: "
            f"{t_max['server_cpu_ms']:.2f} / {two_max['server_cpu_ms']:.2f} ms = {ratio:.2f} -> "
            f"{'MET' if cpu_ok else 'MISSED'}"
        )
        met = met and cpu_ok
    echo_six = _best(outcome["runs"].get("echo", {}).get("phases", []), "max")
    echo_two = (
        _best(two["runs"]["echo"]["phases"], "max") if two and "echo" in two["runs"] else None
    )
    if echo_six and echo_two and echo_six["server_cpu_ms"] and echo_two["server_cpu_ms"]:
        transport = echo_six["server_cpu_ms"] / echo_two["server_cpu_ms"]
        print(
            "  floor: the bare echo's Daphne CPU per frame sent in, answered to 6 sockets / to "
            f"2: {echo_six['server_cpu_ms']:.2f} / {echo_two['server_cpu_ms']:.2f} ms = "
            f"{transport:.2f} (the transport alone, no database, engine or rendering)"
        )
        baselines = [("the 2-seat Durak action", two_max)]
        same = next(
            (o for o in outcomes if o["key"] == SAME_GAME_TWO_SEATS_OF.get(outcome["key"])), None
        )
        if same and "table" in same["runs"]:
            baselines.append(
                ("the same game's 2-seat action", _best(same["runs"]["table"]["phases"], "max"))
            )
        for name, baseline in baselines:
            if not (t_max and baseline and t_max["server_cpu_ms"] and baseline["server_cpu_ms"]):
                continue
            over = t_max["server_cpu_ms"] / (transport * baseline["server_cpu_ms"])
            print(
                f"  issue 30: 6-seat CPU / (echo 6/2 x {name}'s): {t_max['server_cpu_ms']:.2f} / "
                f"({transport:.2f} x {baseline['server_cpu_ms']:.2f}) = {over:.2f} (<= "
                f"{TARGET_SIX_CPU_OVER_TRANSPORT:g}: "
                f"{'MET' if over <= TARGET_SIX_CPU_OVER_TRANSPORT else 'MISSED'})"
            )
            pace = t_max["per_second"] / baseline["per_second"] if baseline["per_second"] else 0
            print(
                f"  issue 30: 6-seat max actions/s / {name}'s: {t_max['per_second']:,.1f} / "
                f"{baseline['per_second']:,.1f} = {pace:.2f} (>= {TARGET_SIX_THROUGHPUT:g}: "
                f"{'MET' if pace >= TARGET_SIX_THROUGHPUT else 'MISSED'})"
            )
    return met


def run(context) -> bool:
    secret = secrets.token_urlsafe(40)
    wanted = [
        s.strip()
        for s in (
            os.environ.get("BENCH_TABLE_SETUPS", "").strip() or "sqlite,postgres,sqlite6,postgres6"
        ).split(",")
        if s.strip()
    ]
    unknown = [s for s in wanted if s not in SETUPS]
    if unknown:
        print(f"unknown BENCH_TABLE_SETUPS {unknown}; known: {', '.join(SETUPS)}")
        return False
    games = dict.fromkeys(GAMES[SETUP_GAME[key]][:2] for key in wanted)
    print(
        f"{TABLES} tables of each setup ("
        + ", ".join(f"{engine} x {seats} sockets" for engine, seats in games)
        + f") on ONE Daphne process; load generator in its own process; memory read with "
        f"{MEMORY_TABLES} Durak tables x 2 sockets"
    )
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    outcomes = []
    ok = True
    for key in wanted:
        if key.startswith("sqlite"):
            tmp = Path(tempfile.mkdtemp(prefix="casino-bench-tables-"))
            try:
                # An experiment, off by default (`make run` closes its SQLite connection after
                # every database call): BENCH_SQLITE_CONN_MAX_AGE=600 keeps it open.
                age = os.environ.get("BENCH_SQLITE_CONN_MAX_AGE", "").strip()
                query = f"?conn_max_age={int(age)}" if age else ""
                url = f"sqlite:///{tmp / 'db.sqlite3'}{query}"
                outcomes.append(_run_setup(context, key, url, "", secret))
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            continue
        if context.vendor != "postgresql":
            print(f"  {SETUPS[key]}: skipped (PostgreSQL is not reachable)")
            continue
        redis_url = os.environ.get("BENCH_REDIS_URL", "").strip() or DEFAULT_REDIS_URL
        reachable, note = _redis_ready(redis_url)
        if not reachable:
            print(f"  {SETUPS[key]}: skipped (Redis at {redis_url} is not reachable: {note})")
            continue
        database_url, note_db = _postgres_tables_database(context.database_url)
        if database_url is None:
            print(f"  {SETUPS[key]}: skipped ({note_db})")
            continue
        print(f"  {SETUPS[key]}: {note_db}; Redis {note}")
        outcomes.append(_run_setup(context, key, database_url, redis_url, secret))
    print(f"load average after: {common.load_average()}")
    targets_met = _report(outcomes, context)
    for outcome in outcomes:
        if outcome["problems"]:
            ok = False
            print()
            print(
                f"FAILED ({outcome['label']}): {len(outcome['problems'])} problem(s); first ones:"
            )
            for problem in outcome["problems"][:8]:
                print("   " + problem.strip().replace("\n", "\n   "))
    if context.strict and not targets_met:
        ok = False
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py table_load")
