"""Fuzzing every websocket consumer (issue 19 §6), shared by tests/fuzz/ (a sized run) and
`make fuzz` (benchmarks/fuzz.py, 10^5 frames).

A world: a table of every registered game with two players seated (the fuzzer and a bystander),
the pit, a tournament, the lobby (with and without the tables' list), a sports event, the bet
slip, an exchange market, the spread bets and the trader's four pages. Frames come from a seeded
generator (``FrameMaker``): random JSON of every shape, deep nesting, huge strings, binary
frames, NUL characters and lone surrogates, broken JSON, each field of a table's real actions
given the wrong type, and real actions out of turn (another seat's) or of the fuzzer's own turn.

What is checked, per frame (``Figures``):
- no server error: the consumer never raised (the communicator would re-raise it) and nothing
  was logged at ERROR;
- each frame answered: an error frame to that socket, or (for a legal action or a control
  message) the new board; or the socket closed with a code (counted by code);
- nothing booked from garbage: a table frame that is not one of the fuzzer's legal actions or
  a control message is refused with an error, and every table event the fuzzer caused is one of
  its legal actions, sent as such; the books are clean at the end;
- other users unaffected: the bystander's socket at each table never gets an error and answers
  a sync with the table's current board at the end;
- the rate limit holds (``flood``): a socket with the real limit sending a burst gets "slow
  down" for all but the bucket's allowance, and the services see only that allowance.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from casino.amounts import amount_input_value
from casino.asgi import application
from casino.books import books_check
from casino.models import Transfer
from tables import consumers, services
from tables.engines.registry import engine_for, registered_games
from tables.models import Table, TableEvent
from tests.fuzz.frames import (
    FrameMaker,
    as_legal_action,
    canonical,
    is_control,
    is_repeated_click,
)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
VERSION = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')  # whole boards and parts
TABLE_ERROR = 'id="table-error"'
ERROR_MARKERS = (TABLE_ERROR, 'id="sport-socket-error"', '"type": "error"')
SLOW_DOWN = "slow down"
ANSWER_SECONDS = 30  # an answer may queue behind other work on a loaded machine
# (and no filling window: the first hand is dealt as soon as both sit, tables.starts)
LONG_CLOCK = {
    "action_seconds": 3600,
    "grace_seconds": 3600,
    "absence_seconds": 7200,
    "start_seconds": 0,
}


# --- the world ------------------------------------------------------------------------------


@dataclass
class Endpoint:
    name: str  # the consumer, for the figures: "table:durak", "lobby", "trader-spread", ...
    path: str
    staff: bool = False
    table_id: int | None = None
    greets: bool = True  # sends a view on connect


@dataclass
class World:
    fuzzer: object
    bystander: object
    staff: object
    endpoints: list[Endpoint]


def build_world() -> World:
    """Players, one table per game with the fuzzer and the bystander seated, and one of every
    other thing a socket follows (sync: run it in the database thread)."""
    from sportsbook.exchange.services import exchange_market_list
    from tests.conftest import fund, new_player
    from tests.sportsbook.line import make_event, outcome
    from tests.tables.tournament_helpers import make_tournament

    fuzzer, bystander = new_player(language="en"), new_player(language="en")
    staff = new_player(language="en", is_staff=True, is_superuser=True)
    for player in (fuzzer, bystander):
        fund(player, 10_000_000)
    endpoints = []
    for game in registered_games():
        engine = engine_for(game)
        table = Table.objects.create(
            name=f"fuzz {game}",
            game=game,
            currency="BYN",
            settings={**engine.example_configs[0], **LONG_CLOCK},
        )
        for player in (fuzzer, bystander):
            services.table_sit(table_id=table.pk, player=player, connected=True)
        endpoints.append(Endpoint(f"table:{game}", f"/ws/table/{table.pk}/", table_id=table.pk))
    tournament = make_tournament()
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    endpoints += [
        Endpoint("pit", "/ws/pit/", staff=True),
        Endpoint("tournament", f"/ws/tournament/{tournament.pk}/"),
        Endpoint("lobby", "/ws/lobby/"),
        Endpoint("lobby-tables", "/ws/lobby/?tables=1"),
        Endpoint("sport-event", f"/ws/sport/event/{event.pk}/", greets=False),
        Endpoint("sport-slip", "/ws/sport/slip/", greets=False),
        Endpoint("exchange", f"/ws/sport/exchange/{home.market_id}/"),
        Endpoint("spread", "/ws/sport/spread/"),
        Endpoint("trader-event", f"/ws/trader/event/{event.pk}/", staff=True),
        Endpoint("trader-exchange", "/ws/trader/exchange/", staff=True),
        Endpoint("trader-spread", "/ws/trader/spread/", staff=True),
        Endpoint("trader-list", "/ws/trader/", staff=True),
    ]
    return World(fuzzer, bystander, staff, endpoints)


@database_sync_to_async
def session_cookie(player) -> tuple[bytes, bytes]:
    client = Client()
    client.force_login(player)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={value}".encode())


@database_sync_to_async
def table_facts(table_id: int, player_ids: list[int]) -> tuple[int, dict[int, list[dict]]]:
    """The table's version and each given player's legal actions now."""
    table = Table.objects.get(pk=table_id)
    seats = {seat.player_id: seat.position for seat in table.seats.all()}
    legal = {}
    for player_id in player_ids:
        position = seats.get(player_id)
        if table.state and position is not None and table.status == "playing":
            legal[player_id] = [
                as_typed(action, table.currency)
                for action in engine_for(table.game).legal_actions(table.state, position)
            ]
        else:
            legal[player_id] = []
    return table.version, legal


def as_typed(action: dict, currency: str) -> dict:
    """An engine's legal action as a board sends it: its amounts typed in the currency's major
    units (tables.actor.typed_amounts reads them back into the same minor units)."""
    return {
        name: amount_input_value(value, currency)
        if (name == "amount" or name.endswith("_amount")) and type(value) is int
        else value
        for name, value in action.items()
    }


# --- figures --------------------------------------------------------------------------------


@dataclass
class Figures:
    sent: Counter = field(default_factory=Counter)  # per consumer
    answered: Counter = field(default_factory=Counter)  # an error frame or a board
    errors: Counter = field(default_factory=Counter)  # of those, error frames
    accepted: Counter = field(default_factory=Counter)  # legal actions applied
    closed: Counter = field(default_factory=Counter)  # (consumer, code)
    kinds: Counter = field(default_factory=Counter)
    unanswered: list = field(default_factory=list)
    server_errors: list = field(default_factory=list)
    garbage_applied: list = field(default_factory=list)
    bystander_errors: list = field(default_factory=list)
    flood: dict = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.sent.values())

    def problems(self) -> list[str]:
        found = []
        for name, values in (
            ("server errors", self.server_errors),
            ("unanswered frames", self.unanswered),
            ("garbage applied", self.garbage_applied),
            ("errors seen by the bystander", self.bystander_errors),
        ):
            if values:
                found.append(f"{len(values)} {name}: {values[:5]}")
        for name, flood in self.flood.items():
            if not flood["held"]:
                found.append(f"the rate limit did not hold on {name}: {flood}")
        return found

    def report(self) -> str:
        lines = [
            f"{'consumer':<16} {'sent':>7} {'answered':>9} {'errors':>7} {'applied':>8} closed",
        ]
        for name in sorted(self.sent):
            closes = {code: n for (who, code), n in self.closed.items() if who == name}
            lines.append(
                f"{name:<16} {self.sent[name]:>7,} {self.answered[name]:>9,} "
                f"{self.errors[name]:>7,} {self.accepted[name]:>8,} {closes or '-'}"
            )
        lines.append(
            f"{'all':<16} {self.total:>7,} {sum(self.answered.values()):>9,} "
            f"{sum(self.errors.values()):>7,} {sum(self.accepted.values()):>8,}"
        )
        lines.append(
            "frames by kind: " + ", ".join(f"{k} {n:,}" for k, n in sorted(self.kinds.items()))
        )
        lines.append(
            f"server errors {len(self.server_errors)}, unanswered {len(self.unanswered)}, garbage "
            f"applied {len(self.garbage_applied)}, bystander errors {len(self.bystander_errors)}; "
            f"{self.total / max(self.seconds, 1e-9):,.0f} frames/s over {self.seconds:.1f} s"
        )
        for name, flood in self.flood.items():
            lines.append(
                f"flood {name}: {flood['sent']} frames in {flood['seconds']:.2f} s, "
                f"{flood['slowed']} answered 'slow down', {flood['served']} reached the services "
                f"(allowed {flood['allowed']}): {'held' if flood['held'] else 'BROKEN'}"
            )
        return "\n".join(lines)


class ErrorLog(logging.Handler):
    """Every record at ERROR or above, from any logger: a server error however it was caught."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(f"{record.name}: {record.getMessage()[:200]}")


# --- sockets --------------------------------------------------------------------------------


class Socket:
    def __init__(self, endpoint: Endpoint, cookie, figures: Figures):
        self.endpoint, self.cookie, self.figures = endpoint, cookie, figures
        self.communicator = None
        self.version = -1

    async def open(self):
        self.communicator = WebsocketCommunicator(
            application, self.endpoint.path, headers=[ORIGIN, HOST, self.cookie]
        )
        connected, code = await self.communicator.connect(timeout=ANSWER_SECONDS)
        assert connected, f"{self.endpoint.name} refused the socket ({code})"
        if self.endpoint.greets:
            await self.next_output()  # the full view on connect
        return self

    async def next_output(self) -> dict:
        output = await self.communicator.receive_output(timeout=ANSWER_SECONDS)
        if output["type"] == "websocket.send" and output.get("text"):
            match = VERSION.search(output["text"])
            if match:
                self.version = max(self.version, int(match.group(1)))
        return output

    async def close(self):
        if self.communicator is not None:
            # already gone (it crashed, or the server closed it)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.communicator.disconnect()

    async def exchange(self, text, data, *, must_refuse: bool) -> str:
        """Send one frame and take its answer: "error", "board", "closed" or "none"."""
        name = self.endpoint.name
        self.figures.sent[name] += 1
        self.history = getattr(self, "history", [])[-8:] + [(text or repr(data))[:100]]
        try:
            await self.communicator.send_input(
                {"type": "websocket.receive", "text": text}
                if data is None
                else {"type": "websocket.receive", "bytes": data}
            )
            while True:
                output = await self.next_output()
                if output["type"] == "websocket.close":
                    self.figures.closed[(name, output.get("code"))] += 1
                    await self.reopen()
                    return "closed"
                body = output.get("text") or ""
                if any(marker in body for marker in ERROR_MARKERS):
                    self.figures.answered[name] += 1
                    self.figures.errors[name] += 1
                    return "error"
                if not must_refuse:  # a board (a legal action, a sync, a control message)
                    self.figures.answered[name] += 1
                    return "board"
                # a board while a refusal is awaited: a broadcast of an earlier change
        except TimeoutError:
            self.figures.unanswered.append(
                (name, (text or repr(data))[:120], "after", getattr(self, "history", [])[-4:])
            )
            await self.reopen()
            return "none"
        except (Exception, asyncio.CancelledError) as error:  # the consumer raised
            self.figures.server_errors.append((name, repr(error)[:300], (text or repr(data))[:120]))
            await self.reopen()
            return "server error"

    async def reopen(self):
        await self.close()
        await self.open()


# --- the run --------------------------------------------------------------------------------


def _unthrottled():
    saved = consumers.RATE_PER_SECOND, consumers.RATE_BURST
    consumers.RATE_PER_SECOND, consumers.RATE_BURST = 1e9, 10**9
    return saved


async def fuzz(
    world: World,
    frames: int,
    seed: int = 19,
    flood_frames: int = 200,
    progress=None,
    frozen_flood: bool = False,
) -> Figures:
    """Send `frames` frames over the world's endpoints (tables get half), then flood each
    table with the real rate limit; return the figures."""
    figures = Figures()
    log = ErrorLog()
    logging.getLogger().addHandler(log)
    maker = FrameMaker(seed)
    cookies = {
        "player": await session_cookie(world.fuzzer),
        "bystander": await session_cookie(world.bystander),
        "staff": await session_cookie(world.staff),
    }
    started = time.monotonic()
    saved = _unthrottled()
    sockets, watchers = [], {}
    try:
        for endpoint in world.endpoints:
            cookie = cookies["staff" if endpoint.staff else "player"]
            sockets.append(await Socket(endpoint, cookie, figures).open())
            if endpoint.table_id is not None:
                watchers[endpoint.table_id] = await Socket(
                    endpoint, cookies["bystander"], figures
                ).open()
        tables = [s for s in sockets if s.endpoint.table_id is not None]
        others = [s for s in sockets if s.endpoint.table_id is None]
        for number in range(frames):
            if number % 2 == 0:
                await _table_frame(maker, tables[(number // 2) % len(tables)], world, figures)
            else:
                socket = others[(number // 2) % len(others)]
                kind, text, data = maker.any_frame()
                figures.kinds[kind] += 1
                await socket.exchange(text, data, must_refuse=True)
            if number % 500 == 499:
                for watcher in watchers.values():
                    await _watch(watcher, figures)
            if progress is not None and number % 10_000 == 9_999:
                figures.seconds = time.monotonic() - started
                progress(figures)
        consumers.RATE_PER_SECOND, consumers.RATE_BURST = saved
        for socket in tables:
            figures.flood[socket.endpoint.name] = await flood(
                socket, cookies["player"], flood_frames, frozen=frozen_flood
            )
        for watcher in watchers.values():
            await _watch(watcher, figures)
            await _still_serves(watcher, figures)
    finally:
        consumers.RATE_PER_SECOND, consumers.RATE_BURST = saved
        figures.seconds = time.monotonic() - started
        for socket in [*sockets, *watchers.values()]:
            await socket.close()
        logging.getLogger().removeHandler(log)
    figures.server_errors += [("log", record, "") for record in log.records]
    await _books_and_events(world, figures)
    return figures


async def _table_frame(maker: FrameMaker, socket: Socket, world: World, figures: Figures):
    """One frame from the table's real actions. The table's facts are read again only when
    they may have changed (a legal action or a control message answered with a board, a board
    seen), and every 25 frames, when the version must not have moved since the last read
    unless a legal action was applied: a refused frame that changed the table is garbage
    applied (named with the frames sent since)."""
    table_id = socket.endpoint.table_id
    players = [world.fuzzer.pk, world.bystander.pk]
    facts = getattr(socket, "facts", None)
    socket.sent_since = getattr(socket, "sent_since", [])
    if facts is None or socket.version > facts[0] or len(socket.sent_since) >= 25:
        version, legal = await table_facts(table_id, players)
        if facts is not None and version != facts[0] and socket.sent_since:
            figures.garbage_applied.append((socket.endpoint.name, socket.sent_since[-25:]))
        socket.facts = facts = (version, legal)
        socket.sent_since = []
    version, legal = facts
    mine = legal[world.fuzzer.pk]
    theirs = [a for a in legal[world.bystander.pk] if canonical(a) not in map(canonical, mine)]
    kind, text, data = maker.table_frame(mine, theirs, version)
    figures.kinds[kind] += 1
    repeated = await is_repeated_click(text, data, table_id, world.fuzzer.pk)
    is_legal = as_legal_action(text, data, mine) and not repeated
    control = is_control(text, data) or repeated
    answer = await socket.exchange(text, data, must_refuse=not (is_legal or control))
    if is_legal or control:
        after, legal = await table_facts(table_id, players)
        if is_legal and after > version and answer == "board":
            figures.accepted[socket.endpoint.name] += 1
        socket.facts, socket.sent_since = (after, legal), []
        return
    socket.sent_since.append((kind, (text or repr(data))[:160]))


async def _watch(watcher: Socket, figures: Figures) -> None:
    """Read what reached the bystander so far: boards, and never an error."""
    while not await watcher.communicator.receive_nothing(timeout=0.01):
        output = await watcher.next_output()
        if output["type"] == "websocket.close":
            figures.bystander_errors.append((watcher.endpoint.name, f"closed {output}"))
            await watcher.reopen()
        elif TABLE_ERROR in (output.get("text") or "") and 'data-error="1"' in output["text"]:
            figures.bystander_errors.append((watcher.endpoint.name, output["text"][:200]))


async def _still_serves(watcher: Socket, figures: Figures) -> None:
    """The bystander's sync is answered with the table's current board."""
    version, _legal = await table_facts(watcher.endpoint.table_id, [])
    await watcher.communicator.send_to(text_data=json.dumps({"type": "sync"}))
    try:
        while watcher.version < version:
            output = await watcher.next_output()
            if TABLE_ERROR in (output.get("text") or "") and 'data-error="1"' in output["text"]:
                figures.bystander_errors.append((watcher.endpoint.name, output["text"][:200]))
                return
    except TimeoutError:
        figures.bystander_errors.append((watcher.endpoint.name, "no board after a sync"))


async def flood(socket: Socket, cookie, count: int, frozen: bool = False) -> dict:
    """`count` syncs sent at once on a new socket of the same player, with the real limit:
    all but the bucket's allowance get "slow down" and never reach the services. The bucket
    refills as time passes, so on a slow machine a flood of a given size may stay within the
    allowance; ``frozen`` stops the consumers' clock for the flood (a flood faster than any
    refill): then exactly the burst is served, whatever the machine's speed."""
    served = Counter()
    originals = {name: getattr(services, name) for name in ("table_snapshot", "table_act")}

    def counting(name):
        def call(*args, **kwargs):
            served[name] += 1
            return originals[name](*args, **kwargs)

        return call

    flooder = await Socket(socket.endpoint, cookie, socket.figures).open()
    for name in originals:
        setattr(services, name, counting(name))
    clock = consumers.time
    if frozen:
        now = clock.monotonic()
        consumers.time = SimpleNamespace(monotonic=lambda: now)
    try:
        began = time.monotonic()
        for _ in range(count):
            await flooder.communicator.send_input(
                {"type": "websocket.receive", "text": json.dumps({"type": "sync"})}
            )
        slowed = boards = 0
        while slowed + boards < count:
            output = await flooder.next_output()
            body = output.get("text") or ""
            if SLOW_DOWN in body:
                slowed += 1
            elif VERSION.search(body):
                boards += 1
        seconds = time.monotonic() - began
    finally:
        consumers.time = clock
        for name, original in originals.items():
            setattr(services, name, original)
        await flooder.close()
    refilled = 0 if frozen else int(seconds * consumers.RATE_PER_SECOND) + 1
    allowed = consumers.RATE_BURST + refilled
    return {
        "sent": count,
        "seconds": seconds,
        "slowed": slowed,
        "served": sum(served.values()),
        "allowed": allowed,
        "held": served["table_act"] == 0 and sum(served.values()) <= allowed
        and slowed >= count - allowed,
    }  # fmt: skip


@database_sync_to_async
def _books_and_events(world: World, figures: Figures) -> None:
    """Every table event the fuzzer caused by a game action is one of the actions it applied;
    the books are clean; no money moved on the sockets that take no messages."""
    applied = TableEvent.objects.filter(
        player=world.fuzzer, cause=TableEvent.Cause.PLAYER, step=TableEvent.Step.ENGINE
    ).count()
    if applied != sum(figures.accepted.values()):
        figures.garbage_applied.append(
            (
                "events",
                f"{applied} game actions booked, {sum(figures.accepted.values())} legal sent",
            )
        )
    report = books_check()
    if not report.clean:
        figures.garbage_applied.append(("books", report.text()[:500]))
    figures.transfers = Transfer.objects.count()
