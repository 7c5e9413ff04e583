"""Due jobs: the work the production sweeper (``manage.py tableclock``) does on every pass.

Each app registers its own in its ``ready()`` (the tables' overdue clocks, the sportsbook's due
settlements, later a tournament's start), so the sweeper knows no app by name. A job is a
function of no arguments returning how many things it did; a job that fails is logged and the
others still run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

_jobs: dict[str, Callable[[], int]] = {}


def register(name: str, run: Callable[[], int]) -> None:
    """Add (or replace) the job called `name`."""
    _jobs[name] = run


def registered() -> list[str]:
    return list(_jobs)


def run_due(*, raise_errors: bool = False) -> dict[str, int | None]:
    """Run every job once: {name: what it did, or None if it failed (logged)}."""
    done: dict[str, int | None] = {}
    for name, run in list(_jobs.items()):
        try:
            done[name] = run()
        except Exception:
            if raise_errors:
                raise
            log.exception("due job %s failed", name)
            done[name] = None
    return done
