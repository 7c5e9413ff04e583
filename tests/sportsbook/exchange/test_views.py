"""The exchange's pages (issue 18): the ladder page shows net and decimal odds; the forms post,
take (with the slip's odds-change confirmation), change and withdraw offers; bad input is told
why and books nothing; a double submit books once."""

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from casino import ledger
from sportsbook.models import ExchangeBet, ExchangeOffer, OfferStatus
from tests.conftest import assert_books_clean, fund, new_player
from tests.sportsbook.line import make_event, outcome, set_rates

pytestmark = pytest.mark.django_db


@pytest.fixture
def market(db):
    from sportsbook.exchange.services import exchange_market_list

    set_rates()
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    return home


def client_for(name):
    player = new_player(username=f"{name}-{uuid.uuid4().hex[:6]}", language="en")
    fund(player, 100_000)
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    return player, client


def submit(client, home, **fields):
    data = {"outcome": home.pk, "idempotency_key": uuid.uuid4().hex, **fields}
    return client.post(reverse("sportsbook:exchange_offer", args=[home.market_id]), data)


def test_the_ladder_page_lists_the_market_and_shows_net_and_decimal_odds(market):
    anna, anna_client = client_for("anna")
    submit(anna_client, market, side="back", odds="1.5", stake="20")
    _boris, boris_client = client_for("boris")
    index = boris_client.get(reverse("sportsbook:exchange"))
    assert reverse("sportsbook:exchange_market", args=[market.market_id]) in index.text
    page = boris_client.get(reverse("sportsbook:exchange_market", args=[market.market_id]))
    assert page.status_code == 200
    assert 'ws-connect="/ws/sport/exchange/' in page.text
    assert 'class="net-odds">1.50<' in page.text and "(2.50)" in page.text  # A1, section 5
    assert "20.00" in page.text


def test_post_then_take_matches_and_both_pages_say_so(market):
    anna, anna_client = client_for("anna")
    response = submit(anna_client, market, side="lay", odds="2", stake="10")
    assert "Your offer stands: 10.00" in response.text
    assert ledger.balances_of(anna)["BYN"] == 100_000 - 2_000  # liability 10 x 2
    boris, boris_client = client_for("boris")
    response = submit(boris_client, market, side="back", odds="2", stake="4", take="1")
    assert "Matched 4.00" in response.text and 'data-bet="' in response.text
    bet = ExchangeBet.objects.get()
    assert (bet.back_player_id, bet.lay_player_id, bet.stake) == (boris.pk, anna.pk, 400)
    assert_books_clean()


def test_a_take_whose_price_moved_asks_to_confirm_at_the_new_price(market):
    _anna, anna_client = client_for("anna")
    submit(anna_client, market, side="lay", odds="1.8", stake="10")
    boris, boris_client = client_for("boris")
    response = submit(boris_client, market, side="back", odds="2", stake="5", take="1")
    assert "The price moved from 2.000 to 1.800" in response.text
    assert "Confirm at 1.80 (decimal 2.80)" in response.text
    assert ExchangeBet.objects.count() == 0 and ledger.balances_of(boris)["BYN"] == 100_000
    response = submit(boris_client, market, side="back", odds="1.8", stake="5", take="1")
    assert "Matched 5.00" in response.text


def test_bad_input_is_told_why_and_books_nothing(market):
    player, client = client_for("anna")
    for fields, message in [
        ({"side": "back", "odds": "2", "stake": "ten"}, "Stake: Enter a number like 50"),
        ({"side": "back", "odds": "2", "stake": "Infinity"}, "Stake: Enter a number like 50"),
        ({"side": "back", "odds": "x", "stake": "10"}, "Net odds: Enter a number like 50"),
        ({"side": "back", "odds": "1000", "stake": "10"}, "Net odds: At most 999."),
        ({"side": "up", "odds": "2", "stake": "10"}, "back or to lay"),
        ({"side": "lay", "odds": "50", "stake": "100"}, "Insufficient funds"),
    ]:
        response = submit(client, market, **fields)
        assert message in response.text, response.text
    response = client.post(
        reverse("sportsbook:exchange_offer", args=[market.market_id]),
        {"outcome": market.pk, "side": "back", "odds": "2", "stake": "1", "idempotency_key": "x"},
    )
    assert "out of date" in response.text
    # a forged form: another market's outcome posted on this market's page
    other = make_event(markets=(("1x2", {}),))
    response = submit(
        client, market, side="back", odds="2", stake="10", outcome=outcome(other, "1x2", "1").pk
    )
    assert "That outcome is not in this market." in response.text
    assert ExchangeOffer.objects.count() == 0 and ledger.balances_of(player)["BYN"] == 100_000


def test_a_double_submit_books_once(market):
    player, client = client_for("anna")
    key = uuid.uuid4().hex
    for _ in range(2):
        submit(client, market, side="back", odds="2", stake="10", idempotency_key=key)
    assert ExchangeOffer.objects.count() == 1
    assert ledger.balances_of(player)["BYN"] == 100_000 - 1_000


def test_change_and_withdraw_an_offer(market):
    player, client = client_for("anna")
    submit(client, market, side="lay", odds="2", stake="10")
    offer = ExchangeOffer.objects.get()
    response = client.post(
        reverse("sportsbook:exchange_edit", args=[market.market_id]),
        {"offer": offer.pk, "odds": "1.5", "stake": "8", "idempotency_key": uuid.uuid4().hex},
    )
    assert "Your offer stands: 8.00" in response.text
    assert ledger.balances_of(player)["BYN"] == 100_000 - 1_200
    new = ExchangeOffer.objects.get(status=OfferStatus.OPEN)
    response = client.post(
        reverse("sportsbook:exchange_cancel", args=[market.market_id]), {"offer": new.pk}
    )
    assert "Offer withdrawn." in response.text
    assert ledger.balances_of(player)["BYN"] == 100_000
    assert_books_clean()


def test_a_forged_change_or_withdrawal_naming_another_markets_offer_is_refused(market):
    """The player's own offer, but on another market than the page's: refused, nothing moves
    (its stake would be read in this page's currency and answered on the wrong page)."""
    from sportsbook.exchange.services import exchange_market_list

    player, client = client_for("anna")
    elsewhere = outcome(make_event(markets=(("1x2", {}),)), "1x2", "1")
    exchange_market_list(market_id=elsewhere.market_id)
    submit(client, elsewhere, side="lay", odds="2", stake="10")
    offer = ExchangeOffer.objects.get()
    held = ledger.balances_of(player)["BYN"]
    for view, fields in [
        ("exchange_edit", {"odds": "1.5", "stake": "8", "idempotency_key": uuid.uuid4().hex}),
        ("exchange_cancel", {}),
        ("exchange_cancel", {"offer": "x"}),
    ]:
        data = {"offer": offer.pk, **fields}
        response = client.post(reverse(f"sportsbook:{view}", args=[market.market_id]), data)
        assert response.status_code == 200
        expected = "Choose an offer." if data["offer"] == "x" else "not in this market"
        assert expected in response.text, response.text
    offer.refresh_from_db()
    assert (offer.status, offer.remaining) == (OfferStatus.OPEN, 1_000)
    assert ExchangeOffer.objects.count() == 1
    assert ledger.balances_of(player)["BYN"] == held == 100_000 - 2_000  # a lay at 2 holds 20
    assert_books_clean()
