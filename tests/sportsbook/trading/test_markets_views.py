"""The trader's pages of the exchange and the spread assets (issue 18 §3): staff only; matched
volume and the escrow the book stands behind; an asset's quote set by hand, halt and the close-out
switch (A8), and the accounts at risk."""

import uuid
from decimal import Decimal as D

import pytest
from django.test import Client
from django.urls import reverse

from casino import roles
from sportsbook.exchange.services import exchange_market_list, exchange_offer_post
from sportsbook.models import SpreadAsset, SpreadClose
from sportsbook.spread.services import spread_bet
from tests.conftest import assert_books_clean, fund, new_player, new_staff
from tests.sportsbook.line import make_event, outcome

pytestmark = pytest.mark.django_db


def staff_client():
    client = Client()
    client.force_login(new_staff(roles.TRADER, language="en"))
    client.cookies["django_language"] = "en"
    return client


def test_players_get_403_from_the_trader_pages():
    client = Client()
    client.force_login(new_player())
    for name in ("trader:exchange", "trader:spread"):
        assert client.get(reverse(name)).status_code == 403


def test_the_exchange_page_shows_matched_volume_and_what_escrow_holds():
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    anna, boris = new_player(), new_player()
    fund(anna, 100_000)
    fund(boris, 100_000)
    exchange_market_list(market_id=home.market_id)
    for player, side, stake in ((anna, "back", 10_000), (boris, "lay", 6_000)):
        exchange_offer_post(
            player=player, outcome_id=home.pk, side=side, odds=D("3"), stake=stake,
            idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip
    page = staff_client().get(reverse("trader:exchange"))
    assert page.status_code == 200
    row = page.text.split(f'data-market="{home.market_id}"')[1]
    assert 'class="matched"><span class="money">60.00' in row  # matched volume
    assert 'class="held"><span class="money">280.00' in row  # Anna's 100 + Boris's liability 180


def test_the_spread_page_sets_a_quote_halts_and_switches_close_outs():
    asset = SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", point_size=D("0.0001"),
        bid=D("1.2050"), ask=D("1.2053"), margin_points=50, closeout_points=20,
    )  # fmt: skip
    player = new_player()
    fund(player, 100_000)
    spread_bet(
        player=player, asset_id=asset.pk, direction="up", stake=1_000, level_seen=D("1.2053"),
        idempotency_key="k",
    )  # fmt: skip
    client = staff_client()
    act = reverse("trader:spread_asset_act", args=[asset.pk])
    client.post(act, {"act": "closeout_off"})
    client.post(act, {"act": "quote", "bid": "1.2000", "ask": "1.2003"})
    page = client.get(reverse("trader:spread"))
    assert "1.2000 / 1.2003" in page.text and "close-out off (A8)" in page.text
    assert 'class="at-risk">1<' in page.text  # below the level, kept open by the switch
    assert SpreadClose.objects.count() == 0
    client.post(act, {"act": "closeout_on"})  # switched back on: watched at once
    assert SpreadClose.objects.count() == 1
    client.post(act, {"act": "halt"})
    assert SpreadAsset.objects.get().halted
    response = client.post(act, {"act": "quote", "bid": "x", "ask": "1"}, follow=True)
    assert "Bid and ask: Enter a number like 50 or 50,50." in response.text
    assert_books_clean()
