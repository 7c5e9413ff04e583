"""The table actor's core: the one code path for every change to a live table (DESIGN.md).

Whoever causes a change (a player's action, a clock, staff, sitting down or leaving), it goes:
1. one transaction: lock the table row (SELECT ... FOR UPDATE), read its seats;
2. apply the engine; book its payments in the ledger (``tables.payments``); append the event
   with the engine's random draws; tell the listeners (``tables.listeners``); save the state
   and the version;
3. after commit, broadcast (``tables.outbox``).

The session is the engine's: when a hand is over the actor reveals what the shuffle commitment
covered if the engine says it is over, and asks the engine whether the next hand starts now and
with whom (``next_hand``). Clocks: each awaited seat has its own deadline in the state
(``state["clock"]["seats"]``), kept while the engine's ``turn_key`` for that seat is unchanged;
``Table.deadline`` (indexed, for the sweeper) is the earliest due item: a clock (extended by the
grace period for an away player, D13) or an absence limit. Whoever notices an overdue item first
applies it under the lock, exactly once.

Every entry point takes the table lock itself (``locked``); callers must not hold other table
locks. Player entry points are in ``tables.services``, staff acts in ``tables.staff``.

Where to look: ``tables.actor.core`` (the lock, the commit, the end of a hand, overdue items),
``tables.actor.change`` (the change, the refusals), ``tables.actor.hands`` (starting hands, the
stakes at seats), ``tables.actor.seats`` (leaving), ``tables.actor.clocks`` (deadlines and what
is due)."""

from __future__ import annotations

from tables.actor.change import (
    ACTOR_KEYS,
    BET_SETTING,
    DEFAULT_ABSENCE_SECONDS,
    DEFAULT_ACTION_SECONDS,
    DEFAULT_GRACE_SECONDS,
    MAX_OVERDUE_STEPS,
    MONEY_PARAMS,
    REFUSALS,
    Change,
    LeaveDeferred,
    Outcome,
    TableError,
    errors_told,
    illegal,
    is_due,
    open_change,
    rng,
    table_step,
    typed_amounts,
)
from tables.actor.clocks import due_items, seat_items, set_clocks
from tables.actor.core import (
    after_transaction,
    apply_overdue,
    commit,
    finish_hand,
    locked,
    store,
)
from tables.actor.hands import (
    acted,
    count_missed_windows,
    count_seat_stakes,
    escrow_unchanged,
    filling,
    forget_empty_round,
    maybe_start,
    note_missed,
    paid_seats,
    say_ready,
    stacks_of,
    start_hand,
    try_start,
)
from tables.actor.seats import (
    ask_leave,
    free_seat,
    hold_leaving,
    release_leavers,
    settle_abandoned,
    unseat,
)

__all__ = [
    "ACTOR_KEYS",
    "BET_SETTING",
    "Change",
    "DEFAULT_ABSENCE_SECONDS",
    "DEFAULT_ACTION_SECONDS",
    "DEFAULT_GRACE_SECONDS",
    "LeaveDeferred",
    "MAX_OVERDUE_STEPS",
    "MONEY_PARAMS",
    "Outcome",
    "REFUSALS",
    "TableError",
    "acted",
    "after_transaction",
    "apply_overdue",
    "ask_leave",
    "commit",
    "count_missed_windows",
    "count_seat_stakes",
    "due_items",
    "errors_told",
    "escrow_unchanged",
    "filling",
    "finish_hand",
    "forget_empty_round",
    "free_seat",
    "hold_leaving",
    "illegal",
    "is_due",
    "locked",
    "maybe_start",
    "note_missed",
    "open_change",
    "paid_seats",
    "release_leavers",
    "rng",
    "say_ready",
    "seat_items",
    "set_clocks",
    "settle_abandoned",
    "stacks_of",
    "start_hand",
    "store",
    "table_step",
    "try_start",
    "typed_amounts",
    "unseat",
]
