"""The tournament pages and the live bracket's socket: register and unregister with the fee
shown, a forged or repeated form gets a message and books nothing twice, the bracket over a
websocket group (no polling), each match's table one click away, results and prizes."""

import datetime as dt
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino.asgi import application
from casino.models import Transfer
from tables.tournament import services
from tables.tournament.models import TournamentMatch
from tests.conftest import assert_books_clean
from tests.tables.sockets import session_cookie
from tests.tables.tournament_helpers import (
    FEE,
    balance,
    funded_players,
    make_tournament,
    open_matches,
    play_until_both_moved,
    started,
)

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(player) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    return client


def test_the_lobby_lists_upcoming_running_and_finished_tournaments():
    upcoming = make_tournament(name="Upcoming cup")
    running = started(make_tournament(name="Running cup"), funded_players(2))
    (player,) = funded_players(1)
    page = client_for(player).get(reverse("tournaments")).content.decode()
    assert "Upcoming cup" in page and "Running cup" in page
    assert reverse("tournament", args=[upcoming.pk]) in page
    assert reverse("tournament", args=[running.pk]) in page


def test_register_and_unregister_from_the_page_with_the_fee_shown_and_a_double_post_booked_once():
    tournament = make_tournament()
    (player,) = funded_players(1)
    client = client_for(player)
    url = reverse("tournament", args=[tournament.pk])
    assert "Register and pay 100.00" in client.get(url).content.decode()
    register = reverse("tournament_act", args=[tournament.pk, "register"])
    client.post(register)
    page = client.post(register, follow=True).content.decode()  # the double click
    assert "registered for this tournament already" in page
    assert balance(player) == 500_00 - FEE
    assert Transfer.objects.filter(reference=tournament.escrow_reference).count() == 1
    assert "Unregister (the 100.00" in page
    page = client.post(
        reverse("tournament_act", args=[tournament.pk, "unregister"]), follow=True
    ).content.decode()
    assert "fee refunded" in page and balance(player) == 500_00
    forged = client.post(reverse("tournament_act", args=[tournament.pk, "pay-me"]), follow=True)
    assert "Unknown request" in forged.content.decode() and balance(player) == 500_00
    assert client.post(reverse("tournament_act", args=[10**9, "register"])).status_code == 404
    assert client.get(register).status_code == 405
    assert_books_clean()


def test_the_bracket_links_each_match_table_and_shows_results_and_prizes():
    players = funded_players(2)
    tournament = started(make_tournament(), players)
    (final,) = open_matches(tournament)
    page = client_for(players[0]).get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert reverse("table", args=[final.table_id]) in page and "Final" in page
    play_until_both_moved(final.table_id, players)  # both took part (issue 45)
    services.tournament_withdraw(tournament_id=tournament.pk, player=final.entry_a.player)
    page = client_for(players[0]).get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert 'id="tournament-prizes"' in page and "93.34" in page and "66.66" in page


async def bracket_socket(player, tournament_id):
    cookie = await session_cookie(player)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tournament/{tournament_id}/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
    )
    connected, _code = await communicator.connect()
    return communicator, connected


async def test_the_bracket_socket_sends_the_bracket_and_again_when_a_match_ends():
    players = await database_sync_to_async(funded_players)(2, language="en")
    tournament = await database_sync_to_async(lambda: started(make_tournament(), players))()
    watcher, connected = await bracket_socket(players[1], tournament.pk)
    assert connected
    first = await watcher.receive_from(timeout=10)
    assert 'id="tournament-bracket" hx-swap-oob="true"' in first and 'data-status="open"' in first
    (final,) = await database_sync_to_async(open_matches)(tournament)
    await database_sync_to_async(services.tournament_withdraw)(
        tournament_id=tournament.pk, player=final.entry_a.player
    )
    frame = await watcher.receive_from(timeout=10)
    while 'data-status="finished"' not in frame:
        frame = await watcher.receive_from(timeout=10)
    assert "tournament-prizes" in frame
    await watcher.send_to(text_data=json.dumps({"type": "act"}))
    assert "accepts no messages" in await watcher.receive_from(timeout=10)
    await watcher.disconnect()
    assert (
        await database_sync_to_async(TournamentMatch.objects.filter(status="finished").count)() == 1
    )


async def test_the_bracket_socket_refuses_anonymous_and_missing_tournaments():
    communicator = WebsocketCommunicator(
        application,
        "/ws/tournament/1/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")],
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4401
    (player,) = await database_sync_to_async(funded_players)(1)
    _socket, connected = await bracket_socket(player, 10**9)
    assert not connected


def test_the_demo_tournament_a_newcomer_joins_and_it_starts_with_the_demo_players():
    from casino.demo import DEMO_COUNTDOWN_SECONDS, DEMO_TOURNAMENT, load_demo
    from casino.models import Player
    from tables.tournament.models import Tournament

    load_demo()
    load_demo()  # idempotent: one tournament, each demo player registered once
    (tournament,) = Tournament.objects.filter(name=DEMO_TOURNAMENT)
    assert tournament.status == "registering" and tournament.entries.count() == 3
    assert tournament.countdown_ends_at is None
    page = client_for(funded_players(1)[0]).get(reverse("tournament", args=[tournament.pk]))
    assert "after the minimum of 4 entrants have registered" in page.content.decode()
    (newcomer,) = funded_players(1)
    client = client_for(newcomer)
    client.post(reverse("tournament_act", args=[tournament.pk, "register"]))
    tournament.refresh_from_db()
    # issue 26: the fourth registration starts a short countdown, not an hour's wait
    countdown = tournament.countdown_ends_at
    assert countdown is not None and countdown < tournament.starts_at
    assert (countdown - timezone.now()).total_seconds() <= DEMO_COUNTDOWN_SECONDS
    # every registered player sees it on the tournament page, ticked by the page's clock
    anna = Player.objects.get(username="anna")
    for reader in (newcomer, anna):
        page = client_for(reader).get(reverse("tournament", args=[tournament.pk])).content
        page = page.decode()
        assert 'id="tournament-countdown"' in page
        assert f'data-deadline="{int(countdown.timestamp())}"' in page and "js/table.js" in page
    assert services.tournament_due(now=countdown - dt.timedelta(seconds=1)) == 0
    assert services.tournament_due(now=countdown) >= 1
    tournament.refresh_from_db()
    assert tournament.status == "running" and len(open_matches(tournament)) == 2
    page = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert 'id="tournament-countdown"' not in page and "Watch or play" in page
    assert_books_clean()


def test_a_countdown_stops_when_an_unregistration_loses_the_minimum_and_restarts_when_regained():
    tournament = make_tournament(min_entrants=2, start_after_minimum_seconds=30)
    a, b, c = funded_players(3)
    now = timezone.now()
    services.tournament_register(tournament_id=tournament.pk, player=a, now=now)
    tournament.refresh_from_db()
    assert tournament.countdown_ends_at is None
    services.tournament_register(tournament_id=tournament.pk, player=b, now=now)
    tournament.refresh_from_db()
    assert tournament.countdown_ends_at == now + dt.timedelta(seconds=30)
    services.tournament_unregister(tournament_id=tournament.pk, player=b, now=now)
    tournament.refresh_from_db()
    assert tournament.countdown_ends_at is None
    # nothing starts while below the minimum, however late the countdown would have been
    assert services.tournament_due(now=now + dt.timedelta(seconds=31)) == 0
    later = now + dt.timedelta(seconds=40)
    services.tournament_register(tournament_id=tournament.pk, player=c, now=later)
    tournament.refresh_from_db()
    assert tournament.countdown_ends_at == later + dt.timedelta(seconds=30)
    assert services.tournament_due(now=later + dt.timedelta(seconds=30)) == 1
    tournament.refresh_from_db()
    assert tournament.status == "running" and len(open_matches(tournament)) == 1
    assert_books_clean()


def test_staff_create_a_tournament_in_the_admin_and_the_pit_boss_sees_it_with_its_tables():
    from django.contrib.auth.models import Group

    from casino.apps import PIT_BOSS_GROUP
    from tables.tournament.models import Tournament
    from tests.conftest import new_player

    staff = new_player(is_staff=True, is_superuser=True)
    client = client_for(staff)
    response = client.post(
        reverse("admin:tables_tournament_add"),
        {**_admin_tournament_form("50", name="Admin cup"), "casino_percent": "15"},  # 50.00 BYN
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    created = Tournament.objects.get(name="Admin cup")
    assert created.game == "durak" and len(created.draw_commitment) == 64
    assert created.entry_fee == 5000  # typed in BYN, stored in kopecks
    running = started(make_tournament(name="Floor cup"), funded_players(2))
    (final,) = open_matches(running)
    pit_boss = new_player(is_staff=True)
    pit_boss.groups.add(Group.objects.get(name=PIT_BOSS_GROUP))
    page = client_for(pit_boss).get(reverse("pit")).content.decode()
    assert "Admin cup" in page and "Floor cup" in page
    assert reverse("table", args=[final.table_id]) in page


def _admin_tournament_form(fee: str, name: str = "Fee cup") -> dict:
    return {
        "name": name,
        "currency": "BYN",
        "entry_fee": fee,
        "casino_percent": "10",
        "min_entrants": "2",
        "max_entrants": "8",
        "registration_closes_at_0": "2030-01-01",
        "registration_closes_at_1": "10:00:00",
        "starts_at_0": "2030-01-01",
        "starts_at_1": "11:00:00",
        "action_seconds": "30",
        "grace_seconds": "60",
        "absence_seconds": "180",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
        "matches-TOTAL_FORMS": "0",
        "matches-INITIAL_FORMS": "0",
    }


@pytest.mark.parametrize(
    ("typed", "stored"), [("50,50", 5050), ("1 000", 100_000), ("0.5", 50), ("12.3", 1230)]
)
def test_the_admin_entry_fee_is_typed_in_major_units(typed, stored):
    from tables.tournament.models import Tournament
    from tests.conftest import new_player

    staff = new_player(is_staff=True, is_superuser=True)
    response = client_for(staff).post(
        reverse("admin:tables_tournament_add"), _admin_tournament_form(typed)
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Tournament.objects.get(name="Fee cup").entry_fee == stored


@pytest.mark.parametrize("typed", ["5O", "1,2,3", "0.001", "-5", "inf", "0"])
def test_a_bad_admin_entry_fee_is_refused_with_a_sentence_and_nothing_is_created(typed):
    from tables.tournament.models import Tournament
    from tests.conftest import new_player

    staff = new_player(is_staff=True, is_superuser=True)
    response = client_for(staff).post(
        reverse("admin:tables_tournament_add"), _admin_tournament_form(typed)
    )
    from django.utils import translation
    from django.utils.html import escape

    from casino.amounts import AmountError, parse_amount

    assert response.status_code == 200
    with translation.override("en"), pytest.raises(AmountError) as refused:
        parse_amount(typed, "BYN")
    page = response.content.decode()
    assert "errorlist" in page and escape(refused.value.message) in page
    assert not Tournament.objects.filter(name="Fee cup").exists()
