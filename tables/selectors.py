"""Reads for pages: the lobby's table list, the pit boss's rows, a table's finished hands, a
hand's replay."""

from __future__ import annotations

from tables import services
from tables.engines.registry import engine_for
from tables.models import Hand, Table, TableEvent, TableStatus


def lobby_tables() -> list[dict]:
    return _summaries(Table.objects.exclude(status=TableStatus.CLOSED))


def pit_tables(table_id: int | None = None) -> list[dict]:
    """Every table (or the one of `table_id`), closed ones too, for the pit boss."""
    tables = Table.objects.order_by("pk")
    return _summaries(tables if table_id is None else tables.filter(pk=table_id))


def pit_rows(table_id: int | None = None) -> list[dict]:
    """The pit boss's rows: each table's summary and its games in the last hour."""
    summaries = pit_tables(table_id)
    pace = services.games_last_hour([t["id"] for t in summaries])
    return [{**t, "games_last_hour": pace.get(t["id"], 0)} for t in summaries]


def _summaries(tables) -> list[dict]:
    return [
        services.table_summary(table, {seat.position: seat for seat in table.seats.all()})
        for table in tables.prefetch_related("seats__player")
    ]


def finished_hands(table: Table, viewer) -> list[Hand]:
    hands = Hand.objects.filter(table=table, ended_at__isnull=False).order_by("-number")
    if viewer.is_staff:
        return list(hands)
    return [hand for hand in hands if viewer.pk in hand.player_ids()]


def can_see_hand(hand: Hand, viewer) -> bool:
    return viewer.is_staff or viewer.pk in hand.player_ids()


def hand_replay(hand: Hand, viewer) -> list[dict]:
    """Every step of a hand from its initial state and the logged actions: time, cause, seat,
    action, public events, and the cards each seat held (the viewer's own seat only; staff
    see every seat)."""
    engine = engine_for(hand.table.game)
    own = (
        None
        if viewer.is_staff
        else next((int(p) for p, pk in hand.players.items() if pk == viewer.pk), None)
    )
    state = hand.initial_state
    steps = [_step(engine, state, own, viewer.is_staff, None)]
    for event in TableEvent.objects.filter(hand=hand).order_by("version"):
        if event.step == TableEvent.Step.ENGINE:
            state, _events = engine.apply(state, event.seat, event.action)
        elif event.step == TableEvent.Step.TIMEOUT:
            state, _events = engine.apply_timeout(state, event.seat)
        elif event.step == TableEvent.Step.FORFEIT:
            state, _events = engine.apply_forfeit(state, event.seat, event.action.get("reason"))
        elif event.step == TableEvent.Step.VOID:
            state, _events = engine.apply_void(state)
        else:
            continue
        steps.append(_step(engine, state, own, viewer.is_staff, event))
    return steps


def _step(engine, state, own, staff, event) -> dict:
    if staff:
        hands = {seat: hand for seat, hand in enumerate(engine.full_view(state)["hands"])}
    elif own is not None:
        hands = {own: engine.view(state, own)["hand"]}
    else:
        hands = {}
    return {
        "event": event,
        "public": engine.view(state, None),
        "hands": hands,
    }
