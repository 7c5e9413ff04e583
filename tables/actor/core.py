"""The one code path: the table lock (``locked``), storing the state with its deadline
(``store``), committing a change (``commit``), finishing a hand (``finish_hand``) and applying what
is overdue exactly once (``apply_overdue``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.db import transaction

from casino import timings
from casino.models import Player
from tables.actor.change import (
    ACTOR_KEYS,
    BET_SETTING,
    MAX_OVERDUE_STEPS,
    Change,
    Outcome,
    TableError,
    _stored,
    errors_told,
    is_due,
    open_change,
    rng,
)
from tables.actor.clocks import _earliest, due_items, set_clocks
from tables.actor.hands import (
    acted,
    count_missed_windows,
    count_seat_stakes,
    forget_empty_round,
    note_missed,
    paid_seats,
    try_start,
)
from tables.actor.seats import release_leavers, unseat
from tables.listeners import TableNews, kept, notify, notify_after
from tables.models import (
    Hand,
    TableEvent,
    TableStatus,
)
from tables.outbox import Outbox
from tables.payments import PaymentRefused, book, close_escrows
from tables.rows import save_table, shown_name


@errors_told
def locked(
    table_id: int,
    now: dt.datetime,
    body: Callable[[Change], Outcome],
    *,
    due=True,
    replay: tuple[int, str] | None = None,
):
    """One transaction: lock the table, apply whatever is overdue (unless ``due`` is False: the
    body does it), then ``body(change)``. ``replay`` (player id, client action id): the change
    says which version an earlier event with that id made (``change.replayed``). If the body
    refuses (TableError) after an overdue deadline was applied, what the deadline did still
    commits (the body ran in a savepoint) and the refusal is raised after commit."""
    outbox = Outbox()
    refusal = None
    with timings.action_account():
        with transaction.atomic():
            timings.account_committed()
            change = open_change(table_id, now, outbox, replay=replay)
            if not (due and is_due(change.table, now) and apply_overdue(change)):
                outcome = _stored(change, body(change))
            else:
                told = len(change.told)
                try:
                    with transaction.atomic():
                        outcome = _stored(change, body(change))
                except TableError as error:
                    outbox.refused(change.table)  # the body may have changed the objects first
                    del change.told[told:]  # what the body told was rolled back with it
                    refusal = error
        after_transaction(change)
    if refusal is not None:
        raise refusal
    return outcome


def after_transaction(change: Change) -> None:
    """Once the change's transaction has ended: what was told in it, to the listeners that
    work after it (the floor's), all of this table's news together."""
    with timings.account_part("after the transaction"):
        notify_after(change.told)
    change.told.clear()


def store(change: Change, left: tuple[int, ...] = ()) -> None:
    """Store what the change did to the locked table and broadcast it after commit."""
    change.table.deadline = _earliest(due_items(change))
    change.table.changed_at = change.now
    save_table(change.table, change.events)
    change.events.clear()
    change.outbox.changed(change.table, change.seats, (*left, *change.left))


def commit(
    change: Change,
    state: dict,
    events: list[dict],
    *,
    cause: str,
    step: str,
    action: dict,
    seat: int | None = None,
    player: Player | None = None,
    client_action_id: str = "",
    draws: list[int] | None = None,
) -> None:
    """Steps 2 and 3 for a state the engine produced from the table's state: book, log, tell
    the listeners; end the hand if it is over (and maybe start the next); set the clocks;
    store."""
    table, engine = change.table, change.engine
    state = {**state, **{k: table.state[k] for k in ACTOR_KEYS if k in (table.state or {})}}
    table.version += 1
    try:
        book(table, change.seats, engine.escrow_key(state), events)
    except PaymentRefused as refusal:
        raise TableError(str(refusal)) from refusal
    count_seat_stakes(state, events, engine.pot_owners(state))
    if cause == TableEvent.Cause.PLAYER and step == TableEvent.Step.ENGINE and seat is not None:
        acted(change, state, seat)
    change.record(
        cause=cause,
        step=step,
        events=events,
        action=action,
        seat=seat,
        player=player,
        client_action_id=client_action_id,
        draws=draws,
    )
    # a change between hands (a holder leaving with his bank) does not end the hand again
    hand_over = engine.is_hand_over(state) and not engine.is_hand_over(table.state)
    table.state = state
    news = TableNews(
        table=table,
        step=step,
        cause=cause,
        events=events,
        seat=seat,
        hand_over=hand_over,
        hand_result=engine.hand_result(state) if hand_over else None,
        session_over=hand_over and engine.carry_over(state) is None,
    )
    notify(news)
    change.told.append(kept(news))
    timings.name_action(action.get("type", "?"), hand_over)
    if hand_over:
        finish_hand(change)
    else:
        release_leavers(change)
    set_clocks(change)
    store(change)


# --- hands ------------------------------------------------------------------------------------


def finish_hand(change: Change) -> None:
    """Record the hand's end, reveal the shuffle if what it covered is over, then start the next
    hand if the engine says so (in a savepoint: a stake the next hand cannot take leaves the
    table open, never refuses the change that ended this hand)."""
    table, engine, now = change.table, change.engine, change.now
    state = table.state
    hand = Hand.objects.get(pk=state["hand_id"])
    hand.ended_at = now
    hand.result = engine.hand_result(state)
    hand.empty = engine.round_without_bets(state)
    hand.players = {**hand.players, **paid_seats(change, hand)}
    hand.save(update_fields=["ended_at", "result", "empty", "players"])
    if engine.commitment_finished(state):
        Hand.objects.filter(
            table=table, shuffle_scope=hand.shuffle_scope, revealed_at__isnull=True
        ).update(revealed_at=now)
        if hand.revealed_at is None:
            hand.revealed_at = now
    change.ended_hand = hand
    if hand.empty:
        forget_empty_round(change, hand)
    else:
        # who sat where when it ended, and their names: a seat another player takes after
        # shows none of it as his, and the last result names who played it
        players = {str(p): seat.player_id for p, seat in change.seats.items()}
        names = {str(p): shown_name(seat) for p, seat in change.seats.items()}
        state["last_game"] = {
            "number": hand.number,
            **hand.result,
            "players_by_seat": players,
            "names_by_seat": names,
        }
    count_missed_windows(change, hand)
    escrow_key = engine.escrow_key(state)
    session_over = engine.carry_over(state) is None
    if session_over:  # the session (a match) is over: ready again to play on
        for seat in change.seats.values():
            if seat.ready:
                seat.ready = False
                seat.save(update_fields=["ready"])
    table.status = TableStatus.OPEN
    for seat in [s for s in change.seats.values() if s.removal_requested_by_id is not None]:
        # staff asked for this player to go when the hand ended (``tables.staff``)
        unseat(
            change,
            seat,
            cause=TableEvent.Cause.STAFF,
            action={"type": "remove", "reason": seat.removal_reason, "when": "end_of_hand"},
            player=seat.removal_requested_by,
            forfeit="removed",
        )
    release_leavers(change)  # the hand's end settled what they left working
    if session_over and table.setting("close_after_session", False):
        # a table set up for one session (a tournament's match) closes when it is over: nobody
        # starts another there (the players stay seated and may leave)
        table.status = TableStatus.CLOSED
    try_start(change, waiting=False)  # the session's next hand: no filling window
    started = table.status == TableStatus.PLAYING
    if (started and engine.escrow_key(table.state) != escrow_key) or (not started and session_over):
        close_escrows(table, escrow_key)


def apply_overdue(change: Change) -> int:
    """Apply every clock and absence due at the change's time, oldest first. Call holding the
    lock. An absence applies the engine's ``apply_absent`` once per hand and seat."""
    table, engine, now = change.table, change.engine, change.now
    applied = 0
    for _step in range(MAX_OVERDUE_STEPS):
        due = [item for item in due_items(change) if item[0] <= now.timestamp()]
        if not due:
            break
        _when, what, position = due[0]
        if what == "start":  # the filling window is over: the hand starts with who is there
            try_start(change)
            table.start_window = None  # a hand that could not start leaves the table open
            store(change)
            applied += 1
            continue
        if what in ("leave", "vacate"):
            seat = change.seats[position]
            asked = what == "leave"
            unseat(
                change,
                seat,
                cause=TableEvent.Cause.CLOCK,
                action={"type": "leave", "when": "asked" if asked else "absent"},
                player=seat.player if asked else None,
                forfeit="left" if asked else "absent",
            )
            store(change)
            applied += 1
            continue
        if what == "absence":
            table.state["absences_applied"] = [*table.state.get("absences_applied", []), position]
            draws = rng()
            outcome = engine.apply_absent(table.state, position, draws)
            applied += 1
            if outcome is None:  # nothing at stake for that seat in this hand: only noted
                store(change)
                continue
            state, events = outcome
            commit(
                change,
                state,
                events,
                cause=TableEvent.Cause.CLOCK,
                step=TableEvent.Step.FORFEIT,
                action={"type": "forfeit", "reason": "absent"},
                seat=position,
                draws=draws.taken,
            )
            continue
        else:
            draws = rng()
            betting = engine.clock_setting(table.state, position) == BET_SETTING
            state, events = engine.apply_timeout(table.state, position, draws)
            if betting:
                note_missed(change, position)
            commit(
                change,
                state,
                events,
                cause=TableEvent.Cause.CLOCK,
                step=TableEvent.Step.TIMEOUT,
                action={"type": "timeout"},
                seat=position,
                draws=draws.taken,
            )
        applied += 1
    return applied
