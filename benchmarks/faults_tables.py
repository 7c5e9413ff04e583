"""House-banked tables killed mid-way (benchmarks/faults.py, issue 46): craps and blackjack
sessions and seats coming and going in a child killed at random, then settled and checked
against the log."""

from __future__ import annotations

import random
import time
import uuid
from collections import Counter
from contextlib import suppress

from benchmarks.faults_kit import (
    CURRENCY,
    FUNDS,
    Figures,
    balance,
    books_clean,
    child_output,
    kill_child_at_random,
    new_funded_player,
    note_the_kill,
    start_child,
)

# --- house-banked tables: craps, blackjack, seats coming and going (issue 46) --------------------

HOUSE_TABLES = {
    "craps": {
        "min_bet": 100,
        "max_bet": 10_000,
        "min_unit": 100,
        "start_seconds": 0,
        "bet_seconds": 600,
        "shooter_seconds": 600,
        "action_seconds": 600,
        "grace_seconds": 600,
        "absence_seconds": 600,
    },
    "blackjack": {
        "min_bet": 100,
        "max_bet": 5_000,
        "boxes": 7,
        "start_seconds": 0,
        "action_seconds": 600,
        "grace_seconds": 600,
        "absence_seconds": 600,
    },
}
# the kinds of action a player takes whenever they are legal, before any other (the rest at
# random): what the run is meant to have working when the kill comes
PREFERRED = {
    "craps": ("bet",),
    "blackjack": ("split", "double", "insurance", "bet"),
}
HOUSE_STEPS_AFTER = 6  # actions the next process plays after the kill, before the leaves


def house_table(game: str):
    from tables.models import Table

    return Table.objects.create(
        name=f"faults {game} {uuid.uuid4().hex[:6]}",
        game=game,
        currency=CURRENCY,
        settings=HOUSE_TABLES[game],
    )


def house_step(table_id: int, players: dict, rng: random.Random) -> bool:
    """One action of a player the table awaits, through the table actor: a preferred kind if
    one is legal (a bet, in craps, 3 times in 4), else one at random. False if nobody is
    awaited (no hand in play)."""
    from tables import services
    from tables.engines.registry import engine_for
    from tables.models import Seat, Table, TableStatus

    table = Table.objects.get(pk=table_id)
    engine = engine_for(table.game)
    if table.status != TableStatus.PLAYING or not table.state:
        return False
    seats = dict(
        Seat.objects.filter(table=table, leaving_since=None).values_list("position", "player_id")
    )
    awaited = [p for p in engine.to_act(table.state) if p in seats]
    if not awaited:
        return False
    position = rng.choice(awaited)
    legal = engine.legal_actions(table.state, position)
    preferred = [a for a in legal if a.get("type") in PREFERRED[table.game]]
    action = rng.choice(preferred if preferred and rng.random() < 0.75 else legal)
    with suppress(services.TableError):  # a stake over the limits, a race with the clock
        services.table_act(
            table_id=table_id,
            player=players[seats[position]],
            action=action,
            expected_version=table.version,
        )
    return True


def play_house(table_id: int, player_ids: list[int], rng: random.Random, announce: bool) -> None:
    """Play the table until killed: every player awaited acts; "go" after the first action."""
    from casino.models import Player
    from tables import services

    players = Player.objects.in_bulk(player_ids)
    steps = 0
    while True:
        if not house_step(table_id, players, rng):
            services.table_apply_overdue(table_id=table_id)
            time.sleep(0.01)
            continue
        steps += 1
        if announce and steps == 1:
            print("go", flush=True)


def come_and_go(table_id: int, player_ids: list[int], rng: random.Random, announce: bool) -> None:
    """Until killed: both players sit, play a few actions (bets on the layout), and leave in a
    random order, again and again; "go" after the first sit."""
    from casino.models import Player
    from tables import services

    players = Player.objects.in_bulk(player_ids)
    first = True
    while True:
        for player in rng.sample(list(players.values()), len(players)):
            with suppress(services.TableError):  # held still for bets of his last visit
                services.table_sit(table_id=table_id, player=player, connected=True)
            if announce and first:
                print("go", flush=True)
                first = False
        for _step in range(rng.randrange(1, 8)):
            house_step(table_id, players, rng)
        for player in rng.sample(list(players.values()), len(players)):
            with suppress(services.TableError):
                services.table_leave(table_id=table_id, player=player)


def settle_house_table(table_id: int, players: dict, rng: random.Random) -> bool:
    """After the kill, the next process: play on a few actions, then every player leaves, and
    the table's clock (the sweeper's path, its time moved on) plays out what held seats keep
    working. True once no seat is left."""
    import datetime as dt

    from django.utils import timezone

    from tables import services
    from tables.models import Seat

    for _step in range(HOUSE_STEPS_AFTER):
        house_step(table_id, players, rng)
    for player in players.values():
        with suppress(services.TableError):  # not seated (left before the kill), or deferred
            services.table_leave(table_id=table_id, player=player)
    now = timezone.now()
    for _tick in range(200):
        if not Seat.objects.filter(table_id=table_id).exists():
            return True
        now += dt.timedelta(seconds=900)
        services.table_apply_overdue(table_id=table_id, now=now)
    return not Seat.objects.filter(table_id=table_id).exists()


def paid_by_the_log(table_id: int) -> Counter:
    """Each player's net from the table's event log: the payments to his seat less his seat's,
    the seat read as whoever sat there when the event was stored."""
    from tables.engines.base import SEAT, Party, payments
    from tables.models import TableEvent

    sitting: dict[int, int] = {}
    net: Counter = Counter()
    for player_id, events in (
        TableEvent.objects.filter(table_id=table_id)
        .order_by("version", "pk")
        .values_list("player_id", "events")
    ):
        for event in events or []:
            if event.get("type") in ("sit", "assign") and player_id is not None:
                sitting[event["seat"]] = player_id
        for payment in payments(events or []):
            source, target = Party.parse(payment.source), Party.parse(payment.target)
            if source.kind == SEAT:
                net[sitting[source.key]] -= payment.amount
            if target.kind == SEAT:
                net[sitting[target.key]] += payment.amount
    return net


def run_house(
    figures: Figures, game: str, runs: int, rng: random.Random, env: dict[str, str], child: str
) -> None:
    """Kill a process playing ``game`` (``child``: "house" plays, "seat" comes and goes) at a
    random moment; the next process settles the table; every stake settled or returned once."""
    from tables.engines.registry import engine_for
    from tables.models import Table, TableStatus

    upto = 3.0
    while figures.kills < runs:
        figures.runs += 1
        table = house_table(game)
        people = [new_funded_player(f"{child}-{game}") for _ in range(2)]
        players = {p.pk: p for p in people}
        if child == "house":
            from tables import services

            for player in people:
                services.table_sit(table_id=table.pk, player=player, connected=True)
        process = start_child([child, str(table.pk), *(str(p.pk) for p in people)], env)
        if not kill_child_at_random(process, rng, upto):
            figures.fail(f"run {figures.runs}: the {child} process ended by itself")
            child_output(process)
            continue
        figures.kills += 1
        child_output(process)
        note_the_kill(figures, table.pk)
        try:
            emptied = settle_house_table(table.pk, players, rng)
        except Exception as error:  # the table did not recover: a failure, never a pass
            figures.fail(f"run {figures.runs}: {type(error).__name__}: {error}")
            continue
        table = Table.objects.get(pk=table.pk)
        engine = engine_for(game)
        net = paid_by_the_log(table.pk)
        wallets = {p.pk: balance(p) for p in people}
        expected = {p.pk: FUNDS + net[p.pk] for p in people}
        held = engine.in_play(table.state) and any(
            engine.holds_bets(table.state, position) for position in range(engine.seats[1])
        )
        ok = emptied and not held and wallets == expected
        if not ok:
            figures.fail(
                f"run {figures.runs}: seats emptied {emptied}, bets held {held}, wallets "
                f"{wallets} (by the log {expected})"
            )
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
        Table.objects.filter(pk=table.pk).update(status=TableStatus.CLOSED)
