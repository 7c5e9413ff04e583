"""A live table's socket. Thin: authenticate, parse and validate a frame, call one service,
render the view this socket may see, send errors to this socket only.

Frames from the browser are JSON: ``{"type", "action", "payload", "client_action_id"}``; htmx's
ws extension sends form fields at the top level, so fields other than those are read as the
payload. Frames to the browser are HTML fragments swapped out of band by htmx, each carrying the
table version (``data-version``): a whole board, or the parts of it that changed since the board
the socket's client holds (``tables.board_frames``).
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor

# (the phase timings' clocks, apart from `time`, which the fuzz harness replaces to freeze the
# rate limit)
from time import perf_counter
from time import time as wall_clock

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from casino import timings
from casino.oob import LiveRows
from casino.overload import OVERLOAD, is_overload
from tables import clock, presence, selectors, services
from tables.board_frames import Held, board_frame, public_parts_frame
from tables.outbox import seat_group, seats_group
from tables.presenters import (
    board_of_message,
    board_of_view,
    known_public_board,
    public_board,
)
from tables.tournament.selectors import pit_tournaments

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 4096
RATE_PER_SECOND = 20.0  # far above a person clicking, far below a flood
RATE_BURST = 40
CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_PIT = 4403
CLOSE_NO_TABLE = 4404
CLOSE_OVERLOADED = 1013  # "try again later" (RFC 6455)
FRAME_TYPES = {"act", "sync", "sit", "leave", "sit_out", "back", "ready"}
RESERVED_FIELDS = {"type", "action", "payload", "client_action_id", "version", "turn", "HEADERS"}
MAX_TURN_LENGTH = 200


class FrameError(Exception):
    pass


# The table actor's work from a socket. Channels runs every database call of a process on one
# thread; on SQLite that is right (every write takes the one database lock). On PostgreSQL a
# table action is mostly round trips to the server, and each table has its own row lock: one
# table's transaction kept every other table of the process waiting behind it (at 50 six-seat
# tables a second, the one thread was busy all the time and p99 grew to seconds). There, the
# actions of different tables run on a pool of threads at once, each thread with its own
# connection; a socket still sends one frame at a time, and a board older than the one a socket
# last got is never sent (``_fresh``).
TABLE_THREADS = settings.TABLE_THREADS
_on_sqlite = "sqlite" in settings.DATABASES["default"]["ENGINE"]
_table_pool = None if _on_sqlite else ThreadPoolExecutor(TABLE_THREADS, "table-actor")


def table_work(func):
    """``database_sync_to_async(func)``, on the table pool where there is one."""
    if _table_pool is None:
        return database_sync_to_async(func)
    return database_sync_to_async(func, thread_sensitive=False, executor=_table_pool)


def _no_constant(name: str):
    """NaN and Infinity: Python's parser takes them; JSON (the event log's jsonb) does not."""
    raise ValueError(name)


def parse_frame(text: str | None, bytes_data: bytes | None) -> dict:
    if bytes_data is not None or text is None:
        raise FrameError(gettext_noop("Send text frames only."))
    # (a lone surrogate never arrives from a socket, whose text is valid UTF-8, only in tests)
    if len(text.encode(errors="surrogatepass")) > MAX_FRAME_BYTES:
        raise FrameError(gettext_noop("That message is too large."))
    try:
        frame = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # nesting deeper than the parser's stack is not valid here
        raise FrameError(gettext_noop("That message is not valid JSON.")) from None
    if not isinstance(frame, dict):
        raise FrameError(gettext_noop("A message is a JSON object."))
    kind = frame.get("type")
    if kind not in FRAME_TYPES:
        raise FrameError(gettext_noop("Unknown message type."))
    client_action_id = frame.get("client_action_id", "")
    if not isinstance(client_action_id, str) or len(client_action_id) > 64:
        raise FrameError(gettext_noop("client_action_id must be a short string."))
    payload = frame.get("payload", {})
    if isinstance(payload, str):
        try:
            payload = json.loads(payload, parse_constant=_no_constant) if payload else {}
        except (ValueError, RecursionError):
            raise FrameError(gettext_noop("The payload is not valid JSON.")) from None
    if not isinstance(payload, dict):
        raise FrameError(gettext_noop("The payload is a JSON object."))
    if _holds_unstorable(frame) or _holds_unstorable(payload):
        # the database cannot store it (PostgreSQL text and jsonb refuse NUL; a lone surrogate,
        # which a JSON escape like "\ud800" gives, has no UTF-8 for any database): refused
        # here rather than crashing the socket on the insert or the lookup
        raise FrameError(gettext_noop("That message holds a character that is not allowed."))
    extra = {k: v for k, v in frame.items() if k not in RESERVED_FIELDS}
    version = frame.get("version")
    if isinstance(version, str) and version.isascii() and version.isdigit() and len(version) < 19:
        version = int(version)  # a form field is text
    if version is not None and (type(version) is not int or version < 0):
        raise FrameError(gettext_noop("version must be a whole number."))
    turn = frame.get("turn")
    if turn is not None and (not isinstance(turn, str) or len(turn) > MAX_TURN_LENGTH):
        raise FrameError(gettext_noop("turn must be a short string."))
    action = frame.get("action", "")
    if kind == "act" and (not isinstance(action, str) or not action):
        raise FrameError(gettext_noop("Say which action to take."))
    return {
        "type": kind,
        "action": action,
        "payload": {**extra, **payload},
        "client_action_id": client_action_id,
        # the version of the board the action was chosen on: a click that crossed a change
        # (a clock that ended the bout, the other player's move) is refused, not applied to a
        # state its player never saw
        "expected_version": version,
        # or the seat's own decision it was chosen for (its turn key): at a table where players
        # decide at once, another player's move does not make this one stale
        "expected_turn": turn,
    }


def _holds_unstorable(value) -> bool:
    """Whether a NUL character or a lone surrogate is in any string (key or value) of a parsed
    frame; iterative, for a frame may nest as deep as the JSON parser allows."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item or not (item.isascii() or _encodes(item)):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _encodes(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def engine_action(frame: dict) -> dict:
    """A form's fields as an engine action. htmx sends every field as text, one checked box as
    a string and several as a list: a field of chosen ``cards`` is always a list, and a whole
    number typed in a form (a seat, a box, each of several boxes checked: a shooter's two dice)
    is a number, as engines validate them, and a form's "true" or "false" (a hidden field or a
    checkbox's value: a box played dark) is a boolean. An amount (the field ``amount`` or any
    ``*_amount``) stays as typed, in major units: the service converts it in the table's
    currency (``services.table_act(typed=True)``)."""
    payload = {
        key: value if key == "amount" or key.endswith("_amount") else _form_number(value)
        for key, value in frame["payload"].items()
    }
    if "cards" in payload and isinstance(payload["cards"], str):
        payload["cards"] = [payload["cards"]]
    return {**payload, "type": frame["action"]}


FORM_BOOLEANS = {"true": True, "false": False}


def _form_number(value):
    if isinstance(value, list):  # several boxes checked: each one's value (a pair of dice)
        return [_form_number(item) if isinstance(item, str) else item for item in value]
    if isinstance(value, str) and 0 < len(value) < 19 and value.isascii() and value.isdigit():
        return int(value)
    if isinstance(value, str) and value in FORM_BOOLEANS:
        return FORM_BOOLEANS[value]
    return value


def error_frame(message: str, language: str) -> str:
    """A readable error for one socket, in its user's language, swapped out of band."""
    with translation.override(language):
        return render_to_string("tables/_error.html", {"message": gettext(message), "oob": True})


async def overloaded(consumer: AsyncWebsocketConsumer, *, connecting: bool) -> None:
    """Tell one socket that the server found no database connection in time."""
    language = getattr(consumer, "language", None) or translation.get_language() or "ru"
    if connecting:
        await consumer.accept()
    await consumer.send(text_data=error_frame(OVERLOAD, language))
    if connecting:
        await consumer.close(code=CLOSE_OVERLOADED)


# The presence heartbeat (tables.presence): one beat per process (per event loop) for all its
# open table sockets, one UPDATE every TABLE_HEARTBEAT_SECONDS, rather than one transaction per
# socket (300 sockets made 60 a second, more than the actions of 50 tables, each holding a table
# thread and waiting on any seat row an action had locked).
_open_sockets: dict[asyncio.AbstractEventLoop, collections.Counter] = {}
_heartbeats: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def heartbeat_opened(table_id: int, player_id: int) -> None:
    loop = asyncio.get_running_loop()
    _open_sockets.setdefault(loop, collections.Counter())[(table_id, player_id)] += 1
    beat = _heartbeats.get(loop)
    if beat is None or beat.done():
        _heartbeats[loop] = loop.create_task(_beat_forever(loop), name="table-presence")


def heartbeat_closed(table_id: int, player_id: int) -> None:
    loop = asyncio.get_running_loop()
    sockets = _open_sockets.get(loop)
    if sockets is None:
        return
    sockets[(table_id, player_id)] -= 1
    if sockets[(table_id, player_id)] <= 0:
        del sockets[(table_id, player_id)]
    if not sockets:
        _open_sockets.pop(loop, None)
        beat = _heartbeats.pop(loop, None)
        if beat is not None:
            beat.cancel()


async def _beat_forever(loop: asyncio.AbstractEventLoop) -> None:
    """Keep the seats of this loop's open table sockets seen while any is open."""
    seen = table_work(services.tables_seen)
    while True:
        await asyncio.sleep(presence.heartbeat_seconds())
        pairs = sorted(_open_sockets.get(loop) or ())
        if not pairs:
            continue
        try:
            await seen(pairs=pairs)
        except Exception:  # a lost database: the next beat tries again
            log.exception("presence heartbeat of %s table sockets failed", len(pairs))


class TableConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message):
        """Channels' dispatch, without its hop to the database thread (close_old_connections)
        before every message: every database call here goes through database_sync_to_async,
        which closes old connections itself, and a broadcast frame (most messages) only renders.
        That hop queued each frame behind the one database thread of the process."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except Exception as error:
            # no database connection in time (the pool's budget, casino/overload.py): this
            # socket is told so, in its user's language; a socket still connecting is closed
            # with "try again later", an open one keeps listening
            if not is_overload(error):
                raise
            await overloaded(self, connecting=message.get("type") == "websocket.connect")

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        # (the scope's user is a lazy object: every attribute read goes through it, and each
        # change's message is matched against the player's id at every socket of the table)
        self.user_id = user.pk
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = getattr(user, "language", None) or translation.get_language() or "ru"
        self.last_version = -1
        # the board this socket's client holds (tables.board_frames), and the client action ids
        # it spent since it was sent: each frame brings only the parts that changed
        self.held: Held | None = None
        self.spent: set[str] = set()
        self.tokens = float(RATE_BURST)
        self.refilled = time.monotonic()
        try:
            await table_work(services.table_presence)(
                table_id=self.table_id, player=user, change="connect"
            )
        except services.TableError:
            await self.close(code=CLOSE_NO_TABLE)
            return
        # A seated player's own view comes through his group at this table (outbox.seat_group:
        # not his user group, which wallet news and his other pages' sockets share), and the
        # board parts of a change that left his own view as it was through the seats' group
        # (outbox.seats_group); a spectator's whole public board through the table's group. A
        # socket is in one of the last two, by whether its player is seated (``_watch``). Groups
        # are joined before the snapshot: nothing committed after it is missed.
        self.table_group = f"table.{self.table_id}"
        self.watching = True
        self.groups_joined = [self.table_group, seat_group(self.table_id, user.pk)]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        timings.watch_loop_lag()
        clock.table_opened(self.table_id)
        self.beating = True
        heartbeat_opened(self.table_id, user.pk)
        await self.send_snapshot()

    async def disconnect(self, code):
        if not hasattr(self, "groups_joined"):
            return
        if getattr(self, "beating", False):
            self.beating = False
            heartbeat_closed(self.table_id, self.user.pk)
        try:
            for group in (*self.groups_joined, seats_group(self.table_id)):
                await self.channel_layer.group_discard(group, self.channel_name)
        finally:
            # the seat must learn its player is away even if the channel layer failed
            clock.table_closed(self.table_id)
            await table_work(services.table_presence)(
                table_id=self.table_id, player=self.user, change="disconnect"
            )

    # --- from the browser ------------------------------------------------------------------

    def _rate_limited(self) -> bool:
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.refilled) * RATE_PER_SECOND)
        self.refilled = now
        if self.tokens < 1:
            return True
        self.tokens -= 1
        return False

    async def receive(self, text_data=None, bytes_data=None):
        if self._rate_limited():
            await self.send_error(gettext_noop("Too many messages: slow down."))
            return
        try:
            frame = parse_frame(text_data, bytes_data)
        except FrameError as error:
            await self.send_error(str(error))
            return
        frame["received_at"] = perf_counter()
        if frame["type"] == "act" and frame["client_action_id"]:
            self.spent.add(frame["client_action_id"])
        try:
            outcome = await self.dispatch_frame(frame)
        except services.TableError as refusal:
            await self.send_error(str(refusal))
            return
        if frame["type"] == "sync" or (outcome is not None and outcome.replayed):
            await self.send_snapshot(force=True)

    @table_work
    def dispatch_frame(self, frame: dict):
        started = perf_counter()
        timings.note("pool wait", started - frame["received_at"])
        try:
            with translation.override(self.language):
                return self._dispatch(frame)
        finally:
            timings.note("action", perf_counter() - started)

    def _dispatch(self, frame: dict):
        kind = frame["type"]
        table_id, player = self.table_id, self.user
        if kind == "act":
            return services.table_act(
                table_id=table_id,
                player=player,
                action=engine_action(frame),
                client_action_id=frame["client_action_id"],
                expected_version=frame["expected_version"],
                expected_turn=frame["expected_turn"],
                typed=True,
            )
        if kind == "sit":
            return services.table_sit(table_id=table_id, player=player, connected=True)
        if kind == "leave":
            return services.table_leave(table_id=table_id, player=player)
        if kind == "ready":
            return services.table_ready(table_id=table_id, player=player)
        if kind in ("sit_out", "back"):
            services.table_presence(table_id=table_id, player=player, change=kind)
        return None

    # --- to the browser ----------------------------------------------------------------------

    async def send_snapshot(self, force: bool = False):
        view = await table_work(services.table_snapshot)(table_id=self.table_id, player=self.user)
        await self.send_view(view, force=force)

    async def send_view(self, view: dict, force: bool = False):
        version = view["table"]["version"]
        if self._fresh(version, force):
            # asked for (a sync, a repeated action): the whole board, whatever the client holds
            await self._send_board(board_of_view(view, self.language), whole=force)
            seated = any(
                seat["player_id"] == self.user_id and not seat.get("leaving")
                for seat in view["table"]["seats"]
            )
            await self._watch(not seated)

    async def _watch(self, watching: bool):
        """Be in the table's group (spectators' whole boards) while this player is not seated,
        in the seats' group (board parts) while he is."""
        if watching == self.watching:
            return
        self.watching = watching
        seats = seats_group(self.table_id)
        if not watching:
            await self.channel_layer.group_add(seats, self.channel_name)
            await self.channel_layer.group_discard(self.table_group, self.channel_name)
            return
        await self.channel_layer.group_add(self.table_group, self.channel_name)
        await self.channel_layer.group_discard(seats, self.channel_name)
        # a change committed between the view that unseated us and joining the group
        await self.send_snapshot()

    def _fresh(self, version: int, force: bool = False) -> bool:
        """Whether a board of `version` is to be sent: never one older than this socket was
        sent (frames of one change travel two groups), nor the same again unless asked."""
        if version < self.last_version or (version == self.last_version and not force):
            return False
        self.last_version = version
        return True

    async def _send_board(self, board, whole: bool = False):
        """Send `board` as the frame that brings this socket's client to it (``board_frame``)."""
        if whole:
            text, self.held = board.html, Held.whole(board)
        else:
            text, self.held = board_frame(board, self.held, self.spent)
        self.spent.clear()
        await self.send(text_data=text)

    async def send_error(self, message: str):
        await self.send(text_data=error_frame(message, self.language))

    async def table_view(self, event):
        """A change, as a spectator sees it: the whole public board."""
        started = perf_counter()
        timings.note("delivery", wall_clock() - event.get("sent_at", wall_clock()))
        seated = any(player == self.user_id for player, _position in event["seats"])
        # (a seated player's socket not yet out of this group: his own group brings his board)
        if event["table"] == self.table_id and not seated:
            board = public_board(event, self.language)
            if self._fresh(event["version"]):
                await self._send_board(board)
            await self._watch(True)
        timings.note("render+send", perf_counter() - started)

    async def table_change(self, event):
        """A change, as the table's seats hear it: a seat whose own view changed waits for it
        (``table_private``); any other gets the board's parts that changed since the version it
        shows, or, if it did not see that version (a change it missed, another process's
        frames in between), its own board read again (``_send_board``)."""
        started = perf_counter()
        timings.note("delivery", wall_clock() - event.get("sent_at", wall_clock()))
        await self._board_parts(event)
        timings.note("render+send", perf_counter() - started)

    async def _board_parts(self, event):
        if event["table"] != self.table_id:
            return
        position = next((p for player, p in event["seats"] if player == self.user_id), None)
        if position is None:
            return
        if position in event["touched"]:  # its own board comes (``table_private``)
            public_board(event, self.language)  # the next change's parts are found against it
            return
        if event["version"] <= self.last_version:
            return
        frame = None
        if event["version_before"] == self.last_version:
            board = public_board(event, self.language)
            before = known_public_board(
                event["game"], self.table_id, self.last_version, self.language
            )
            frame, held = public_parts_frame(board, before, self.held, position, self.spent)
            missed = "snapshot: no parts" if frame is None else ""
        else:
            missed = "snapshot: a version missed"
        if frame is None:
            started = perf_counter()
            await self.send_snapshot()
            timings.note(missed, perf_counter() - started)
        elif self._fresh(event["version"]):
            self.held = held
            self.spent.clear()
            await self.send(text_data=frame)

    async def table_private(self, event):
        """This player's own view of a table that changed for him (or, having just left it,
        the public view): what of its board changed (``_send_board``)."""
        started = perf_counter()
        timings.note("delivery", wall_clock() - event.get("sent_at", wall_clock()))
        if event["table"] == self.table_id and self._fresh(event["version"]):
            await self._send_board(board_of_message(event, self.language))
            await self._watch(event["seat"] is None)  # the public view: he has left
        timings.note("render+send", perf_counter() - started)


class PitConsumer(AsyncWebsocketConsumer):
    """/ws/pit/: the pit boss's monitor. Each table's summary (sent to the `pit` group by the
    table actor when what it shows changes) becomes that table's row, swapped out of band."""

    dispatch = TableConsumer.dispatch  # a row only renders: no hop to the database thread

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        if not await database_sync_to_async(user.has_perm)(services.PIT_PERMISSION):
            await self.close(code=CLOSE_NOT_PIT)
            return
        self.language = getattr(user, "language", None) or "ru"
        self.joined = True
        await self.channel_layer.group_add(services.PIT_GROUP, self.channel_name)
        await self.accept()
        # the whole list on (re)connect: rows missed while away, tables created since the page
        html, self.rows = await self._render_tables()
        await self.send(text_data=html)

    @database_sync_to_async
    def _render_tables(self) -> tuple[str, LiveRows]:
        tables = selectors.pit_rows()
        ids = [t["id"] for t in tables]
        rows = LiveRows("pit-table-rows", "no-pit-tables", "beforeend", ids, tag="div")
        with translation.override(self.language):
            context = {"tables": tables, "preserve": True}  # a reason being typed stays
            return rows.whole("tables/_pit_rows.html", context), rows

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(services.PIT_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        message = gettext_noop("This socket accepts no messages.")
        await self.send(text_data=error_frame(message, self.language))

    async def pit_tournament(self, event):
        """A tournament changed: the floor's tournaments, read again (they are few)."""
        await self.send(text_data=await self._render_tournaments())

    @database_sync_to_async
    def _render_tournaments(self) -> str:
        with translation.override(self.language):
            context = {"tournaments": pit_tournaments(), "oob": True}
            return render_to_string("tables/tournament/_pit.html", context)

    async def pit_html(self, event):
        """Fragments another app renders for the pit (``{"ru": ..., "en": ...}``), already
        out of band: sent in this socket's language, Russian if there is none in it."""
        html = event["html"]
        text = html.get(self.language) or html.get("ru")
        if text:
            await self.send(text_data=text)

    async def pit_table_gone(self, event):
        html = self.rows.gone(event["table"], f"pit-table-{event['table']}")
        if html:
            await self.send(text_data=html)

    async def pit_summary(self, event):
        # the row's figures all come in the message (the pace read once, by the actor)
        summary = event["summary"]

        def render(oob: bool) -> str:
            return render_to_string("tables/_pit_row.html", {"t": summary, "oob": oob})

        with translation.override(self.language):
            html = self.rows.frame(summary["id"], render, summary.get("version"))
        if html:
            await self.send(text_data=html)
