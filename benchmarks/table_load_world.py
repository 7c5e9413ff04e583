"""The world `benchmarks/table_load.py` (and `benchmarks/soak.py`) runs in: small process helpers
(memory, CPU, a spawned step), the database's preparation and verification in spawned processes,
the tables and players (`create_world`), the private Redis check and the Daphne server."""

from __future__ import annotations

import multiprocessing as mp
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import benchmarks as common
from benchmarks.table_load_setups import ACTION_SECONDS, FUNDING, GAMES

# --- small helpers ------------------------------------------------------------------------------


def _rss_kb(pid: int | list[int]) -> int | None:
    """VmRSS of a process, or the sum over the processes of a list (several servers)."""
    if isinstance(pid, list):
        figures = [_rss_kb(one) for one in pid]
        return None if None in figures else sum(figures)
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _cpu_seconds(pid: int | list[int] | None = None) -> float | None:
    """CPU seconds (user + system) of a process so far, or the sum over the processes of a list
    (several servers); None if /proc cannot tell."""
    if pid is None:
        return time.process_time()
    if isinstance(pid, list):
        figures = [_cpu_seconds(one) for one in pid]
        return None if None in figures else sum(figures)
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


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
