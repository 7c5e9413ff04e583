"""Scale-out (issue 19, part 4): two Daphne processes and the production sweeper on one
PostgreSQL database and one Redis, as production runs them behind a load balancer.

- Two players of one Durak table, each on another process, play from what their sockets show;
  every move must reach the other player's socket, across the processes (through Redis).
- Mid-hand, the first process is killed (SIGKILL) with its player's move in flight. That player
  reconnects to the second process, sends the same move again (same client_action_id, as a
  retry does) and both play on to the end of the hand: the move is applied once, whether it was
  committed before the kill or not.
- A second table whose two players were on the killed process only, and who never come back:
  no live process has a socket on it, so only the sweeper (`manage.py tableclock`) keeps its
  time; its clocks run out and the game ends by timeouts (D13).
- Afterwards the books are clean, the event log holds exactly the moves the players saw
  applied, and the surviving processes logged no error.

The players are websocket clients (the `websockets` package) with the session cookie of a
logged-in player; they choose their moves from the boards they are sent, never the database
(benchmarks/table_load_players.py's players, reused).
"""

from __future__ import annotations

import asyncio
import uuid
from urllib.parse import quote

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import timezone

from benchmarks.table_load_players import Sock, TableDriver, board_choice
from casino.models import Player
from tables.models import Hand, Table, TableEvent
from tests.conftest import assert_books_clean, fund, requires_postgres
from tests.server import DaphneServer, Sweeper

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]

STAKE = 1_000
MOVES_BEFORE_THE_KILL = 6
WAIT_SECONDS = 30.0  # how long a condition may take before the test gives up on it


def database_url_of_tests() -> str:
    """The test database (committed rows: a transactional test) as a URL for the servers."""
    db = connection.settings_dict
    user = quote(db["USER"] or "")
    password = f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    host = db["HOST"] or "127.0.0.1"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{quote(db['NAME'])}"


@pytest.fixture
def cluster(transactional_db):
    """Two Daphne processes and the sweeper on the test database and the suite's Redis."""
    redis_url = settings.REDIS_URL or pytest.skip("needs Redis (REDIS_URL), as production runs")
    servers = [
        DaphneServer(database_url=database_url_of_tests(), redis_url=redis_url) for _ in range(2)
    ]
    sweeper = None
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.wait_until_ready()
        sweeper = Sweeper(servers[1])
        sweeper.start()
        yield servers, sweeper
    finally:
        if sweeper is not None:
            sweeper.stop()
        for server in servers:
            server.stop()


def host_of(server: DaphneServer) -> str:
    return f"{server.host}:{server.port}"


@database_sync_to_async
def durak_table(players: int, **clocks) -> tuple[int, list[str]]:
    """A Durak match table and its players (funded, logged in): (table id, session cookies)."""
    table = Table.objects.create(
        name=f"Scale-out {uuid.uuid4().hex[:6]}",
        game="durak",
        currency="BYN",
        settings={"stake": STAKE, "wins_to_win": 5, "commission_percent": "5", **clocks},
    )
    cookies = []
    for _ in range(players):
        # no password (hashing one costs seconds on a busy machine): a session logs them in
        player = Player(username=f"so-{uuid.uuid4().hex[:10]}")
        player.set_unusable_password()
        player.save()
        fund(player, 10 * STAKE)
        client = Client()
        client.force_login(player)
        name = settings.SESSION_COOKIE_NAME
        cookies.append(f"{name}={client.cookies[name].value}")
    return table.pk, cookies


@database_sync_to_async
def hand_number(table_id: int) -> int:
    return Table.objects.get(pk=table_id).hand_number


@database_sync_to_async
def hand_ended(table_id: int, number: int) -> bool:
    return Hand.objects.filter(table_id=table_id, number=number, ended_at__isnull=False).exists()


@database_sync_to_async
def events_of(table_id: int, **filters) -> list[TableEvent]:
    return list(TableEvent.objects.filter(table_id=table_id, **filters).order_by("version"))


async def eventually(condition, what: str) -> None:
    """Wait (never assert on how long) until `condition()` holds, or fail saying what did not."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.1)


async def play(driver: TableDriver, moves: int) -> None:
    for _ in range(moves):
        assert await driver.step(), driver.failures + driver.lost


async def test_two_processes_play_one_table_and_a_killed_process_s_players_carry_on(cluster):
    (one, two), sweeper = cluster
    table_id, cookies = await durak_table(2, action_seconds=120)
    # seat 0 on process one, seat 1 on process two
    players = TableDriver(
        0,
        {"table": table_id, "cookies": cookies},
        [host_of(one), host_of(two)],
        echo=False,
        seed=19,
    )
    assert [s.url.split("/")[2] for s in players.socks] == [host_of(one), host_of(two)]
    await players.open()
    assert players.failures == []

    # each move, whoever makes it, reaches both sockets: the other process's too (step waits
    # for both and records it lost otherwise)
    await play(players, MOVES_BEFORE_THE_KILL)
    while board_choice(players.socks[0].frame, players.rng) is None:
        await play(players, 1)  # until the player on process one is to move
    number = await hand_number(table_id)
    assert not await hand_ended(table_id, number), "the hand must still be in play"

    # a table whose players are all on process one and never return: only the sweeper is left
    # to keep its time once that process is gone
    lone_id, lone_cookies = await durak_table(
        2, action_seconds=2, grace_seconds=0, absence_seconds=600
    )
    lone = TableDriver(0, {"table": lone_id, "cookies": lone_cookies}, host_of(one), False, 7)
    await lone.open()
    assert lone.failures == []
    lone_hand = await hand_number(lone_id)

    # the move in flight when process one dies
    on_one = players.socks[0]
    move = board_choice(on_one.frame, players.rng)
    move.update(client_action_id=uuid.uuid4().hex, version=on_one.version)
    before = on_one.version
    killed_at = timezone.now()
    lone.closing = True  # its sockets die with process one, as they should
    await on_one.send(move)
    one.kill()
    await players.until(lambda: on_one.closed, WAIT_SECONDS)
    assert on_one.closed

    # its player reconnects to process two and sends the move again
    back = Sock(
        players, f"ws://{host_of(two)}/ws/table/{table_id}/", cookies[0], two.origin, echo=False
    )
    players.socks[0] = back
    await back.open()
    assert await players.until(lambda: back.version >= before, WAIT_SECONDS), back.errors
    await back.send(move)
    assert await players.until(
        lambda: all(s.version > before for s in players.socks), WAIT_SECONDS
    ), [s.version for s in players.socks]
    assert back.errors == [] and players.socks[1].errors == []
    players.applied += 1

    # both play on, on process two, to the end of the hand
    while not await hand_ended(table_id, number):
        await play(players, 1)

    # the lone table's clocks ran out with nobody connected anywhere: the sweeper applied them,
    # and the game ended (D13: two timeouts in a row lose it)
    await eventually(lambda: hand_ended(lone_id, lone_hand), "the abandoned table's hand ended")
    swept = await events_of(lone_id, cause=TableEvent.Cause.CLOCK, created_at__gt=killed_at)
    assert swept, "no clock was applied to the abandoned table after the kill"

    await players.close()
    await lone.close()

    # the move in flight is applied exactly once, and every move seen is stored once
    retried = await events_of(table_id, client_action_id=move["client_action_id"])
    assert [e.step for e in retried] == [TableEvent.Step.ENGINE]
    applied = await events_of(table_id, cause=TableEvent.Cause.PLAYER, step=TableEvent.Step.ENGINE)
    assert len(applied) == players.applied
    await database_sync_to_async(assert_books_clean)()
    for process in (two, sweeper):
        assert "Traceback" not in process.log_text(), process.log_text()
