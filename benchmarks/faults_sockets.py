"""`make faults`: faults at random points (issue 19 part 5), on PostgreSQL + Redis.

Run kinds (FAULTS_RUNS kills each, default 20; name kinds on the command line to run only
those, e.g. ``benchmarks/faults.py craps blackjack seat``):
- hand: a Daphne server with two players seated over websockets playing a durak match is
  killed with SIGKILL at a random moment of play; a new server starts on the same database,
  the players reconnect and resend the frame that got no answer (same client_action_id), and
  play on; then both leave (the match ends, its escrow is paid out).
- settlement: a process settling an event's bets (sportsbook ``event_settle``, chunks of
  SETTLE_CHUNK bets, each its own transaction) is killed at a random moment; the sweeper's call
  (``event_settle`` again) finishes it.
- transfer: a process booking ledger transfers between two wallets, each with its idempotency
  key, is killed at a random moment; the client retries every key it sent (the last one's
  answer never came).
- redis: the channel layer's Redis (a private redis-server started for this run) is killed and
  started again in the middle of play (FAULTS_REDIS_RUNS times): players reconnect as a
  browser does and the next move reaches both sockets.
- pg-terminate: while a process books ledger transfers, another connection ends its PostgreSQL
  backend (pg_terminate_backend) at random moments inside a transaction (a statement or the
  commit in flight, or between them), FAULTS_RUNS times; the process retries its key on a
  fresh connection.

- craps: a process playing a craps session through the table actor (two players betting
  what the layout takes, their bets riding from roll to roll, the shooter rolling) is killed
  at a random moment; the next process plays on from the last commit, then both leave and
  the table's clock plays out what their held seats keep working.
- blackjack: the same for blackjack hands played for their splits, doubles and insurance
  (those are chosen whenever they are legal).
- seat: a process seating and unseating two players at a craps table (each sits, bets, and
  leaves with bets on the layout, again and again) is killed at a random moment, often inside
  a sit or a leave; the players then leave (a leave that finds no seat is told so) and the
  clock settles what is held.
For these three, every stake is settled or returned once: each player's wallet equals his funds
plus what the table's event log says was paid to his seat less what his seat paid, with no
seat or bet left at the table (issue 46).

After each: the books check clean (casino.books), every table resumed (or was voided with its
refunds), no client action applied twice, no settlement or transfer booked twice, nothing
lost. Printed: runs, kills, recoveries, failures per kind. Exit status 1 on any failure.

Environment: FAULTS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
test_presence_faults, created if missing), FAULTS_RUNS, FAULTS_REDIS_RUNS (default 3),
FAULTS_SEED (the random moments; default a fresh seed, printed).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
import warnings
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test_presence_faults"
WORKER_APP = "faults-worker"
CURRENCY = "BYN"
FUNDS = 1_000_000
TRANSFER_AMOUNT = 100
SETTLE_BETS = 120
SETTLE_CHUNK = 10
VERSION = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')  # whole boards and parts
WAIT = 30.0
STALE = "The table has moved on"
# a player's socket is opened again after each server's death, so not in a with block
warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")


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


# --- children: the processes that get killed ----------------------------------------------------


def child_main(argv: list[str]) -> None:
    """``faults.py child transfer PREFIX FROM TO COUNT`` or ``faults.py child settle EVENT``: the
    work a killed process was doing, each step's commit announced on stdout."""
    import benchmarks as common

    common.django_setup(os.environ["DATABASE_URL"], log_queries=False)
    kind = argv[0]
    if kind == "transfer":
        prefix, source, target = argv[1], int(argv[2]), int(argv[3])
        book_transfers(prefix, source, target, announce=True)
    elif kind == "house":
        table_id, player_ids = int(argv[1]), [int(a) for a in argv[2:]]
        play_house(table_id, player_ids, random.Random(), announce=True)
    elif kind == "seat":
        table_id, player_ids = int(argv[1]), [int(a) for a in argv[2:]]
        come_and_go(table_id, player_ids, random.Random(), announce=True)
    elif kind == "settle":
        from sportsbook.settlement import runner as settlement_runner

        settlement_runner.CHUNK = SETTLE_CHUNK  # many commits: a kill lands between or inside
        print("go", flush=True)
        settlement_runner.event_settle(event_id=int(argv[1]))
        print("done", flush=True)


def transfer_once(prefix: str, index: int, source_id: int, target_id: int) -> None:
    from casino import ledger
    from casino.models import Account, TransferKind

    source, target = Account.objects.get(pk=source_id), Account.objects.get(pk=target_id)
    ledger.transfer_create(
        idempotency_key=f"{prefix}-{index}",
        kind=TransferKind.TRANSFER,
        legs=[(source, -TRANSFER_AMOUNT), (target, TRANSFER_AMOUNT)],
        memo="faults",
    )


def book_transfers(prefix: str, source: int, target: int, announce: bool) -> None:
    """Book transfers prefix-0, prefix-1, ... until killed, or until SIGTERM (then the one in
    hand is finished first); "go" once the first is booked. A lost connection (its backend
    terminated) is retried with the same key on a fresh one."""
    from django.db import InterfaceError, OperationalError, close_old_connections, connection

    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    index = 0
    while not stopping:
        try:
            transfer_once(prefix, index, source, target)
        except (OperationalError, InterfaceError):
            connection.close()
            close_old_connections()
            continue
        if index == 0:
            print("go", flush=True)
        if announce:
            print(f"booked {index}", flush=True)
        index += 1


def start_child(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "child", *args],
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


# --- transfers ----------------------------------------------------------------------------------


def run_transfers(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from casino import ledger
    from casino.models import Transfer

    while figures.kills < runs:
        figures.runs += 1
        payer, payee = new_funded_player("tr-a"), new_funded_player("tr-b")
        source = ledger.wallet_for(payer, CURRENCY).pk
        target = ledger.wallet_for(payee, CURRENCY).pk
        prefix = f"faults-tr-{uuid.uuid4().hex[:10]}"
        child = start_child(["transfer", prefix, str(source), str(target)], env)
        if not kill_child_at_random(child, rng, 1.0):
            figures.fail(f"run {figures.runs}: the transfer process ended by itself")
            continue
        figures.kills += 1
        booked = [0, *(int(word) for word in child_output(child) if word.isdigit())]
        sent = max(booked) + 2  # the key after the last answered one was maybe sent
        for index in range(sent):  # the client retries every key it is unsure of
            transfer_once(prefix, index, source, target)
        count = Transfer.objects.filter(idempotency_key__startswith=f"{prefix}-").count()
        expected = sent * TRANSFER_AMOUNT
        ok = (
            count == sent
            and balance(payer) == FUNDS - expected
            and balance(payee) == FUNDS + expected
        )
        if not ok:
            figures.fail(f"run {figures.runs}: {count} transfers for {sent} keys, or lost money")
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
            figures.notes["transfers"] += sent


# --- settlement ---------------------------------------------------------------------------------


def settlement_event(rng: random.Random):
    """An event with SETTLE_BETS open bets of a few players, finished, with its result."""
    from sportsbook.line.services import event_set_status
    from sportsbook.models import EventStatus
    from sportsbook.settlement.services import event_result_set
    from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates

    set_rates()
    event = make_event(odds="1.90")
    choices = [("1x2", "1"), ("1x2", "X"), ("1x2", "2"), ("total", "over"), ("total", "under")]
    players = [new_funded_player("sb") for _ in range(6)]
    for _ in range(SETTLE_BETS):
        kind, code = rng.choice(choices)
        stake = rng.randrange(200, 5_000)  # above the minimum stake (1.60 BYN)
        place(rng.choice(players), [outcome(event, kind, code)], stake=stake)
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(2, 1))
    return event, players


def run_settlements(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from django.db.models import Sum

    from sportsbook.models import Bet, BetSettlement, BetStatus
    from sportsbook.settlement.runner import event_settle

    upto = 1.0
    while figures.kills < runs:
        figures.runs += 1
        event, players = settlement_event(rng)
        bets = Bet.objects.filter(legs__outcome__market__event=event).distinct()
        staked = bets.aggregate(s=Sum("stake"))["s"]
        started = time.monotonic()
        child = start_child(["settle", str(event.pk)], env)
        if not kill_child_at_random(child, rng, upto):
            upto = max(0.05, (time.monotonic() - started) * 0.9)  # it was faster: aim earlier
            child_output(child)
            figures.notes["finished before the kill"] += 1
            continue
        figures.kills += 1
        child_output(child)
        settled_before = bets.exclude(status=BetStatus.OPEN).count()
        event_settle(event_id=event.pk)  # the sweeper's next pass
        event_settle(event_id=event.pk)  # and another: nothing more
        open_left = bets.filter(status=BetStatus.OPEN).count()
        paid = bets.aggregate(p=Sum("payout"))["p"] or 0
        changes = BetSettlement.objects.filter(bet__in=bets).aggregate(
            now=Sum("payout"), before=Sum("previous_payout")
        )
        booked = (changes["now"] or 0) - (changes["before"] or 0)
        wallets = sum(balance(p) for p in players)
        expected = len(players) * FUNDS - staked + paid
        ok = open_left == 0 and booked == paid and wallets == expected
        if not ok:
            figures.fail(
                f"run {figures.runs}: open {open_left}, payouts {paid}, booked {booked}, "
                f"wallets {wallets} (expected {expected})"
            )
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
            figures.notes["bets settled before the kill"] += settled_before


# --- house-banked tables: craps, blackjack, seats coming and going (issue 46) --------------------

HOUSE_TABLES = {
    "craps": {
        "min_bet": 100,
        "max_bet": 10_000,
        "min_unit": 100,
        "start_seconds": 0,
        "bet_seconds": 600,
        "shooter_seconds": 600,
        "action_seconds": 600,
        "grace_seconds": 600,
        "absence_seconds": 600,
    },
    "blackjack": {
        "min_bet": 100,
        "max_bet": 5_000,
        "boxes": 7,
        "start_seconds": 0,
        "action_seconds": 600,
        "grace_seconds": 600,
        "absence_seconds": 600,
    },
}
# the kinds of action a player takes whenever they are legal, before any other (the rest at
# random): what the run is meant to have working when the kill comes
PREFERRED = {
    "craps": ("bet",),
    "blackjack": ("split", "double", "insurance", "bet"),
}
HOUSE_STEPS_AFTER = 6  # actions the next process plays after the kill, before the leaves


def house_table(game: str):
    from tables.models import Table

    return Table.objects.create(
        name=f"faults {game} {uuid.uuid4().hex[:6]}",
        game=game,
        currency=CURRENCY,
        settings=HOUSE_TABLES[game],
    )


def house_step(table_id: int, players: dict, rng: random.Random) -> bool:
    """One action of a player the table awaits, through the table actor: a preferred kind if
    one is legal (a bet, in craps, 3 times in 4), else one at random. False if nobody is
    awaited (no hand in play)."""
    from tables import services
    from tables.engines.registry import engine_for
    from tables.models import Seat, Table, TableStatus

    table = Table.objects.get(pk=table_id)
    engine = engine_for(table.game)
    if table.status != TableStatus.PLAYING or not table.state:
        return False
    seats = dict(
        Seat.objects.filter(table=table, leaving_since=None).values_list("position", "player_id")
    )
    awaited = [p for p in engine.to_act(table.state) if p in seats]
    if not awaited:
        return False
    position = rng.choice(awaited)
    legal = engine.legal_actions(table.state, position)
    preferred = [a for a in legal if a.get("type") in PREFERRED[table.game]]
    action = rng.choice(preferred if preferred and rng.random() < 0.75 else legal)
    with suppress(services.TableError):  # a stake over the limits, a race with the clock
        services.table_act(
            table_id=table_id,
            player=players[seats[position]],
            action=action,
            expected_version=table.version,
        )
    return True


def play_house(table_id: int, player_ids: list[int], rng: random.Random, announce: bool) -> None:
    """Play the table until killed: every player awaited acts; "go" after the first action."""
    from casino.models import Player
    from tables import services

    players = Player.objects.in_bulk(player_ids)
    steps = 0
    while True:
        if not house_step(table_id, players, rng):
            services.table_apply_overdue(table_id=table_id)
            time.sleep(0.01)
            continue
        steps += 1
        if announce and steps == 1:
            print("go", flush=True)


def come_and_go(table_id: int, player_ids: list[int], rng: random.Random, announce: bool) -> None:
    """Until killed: both players sit, play a few actions (bets on the layout), and leave in a
    random order, again and again; "go" after the first sit."""
    from casino.models import Player
    from tables import services

    players = Player.objects.in_bulk(player_ids)
    first = True
    while True:
        for player in rng.sample(list(players.values()), len(players)):
            with suppress(services.TableError):  # held still for bets of his last visit
                services.table_sit(table_id=table_id, player=player, connected=True)
            if announce and first:
                print("go", flush=True)
                first = False
        for _step in range(rng.randrange(1, 8)):
            house_step(table_id, players, rng)
        for player in rng.sample(list(players.values()), len(players)):
            with suppress(services.TableError):
                services.table_leave(table_id=table_id, player=player)


def settle_house_table(table_id: int, players: dict, rng: random.Random) -> bool:
    """After the kill, the next process: play on a few actions, then every player leaves, and
    the table's clock (the sweeper's path, its time moved on) plays out what held seats keep
    working. True once no seat is left."""
    import datetime as dt

    from django.utils import timezone

    from tables import services
    from tables.models import Seat

    for _step in range(HOUSE_STEPS_AFTER):
        house_step(table_id, players, rng)
    for player in players.values():
        with suppress(services.TableError):  # not seated (left before the kill), or deferred
            services.table_leave(table_id=table_id, player=player)
    now = timezone.now()
    for _tick in range(200):
        if not Seat.objects.filter(table_id=table_id).exists():
            return True
        now += dt.timedelta(seconds=900)
        services.table_apply_overdue(table_id=table_id, now=now)
    return not Seat.objects.filter(table_id=table_id).exists()


def paid_by_the_log(table_id: int) -> Counter:
    """Each player's net from the table's event log: the payments to his seat less his seat's,
    the seat read as whoever sat there when the event was stored."""
    from tables.engines.base import SEAT, Party, payments
    from tables.models import TableEvent

    sitting: dict[int, int] = {}
    net: Counter = Counter()
    for player_id, events in (
        TableEvent.objects.filter(table_id=table_id)
        .order_by("version", "pk")
        .values_list("player_id", "events")
    ):
        for event in events or []:
            if event.get("type") in ("sit", "assign") and player_id is not None:
                sitting[event["seat"]] = player_id
        for payment in payments(events or []):
            source, target = Party.parse(payment.source), Party.parse(payment.target)
            if source.kind == SEAT:
                net[sitting[source.key]] -= payment.amount
            if target.kind == SEAT:
                net[sitting[target.key]] += payment.amount
    return net


def run_house(
    figures: Figures, game: str, runs: int, rng: random.Random, env: dict[str, str], child: str
) -> None:
    """Kill a process playing ``game`` (``child``: "house" plays, "seat" comes and goes) at a
    random moment; the next process settles the table; every stake settled or returned once."""
    from tables.engines.registry import engine_for
    from tables.models import Table, TableStatus

    upto = 3.0
    while figures.kills < runs:
        figures.runs += 1
        table = house_table(game)
        people = [new_funded_player(f"{child}-{game}") for _ in range(2)]
        players = {p.pk: p for p in people}
        if child == "house":
            from tables import services

            for player in people:
                services.table_sit(table_id=table.pk, player=player, connected=True)
        process = start_child([child, str(table.pk), *(str(p.pk) for p in people)], env)
        if not kill_child_at_random(process, rng, upto):
            figures.fail(f"run {figures.runs}: the {child} process ended by itself")
            child_output(process)
            continue
        figures.kills += 1
        child_output(process)
        note_the_kill(figures, table.pk)
        try:
            emptied = settle_house_table(table.pk, players, rng)
        except Exception as error:  # the table did not recover: a failure, never a pass
            figures.fail(f"run {figures.runs}: {type(error).__name__}: {error}")
            continue
        table = Table.objects.get(pk=table.pk)
        engine = engine_for(game)
        net = paid_by_the_log(table.pk)
        wallets = {p.pk: balance(p) for p in people}
        expected = {p.pk: FUNDS + net[p.pk] for p in people}
        held = engine.in_play(table.state) and any(
            engine.holds_bets(table.state, position) for position in range(engine.seats[1])
        )
        ok = emptied and not held and wallets == expected
        if not ok:
            figures.fail(
                f"run {figures.runs}: seats emptied {emptied}, bets held {held}, wallets "
                f"{wallets} (by the log {expected})"
            )
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
        Table.objects.filter(pk=table.pk).update(status=TableStatus.CLOSED)


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


# --- Daphne and the players' sockets ------------------------------------------------------------


class Server:
    def __init__(self, env: dict[str, str]):
        self.port = free_port()
        self.env = env
        self.process: subprocess.Popen | None = None
        self.log = open(os.devnull, "wb")  # noqa: SIM115 (closed in stop)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
            + ["casino.asgi:application"],
            cwd=ROOT,
            env={**self.env, "CSRF_TRUSTED_ORIGINS": self.origin},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_until(self._answers, "daphne to answer", 60)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)
        self.log.close()


def session_cookie(player) -> str:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(player)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class Player:
    """A player's browser: one table socket, reopened after the server went away."""

    def __init__(self, server: Server, player, table_id: int):
        self.server, self.player, self.table_id = server, player, table_id
        self.cookie = session_cookie(player)
        self.socket = None
        self.version = -1
        self.last_frame = ""

    def open(self) -> None:
        from websockets.sync.client import connect

        self.close()
        self.socket = connect(
            f"ws://127.0.0.1:{self.server.port}/ws/table/{self.table_id}/",
            origin=self.server.origin,
            additional_headers={"Cookie": self.cookie},
            open_timeout=15,
        )
        self.drain(wait=10)

    def close(self) -> None:
        if self.socket is not None:
            with suppress(Exception):
                self.socket.close_socket()
            self.socket = None

    def send(self, frame: dict) -> None:
        self.socket.send(json.dumps(frame))

    def drain(self, wait: float = 0.0) -> int:
        """Read what the server sent; the newest board version seen."""
        while True:
            try:
                frame = self.socket.recv(timeout=wait)
            except TimeoutError:
                return self.version
            wait = 0.0
            self.last_frame = frame
            match = VERSION.search(frame)
            if match:
                self.version = max(self.version, int(match.group(1)))


def durak_table(prefix: str):
    from tables.models import Table

    return Table.objects.create(
        name=f"{prefix} {uuid.uuid4().hex[:6]}",
        game="durak",
        currency=CURRENCY,
        settings={
            "stake": 1_000,
            "wins_to_win": 5,
            "commission_percent": "5",
            "action_seconds": 600,
            "grace_seconds": 600,
            "absence_seconds": 600,
        },
    )


def seat_two(server: Server, prefix: str):
    from tables.models import Table, TableStatus

    table = durak_table(prefix)
    players = [Player(server, new_funded_player(prefix), table.pk) for _ in range(2)]
    for player in players:
        player.open()
        player.send({"type": "sit"})
        wait_until(lambda p=player: table.seats.filter(player=p.player).exists(), "a seat", WAIT)
    wait_until(
        lambda: Table.objects.get(pk=table.pk).status == TableStatus.PLAYING, "the deal", WAIT
    )
    return table, players


def next_move(table_id: int, players: list[Player], rng: random.Random):
    """(player, frame) of the seat to act, or None when the match is over."""
    from tables.engines import durak
    from tables.models import Table
    from tests.tables.conftest import pick_action

    table = Table.objects.get(pk=table_id)
    if table.state is None or table.state["match"]["over"]:
        return None
    (position,) = durak.to_act(table.state)
    seat = table.seats.get(position=position)
    player = next(p for p in players if p.player.pk == seat.player_id)
    action = pick_action(table.state, position, rng)
    frame = {
        "type": "act",
        "action": action["type"],
        "payload": {k: v for k, v in action.items() if k != "type"},
        "client_action_id": uuid.uuid4().hex,
        "version": table.version,
    }
    return player, frame, table.version


def play_move(table_id: int, players: list[Player], rng: random.Random) -> bool:
    """One move sent and applied; False if the match is over."""
    move = next_move(table_id, players, rng)
    if move is None:
        return False
    player, frame, version = move
    player.send(frame)
    wait_until(lambda: _moved(table_id, version, player), "a move to apply", WAIT)
    return True


def resend(table_id: int, player: Player, frame: dict) -> tuple[int, int, bool]:
    """The frame whose answer never came, sent again with its client_action_id: applied now if
    the kill came before its commit, answered (not applied) if after, or refused as stale if
    the table moved on meanwhile (a seat marked away and back after the restart: the player is
    shown the new board and chooses again). How many times it was in the event log before and
    after, and whether it was refused."""
    from tables.models import TableEvent

    events = TableEvent.objects.filter(
        table_id=table_id, client_action_id=frame["client_action_id"]
    )
    before = events.count()
    player.last_frame = ""
    player.send(frame)

    def answered():
        player.drain()
        return events.exists() or STALE in player.last_frame

    if before == 0:
        wait_until(answered, "the resent move", WAIT)
    else:  # answered with the whole view: wait for it, then count again
        player.drain(wait=2)
    return before, events.count(), STALE in player.last_frame


def _moved(table_id: int, version: int, player: Player) -> bool:
    from tables.models import Table

    player.drain()
    return Table.objects.get(pk=table_id).version > version


def leave_both(table_id: int, players: list[Player]) -> None:
    from tables import services

    for player in players:
        player.close()
        services.table_leave(table_id=table_id, player=player.player)


def run_hands(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from tables.models import Table, TableStatus

    server = Server(env)
    server.start()
    try:
        while figures.kills < runs:
            figures.runs += 1
            table, players = seat_two(server, "hand")
            sent: list[tuple[Player, dict]] = []
            killer = threading.Timer(rng.uniform(0.05, 1.5), server.kill)
            killer.start()
            try:
                while (move := next_move(table.pk, players, rng)) is not None:
                    player, frame, version = move
                    sent.append((player, frame))
                    player.send(frame)
                    wait_until(
                        lambda p=player, v=version, t=table.pk: _moved(t, v, p), "a move", 10
                    )
            except Exception:  # the server died under the players
                pass
            killer.join()
            figures.kills += 1
            server.start()
            for player in players:
                player.open()
            resumed = 0
            try:
                if sent:
                    before, applied, refused = resend(table.pk, *sent[-1])
                    if applied > 1 or (applied == 0 and not refused):
                        figures.fail(f"run {figures.runs}: the resent move is in {applied} events")
                    figures.notes["last move committed before the kill"] += before
                    figures.notes["resent move refused as stale"] += refused
                for _ in range(3):
                    resumed += play_move(table.pk, players, rng)
            except TimeoutError as error:
                table.refresh_from_db()
                errors = [p.last_frame[:300] for p in players if "error" in p.last_frame]
                figures.fail(
                    f"run {figures.runs}: the table did not resume ({error}; table v"
                    f"{table.version}, last frame sent for v{sent[-1][1]['version']}: {errors})"
                )
            leave_both(table.pk, players)
            table.refresh_from_db()
            if table.status == TableStatus.PLAYING:
                figures.fail(f"run {figures.runs}: the match did not end after both left")
            elif resumed and books_clean(figures, figures.runs):
                figures.recoveries += 1
                figures.notes["moves sent before the kills"] += len(sent)
            Table.objects.filter(pk=table.pk).update(status=TableStatus.CLOSED)
    finally:
        server.kill()
        server.stop()


# --- Redis restarted mid-play -------------------------------------------------------------------


def run_redis(
    figures: Figures, runs: int, rng: random.Random, env: dict[str, str], redis: PrivateRedis
) -> None:
    from tables.models import Table, TableStatus

    server = Server(env)
    server.start()
    try:
        for _ in range(runs):
            figures.runs += 1
            table, players = seat_two(server, "redis")
            for _move in range(rng.randrange(1, 6)):
                play_move(table.pk, players, rng)
            redis.kill()
            figures.kills += 1
            redis.start()
            try:
                seen = both_see_the_next_move(table.pk, players, rng)
            except TimeoutError as error:
                figures.fail(f"run {figures.runs}: play did not go on after Redis ({error})")
                seen = False
            leave_both(table.pk, players)
            if seen and books_clean(figures, figures.runs):
                figures.recoveries += 1
            Table.objects.filter(pk=table.pk).update(status=TableStatus.CLOSED)
    finally:
        server.kill()
        server.stop()


def both_see_the_next_move(table_id: int, players: list[Player], rng: random.Random) -> bool:
    """A move after Redis came back reaches both players' sockets (a socket the server closed
    when the layer failed is reopened, as the page's websocket extension does)."""
    from tables.models import Table

    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            for player in players:
                player.drain()
            if not play_move(table_id, players, rng):
                return True
            version = Table.objects.get(pk=table_id).version
            wait_until(
                lambda v=version: all(p.drain(wait=0.05) >= v for p in players), "the broadcast", 5
            )
            return True
        except Exception:  # a closed socket: reopen and try again
            for player in players:
                player.open()
    raise TimeoutError("no move reached both sockets")


# --- PostgreSQL backends terminated --------------------------------------------------------------


def run_terminate(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from django.db import connection

    from casino import ledger
    from casino.models import Transfer

    figures.runs += 1
    payer, payee = new_funded_player("pg-a"), new_funded_player("pg-b")
    source = ledger.wallet_for(payer, CURRENCY).pk
    target = ledger.wallet_for(payee, CURRENCY).pk
    prefix = f"faults-pg-{uuid.uuid4().hex[:10]}"
    url = env["DATABASE_URL"]
    worker_env = {**env, "DATABASE_URL": url + ("&" if "?" in url else "?") + "application_name="}
    worker_env["DATABASE_URL"] += WORKER_APP
    child = start_child(["transfer", prefix, str(source), str(target)], worker_env)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(child.stdout), daemon=True)
    reader.start()
    states: Counter = Counter()
    while figures.kills < runs and child.poll() is None:
        # each end of the backend after the worker booked again on its fresh connection
        booked_so_far = len(lines)
        wait_until(lambda n=booked_so_far: len(lines) > n, "the worker to book again", WAIT)
        figures.recoveries = figures.kills  # the last end was followed by a booking
        time.sleep(rng.uniform(0.0, 0.1))
        # ended inside a transaction (a statement or the commit in flight, or between them)
        ended_one = False
        while not ended_one and child.poll() is None:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pid, state, pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = %s AND pid <> pg_backend_pid() "
                    "AND state IN ('active', 'idle in transaction')",
                    [WORKER_APP],
                )
                for _pid, state, ended in cursor.fetchall():
                    if ended:
                        ended_one = True
                        figures.kills += 1
                        states[state] += 1
    booked_so_far = len(lines)
    wait_until(lambda: len(lines) > booked_so_far, "the worker to book after the last end", WAIT)
    child.send_signal(signal.SIGTERM)  # it finishes the transfer in hand and stops
    child.wait(timeout=120)
    reader.join(timeout=10)
    child.stderr.close()
    count = len(lines)  # "booked N" lines, from 0
    stored = Transfer.objects.filter(idempotency_key__startswith=f"{prefix}-").count()
    expected = count * TRANSFER_AMOUNT
    ok = (
        child.returncode == 0
        and stored == count
        and balance(payer) == FUNDS - expected
        and balance(payee) == FUNDS + expected
    )
    if figures.kills < runs:
        figures.fail(f"only {figures.kills} backends ended before the worker finished")
    if not ok:
        figures.fail(f"exit {child.returncode}: {stored} stored of {count} reported, or money lost")
    if ok and books_clean(figures, 1):
        figures.recoveries = figures.kills  # the last end, recovered above
    else:
        figures.recoveries = 0
    for state, n in states.items():
        figures.notes[f"ended while {state}"] += n
    figures.notes["transfers"] += count


# --- main ---------------------------------------------------------------------------------------


def main() -> int:
    import benchmarks as common

    url = os.environ.get("FAULTS_DATABASE_URL", DEFAULT_DATABASE_URL)
    runs = int(os.environ.get("FAULTS_RUNS", "20"))
    redis_runs = int(os.environ.get("FAULTS_REDIS_RUNS", "3"))
    seed = int(os.environ.get("FAULTS_SEED", str(random.SystemRandom().randrange(10**9))))
    rng = random.Random(seed)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the private Redis goes too
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("make faults runs on PostgreSQL: set FAULTS_DATABASE_URL")
    prepare_database(url)
    redis = PrivateRedis()
    redis.start()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": redis.url,
        "DEBUG": "1",
        "CONN_MAX_AGE": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    os.environ.update({"REDIS_URL": redis.url, "CONN_MAX_AGE": "0"})
    common.django_setup(url, log_queries=False)
    common.migrate()
    print(f"faults: {url} + private Redis on port {redis.port}; seed {seed}", flush=True)
    kinds = [
        ("hand", lambda f: run_hands(f, runs, rng, env)),
        ("settlement", lambda f: run_settlements(f, runs, rng, env)),
        ("transfer", lambda f: run_transfers(f, runs, rng, env)),
        ("redis", lambda f: run_redis(f, redis_runs, rng, env, redis)),
        ("pg-terminate", lambda f: run_terminate(f, runs, rng, env)),
        ("craps", lambda f: run_house(f, "craps", runs, rng, env, "house")),
        ("blackjack", lambda f: run_house(f, "blackjack", runs, rng, env, "house")),
        ("seat", lambda f: run_house(f, "craps", runs, rng, env, "seat")),
    ]
    only = set(sys.argv[1:])
    results = []
    try:
        for kind, run in kinds:
            if only and kind not in only:
                continue
            figures = Figures(kind)
            started = time.monotonic()
            try:
                run(figures)
            except Exception as error:  # a harness failure is a failure too, never a pass
                figures.fail(f"{type(error).__name__}: {error}")
            no_action_applied_twice(figures)
            results.append(figures)
            print(f"{figures.row()}  [{time.monotonic() - started:.0f} s]", flush=True)
    finally:
        redis.kill()
    print("\n".join(["", "faults summary:", *(f.row() for f in results)]))
    failed = sum(len(f.failures) for f in results)
    print(f"failures in all: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child_main(sys.argv[2:])
    else:
        sys.exit(main())
