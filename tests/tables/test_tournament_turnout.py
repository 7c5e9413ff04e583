"""Issue 45: a tournament brings its players to their matches, and nobody wins by playing
nothing. A match's opening sends each player a notice (casino.notices) that every page shows
and the header socket pushes; the table's absence limit (D13) counts from when it was sent;
a match neither player came to has no winner; no prize to a player who played no card; a
tournament nobody played is void with every fee refunded whole, once. Registration closes
when the page says; a notice's link to a decided match says so."""

import datetime as dt
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import notices
from casino.asgi import application
from casino.models import Notice, Transfer
from tables import services as table_services
from tables.models import Seat, Table
from tables.tournament import bracket, services
from tables.tournament.models import EntryStatus, MatchStatus, TournamentMatch
from tests.conftest import assert_books_clean
from tests.tables.sockets import session_cookie
from tests.tables.tournament_helpers import (
    FEE,
    balance,
    escrow_balance,
    funded_players,
    make_tournament,
    open_matches,
    play_match_out,
    play_until_both_moved,
    started,
)

pytestmark = pytest.mark.django_db(transaction=True)

START = 500_00  # funded_players' balance


def client_for(player) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    return client


def later(match: TournamentMatch, seconds: float) -> dt.datetime:
    return Table.objects.get(pk=match.table_id).created_at + dt.timedelta(seconds=seconds)


# --- the notice ---------------------------------------------------------------------------------


def test_a_match_that_opens_sends_each_player_a_notice_naming_the_opponent_and_the_table():
    players = funded_players(2, language="en")
    tournament = started(make_tournament(name="Winter cup"), players)
    (final,) = open_matches(tournament)
    for me, other in ((final.entry_a, final.entry_b), (final.entry_b, final.entry_a)):
        (notice,) = notices.open_notices(me.player_id)
        assert notice.key == final.notice_key and notice.sent_at is not None
        assert notice.context["opponent"] == other.player.shown_name
        assert notice.context["table"] == final.table_id
        # every page says it, rendered with the page: the lobby, the tournament page, a table
        for url in (
            reverse("lobby"),
            reverse("tournament", args=[tournament.pk]),
            reverse("table", args=[final.table_id]),
            reverse("cashier"),
        ):
            page = client_for(me.player).get(url).content.decode()
            assert (
                f"Final · Winter cup: your match is open at table № {final.table_id}, "
                f"against {other.player.shown_name}." in page
            ), url
            assert reverse("tournament_match_play", args=[tournament.pk, final.pk]) in page
            # the lobby and the tournament page say it again in their own tournament part
            again = url in (reverse("lobby"), reverse("tournament", args=[tournament.pk]))
            assert page.count("your match is open") == (2 if again else 1), url
        notice.refresh_from_db()
        assert notice.shown_at is not None
    # decided: the notices close and no page shows them any more
    play_until_both_moved(final.table_id, [final.entry_a.player, final.entry_b.player])
    services.tournament_withdraw(tournament_id=tournament.pk, player=final.entry_a.player)
    assert not Notice.objects.filter(closed_at__isnull=True).exists()
    page = client_for(final.entry_b.player).get(reverse("lobby")).content.decode()
    assert "your match is open" not in page


def test_the_absence_limit_counts_from_the_notice_sent_not_from_the_seating():
    tournament = started(make_tournament(absence_seconds=60), funded_players(2))
    (final,) = open_matches(tournament)
    sent = {n.player_id: n.sent_at for n in Notice.objects.filter(key=final.notice_key)}
    seats = {s.player_id: s for s in Seat.objects.filter(table_id=final.table_id)}
    for player_id, seat in seats.items():
        assert seat.away_since == sent[player_id]  # recorded when it was sent
    # a notice sent later (the player's page opened it later): his absence counts from then
    (player_id, seat) = next(iter(seats.items()))
    told = seat.away_since + dt.timedelta(seconds=30)
    table_services.table_presence(
        table_id=final.table_id, player=seat.player, change="summoned", now=told
    )
    seat.refresh_from_db()
    assert seat.away_since == told
    # told earlier than he was seated changes nothing; nor does it once he has come
    table_services.table_presence(
        table_id=final.table_id, player=seat.player, change="summoned", now=told - dt.timedelta(1)
    )
    seat.refresh_from_db()
    assert seat.away_since == told


async def test_the_header_socket_sends_the_open_notices_on_connect_and_when_a_match_opens():
    players = await database_sync_to_async(funded_players)(2, language="en")
    tournament = await database_sync_to_async(make_tournament)(name="Socket cup")
    for player in players:
        await database_sync_to_async(services.tournament_register)(
            tournament_id=tournament.pk, player=player
        )
    cookie = await session_cookie(players[0])
    header = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
    )
    connected, _code = await header.connect()
    assert connected
    first = await header.receive_from(timeout=10)  # the balances and the notices, one frame
    assert 'id="header-balances"' in first and 'id="player-notices"' in first
    assert "your match is open" not in first  # nothing open yet
    # the start opens the final: the notice is pushed to the page already open
    await database_sync_to_async(services.tournament_start)(
        tournament_id=tournament.pk, now=tournament.starts_at
    )
    frame = await header.receive_from(timeout=10)
    while "your match is open" not in frame:
        frame = await header.receive_from(timeout=10)
    assert 'hx-swap-oob="true"' in frame and "Socket cup" in frame
    await header.send_to(text_data=json.dumps({"type": "notice"}))
    assert "accepts no messages" in await header.receive_from(timeout=10)
    await header.disconnect()
    # a page opened later gets it on connect
    again = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
    )
    assert (await again.connect())[0]
    assert "your match is open" in await again.receive_from(timeout=10)
    await again.disconnect()


# --- nobody wins by playing nothing ---------------------------------------------------------------


def test_neither_player_comes_no_winner_the_tournament_is_void_and_every_fee_refunded_once():
    players = funded_players(2)
    tournament = started(make_tournament(absence_seconds=60), players)
    (final,) = open_matches(tournament)
    assert tournament.casino_share == 40_00 and tournament.prize_fund == 160_00
    table_services.table_apply_overdue(table_id=final.table_id, now=later(final, 3600))
    final.refresh_from_db()
    assert final.status == MatchStatus.FINISHED and final.reason == "no_show"
    assert final.winner is None
    assert set(final.turnout.values()) == {"absent"}
    tournament.refresh_from_db()
    assert tournament.status == "void"
    # each fee back whole, the casino's 20 % included, in one refund, nothing left in escrow
    assert [balance(p) for p in players] == [START, START]
    assert escrow_balance(tournament) == 0
    refund = Transfer.objects.get(idempotency_key=f"tournament:{tournament.pk}:void")
    assert refund.kind == "refund"
    assert not Transfer.objects.filter(idempotency_key=f"tournament:{tournament.pk}:prizes")
    # idempotent: running the refund again books nothing
    services._void(tournament, timezone.now())
    assert Transfer.objects.filter(idempotency_key__endswith=":void").count() == 1
    assert [balance(p) for p in players] == [START, START]
    page = client_for(players[0]).get(reverse("tournament", args=[tournament.pk])).content
    assert b"the tournament is void and every entry fee has been refunded in full" in page
    assert b"neither goes through" in page
    assert_books_clean()


def test_a_player_who_came_but_played_no_card_wins_by_absence_and_is_paid_nothing():
    """The tester's case: a player who never played a card won 15.01 BYN. He may go through
    (he came; the other never did, D13) but no prize is paid to him: nobody played, so the
    tournament is void and both fees come back."""
    players = funded_players(2)
    tournament = started(make_tournament(absence_seconds=60), players)
    (final,) = open_matches(tournament)
    came = final.entry_a.player
    table_services.table_presence(table_id=final.table_id, player=came, change="connect")
    table_services.table_apply_overdue(table_id=final.table_id, now=later(final, 3600))
    final.refresh_from_db()
    assert final.reason == "absent" and final.winner.player_id == came.pk
    assert final.turnout == {str(final.entry_a_id): "came", str(final.entry_b_id): "absent"}
    tournament.refresh_from_db()
    assert tournament.status == "void" and final.winner.prize == 0
    assert [balance(p) for p in players] == [START, START]
    assert_books_clean()


def test_four_players_two_never_come_no_winner_there_the_others_walk_over_and_share_the_fund():
    players = funded_players(4)
    tournament = started(make_tournament(absence_seconds=60), players)
    played, absent = open_matches(tournament)
    pair = [played.entry_a.player, played.entry_b.player]
    for player in pair:
        table_services.table_presence(table_id=played.table_id, player=player, change="connect")
    play_match_out(played.table_id, pair, seed=4)
    table_services.table_apply_overdue(table_id=absent.table_id, now=later(absent, 3600))
    absent.refresh_from_db()
    played.refresh_from_db()
    assert absent.winner is None and absent.reason == "no_show"
    final = TournamentMatch.objects.get(tournament=tournament, stage=bracket.FINAL)
    third = TournamentMatch.objects.get(tournament=tournament, stage=bracket.THIRD_PLACE)
    assert final.status == third.status == MatchStatus.WALKOVER
    assert final.reason == third.reason == "unopposed"
    assert final.winner_id == played.winner_id and third.winner_id == played.loser().pk
    tournament.refresh_from_db()
    assert tournament.status == "finished" and escrow_balance(tournament) == 0
    fund = tournament.prize_fund  # 320.00: 1st 35 and 3rd 14 share it (D9), the pair nothing
    winner, third_placed = played.winner.player, played.loser().player
    assert balance(winner) == START - FEE + 228_58  # 320 x 35/49 rounded down, + the remainder
    assert balance(third_placed) == START - FEE + 91_42  # 320 x 14/49 rounded down
    assert fund == 228_58 + 91_42
    for entry in absent.entries:
        entry.refresh_from_db()
        assert entry.place == 4 and entry.prize == 0 and balance(entry.player) == START - FEE
    page = client_for(winner).get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "played no card: no prize" in page and "goes through without an opponent" in page
    assert_books_clean()


def test_prize_shares_leave_out_a_player_who_played_nothing():
    shares = bracket.prize_shares(84_00, [1, 2, 3, 4], eligible=[False, True, True, True])
    assert shares[0] == 0 and sum(shares) == 84_00
    assert shares[1:] == [42_86, 24_00, 17_14]  # 25 : 14 : 10, remainder to the best paid


# --- bad input ------------------------------------------------------------------------------------


def test_a_notice_link_to_an_open_match_goes_to_its_table_and_to_a_decided_one_says_so():
    players = funded_players(2, language="en")
    tournament = started(make_tournament(), players)
    (final,) = open_matches(tournament)
    url = reverse("tournament_match_play", args=[tournament.pk, final.pk])
    client = client_for(players[0])
    response = client.get(url)
    assert response.status_code == 302
    assert response.url == reverse("table", args=[final.table_id])
    play_until_both_moved(final.table_id, players)
    services.tournament_withdraw(tournament_id=tournament.pk, player=final.entry_a.player)
    page = client.get(url, follow=True).content.decode()
    winner = final.entry_b.player.shown_name
    assert "This match is decided already:" in page and winner in page
    assert "rule D11" in page
    # a link to another tournament's match is not found, nothing else happens
    assert (
        client.get(reverse("tournament_match_play", args=[tournament.pk + 1, final.pk])).status_code
        == 404
    )


def test_registration_closes_when_the_page_says_and_a_late_one_gets_a_sentence_nothing_booked():
    now = timezone.now()
    tournament = make_tournament(
        registration_closes_at=now + dt.timedelta(hours=1),
        starts_at=now + dt.timedelta(hours=2),
        min_entrants=2,
        start_after_minimum_seconds=20,
    )
    first, second, late = funded_players(3, language="en")
    page = client_for(first).get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "(or at the start, if it comes sooner)" in page
    for player in (first, second):
        services.tournament_register(tournament_id=tournament.pk, player=player, now=now)
    tournament.refresh_from_db()
    # the countdown brings the start forward: registration now closes then, and the page says so
    assert tournament.registration_closes == tournament.countdown_ends_at
    page = client_for(late).get(reverse("tournament", args=[tournament.pk])).content.decode()
    shown = services.closing_time(tournament.countdown_ends_at)
    assert f'<dd id="registration-closes">{shown}' in page
    with pytest.raises(services.TournamentError, match=f"closed at {shown}"):
        services.tournament_register(
            tournament_id=tournament.pk, player=late, now=tournament.countdown_ends_at
        )
    assert balance(late) == START
    assert not tournament.entries.filter(player=late).exists()
    # through the page, once it started: a sentence, nothing booked
    services.tournament_start(tournament_id=tournament.pk, now=tournament.countdown_ends_at)
    client = client_for(late)
    register = reverse("tournament_act", args=[tournament.pk, "register"])
    page = client.post(register, follow=True).content.decode()
    assert "Registration for this tournament is over." in page
    assert balance(late) == START
    assert tournament.entries.filter(status=EntryStatus.REGISTERED).count() == 2
    assert_books_clean()


def test_a_double_click_on_register_books_one_fee_and_tells_the_second_click_why():
    tournament = make_tournament()
    (player,) = funded_players(1, language="en")
    client = client_for(player)
    register = reverse("tournament_act", args=[tournament.pk, "register"])
    first = client.post(register, follow=True).content.decode()
    second = client.post(register, follow=True).content.decode()
    assert "You are registered; the entry fee is paid." in first
    assert "You are registered for this tournament already." in second
    assert balance(player) == START - FEE
    assert (
        Transfer.objects.filter(
            idempotency_key__startswith=f"tournament:{tournament.pk}:fee"
        ).count()
        == 1
    )


def test_the_due_job_sends_the_notices_of_a_match_opened_before_a_stop_and_counts_from_then():
    tournament = started(make_tournament(absence_seconds=60), funded_players(2))
    (final,) = open_matches(tournament)
    # as if the process had stopped after seating the players, before sending their notices
    Notice.objects.filter(key=final.notice_key).update(sent_at=None)
    resent = timezone.now() + dt.timedelta(seconds=20)
    assert services.tournament_due(now=resent) == 1
    for notice in Notice.objects.filter(key=final.notice_key):
        assert notice.sent_at is not None
        seat = Seat.objects.get(table_id=final.table_id, player_id=notice.player_id)
        assert seat.away_since == notice.sent_at
    assert services.tournament_due(now=resent) == 0  # sent: nothing more to do


async def test_the_bracket_socket_tells_each_reader_his_own_open_match():
    players = await database_sync_to_async(funded_players)(3, language="en")
    tournament = await database_sync_to_async(
        lambda: started(make_tournament(name="Live cup"), players[:2])
    )()
    frames = {}
    for player in players:  # the two in the final, and a third who only watches
        cookie = await session_cookie(player)
        socket = WebsocketCommunicator(
            application,
            f"/ws/tournament/{tournament.pk}/",
            headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
        )
        assert (await socket.connect())[0]
        frames[player.pk] = await socket.receive_from(timeout=10)
        await socket.disconnect()
    a, b, watcher = players
    assert "your match is open at table № " in frames[a.pk]
    assert f"against {b.shown_name}." in frames[a.pk]
    assert f"against {a.shown_name}." in frames[b.pk]
    assert "your match is open" not in frames[watcher.pk]
