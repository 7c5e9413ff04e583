"""The change the actor carries through one transaction (``Change``) and its bottom layer: the
actor's constants, its refusals (``TableError``, ``illegal``, the amounts in them), the random
source, opening a change on a locked table (``open_change``) and a step of the table's log."""

from __future__ import annotations

import datetime as dt
import functools
import secrets
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from casino import timings
from casino.amounts import AmountError, parse_amount
from casino.currencies import format_amount
from casino.models import Player
from tables import presence
from tables.engines.base import (
    Draws,
    Engine,
    IllegalAction,
)
from tables.engines.registry import engine_for
from tables.listeners import TableNews, notify_error
from tables.models import (
    Hand,
    Seat,
    Table,
)
from tables.outbox import Outbox
from tables.payments import PaymentRefused
from tables.rows import event_row, insert_events, open_table
from tables.starts import HAND_SEATS

DEFAULT_ACTION_SECONDS = 30
DEFAULT_GRACE_SECONDS = 60
DEFAULT_ABSENCE_SECONDS = presence.DEFAULT_ABSENCE_SECONDS
MAX_OVERDUE_STEPS = 50
BET_SETTING = "bet_seconds"  # the clock of a stake (``Engine.clock_setting``)
# what the actor keeps in a table's state beside the engine's: they carry over each apply
ACTOR_KEYS = (
    "clock",
    "commitment",
    "hand_id",
    "last_game",
    "absences_applied",
    "seat_stakes",
    "pot_stakes",  # whose money each pot of the scope holds (``count_seat_stakes``)
    "paused_at",
    "windows_missed",  # the seats whose betting window passed this hand (``note_missed``)
    "acted_seats",  # the seats that acted this hand (``acted``): no window of theirs passed
    HAND_SEATS,
)


class TableError(Exception):
    """A request the table refuses; str() is a sentence for that player alone."""


class LeaveDeferred(TableError):
    """A leave that could not be applied at once: recorded (``ask_leave``), the table's clock
    applies it; str() tells the player so."""


@dataclass(frozen=True)
class Outcome:
    version: int
    replayed: bool = False
    deferred: bool = False  # a leave recorded for the table's clock to apply (``ask_leave``)


@dataclass
class Change:
    """One actor transaction on one locked table: the table and its seats as the change goes,
    when it happens, and what it will broadcast."""

    table: Table
    seats: dict[int, Seat]
    now: dt.datetime
    outbox: Outbox
    leaving: set[int] = field(default_factory=set)  # seats never dealt into a next hand
    left: list[int] = field(default_factory=list)  # players unseated by this change
    # the version an earlier event with the asked-for client action id made (``locked``'s replay)
    replayed: int | None = None
    # events recorded and not yet stored: appended with the table row's update (``store``)
    events: list[list] = field(default_factory=list)
    # the news told inside the transaction, kept for the listeners after it (``after_transaction``)
    told: list[TableNews] = field(default_factory=list)
    # the hand this change ended (``finish_hand``), as stored: the next hand's start reads it
    ended_hand: Hand | None = None

    def record(self, **record) -> None:
        """Append an event for the table's current version (stored by ``store``)."""
        self.events.append(event_row(self.table, **record))

    @property
    def engine(self) -> Engine:
        return timings.timed(engine_for(self.table.game), "engine")

    def seconds(self, key: str, default: float) -> float:
        return float(self.table.setting(key, default))

    def seat_of(self, player: Player) -> Seat | None:
        """The player's seat, unless he has left it with bets working (``hold_leaving``): then
        he acts, says ready and is present there no more."""
        return next(
            (
                s
                for s in self.seats.values()
                if s.player_id == player.pk and s.leaving_since is None
            ),
            None,
        )

    def held_seat_of(self, player: Player) -> Seat | None:
        """The seat the player left with bets working, held for them until they are settled."""
        return next(
            (
                s
                for s in self.seats.values()
                if s.player_id == player.pk and s.leaving_since is not None
            ),
            None,
        )


# The parameters of an engine's refusal that are amounts of money (minor units): written in
# the table's currency for the player ("A bet is from 1.00 BYN to 10.00 BYN"), as is any
# parameter whose name ends in "_amount".
MONEY_PARAMS = frozenset(
    {"amount", "low", "high", "min_bet", "max_bet", "max_bank", "bank", "stake", "pot"}
)


def illegal(error: IllegalAction, currency: str | None = None) -> TableError:
    """An engine's refusal as the player reads it, in the active language; with the table's
    ``currency``, its amounts in the currency's major units (a player's action; a table's
    settings, refused at the start of a hand, keep their plain numbers)."""
    params = error.params
    if currency is not None and params:
        params = {
            name: format_amount(value, currency) if _is_amount(name, value) else value
            for name, value in params.items()
        }
    return TableError(_(error.template) % params)


def _is_amount(name: str, value) -> bool:
    return (
        (name in MONEY_PARAMS or name.endswith("_amount"))
        and isinstance(value, int)
        and not isinstance(value, bool)
    )


def typed_amounts(action: dict, currency: str) -> dict:
    """An action from a board, its amounts (the field ``amount`` and any ``*_amount``) typed in
    the currency's major units ("50", "50,50", "1 000"), in minor units for the engine. A bad
    amount is refused (``TableError``) with the parser's sentence, in the active language and
    the currency's units (casino.amounts); the engine judges the bounds of the rules."""
    converted = dict(action)
    for name, value in action.items():
        if name == "amount" or name.endswith("_amount"):
            try:
                converted[name] = parse_amount(value, currency, zero=True)
            except AmountError as error:
                raise TableError(error.message) from None
    return converted


def rng() -> Draws:
    """The random source of one change: the system's, every draw recorded for the replay."""
    return Draws(secrets.SystemRandom())


# --- the transaction ----------------------------------------------------------------------------

REFUSALS = (TableError, IllegalAction, PaymentRefused)


def errors_told(run):
    """An unexpected exception escaping a change (not a refusal) is told to the error listeners
    once its transaction has rolled back (``tables.listeners.notify_error``), then re-raised."""

    @functools.wraps(run)
    def told(*args, **kwargs):
        try:
            return run(*args, **kwargs)
        except REFUSALS:
            raise
        except Exception as error:
            notify_error(kwargs["table_id"] if "table_id" in kwargs else args[0], error)
            raise

    return told


def _stored(change: Change, outcome: Outcome) -> Outcome:
    """Every event the change recorded is stored (``store`` does it with the table row; a body
    that recorded an event and stored nothing still logs it)."""
    insert_events(change.events)
    change.events.clear()
    return outcome


def open_change(
    table_id: int, now: dt.datetime, outbox: Outbox, replay: tuple[int, str] | None = None
) -> Change:
    table, seats, replayed = open_table(table_id, replay=replay)
    if table is None:
        raise TableError(_("There is no such table."))
    outbox.opened(table, seats)
    return Change(table, seats, now, outbox, replayed=replayed)


def is_due(table: Table, now: dt.datetime) -> bool:
    return table.deadline is not None and table.deadline <= now


def table_step(change: Change, **record) -> None:
    """A change that moves no money (sitting, leaving, staff acts): a new version and its event."""
    change.table.version += 1
    change.record(**record)
