"""How a table's play starts, for every game alike (issue 26 item 5).

**The filling window.** When a table is idle and the game's session rules (``next_hand``) say a
hand could start now with fewer players than the table seats, the actor does not deal at once:
it opens a short window (the table setting ``start_seconds``, default 10; 0: no window) so that
players who sit down meanwhile are dealt in too. The window ends early when every player the
hand would deal in says ready (the board's "Ready" button: the ``ready`` frame), and never waits
when the table is full. Its deadline lives on the table row (``Table.start_window``) and counts
in ``Table.deadline``, so it is applied, like an overdue turn clock, by whoever notices it first
(the process's clock, any change on the table, ``manage.py tableclock``): a restart loses
nothing. Between hands of a session the next hand starts as the game says, without a window (a
player who sat down during a hand is dealt in then).

**Who is dealt in.** The actor keeps the seats dealt into the hand in play in the state
(``hand_seats``), so every board can tell a player who sat down during a hand that he plays
from the next one.

**A table everyone has left.** Money a game carries between hands (a bank, a pot) never stays
on a table nobody sits at: when the last seated player leaves, the engine's ``apply_abandon``
settles it before his seat goes (by default the void: every stake back to whose money it is),
recorded as the event ``abandoned`` and shown on the board and the pit's tile
(docs/rules-decisions.md, "Platform").

Nothing here knows a game.
"""

from __future__ import annotations

import datetime as dt
import math

from casino.currencies import format_amount
from tables.models import Table, TableStatus

START_SETTING = "start_seconds"
DEFAULT_START_SECONDS = 10
HAND_SEATS = "hand_seats"  # the actor's state key: the seats dealt into the hand in play


def start_seconds(table: Table) -> float:
    try:
        return max(0.0, float(table.setting(START_SETTING, DEFAULT_START_SECONDS)))
    except (TypeError, ValueError):
        return float(DEFAULT_START_SECONDS)


def open_window(table: Table, now: dt.datetime) -> dict:
    table.start_window = {
        "deadline": (now + dt.timedelta(seconds=start_seconds(table))).timestamp(),
        "ready": [],
    }
    return table.start_window


def window_deadline(table: Table) -> float | None:
    """The window's deadline (epoch seconds) while it is running on an open table."""
    window = table.start_window
    if not window or table.status != TableStatus.OPEN:
        return None
    return window["deadline"]


def start_view(table: Table) -> dict:
    """What every board shows of how play starts: the window's deadline and who said ready
    (while it runs), the seats dealt into the hand in play, and the last settlement of a
    table everyone had left."""
    state = table.state or {}
    playing = table.status in (TableStatus.PLAYING, TableStatus.PAUSED)
    deadline = window_deadline(table)
    return {
        "deadline": math.ceil(deadline) if deadline is not None else None,
        "ready": sorted((table.start_window or {}).get("ready", [])) if deadline else [],
        "dealt_in": state.get(HAND_SEATS) if playing else None,
        "abandoned": abandoned_view(state.get("abandoned"), table.currency),
    }


def abandoned_view(abandoned: dict | None, currency: str) -> dict | None:
    """The settlement of a table everyone left, with its amounts written out."""
    if not abandoned:
        return None
    return {
        "total": abandoned["total"],
        "total_text": format_amount(abandoned["total"], currency),
        "returned": [
            [name, format_amount(amount, currency)] for name, amount in abandoned["returned"]
        ],
        "held": abandoned["held"],
        "held_text": format_amount(abandoned["held"], currency),
    }
