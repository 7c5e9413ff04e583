"""Presence as a heartbeat with an expiry (issue 19, tables.presence): a seat whose sockets stop
refreshing it (a killed process never closes them) becomes away, and the absence limit runs."""

import asyncio
import datetime as dt

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings
from django.utils import timezone

from casino import ledger
from tables import presence, services
from tables.models import Seat, SeatStatus, Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.sockets import Socket, table_now

EXPIRY = 15.0


@pytest.fixture(autouse=True)
def presence_expiry(settings):
    settings.TABLE_PRESENCE_SECONDS = EXPIRY


def seated(table, players, now):
    for player in players:
        services.table_sit(table_id=table.pk, player=player, connected=True, now=now)
    return {seat.position: seat.player for seat in table.seats.all()}


def seat_of(table, player) -> Seat:
    return Seat.objects.get(table=table, player=player)


def later(moment, seconds):
    return moment + dt.timedelta(seconds=seconds)


@pytest.mark.django_db
def test_a_seat_whose_heartbeat_stops_becomes_away_once_the_expiry_is_noticed(
    durak_table, two_players
):
    start = timezone.now()
    seated(durak_table, two_players, start)
    crashed, alive = two_players
    # the alive player's socket keeps beating; the crashed one's process is gone, its count
    # of open sockets stays 1 for ever
    beat = later(start, EXPIRY - 1)
    services.table_seen(table_id=durak_table.pk, player=alive, now=beat)
    assert seat_of(durak_table, crashed).connections == 1

    # within the expiry nothing is unseen
    assert services.expire_unseen_seats(now=later(start, EXPIRY - 0.5)) == 0
    assert seat_of(durak_table, crashed).away_since is None

    noticed = later(start, EXPIRY + 3)  # whenever the sweeper gets to it
    version = Table.objects.get(pk=durak_table.pk).version
    assert services.expire_unseen_seats(now=noticed) == 1
    seat = seat_of(durak_table, crashed)
    # from when it was noticed: a server down for a while costs the player nothing
    assert seat.away_since == noticed
    assert seat.status == SeatStatus.DISCONNECTED and seat.connections == 0
    assert seat_of(durak_table, alive).away_since is None
    event = TableEvent.objects.get(table=durak_table, version=version + 1)
    assert event.events == [{"type": "away", "seat": seat.position}]
    assert event.action == {"type": "expire"}
    # marked once: the next sweep finds nothing, changes nothing
    assert services.expire_unseen_seats(now=later(noticed, 1)) == 0
    assert Table.objects.get(pk=durak_table.pk).version == version + 1


@pytest.mark.django_db
def test_a_heartbeat_of_a_present_seat_is_one_update_with_no_new_version(
    durak_table, two_players, django_assert_num_queries
):
    start = timezone.now()
    seated(durak_table, two_players, start)
    version = Table.objects.get(pk=durak_table.pk).version
    beat = later(start, 4)
    with django_assert_num_queries(1):
        services.table_seen(table_id=durak_table.pk, player=two_players[0], now=beat)
    assert seat_of(durak_table, two_players[0]).last_seen == beat
    assert Table.objects.get(pk=durak_table.pk).version == version
    # a player with no seat at the table: nothing to refresh, nothing changes
    stranger = new_player()
    services.table_seen(table_id=durak_table.pk, player=stranger, now=beat)
    assert Table.objects.get(pk=durak_table.pk).version == version


@pytest.mark.django_db
def test_a_socket_that_outlived_its_expiry_brings_its_seat_back(durak_table, two_players):
    start = timezone.now()
    seated(durak_table, two_players, start)
    late = later(start, EXPIRY + 1)  # the heartbeat was late (an overloaded process)
    services.expire_unseen_seats(now=late)
    assert seat_of(durak_table, two_players[0]).away_since is not None
    version = Table.objects.get(pk=durak_table.pk).version
    services.table_seen(table_id=durak_table.pk, player=two_players[0], now=later(late, 1))
    seat = seat_of(durak_table, two_players[0])
    assert seat.away_since is None and seat.status == SeatStatus.SITTING
    assert seat.connections == 1
    back = TableEvent.objects.get(table=durak_table, version=version + 1)
    assert back.events == [{"type": "back", "seat": seat.position}]


@pytest.mark.django_db
def test_closing_one_of_two_sockets_keeps_the_seat_and_closing_both_makes_it_away(
    durak_table, two_players
):
    start = timezone.now()
    seated(durak_table, two_players, start)
    player = two_players[0]
    services.table_presence(table_id=durak_table.pk, player=player, change="connect", now=start)
    services.table_presence(
        table_id=durak_table.pk, player=player, change="disconnect", now=later(start, 1)
    )
    assert seat_of(durak_table, player).away_since is None
    closed = later(start, 2)
    services.table_presence(table_id=durak_table.pk, player=player, change="disconnect", now=closed)
    assert seat_of(durak_table, player).away_since == closed  # at once, not after the expiry


@pytest.mark.django_db
def test_after_the_expiry_the_absence_limit_ends_the_hand_with_the_books_clean(
    durak_table, two_players
):
    start = timezone.now()
    by_seat = seated(durak_table, two_players, start)
    absence = durak_table.settings["absence_seconds"]
    crashed = 0
    present = 1 - crashed
    # the present player keeps beating, the crashed one's process is gone
    moment = start
    while moment < later(start, EXPIRY + absence + 10):
        moment = later(moment, 5)
        services.table_seen(table_id=durak_table.pk, player=by_seat[present], now=moment)
        services.expire_unseen_seats(now=moment)
        while services.table_apply_overdue(table_id=durak_table.pk, now=moment):
            pass
    table = Table.objects.get(pk=durak_table.pk)
    forfeit = TableEvent.objects.get(table=table, step="forfeit")
    assert forfeit.seat == crashed and forfeit.cause == "clock"
    assert table.state["match"]["over"] and table.state["match"]["winner"] == present
    assert ledger.balances_of(by_seat[present])["BYN"] == 10_900
    assert_books_clean()


@pytest.mark.django_db
def test_a_migrated_seat_never_heard_from_is_unseen(durak_table, two_players):
    start = timezone.now()
    seated(durak_table, two_players, start)
    Seat.objects.filter(table=durak_table).update(last_seen=None)
    assert sorted(presence.unseen_seats(start)) == sorted(
        (durak_table.pk, p.pk) for p in two_players
    )


@pytest.mark.django_db(transaction=True)
async def test_an_open_socket_keeps_its_seat_seen_and_a_crash_left_seat_comes_back():
    table, player = await database_sync_to_async(_table_and_player)()
    with override_settings(TABLE_HEARTBEAT_SECONDS=0.05):
        sock = await Socket(player, table.pk).connect()
        before = (await table_now(table.pk)).version
        await sock.send({"type": "sit"})
        await sock.until_version(before + 1)
        first = await database_sync_to_async(lambda: seat_of(table, player).last_seen)()

        async def seat_now():
            return await database_sync_to_async(seat_of)(table, player)

        while (await seat_now()).last_seen == first:  # the heartbeat refreshes it
            await asyncio.sleep(0.02)
        # a sweeper that judged it unseen (a heartbeat that came late, or the count left by a
        # killed process): the open socket's next beat marks it back, without any frame sent
        swept = (await table_now(table.pk)).version
        await database_sync_to_async(services.expire_unseen_seats)(
            now=later(timezone.now(), EXPIRY + 1)
        )
        # the seat may already be back (a beat every 50 ms), so the log says what happened, not
        # a look at the seat in between: away by the sweep, then back by a beat
        await sock.until_version(swept + 2)
        steps = await database_sync_to_async(
            lambda: [
                (event.action["type"], event.events)
                for event in TableEvent.objects.filter(table=table, version__gt=swept).order_by(
                    "version"
                )
            ]
        )()
        seat_position = (await seat_now()).position
        assert steps[:2] == [
            ("expire", [{"type": "away", "seat": seat_position}]),
            ("seen", [{"type": "back", "seat": seat_position}]),
        ]
        back = await seat_now()
        assert back.status == SeatStatus.SITTING and back.connections == 1
        await sock.close()
        while (await seat_now()).away_since is None:  # a clean close: away at once
            await asyncio.sleep(0.02)
        assert (await seat_now()).connections == 0


def _table_and_player():
    table = Table.objects.create(
        name="Presence table",
        game="durak",
        currency="BYN",
        settings={"stake": 1_000, "wins_to_win": 5, "commission_percent": "5"},
    )
    player = new_player(language="en")
    fund(player, 10_000)
    return table, player


@pytest.mark.django_db
def test_one_process_beat_refreshes_all_its_seats_in_one_update_and_brings_back_the_away(
    durak_table, two_players, django_assert_num_queries
):
    """The process's heartbeat (tables.consumers: one per process, not one per socket): one
    UPDATE for all its open table sockets' seats; a seat marked away meanwhile comes back
    through the table actor."""
    start = timezone.now()
    by_seat = seated(durak_table, two_players, start)
    stranger = new_player()  # no seat: nothing to refresh
    pairs = [(durak_table.pk, player.pk) for player in (*two_players, stranger)]
    beat = later(start, 4)
    with django_assert_num_queries(1):
        assert presence.refresh_many(pairs, beat) == []
    assert all(seat_of(durak_table, p).last_seen == beat for p in two_players)
    late = later(beat, EXPIRY + 1)
    services.expire_unseen_seats(now=late)
    assert seat_of(durak_table, by_seat[0]).away_since is not None
    version = Table.objects.get(pk=durak_table.pk).version
    services.tables_seen(pairs=pairs, now=later(late, 1))
    assert all(seat_of(durak_table, p).away_since is None for p in two_players)
    assert Table.objects.get(pk=durak_table.pk).version == version + 2  # each back, once


@pytest.mark.skipif(
    "postgresql" not in __import__("django.conf").conf.settings.DATABASES["default"]["ENGINE"],
    reason="needs PostgreSQL (CI runs it with DATABASE_URL; SQLite has no row locks)",
)
@pytest.mark.django_db(transaction=True)
def test_the_beat_passes_over_a_seat_an_action_holds_locked_without_waiting(
    durak_table, two_players
):
    """A table action's transaction holding a seat row: the process's beat refreshes the other
    seats at once and leaves that one to its next beat (SKIP LOCKED), never waiting for it."""
    import threading

    from django.db import connection, transaction

    start = timezone.now()
    seated(durak_table, two_players, start)
    locked, free = two_players
    holding, release = threading.Event(), threading.Event()

    def hold_the_seat():
        with transaction.atomic():
            Seat.objects.select_for_update().get(table=durak_table, player=locked)
            holding.set()
            release.wait(10)
        connection.close()

    holder = threading.Thread(target=hold_the_seat)
    holder.start()
    try:
        assert holding.wait(10)
        beat = later(start, 4)
        pairs = [(durak_table.pk, locked.pk), (durak_table.pk, free.pk)]
        assert presence.refresh_many(pairs, beat) == []  # returns while the lock is held
        assert seat_of(durak_table, free).last_seen == beat
        assert seat_of(durak_table, locked).last_seen != beat
    finally:
        release.set()
        holder.join()


@pytest.mark.django_db
def test_a_seat_held_for_a_player_who_left_with_bets_working_is_never_looked_for(
    durak_table, two_players
):
    start = timezone.now()
    seated(durak_table, two_players, start)
    Seat.objects.filter(table=durak_table, player=two_players[0]).update(leaving_since=start)
    unseen = presence.unseen_seats(later(start, EXPIRY + 1))
    assert unseen == [(durak_table.pk, two_players[1].pk)]
