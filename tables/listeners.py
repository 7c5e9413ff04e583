"""Other apps' listeners to table events, called inside the actor's transaction, or after it.

A listener is called once per recorded change, after the change's payments are booked and its
events logged, before the transaction commits: what it writes commits (or rolls back) with the
table's change, so a tournament advancing its bracket when a match is over, or an alert raised
when a hand is over, can never disagree with the table. A listener must not take another table's
lock (the actor holds this one) and should be quick; an exception refuses the whole change.

A listener that only reads what the change did and writes rows of its own (the floor's alerts)
subscribes after the transaction (``subscribe_after``): it is handed the news of one table's
transaction together, once the actor's transaction has ended (issue 49: the statements in the
table's transaction, holding its lock, are the table's own), with each news' table as it was
when the news was told. What it writes is its own transaction's; its failure is logged and
never reaches the table.

In a server on PostgreSQL (``settings.AFTER_TABLE_THREAD``) these listeners run on a thread of
their own, one per process, in the order the transactions ended: the floor's reads and rows after
a hand (~25 ms of a six-seat hand's end at load) held the table thread that had committed it, and
every other table's next action waited for a thread meanwhile (issue 49: "never delay the
table's own frames"). On SQLite, whose one writer is the process's database thread, and in
tests and commands, they run at once on the thread that committed.
"""

from __future__ import annotations

import copy
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.db import close_old_connections

from casino import timings
from tables.models import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableNews:
    """One recorded change: the table (locked, with its new version), what caused it, the
    engine's events, and whether it ended a hand (with the engine's ``hand_result``)."""

    table: Table
    step: str
    cause: str
    events: list[dict]
    seat: int | None = None
    hand_over: bool = False
    hand_result: dict | None = None
    session_over: bool = False  # nothing carries into a next hand (a match is over)
    extra: dict = field(default_factory=dict)


Listener = Callable[[TableNews], None]
_listeners: list[tuple[str, Listener]] = []


def subscribe(name: str, listener: Listener) -> None:
    """Add `listener` once under `name` (an app's ready() may run more than once)."""
    if all(existing != name for existing, _listener in _listeners):
        _listeners.append((name, listener))


def unsubscribe(name: str) -> None:
    _listeners[:] = [(n, listener) for n, listener in _listeners if n != name]


def notify(news: TableNews) -> None:
    for _name, listener in list(_listeners):
        listener(news)


AfterListener = Callable[[list[TableNews]], None]
_after_listeners: list[tuple[str, AfterListener]] = []


# what each after-listener wants told, by name: news that does not interest any is never handed
# over (most changes end no hand: the floor's listener looks only at those that do)
_after_wants: dict[str, Callable[[TableNews], bool]] = {}


def subscribe_after(
    name: str, listener: AfterListener, wants: Callable[[TableNews], bool] | None = None
) -> None:
    """Add `listener(news of one table's transaction)` once under `name`, called after it when
    some news of it is what the listener `wants` (any, by default)."""
    if all(existing != name for existing, _listener in _after_listeners):
        _after_listeners.append((name, listener))
    if wants is None:
        _after_wants.pop(name, None)
    else:
        _after_wants[name] = wants


def unsubscribe_after(name: str) -> None:
    _after_listeners[:] = [(n, listener) for n, listener in _after_listeners if n != name]


def kept(news: TableNews) -> TableNews:
    """The news as it is told, kept for after the transaction: the table and its state copied,
    since the change goes on with them (a hand ended, the next one dealt)."""
    table = copy.copy(news.table)
    table.state = dict(table.state or {})
    return replace(news, table=table)


_after_thread: ThreadPoolExecutor | None = None
_after_thread_lock = threading.Lock()


def _runs_after_elsewhere() -> bool:
    return bool(getattr(settings, "AFTER_TABLE_THREAD", False)) and (
        "sqlite" not in settings.DATABASES["default"]["ENGINE"]
    )


def _after_executor() -> ThreadPoolExecutor:
    global _after_thread
    with _after_thread_lock:
        if _after_thread is None:
            _after_thread = ThreadPoolExecutor(1, "table-after")
        return _after_thread


def notify_after(news: list[TableNews]) -> None:
    """Hand the news of one table's ended transaction to the listeners after it: on their own
    thread where the server has one (``_runs_after_elsewhere``), else at once."""
    listening = [
        (name, listener)
        for name, listener in list(_after_listeners)
        if (wants := _after_wants.get(name)) is None or any(wants(item) for item in news)
    ]
    if not news or not listening:
        return
    if _runs_after_elsewhere():
        # (a copy: the actor clears its list of news once this returns)
        _after_executor().submit(_after_in_own_thread, list(news), listening)
    else:
        _notify_after_now(news, listening)


def after_listeners_idle() -> None:
    """Wait until the news handed to the listeners' own thread so far has been told (tests, a
    server shutting down); at once where they run on the committing thread."""
    if _after_thread is not None:
        _after_thread.submit(lambda: None).result()


def _after_in_own_thread(news: list[TableNews], listening: list) -> None:
    started = time.perf_counter()
    close_old_connections()  # a connection of this thread's own, lent by the pool
    try:
        _notify_after_now(news, listening)
    finally:
        close_old_connections()
        timings.note("after the transaction (own thread)", time.perf_counter() - started)


def _notify_after_now(news: list[TableNews], listening: list) -> None:
    for name, listener in listening:
        try:
            listener(news)
        except Exception:
            log.exception(
                "after-transaction listener %s failed on table %s", name, news[0].table.pk
            )


# --- errors ---------------------------------------------------------------------------------------
# An unexpected exception that escaped a change to a table (an engine's bug, a database failure):
# the actor tells these listeners after the failed transaction has rolled back, then re-raises.
# A listener records or reports it in a transaction of its own; whatever it raises is logged
# and swallowed, so the original error is what the caller sees.

ErrorListener = Callable[[int, BaseException], None]
_error_listeners: list[tuple[str, ErrorListener]] = []


def subscribe_errors(name: str, listener: ErrorListener) -> None:
    """Add `listener(table_id, error)` once under `name`."""
    if all(existing != name for existing, _listener in _error_listeners):
        _error_listeners.append((name, listener))


def unsubscribe_errors(name: str) -> None:
    _error_listeners[:] = [(n, listener) for n, listener in _error_listeners if n != name]


def notify_error(table_id: int, error: BaseException) -> None:
    for name, listener in list(_error_listeners):
        try:
            listener(table_id, error)
        except Exception:
            log.exception("error listener %s failed on table %s", name, table_id)
