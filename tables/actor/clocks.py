"""Clocks: each awaited seat's deadline and the absence limits (``set_clocks``) and the items due
and when (``due_items``); ``tables.actor.core.apply_overdue`` applies them."""

from __future__ import annotations

import datetime as dt

from tables import presence
from tables.actor.change import (
    DEFAULT_ABSENCE_SECONDS,
    DEFAULT_ACTION_SECONDS,
    DEFAULT_GRACE_SECONDS,
    Change,
)
from tables.models import (
    TableStatus,
)
from tables.starts import window_deadline

# --- clocks ------------------------------------------------------------------------------------


def set_clocks(change: Change, *, fresh: bool = False) -> None:
    """A clock for each seat the engine awaits: kept while its turn key is unchanged (players
    deciding at once do not restart each other's clocks), a full one for a new decision.
    No clock runs unless the table is playing. ``fresh``: every clock starts again."""
    table, engine = change.table, change.engine
    state = table.state
    if not state:
        return
    awaited = engine.to_act(state) if table.status == TableStatus.PLAYING else []
    before = {} if fresh else ((state.get("clock") or {}).get("seats") or {})
    action_seconds = change.seconds("action_seconds", DEFAULT_ACTION_SECONDS)
    clocks = {}
    for position in awaited:
        key = engine.turn_key(state, position)
        kept = before.get(str(position))
        seat = change.seats.get(position)
        # a decision of a player who left with bets working is taken by its timeout at once
        leaving = seat is not None and seat.leaving_since is not None
        if kept and kept["key"] == key and not leaving:
            clocks[str(position)] = kept
            continue
        # each decision on the clock its own setting names (a bet, insurance, a roll)
        seconds = change.seconds(engine.clock_setting(state, position), action_seconds)
        if leaving:
            seconds = 0
        deadline = (change.now + dt.timedelta(seconds=seconds)).timestamp()
        clocks[str(position)] = {"deadline": deadline, "key": key}
    earliest = min((clock["deadline"] for clock in clocks.values()), default=None)
    state["clock"] = {"seats": clocks, "deadline": earliest}


def due_items(change: Change) -> list[tuple[float, str, int]]:
    """(when, what, seat) of everything with a deadline: each seat's clock and absences, the
    leaves asked for and not yet applied, the seats away past the absence limit."""
    seated = seat_items(change)
    table, seats = change.table, change.seats
    state = table.state
    window = window_deadline(table)
    if window is not None:  # the filling window of an open table (tables.starts)
        return sorted([(window, "start", -1), *seated])
    if table.status != TableStatus.PLAYING or not state:
        return sorted(seated)
    grace = change.seconds("grace_seconds", DEFAULT_GRACE_SECONDS)
    absence = change.seconds("absence_seconds", DEFAULT_ABSENCE_SECONDS)
    items = []
    for position, clock in ((state.get("clock") or {}).get("seats") or {}).items():
        when = clock["deadline"]
        seat = seats.get(int(position))
        if seat is not None and seat.away_since is not None and seat.leaving_since is None:
            # D13: a disconnected player keeps a grace period before the clock applies.
            when = max(when, seat.away_since.timestamp() + grace)
        items.append((when, "clock", int(position)))
    if change.engine.in_play(state):
        handled = state.get("absences_applied") or []
        for seat in seats.values():
            if seat.leaving_since is not None:  # played by its timeouts already
                continue
            if seat.away_since is not None and seat.position not in handled:
                items.append((seat.away_since.timestamp() + absence, "absence", seat.position))
    return sorted([*items, *seated])


def seat_items(change: Change) -> list[tuple[float, str, int]]:
    """The seats' own due items, whatever the hand: a leave asked for and not yet applied, a
    seat away past the absence limit (``tables.presence.seat_items``)."""
    return presence.seat_items(change.table, change.seats, change.engine)


def _earliest(items) -> dt.datetime | None:
    return dt.datetime.fromtimestamp(items[0][0], tz=dt.UTC) if items else None
