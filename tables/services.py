"""The table actor: the one code path for every change to a live table (DESIGN.md).

Whoever causes a change (a player's action, a clock, staff, sitting down or leaving), it goes:
1. one transaction: lock the table row (SELECT ... FOR UPDATE), check the expected version;
2. apply the engine; book its payments in the ledger; append the events; save state and version;
3. after commit, broadcast: the public view to ``table.<id>``, each seat's private view to that
   player's own group ``user.<id>`` only, a one-line summary to ``pit``.

Every function here takes the table lock itself; callers must not hold other table locks.
Clocks: deadlines live in the state (``state["clock"]``) and in ``Table.deadline`` (for the
sweeper's index). ``table_apply_overdue`` applies what is due; ``table_act`` applies it in the
action's own transaction right after taking the lock, the other entry points first (sit, leave,
snapshot: through ``table_apply_overdue``; presence: under its lock), so whoever notices an
overdue deadline first applies it, exactly once.

The hot path (every card played) speaks SQL through the connection's cursor for its few statements
(lock and load the table, its seats with their names, the replay check, the event, the new state),
as ``casino.ledger.transfer_create`` does: on a small machine the ORM's Python cost of building
those queries was most of a table action's CPU (benchmarks/README.md, ``table_load``). The
statements are portable between PostgreSQL and SQLite; FOR UPDATE is added where the database has
it. Rarer paths (sitting, payments, hands) keep the ORM.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import math
import secrets
from dataclasses import dataclass

from channels.layers import get_channel_layer
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import format_amount
from casino.models import Player
from casino.realtime import LOBBY_GROUP, group_send_all, has_listeners, user_group
from tables.engines import shuffle
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for, registered_games
from tables.models import Hand, Seat, SeatStatus, Table, TableEvent, TableStatus

log = logging.getLogger(__name__)

PIT_GROUP = "pit"
PIT_PERMISSION = "casino.view_pit"  # the pit boss's monitor: the page, its socket, its acts
DEFAULT_ACTION_SECONDS = 30
DEFAULT_GRACE_SECONDS = 60
DEFAULT_ABSENCE_SECONDS = 180
MAX_OVERDUE_STEPS = 50
MAX_REASON_LENGTH = 200  # a staff act's reason, as its form allows


class TableError(Exception):
    """A request the table refuses; str() is a sentence for that player alone."""


@dataclass(frozen=True)
class Outcome:
    version: int
    replayed: bool = False


# --- reading -------------------------------------------------------------------------------


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
    "stake",
    "currency",
    "status",
    "state",
    "version",
    "hand_number",
    "match_number",
    "deadline",
)
_SEAT_FIELDS = (
    "id",
    "table_id",
    "player_id",
    "position",
    "status",
    "away_since",
    "connections",
    "ready",
)


def _json_in(value):
    """A JSON column as the cursor returns it (text on SQLite; text on PostgreSQL too, Django
    registers a text loader for jsonb) to Python."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _json_out(value):
    return connection.ops.adapt_json_value(value, None)


def _aware(value):
    """A datetime column as the cursor returns it: aware on PostgreSQL, naive UTC on SQLite."""
    if value is None:
        return None
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _db_time(value):
    return connection.ops.adapt_datetimefield_value(value)


def _load_table(table_id: int, *, lock: bool) -> Table | None:
    columns = ", ".join(f'"{name}"' for name in _TABLE_FIELDS)
    sql = f'SELECT {columns} FROM "{_TABLE}" WHERE "id" = %s'
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    values[3] = _json_in(values[3])  # settings
    values[7] = _json_in(values[7])  # state
    values[11] = _aware(values[11])  # deadline
    return Table.from_db(connection.alias, _TABLE_FIELDS, values)


def _save_table(table: Table) -> None:
    """Store what the actor changes on the table row (the caller holds its lock)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE "{_TABLE}" SET "status" = %s, "state" = %s, "version" = %s, '
            '"hand_number" = %s, "match_number" = %s, "deadline" = %s WHERE "id" = %s',
            [
                table.status,
                _json_out(table.state),
                table.version,
                table.hand_number,
                table.match_number,
                _db_time(table.deadline),
                table.pk,
            ],
        )


def seats_of(table: Table) -> dict[int, Seat]:
    """The table's seats by position, each with its player's shown name (``seat.shown_name``)
    read in the same statement; ``seat.player`` loads the whole player when it is needed."""
    columns = ", ".join(f's."{name}"' for name in _SEAT_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT {columns}, p."display_name", p."username" FROM "{_SEAT}" s '
            f'JOIN "{_PLAYER}" p ON p."id" = s."player_id" WHERE s."table_id" = %s '
            'ORDER BY s."position"',
            [table.pk],
        )
        rows = cursor.fetchall()
    seats = {}
    for row in rows:
        values = list(row[: len(_SEAT_FIELDS)])
        values[5] = _aware(values[5])  # away_since
        values[7] = bool(values[7])  # ready (an integer on SQLite)
        seat = Seat.from_db(connection.alias, _SEAT_FIELDS, values)
        seat.shown_name = row[-2] or row[-1]
        seats[seat.position] = seat
    return seats


def _shown_name(seat: Seat) -> str:
    name = getattr(seat, "shown_name", None)
    return name if name is not None else seat.player.shown_name


def seat_of(table: Table, player: Player) -> Seat | None:
    return table.seats.filter(player=player).first()


def _clock_seconds(table: Table, key: str, default: float) -> float:
    return float(table.setting(key, default))


def table_view(table: Table, seats: dict[int, Seat], position: int | None) -> dict:
    """What one socket may see: the table's public facts and the engine's view for `position`
    (None: a spectator). Only primitives: it travels through the channel layer."""
    state = table.state
    engine = engine_for(table.game)
    clock = (state or {}).get("clock") or {}
    return {
        "table": {
            "id": table.pk,
            "name": table.name,
            "game": table.game,
            "status": table.status,
            "version": table.version,
            "stake": table.stake,
            "currency": table.currency,
            "hand_number": table.hand_number,
            "match_number": table.match_number,
            "capacity": engine.SEATS[1],
            "clock": {"seats": clock.get("seats", []), "deadline": clock.get("deadline")},
            "commitment": (state or {}).get("commitment"),
            "last_game": (state or {}).get("last_game"),
            "seats": [
                {
                    "position": seat.position,
                    "player_id": seat.player_id,
                    "name": _shown_name(seat),
                    "status": seat.status,
                    "away": seat.away_since is not None,
                    "ready": seat.ready,
                }
                for seat in sorted(seats.values(), key=lambda s: s.position)
            ],
        },
        "game": engine.view(state, position) if state else None,
        "seat": position,
    }


# --- the one transition --------------------------------------------------------------------


def _escrow_reference(table: Table, state: dict) -> str:
    return f"table:{table.pk}:{engine_for(table.game).pot_key(state)}"


def _book_payments(table: Table, seats: dict[int, Seat], state: dict, events: list[dict]) -> None:
    """Book every payment event in the ledger, in this transaction. Keys derive from the table
    version, which is unique, so a retried transaction can never book twice."""
    escrow = _escrow_reference(table, state)
    for index, event in enumerate(e for e in events if e.get("type") == "payment"):
        key = f"table:{table.pk}:v{table.version}:pay{index}"
        source, target, amount = event["source"], event["target"], event["amount"]
        memo = f"{table.name}: {event.get('reason', '')}"
        try:
            if source.startswith("seat:") and target == "pot":
                ledger.stake_to_escrow(
                    player=seats[int(source[5:])].player,
                    amount=amount,
                    currency=table.currency,
                    escrow_reference=escrow,
                    idempotency_key=key,
                    memo=memo,
                )
            elif source == "pot" and target.startswith("seat:"):
                ledger.escrow_pay_out(
                    escrow_reference=escrow,
                    currency=table.currency,
                    payouts=[(seats[int(target[5:])].player, amount)],
                    idempotency_key=key,
                    kind="refund" if event.get("reason") == "void" else "payout",
                    memo=memo,
                )
            elif source == "pot" and target == "house:commission":
                ledger.commission_take(
                    escrow_reference=escrow,
                    currency=table.currency,
                    amount=amount,
                    idempotency_key=key,
                    memo=memo,
                )
            elif source == "pot" and target.startswith("house:"):
                ledger.transfer_create(
                    idempotency_key=key,
                    kind="payout",
                    legs=[
                        (ledger.escrow_account(escrow, table.currency), -amount),
                        (
                            ledger.house_account(
                                target[6:], table.currency, reference=f"table:{table.pk}"
                            ),
                            amount,
                        ),
                    ],
                    memo=memo,
                    reference=escrow,
                )
            else:
                raise ValueError(f"unknown payment {source} -> {target}")
        except (ledger.LedgerError, limits.StakeRefused) as refusal:
            raise TableError(str(refusal)) from refusal


def _set_clock(table: Table, state: dict, seats: dict[int, Seat], now: dt.datetime) -> None:
    engine = engine_for(table.game)
    waiting = engine.to_act(state) if table.status == TableStatus.PLAYING else []
    previous = state.get("clock") or {}
    if waiting and waiting == previous.get("seats") and previous.get("version") == table.version:
        return
    seconds = _clock_seconds(table, "action_seconds", DEFAULT_ACTION_SECONDS)
    state["clock"] = {
        "seats": waiting,
        "deadline": (now + dt.timedelta(seconds=seconds)).timestamp() if waiting else None,
        "version": table.version,
    }


def _due_items(table: Table, seats: dict[int, Seat]) -> list[tuple[float, str, int]]:
    """(when, what, seat) of everything with a deadline: clocks and absences."""
    if table.status != TableStatus.PLAYING or not table.state:
        return []
    grace = _clock_seconds(table, "grace_seconds", DEFAULT_GRACE_SECONDS)
    absence = _clock_seconds(table, "absence_seconds", DEFAULT_ABSENCE_SECONDS)
    clock = table.state.get("clock") or {}
    items = []
    for position in clock.get("seats", []):
        when = clock["deadline"]
        seat = seats.get(position)
        if seat is not None and seat.away_since is not None:
            # D13: a disconnected player keeps a grace period before the clock applies.
            when = max(when, seat.away_since.timestamp() + grace)
        items.append((when, "clock", position))
    for seat in seats.values():
        if seat.away_since is not None:
            items.append((seat.away_since.timestamp() + absence, "absence", seat.position))
    return sorted(items)


def _store_deadline(table: Table, seats: dict[int, Seat]) -> None:
    items = _due_items(table, seats)
    table.deadline = dt.datetime.fromtimestamp(items[0][0], tz=dt.UTC) if items else None


def _record(
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
) -> None:
    """Append one event (an INSERT: the log is append-only) for the table's current version, in
    the hand in play (its id is carried in the table's state)."""
    if hand_id is None and table.hand_number:
        hand_id = (table.state or {}).get("hand_id")
        if hand_id is None:  # a state stored before the id was carried in it
            hand_id = (
                Hand.objects.filter(table=table, number=table.hand_number)
                .values_list("pk", flat=True)
                .first()
            )
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{_EVENT}" ("table_id", "hand_id", "version", "cause", "step", "seat", '
            '"player_id", "action", "client_action_id", "events", "created_at") '
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                table.pk,
                hand_id,
                table.version,
                cause,
                step,
                seat,
                player.pk if player is not None else None,
                _json_out(action),
                client_action_id,
                _json_out(events),
                _db_time(timezone.now()),
            ],
        )


def _table_step(table: Table, **record) -> None:
    """A change that moves no money (sitting, leaving, staff acts): a new version and its event."""
    table.version += 1
    _record(table, **record)


def _store(table: Table, seats: dict[int, Seat], left: tuple[int, ...] = ()) -> None:
    """Store what the change did to the locked table and broadcast it after commit."""
    _store_deadline(table, seats)
    _save_table(table)
    _broadcast_on_commit(table, seats, left=left)


def _commit(
    table: Table,
    seats: dict[int, Seat],
    state: dict,
    events: list[dict],
    *,
    now: dt.datetime,
    cause: str,
    step: str,
    action: dict,
    seat: int | None = None,
    player: Player | None = None,
    client_action_id: str = "",
) -> None:
    """Steps 2 and 3 of the actor, for a state the engine produced from table.state."""
    engine = engine_for(table.game)
    table.version += 1
    _book_payments(table, seats, state, events)
    _record(
        table,
        cause=cause,
        step=step,
        events=events,
        action=action,
        seat=seat,
        player=player,
        client_action_id=client_action_id,
    )
    if engine.is_hand_over(state):
        state, events = _finish_hand(table, seats, state, now)
    table.state = state
    _set_clock(table, state, seats, now)
    _store(table, seats)


def _finish_hand(table: Table, seats: dict[int, Seat], state: dict, now: dt.datetime):
    """Reveal the shuffle, then start the next hand of the match or end the match."""
    engine = engine_for(table.game)
    hand = Hand.objects.get(table=table, number=table.hand_number)
    hand.ended_at = now
    hand.result = engine.hand_result(state)
    hand.save(update_fields=["ended_at", "result"])
    state["last_game"] = {"number": hand.number, **hand.result}
    carry = engine.carry_over(state)
    if carry is not None and len(seats) == engine.SEATS[0]:
        return _start_hand(table, seats, now, carry, last_game=state["last_game"]), []
    escrow = _escrow_reference(table, state)
    if ledger.escrow_account(escrow, table.currency).balance == 0:
        ledger.escrow_close(escrow_reference=escrow, currency=table.currency)
    table.status = TableStatus.OPEN
    for seat_obj in seats.values():
        seat_obj.ready = False
        seat_obj.save(update_fields=["ready"])
    return state, []


def _start_hand(
    table: Table,
    seats: dict[int, Seat],
    now: dt.datetime,
    carry: dict | None,
    last_game: dict | None = None,
) -> dict:
    engine = engine_for(table.game)
    table.hand_number += 1
    if carry is None:
        table.match_number += 1
    config = {**table.settings, "stake": table.stake, "hand_number": table.match_number}
    positions = sorted(seats)
    state = engine.new_hand(config, positions, secrets.SystemRandom(), carry)
    secret = shuffle.new_secret()
    record = engine.deck_record(state)
    commitment = shuffle.commitment(record, secret)
    hand = Hand.objects.create(
        table=table,
        number=table.hand_number,
        match_number=table.match_number,
        players={str(p): seats[p].player_id for p in positions},
        initial_state=state,
        commitment=commitment,
        secret=secret,
        deck_record=record,
    )
    state = {**state, "commitment": commitment, "last_game": last_game, "hand_id": hand.pk}
    table.status = TableStatus.PLAYING
    table.version += 1
    events = [*engine.start_events(state), {"type": "commitment", "sha256": commitment}]
    _book_payments(table, seats, state, events)
    _record(
        table,
        cause=TableEvent.Cause.SYSTEM,
        step=TableEvent.Step.DEAL,
        events=events,
        action={"type": "deal"},
        hand_id=hand.pk,
    )
    return state


def _lock(table_id: int) -> Table:
    table = _load_table(table_id, lock=True)
    if table is None:
        raise TableError(_("There is no such table."))
    return table


def _open(table_id: int) -> tuple[Table, dict[int, Seat]]:
    """Lock the table and read its seats."""
    table = _lock(table_id)
    return table, _seats_before(table)


def _seats_before(table: Table) -> dict[int, Seat]:
    """The seats of a locked table; remembers what its summary showed before the change."""
    seats = seats_of(table)
    table._summary_before = _summary_shown(table, seats)
    return seats


def _is_due(table: Table, now: dt.datetime) -> bool:
    return table.deadline is not None and table.deadline <= now


def _locked(table_id: int, now: dt.datetime, body):
    """One transaction: lock the table, apply whatever is overdue, then ``body(table, seats)``.
    If the body refuses (TableError) after an overdue deadline was applied, what the deadline
    did still commits (the body ran in a savepoint) and the refusal is raised after commit."""
    refusal = None
    with transaction.atomic():
        table, seats = _open(table_id)
        if not (_is_due(table, now) and _apply_due(table, seats, now)):
            return body(table, seats)
        try:
            with transaction.atomic():
                return body(table, seats)
        except TableError as error:
            # the body may have changed the objects before it refused: broadcast from the database
            table._stale = True
            refusal = error
    raise refusal


def _apply_due(table: Table, seats: dict[int, Seat], now: dt.datetime) -> int:
    """Apply every clock and absence that is due at `now`, oldest first. Call holding the lock."""
    engine = engine_for(table.game)
    applied = 0
    for _step in range(MAX_OVERDUE_STEPS):
        due = [item for item in _due_items(table, seats) if item[0] <= now.timestamp()]
        if not due:
            break
        _when, what, position = due[0]
        if what == "absence":
            state, events = engine.apply_forfeit(table.state, position, "absent")
            action, step = {"type": "forfeit", "reason": "absent"}, TableEvent.Step.FORFEIT
        else:
            state, events = engine.apply_timeout(table.state, position)
            action, step = {"type": "timeout"}, TableEvent.Step.TIMEOUT
        _commit(
            table,
            seats,
            state,
            events,
            now=now,
            cause=TableEvent.Cause.CLOCK,
            step=step,
            action=action,
            seat=position,
        )
        applied += 1
    return applied


# --- entry points ----------------------------------------------------------------------------


def table_apply_overdue(*, table_id: int, now: dt.datetime | None = None) -> int:
    """Apply whatever is overdue on the table (clock, sweeper, reads). Returns how many changes
    were made; 0 when another process got there first."""
    now = now or timezone.now()
    # A plain read first: most calls find nothing due and need no write transaction (on SQLite
    # every transaction takes the database's write lock).
    if not Table.objects.filter(pk=table_id, deadline__lte=now).exists():
        return 0
    with transaction.atomic():
        table = _lock(table_id)
        if not _is_due(table, now):
            return 0
        return _apply_due(table, _seats_before(table), now)


def overdue_table_ids(now: dt.datetime | None = None, among: set[int] | None = None) -> list[int]:
    now = now or timezone.now()
    tables = Table.objects.filter(deadline__lte=now, status=TableStatus.PLAYING)
    if among is not None:
        tables = tables.filter(pk__in=among)
    return list(tables.values_list("pk", flat=True))


def table_act(
    *,
    table_id: int,
    player: Player,
    action: dict,
    client_action_id: str = "",
    expected_version: int | None = None,
    now: dt.datetime | None = None,
) -> Outcome:
    """A seated player's game action. A repeated client_action_id is answered, not applied.
    One transaction: what is overdue on the table is applied first, then the action."""
    now = now or timezone.now()

    def act(table: Table, seats: dict[int, Seat]) -> Outcome:
        if client_action_id:
            replayed = _replayed_version(table, player, client_action_id)
            if replayed is not None:
                return Outcome(version=replayed, replayed=True)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status == TableStatus.PAUSED:
            raise TableError(_("The table is paused by the casino."))
        if table.status != TableStatus.PLAYING or not table.state:
            raise TableError(_("No hand is in play at this table."))
        # after the checks above, so a spectator or a paused table is told the real reason
        if expected_version is not None and expected_version != table.version:
            raise TableError(_("The table has moved on; here is what it looks like now."))
        engine = engine_for(table.game)
        try:
            state, events = engine.apply(table.state, seat.position, action)
        except IllegalAction as illegal:
            raise TableError(_(illegal.template) % illegal.params) from illegal
        if seat.status != SeatStatus.SITTING:
            seat.status = SeatStatus.SITTING
            seat.away_since = None if seat.connections else seat.away_since
            seat.save(update_fields=["status", "away_since"])
        _commit(
            table,
            seats,
            state,
            events,
            now=now,
            cause=TableEvent.Cause.PLAYER,
            step=TableEvent.Step.ENGINE,
            action=action,
            seat=seat.position,
            player=player,
            client_action_id=client_action_id,
        )
        return Outcome(version=table.version)

    return _locked(table_id, now, act)


def _replayed_version(table: Table, player: Player, client_action_id: str) -> int | None:
    """The version an earlier event with this client_action_id made, if any. The condition on
    the empty id matches the partial unique index's, so the index is used."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "version" FROM "{_EVENT}" WHERE "table_id" = %s AND "player_id" = %s '
            'AND "client_action_id" = %s AND NOT ("client_action_id" = \'\')',
            [table.pk, player.pk, client_action_id],
        )
        row = cursor.fetchone()
    return row[0] if row is not None else None


def table_sit(
    *, table_id: int, player: Player, connected: bool = False, now: dt.datetime | None = None
) -> Outcome:
    """Take a free seat; when the table is full and everyone is ready, the match starts and
    every stake goes to escrow (refused with a clear message if a player cannot cover it)."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    with transaction.atomic():
        table, seats = _open(table_id)
        if table.status in (TableStatus.CLOSED, TableStatus.PAUSED):
            raise TableError(_("This table is not taking players now."))
        if any(s.player_id == player.pk for s in seats.values()):
            return Outcome(version=table.version, replayed=True)
        if _match_in_play(table):
            raise TableError(_("A match is already being played."))
        engine = engine_for(table.game)
        free = [p for p in range(engine.SEATS[1]) if p not in seats]
        if not free:
            raise TableError(_("This table is full."))
        try:
            limits.check_can_stake(player, table.stake, table.currency)
        except limits.StakeRefused as refusal:
            raise TableError(str(refusal)) from refusal
        if ledger.balances_of(player).get(table.currency, 0) < table.stake:
            raise TableError(
                _("You need %(amount)s to sit at this table.")
                % {"amount": format_amount(table.stake, table.currency)}
            )
        # Sitting down from the table's socket counts that socket as connected.
        seat = Seat.objects.create(
            table=table,
            player=player,
            position=free[0],
            connections=1 if connected else 0,
            away_since=None if connected else now,
            status=SeatStatus.SITTING if connected else SeatStatus.DISCONNECTED,
            ready=True,
        )
        seats[seat.position] = seat
        _table_step(
            table,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "sit", "seat": seat.position}],
            action={"type": "sit"},
            seat=seat.position,
            player=player,
        )
        _maybe_start_match(table, seats, now)
        _store(table, seats)
        return Outcome(version=table.version)


def _maybe_start_match(table: Table, seats: dict[int, Seat], now: dt.datetime) -> None:
    engine = engine_for(table.game)
    if (
        table.status == TableStatus.OPEN
        and len(seats) >= engine.SEATS[0]
        and all(seat.ready for seat in seats.values())
    ):
        state = _start_hand(table, seats, now, carry=None)
        table.state = state
        _set_clock(table, state, seats, now)


def table_ready(*, table_id: int, player: Player, now: dt.datetime | None = None) -> Outcome:
    """After a match: the seated player asks for a new one; it starts when everyone has."""
    now = now or timezone.now()
    with transaction.atomic():
        table, seats = _open(table_id)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status != TableStatus.OPEN:
            raise TableError(_("A match is already being played."))
        seat.ready = True
        seat.save(update_fields=["ready"])
        _table_step(
            table,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "ready", "seat": seat.position}],
            action={"type": "ready"},
            seat=seat.position,
            player=player,
        )
        try:
            with transaction.atomic():
                _maybe_start_match(table, seats, now)
        except TableError:
            seat.ready = False
            seat.save(update_fields=["ready"])
            raise
        _store(table, seats)
        return Outcome(version=table.version)


def table_leave(*, table_id: int, player: Player, now: dt.datetime | None = None) -> Outcome:
    """Leave the seat; leaving during a match forfeits it (D11)."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    with transaction.atomic():
        table, seats = _open(table_id)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        engine = engine_for(table.game)
        if _match_in_play(table):  # playing or paused: D11, leaving forfeits the match
            state, events = engine.apply_forfeit(table.state, seat.position, "left")
            _commit(
                table,
                seats,
                state,
                events,
                now=now,
                cause=TableEvent.Cause.PLAYER,
                step=TableEvent.Step.FORFEIT,
                action={"type": "forfeit", "reason": "left"},
                seat=seat.position,
                player=player,
            )
        position = seat.position
        seat.delete()
        del seats[position]
        _table_step(
            table,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "leave", "seat": position}],
            action={"type": "leave"},
            seat=position,
            player=player,
        )
        _store(table, seats, left=(player.pk,))
        return Outcome(version=table.version)


def table_presence(
    *, table_id: int, player: Player, change: str, now: dt.datetime | None = None
) -> None:
    """A socket of the player connected or disconnected, or the player sat out or came back.
    While a seated player is away (no socket, or sitting out) the grace period and the absence
    limit run (D13)."""
    now = now or timezone.now()
    with transaction.atomic():
        table, seats = _open(table_id)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            if change in ("sit_out", "back"):
                raise TableError(_("You are not seated at this table."))
            return
        if change == "connect":
            seat.connections += 1
        elif change == "disconnect":
            seat.connections = max(0, seat.connections - 1)
        elif change == "sit_out":
            seat.status = SeatStatus.SITTING_OUT
        elif change == "back":
            seat.status = SeatStatus.SITTING
        was_away = seat.away_since is not None
        away = seat.connections == 0 or seat.status == SeatStatus.SITTING_OUT
        if away and not was_away:
            seat.away_since = now
        elif not away:
            seat.away_since = None
        if seat.status != SeatStatus.SITTING_OUT:
            seat.status = SeatStatus.SITTING if not away else SeatStatus.DISCONNECTED
        seat.save(update_fields=["connections", "status", "away_since"])
        _apply_due(table, seats, now)
        if away != was_away or change in ("sit_out", "back"):
            _table_step(
                table,
                cause=TableEvent.Cause.SYSTEM,
                events=[{"type": "away" if away else "back", "seat": seat.position}],
                action={"type": change},
                seat=seat.position,
                player=player,
            )
            _broadcast_on_commit(table, seats)
        _store_deadline(table, seats)
        _save_table(table)


# --- staff ------------------------------------------------------------------------------------

STAFF_ACTS = ("pause", "resume", "void", "close", "open")
# what may change only while no match is in play (a match keeps the terms it started with)
MATCH_TERMS = ("game", "stake", "currency", "settings")


def _match_in_play(table: Table) -> bool:
    return table.status in (TableStatus.PLAYING, TableStatus.PAUSED) and bool(
        table.state and not engine_for(table.game).is_match_over(table.state)
    )


def table_staff_act(
    *, table_id: int, staff: Player, act: str, reason: str = "", now: dt.datetime | None = None
) -> Outcome:
    """A staff act on a table, through the actor like every change, after whatever was already
    overdue (a clock or an absence that decided the match first stands):
    pause (the match and its clocks stop; nobody may act), resume (clocks restart from full
    time, and an away player's absence is counted again from now), void (the match in play ends
    without a winner and every stake goes back), close (no new match; players may stay seated)
    and open."""
    if act not in STAFF_ACTS:
        raise TableError(_("Unknown staff action."))
    if not staff.has_perm(PIT_PERMISSION):  # whichever way in: the pit page, the admin, code
        raise TableError(_("Only the pit boss may pause, void, close or open a table."))
    if len(reason) > MAX_REASON_LENGTH:
        raise TableError(
            _("The reason is at most %(count)s characters.") % {"count": MAX_REASON_LENGTH}
        )
    if "\x00" in reason:  # PostgreSQL's jsonb refuses it: an error here, not a crash there
        raise TableError(_("The reason holds a character that is not allowed."))
    now = now or timezone.now()

    def do(table: Table, seats: dict[int, Seat]) -> Outcome:
        in_play = _match_in_play(table)
        if act == "void":
            if not in_play:
                raise TableError(_("No match is being played at this table."))
            state, events = engine_for(table.game).apply_void(table.state)
            table.status = TableStatus.PLAYING  # a paused match is voided as well
            _commit(
                table,
                seats,
                state,
                events,
                now=now,
                cause=TableEvent.Cause.STAFF,
                step=TableEvent.Step.VOID,
                action={"type": "void", "reason": reason},
                player=staff,
            )
            return Outcome(version=table.version)
        target = _staff_status(table, act, in_play)
        table.status = target
        _table_step(
            table,
            cause=TableEvent.Cause.STAFF,
            events=[{"type": act, "status": target}],
            action={"type": act, "reason": reason},
            player=staff,
        )
        if act == "resume":
            # the absence limit did not run while the table was paused
            for seat in seats.values():
                if seat.away_since is not None:
                    seat.away_since = now
                    seat.save(update_fields=["away_since"])
        if table.state and target == TableStatus.PLAYING:
            _set_clock(table, table.state, seats, now)  # a new version: full time again
        _store(table, seats)
        return Outcome(version=table.version)

    return _locked(table_id, now, do)


def _staff_status(table: Table, act: str, in_play: bool) -> str:
    status = table.status
    if act == "pause":
        if status != TableStatus.PLAYING:
            raise TableError(_("Only a table with a match in play can be paused."))
        return TableStatus.PAUSED
    if act == "resume":
        if status != TableStatus.PAUSED:
            raise TableError(_("The table is not paused."))
        return TableStatus.PLAYING if in_play else TableStatus.OPEN
    if in_play:
        raise TableError(_("Void or finish the match in play first."))
    if act == "close":
        if status == TableStatus.CLOSED:
            raise TableError(_("The table is closed already."))
        return TableStatus.CLOSED
    if status == TableStatus.OPEN:
        raise TableError(_("The table is open already."))
    return TableStatus.OPEN


def table_configure_refusal(table: Table, changes: dict) -> str | None:
    """Why staff may not make these changes to the table now (None: they may)."""
    changed = {key for key, value in changes.items() if getattr(table, key) != value}
    if changed & set(MATCH_TERMS) and _match_in_play(table):
        return _(
            "The game, stake, currency and settings cannot change while a match is being "
            "played: void it or wait for it to end."
        )
    if "game" in changed and table.seats.exists():
        return _("The game cannot change while players are seated.")
    return table_terms_refusal(
        changes.get("game", table.game), changes.get("settings", table.settings)
    )


def table_terms_refusal(game: str, settings) -> str | None:
    """Why a table could not be played with this game and these settings (None: it could)."""
    if game not in registered_games():
        return _("There is no game %(game)s.") % {"game": game}
    if not isinstance(settings, dict):
        return _("The settings are a JSON object.")
    for key in ("action_seconds", "grace_seconds", "absence_seconds"):
        if key in settings and not _positive_number(settings[key]):
            return _("%(setting)s is a number of seconds above 0.") % {"setting": key}
    check = getattr(engine_for(game), "check_settings", None)
    if check is not None:
        try:
            check(settings)
        except IllegalAction as illegal:
            return _(illegal.template) % illegal.params
    return None


def _positive_number(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return False
    try:
        number = float(value)
    except ValueError:
        return False
    return math.isfinite(number) and number > 0


def table_configure(
    *, table_id: int, staff: Player, changes: dict, now: dt.datetime | None = None
) -> Outcome:
    """Staff change a table's name, game, stake, currency or settings (the admin's form), through
    the actor: under the table lock, after whatever was overdue, refused while a match is in play
    for what the match was started with, recorded as a staff event and broadcast with a new
    version (so no socket keeps a board rendered with the old terms). Players seated when the
    terms change must say again that they are ready: nobody is staked on terms he did not see."""
    now = now or timezone.now()
    allowed = {"name", *MATCH_TERMS}
    if set(changes) - allowed:
        raise TableError(_("Only the name, game, stake, currency and settings can be changed."))

    def do(table: Table, seats: dict[int, Seat]) -> Outcome:
        refusal = table_configure_refusal(table, changes)
        if refusal:
            raise TableError(refusal)
        changed = {key: value for key, value in changes.items() if getattr(table, key) != value}
        if not changed:
            return Outcome(version=table.version, replayed=True)
        for key, value in changed.items():
            setattr(table, key, value)
        try:
            table.full_clean(exclude=["state"])
        except ValidationError as invalid:
            raise TableError(" ".join(invalid.messages)) from invalid
        Table.objects.filter(pk=table.pk).update(**changed)
        if set(changed) & set(MATCH_TERMS):
            for seat in seats.values():
                if seat.ready:
                    seat.ready = False
                    seat.save(update_fields=["ready"])
        _table_step(
            table,
            cause=TableEvent.Cause.STAFF,
            events=[{"type": "configure", "changed": sorted(changed)}],
            action={"type": "configure", **{k: changed[k] for k in sorted(changed)}},
            player=staff,
        )
        _store(table, seats)
        return Outcome(version=table.version)

    return _locked(table_id, now, do)


def table_snapshot(*, table_id: int, player: Player | None, now: dt.datetime | None = None):
    """The full current view for one reader, after applying whatever is overdue."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    table = _load_table(table_id, lock=False)
    if table is None:
        raise TableError(_("There is no such table."))
    seats = seats_of(table)
    position = next(
        (s.position for s in seats.values() if player is not None and s.player_id == player.pk),
        None,
    )
    return table_view(table, seats, position)


# --- broadcasting ----------------------------------------------------------------------------


def _broadcast_on_commit(table: Table, seats: dict[int, Seat], left: tuple[int, ...] = ()) -> None:
    """Broadcast the table once after this transaction commits, however many changes it made
    (an overdue clock applied before an action, a forfeit then a leave): the first callback
    sends the committed state, the others find it sent. `left`: players who lost their seat."""
    table._left = (*getattr(table, "_left", ()), *left)

    def send():
        if getattr(table, "_broadcast_sent", False):
            return
        table._broadcast_sent = True
        if getattr(table, "_stale", False):  # a refused change left the objects behind
            broadcast(table.pk, left=table._left)
        else:
            broadcast(table.pk, table, seats, left=table._left)

    transaction.on_commit(send)


def broadcast(
    table_id: int,
    table: Table | None = None,
    seats: dict[int, Seat] | None = None,
    left: tuple[int, ...] = (),
) -> None:
    """After commit: the public view to the table's group (spectators' sockets: a seated
    player's sockets leave it), each seat's own view to that player's group, the public view to
    the group of each player who just `left` (their sockets are not in the table's group), and,
    when what it shows changed (status, players and who is away, score, hand; not on every
    card), a summary line to the pit boss and the lobby. The caller may hand over the table and
    seats it just committed, sparing a reload."""
    if table is None or seats is None:
        table = _load_table(table_id, lock=False)
        seats = seats_of(table)
    seated = [seat.player_id for seat in seats.values()]
    messages = []
    public = None
    # the public view, for spectators: built only if someone may be watching
    if left or has_listeners(get_channel_layer(), table.group_name):
        public = view_message("table.view", table, seats, None, seated)
        messages.append((table.group_name, public))
    for player_id in left:
        messages.append((user_group(player_id), {**public, "type": "table.private"}))
    for seat in seats.values():
        messages.append(
            (
                user_group(seat.player_id),
                view_message("table.private", table, seats, seat.position, seated),
            )
        )
    summary = table_summary(table, seats)
    if getattr(table, "_summary_before", None) != _summary_shown(table, seats, summary):
        if has_listeners(get_channel_layer(), PIT_GROUP):
            # read once here, not by every pit socket: as of this change
            pace = games_last_hour([table.pk]).get(table.pk, 0)
            pit_row = {**summary, "games_last_hour": pace}
            messages.append((PIT_GROUP, {"type": "pit.summary", "summary": pit_row}))
        messages.append((LOBBY_GROUP, {"type": "lobby.table", "summary": summary}))
    group_send_all(messages)


def announce_table_gone(table_id: int) -> None:
    """After a table is deleted (the admin allows it only for a table with no history): its row
    leaves the lobby's and the pit boss's live lists."""
    group_send_all(
        [
            (LOBBY_GROUP, {"type": "lobby.table_gone", "table": table_id}),
            (PIT_GROUP, {"type": "pit.table_gone", "table": table_id}),
        ]
    )


def games_last_hour(table_ids) -> dict[int, int]:
    """Games (hands) ended in the last hour, by table: the pit boss's pace of play."""
    since = timezone.now() - dt.timedelta(hours=1)
    hands = Hand.objects.filter(table_id__in=table_ids, ended_at__gte=since)
    return dict(hands.values("table_id").annotate(n=Count("pk")).values_list("table_id", "n"))


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


def _summary_shown(table: Table, seats: dict[int, Seat], summary: dict | None = None) -> dict:
    """The summary without its version: what a lobby row or the pit shows."""
    summary = dict(summary or table_summary(table, seats))
    del summary["version"]
    return summary


def table_summary(table: Table, seats: dict[int, Seat]) -> dict:
    state = table.state or {}
    match = state.get("match") or {}
    return {
        "id": table.pk,
        "name": table.name,
        "game": table.game,
        "status": table.status,
        "stake": table.stake,
        "currency": table.currency,
        "wins_to_win": table.setting("wins_to_win", 5),
        "score": match.get("score"),
        "players": [_shown_name(seats[p]) for p in sorted(seats)],
        # who is away (no socket, or sitting out): the pit boss watches it, and a departure
        # reaches the lobby and the pit as a new summary
        "away": [p for p in sorted(seats) if seats[p].away_since is not None],
        # the stakes in the pot while a match is in play (each seat staked once, at its start)
        "pot": table.stake * len(seats) if _match_in_play(table) else 0,
        # the same by seat, for the pit boss's row
        "seats": [
            {"name": _shown_name(seats[p]), "away": seats[p].away_since is not None}
            for p in sorted(seats)
        ],
        "capacity": engine_for(table.game).SEATS[1],
        "version": table.version,
        "hand_number": table.hand_number,
    }
