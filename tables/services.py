"""The table actor: the one code path for every change to a live table (DESIGN.md).

Whoever causes a change (a player's action, a clock, staff, sitting down or leaving), it goes:
1. one transaction: lock the table row (SELECT ... FOR UPDATE), check the expected version;
2. apply the engine; book its payments in the ledger; append the events; save state and version;
3. after commit, broadcast: the public view to ``table.<id>``, each seat's private view to that
   player's own group ``user.<id>`` only, a one-line summary to ``pit``.

Every function here takes the table lock itself; callers must not hold other table locks.
Clocks: deadlines live in the state (``state["clock"]``) and in ``Table.deadline`` (for the
sweeper's index). ``table_apply_overdue`` applies what is due, and every other entry point calls it
first, so whoever notices an overdue deadline first applies it, exactly once.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import format_amount
from casino.models import Player
from casino.realtime import LOBBY_GROUP, group_send_all, user_group
from tables.engines import shuffle
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for
from tables.models import Hand, Seat, SeatStatus, Table, TableEvent, TableStatus

log = logging.getLogger(__name__)

PIT_GROUP = "pit"
DEFAULT_ACTION_SECONDS = 30
DEFAULT_GRACE_SECONDS = 60
DEFAULT_ABSENCE_SECONDS = 180
MAX_OVERDUE_STEPS = 50


class TableError(Exception):
    """A request the table refuses; str() is a sentence for that player alone."""


@dataclass(frozen=True)
class Outcome:
    version: int
    replayed: bool = False


# --- reading -------------------------------------------------------------------------------


def seats_of(table: Table) -> dict[int, Seat]:
    return {seat.position: seat for seat in table.seats.select_related("player")}


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
                    "name": seat.player.shown_name,
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
) -> None:
    TableEvent.objects.create(
        table=table,
        hand_id=Hand.objects.filter(table=table, number=table.hand_number)
        .values_list("pk", flat=True)
        .first(),
        version=table.version,
        cause=cause,
        step=step,
        seat=seat,
        player=player,
        action=action,
        client_action_id=client_action_id,
        events=events,
    )


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
    _store_deadline(table, seats)
    table.save()
    transaction.on_commit(lambda: broadcast(table.pk, table, seats))


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
    Hand.objects.create(
        table=table,
        number=table.hand_number,
        match_number=table.match_number,
        players={str(p): seats[p].player_id for p in positions},
        initial_state=state,
        commitment=commitment,
        secret=secret,
        deck_record=record,
    )
    state = {**state, "commitment": commitment, "last_game": last_game}
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
    )
    return state


def _lock(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise TableError(_("There is no such table.")) from None


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
        if table.deadline is None or table.deadline > now:
            return 0
        return _apply_due(table, seats_of(table), now)


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
    """A seated player's game action. A repeated client_action_id is answered, not applied."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    with transaction.atomic():
        table = _lock(table_id)
        if client_action_id:
            # the exclude() matches the partial unique index's condition, so it is used
            done = (
                TableEvent.objects.filter(
                    table=table, player=player, client_action_id=client_action_id
                )
                .exclude(client_action_id="")
                .only("version")
                .first()
            )
            if done is not None:
                return Outcome(version=done.version, replayed=True)
        if expected_version is not None and expected_version != table.version:
            raise TableError(_("The table has moved on; here is what it looks like now."))
        seats = seats_of(table)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status != TableStatus.PLAYING or not table.state:
            raise TableError(_("No hand is in play at this table."))
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


def table_sit(
    *, table_id: int, player: Player, connected: bool = False, now: dt.datetime | None = None
) -> Outcome:
    """Take a free seat; when the table is full and everyone is ready, the match starts and
    every stake goes to escrow (refused with a clear message if a player cannot cover it)."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    with transaction.atomic():
        table = _lock(table_id)
        if table.status in (TableStatus.CLOSED, TableStatus.PAUSED):
            raise TableError(_("This table is not taking players now."))
        seats = seats_of(table)
        if any(s.player_id == player.pk for s in seats.values()):
            return Outcome(version=table.version, replayed=True)
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
        table.version += 1
        _record(
            table,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "sit", "seat": seat.position}],
            action={"type": "sit"},
            seat=seat.position,
            player=player,
        )
        _maybe_start_match(table, seats, now)
        _store_deadline(table, seats)
        table.save()
        transaction.on_commit(lambda: broadcast(table.pk, table, seats))
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
        table = _lock(table_id)
        seats = seats_of(table)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.status != TableStatus.OPEN:
            raise TableError(_("A match is already being played."))
        seat.ready = True
        seat.save(update_fields=["ready"])
        table.version += 1
        _record(
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
        _store_deadline(table, seats)
        table.save()
        transaction.on_commit(lambda: broadcast(table.pk, table, seats))
        return Outcome(version=table.version)


def table_leave(*, table_id: int, player: Player, now: dt.datetime | None = None) -> Outcome:
    """Leave the seat; leaving during a match forfeits it (D11)."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    with transaction.atomic():
        table = _lock(table_id)
        seats = seats_of(table)
        seat = next((s for s in seats.values() if s.player_id == player.pk), None)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        engine = engine_for(table.game)
        if table.status == TableStatus.PLAYING and table.state:
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
        table.version += 1
        _record(
            table,
            cause=TableEvent.Cause.PLAYER,
            events=[{"type": "leave", "seat": position}],
            action={"type": "leave"},
            seat=position,
            player=player,
        )
        _store_deadline(table, seats)
        table.save()
        transaction.on_commit(lambda: broadcast(table.pk, table, seats))
        return Outcome(version=table.version)


def table_presence(
    *, table_id: int, player: Player, change: str, now: dt.datetime | None = None
) -> None:
    """A socket of the player connected or disconnected, or the player sat out or came back.
    While a seated player is away (no socket, or sitting out) the grace period and the absence
    limit run (D13)."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock(table_id)
        seats = seats_of(table)
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
            table.version += 1
            _record(
                table,
                cause=TableEvent.Cause.SYSTEM,
                events=[{"type": "away" if away else "back", "seat": seat.position}],
                action={"type": change},
                seat=seat.position,
                player=player,
            )
            transaction.on_commit(lambda: broadcast(table.pk, table, seats))
        _store_deadline(table, seats)
        table.save()


def table_snapshot(*, table_id: int, player: Player | None, now: dt.datetime | None = None):
    """The full current view for one reader, after applying whatever is overdue."""
    now = now or timezone.now()
    table_apply_overdue(table_id=table_id, now=now)
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise TableError(_("There is no such table."))
    seats = seats_of(table)
    position = next(
        (s.position for s in seats.values() if player is not None and s.player_id == player.pk),
        None,
    )
    return table_view(table, seats, position)


# --- broadcasting ----------------------------------------------------------------------------


def broadcast(
    table_id: int, table: Table | None = None, seats: dict[int, Seat] | None = None
) -> None:
    """After commit: the public view to the table's group, each seat's own view to that player's
    group, a summary line to the pit boss and the lobby. The caller may hand over the table and
    seats it just committed, sparing a reload."""
    if table is None or seats is None:
        table = Table.objects.get(pk=table_id)
        seats = seats_of(table)
    messages = [(table.group_name, {"type": "table.view", "view": table_view(table, seats, None)})]
    for seat in seats.values():
        messages.append(
            (
                user_group(seat.player_id),
                {
                    "type": "table.private",
                    "table": table.pk,
                    "view": table_view(table, seats, seat.position),
                },
            )
        )
    summary = table_summary(table, seats)
    messages.append((PIT_GROUP, {"type": "pit.summary", "summary": summary}))
    messages.append((LOBBY_GROUP, {"type": "lobby.table", "summary": summary}))
    group_send_all(messages)


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
        "players": [seats[p].player.shown_name for p in sorted(seats)],
        "capacity": engine_for(table.game).SEATS[1],
        "version": table.version,
        "hand_number": table.hand_number,
    }
