"""Due jobs: the work the production sweeper (``manage.py tableclock``) does on every pass.

Each app registers its own in its ``ready()`` (the tables' overdue clocks, the sportsbook's due
settlements, later a tournament's start), so the sweeper knows no app by name. A job is a
function of no arguments returning how many things it did; a job that fails is logged and the
others still run.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

_jobs: dict[str, Callable[[], int]] = {}
_every: dict[str, float] = {}
_last_run: dict[str, float] = {}


def register(name: str, run: Callable[[], int], every: float = 0.0) -> None:
    """Add (or replace) the job called `name`, run on every sweep or at most once `every`
    seconds (a price feed's pace must not follow the sweeper's)."""
    _jobs[name] = run
    _every[name] = every


def registered() -> list[str]:
    return list(_jobs)


def run_due(*, raise_errors: bool = False, every_job: bool = False) -> dict[str, int | None]:
    """Run every job that is due (``every_job``: all of them): {name: what it did, or None if it
    failed (logged)}."""
    done: dict[str, int | None] = {}
    now = time.monotonic()
    for name, run in list(_jobs.items()):
        last = _last_run.get(name)
        if not every_job and last is not None and now - last < _every.get(name, 0.0):
            continue
        _last_run[name] = now
        try:
            done[name] = run()
        except Exception:
            if raise_errors:
                raise
            log.exception("due job %s failed", name)
            done[name] = None
    return done
