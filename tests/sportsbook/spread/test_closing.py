"""Issue 28 item 1: closing is closing (BK §31, A5, A6). An order that names a position closes
that position (all or part of it) or is refused with a sentence; a closed, unknown or foreign
position, or one in the order's own direction, opens nothing. A double click closes once. Posted
through the page's form as a person (or a stale second tab) would, wallets and books checked."""

from __future__ import annotations

import uuid
from decimal import Decimal as D

import pytest
from django.test import Client
from django.urls import reverse

from casino import ledger
from sportsbook.models import SpreadAsset, SpreadOrder, SpreadPosition
from sportsbook.spread.services import margin_account, spread_bet
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db

FUNDS = 100_000


@pytest.fixture
def asset():
    return SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", point_size=D("0.0001"),
        bid=D("1.2050"), ask=D("1.2053"), min_stake=100, max_stake=10_000, margin_points=50,
        closeout_points=20,
    )  # fmt: skip


def client_of(player) -> Client:
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    client.cookies["django_language"] = player.language
    return client


@pytest.fixture
def anna():
    player = new_player(language="en")
    fund(player, FUNDS)
    return player


def open_up(player, asset, stake=100) -> SpreadPosition:
    order, _created = spread_bet(
        player=player,
        asset_id=asset.pk,
        direction="up",
        stake=stake,
        level_seen=asset.ask,
        idempotency_key=uuid.uuid4().hex,
    )
    return SpreadPosition.objects.get(order=order)


def close(client, asset, position, stake="1.00", key=None, direction="down"):
    return client.post(
        reverse("sportsbook:spread_order"),
        {
            "asset": asset.pk,
            "direction": direction,
            "level": str(asset.bid if direction == "down" else asset.ask),
            "stake": stake,
            "position": position,
            "idempotency_key": key or uuid.uuid4().hex,
        },
    )


def wallet(player) -> int:
    return ledger.balances_of(player)["BYN"]


def test_bk_31_closing_twice_closes_once_and_the_second_opens_nothing(asset, anna):
    position = open_up(anna, asset)
    client = client_of(anna)
    first = close(client, asset, position.pk)
    assert "Closed: down 1.00\xa0BYN per point" in first.text, first.text
    after_close = wallet(anna)
    assert after_close == FUNDS - 300  # the spread: 3 points x 1.00, the margin back
    second = close(client, asset, position.pk)  # a stale form, a second tab
    assert "This position is already closed." in second.text, second.text
    assert "Opened" not in second.text
    assert SpreadPosition.objects.count() == 1 and SpreadOrder.objects.count() == 2
    assert wallet(anna) == after_close and margin_account(anna.pk, "BYN").balance == 0
    assert_books_clean()


def test_a_double_click_on_close_closes_once(asset, anna):
    position = open_up(anna, asset)
    client = client_of(anna)
    key = uuid.uuid4().hex
    close(client, asset, position.pk, key=key)
    again = close(client, asset, position.pk, key=key)
    assert "Closed" in again.text and "already closed" not in again.text
    assert SpreadOrder.objects.filter(closes=True).count() == 1
    assert wallet(anna) == FUNDS - 300
    assert_books_clean()


@pytest.mark.parametrize("named", ["999999", "0", "-1", "x", "9" * 30, "٣"])
def test_an_unknown_position_is_refused_and_opens_nothing(asset, anna, named):
    client = client_of(anna)
    answer = close(client, asset, named)
    assert answer.status_code == 200
    assert "There is no such position." in answer.text, answer.text
    assert SpreadPosition.objects.count() == 0 and SpreadOrder.objects.count() == 0
    assert wallet(anna) == FUNDS
    assert_books_clean()


def test_another_players_position_is_refused_and_neither_changes(asset, anna):
    boris = new_player(language="ru")
    fund(boris, FUNDS)
    his = open_up(boris, asset)
    held = margin_account(boris.pk, "BYN").balance
    answer = close(client_of(anna), asset, his.pk)
    assert "There is no such position." in answer.text
    his.refresh_from_db()
    assert his.stake == 100 and margin_account(boris.pk, "BYN").balance == held
    assert wallet(anna) == FUNDS and not SpreadPosition.objects.filter(player=anna).exists()
    russian = close(client_of(boris), asset, 999_999)
    assert "Нет такой позиции." in russian.text, russian.text
    assert_books_clean()


def test_a_close_in_the_positions_own_direction_opens_nothing(asset, anna):
    position = open_up(anna, asset)
    answer = close(client_of(anna), asset, position.pk, direction="up")
    assert "closed by the opposite bet" in answer.text, answer.text
    assert SpreadPosition.objects.count() == 1 and wallet(anna) == FUNDS - 5_000
    assert_books_clean()


def test_a_partial_close_of_the_named_position_leaves_the_other_open(asset, anna):
    older = open_up(anna, asset, stake=200)
    newer = open_up(anna, asset, stake=300)
    close(client_of(anna), asset, newer.pk, stake="1,50")
    older.refresh_from_db()
    newer.refresh_from_db()
    assert (older.stake, newer.stake) == (200, 150)
    too_much = close(client_of(anna), asset, newer.pk, stake="2")
    assert "at most 1.50" in too_much.text, too_much.text
    assert_books_clean()


def test_an_opposite_order_that_names_no_position_still_closes_the_oldest(asset, anna):
    older = open_up(anna, asset, stake=200)
    close(client_of(anna), asset, "", stake="2")
    older.refresh_from_db()
    assert older.stake == 0 and SpreadPosition.objects.count() == 1
    assert_books_clean()
