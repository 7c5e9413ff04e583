"""Exchange settlement on the sportsbook's results (A13): a market marked settled without a
result for an outcome that has matched bets, and the admin that could mark it so."""

from __future__ import annotations

import pytest

from sportsbook import services
from sportsbook.admin import MarketForm
from sportsbook.exchange_services import exchange_market_settle, exchange_settle_due
from sportsbook.models import ExchangeBet, ExchangeBetStatus, MarketStatus, Outcome
from sportsbook.settlement_runner import event_settle
from tests.conftest import assert_books_clean
from tests.sportsbook.exchange.test_services import (
    FUNDS,
    balance,
    commission_held,
    funded,
    line,
    post,
    take,
)
from tests.sportsbook.line import football_result

pytestmark = pytest.mark.django_db

__all__ = ["line"]  # the fixture, used by name


def test_a13_a_market_settled_with_no_result_for_a_matched_outcome_waits_for_the_result(line):
    event, home = line
    anna, boris = funded("anna"), funded("boris")
    post(anna, home, "back", "3", 10_000)
    take(boris, home, "lay", "3", 10_000)
    # marked settled by a path that gives no outcome a result (before the admin refused it)
    home.market.status = MarketStatus.SETTLED
    home.market.save(update_fields=["status"])
    assert not Outcome.objects.filter(market=home.market, win__isnull=False).exists()
    assert exchange_settle_due() == 0  # no KeyError: nothing is settled, nothing moves
    assert exchange_market_settle(market_id=home.market_id) == 0
    assert ExchangeBet.objects.get().status == ExchangeBetStatus.OPEN
    assert balance(anna) == FUNDS - 10_000 and balance(boris) == FUNDS - 30_000
    assert_books_clean()
    # the result entered and the event settled: the exchange settles on it
    services.event_result_set(event_id=event.pk, result=football_result(2, 0))
    event_settle(event_id=event.pk)
    assert ExchangeBet.objects.get().status == ExchangeBetStatus.SETTLED
    assert balance(anna) == FUNDS + 30_000 - 1_500  # won 300.00, 5 % commission
    assert balance(boris) == FUNDS - 30_000
    assert commission_held() == 1_500
    assert_books_clean()


def _form(market, status):
    data = {
        "kind": market.kind,
        "params": "{}",
        "status": status,
        "in_play": "",
        "position": market.position,
        "event": market.event_id,
    }
    return MarketForm(data=data, instance=market, initial={"status": market.status})


def test_staff_cannot_mark_a_market_settled_by_hand_nor_reopen_a_settled_one(line):
    _event, home = line
    market = home.market
    form = _form(market, MarketStatus.SETTLED)
    assert not form.is_valid()
    assert form.errors["status"] == [
        "A market is settled by settling its event (its result), not by hand."
    ]
    assert _form(market, MarketStatus.SUSPENDED).is_valid()
    market.status = MarketStatus.SETTLED
    market.save(update_fields=["status"])
    form = _form(market, MarketStatus.OPEN)
    assert not form.is_valid()
    assert form.errors["status"] == ["A settled market cannot be reopened here."]
