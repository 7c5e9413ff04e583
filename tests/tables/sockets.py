"""Socket clients for consumer tests: real ASGI stack, real sessions, every frame recorded."""

import json
import re
import uuid

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from casino import ledger
from casino.asgi import application
from tables.models import Table, TableEvent
from tests.tables.board_frames import apply_frame

# the version a frame brings: a whole board's or its parts' (issue 30), by the version marker
VERSION = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')
CARD = re.compile(r'data-card="([0-9TJQKA][SHDC])"')


@database_sync_to_async
def session_cookie(player) -> tuple[bytes, bytes]:
    client = Client()
    client.force_login(player)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={value}".encode())


@database_sync_to_async
def table_now(table_id: int) -> Table:
    return Table.objects.get(pk=table_id)


@database_sync_to_async
def funded_table(name: str, game: str, settings_: dict, players: int, funds: int):
    """A BYN table of ``game`` and ``players`` new players (English), each funded ``funds``."""
    from tests.conftest import fund, new_player

    table = Table.objects.create(name=name, game=game, currency="BYN", settings=settings_)
    seated = [new_player(language="en") for _ in range(players)]
    for player in seated:
        fund(player, funds)
    return table, seated


def script_deals(monkeypatch, engine, players: int, shuffles) -> None:
    """A hand dealt to ``players`` seats shuffles by ``shuffles()`` (a ScriptedRng); the others
    by the system's shuffle the actor passes."""
    deal = type(engine).new_hand

    def new_hand(config, seats, rng, carry=None):
        return deal(engine, config, seats, shuffles() if len(seats) == players else rng, carry)

    monkeypatch.setattr(engine, "new_hand", new_hand)


class Socket:
    def __init__(self, player, table_id: int):
        self.player = player
        self.table_id = table_id
        self.frames: list[str] = []
        self.version = -1
        self.board = ""  # the board as the browser keeps it: whole boards and parts applied

    async def connect(self):
        cookie = await session_cookie(self.player)
        self.communicator = WebsocketCommunicator(
            application,
            f"/ws/table/{self.table_id}/",
            headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
        )
        connected, _ = await self.communicator.connect()
        assert connected
        await self.receive()  # the full view on connect
        return self

    async def receive(self, timeout: float = 10) -> str:
        frame = await self.communicator.receive_from(timeout=timeout)
        self.frames.append(frame)
        self.board = apply_frame(self.board, frame)
        match = VERSION.search(frame)
        if match:
            self.version = int(match.group(1))
        return frame

    async def until_version(self, version: int, timeout: float = 10) -> str:
        frame = self.frames[-1] if self.frames else ""
        while self.version < version:
            frame = await self.receive(timeout)
        return frame

    async def send(self, frame: dict) -> None:
        await self.communicator.send_to(text_data=json.dumps(frame))

    async def act(self, action: dict, client_action_id: str | None = None) -> None:
        payload = {k: v for k, v in action.items() if k != "type"}
        await self.send(
            {
                "type": "act",
                "action": action["type"],
                "payload": payload,
                "client_action_id": client_action_id or uuid.uuid4().hex,
            }
        )

    async def error(self) -> str:
        frame = await self.receive()
        assert 'id="table-error"' in frame, frame[:200]
        return frame

    async def close(self):
        await self.communicator.disconnect()

    def last_hand(self) -> list[str]:
        hand = self.board.split('id="hand-form"', 1)
        if len(hand) != 2:
            return []
        return list(dict.fromkeys(CARD.findall(hand[1].split("</form>", 1)[0])))


@database_sync_to_async
def table_with_players(game: str, settings: dict, funds: list[int]):
    """A table of ``game`` at ``settings`` (BYN; no filling window: a hand is dealt as soon as
    enough sit, tests/tables/test_starts.py) and a player for each of ``funds``, funded with it,
    reading English."""
    from tests.conftest import fund, new_player

    table = Table.objects.create(
        name=f"{game} sockets",
        game=game,
        currency="BYN",
        settings={"action_seconds": 600, "start_seconds": 0, **settings},
    )
    players = [new_player(language="en") for _ in funds]
    for player, amount in zip(players, funds, strict=True):
        fund(player, amount)
    return table, players


@database_sync_to_async
def engine_events(table_id):
    """How many engine steps the table has recorded (a refused action records none)."""
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


@database_sync_to_async
def events_with_id(table_id, client_action_id):
    return TableEvent.objects.filter(table_id=table_id, client_action_id=client_action_id).count()


@database_sync_to_async
def wallets(players, currency="BYN"):
    return [ledger.balances_of(p).get(currency, 0) for p in players]


async def settle(sockets, table_id):
    """Every socket has seen the table's current version."""
    version = (await table_now(table_id)).version
    for socket in sockets:
        await socket.until_version(version)
    return version


async def act(sockets, table_id, socket, action, client_action_id=None):
    """One socket acts; every socket then sees the change."""
    before = (await table_now(table_id)).version
    await socket.act(action, client_action_id)
    await socket.until_version(before + 1)
    return await settle(sockets, table_id)
