"""The turn clock inside a server process (DESIGN.md "The table actor").

With an in-memory layer the first request or socket a process serves (with Redis, the first
table socket) starts one asyncio task that applies overdue deadlines through the table actor.
With the in-memory channel layer (`make run`: one process, no sweeper can reach its sockets) it
watches every table; with Redis it watches the tables that have sockets in this process, and
`manage.py tableclock` sweeps the rest.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from tables import services

log = logging.getLogger(__name__)

TICK_SECONDS = 0.25
PRESENCE_CHECK_SECONDS = 1.0
_presence_checked = float("-inf")

_local_tables: dict[int, int] = {}
_task: asyncio.Task | None = None
# other periodic work of the tables app (a tournament's start) the clock does beside the turn
# clocks when this process watches every table (no sweeper reaches its sockets): name ->
# (job, seconds between runs); each job locks its own rows, as for the sweeper
_also: dict[str, tuple[Callable[[], int], float]] = {}
_also_last: dict[str, float] = {}


def run_also(name: str, job: Callable[[], int], every: float) -> None:
    _also[name] = (job, every)


def watches_every_table() -> bool:
    """Whether this process is the only one that can reach the sockets (an in-memory layer,
    channels' own or casino.layers'), so its clock must keep every table's time."""
    return isinstance(get_channel_layer(), InMemoryChannelLayer)


def table_opened(table_id: int) -> None:
    _local_tables[table_id] = _local_tables.get(table_id, 0) + 1
    ensure_running()


def table_closed(table_id: int) -> None:
    count = _local_tables.get(table_id, 0) - 1
    if count > 0:
        _local_tables[table_id] = count
    else:
        _local_tables.pop(table_id, None)


class StartsTheClock:
    """ASGI middleware: with the in-memory layer (one process watches every table) the clock
    starts with the first request or socket after a (re)start, not with the first table socket,
    so that an absence still runs out when, after a restart, nobody opens that table again."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and watches_every_table():
            ensure_running()
        return await self.app(scope, receive, send)


def ensure_running() -> None:
    global _task
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_run(), name="table-clock")


def apply_due_tables() -> int:
    """One tick of the clock: apply what is overdue on the tables this process watches (and,
    watching every table, the other jobs that are due)."""
    if watches_every_table():
        _run_also()
    among = None if watches_every_table() else set(_local_tables)
    if among is not None and not among:
        return 0
    _expire_unseen(among)
    return services.sweep_overdue_tables(among=among)


def _expire_unseen(among: set[int] | None) -> None:
    """Mark away the seats whose heartbeat expired (tables.presence), once a second: an
    expiry is many seconds, and the query runs beside every tick's."""
    global _presence_checked
    now = time.monotonic()
    if now - _presence_checked < PRESENCE_CHECK_SECONDS:
        return
    _presence_checked = now
    services.expire_unseen_seats(among=among)


def _run_also() -> None:
    now = time.monotonic()
    for name, (job, every) in list(_also.items()):
        if now - _also_last.get(name, float("-inf")) < every:
            continue
        _also_last[name] = now
        try:
            job()
        except Exception:
            log.exception("table clock: %s failed", name)


_tick = database_sync_to_async(apply_due_tables)


async def _run() -> None:
    while True:
        try:
            await _tick()
        except Exception:
            log.exception("table clock tick failed")
        await asyncio.sleep(TICK_SECONDS)
