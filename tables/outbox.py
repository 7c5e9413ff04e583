"""Broadcasting a table's changes, after the transaction that made them commits (DESIGN.md
"The table actor", step 3).

One ``Outbox`` per actor transaction collects what changed (tables, players who left) and sends
it once from ``transaction.on_commit``, however many changes the transaction made (an overdue
clock applied before an action, a forfeit then a leave). Payloads are primitives: the public
view to ``table.<id>``, each seat's own view to that player's group at this table only
(``table.<id>.player.<id>``), a summary
to the pit boss on every change and to the lobby when what it shows changed.
"""

from __future__ import annotations

import json
import time

from channels.layers import get_channel_layer
from django.db import transaction

from casino.realtime import LOBBY_GROUP, group_send_all, has_listeners
from tables.models import Seat, Table
from tables.rows import load_table, seats_of
from tables.selectors import games_last_hour, summary_shown, table_summary, table_view

PIT_GROUP = "pit"


class Outbox:
    """What one actor transaction will broadcast after it commits."""

    def __init__(self):
        self.tables: dict[int, tuple[Table, dict[int, Seat]]] = {}
        self.summaries_before: dict[int, dict] = {}
        self.versions_before: dict[int, int] = {}
        self.left: dict[int, list[int]] = {}
        self.stale: set[int] = set()
        self.sent = False
        self._armed = False

    def opened(self, table: Table, seats: dict[int, Seat]) -> None:
        """A locked table as it was before the change: what its summary showed."""
        self.summaries_before.setdefault(table.pk, summary_shown(table_summary(table, seats)))
        self.versions_before.setdefault(table.pk, table.version)

    def changed(self, table: Table, seats: dict[int, Seat], left: tuple[int, ...] = ()) -> None:
        self.tables[table.pk] = (table, seats)
        self.left.setdefault(table.pk, []).extend(left)
        if not self._armed:
            self._armed = True
            transaction.on_commit(self.send)

    def refused(self, table: Table) -> None:
        """A change was refused after the objects were altered: send what the database holds."""
        self.stale.add(table.pk)

    def send(self) -> None:
        if self.sent:
            return
        self.sent = True
        for table_id, (table, seats) in self.tables.items():
            left = tuple(self.left.get(table_id, ()))
            before = self.summaries_before.get(table_id)
            version = self.versions_before.get(table_id)
            if table_id in self.stale:
                broadcast(table_id, left=left, summary_before=before, version_before=version)
            else:
                broadcast(
                    table_id, table, seats, left=left, summary_before=before, version_before=version
                )


def seat_group(table_id: int, player_id: int) -> str:
    """The group of one player's sockets at one table: his own view of it goes there only. Not
    his user group (``user.<id>``), which every page's header socket joins and wallet news
    reach: a table socket hears its own table's views and nothing else."""
    return f"table.{table_id}.player.{player_id}"


def broadcast(
    table_id: int,
    table: Table | None = None,
    seats: dict[int, Seat] | None = None,
    left: tuple[int, ...] = (),
    summary_before: dict | None = None,
    version_before: int | None = None,
) -> None:
    """After commit: the public view to the table's group (spectators' sockets: a seated
    player's sockets leave it), each seat's own view to that player's group at this table
    (``seat_group``), the public view to that group of each player who just `left` (their
    sockets are not in the table's group), and,
    when what it shows changed (status, players and who is away, the money in play, the stage;
    not on every card), a summary line to the pit boss and the lobby. The caller may hand over
    the table and seats it just committed, sparing a reload."""
    if table is None or seats is None:
        table = load_table(table_id, lock=False)
        if table is None:
            return
        seats = seats_of(table)
    seated = [seat.player_id for seat in seats.values()]
    layer = get_channel_layer()
    messages = []
    public = None
    # the public view, for spectators: built only if someone may be watching
    if left or has_listeners(layer, table.group_name):
        public = view_message("table.view", table, seats, None, seated)
        messages.append((table.group_name, public))
    for player_id in left:
        messages.append((seat_group(table.pk, player_id), {**public, "type": "table.private"}))
    for seat in seats.values():
        group = seat_group(table.pk, seat.player_id)
        if has_listeners(layer, group):  # (in-memory layer) a player with this table open
            messages.append(
                (group, view_message("table.private", table, seats, seat.position, seated))
            )
    summary = table_summary(table, seats)
    shown_changed = summary_before != summary_shown(summary)
    # the pit boss's tile follows every change (the money in play, the clocks, the last
    # action); the lobby's row only what it shows
    if (shown_changed or version_before != table.version) and has_listeners(layer, PIT_GROUP):
        # read once here, not by every pit socket: as of this change
        pit_row = {**summary, "games_last_hour": _pace_of(table)}
        messages.append((PIT_GROUP, {"type": "pit.summary", "summary": pit_row}))
    if shown_changed:
        messages.append((LOBBY_GROUP, {"type": "lobby.table", "summary": summary}))
    group_send_all(messages)


# The pit boss's pace of play (games ended in the last hour), by table: ((hand number, status),
# read at, count). Read again when a hand may have ended since (a hand dealt, the table's status
# changed) or after PACE_SECONDS: at a six-seat table the summary changes with every bet (the
# money in play), and counting the last hour's hands for each was a tenth of the server's time.
PACE_SECONDS = 30.0
_paces: dict[int, tuple[tuple, float, int]] = {}


def _pace_of(table: Table) -> int:
    now, key = time.monotonic(), (table.hand_number, table.status)
    known = _paces.get(table.pk)
    if known is not None and known[0] == key and now - known[1] < PACE_SECONDS:
        return known[2]
    pace = games_last_hour([table.pk]).get(table.pk, 0)
    _paces[table.pk] = (key, now, pace)
    return pace


def announce_table_gone(table_id: int) -> None:
    """After a table is deleted (the admin allows it only for a table with no history): its row
    leaves the lobby's and the pit boss's live lists."""
    group_send_all(
        [
            (LOBBY_GROUP, {"type": "lobby.table_gone", "table": table_id}),
            (PIT_GROUP, {"type": "pit.table_gone", "table": table_id}),
        ]
    )


def view_message(
    kind: str, table: Table, seats: dict[int, Seat], position: int | None, seated: list[int]
) -> dict:
    """A view as the channel layer carries it: the view itself as JSON text (the in-memory layer
    deep-copies every message for every receiver, the Redis layer packs it: text is cheap for
    both), and beside it what a socket needs to decide, without reading the view, whether to
    render it: the version, the seat it is for, and who is seated."""
    view = table_view(table, seats, position)
    return {
        "type": kind,
        "table": table.pk,
        "game": table.game,
        "version": table.version,
        "seat": position,
        "seated": seated,
        "view": json.dumps(view, separators=(",", ":")),
    }
