"""Tournaments and their players for the tests."""

import datetime as dt
import random
from decimal import Decimal

from django.utils import timezone

from casino import ledger
from tables import services as table_services
from tables.games.durak import engine as durak
from tables.models import Table, TableStatus
from tables.tournament import services
from tables.tournament.models import Tournament, TournamentMatch
from tests.conftest import fund, new_player
from tests.tables.conftest import pick_action

FEE = 100_00


def make_tournament(**fields) -> Tournament:
    now = timezone.now()
    values = {
        "name": "Cup",
        "currency": "BYN",
        "entry_fee": FEE,
        "casino_percent": Decimal("20"),
        "min_entrants": 2,
        "max_entrants": 32,
        "registration_closes_at": now + dt.timedelta(hours=1),
        "starts_at": now + dt.timedelta(hours=1),
        # clocks far longer than a scripted match takes on a loaded machine: a test that means
        # a clock or an absence to run out says so
        "action_seconds": 600,
        "grace_seconds": 600,
        "absence_seconds": 3600,
        **fields,
    }
    return Tournament.objects.create(**values)


def funded_players(count: int, amount: int = 500_00, **fields):
    players = [new_player(**fields) for _ in range(count)]
    for player in players:
        fund(player, amount)
    return players


def started(tournament: Tournament, players) -> Tournament:
    for player in players:
        services.tournament_register(tournament_id=tournament.pk, player=player)
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    tournament.refresh_from_db()
    return tournament


def balance(player) -> int:
    return ledger.balances_of(player).get("BYN", 0)


def escrow_balance(tournament: Tournament) -> int:
    return ledger.escrow_account(tournament.escrow_reference, tournament.currency).balance


def open_matches(tournament: Tournament) -> list[TournamentMatch]:
    return list(
        TournamentMatch.objects.filter(tournament=tournament, status="open")
        .select_related("table", "entry_a__player", "entry_b__player")
        .order_by("round_number", "slot")
    )


def play_match_out(table_id: int, players, seed: int = 1, limit: int = 20_000) -> Table:
    """Random legal play at the match's table through the actor until the match is over."""
    rng = random.Random(seed)
    by_id = {p.pk: p for p in players}
    for _step in range(limit):
        table = Table.objects.get(pk=table_id)
        if table.status != TableStatus.PLAYING:
            return table
        seats = {s.position: s.player_id for s in table.seats.all()}
        (seat,) = durak.to_act(table.state)
        table_services.table_act(
            table_id=table_id,
            player=by_id[seats[seat]],
            action=pick_action(table.state, seat, rng),
        )
    raise AssertionError("the match did not end")


def play_until_both_moved(table_id: int, players, seed: int = 1, limit: int = 200) -> None:
    """Random legal moves at the match's table until each player has made one of his own (both
    took part: issue 45's rulings then pay them as the places say)."""
    rng = random.Random(seed)
    by_id = {p.pk: p for p in players}
    moved: set[int] = set()
    for _step in range(limit):
        if moved == set(by_id):
            return
        table = Table.objects.get(pk=table_id)
        seats = {s.position: s.player_id for s in table.seats.all()}
        (seat,) = durak.to_act(table.state)
        table_services.table_act(
            table_id=table_id,
            player=by_id[seats[seat]],
            action=pick_action(table.state, seat, rng),
        )
        moved.add(seats[seat])
    raise AssertionError("the players did not both move")
