"""The sportsbook's periodic work inside the server process: settlement on time (SB §6.1: 20
minutes after the end), the exchange's lapse at the start (BK §46) and settlement, and the spread
bets' price feed and margin watch (BK §36).

With the in-memory channel layer (`make run`) no other process can reach this server's sockets,
so the server itself does this work: the first socket of the process (the lobby socket every
signed-in page opens, or an event page's) starts one asyncio task that wakes every TICK_SECONDS
and runs each job of JOBS whose period has passed. In production `manage.py tableclock` calls the
same functions; each locks its rows, so a job run twice at once does its work once.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0

# (the function, "module.name", returning a count; seconds between runs)
JOBS: list[tuple[str, float]] = [
    ("sportsbook.settlement.runner.settle_due", 15.0),
    ("sportsbook.exchange.services.exchange_lapse_due", 5.0),
    ("sportsbook.exchange.services.exchange_settle_due", 15.0),
    ("sportsbook.spread.services.spread_feed_tick", 2.0),
    ("sportsbook.spread.services.spread_margin_watch", 5.0),
]

_task: asyncio.Task | None = None
_last_run: dict[str, float] = {}


def ensure_running() -> None:
    global _task
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _last_run.clear()  # a new clock runs every job on its first tick
        _task = loop.create_task(_run(), name="sportsbook-settlement-clock")


def call_job(path: str) -> int:
    module, name = path.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)()


def _run_due_jobs() -> dict[str, int]:
    """Run every job whose period has passed (all of them the first time); a job that fails is
    logged and the others still run. Returns what each job that ran reported."""
    now = time.monotonic()
    done = {}
    for path, period in JOBS:
        last = _last_run.get(path)
        if last is not None and now - last < period:
            continue
        _last_run[path] = now
        try:
            done[path] = call_job(path)
        except Exception:
            log.exception("sportsbook clock: %s failed", path)
    return done


_tick = database_sync_to_async(_run_due_jobs)


async def _run() -> None:
    while True:
        try:
            await _tick()
        except Exception:
            log.exception("sportsbook clock tick failed")
        await asyncio.sleep(TICK_SECONDS)
