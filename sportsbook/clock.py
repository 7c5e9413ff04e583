"""The sportsbook's periodic work inside the server process: settlement on time (SB §6.1: 20
minutes after the end), the exchange's lapse at the start (BK §46) and settlement, and the spread
bets' price feed and margin watch (BK §36).

With the in-memory channel layer (`make run`) no other process can reach this server's sockets,
so the server itself does this work: the first socket of the process (the lobby socket every
signed-in page opens, or an event page's) starts one asyncio task that wakes every TICK_SECONDS
(sooner if a job's period is shorter) and runs each job of JOBS whose period has passed. A period
is seconds, or the name of a setting that holds them (the spread feed's SPREAD_FEED_SECONDS). In
production `manage.py tableclock` calls the same functions; each locks its rows, so a job run
twice at once does its work once.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0

# (the function, "module.name", returning a count; seconds between runs, or a setting's name)
JOBS: list[tuple[str, float | str]] = [
    ("sportsbook.settlement.runner.settle_due", 15.0),
    ("sportsbook.exchange.services.exchange_lapse_due", 5.0),
    ("sportsbook.exchange.services.exchange_settle_due", 15.0),
    ("sportsbook.spread.services.spread_feed_tick", "SPREAD_FEED_SECONDS"),
    ("sportsbook.spread.services.spread_margin_watch", 5.0),
]


def period(every: float | str) -> float:
    """A job's seconds between runs: the number, or the setting it names (read when asked)."""
    if isinstance(every, str):
        from django.conf import settings

        return float(getattr(settings, every))
    return float(every)


def tick_seconds() -> float:
    """How long the clock sleeps: TICK_SECONDS, or less when a job is due more often."""
    return min([TICK_SECONDS, *(period(every) for _path, every in JOBS)])


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
    for path, every in JOBS:
        last = _last_run.get(path)
        if last is not None and now - last < period(every):
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
        await asyncio.sleep(tick_seconds())
