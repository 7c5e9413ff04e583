"""Odds are written one way in each language (issue 45): with a point, as amounts are, in
Russian as in English ("6.102", never "6,102" beside "2.48"), two decimals at least and three
at most, wherever odds appear: the line, the slip (a selection, an express's product, a
system's combinations), my bets, the exchange, the trader's log of changes."""

import re
import uuid
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from casino import roles
from sportsbook.betting.services import Selection, bet_place
from sportsbook.line.presenters import odds_text
from sportsbook.line.services import odds_set
from sportsbook.models import BetKind, ExchangeRate
from tests.conftest import fund, new_player, new_staff
from tests.sportsbook import factories

pytestmark = pytest.mark.django_db

COMMA_ODDS = re.compile(r"\b\d+,\d{2,3}\b(?!\u00a0[A-Z]{3})")  # "6,102" (an amount has its code)


def test_odds_text():
    assert [odds_text(Decimal(v)) for v in ("1.850", "2", "1.875", "6.07625", "10.5")] == [
        "1.85", "2.00", "1.875", "6.076", "10.50",
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["ru", "en"])
def test_odds_are_written_with_a_point_in_each_language(language):
    ExchangeRate.objects.update_or_create(currency="BYN", defaults={"per_usd": Decimal("3.20")})
    player = new_player(language=language)
    fund(player, 100_000)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player)
    client.cookies["django_language"] = language
    events = [factories.event() for _ in range(3)]
    picks = [factories.outcome(e) for e in events]
    for pick, odds in zip(picks, ("1.85", "2.48", "1.33"), strict=True):
        odds_set(outcome_id=pick.pk, odds=Decimal(odds), staff=None)
    for pick in picks:
        client.post(reverse("sportsbook:slip_add"), {"outcome": pick.pk})
    slip = client.get(reverse("sportsbook:slip")).text
    assert 'class="total-odds">6.102<' in slip  # 1.85 x 2.48 x 1.33 = 6.102040
    system = client.post(
        reverse("sportsbook:slip_system"), {"system_size": "2"}, HTTP_HX_REQUEST="true"
    )
    # 1.85 x 2.48, 1.85 x 1.33 = 2.4605, 2.48 x 1.33 = 3.2984
    assert all(f"@ {odds}<" in system.text for odds in ("4.588", "2.460", "3.298"))
    seen = [Selection(picks[0].pk, Decimal("1.85")), Selection(picks[1].pk, Decimal("2.48"))]
    bet_place(
        player=player, kind=BetKind.EXPRESS, selections=seen, stake=500, currency="BYN",
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip
    my_bets = client.get(reverse("sportsbook:my_bets")).text
    assert 'class="total-odds">4.588<' in my_bets and ">2.48<" in my_bets
    line = client.get(reverse("sportsbook:event", args=[events[0].pk])).text
    trader = Client(HTTP_ACCEPT_LANGUAGE=language)
    trader.force_login(new_staff(roles.TRADER, language=language))
    trader.cookies["django_language"] = language
    changes = trader.get(reverse("trader:changes", args=[events[0].pk])).text
    assert "1.50 → 1.85" in changes  # the factory's 1.500, as the player's pages write it
    for page in (slip, system.text, my_bets, line, changes):
        assert not COMMA_ODDS.search(page), COMMA_ODDS.search(page)
