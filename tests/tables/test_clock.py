"""Turn clocks applied by the production sweeper and by racing processes (D13)."""

import asyncio
import datetime as dt
import io
import random
import threading

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.db import connections
from django.utils import timezone

from casino import ledger
from tables import services
from tables.games.durak import engine as durak
from tables.models import Table, TableEvent
from tests.conftest import assert_books_clean, requires_postgres
from tests.tables.conftest import pick_action


def sit_away(table, players, now):
    """Both sit from the lobby page and never open a socket: nobody is connected."""
    for player in players:
        services.table_sit(table_id=table.pk, player=player, now=now)
    table.refresh_from_db()
    return {seat.position: seat.player for seat in table.seats.all()}


@pytest.mark.django_db
def test_the_tableclock_sweeper_makes_a_silent_player_lose_with_nobody_connected(
    durak_table, two_players, capsys
):
    durak_table.settings.update(
        {"action_seconds": 30, "grace_seconds": 0, "absence_seconds": 10**6}
    )
    durak_table.save()
    # Everything the active player does happens "a minute ago", so each clock is already due
    # when the sweeper looks: no waiting on real time.
    past = timezone.now() - dt.timedelta(minutes=1)
    by_seat = sit_away(durak_table, two_players, past)
    silent, rng = 0, random.Random(4)
    for _ in range(3_000):
        durak_table.refresh_from_db()
        if durak_table.state["match"]["over"]:
            break
        (seat,) = durak.to_act(durak_table.state)
        if seat == silent:
            call_command("tableclock", "--once")
        else:
            services.table_act(
                table_id=durak_table.pk,
                player=by_seat[seat],
                action=pick_action(durak_table.state, seat, rng),
                now=past,
            )
    durak_table.refresh_from_db()
    assert durak_table.state["match"]["winner"] == 1 - silent
    assert "table clocks: 1" in capsys.readouterr().out
    assert ledger.balances_of(by_seat[silent])["BYN"] == 9_000
    assert ledger.balances_of(by_seat[1 - silent])["BYN"] == 10_900
    assert TableEvent.objects.filter(table=durak_table, step="timeout", cause="clock").count() >= 10
    assert_books_clean()


@pytest.mark.django_db
def test_a_deadline_noticed_twice_is_applied_once(durak_table, two_players):
    past = timezone.now() - dt.timedelta(minutes=1)
    sit_away(durak_table, two_players, past)
    durak_table.refresh_from_db()
    version = durak_table.version
    assert services.table_apply_overdue(table_id=durak_table.pk) == 1
    assert services.table_apply_overdue(table_id=durak_table.pk) == 0
    durak_table.refresh_from_db()
    assert durak_table.version == version + 1


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweepers_and_a_timer_racing_on_one_deadline_apply_it_once(durak_table, two_players):
    from tables import clock

    past = timezone.now() - dt.timedelta(minutes=1)
    sit_away(durak_table, two_players, past)
    durak_table.refresh_from_db()
    version = durak_table.version
    start = threading.Barrier(3)
    applied, errors = [], []

    def sweeper():
        start.wait()
        try:
            applied.append(services.table_apply_overdue(table_id=durak_table.pk))
        except Exception as error:  # noqa: BLE001
            errors.append(error)
        finally:
            connections.close_all()

    def timer():
        start.wait()
        try:
            clock._local_tables[durak_table.pk] = 1
            applied.append(clock.apply_due_tables())
        except Exception as error:  # noqa: BLE001
            errors.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=sweeper),
        threading.Thread(target=sweeper),
        threading.Thread(target=timer),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(applied) == [0, 0, 1]
    durak_table.refresh_from_db()
    assert durak_table.version == version + 1
    assert TableEvent.objects.filter(table=durak_table, step="timeout").count() == 1
    assert_books_clean()


@pytest.mark.django_db
def test_the_sweeper_passes_over_a_table_that_fails_and_applies_the_others(monkeypatch, caplog):
    applied_to = []

    def apply(*, table_id):
        if table_id == 7:
            raise RuntimeError("a broken table")
        applied_to.append(table_id)
        return 1

    monkeypatch.setattr(services, "overdue_table_ids", lambda among=None: [7, 8, 9])
    monkeypatch.setattr(services, "table_apply_overdue", apply)
    out = io.StringIO()

    call_command("tableclock", "--once", stdout=out)

    assert applied_to == [8, 9]
    assert "table clocks: 2" in out.getvalue()
    assert "table 7: applying the overdue deadline failed" in caplog.text


def _version(table_id):
    return Table.objects.get(pk=table_id).version


def _clock_events(table_id):
    return TableEvent.objects.filter(table_id=table_id, cause="clock").count()


@pytest.mark.django_db(transaction=True)
async def test_d13_after_a_restart_the_first_request_starts_the_clock_with_no_table_open(
    durak_table, two_players, settings
):
    """The embedded default (in-memory layer): nobody opens the table after a restart, yet the
    absence that ran out meanwhile is applied once anybody loads any page."""
    from casino.asgi import application
    from tables import clock

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "casino.layers.LocalChannelLayer"}}
    past = timezone.now() - dt.timedelta(hours=1)
    await database_sync_to_async(sit_away)(durak_table, two_players, past)
    version = await database_sync_to_async(_version)(durak_table.pk)
    clock._task = None  # a fresh process
    clock._local_tables.clear()

    served = []

    async def page(scope, receive, send):
        served.append(scope["path"])

    assert isinstance(application, clock.StartsTheClock)  # what Daphne serves
    await clock.StartsTheClock(page)({"type": "http", "path": "/lobby/"}, None, None)

    assert served == ["/lobby/"]
    assert clock._task is not None
    # only the started task ticks here: wait (at most 15 s) until it has applied the absence
    for _ in range(300):
        if clock._task.done() or await database_sync_to_async(_version)(durak_table.pk) > version:
            break
        await asyncio.sleep(0.05)
    assert not clock._task.done()  # still ticking
    assert await database_sync_to_async(_version)(durak_table.pk) > version
    assert await database_sync_to_async(_clock_events)(durak_table.pk)
    clock._task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await clock._task


@pytest.mark.parametrize(
    ("backend", "every_table"),
    [
        ("casino.layers.LocalChannelLayer", True),  # make run
        ("channels.layers.InMemoryChannelLayer", True),
        ("channels_redis.pubsub.RedisPubSubChannelLayer", False),  # the sweeper reaches the rest
        ("channels_redis.core.RedisChannelLayer", False),
    ],
)
def test_the_process_clock_watches_every_table_exactly_when_no_other_process_can(
    backend, every_table, settings
):
    from tables import clock

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": backend}}
    assert clock.watches_every_table() is every_table
