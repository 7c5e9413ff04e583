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

The totals are cumulative (count, seconds, and a histogram of log-spaced buckets), so the
benchmark takes the difference between two readings for its measured window.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import threading
import time

PATH = os.environ.get("BENCH_TIMINGS", "").strip()
BUCKET_BASE = 1.25
BUCKET_FIRST = 1e-5  # seconds: the first bucket's upper bound
BUCKETS = 80  # up to ~1.5e3 s

_lock = threading.Lock()
_totals: dict[str, dict] = {}
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
        text = json.dumps({"at": time.time(), "phases": _totals})
    temporary = f"{PATH}.{os.getpid()}.tmp"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, PATH)


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
