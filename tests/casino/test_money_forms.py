"""Issue 26 item 1 (the part outside the live tables): every amount a person types there goes
through the one money field / parser (casino.amounts): the cashier's top-up, the staff cash
desk, the limits page, the bet slip's stakes (forms: MoneyField), and the exchange's offers and
the spread's stakes (views: parse_amount), so each reads "1 000,50" as 1 000.50 and writes its
bounds in the currency ("At least 0.01 BYN")."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from casino.amounts import MoneyField
from casino.forms import LimitForm, StaffCashForm, TopUpForm
from sportsbook.betting.forms import PlaceForm
from sportsbook.models import ExchangeOffer, SpreadAsset, SpreadPosition
from tests.conftest import fund, new_player
from tests.sportsbook.line import make_event, outcome, set_rates

TYPED = "1 000,50"


@pytest.mark.parametrize(
    "form", [TopUpForm, StaffCashForm, LimitForm], ids=lambda form: form.__name__
)
def test_the_cash_forms_amount_is_the_money_field_in_the_chosen_currency(form):
    assert isinstance(form.base_fields["amount"], MoneyField)
    data = {"currency": "BYN", "amount": TYPED, "idempotency_key": uuid.uuid4(),
            "direction": "deposit", "reason": "desk", "kind": "deposit"}  # fmt: skip
    bound = form(data)
    assert bound.is_valid(), bound.errors
    assert bound.cleaned_data["amount"] == 100_050
    with translation.override("ru"):
        too_much = form({**data, "amount": "1 000 000,01"})
        assert not too_much.is_valid()
        assert too_much.errors["amount"] == ["Не больше 1\u00a0000\u00a0000.00\u00a0BYN."]


def test_a_limit_may_be_zero_and_a_top_up_may_not():
    assert LimitForm({"currency": "BYN", "kind": "deposit", "amount": "0"}).is_valid()
    top_up = TopUpForm({"currency": "BYN", "amount": "0", "idempotency_key": uuid.uuid4()})
    assert not top_up.is_valid() and "At least 0.01" in str(top_up.errors["amount"])


def test_every_stake_of_the_slip_is_the_money_field():
    form = PlaceForm(
        {"kind": "single", "idempotency_key": uuid.uuid4(), "stake_7": TYPED, "stake_8": "2"},
        outcome_ids=[7, 8],
        currency="BYN",
    )
    stakes = [name for name, field in form.fields.items() if name.startswith("stake")]
    assert stakes == ["stake", "stake_7", "stake_8"]
    assert all(isinstance(form.fields[name], MoneyField) for name in stakes)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["stakes"] == {7: 100_050, 8: 200}


@pytest.mark.django_db
def test_the_exchange_and_the_spread_read_what_a_person_types():
    from sportsbook.exchange.services import exchange_market_list

    set_rates()
    home = outcome(make_event(markets=(("1x2", {}),)), "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    asset = SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", point_size=Decimal("0.0001"),
        bid=Decimal("1.2050"), ask=Decimal("1.2053"), min_stake=100, max_stake=1_000_000,
        margin_points=5, closeout_points=2,
    )  # fmt: skip
    player = new_player(language="en")
    fund(player, 10_000_000)
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    client.post(
        reverse("sportsbook:exchange_offer", args=[home.market_id]),
        {"outcome": home.pk, "side": "back", "odds": "1,5", "stake": TYPED,
         "idempotency_key": uuid.uuid4().hex},
    )  # fmt: skip
    offer = ExchangeOffer.objects.get()
    assert (offer.stake, offer.odds) == (100_050, Decimal("1.5"))
    client.post(
        reverse("sportsbook:spread_order"),
        {"asset": asset.pk, "order": f"up:{asset.ask}", "stake": "1 000,50",
         "idempotency_key": uuid.uuid4().hex},
    )  # fmt: skip
    assert SpreadPosition.objects.get().stake == 100_050
