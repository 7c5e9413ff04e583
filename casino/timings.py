"""Where a table action's time goes, for the load benchmark (issue 30): each phase of the way from
a frame arriving to the boards leaving notes its seconds here, and the process writes the running
totals to the file ``BENCH_TIMINGS`` names (JSON, once a second). Off unless that is set: then
``note`` costs one attribute read.

Phases (``tables.consumers``, ``tables.outbox``, ``casino.realtime``):
- ``pool wait``: a frame read, until a table-work thread takes it (waiting);
- ``action``: the action on that thread: the transaction, the engine, the commit (working);
- ``broadcast``: after the commit, the views and what each socket is sent, built (working);
- ``publish wait`` / ``publish``: handed to the server's loop until the sender task takes the
  batch (waiting), and the channel layer's sends of it (working);
- ``delivery``: from the broadcast to a socket's handler starting (the channel layer, the
  process's receive loop, the socket's queue: waiting);
- ``render+send``: the handler: rendering and sending a board or its parts (working);
- ``loop lag``: how late a timer fires on the server's loop (what every waiting above shares).

Besides the phases, each action's own account (``action_account``, issue 49): by the kind of
action (its type, and whether it ended a hand), the statements run inside its transaction
(counted and timed), the engine's calls, the transaction to its commit, the broadcast built
after it and the floor's work after it.

The totals are cumulative (count, seconds, and a histogram of log-spaced buckets), so the
benchmark takes the difference between two readings for its measured window.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import threading
import time
from collections.abc import Iterator

from django.db import connection, transaction

PATH = os.environ.get("BENCH_TIMINGS", "").strip()
BUCKET_BASE = 1.25
BUCKET_FIRST = 1e-5  # seconds: the first bucket's upper bound
BUCKETS = 80  # up to ~1.5e3 s

_lock = threading.Lock()
_totals: dict[str, dict] = {}
_accounts: dict[str, dict[str, float]] = {}  # by kind of action: actions and sums (``Account``)
_open = threading.local()  # the account of the action this thread is running, if any
_writer: threading.Thread | None = None
_lag_task = None


def enabled() -> bool:
    return bool(PATH)


def bucket(seconds: float) -> int:
    if seconds <= BUCKET_FIRST:
        return 0
    return min(BUCKETS - 1, 1 + int(math.log(seconds / BUCKET_FIRST, BUCKET_BASE)))


def bucket_upper(index: int) -> float:
    return BUCKET_FIRST * BUCKET_BASE**index


def note(phase: str, seconds: float) -> None:
    if not PATH:
        return
    with _lock:
        total = _totals.get(phase)
        if total is None:
            total = _totals[phase] = {"count": 0, "seconds": 0.0, "buckets": [0] * BUCKETS}
            _start_writer()
        total["count"] += 1
        total["seconds"] += seconds
        total["buckets"][bucket(max(0.0, seconds))] += 1
    account = getattr(_open, "account", None)
    if account is not None:
        account.parts[phase] = account.parts.get(phase, 0.0) + seconds


def _start_writer() -> None:
    global _writer
    if _writer is None:
        _writer = threading.Thread(target=_write_forever, name="bench-timings", daemon=True)
        _writer.start()


def _write_forever() -> None:
    while True:
        time.sleep(1.0)
        write()


def write() -> None:
    with _lock:
        text = json.dumps({"at": time.time(), "phases": _totals, "accounts": _accounts})
    temporary = f"{PATH}.{os.getpid()}.tmp"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, PATH)


class Account:
    """One action's account while its thread runs it: its kind (``kind``) and seconds per part;
    the statements of its transaction are counted until the commit (``committed``)."""

    def __init__(self):
        self.kind = "other"
        self.parts: dict[str, float] = {}
        self.statements = 0
        self.in_transaction = True
        self.started = time.perf_counter()

    def name(self, action_type: str, hand_over: bool) -> None:
        """The action's kind: what the player (or clock) did, and whether it ended a hand; a
        change of several steps is named by its last, a hand ended by any."""
        ended = hand_over or self.kind.endswith(", hand over")
        self.kind = f"{action_type}, hand over" if ended else action_type

    def committed(self) -> None:
        self.in_transaction = False
        self.parts["transaction"] = time.perf_counter() - self.started

    def count(self, execute, sql, params, many, context):
        if not self.in_transaction:
            return execute(sql, params, many, context)
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.statements += 1
            self.parts["statements"] = (
                self.parts.get("statements", 0.0) + time.perf_counter() - started
            )


@contextlib.contextmanager
def action_account() -> Iterator[Account | None]:
    """Open the account of one table action around its transaction (call it outside the
    ``atomic`` block): the statements up to the commit are counted, and what the thread notes
    meanwhile (the broadcast after commit) is added to it. None, and no cost, unless on."""
    if not PATH or getattr(_open, "account", None) is not None:
        yield None
        return
    account = _open.account = Account()
    try:
        with connection.execute_wrapper(account.count):
            yield account
    finally:
        _open.account = None
        _close(account)


def account_committed() -> None:
    """Inside the action's transaction, before anything else asks for a callback on commit:
    the account's transaction ends at the commit, before the broadcast that follows it."""
    account = getattr(_open, "account", None)
    if account is not None:
        transaction.on_commit(account.committed)


def name_action(action_type: str, hand_over: bool) -> None:
    """Name the open account's action (``Account.name``), if one is open."""
    account = getattr(_open, "account", None)
    if account is not None:
        account.name(action_type, hand_over)


@contextlib.contextmanager
def account_part(part: str) -> Iterator[None]:
    """Add the seconds of the block to the open account's ``part`` (nothing if none is open)."""
    account = getattr(_open, "account", None)
    if account is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        account.parts[part] = account.parts.get(part, 0.0) + time.perf_counter() - started


class _Timed:
    """An object whose method calls add their seconds to the open account's part."""

    def __init__(self, inner, part: str):
        self._inner, self._part = inner, part

    def __getattr__(self, name):
        value = getattr(self._inner, name)
        if not callable(value):
            return value

        def timed(*args, **kwargs):
            with account_part(self._part):
                return value(*args, **kwargs)

        return timed


def timed(inner, part: str):
    """``inner``, its calls timed into the open account's ``part`` while one is open."""
    return _Timed(inner, part) if getattr(_open, "account", None) is not None else inner


def _close(account: Account) -> None:
    if account.in_transaction:  # refused, or rolled back: no commit
        account.parts["transaction"] = time.perf_counter() - account.started
    with _lock:
        sums = _accounts.setdefault(account.kind, {"actions": 0, "statement count": 0})
        sums["actions"] += 1
        sums["statement count"] += account.statements
        for part, seconds in account.parts.items():
            sums[part] = sums.get(part, 0.0) + seconds
        _start_writer()


def accounts_summary(before: dict | None, after: dict) -> dict[str, dict[str, float]]:
    """Per kind of action, between two readings of the file: the actions, and per action the
    statements in the transaction and the seconds of each part."""
    result = {}
    for kind, now in after.get("accounts", {}).items():
        then = (before or {}).get("accounts", {}).get(kind, {})
        actions = now["actions"] - then.get("actions", 0)
        if actions <= 0:
            continue
        result[kind] = {"actions": actions} | {
            part: (total - then.get(part, 0)) / actions
            for part, total in now.items()
            if part != "actions"
        }
    return result


def watch_loop_lag() -> None:
    """Note how late a 10-ms timer fires on the running loop, from now on (once per process)."""
    global _lag_task
    if not PATH or _lag_task is not None:
        return

    async def measure():
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            note("loop lag", time.perf_counter() - start - 0.01)

    _lag_task = asyncio.get_running_loop().create_task(measure())


def summary(before: dict | None, after: dict) -> dict[str, dict]:
    """Per phase, between two readings of the file: count, mean, p50 and p99 (seconds; a
    percentile is its bucket's upper bound)."""
    result = {}
    for phase, now in after.get("phases", {}).items():
        then = (before or {}).get("phases", {}).get(phase) or {
            "count": 0,
            "seconds": 0.0,
            "buckets": [0] * BUCKETS,
        }
        count = now["count"] - then["count"]
        if count <= 0:
            continue
        counts = [a - b for a, b in zip(now["buckets"], then["buckets"], strict=True)]
        result[phase] = {
            "count": count,
            "mean": (now["seconds"] - then["seconds"]) / count,
            "p50": _percentile(counts, count, 0.50),
            "p99": _percentile(counts, count, 0.99),
        }
    return result


def _percentile(counts: list[int], total: int, share: float) -> float:
    needed = share * total
    running = 0
    for index, count in enumerate(counts):
        running += count
        if running >= needed:
            return bucket_upper(index)
    return bucket_upper(len(counts) - 1)
