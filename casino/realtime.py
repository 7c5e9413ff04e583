"""Notifications to players' own websocket groups. Payloads are primitives, sent after commit."""

import asyncio
import collections
import logging
import time

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from casino import timings

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def has_listeners(layer, group: str) -> bool:
    """The in-memory layer lives in this process only: a group nobody here joined has no one to
    hear it, so the send (a thread and an event loop from plain sync code) is skipped. Other
    layers reach every process and are always sent to."""
    if isinstance(layer, InMemoryChannelLayer):
        return bool(layer.groups.get(group))
    return True


def group_send_all(messages: list[tuple[str, dict]]) -> None:
    """Send (group, message) pairs in order, from sync code.

    In a server's worker thread (the database thread of a Daphne process) the sends are handed
    to the server's loop and NOT waited for: that thread serves every socket's database work,
    and waiting for the loop to get round to the sends held all of them up. One sender task per
    loop sends the batches in the order they were handed over, so frames keep their order; a
    failed send is logged (it used to raise into the caller, after its commit). Once the loop
    has stopped (shutdown) nobody is left to tell. Groups nobody in this process can hear
    (in-memory layer) are skipped. With no server loop (a command, a sync test) the sends run
    on a loop of our own and are done when this returns.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    messages = [(group, message) for group, message in messages if has_listeners(layer, group)]
    if not messages:
        return

    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    # No server loop here (a command, a sync test), or a closed one asgiref left behind on this
    # thread after an earlier async_to_sync (the test client does that): a loop of our own.
    if loop is None or loop.is_closed():

        async def send_all():
            for group, message in messages:
                await layer.group_send(group, message)

        async_to_sync(send_all)()
        return
    if not loop.is_running():
        log.info("not broadcast: the server is stopping")
        return
    try:
        loop.call_soon_threadsafe(_enqueue, loop, layer, messages, time.perf_counter())
    except RuntimeError:  # closed meanwhile
        log.info("not broadcast: the server is stopping")


# loop -> batches waiting for that loop's sender task; touched only from that loop's thread. The
# task ends when it has sent everything (nothing is left pending when a loop closes), and the
# next batch starts another: one sender per loop at a time, so the order is kept.
_pending: dict[asyncio.AbstractEventLoop, collections.deque] = {}


def _enqueue(loop, layer, messages, handed_at: float) -> None:
    queue = _pending.get(loop)
    if queue is None:
        queue = _pending[loop] = collections.deque()
        loop.create_task(_send_in_order(loop, queue), name="group-sends")
    queue.append((layer, messages, handed_at))


async def _send_in_order(loop, queue: collections.deque) -> None:
    try:
        while queue:
            # everything handed over while the last pipeline was out goes in the next one, in
            # order: under load one round trip per change queued the changes behind each other
            # (issue 30: half a second of "publish wait" at 50 six-seat actions a second)
            layer, messages, handed_at = queue.popleft()
            started = time.perf_counter()
            timings.note("publish wait", started - handed_at)
            if hasattr(layer, "group_send_many"):  # one pipeline for all of them
                messages = list(messages)
                while queue and queue[0][0] is layer:
                    _layer, more, more_handed_at = queue.popleft()
                    timings.note("publish wait", started - more_handed_at)
                    messages += more
                try:
                    await layer.group_send_many(messages)
                except Exception:
                    log.exception("group sends to %s failed", [g for g, _m in messages])
            else:
                for group, message in messages:
                    try:
                        await layer.group_send(group, message)
                    except Exception:
                        log.exception("group send to %s failed", group)
            timings.note("publish", time.perf_counter() - started)
    finally:
        _pending.pop(loop, None)


def announce_balances(changes: list[tuple[int, str, int]]) -> None:
    group_send_all(
        [
            (
                user_group(owner_id),
                {"type": "wallet.balance", "currency": currency, "balance": balance},
            )
            for owner_id, currency, balance in changes
        ]
    )


class ClosedSocketSends:
    """ASGI middleware for websockets: a frame sent to a socket that has just closed is dropped.

    A broadcast may reach a consumer a moment after its client went away; Daphne then raises
    from ``send`` (autobahn's ``Disconnected``), which used to end the consumer before it handled
    its ``websocket.disconnect``: the seat kept counting a connected socket (the player never
    away, their clock's grace never applied) and the error was logged as a traceback. The
    disconnect that follows is handled as usual."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        closed = False

        async def send_unless_closed(message):
            nonlocal closed
            if closed and message["type"] == "websocket.send":
                return
            try:
                await send(message)
            except RuntimeError as error:  # autobahn.exception.Disconnected is one
                if type(error).__name__ != "Disconnected" or message["type"] != "websocket.send":
                    raise
                closed = True

        return await self.app(scope, receive, send_unless_closed)
