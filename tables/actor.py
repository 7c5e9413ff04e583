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
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from casino import ledger
from casino.amounts import AmountError, parse_amount
from casino.currencies import format_amount
from casino.models import Player
from tables import presence
from tables.engines import shuffle
from tables.engines.base import (
    POT,
    SEAT,
    Draws,
    Engine,
    IllegalAction,
    NextHand,
    Party,
    SeatInfo,
    payments,
)
from tables.engines.registry import engine_for
from tables.listeners import TableNews, notify, notify_error
from tables.models import (
    MISSED_WINDOWS,
    Hand,
    Seat,
    SeatStatus,
    Table,
    TableEvent,
    TableStatus,
)
from tables.outbox import Outbox
from tables.payments import PaymentRefused, book, close_escrows
from tables.rows import event_row, insert_events, open_table, save_table, shown_name
from tables.starts import HAND_SEATS, open_window, start_seconds, window_deadline

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

    def record(self, **record) -> None:
        """Append an event for the table's current version (stored by ``store``)."""
        self.events.append(event_row(self.table, **record))

    @property
    def engine(self) -> Engine:
        return engine_for(self.table.game)

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
    with transaction.atomic():
        change = open_change(table_id, now, outbox, replay=replay)
        if not (due and is_due(change.table, now) and apply_overdue(change)):
            return _stored(change, body(change))
        try:
            with transaction.atomic():
                return _stored(change, body(change))
        except TableError as error:
            outbox.refused(change.table)  # the body may have changed the objects first
            refusal = error
    raise refusal


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


def store(change: Change, left: tuple[int, ...] = ()) -> None:
    """Store what the change did to the locked table and broadcast it after commit."""
    change.table.deadline = _earliest(due_items(change))
    change.table.changed_at = change.now
    save_table(change.table, change.events)
    change.events.clear()
    change.outbox.changed(change.table, change.seats, (*left, *change.left))


def table_step(change: Change, **record) -> None:
    """A change that moves no money (sitting, leaving, staff acts): a new version and its event."""
    change.table.version += 1
    change.record(**record)


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
    notify(
        TableNews(
            table=table,
            step=step,
            cause=cause,
            events=events,
            seat=seat,
            hand_over=hand_over,
            hand_result=engine.hand_result(state) if hand_over else None,
            session_over=hand_over and engine.carry_over(state) is None,
        )
    )
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


def paid_seats(change: Change, hand: Hand) -> dict[str, int]:
    """The seats not dealt in whose money the hand moved (a bet of a player who left, kept
    working on his held seat, decided by this hand): they played it too, so the hand is in
    their history (``selectors.finished_hands``) with their names. By seat, its player's id."""
    dealt = {int(p) for p in hand.players}
    found: dict[str, int] = {}
    logged = list(TableEvent.objects.filter(hand=hand).values_list("events", flat=True))
    # this change's own events, not stored yet (``Change.record``: rows of ``event_row``)
    logged += [row[9] for row in change.events if row[1] == hand.pk]
    logged = [_json_of(events) for events in logged]
    for payment in payments([e for events in logged for e in events or []]):
        for party in (payment.source, payment.target):
            parsed = Party.parse(party)
            if parsed.kind != SEAT or int(parsed.key) in dealt:
                continue
            seat = change.seats.get(int(parsed.key))
            if seat is not None:
                found[str(parsed.key)] = seat.player_id
    return found


def _json_of(value):
    """A JSON column's value as ``event_row`` holds it (text on SQLite, psycopg's Jsonb on
    PostgreSQL) or as the database returns it."""
    if isinstance(value, str):
        return json.loads(value)
    return getattr(value, "obj", value)


def forget_empty_round(change: Change, hand: Hand) -> None:
    """A round in which nothing was staked (``round_without_bets``) is no hand people see: its
    row stays, flagged ``empty`` (the event log points at it, and it holds the secret of a
    shoe's commitment it may have published: the next hand of that shoe reuses it), every
    history reads ``Hand.objects.shown()``, the next hand takes its number (and its match
    number, when the round was a whole match) and the board keeps the last hand played."""
    table, engine = change.table, change.engine
    table.hand_number = hand.number - 1
    whole_match = engine.carry_over(change.table.state) is None
    if whole_match and not (
        Hand.objects.shown().filter(table=table, match_number=hand.match_number).exists()
    ):
        table.match_number = hand.match_number - 1


def acted(change: Change, state: dict, position: int) -> None:
    """A seat's own action: it is there, whatever windows it let pass before."""
    missed = state.get("windows_missed") or []
    if position in missed:
        state["windows_missed"] = [p for p in missed if p != position]
    # a seat that acted this hand did not let its window pass, even if its clock closes its
    # betting later (a player of several boxes may let the clock end his betting)
    acted_seats = state.get("acted_seats") or []
    if position not in acted_seats:
        state["acted_seats"] = [*acted_seats, position]
    seat = change.seats.get(position)
    if seat is not None and seat.missed_windows:
        seat.missed_windows = 0
        seat.save(update_fields=["missed_windows"])


def note_missed(change: Change, position: int) -> None:
    """The seat's clock ran out on a stake (``clock_setting`` is the bet clock): a betting
    window it let pass, counted at the hand's end (``count_missed_windows``)."""
    seat = change.seats.get(position)
    if seat is None or seat.leaving_since is not None:  # a leaver's bets play on their own
        return
    if position in (change.table.state.get("acted_seats") or []):
        return
    missed = change.table.state.get("windows_missed") or []
    if position not in missed:
        change.table.state["windows_missed"] = [*missed, position]


def count_missed_windows(change: Change, hand: Hand) -> None:
    """At a hand's end, each seat dealt in whose betting window passed (``note_missed``) with
    no bet working now (``holds_bets``) missed one more window in a row; at ``MISSED_WINDOWS``
    it is sat out (not dealt in) until its player comes back (``services.table_presence``
    "back", the board's "I'm back"), and its board says why."""
    engine, state = change.engine, change.table.state
    for position in state.get("windows_missed") or []:
        seat = change.seats.get(position)
        if (
            seat is None
            or seat.leaving_since is not None
            or hand.players.get(str(position)) != seat.player_id  # another player sits there
            or engine.holds_bets(state, position)
        ):
            continue
        seat.missed_windows += 1
        fields = ["missed_windows"]
        if seat.missed_windows >= MISSED_WINDOWS and seat.status != SeatStatus.SITTING_OUT:
            seat.status = SeatStatus.SITTING_OUT
            seat.away_since = seat.away_since or change.now
            fields += ["status", "away_since"]
        seat.save(update_fields=fields)


def try_start(change: Change, *, waiting: bool = True) -> TableError | None:
    """``maybe_start`` in a savepoint: a stake the new hand cannot take leaves the table as it
    was (open) and is returned, not raised."""
    table = change.table
    kept = (table.hand_number, table.match_number, table.version, table.state, table.status)
    recorded = len(change.events)
    try:
        with transaction.atomic():
            maybe_start(change, waiting=waiting)
    except TableError as error:
        table.hand_number, table.match_number, table.version, table.state, table.status = kept
        del change.events[recorded:]  # the hand that could not start leaves no event
        return error
    return None


def maybe_start(change: Change, *, waiting: bool = True) -> bool:
    """Start a hand if the table is open and the engine's session rules say one starts now;
    from an idle table (``waiting``) only once the filling window is over (``tables.starts``):
    its time is up, every player to be dealt in said ready, or the table is full."""
    table, engine = change.table, change.engine
    if table.status != TableStatus.OPEN:
        return False
    seats = [
        SeatInfo(p, seat.ready, seat.away_since is not None)
        for p, seat in sorted(change.seats.items())
        if p not in change.leaving and seat.leaving_since is None
    ]
    upcoming = engine.next_hand(table.state or None, seats, dict(table.settings))
    if upcoming is None:
        table.start_window = None  # too few to play: no window runs
        return False
    if waiting and filling(change, upcoming):
        return False
    table.start_window = None
    start_hand(change, upcoming)
    return True


def filling(change: Change, upcoming: NextHand) -> bool:
    """Whether the filling window keeps the hand waiting (opening it if need be): not when the
    table is full or the window is 0 s, its time is up or every player to be dealt in said
    ready."""
    table, engine = change.table, change.engine
    if len(upcoming.players) >= engine.seats[1] or start_seconds(table) <= 0:
        return False
    if window_deadline(table) is None:
        open_window(table, change.now)
        return True
    ready = set(table.start_window.get("ready", []))
    return (
        table.start_window["deadline"] > change.now.timestamp()
        and not set(upcoming.players) <= ready
    )


def say_ready(change: Change, seat: Seat) -> None:
    """The seated player says ready to start (the filling window ends when all have)."""
    if window_deadline(change.table) is not None:
        ready = change.table.start_window.setdefault("ready", [])
        if seat.position not in ready:
            ready.append(seat.position)


def start_hand(change: Change, upcoming: NextHand) -> None:
    table, engine, seats = change.table, change.engine, change.seats
    last_game = (table.state or {}).get("last_game")
    table.hand_number += 1
    if upcoming.carry is None:
        table.match_number += 1
    try:  # the game's defaults filled in; terms no hand could start with are refused
        terms = engine.check_config(dict(table.settings))
    except IllegalAction as error:
        raise illegal(error) from error
    config = {**terms, "hand_number": table.hand_number, "match_number": table.match_number}
    players = list(upcoming.players)
    if getattr(engine, "table_stakes", False):
        config["stacks"] = stacks_of(table, seats, players)
    state = engine.new_hand(config, players, secrets.SystemRandom(), upcoming.carry)
    covered = engine.commitment(state)
    # the round before, an empty one too (it may have opened the shoe: its secret holds)
    previous = Hand.objects.filter(table=table).order_by("-pk").first()
    if (
        previous is not None
        and covered.scope != "hand"
        and previous.shuffle_scope == covered.scope
        and previous.revealed_at is None
    ):  # a shoe that spans hands: one commitment for all of them
        secret, published = previous.secret, previous.commitment
    else:
        secret = shuffle.new_secret()
        published = shuffle.commitment(covered.record, secret)
    hand = Hand.objects.create(
        table=table,
        number=table.hand_number,
        match_number=table.match_number,
        players={str(p): seats[p].player_id for p in players},
        initial_state=state,
        commitment=published,
        secret=secret,
        deck_record=covered.record,
        shuffle_scope=covered.scope,
    )
    state = {
        **state,
        "commitment": published,
        "last_game": last_game,
        "hand_id": hand.pk,
        HAND_SEATS: sorted(players),  # every board tells a seat not dealt in (tables.starts)
    }
    carried = (table.state or {}).get("seat_stakes")
    if carried and upcoming.carry is not None and escrow_unchanged(engine, table.state, state):
        # a session carried into this hand (a bank held from coup to coup) keeps its money
        state["seat_stakes"] = dict(carried)
        if (table.state or {}).get("pot_stakes"):
            state["pot_stakes"] = copy.deepcopy(table.state["pot_stakes"])
    events = [
        *engine.start_events(state),
        {"type": "commitment", "sha256": published, "scope": covered.scope},
    ]
    count_seat_stakes(state, events, engine.pot_owners(state))
    table.state = state
    table.status = TableStatus.PLAYING
    table.version += 1
    try:
        book(table, seats, engine.escrow_key(state), events)
    except PaymentRefused as refusal:
        # the ledger's words name a balance or a limit of whichever player could not pay:
        # they are not for the player whose click started the hand
        raise TableError(
            _("The hand cannot start: a player at the table cannot cover the stake.")
        ) from refusal
    change.record(
        cause=TableEvent.Cause.SYSTEM,
        step=TableEvent.Step.DEAL,
        events=events,
        action={"type": "deal"},
        hand_id=hand.pk,
    )
    notify(TableNews(table=table, step=TableEvent.Step.DEAL, cause="system", events=events))
    set_clocks(change, fresh=True)


def stacks_of(table, seats, players: list[int]) -> dict[str, int]:
    """Table stakes (an engine's ``table_stakes``): what each player dealt in plays for, his
    wallet's balance in the table's currency as the hand starts, by seat (one read)."""
    balances = ledger.wallet_balances({seats[p].player_id for p in players}, table.currency)
    return {str(p): balances[seats[p].player_id] for p in players}


def escrow_unchanged(engine: Engine, before: dict, after: dict) -> bool:
    return engine.escrow_key(before) == engine.escrow_key(after)


def count_seat_stakes(state: dict, events: list[dict], owners: dict | None = None) -> None:
    """Each seat's money in the pots of this escrow scope (the pit boss's "chips in play"),
    kept in the state from the payments the actor books, pot by pot (``pot_stakes``: {pot:
    {seat: amount}}), so that money follows whose it is:
    - a stake into a pot is the payer's there;
    - a pot paying a seat gives him back his own first, the rest (a win) taken from the pot's
      other payers in proportion (they lost it);
    - a pot paying another pot (a bet lost to a player's bank) moves the money: into a pot one
      seat owns whoever paid it in (``owners``, the engine's ``pot_owners``) it is the owner's,
      into any other the same payers'; a pot paying the house takes from its payers alike.
    ``seat_stakes`` is each seat's sum over the pots."""
    pots = {
        name: {seat: amount for seat, amount in shares.items() if amount}
        for name, shares in (state.get("pot_stakes") or {}).items()
    }
    owned = {Party.parse(p).key: str(Party.parse(o).key) for p, o in (owners or {}).items()}
    for payment in payments(events):
        source, target = Party.parse(payment.source), Party.parse(payment.target)
        if source.kind == SEAT and target.kind == POT:
            shares = pots.setdefault(target.key, {})
            holder = owned.get(target.key, str(source.key))
            shares[holder] = shares.get(holder, 0) + payment.amount
        elif source.kind == POT:
            shares = pots.setdefault(source.key, {})
            taken = _take(shares, payment.amount, str(target.key) if target.kind == SEAT else None)
            if target.kind == POT:
                into = pots.setdefault(target.key, {})
                if target.key in owned:
                    taken = {owned[target.key]: sum(taken.values())}
                for seat_key, amount in taken.items():
                    into[seat_key] = into.get(seat_key, 0) + amount
    pots = {name: shares for name, shares in pots.items() if any(shares.values())}
    state["pot_stakes"] = pots
    stakes: dict[str, int] = {}
    for shares in pots.values():
        for seat_key, amount in shares.items():
            if amount:
                stakes[seat_key] = stakes.get(seat_key, 0) + amount
    state["seat_stakes"] = stakes


def _take(shares: dict[str, int], amount: int, first: str | None) -> dict[str, int]:
    """Take `amount` out of a pot's shares ({seat: amount}, changed in place): `first`'s own
    share before the others', the others' in proportion to their shares (the last one taking
    the rounding); what the shares do not cover (money the pot got from no seat: the house's,
    another pot's) is taken from no one. Returns {seat: amount taken}."""
    taken: dict[str, int] = {}
    if first is not None and shares.get(first):
        own = min(shares[first], amount)
        shares[first] -= own
        taken[first] = own
        amount -= own
    others = [key for key, share in shares.items() if share > 0]
    total = sum(shares[key] for key in others)
    if amount <= 0 or total <= 0:
        return taken
    amount = min(amount, total)
    left = amount
    for n, key in enumerate(others):
        part = left if n == len(others) - 1 else amount * shares[key] // total
        part = min(part, shares[key])
        shares[key] -= part
        taken[key] = taken.get(key, 0) + part
        left -= part
    return taken


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
