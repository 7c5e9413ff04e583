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

import hashlib
import time

from channels.layers import get_channel_layer
from django.db import transaction

from casino import json_text, timings
from casino.realtime import LOBBY_GROUP, group_send_all, has_listeners
from tables.models import Seat, Table
from tables.presentation import presentation_for
from tables.rows import load_table, seats_of
from tables.selectors import (
    games_last_hour,
    seat_balances,
    summary_shown,
    table_summary,
    table_views,
)

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
            facts = {
                "left": tuple(self.left.get(table_id, ())),
                "summary_before": self.summaries_before.get(table_id),
                "version_before": self.versions_before.get(table_id),
            }
            if table_id in self.stale:
                broadcast(table_id, **facts)
            else:
                broadcast(table_id, table, seats, **facts)


def seat_group(table_id: int, player_id: int) -> str:
    """The group of one player's sockets at one table: his own view of it goes there only. Not
    his user group (``user.<id>``), which every page's header socket joins and wallet news
    reach: a table socket hears its own table's views and nothing else."""
    return f"table.{table_id}.player.{player_id}"


def seats_group(table_id: int) -> str:
    """The group of the sockets of a table's seated players (its spectators' is the table's own
    ``Table.group_name``): the board parts of a change go there once for all of them."""
    return f"table.{table_id}.seats"


def broadcast(
    table_id: int,
    table: Table | None = None,
    seats: dict[int, Seat] | None = None,
    left: tuple[int, ...] = (),
    summary_before: dict | None = None,
    version_before: int | None = None,
) -> None:
    """After commit: each seat's own view to that player's group at this table (``seat_group``)
    when what his board shows of its own changed (``touched_seats``: a whole board), the public
    view to the seats' group when some seat's did not (``seats_group``: each such socket renders
    the board's parts that changed, ``presenters.parts_frame``), to the table's group for its
    spectators (a whole public board) and to the group of each player who just `left`, and,
    when what it shows changed (status, players and
    who is away, the money in play, the stage; not on every card), a summary line to the pit
    boss and the lobby. The caller may hand over the table and seats it just committed, sparing
    a reload."""
    started = time.perf_counter()
    if table is None or seats is None:
        table = load_table(table_id, lock=False)
        if table is None:
            return
        seats = seats_of(table)
    layer = get_channel_layer()
    messages = []
    # the seats' own views first: a socket whose view changed gets its whole board from its
    # seat group and skips the parts of the same version that follow
    private = {}
    # (a player who left with bets working sees the public view: his seat is the table's now)
    playing = [seat for seat in seats.values() if seat.leaving_since is None]
    listening = [
        (seat, group)
        for seat in playing
        # (in-memory layer) a player with this table open
        if has_listeners(layer, group := seat_group(table.pk, seat.player_id))
    ]
    balances = seat_balances(table, {seat.position: seat for seat, _group in listening})
    watched = bool(left) or has_listeners(layer, table.group_name)
    # every listening seat's view and the public one, built together (``table_views``)
    positions = [seat.position for seat, _group in listening]
    views = table_views(table, seats, [*positions, None] if watched or positions else [], balances)
    for seat, group in listening:
        private[seat.position] = (group, views[seat.position])
    touched = touched_seats(
        table.game,
        table.pk,
        table.version,
        version_before,
        {p: (seats[p].player_id, view) for p, (_group, view) in private.items()},
    )
    for position in sorted(touched):
        if position in private:
            group, view = private[position]
            messages.append((group, view_message("table.private", table, view, version_before)))
    # the public view: the whole board of the table's spectators (its group, which a seated
    # player's sockets leave), and the board parts of every seat whose own view is as it was
    # (the seats' group, whenever a seat listens: a change that touched every seat still brings
    # the seats' processes its public board, the one the next change's parts are found against;
    # without it a seat untouched by the next change had to read its board from the database)
    if watched or private:
        public = view_message("table.view", table, views[None], version_before)
        public["seats"] = [[seat.player_id, seat.position] for seat in playing]
        if private:
            parts = {**public, "type": "table.change", "touched": sorted(touched)}
            messages.append((seats_group(table.pk), parts))
        if watched:
            messages.append((table.group_name, public))
        for player_id in left:
            messages.append((seat_group(table.pk, player_id), {**public, "type": "table.private"}))
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
    timings.note("broadcast", time.perf_counter() - started)
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


def view_message(kind: str, table: Table, view: dict, version_before: int | None) -> dict:
    """A view as the channel layer carries it: the view itself as JSON text (the in-memory layer
    deep-copies every message for every receiver, the Redis layer packs it: text is cheap for
    both), and beside it what a socket needs to decide, without reading the view, whether to
    render it: the version, the one before this change (a socket that did not show it has
    missed a change: it reads the table again), and the seat it is for."""
    return {
        "type": kind,
        "table": table.pk,
        "game": table.game,
        "version": table.version,
        "version_before": version_before,
        "seat": view["seat"],
        "view": json_text.dumps(view),
        "sent_at": time.time(),  # (the load benchmark's timings: how long it took to arrive)
    }


# Each seat's own view as last broadcast by this process, by (table, position): (version, player,
# digest of what the seat's board shows of its own, ``Presentation.private_facts``). Another
# process may have broadcast a change in between (its version is not the one before this
# change): then the seat counts as touched, which is always safe.
_private_digests: dict[tuple[int, int], tuple[int, int, bytes]] = {}
DIGESTS_KEPT = 20_000


def touched_seats(
    game: str,
    table_id: int,
    version: int,
    version_before: int | None,
    views: dict[int, tuple[int, dict]],
) -> set[int]:
    """The positions whose own board changed with this change (from `version_before` to
    `version`), among `views` ((player, own view) by position): only they get a whole board; the
    others get the board's parts that changed (issue 30)."""
    presentation = presentation_for(game)
    if presentation.private_facts is None:  # every change touches every seat: no digest needed
        return set(views)
    touched = set()
    for position, (player, view) in views.items():
        digest = private_digest(presentation, view)
        key = (table_id, position)
        if _private_digests.get(key) != (version_before, player, digest):
            touched.add(position)
        _private_digests[key] = (version, player, digest)
    if len(_private_digests) > DIGESTS_KEPT:
        _private_digests.clear()
    return touched


def private_digest(presentation, view: dict) -> bytes:
    """What a seat's board shows beyond the board's shared parts (the game's ``private_facts``
    of its view), reduced to a digest."""
    facts = presentation.private_facts(view)
    return hashlib.blake2b(json_text.sorted_bytes(facts), digest_size=16).digest()
