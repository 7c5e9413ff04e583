"""Table pages: the lobby list, sitting down, the hand history and a hand's replay."""

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from casino.roles import PIT_BOSS, TRADER
from tables import services
from tables.engines import shuffle
from tables.games.durak import engine as durak
from tables.models import Hand
from tests.conftest import new_player, new_staff
from tests.tables.conftest import pick_action

pytestmark = pytest.mark.django_db


def client_for(player):
    client = Client()
    client.force_login(player)
    return client


def finish_first_game(table, players):
    for player in players:
        services.table_sit(table_id=table.pk, player=player, connected=True)
    table.refresh_from_db()
    by_seat = {s.position: s.player for s in table.seats.all()}
    rng = random.Random(2)
    while table.hand_number == 1:
        (seat,) = durak.to_act(table.state)
        services.table_act(
            table_id=table.pk, player=by_seat[seat], action=pick_action(table.state, seat, rng)
        )
        table.refresh_from_db()
    return by_seat


def test_the_lobby_lists_durak_tables_and_sitting_down_opens_the_table(durak_table, two_players):
    client = client_for(two_players[0])
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'id="table-row-{durak_table.pk}"' in lobby and "Durak test" in lobby
    response = client.post(reverse("table_sit", args=[durak_table.pk]))
    assert response["Location"] == reverse("table", args=[durak_table.pk])
    page = client.get(response["Location"]).content.decode()
    assert f'ws-connect="/ws/table/{durak_table.pk}/"' in page
    assert 'id="table-board"' in page


def test_sitting_down_without_the_stake_shows_an_error_in_the_lobby(durak_table):
    client = client_for(new_player())
    response = client.post(reverse("table_sit", args=[durak_table.pk]), follow=True)
    assert "10.00" in response.content.decode()
    assert durak_table.seats.count() == 0


def test_players_see_the_hands_they_played_with_their_own_cards_only(durak_table, two_players):
    by_seat = finish_first_game(durak_table, two_players)
    hand = Hand.objects.get(table=durak_table, number=1)
    me = by_seat[0]
    listing = client_for(me).get(reverse("hand_list", args=[durak_table.pk])).content.decode()
    assert reverse("hand_detail", args=[durak_table.pk, 1]) in listing
    page = client_for(me).get(reverse("hand_detail", args=[durak_table.pk, 1])).content.decode()
    assert hand.commitment in page and hand.secret in page and hand.deck_record in page
    assert shuffle.verify(hand.deck_record, hand.secret, hand.commitment)
    held_seats = set(re.findall(r'class="held" data-seat="(\d)"', page))
    assert held_seats == {"0"}
    # the opponent's opening hand is never shown to me
    opening = hand.initial_state["hands"][1]
    first_step = page.split('class="step"')[1]
    assert not any(f'data-card="{card}"' in first_step.split('class="held"')[1] for card in opening)


def test_staff_on_the_floor_see_every_seat_and_strangers_see_nothing(durak_table, two_players):
    finish_first_game(durak_table, two_players)
    boss = new_staff(PIT_BOSS)
    page = client_for(boss).get(reverse("hand_detail", args=[durak_table.pk, 1])).content.decode()
    assert set(re.findall(r'class="held" data-seat="(\d)"', page)) == {"0", "1"}
    # staff of another role (a trader) recall no stranger's hand: it is the floor's
    trader = client_for(new_staff(TRADER))
    assert trader.get(reverse("hand_detail", args=[durak_table.pk, 1])).status_code == 404
    stranger = client_for(new_player())
    assert stranger.get(reverse("hand_detail", args=[durak_table.pk, 1])).status_code == 404
    listing = stranger.get(reverse("hand_list", args=[durak_table.pk])).content.decode()
    assert reverse("hand_detail", args=[durak_table.pk, 1]) not in listing


def test_a_hand_in_play_reveals_nothing(durak_table, two_players):
    finish_first_game(durak_table, two_players)
    current = Hand.objects.get(table=durak_table, number=2)
    assert current.ended_at is None
    page = (
        client_for(two_players[0])
        .get(reverse("hand_detail", args=[durak_table.pk, 2]))
        .content.decode()
    )
    assert current.secret not in page and current.deck_record not in page
    assert current.commitment in page


def test_the_replay_reproduces_the_logged_game(durak_table, two_players):
    from tables.selectors import hand_replay

    finish_first_game(durak_table, two_players)
    hand = Hand.objects.get(table=durak_table, number=1)
    steps = hand_replay(hand, new_player(is_staff=True))
    last = steps[-1]["public"]
    assert last["over"]
    assert last["result"]["winner"] == hand.result["winner"]
    assert last["score"] == hand.result["score"]
    assert len(steps) == hand.events.filter(step__in=["engine", "timeout", "forfeit"]).count() + 1


def test_the_table_page_has_a_live_hand_history_panel(durak_table, two_players):
    finish_first_game(durak_table, two_players)
    client = client_for(two_players[0])
    page = client.get(reverse("table", args=[durak_table.pk])).content.decode()
    assert 'id="hand-history"' in page
    panel = client.get(
        reverse("hand_list", args=[durak_table.pk]) + "?panel=1", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert reverse("hand_detail", args=[durak_table.pk, 1]) in panel
    assert "<html" not in panel


def test_the_table_page_is_the_shared_page_with_the_games_script_and_style(
    durak_table, two_players
):
    from tables.presentation import presentation_for

    game = presentation_for(durak_table.game)
    page = client_for(two_players[0]).get(reverse("table", args=[durak_table.pk])).content.decode()
    assert f'class="table-page game-{durak_table.game}"' in page
    assert "/static/js/table.js" in page and f"/static/{game.js}" in page
    assert f"/static/{game.css}" in page
    assert str(game.label) in page  # its display name, in the page's language
    assert 'id="table-board"' in page and 'data-capacity="2"' in page


def test_the_lobby_row_shows_the_games_name_seats_and_facts(durak_table, two_players):
    services.table_sit(table_id=durak_table.pk, player=two_players[0], connected=True)
    client = client_for(two_players[1])
    lobby = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    row = lobby[lobby.index(f'id="table-row-{durak_table.pk}"') :]
    row = row[: row.index("</tr>")]
    assert "1/2" in row and two_players[0].shown_name in row
    assert "Подкидной дурак" in row or "Podkidnoy durak" in row
    assert "10.00\xa0BYN" in row  # the stake, a money fact


def test_the_hand_history_shows_each_result_through_the_games_partial(durak_table, two_players):
    by_seat = finish_first_game(durak_table, two_players)
    hand = Hand.objects.get(table=durak_table, number=1)
    listing = client_for(by_seat[0]).get(reverse("hand_list", args=[durak_table.pk]))
    score = ":".join(map(str, hand.result["score"]))
    assert score in listing.content.decode()
    page = client_for(by_seat[0]).get(reverse("hand_detail", args=[durak_table.pk, 1]))
    assert 'class="table-cards"' in page.content.decode()  # Durak's replay partial: the bout
