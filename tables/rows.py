"""The table's rows as the hot path reads and writes them: the table row, its seats with their
players' names, and the append-only event log.

The hot path (every card played) speaks SQL through the connection's cursor for its few
statements, as ``casino.ledger.transfer_create`` does: on a small machine the ORM's Python cost
of building those queries was most of a table action's CPU (benchmarks/README.md,
``table_load``). The statements are portable between PostgreSQL and SQLite; FOR UPDATE is added
where the database has it. Both the actor (writes) and the selectors (reads) use them.
"""

from __future__ import annotations

import datetime as dt

from django.db import connection
from django.utils import timezone
from psycopg.types.json import Jsonb

from casino import json_text
from casino.models import Player
from tables.models import Hand, Seat, Table, TableEvent

_TABLE = Table._meta.db_table
_SEAT = Seat._meta.db_table
_EVENT = TableEvent._meta.db_table
_PLAYER = Player._meta.db_table
# in the models' field order (Model.from_db fills the fields left out as deferred)
_TABLE_FIELDS = (
    "id",
    "name",
    "game",
    "settings",
    "currency",
    "status",
    "state",
    "version",
    "hand_number",
    "match_number",
    "deadline",
    "changed_at",
    "staff_notice",
    "start_window",
)
_SEAT_FIELDS = (
    "id",
    "table_id",
    "player_id",
    "position",
    "status",
    "away_since",
    "last_seen",
    "connections",
    "ready",
    "removal_requested_by_id",
    "leaving_since",
    "missed_windows",
    "leave_asked_at",
)


def json_in(value):
    """A JSON column as the cursor returns it (text on SQLite; text on PostgreSQL too, Django
    registers a text loader for jsonb) to Python."""
    return json_text.loads(value) if isinstance(value, str | bytes) else value


def json_out(value):
    if connection.vendor == "postgresql":  # (the table's state and events: orjson writes them)
        return Jsonb(value, dumps=json_text.dumps_bytes)
    return connection.ops.adapt_json_value(value, None)


def aware(value):
    """A datetime column as the cursor returns it: aware on PostgreSQL, naive UTC on SQLite."""
    if value is None:
        return None
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _date(value):
    """A date column as the cursor returns it (text on SQLite)."""
    return dt.date.fromisoformat(value) if isinstance(value, str) else value


def db_time(value):
    return connection.ops.adapt_datetimefield_value(value)


def _table_values(row) -> list:
    """A table row's columns (``_TABLE_FIELDS``) as the model holds them."""
    values = list(row)
    values[3] = json_in(values[3])  # settings
    values[6] = json_in(values[6])  # state
    values[10] = aware(values[10])  # deadline
    values[11] = aware(values[11])  # changed_at
    values[12] = json_in(values[12])  # staff_notice
    values[13] = json_in(values[13])  # start_window
    return values


def load_table(table_id: int, *, lock: bool) -> Table | None:
    columns = ", ".join(f'"{name}"' for name in _TABLE_FIELDS)
    sql = f'SELECT {columns} FROM "{_TABLE}" WHERE "id" = %s'
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return Table.from_db(connection.alias, _TABLE_FIELDS, _table_values(row))


def open_table(
    table_id: int, *, replay: tuple[int, str] | None = None
) -> tuple[Table | None, dict[int, Seat], int | None]:
    """The table row locked (FOR UPDATE, where the database has it), then its seats with their
    players' names and, for ``replay`` = (player id, client action id), the version an earlier
    event with that id made.

    Two statements, on purpose (issue 46): under PostgreSQL's READ COMMITTED a statement that
    waits for the table's lock and reads the seats in one go re-checks only the locked row when
    the lock comes, and sees the seats (and the events) as they were before the transaction it
    waited for committed: a second sit took a taken position, a second leave updated a seat
    that was gone. A statement begun once the lock is held sees everything committed before."""
    table = load_table(table_id, lock=True)
    if table is None:
        return None, {}, None
    seat_columns = ", ".join(f's."{name}"' for name in _SEAT_FIELDS)
    params: list = []
    replayed = "NULL"
    if replay is not None:
        replayed = (
            f'(SELECT e."version" FROM "{_EVENT}" e WHERE e."table_id" = t."id" AND '
            'e."player_id" = %s AND e."client_action_id" = %s '
            "AND NOT (e.\"client_action_id\" = ''))"
        )
        params += list(replay)
    sql = (
        f'SELECT {seat_columns}, p."self_excluded_until", p."display_name", '
        f'p."username", {replayed} '
        f'FROM "{_TABLE}" t LEFT JOIN "{_SEAT}" s ON s."table_id" = t."id" '
        f'LEFT JOIN "{_PLAYER}" p ON p."id" = s."player_id" WHERE t."id" = %s '
        'ORDER BY s."position"'
    )
    params.append(table_id)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    # (a table with no seat: the outer join's one empty row)
    seats = _seats(row[:-1] for row in rows if row[0] is not None)
    return table, seats, (rows[0][-1] if rows else None)


_EVENT_COLUMNS = (
    '"table_id", "hand_id", "version", "cause", "step", "seat", "player_id", "action", '
    '"client_action_id", "events", "draws", "created_at"'
)
_EVENT_VALUES = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"


def save_table(table: Table, events: list[list] = ()) -> None:
    """Store what the actor changes on the table row (the caller holds its lock), after
    appending the change's ``events`` (rows of ``event_row``). On PostgreSQL both go as one
    statement (the INSERT as a data-modifying WITH): one round trip a change instead of two."""
    update = (
        f'UPDATE "{_TABLE}" SET "status" = %s, "state" = %s, "version" = %s, '
        '"hand_number" = %s, "match_number" = %s, "deadline" = %s, "changed_at" = %s, '
        '"staff_notice" = %s, "start_window" = %s WHERE "id" = %s'
    )
    update_params = [
        table.status,
        json_out(table.state),
        table.version,
        table.hand_number,
        table.match_number,
        db_time(table.deadline),
        db_time(table.changed_at),
        json_out(table.staff_notice),
        json_out(table.start_window),
        table.pk,
    ]
    insert, insert_params = _events_insert(events)
    with connection.cursor() as cursor:
        if events and connection.vendor == "postgresql":
            cursor.execute(f'WITH "e" AS ({insert}) {update}', insert_params + update_params)
            return
        if events:
            cursor.execute(insert, insert_params)
        cursor.execute(update, update_params)


def seats_of(table: Table) -> dict[int, Seat]:
    """The table's seats by position, each with its player's shown name (``seat.shown_name``)
    and self-exclusion date (``seat.self_excluded_until``, for the stakes' check) read in the
    same statement; ``seat.player`` loads the whole player when it is needed."""
    columns = ", ".join(f's."{name}"' for name in _SEAT_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT {columns}, p."self_excluded_until", p."display_name", p."username" '
            f'FROM "{_SEAT}" s '
            f'JOIN "{_PLAYER}" p ON p."id" = s."player_id" WHERE s."table_id" = %s '
            'ORDER BY s."position"',
            [table.pk],
        )
        return _seats(cursor.fetchall())


def _seats(rows) -> dict[int, Seat]:
    """Seats by position from rows of ``_SEAT_FIELDS`` followed by the player's
    self-exclusion date, display name and username."""
    seats = {}
    for row in rows:
        values = list(row[: len(_SEAT_FIELDS)])
        values[5] = aware(values[5])  # away_since
        values[6] = aware(values[6])  # last_seen
        values[8] = bool(values[8])  # ready (an integer on SQLite)
        values[10] = aware(values[10])  # leaving_since
        values[12] = aware(values[12])  # leave_asked_at
        seat = Seat.from_db(connection.alias, _SEAT_FIELDS, values)
        seat.shown_name = row[-2] or row[-1]
        seat.self_excluded_until = _date(row[-3])
        seats[seat.position] = seat
    return seats


def shown_name(seat: Seat) -> str:
    name = getattr(seat, "shown_name", None)
    return name if name is not None else seat.player.shown_name


def event_row(
    table: Table,
    *,
    cause: str,
    step: str = TableEvent.Step.TABLE,
    events: list[dict],
    action: dict,
    seat: int | None = None,
    player: Player | None = None,
    client_action_id: str = "",
    hand_id: int | None = None,
    draws: list[int] | None = None,
) -> list:
    """One event of the log (append-only) for the table's current version, in the hand in play
    (its id is carried in the table's state, read now: the hand may end later in the change), as
    the values ``save_table`` or ``insert_events`` append."""
    if hand_id is None and table.hand_number:
        hand_id = (table.state or {}).get("hand_id")
        if hand_id is None:  # a state stored before the id was carried in it
            hand_id = (
                Hand.objects.filter(table=table, number=table.hand_number)
                .values_list("pk", flat=True)
                .first()
            )
    return [
        table.pk,
        hand_id,
        table.version,
        cause,
        step,
        seat,
        player.pk if player is not None else None,
        json_out(action),
        client_action_id,
        json_out(events),
        json_out(draws or []),
        db_time(timezone.now()),
    ]


def insert_events(events: list[list]) -> None:
    """Append events (rows of ``event_row``) in one INSERT."""
    if not events:
        return
    with connection.cursor() as cursor:
        cursor.execute(*_events_insert(events))


def _events_insert(events: list[list]) -> tuple[str, list]:
    """One INSERT of event rows (``event_row``), and its parameters."""
    sql = f'INSERT INTO "{_EVENT}" ({_EVENT_COLUMNS}) VALUES ' + ", ".join(
        [_EVENT_VALUES] * len(events)
    )
    return sql, [value for row in events for value in row]
