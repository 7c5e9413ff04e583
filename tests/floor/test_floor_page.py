"""Issue 17, part 1: the floor's tables tab, for staff on the floor only."""

import pytest
from django.test import Client
from django.urls import reverse

from tables.engines.registry import registered_games
from tests.conftest import new_player
from tests.tables.test_interventions import staff_member
from tests.tables.test_services import seat_both

pytestmark = pytest.mark.django_db


def test_the_floor_is_for_staff_on_the_floor(durak_table, two_players):
    url = reverse("pit")
    assert Client().get(url)["Location"].startswith(reverse("login"))
    player = Client()
    player.force_login(new_player())
    assert player.get(url).status_code == 403
    trader = Client()
    trader.force_login(new_player(is_staff=True))  # staff, not on the floor
    assert trader.get(url).status_code == 403


def test_the_floor_shows_a_tile_per_table_with_filters_and_the_tournaments(
    durak_table, two_players
):
    table = seat_both(durak_table, two_players)
    boss = Client(HTTP_ACCEPT_LANGUAGE="en")
    boss.force_login(staff_member("view_pit"))
    page = boss.get(reverse("pit")).content.decode()
    assert 'ws-connect="/ws/pit/"' in page and 'id="pit-tournaments"' in page
    assert f'<article id="pit-table-{table.pk}"' in page
    assert 'data-game="durak"' in page and 'data-status="playing"' in page
    assert reverse("table_staff", args=[table.pk]) in page
    for game in registered_games():
        assert f'<option value="{game}">' in page  # the game filter
    assert '<option value="activity">' in page and '<option value="money">' in page
    for player in two_players:
        assert player.shown_name in page
    assert page.count("10.00\xa0BYN") >= 2  # each seat's stake in play
