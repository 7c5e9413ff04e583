"""Whether a seated player is at the table: a heartbeat with an expiry (issue 19).

Each table socket refreshes its seat's ``last_seen`` when it connects, and every
``TABLE_HEARTBEAT_SECONDS`` one beat per process refreshes the seats of all its open table
sockets (``refresh_many``): one UPDATE, no table lock, no broadcast. A seat is *seen* while its
``last_seen`` is younger than ``TABLE_PRESENCE_SECONDS`` and a socket is counted open
(``Seat.connections``, a hint kept by connects and clean closes: a close makes a player away at
once, without waiting for the expiry). A process killed with its sockets open leaves the count
high, but its seats' ``last_seen`` stops moving: the sweeper and the in-process clock find the
unseen seats (``unseen_seats``) and mark them away through the table actor, so the grace period
and the absence limit (D13) then run as for a closed socket.
Nothing here depends on a process's memory, so it holds with one process or many, after any
crash.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import connection
from django.db.models import Q

from tables.engines.base import Engine
from tables.models import Seat, SeatStatus, Table, TableStatus
from tables.rows import aware, db_time
from tables.starts import HAND_SEATS

_SEAT = Seat._meta.db_table
DEFAULT_ABSENCE_SECONDS = 180  # D13's absence limit, unless the table's settings say


def expiry() -> dt.timedelta:
    """How long a seat stays seen after its last heartbeat."""
    return dt.timedelta(seconds=settings.TABLE_PRESENCE_SECONDS)


def heartbeat_seconds() -> float:
    return settings.TABLE_HEARTBEAT_SECONDS


def is_seen(seat: Seat, now: dt.datetime) -> bool:
    """Whether a socket of the seat's player is open at its table, as far as anyone can know."""
    return seat.connections > 0 and seat.last_seen is not None and seat.last_seen > now - expiry()


def refresh(table_id: int, player_id: int, now: dt.datetime) -> bool:
    """The heartbeat: the seat's ``last_seen`` is now (one UPDATE, no table lock). Returns
    whether the seat is marked away although its player is here (the away state changes: the
    caller tells the table actor); False when the player has no seat there or is seated and
    present, or sits out by choice."""
    sql = (
        f'UPDATE "{_SEAT}" SET "last_seen" = %s WHERE "table_id" = %s AND "player_id" = %s '
        'RETURNING "away_since", "status"'
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [db_time(now), table_id, player_id])
        row = cursor.fetchone()
    if row is None:
        return False
    away_since, status = aware(row[0]), row[1]
    return away_since is not None and status != SeatStatus.SITTING_OUT


def refresh_many(pairs: list[tuple[int, int]], now: dt.datetime) -> list[tuple[int, int]]:
    """One process's heartbeat for all its open table sockets: every seat of the (table id,
    player id) `pairs` is seen now, in one UPDATE. Returns the pairs whose seat is marked away
    although its player is here (``refresh``'s True). On PostgreSQL a seat row a table action
    holds locked is passed over (SKIP LOCKED): the next beat refreshes it, long before it
    expires, and the heartbeat never waits for a table's transaction."""
    if not pairs:
        return []
    skip_locked = connection.vendor == "postgresql"
    wanted = " OR ".join(['("table_id" = %s AND "player_id" = %s)'] * len(pairs))
    ids = f'SELECT "id" FROM "{_SEAT}" WHERE {wanted}'
    if skip_locked:
        ids += " FOR UPDATE SKIP LOCKED"
    sql = (
        f'UPDATE "{_SEAT}" SET "last_seen" = %s WHERE "id" IN ({ids}) '
        'RETURNING "table_id", "player_id", "away_since", "status"'
    )
    params = [db_time(now)] + [value for pair in pairs for value in pair]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        (table_id, player_id)
        for table_id, player_id, away_since, status in rows
        if away_since is not None and status != SeatStatus.SITTING_OUT
    ]


def unseen_seats(now: dt.datetime, among: set[int] | None = None) -> list[tuple[int, int]]:
    """(table id, player id) of the seats counted present whose heartbeat has expired (a crashed
    process's sockets, or a migrated seat never heard from), oldest sighting first. Not a seat
    held for a player who left with bets working: nobody is there to be away, and the actor
    takes its decisions by their timeouts already (every sweep would look at it again)."""
    seats = Seat.objects.filter(away_since__isnull=True, leaving_since__isnull=True).filter(
        Q(last_seen__isnull=True) | Q(last_seen__lte=now - expiry())
    )
    if among is not None:
        seats = seats.filter(table_id__in=among)
    return list(seats.order_by("last_seen").values_list("table_id", "player_id"))


def seat_items(
    table: Table, seats: dict[int, Seat], engine: Engine
) -> list[tuple[float, str, int]]:
    """(when, what, seat) the table actor applies for the seats themselves, whatever the hand
    (issue 46):

    - "leave": a leave the player asked for that could not be applied then (``leave_asked_at``,
      ``tables.actor.ask_leave``): due at once, unless the table is paused;
    - "vacate": a seat whose player is gone (no socket open) for the table's absence limit
      (``absence_seconds``, D13) is freed as if he had left, between hands as well as within
      them. A seat dealt into the hand in play is judged by the hand's own absence rule first
      (the engine's ``apply_absent``, the actor's "absence" item); once that is applied, or the
      hand is over, the seat goes. A player sitting out with his socket open keeps his seat.

    Nothing for a paused table (its clocks stop) nor for a seat left with bets working."""
    if table.status == TableStatus.PAUSED:
        return []
    state = table.state or {}
    absence = float(table.setting("absence_seconds", DEFAULT_ABSENCE_SECONDS))
    playing = table.status == TableStatus.PLAYING and engine.in_play(state)
    dealt_in = set(state.get(HAND_SEATS) or []) - set(state.get("absences_applied") or [])
    items = []
    for position, seat in seats.items():
        if seat.leaving_since is not None:  # left already, his bets playing out
            continue
        if seat.leave_asked_at is not None:
            items.append((seat.leave_asked_at.timestamp(), "leave", position))
        elif (
            seat.away_since is not None
            and seat.connections == 0
            and table.status in (TableStatus.OPEN, TableStatus.PLAYING)
            and not (playing and position in dealt_in)
        ):
            items.append((seat.away_since.timestamp() + absence, "vacate", position))
    return items
