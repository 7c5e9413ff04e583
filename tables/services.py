"""The table actor's entry points for players and the other apps (DESIGN.md "The table
actor"): act, sit, be seated by another app, say ready, leave, come and go, read a snapshot,
apply what is overdue. Each takes the table lock through ``tables.actor.locked``; the actor's
core (commit, hands, clocks) is in ``tables.actor``, payments in ``tables.payments``, the
broadcast in ``tables.outbox``, staff acts in ``tables.staff``, reads in ``tables.selectors``.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import format_amount
from casino.models import Player
from tables import presence
from tables.actor import (
    REFUSALS,
    Change,
    LeaveDeferred,
    Outcome,
    TableError,
    after_transaction,
    apply_overdue,
    ask_leave,
    commit,
    errors_told,
    illegal,
    is_due,
    locked,
    maybe_start,
    open_change,
    rng,
    say_ready,
    store,
    table_step,
    try_start,
    typed_amounts,
    unseat,
)
from tables.engines.base import IllegalAction
from tables.models import Seat, SeatStatus, Table, TableEvent, TableStatus
from tables.outbox import PIT_GROUP, Outbox, announce_table_gone, broadcast, view_message
from tables.rows import load_table, seats_of
from tables.selectors import games_last_hour, in_play, table_summary, table_view
from tables.staff import (
    MAX_REASON_LENGTH,
    PIT_PERMISSION,
    STAFF_ACTS,
    VOID_PERMISSION,
    table_configure,
    table_configure_refusal,
    table_staff_act,
    table_terms_refusal,
)

__all__ = [
    "MAX_REASON_LENGTH",
    "PIT_GROUP",
    "PIT_PERMISSION",
    "STAFF_ACTS",
    "VOID_PERMISSION",
    "Outcome",
    "LeaveDeferred",
    "TableError",
    "announce_table_gone",
    "broadcast",
    "games_last_hour",
    "overdue_table_ids",
    "seats_of",
    "sweep_overdue_tables",
    "table_act",
    "table_apply_overdue",
    "table_configure",
    "table_configure_refusal",
    "table_leave",
    "table_presence",
    "table_seen",
    "tables_seen",
    "expire_unseen_seats",
    "table_ready",
    "table_seat_assign",
    "table_sit",
    "table_snapshot",
    "table_staff_act",
    "table_summary",
    "table_terms_refusal",
    "table_view",
    "view_message",
]

log = logging.getLogger(__name__)


def table_act(
    *,
    table_id: int,
    player: Player,
    action: dict,
    client_action_id: str = "",
    expected_version: int | None = None,
    expected_turn: str | None = None,
    now: dt.datetime | None = None,
    typed: bool = False,
) -> Outcome:
    """A seated player's game action. A repeated client_action_id is answered, not applied.
    One transaction: what is overdue on the table is applied first, then the action.

    ``typed``: the action comes from a board, its amounts typed in the table currency's major
    units (``actor.typed_amounts``): converted to minor units here, where the currency is
    known, before the engine sees them; a bad amount is refused and nothing is booked.

    A stale click is refused: ``expected_turn`` (the seat's turn key on the board it was chosen
    on) must still be the seat's decision now, so other players' moves at a table where all
    decide at once do not refuse it; without it, ``expected_version`` must be the table's."""
    now = now or timezone.now()

    def act(change: Change) -> Outcome:
        table = change.table
        if change.replayed is not None:  # this click was applied already
            return Outcome(version=change.replayed, replayed=True)
        seat = change.seat_of(player)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status == TableStatus.PAUSED:
            raise TableError(_("The table is paused by the casino."))
        if table.status != TableStatus.PLAYING or not table.state:
            raise TableError(_("No hand is in play at this table."))
        # after the checks above, so a spectator or a paused table is told the real reason
        if expected_turn is not None:
            awaited = seat.position in change.engine.to_act(table.state)
            if not awaited or change.engine.turn_key(table.state, seat.position) != expected_turn:
                raise TableError(_("The table has moved on; here is what it looks like now."))
        elif expected_version is not None and expected_version != table.version:
            raise TableError(_("The table has moved on; here is what it looks like now."))
        engine_action = typed_amounts(action, table.currency) if typed else action
        draws = rng()
        try:
            state, events = change.engine.apply(table.state, seat.position, engine_action, draws)
        except IllegalAction as error:
            raise illegal(error, table.currency) from error
        if seat.status != SeatStatus.SITTING:
            seat.status = SeatStatus.SITTING
            seat.away_since = None if presence.is_seen(seat, change.now) else seat.away_since
            seat.save(update_fields=["status", "away_since"])
        commit(
            change,
            state,
            events,
            cause=TableEvent.Cause.PLAYER,
            step=TableEvent.Step.ENGINE,
            action=engine_action,
            seat=seat.position,
            player=player,
            client_action_id=client_action_id,
            draws=draws.taken,
        )
        return Outcome(version=table.version)

    replay = (player.pk, client_action_id) if client_action_id else None
    return locked(table_id, now, act, replay=replay)


def table_sit(
    *, table_id: int, player: Player, connected: bool = False, now: dt.datetime | None = None
) -> Outcome:
    """Take a free seat, if the game's session rules let a player sit now; a hand starts if
    they say one does (e.g. a match: every seat taken and ready, every stake to
    escrow, refused with a clear message if a player cannot cover it)."""
    now = now or timezone.now()

    def sit(change: Change) -> Outcome:
        if change.seat_of(player) is not None:
            return Outcome(version=change.table.version, replayed=True)
        if change.held_seat_of(player) is not None:
            raise TableError(
                _("You left this table with bets working: sit down again once they are settled.")
            )
        _seat_down(change, player, connected=connected, action={"type": "sit"})
        maybe_start(change)
        store(change)
        return Outcome(version=change.table.version)

    return locked(table_id, now, sit)


def table_seat_assign(
    *, table_id: int, players: list[Player], by: str, now: dt.datetime | None = None
) -> Outcome:
    """Seat players another app chose (a tournament's match), in this order, on the same terms
    as sitting down; they count as away until their sockets connect (so no-shows run out by
    the game's absence rules). ``by`` names the app, recorded with each seat."""
    now = now or timezone.now()

    def assign(change: Change) -> Outcome:
        for player in players:
            if change.seat_of(player) is None and change.held_seat_of(player) is None:
                _seat_down(change, player, connected=False, action={"type": "assign", "by": by})
        try_start(change)
        store(change)
        return Outcome(version=change.table.version)

    return locked(table_id, now, assign)


def _seat_down(change: Change, player: Player, *, connected: bool, action: dict) -> Seat:
    table, engine = change.table, change.engine
    if table.status in (TableStatus.CLOSED, TableStatus.PAUSED):
        raise TableError(_("This table is not taking players now."))
    refusal = engine.sit_refusal(table.state if in_play(table) else None, dict(table.settings))
    if refusal:
        raise TableError(_(refusal))
    free = [p for p in range(engine.seats[1]) if p not in change.seats]
    if not free:
        raise TableError(_("This table is full."))
    minimum = engine.sit_minimum(dict(table.settings))
    try:
        limits.check_can_stake(player, minimum, table.currency)
    except limits.StakeRefused as refusal:
        raise TableError(str(refusal)) from refusal
    if ledger.balances_of(player).get(table.currency, 0) < minimum:
        raise TableError(
            _("You need %(amount)s to sit at this table.")
            % {"amount": format_amount(minimum, table.currency)}
        )
    seat = _take_seat(change, player, free[0], connected=connected)
    table_step(
        change,
        cause=TableEvent.Cause.PLAYER if action["type"] == "sit" else TableEvent.Cause.SYSTEM,
        events=[{"type": action["type"], "seat": seat.position}],
        action=action,
        seat=seat.position,
        player=player,
    )
    return seat


def _take_seat(change: Change, player: Player, position: int, *, connected: bool) -> Seat:
    """Insert the player's seat at ``position``, in a savepoint. The seats were read after the
    table's lock was taken (``tables.rows.open_table``), so a taken position is not expected;
    should the unique constraint still meet one (a writer that did not go through the actor),
    the committed seats are read again and another free seat is chosen for him, or he is told
    the table is full; a seat of his own that is already there is his (a second socket's
    sit). Never a failed change for a race (issue 46)."""
    # Sitting down from the table's socket counts that socket as connected.
    fields = {
        "connections": 1 if connected else 0,
        "last_seen": change.now if connected else None,
        "away_since": None if connected else change.now,
        "status": SeatStatus.SITTING if connected else SeatStatus.DISCONNECTED,
        "ready": True,
    }
    for _attempt in range(change.engine.seats[1]):
        try:
            with transaction.atomic():
                seat = Seat.objects.create(
                    table=change.table, player=player, position=position, **fields
                )
        except IntegrityError:
            log.warning("table %s: seat %s was taken meanwhile", change.table.pk, position)
            change.seats.clear()
            change.seats.update(seats_of(change.table))
            if change.seat_of(player) is not None or change.held_seat_of(player) is not None:
                raise TableError(_("You are already seated at this table.")) from None
            free = [p for p in range(change.engine.seats[1]) if p not in change.seats]
            if not free:
                raise TableError(_("This table is full.")) from None
            position = free[0]
            continue
        change.seats[seat.position] = seat
        return seat
    raise TableError(_("This seat has just been taken: choose another."))


def table_ready(*, table_id: int, player: Player, now: dt.datetime | None = None) -> Outcome:
    """The seated player asks for the next hand or match; it starts when the game's session
    rules say (e.g. a match: when everyone has)."""
    now = now or timezone.now()

    def ready(change: Change) -> Outcome:
        table = change.table
        seat = change.seat_of(player)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status != TableStatus.OPEN:
            raise TableError(_("A match is already being played."))
        seat.ready = True
        seat.save(update_fields=["ready"])
        say_ready(change, seat)  # the filling window ends once every player has (tables.starts)
        table_step(
            change,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "ready", "seat": seat.position}],
            action={"type": "ready"},
            seat=seat.position,
            player=player,
        )
        refusal = try_start(change)
        if refusal is not None:
            seat.ready = False
            seat.save(update_fields=["ready"])
            raise refusal
        store(change)
        return Outcome(version=table.version)

    return locked(table_id, now, ready, due=False)


def table_leave(*, table_id: int, player: Player, now: dt.datetime | None = None) -> Outcome:
    """Leave the seat; what leaving mid-hand costs is the game's (a match forfeited, a hand
    folded, nothing between hands).

    A leave is never lost (issue 46): one that cannot be applied now (the table is paused, or
    the change failed) is recorded for the table's clock, which applies it as soon as it can
    (``actor.ask_leave``), and the player is told so (``LeaveDeferred``, a refusal's sentence
    to him alone: his socket stays open)."""
    now = now or timezone.now()

    def leave(change: Change) -> Outcome:
        table = change.table
        seat = change.seat_of(player)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status == TableStatus.PAUSED:
            # staff are looking into the hand: nobody takes money away from it meanwhile; the
            # leave waits for the resume (``actor.seat_items``)
            if seat.leave_asked_at is None:
                seat.leave_asked_at = now
                seat.save(update_fields=["leave_asked_at"])
                table_step(
                    change,
                    cause=TableEvent.Cause.PLAYER,
                    events=[{"type": "leave_asked", "seat": seat.position}],
                    action={"type": "leave"},
                    seat=seat.position,
                    player=player,
                )
                store(change)
            return Outcome(version=table.version, deferred=True)
        # in play, or between hands with money of the session still at the table (a bank held
        # from coup to coup): the engine says what leaving costs
        unseat(
            change,
            seat,
            cause=TableEvent.Cause.PLAYER,
            action={"type": "leave"},
            player=player,
            forfeit="left",
        )
        store(change)
        return Outcome(version=table.version)

    try:
        outcome = locked(table_id, now, leave)
    except REFUSALS:
        raise
    except Exception:
        log.exception("table %s: a leave failed; the table's clock will apply it", table_id)
        if not ask_leave(table_id, player.pk, now):
            raise
        raise LeaveDeferred(
            _("Your leave is recorded: you will be taken from the table in a moment.")
        ) from None
    if outcome.deferred:
        raise LeaveDeferred(
            _("The table is paused by the casino: you will leave it as soon as it resumes.")
        )
    return outcome


def table_presence(
    *, table_id: int, player: Player, change: str, now: dt.datetime | None = None
) -> None:
    """A socket of the player connected or disconnected, its heartbeat found the seat marked
    away ("seen"), the seat's heartbeat expired ("expire": tables.presence), or the player sat
    out or came back. While a seated player is away (not seen, or sitting out) the grace period
    and the absence limit run (D13). "summoned": the app that seated the player told him where
    to come at ``now`` (a tournament's notice, issue 45): if he has not come since he was
    seated, his time away counts from then, not from his seating."""
    now = now or timezone.now()
    kind = change

    def present(change: Change) -> Outcome:
        table = change.table
        seat = change.seat_of(player)
        if seat is None:
            if kind in ("sit_out", "back"):
                raise TableError(_("You are not seated at this table."))
            return Outcome(version=table.version)
        if kind == "summoned":
            if seat.away_since is not None and seat.last_seen is None and seat.away_since < now:
                seat.away_since = now
                seat.save(update_fields=["away_since"])
                store(change)
            return Outcome(version=table.version)
        if kind == "connect":
            seat.connections += 1
            seat.last_seen = now
        elif kind == "disconnect":
            seat.connections = max(0, seat.connections - 1)
        elif kind == "seen":  # a socket is open whatever the count says (it outlived a crash)
            seat.connections = max(1, seat.connections)
            seat.last_seen = now
        elif kind == "expire":
            if presence.is_seen(seat, now) or seat.away_since is not None:
                return Outcome(version=table.version)  # a heartbeat came in first
            seat.connections = 0  # no socket was heard from: the count is a crashed one's
        elif kind == "sit_out":
            seat.status = SeatStatus.SITTING_OUT
        elif kind == "back":
            seat.status = SeatStatus.SITTING
            seat.missed_windows = 0  # the betting windows let pass count again from none
        was_away = seat.away_since is not None
        away = not presence.is_seen(seat, now) or seat.status == SeatStatus.SITTING_OUT
        if away and not was_away:
            # an expired heartbeat too counts from when it is noticed, not from the last
            # sighting: time the casino's server was down never counts against a player
            seat.away_since = now
        elif not away:
            seat.away_since = None
        if seat.status != SeatStatus.SITTING_OUT:
            seat.status = SeatStatus.SITTING if not away else SeatStatus.DISCONNECTED
        seat.save(
            update_fields=["connections", "last_seen", "status", "away_since", "missed_windows"]
        )
        apply_overdue(change)
        if away != was_away or kind in ("sit_out", "back"):
            table_step(
                change,
                cause=TableEvent.Cause.SYSTEM,
                events=[{"type": "away" if away else "back", "seat": seat.position}],
                action={"type": kind},
                seat=seat.position,
                player=player,
            )
            if not away:
                try_start(change)  # a player coming back may let a hand start
        store(change)
        return Outcome(version=table.version)

    locked(table_id, now, present, due=False)


def table_seen(*, table_id: int, player: Player, now: dt.datetime | None = None) -> None:
    """A table socket's heartbeat: one UPDATE of the seat's last-seen time; the table actor
    only if the seat was marked away (its count or its expiry said nobody was there)."""
    now = now or timezone.now()
    if presence.refresh(table_id, player.pk, now):
        table_presence(table_id=table_id, player=player, change="seen", now=now)


def tables_seen(*, pairs: list[tuple[int, int]], now: dt.datetime | None = None) -> None:
    """One process's heartbeat for its open table sockets ((table id, player id) pairs): one
    UPDATE; the table actor only for a seat marked away although its player is here."""
    now = now or timezone.now()
    back = presence.refresh_many(pairs, now)
    players = Player.objects.in_bulk({player_id for _table, player_id in back}) if back else {}
    for table_id, player_id in back:
        try:
            table_presence(table_id=table_id, player=players[player_id], change="seen", now=now)
        except Exception:
            log.exception("table %s: marking a seen seat present failed", table_id)


def expire_unseen_seats(among: set[int] | None = None, now: dt.datetime | None = None) -> int:
    """The tables' presence job (sweeper and in-process clock): every seat whose heartbeat has
    expired is marked away through the table actor. Returns how many were looked at; a table
    that fails is logged and passed over."""
    now = now or timezone.now()
    unseen = presence.unseen_seats(now, among)
    players = Player.objects.in_bulk({player_id for _table, player_id in unseen})
    for table_id, player_id in unseen:
        try:
            table_presence(table_id=table_id, player=players[player_id], change="expire", now=now)
        except Exception:
            log.exception("table %s: marking an unseen seat away failed", table_id)
    return len(unseen)


def table_snapshot(*, table_id: int, player: Player | None, now: dt.datetime | None = None):
    """The full current view for one reader, after applying whatever is overdue."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    table = load_table(table_id, lock=False)
    if table is None:
        raise TableError(_("There is no such table."))
    seats = seats_of(table)
    position = next(
        (
            s.position
            for s in seats.values()
            if player is not None and s.player_id == player.pk and s.leaving_since is None
        ),
        None,
    )
    return table_view(table, seats, position)


@errors_told
def table_apply_overdue(*, table_id: int, now: dt.datetime | None = None) -> int:
    """Apply whatever is overdue on the table (clock, sweeper, reads). Returns how many changes
    were made; 0 when another process got there first."""
    now = now or timezone.now()
    # A plain read first: most calls find nothing due and need no write transaction (on SQLite
    # every transaction takes the database's write lock).
    if not Table.objects.filter(pk=table_id, deadline__lte=now).exists():
        return 0
    with transaction.atomic():
        try:
            change = open_change(table_id, now, Outbox())
        except TableError:
            return 0
        if not is_due(change.table, now):
            return 0
        applied = apply_overdue(change)
    after_transaction(change)
    return applied


def overdue_table_ids(now: dt.datetime | None = None, among: set[int] | None = None) -> list[int]:
    now = now or timezone.now()
    # an open table's deadline is its filling window's (tables.starts)
    # (a closed table's deadline: a leave asked for there, ``actor.seat_items``)
    tables = Table.objects.filter(
        deadline__lte=now,
        status__in=(TableStatus.PLAYING, TableStatus.OPEN, TableStatus.CLOSED),
    )
    if among is not None:
        tables = tables.filter(pk__in=among)
    return list(tables.values_list("pk", flat=True))


def sweep_overdue_tables(among: set[int] | None = None) -> int:
    """The tables' due job: apply what is overdue on every table (or those `among`). A table
    that fails is logged and passed over, so one broken table cannot stop every other clock."""
    applied = 0
    for table_id in overdue_table_ids(among=among):
        try:
            applied += table_apply_overdue(table_id=table_id)
        except Exception:
            log.exception("table %s: applying the overdue deadline failed", table_id)
    return applied
