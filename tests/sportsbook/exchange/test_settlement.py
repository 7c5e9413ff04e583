"""Exchange settlement on the sportsbook's results (A13): a market marked settled without a
result for an outcome that has matched bets, and the admin that could mark it so; a corrected
result settled again (E33): only the difference booked, what a wallet no longer holds owed and
repaid from the next exchange credit, a correction the process missed booked by the due job."""

from __future__ import annotations

import uuid
from unittest import mock

import pytest

from casino import ledger
from casino.books import books_check
from casino.models import Transfer, TransferKind
from sportsbook.admin import MarketForm
from sportsbook.exchange.services import (
    exchange_market_list,
    exchange_market_resettle,
    exchange_market_settle,
    exchange_settle_due,
    receivable_account,
)
from sportsbook.models import (
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeDebt,
    ExchangeSettlement,
    MarketStatus,
    Outcome,
)
from sportsbook.settlement import services
from sportsbook.settlement.runner import event_settle
from tests.conftest import assert_books_clean, fund
from tests.sportsbook.exchange.test_services import (
    FUNDS,
    balance,
    commission_held,
    example_1,
    finish,
    funded,
    line,
    post,
    take,
)
from tests.sportsbook.line import football_result, make_event, outcome

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


def correct(event, home_goals, away_goals):
    """E33: staff correct the official result of a settled event; it is settled again at once."""
    services.event_result_set(event_id=event.pk, result=football_result(home_goals, away_goals))
    return event_settle(event_id=event.pk)


def test_e33_a_corrected_result_resettles_the_exchange_example_1_becomes_example_2(line):
    event, anna, boris = example_1(line)
    finish(event, 2, 0)  # worked example 1: Anna +171, Boris -180, book 9
    assert balance(anna) == FUNDS + 17_100 and balance(boris) == FUNDS - 18_000
    correct(event, 0, 1)  # the home side did not win after all: worked example 2
    assert balance(anna) == FUNDS - 6_000  # -60 (BK §50)
    assert balance(boris) == FUNDS + 5_700  # +60 less 3 commission (BK §49, section 5)
    assert commission_held() == 300
    assert ExchangeBet.objects.get().back_result == -6_000
    records = ExchangeSettlement.objects.filter(correction=1)
    assert {(r.player_id, r.net, r.commission) for r in records} == {
        (anna.pk, -24_000, -900),
        (boris.pk, 24_000, 300),
    }
    reversal = Transfer.objects.get(idempotency_key__endswith=":correction:1")
    assert reversal.kind == TransferKind.REVERSAL
    assert_books_clean()
    # the same result again changes nothing; a second correction back books the difference
    assert exchange_market_resettle(market_id=line[1].market_id) == 0
    correct(event, 3, 0)
    assert balance(anna) == FUNDS + 17_100 and balance(boris) == FUNDS - 18_000
    assert commission_held() == 900
    assert ExchangeSettlement.objects.filter(correction=2).count() == 2
    assert_books_clean()


def test_e33_what_the_wallet_no_longer_holds_is_owed_then_repaid_from_the_next_credit(line):
    event, anna, boris = example_1(line)
    finish(event, 2, 0)
    ledger.cashier_withdraw(
        player=anna,
        amount=FUNDS + 10_000,  # she cashed out all but 71.00
        currency="BYN",
        idempotency_key=uuid.uuid4().hex,
        memo="withdrawal",
    )
    correct(event, 0, 1)  # she must give back 171 + 60 = 231.00 and holds 71.00
    assert balance(anna) == 0
    debt = ExchangeDebt.objects.get()
    assert (debt.player_id, debt.amount) == (anna.pk, 16_000)
    assert receivable_account("BYN").current_balance() == -16_000
    assert balance(boris) == FUNDS + 5_700
    assert_books_clean()
    # her next exchange credit repays the debt before anything reaches her wallet
    other = make_event(markets=(("1x2", {}),))
    home = outcome(other, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    fund(anna, 10_000)
    post(anna, home, "back", "2", 10_000)
    take(boris, home, "lay", "2", 10_000)
    finish(other, 1, 0)  # Anna wins 200 less 10 commission; her 100 comes back: 290 credited
    debt.refresh_from_db()
    assert debt.amount == 0
    assert balance(anna) == 29_000 - 16_000
    assert receivable_account("BYN").current_balance() == 0
    assert_books_clean()


def test_e33_a_correction_the_process_did_not_reach_is_booked_by_the_due_job(line):
    event, anna, boris = example_1(line)
    finish(event, 2, 0)
    # the sportsbook re-settled the event on a corrected result; the exchange was not called
    services.event_result_set(event_id=event.pk, result=football_result(0, 1))
    with mock.patch("sportsbook.exchange.services.exchange_settle_event"):
        event_settle(event_id=event.pk)
    assert balance(anna) == FUNDS + 17_100  # not yet
    assert exchange_settle_due() == 2
    assert balance(anna) == FUNDS - 6_000 and balance(boris) == FUNDS + 5_700
    assert exchange_settle_due() == 0  # once
    assert_books_clean()


def test_e33_the_books_check_holds_the_exchange_receivable_to_the_debts(line):
    """`sportsbook/exchange-receivable` is owed exactly the players' exchange debts: a debt
    changed without its booking (here: written off by hand) is a problem of the books."""
    event, anna, _boris = example_1(line)
    finish(event, 2, 0)
    ledger.cashier_withdraw(
        player=anna,
        amount=FUNDS + 10_000,
        currency="BYN",
        idempotency_key=uuid.uuid4().hex,
        memo="withdrawal",
    )
    correct(event, 0, 1)
    assert ExchangeDebt.objects.get().amount == 16_000
    assert_books_clean()
    ExchangeDebt.objects.update(amount=0)
    report = books_check()
    assert not report.clean
    assert any("exchange debts owe 0" in problem for problem in report.problems), report.text()
