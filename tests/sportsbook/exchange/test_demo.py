"""The exchange's demo (issue 18 §4): a listed market with standing offers on both sides and
matched bets; loading twice posts nothing more; the books are clean."""

import io

import pytest
from django.core.management import call_command

from sportsbook.models import ExchangeBet, ExchangeOffer, OfferStatus
from tests.conftest import assert_books_clean

pytestmark = pytest.mark.django_db


def test_the_demo_has_standing_offers_on_both_sides_and_matched_bets():
    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    assert "Exchange demo: 20 new offers." in out.getvalue()
    standing = ExchangeOffer.objects.filter(status=OfferStatus.OPEN)
    assert set(standing.values_list("side", flat=True)) == {"back", "lay"}
    assert ExchangeBet.objects.count() >= 2
    call_command("loaddemo", stdout=out)
    assert "Exchange demo: 0 new offers." in out.getvalue()
    assert_books_clean()
