"""The offer's hot path in SQL (sportsbook/exchange/rows.py): the statements it takes, the rows
it writes against what matching decided, and the paths beside the usual one (no transfer, the
first offer on a market, a retry that waits for the lock)."""

from __future__ import annotations

import threading
import uuid
from decimal import Decimal
from unittest import mock

import pytest
from django.db import close_old_connections, connection
from django.test.utils import CaptureQueriesContext

from casino import ledger
from casino.models import Transfer
from sportsbook.exchange import rows as exchange_rows
from sportsbook.exchange.services import (
    escrow_of,
    exchange_lapse_due,
    exchange_market_list,
    exchange_offer_post,
)
from sportsbook.models import ExchangeBet, ExchangeOffer, OfferStatus
from tests.conftest import assert_books_clean, requires_postgres
from tests.sportsbook.exchange.test_services import FUNDS, balance, funded, line, post
from tests.sportsbook.line import make_event, outcome

pytestmark = pytest.mark.django_db

__all__ = ["line"]  # the fixture, used by name


@requires_postgres
def test_on_postgresql_an_offer_that_matches_takes_five_statements(line):
    _event, home = line
    anna, boris = funded("anna"), funded("boris")
    post(anna, home, "back", "1.5", 1_000)
    post(boris, home, "lay", "2", 1_000)  # matched at 1.5; both have their escrow now
    post(anna, home, "back", "1.5", 1_000)
    with CaptureQueriesContext(connection) as captured:
        offer = post(boris, home, "lay", "1.5", 1_500)
    # the market's and the outcome's locks (with the key, the wallet, the escrow and the offer's
    # id); the standing offers; the offer, the matched offer, the bet, the transfer's key and the
    # accounts' lock in one statement; the loss limit, under that lock; the booking (BEGIN and
    # COMMIT are not logged; the test's savepoint is)
    statements = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 5
    assert "FOR SHARE OF x" in statements[0] and "pg_advisory_xact_lock" in statements[0]
    assert "nextval" in statements[0]
    assert '"new_offer" AS' in statements[2] and '"bets" AS' in statements[2]
    assert '"casino_gaminglimit"' in statements[3]
    assert (offer.matched, offer.remaining, offer.reserved) == (1_000, 500, 750)
    bet = ExchangeBet.objects.get(lay_offer_id=offer.pk)
    assert (bet.stake, bet.odds, bet.lay_liability) == (1_000, Decimal("1.500"), 1_500)
    assert Transfer.objects.filter(idempotency_key=f"xoffer:{offer.pk}").exists()
    assert balance(boris) == FUNDS - 1_500 - 1_500 - 750
    assert_books_clean()


def test_the_rows_written_are_what_matching_decided(line):
    """Two standing backs at one price, the earlier filled whole and closed, the later in part."""
    _event, home = line
    first, second, layer = funded("first"), funded("second"), funded("layer")
    a = post(first, home, "back", "1.2", 400)
    b = post(second, home, "back", "1.2", 1_000)
    taker = post(layer, home, "lay", "1.25", 900)
    a.refresh_from_db()
    b.refresh_from_db()
    stored = ExchangeOffer.objects.get(pk=taker.pk)
    for field in ("status", "remaining", "matched", "reserved", "odds", "stake"):
        assert getattr(stored, field) == getattr(taker, field), field
    assert (a.status, a.remaining, a.matched, a.reserved) == (OfferStatus.MATCHED, 0, 400, 0)
    assert a.closed_at is not None
    assert (b.status, b.remaining, b.matched, b.reserved) == (OfferStatus.OPEN, 500, 500, 500)
    assert b.closed_at is None
    assert (stored.status, stored.remaining, stored.matched) == (OfferStatus.MATCHED, 0, 900)
    bets = list(ExchangeBet.objects.filter(lay_offer=stored).order_by("pk"))
    assert [(x.back_offer_id, x.stake, x.lay_liability) for x in bets] == [
        (a.pk, 400, 480),  # at the standing price 1.2, better than the 1.25 he asked
        (b.pk, 500, 600),
    ]
    assert balance(layer) == FUNDS - 1_080
    assert ledger.balances_of(layer) and escrow_of(stored.market, layer.pk).balance == 1_080
    assert_books_clean()


def test_an_offer_that_reserves_nothing_books_no_transfer_and_is_stored(line):
    """A lay of 1.00 at net odds 0.001 risks 0.001 x 100 minor units, 0 after rounding (A14)."""
    _event, home = line
    clara = funded("clara")
    offer = post(clara, home, "lay", "0.001", 100)
    assert ExchangeOffer.objects.get(pk=offer.pk).reserved == 0
    assert not Transfer.objects.filter(idempotency_key=f"xoffer:{offer.pk}").exists()
    assert balance(clara) == FUNDS
    assert_books_clean()


def test_the_first_offer_on_a_market_opens_the_players_escrow(db):
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    dmitry = funded("dmitry")
    offer = post(dmitry, home, "back", "2", 700)
    assert escrow_of(offer.market, dmitry.pk).balance == 700
    assert balance(dmitry) == FUNDS - 700
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_retry_that_waits_for_the_lock_gets_the_first_offer_and_books_once():
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    egor = funded("egor")
    key = uuid.uuid4().hex
    start = threading.Barrier(6)
    results, errors = [], []

    def click():
        try:
            start.wait()
            results.append(
                exchange_offer_post(
                    player=egor,
                    outcome_id=home.pk,
                    side="back",
                    odds="0.8",
                    stake=2_000,
                    idempotency_key=key,
                )
            )
        except Exception as error:  # reported below: a click must never fail
            errors.append(repr(error))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=click) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert len({offer.pk for offer, _created in results}) == 1
    assert sorted(created for _offer, created in results) == [False] * 5 + [True]
    assert ExchangeOffer.objects.filter(player=egor).count() == 1
    assert balance(egor) == FUNDS - 2_000
    assert_books_clean()


def _a_backend_waits_for_a_lock() -> bool:
    """Whether another session of this database comes to wait for a row lock (looked up until
    it does, for up to 30 s: a state, not a time, is what the test asserts)."""
    with connection.cursor() as cursor:
        for _ in range(300):
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return True
            threading.Event().wait(0.1)
    return False


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_offers_on_two_outcomes_of_a_market_run_together_and_a_lapse_waits_for_both():
    """The market row is shared by offers (FOR SHARE) and taken whole by the lapse (FOR UPDATE);
    offers on one outcome queue on its advisory lock (A7). An offer held open on one outcome
    does not stop an offer on another outcome of the market, and the start's lapse waits for
    it, then annuls what stands."""
    event = make_event(markets=(("1x2", {}),))
    home, draw = outcome(event, "1x2", "1"), outcome(event, "1x2", "X")
    exchange_market_list(market_id=home.market_id)
    anna, boris = funded("anna"), funded("boris")
    entered, release, done, errors = threading.Event(), threading.Event(), [], []
    real_standing = exchange_rows.standing

    def slow_standing(cursor, **kw):  # Anna's offer stops while it holds its locks
        rows = real_standing(cursor, **kw)
        if threading.current_thread().name == "anna":
            entered.set()
            release.wait(30)
        return rows

    def run(name, target):
        try:
            target()
            done.append(name)
        except Exception as error:  # reported below
            errors.append(repr(error))
        finally:
            close_old_connections()

    with mock.patch.object(exchange_rows, "standing", slow_standing):
        anna_thread = threading.Thread(
            name="anna", target=run, args=("anna", lambda: post(anna, home, "back", "2", 1_000))
        )
        anna_thread.start()
        assert entered.wait(30)
        post(boris, draw, "back", "2", 1_000)  # another outcome: not held up by Anna's offer
        assert anna_thread.is_alive() and not release.is_set()
        lapse = threading.Thread(
            name="lapse",
            target=run,
            args=("lapse", lambda: exchange_lapse_due(now=event.starts_at)),
        )
        lapse.start()
        assert _a_backend_waits_for_a_lock()  # the lapse, for Anna's offer in flight
        assert lapse.is_alive()
        release.set()
        anna_thread.join(30)
        lapse.join(30)
    assert errors == [] and sorted(done) == ["anna", "lapse"]
    assert not ExchangeOffer.objects.filter(status=OfferStatus.OPEN).exists()
    assert balance(anna) == FUNDS and balance(boris) == FUNDS
    assert_books_clean()
