"""A leave is never lost and a gone player's seat is freed (issue 46).

- A leave whose change fails is recorded on the seat, the player is told (a sentence to his
  socket, which stays open) and the table's clock applies it.
- A player whose sockets all closed keeps his seat for the table's absence limit
  (``absence_seconds``, D13) between hands as well as within them, then it is freed; coming
  back in time keeps it; sitting out with a socket open keeps it. The pit boss's tile says when
  the seat goes and which leave waits for the clock.
Times are driven by ``now=`` (never the wall clock)."""

import datetime as dt

import pytest
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import timezone, translation

from tables import actor, services
from tables.engines.registry import engine_for
from tables.models import Seat, Table, TableStatus
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.sockets import Socket, table_with_players

ABSENCE = 120
HIGHCARD = engine_for("highcard").example_configs[0]


def highcard_table(**extra) -> Table:
    return Table.objects.create(
        name="Absence",
        game="highcard",
        currency="BYN",
        settings={**HIGHCARD, "absence_seconds": ABSENCE, "start_seconds": 600, **extra},
    )


def seated(table: Table, count: int, now) -> list:
    players = [new_player(language="en") for _ in range(count)]
    for player in players:
        fund(player, 100_000)
        services.table_sit(table_id=table.pk, player=player, connected=True, now=now)
    return players


def summary(table: Table) -> dict:
    return services.table_summary(table, services.seats_of(table))


@pytest.mark.django_db
def test_a_player_gone_between_hands_keeps_his_seat_for_the_absence_limit_then_it_is_freed():
    start = timezone.now()
    table = highcard_table()
    gone, staying = seated(table, 2, start)
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and table.deadline is not None  # the window
    services.table_presence(table_id=table.pk, player=gone, change="disconnect", now=start)
    table.refresh_from_db()
    freed_at = start + dt.timedelta(seconds=ABSENCE)
    assert table.deadline <= freed_at  # the sweeper finds the table by then
    # the pit boss's tile: when the seat goes
    tile = summary(table)
    position = Seat.objects.get(table=table, player=gone).position
    assert tile["floor"]["vacating"] == {str(position): freed_at.timestamp()}
    with translation.override("en"):
        row = render_to_string("tables/_pit_row.html", {"t": tile})
    assert "freed in" in row and f'data-deadline="{int(freed_at.timestamp())}"' in row
    just_before = freed_at - dt.timedelta(seconds=1)
    services.table_apply_overdue(table_id=table.pk, now=just_before)
    assert Seat.objects.filter(table=table, player=gone).exists()
    services.table_apply_overdue(table_id=table.pk, now=freed_at)
    assert not Seat.objects.filter(table=table, player=gone).exists()
    assert Seat.objects.filter(table=table, player=staying).exists()
    assert summary(Table.objects.get(pk=table.pk))["floor"]["vacating"] == {}
    assert_books_clean()


@pytest.mark.django_db
def test_the_last_player_gone_from_an_idle_table_is_freed_by_the_sweeper():
    """Nobody else at the table and nothing in play: the sweeper's path (``overdue_table_ids``)
    still finds it."""
    start = timezone.now()
    table = highcard_table()
    (gone,) = seated(table, 1, start)
    services.table_presence(table_id=table.pk, player=gone, change="disconnect", now=start)
    later = start + dt.timedelta(seconds=ABSENCE + 1)
    assert table.pk in services.overdue_table_ids(now=later)
    services.table_apply_overdue(table_id=table.pk, now=later)
    assert not Seat.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_coming_back_in_time_or_sitting_out_with_a_socket_open_keeps_the_seat():
    start = timezone.now()
    table = highcard_table()
    back, sitting_out = seated(table, 2, start)
    services.table_presence(table_id=table.pk, player=back, change="disconnect", now=start)
    services.table_presence(table_id=table.pk, player=sitting_out, change="sit_out", now=start)
    returned = start + dt.timedelta(seconds=ABSENCE - 10)
    services.table_presence(table_id=table.pk, player=back, change="connect", now=returned)
    assert summary(Table.objects.get(pk=table.pk))["floor"]["vacating"] == {}
    services.table_apply_overdue(table_id=table.pk, now=start + dt.timedelta(seconds=ABSENCE * 3))
    assert Seat.objects.filter(table=table).count() == 2


@pytest.mark.django_db
def test_a_player_gone_mid_hand_is_judged_by_the_hand_first_then_his_seat_is_freed():
    """Craps deals players away in too (their bets work): the hand's absence rule is applied
    first, then the seat goes, his bets taken down or played out as a leave's."""
    start = timezone.now()
    table = Table.objects.create(
        name="Craps absence",
        game="craps",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 10_000,
            "min_unit": 100,
            "start_seconds": 0,
            "bet_seconds": 600,
            "shooter_seconds": 600,
            "absence_seconds": ABSENCE,
        },
    )
    gone, staying = seated(table, 2, start)
    services.table_act(
        table_id=table.pk,
        player=gone,
        action={"type": "bet", "bet": "pass", "amount": 500},
        now=start,
    )
    services.table_presence(table_id=table.pk, player=gone, change="disconnect", now=start)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    position = Seat.objects.get(table=table, player=gone).position
    assert position in table.state["hand_seats"]
    assert summary(table)["floor"]["vacating"] == {}  # the hand's rule comes first
    later = start + dt.timedelta(seconds=ABSENCE + 1)
    services.table_apply_overdue(table_id=table.pk, now=later)
    assert not Seat.objects.filter(table=table, player=gone, leaving_since=None).exists()
    for _tick in range(50):  # whatever of his is held plays out on the clock
        later += dt.timedelta(seconds=700)
        services.table_apply_overdue(table_id=table.pk, now=later)
    assert not Seat.objects.filter(table=table, player=gone).exists()
    assert Seat.objects.filter(table=table, player=staying).exists()
    assert_books_clean()


@pytest.mark.django_db
def test_a_leave_whose_change_fails_is_recorded_told_and_applied_by_the_clock(monkeypatch):
    start = timezone.now()
    table = highcard_table()
    leaver, staying = seated(table, 2, start)
    unseat = actor.unseat
    failures = []

    def failing(*args, **kwargs):
        if not failures:
            failures.append(True)
            raise DatabaseError("Save with update_fields did not affect any rows.")
        return unseat(*args, **kwargs)

    monkeypatch.setattr("tables.services.unseat", failing)
    with pytest.raises(services.LeaveDeferred, match="in a moment"):
        services.table_leave(table_id=table.pk, player=leaver, now=start)
    seat = Seat.objects.get(table=table, player=leaver)
    assert seat.leave_asked_at is not None
    table.refresh_from_db()
    assert table.deadline <= timezone.now()
    tile = summary(table)
    assert tile["floor"]["leave_asked"] == [seat.position]
    with translation.override("en"):
        assert "leaving" in render_to_string("tables/_pit_row.html", {"t": tile})
    assert table.pk in services.overdue_table_ids()
    assert services.sweep_overdue_tables() >= 1  # the clock's path applies it
    assert not Seat.objects.filter(table=table, player=leaver).exists()
    assert Seat.objects.filter(table=table, player=staying).exists()
    assert_books_clean()


@pytest.mark.django_db(transaction=True)
async def test_a_failed_leave_is_told_to_the_socket_which_stays_open(monkeypatch):
    from channels.db import database_sync_to_async

    table, (leaver, other) = await table_with_players(
        "highcard", {**HIGHCARD, "start_seconds": 600}, [100_000] * 2
    )
    sockets = [await Socket(p, table.pk).connect() for p in (leaver, other)]
    for sock in sockets:
        await sock.send({"type": "sit"})
        await sock.receive()
    unseat = actor.unseat
    failures = []

    def failing(*args, **kwargs):
        if not failures:
            failures.append(True)
            raise DatabaseError("Save with update_fields did not affect any rows.")
        return unseat(*args, **kwargs)

    monkeypatch.setattr("tables.services.unseat", failing)
    await sockets[0].send({"type": "leave"})
    frame = await sockets[0].error()
    assert "Your leave is recorded" in frame
    await database_sync_to_async(services.sweep_overdue_tables)()
    frame = await sockets[0].receive()
    while 'data-seat=""' not in frame:  # the public view: he has left
        frame = await sockets[0].receive()
    assert not await database_sync_to_async(
        Seat.objects.filter(table_id=table.pk, player=leaver).exists
    )()
    for sock in sockets:
        await sock.close()
