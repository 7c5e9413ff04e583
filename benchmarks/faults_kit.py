"""The kit of `make faults` (benchmarks/faults.py): the figures of a kind of fault, waiting, the
database and a private Redis, children started and killed at random, the checks after a kill
(the books, no action applied twice) and funded players."""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test_presence_faults"
WORKER_APP = "faults-worker"
CURRENCY = "BYN"
FUNDS = 1_000_000
WAIT = 30.0


@dataclass
class Figures:
    kind: str
    runs: int = 0
    kills: int = 0
    recoveries: int = 0
    failures: list[str] = field(default_factory=list)
    notes: Counter = field(default_factory=Counter)

    def fail(self, message: str) -> None:
        self.failures.append(message)
        print(f"  !! {self.kind}: {message}", flush=True)

    def row(self) -> str:
        notes = ", ".join(f"{k} {v}" for k, v in sorted(self.notes.items()))
        return (
            f"{self.kind:<13} runs {self.runs:>3}  kills {self.kills:>3}  "
            f"recoveries {self.recoveries:>3}  failures {len(self.failures):>2}"
            + (f"  ({notes})" if notes else "")
        )


def wait_until(condition, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the database and the private Redis ---------------------------------------------------------


def prepare_database(url: str) -> None:
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = unquote(parts.path.lstrip("/"))
    maintenance = urlunsplit(parts._replace(path="/postgres", scheme="postgresql", query=""))
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=5) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


class PrivateRedis:
    """A redis-server of this run alone, on a free port: it can be killed without touching the
    Redis the other developers share."""

    def __init__(self):
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.answers, "redis-server to answer", 10)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_child(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("faults.py").resolve()), "child", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()
    if line.strip() != "go":
        raise RuntimeError(f"child did not start: {line!r} {process.stderr.read()[-2000:]}")
    return process


def kill_child_at_random(process: subprocess.Popen, rng: random.Random, upto: float) -> bool:
    """SIGKILL the child after a random delay in [0, upto); False if it ended first."""
    time.sleep(rng.uniform(0, upto))
    if process.poll() is not None:
        return False
    process.send_signal(signal.SIGKILL)
    process.wait()
    return True


def child_output(process: subprocess.Popen) -> list[str]:
    out = process.stdout.read() if process.stdout else ""
    process.stdout.close()
    process.stderr.close()
    return out.split()


# --- the checks ---------------------------------------------------------------------------------


def books_clean(figures: Figures, run: int) -> bool:
    from casino.books import books_check

    report = books_check()
    if not report.clean:
        figures.fail(f"run {run}: books not clean: {report.text()[:500]}")
    return report.clean


def no_action_applied_twice(figures: Figures) -> bool:
    from django.db.models import Count

    from tables.models import TableEvent

    twice = (
        TableEvent.objects.exclude(client_action_id="")
        .values("table_id", "player_id", "client_action_id")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    if twice.exists():
        figures.fail(f"actions applied twice: {list(twice[:5])}")
        return False
    return True


# --- players, funds -----------------------------------------------------------------------------


def new_funded_player(prefix: str):
    from casino import ledger
    from casino.models import Player

    player = Player.objects.create_user(
        username=f"{prefix}-{uuid.uuid4().hex[:8]}", password=uuid.uuid4().hex, language="en"
    )
    ledger.cashier_deposit(
        player=player,
        amount=FUNDS,
        currency=CURRENCY,
        idempotency_key=f"faults-fund:{player.pk}",
        memo="faults",
    )
    return player


def balance(player) -> int:
    from casino import ledger

    return ledger.balances_of(player).get(CURRENCY, 0)


def note_the_kill(figures: Figures, table_id: int) -> None:
    """What the table had going when its process was killed: the bets riding on it, the
    splits, doubles and insurance taken before, what the last change committed was."""
    from tables.models import Table, TableEvent

    state = Table.objects.get(pk=table_id).state or {}
    riding = state.get("bets") if isinstance(state.get("bets"), dict) else {}
    events = TableEvent.objects.filter(table_id=table_id)
    counts = {"bets riding at the kills": len(riding or {})}
    for kind in ("split", "double", "insurance"):
        counts[f"{kind}s"] = events.filter(action__type=kind).count()
    figures.notes.update({name: n for name, n in counts.items() if n})
    last = events.order_by("-version").values_list("action", flat=True).first() or {}
    if last.get("type") in ("sit", "leave"):
        figures.notes[f"killed just after a {last['type']}"] += 1
    figures.notes["changes before the kills"] += events.count()
