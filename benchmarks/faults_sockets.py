"""Faults under the players' sockets (benchmarks/faults.py): Daphne killed mid-hand, Redis restarted
mid-play and PostgreSQL backends terminated, with two players of a Durak table on websockets."""

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

from benchmarks.faults_kit import (
    CURRENCY,
    FUNDS,
    ROOT,
    WAIT,
    WORKER_APP,
    Figures,
    PrivateRedis,
    balance,
    books_clean,
    free_port,
    new_funded_player,
    start_child,
    wait_until,
)
from benchmarks.faults_money import TRANSFER_AMOUNT

VERSION = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')  # whole boards and parts
STALE = "The table has moved on"

# a player's socket is opened again after each server's death, so not in a with block
warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")


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
    from tables.games.durak import engine as durak
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
