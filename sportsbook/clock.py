"""Settlement on time inside the server process (SB §6.1: 20 minutes after the end).

With the in-memory channel layer (`make run`) no other process can reach this server's sockets,
so the server itself settles due events: the first socket of the process (the lobby socket every
signed-in page opens, or an event page's) starts one asyncio task that checks every
TICK_SECONDS. In production `manage.py tableclock` settles due events too; the event row lock
makes a settlement run once whoever starts it.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)

TICK_SECONDS = 15.0

_task: asyncio.Task | None = None


def ensure_running() -> None:
    global _task
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_run(), name="sportsbook-settlement-clock")


def _settle_due() -> int:
    from sportsbook.settlement_runner import settle_due

    return settle_due()


_tick = database_sync_to_async(_settle_due)


async def _run() -> None:
    while True:
        try:
            await _tick()
        except Exception:
            log.exception("sportsbook settlement tick failed")
        await asyncio.sleep(TICK_SECONDS)
