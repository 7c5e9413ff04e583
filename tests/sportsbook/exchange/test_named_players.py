"""A4: the proposer may restrict an offer to named players (betting-exchange.md A4, §41 "the
parties to the bet"). Only they can take it or see it in the ladder; the restriction survives
an edit (A6); bad names are refused to the proposer with a reason and book nothing."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from sportsbook.exchange.selectors import exchange_market_view
from sportsbook.exchange.services import ExchangeRefused, PriceChanged, exchange_offer_edit
from sportsbook.models import ExchangeBet, ExchangeOffer
from tests.conftest import assert_books_clean
from tests.sportsbook.exchange.test_services import FUNDS, balance, funded, line, post, take
from tests.sportsbook.exchange.test_views import client_for, market, submit

pytestmark = pytest.mark.django_db

__all__ = ["line", "market"]  # the fixtures, used by name


def test_a4_only_a_named_player_can_take_a_restricted_offer(line):
    _event, home = line
    anna, boris, clara = funded("anna"), funded("boris"), funded("clara")
    offer = post(anna, home, "back", "1.5", 1_000, open_to=boris.username)
    assert offer.open_to == [boris.pk]
    with pytest.raises(PriceChanged) as refused:
        take(clara, home, "lay", "1.5", 1_000)
    assert refused.value.best is None  # nothing stands that Clara may take
    assert balance(clara) == FUNDS
    bet_offer = take(boris, home, "lay", "1.5", 600)
    assert bet_offer.matched == 600
    bet = ExchangeBet.objects.get()
    assert (bet.back_player_id, bet.lay_player_id, bet.stake) == (anna.pk, boris.pk, 600)
    assert_books_clean()


def test_a4_a_post_that_crosses_a_restricted_offer_of_another_player_passes_it_by(line):
    _event, home = line
    anna, boris, clara = funded("anna"), funded("boris"), funded("clara")
    restricted = post(anna, home, "back", "1.5", 1_000, open_to=[boris.username])
    public = post(anna, home, "back", "1.6", 1_000)
    lay = post(clara, home, "lay", "2", 1_500)  # crosses both prices, may take only the public
    assert [b.back_offer_id for b in ExchangeBet.objects.all()] == [public.pk]
    assert (lay.matched, lay.remaining) == (1_000, 500)
    restricted.refresh_from_db()
    assert restricted.remaining == 1_000
    assert_books_clean()


def test_a4_the_ladder_shows_a_restricted_offer_to_its_named_players_and_proposer_only(line):
    _event, home = line
    anna, boris, clara = funded("anna"), funded("boris"), funded("clara")
    post(anna, home, "lay", "2", 1_000, open_to=boris.username)
    post(anna, home, "lay", "2", 500)

    def to_back(player):
        rows = exchange_market_view(home.market_id, player).rows
        row = next(r for r in rows if r.outcome == home)
        return [(p.odds, p.amount) for p in row.to_back]

    assert to_back(boris) == [(2, 1_500)]
    assert to_back(anna) == [(2, 1_500)]
    assert to_back(clara) == [(2, 500)]
    assert exchange_market_view(home.market_id, anna).offers[0].open_to_names == [boris.username]


def test_a4_a6_an_edited_offer_stays_restricted_to_the_same_players(line):
    _event, home = line
    anna, boris = funded("anna"), funded("boris")
    offer = post(anna, home, "back", "1.5", 1_000, open_to=boris.username)
    edited, created = exchange_offer_edit(
        player=anna, offer_id=offer.pk, odds="1.4", stake=800, idempotency_key=uuid.uuid4().hex
    )
    assert created and edited.open_to == [boris.pk]
    assert ExchangeOffer.objects.get(pk=edited.pk).open_to == [boris.pk]
    assert_books_clean()


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("nobody-here", "No player is called nobody-here."),
        ("SELF", "You cannot take your own offer (A4): name other players."),
        (" ".join(f"p{n}" for n in range(21)), "An offer can be restricted to at most 20 players."),
    ],
)
def test_a4_bad_names_are_refused_with_a_reason_and_book_nothing(line, names, message):
    _event, home = line
    anna = funded("anna")
    with pytest.raises(ExchangeRefused) as refused:
        post(anna, home, "back", "1.5", 1_000, open_to=names.replace("SELF", anna.username))
    assert str(refused.value) == message
    assert not ExchangeOffer.objects.exists() and balance(anna) == FUNDS


def test_a4_the_form_restricts_an_offer_and_tells_the_proposer_of_a_bad_name(market):
    anna, anna_client = client_for("anna")
    boris, _boris_client = client_for("boris")
    page = anna_client.get(reverse("sportsbook:exchange_market", args=[market.market_id]))
    assert 'name="open_to"' in page.text
    response = submit(
        anna_client, market, side="back", odds="1.5", stake="10", open_to=boris.username
    )
    assert "Your offer stands" in response.text and f"only for {boris.username}" in response.text
    assert ExchangeOffer.objects.get().open_to == [boris.pk]
    response = submit(anna_client, market, side="back", odds="1.5", stake="10", open_to="zz-none")
    assert "No player is called zz-none." in response.text
    assert ExchangeOffer.objects.count() == 1
