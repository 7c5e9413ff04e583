"""Leaving a seat: unseating and freeing it, a leave held while bets work (``ask_leave``), releasing
those who wait to leave, and settling what an abandoned seat left."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q

from casino.models import Player
from tables.actor.change import Change, rng, table_step
from tables.actor.clocks import set_clocks
from tables.actor.hands import try_start
from tables.engines.base import (
    POT,
    SEAT,
    Party,
    payments,
)
from tables.models import (
    Seat,
    Table,
    TableEvent,
)
from tables.payments import close_escrows
from tables.starts import window_deadline


def unseat(
    change: Change,
    seat: Seat,
    *,
    cause: str,
    action: dict,
    player: Player | None,
    forfeit: str,
) -> None:
    """Take the seat away from its player: what leaving costs now is the engine's (a match
    forfeited, a hand folded, a bank handed back; nothing between hands), recorded as a forfeit
    for ``forfeit``'s reason, then the seat is gone and the player gets the public view."""
    from tables.actor.core import commit  # the core and leaving call each other: imported here

    table, engine = change.table, change.engine
    position = seat.position
    change.leaving.add(position)
    last = len(change.seats) == 1
    if last and table.state and engine.is_hand_over(table.state):
        # the last player leaves between hands: what the table carries is settled first
        settle_abandoned(change, seat, player=player)
    if table.state and engine.in_play(table.state):
        draws = rng()
        outcome = engine.apply_leave(table.state, position, draws)
        if outcome is not None:
            state, events = outcome
            commit(
                change,
                state,
                events,
                cause=cause,
                step=TableEvent.Step.FORFEIT,
                action={"type": "forfeit", "reason": forfeit},
                seat=position,
                player=player,
                draws=draws.taken,
            )
    if table.state and engine.holds_bets(table.state, position):
        hold_leaving(change, seat, cause=cause, action=action, player=player)
        return
    free_seat(change, seat, cause=cause, action=action, player=player)


def free_seat(
    change: Change, seat: Seat, *, cause: str, action: dict, player: Player | None
) -> None:
    """The seat is gone, its player gets the public view, the filling window goes on."""
    table, engine = change.table, change.engine
    position = seat.position
    if len(change.seats) == 1 and table.state and engine.is_hand_over(table.state):
        # he left during a hand, played out by his timeouts, that ended carrying money
        settle_abandoned(change, seat, player=player)
    seat.delete()
    del change.seats[position]
    table_step(
        change,
        cause=cause,
        events=[{"type": "leave", "seat": position}],
        action=action,
        seat=position,
        player=player,
    )
    if seat.leaving_since is None:  # (one who left with bets working was told then)
        change.left.append(seat.player_id)
    if window_deadline(table) is not None:  # the filling window goes on without him
        window = table.start_window
        window["ready"] = [p for p in window.get("ready", []) if p != position]
        try_start(change)


def hold_leaving(
    change: Change, seat: Seat, *, cause: str, action: dict, player: Player | None
) -> None:
    """The player leaves while the engine holds bets of his (``holds_bets``): the seat stays
    his, marked leaving (nobody else takes it, he is dealt into no new hand), he gets the
    public view, his decisions run on their timeouts at once, and the seat is freed when the
    engine holds nothing more for it (``release_leavers``)."""
    from tables.actor.core import (
        apply_overdue,  # the core and leaving call each other: imported here
    )

    seat.leaving_since = change.now
    seat.leave_asked_at = None  # (a leave asked for is applied: this is it)
    seat.save(update_fields=["leaving_since", "leave_asked_at"])
    table_step(
        change,
        cause=cause,
        events=[{"type": "leaving", "seat": seat.position}],
        action=action,
        seat=seat.position,
        player=player,
    )
    change.left.append(seat.player_id)
    set_clocks(change)
    apply_overdue(change)
    release_leavers(change)


def ask_leave(table_id: int, player_id: int, now: dt.datetime) -> bool:
    """Record that the player asked to leave the table, in a transaction of its own and
    without the table's lock (the change that tried to apply the leave may have failed for
    it): the seat's ``leave_asked_at`` (the first asking kept) and the table's deadline, so
    the clock or the sweeper applies it (``seat_items``). The table row's update waits for
    any change holding the lock and lands after it, so a deadline that change stored cannot
    hide the leave. Returns whether the player has a seat there to leave."""
    with transaction.atomic():
        seats = Seat.objects.filter(table_id=table_id, player_id=player_id, leaving_since=None)
        if not seats.exists():
            return False
        seats.filter(leave_asked_at=None).update(leave_asked_at=now)
        Table.objects.filter(pk=table_id).filter(Q(deadline=None) | Q(deadline__gt=now)).update(
            deadline=now
        )
    return True


def release_leavers(change: Change) -> None:
    """Free every seat whose player left with bets working once the engine holds none."""
    table, engine = change.table, change.engine
    for seat in [s for s in change.seats.values() if s.leaving_since is not None]:
        if not (table.state and engine.holds_bets(table.state, seat.position)):
            free_seat(
                change,
                seat,
                cause=TableEvent.Cause.SYSTEM,
                action={"type": "leave", "when": "bets_settled"},
                player=None,
            )


def settle_abandoned(change: Change, seat: Seat, *, player: Player | None) -> None:
    """The last player leaves a table that carries money between hands (a bank, a pot): the
    engine's ``apply_abandon`` settles it now (by default the void: every stake back to whose
    money it is), while the leaver's seat is still there to be paid, and the escrow scope
    closes. Recorded in the state (``abandoned``) for the board and
    the pit's tile (docs/rules-decisions.md, "Platform")."""
    from tables.actor.core import commit  # the core and leaving call each other: imported here

    table, engine = change.table, change.engine
    if not engine.in_play(table.state):
        return
    escrow_key = engine.escrow_key(table.state)
    outcome = engine.apply_abandon(table.state)
    if outcome is None:
        return
    state, events = outcome
    returned, held, total = [], 0, 0
    for payment in payments(events):
        if Party.parse(payment.source).kind != POT:
            continue
        total += payment.amount
        target = Party.parse(payment.target)
        if target.kind == SEAT and target.key in change.seats:
            name = getattr(change.seats[target.key], "shown_name", "") or str(target.key)
            returned.append([name, payment.amount])
        else:
            held += payment.amount
    state = {
        **state,
        "abandoned": {
            "total": total,
            "returned": returned,
            "held": held,
            "at": int(change.now.timestamp()),
        },
    }
    commit(
        change,
        state,
        [{"type": "abandoned", "total": total}, *events],
        cause=TableEvent.Cause.SYSTEM,
        step=TableEvent.Step.VOID,
        action={"type": "abandon"},
        seat=seat.position,
        player=player,
    )
    if not engine.in_play(table.state):
        close_escrows(table, escrow_key)
