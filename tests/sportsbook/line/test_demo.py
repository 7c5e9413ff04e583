"""The demo line (issue 4 §7): every market kind present, live and settled events, real bets,
rates and maximum stakes; loading twice duplicates nothing; the books are clean after it."""

import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse

from sportsbook.line.demo import MARGIN
from sportsbook.models import (
    Bet,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    MarketStatus,
    Outcome,
    SettlementReason,
    SettlementRun,
)
from sportsbook.settlement.markets import KINDS
from tests.conftest import assert_books_clean

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    call_command("loaddemo", stdout=io.StringIO())


def test_every_market_kind_is_in_the_demo_line(demo):
    present = set(Market.objects.values_list("kind", flat=True))
    assert set(KINDS) - present == set()


def test_every_market_has_all_its_outcomes_priced_with_a_margin(demo):
    for market in Market.objects.prefetch_related("outcomes"):
        outcomes = list(market.outcomes.all())
        assert [o.code for o in outcomes] == KINDS[market.kind].outcomes(market.params)
        assert all(o.odds > 1 and o.max_stake > 0 for o in outcomes)
        book = sum(1 / o.odds for o in outcomes)
        assert book > 1, f"{market} pays more than it takes: overround {book}"
    assert MARGIN > 0


def test_sports_live_finished_and_settled_events(demo):
    sports = set(Event.objects.values_list("competition__sport__code", flat=True))
    assert {"football", "hockey", "basketball", "tennis", "boxing", "formula1"} <= sports
    live = Event.objects.filter(status=EventStatus.LIVE)
    assert live.count() >= 2 and all(e.live_score.get("score") for e in live)
    for event in live:  # SB §1.1: pre-match markets closed, live ones open
        assert not event.markets.filter(in_play=False, status=MarketStatus.OPEN).exists()
        assert event.markets.filter(in_play=True, status=MarketStatus.OPEN).exists()
    settled = Event.objects.filter(settled_at__isnull=False)
    assert settled.count() >= 4
    assert all(e.status == EventStatus.FINISHED and e.result for e in settled)
    assert Event.objects.filter(status=EventStatus.SCHEDULED).count() >= 8
    assert SettlementRun.objects.filter(reason=SettlementReason.CORRECTION).exists()
    outright = Market.objects.get(kind="winner", params__places=3)
    assert len(outright.event.participants) >= 4


def test_demo_players_have_real_settled_and_open_bets(demo):
    names = set(Bet.objects.values_list("player__username", flat=True))
    assert {"anna", "boris", "vera", "gleb", "dina", "egor"} <= names
    assert Bet.objects.filter(status__in=["won", "lost", "void", "part"]).count() >= 8
    assert Bet.objects.filter(status="open").exists()
    assert {"single", "express", "system"} <= set(Bet.objects.values_list("kind", flat=True))
    assert set(ExchangeRate.objects.values_list("currency", flat=True)) >= {
        "BYN",
        "EUR",
        "RUB",
        "UAH",
    }
    assert ExchangeRate.objects.get(currency="RUB").per_usd > Decimal(1)


def test_loading_twice_duplicates_nothing_and_the_books_are_clean(demo):
    counts = [m.objects.count() for m in (Event, Market, Outcome, Bet, SettlementRun)]
    call_command("loaddemo", stdout=io.StringIO())
    assert [m.objects.count() for m in (Event, Market, Outcome, Bet, SettlementRun)] == counts
    assert_books_clean()


def test_the_trader_pages_render_the_whole_demo_line(demo, client, staff):
    client.force_login(staff)
    assert client.get(reverse("trader:events")).status_code == 200
    for event in Event.objects.all():
        assert client.get(reverse("trader:event", args=[event.pk])).status_code == 200
        assert client.get(reverse("trader:results", args=[event.pk])).status_code == 200
