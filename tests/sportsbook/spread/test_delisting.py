"""A13 (bookmaker-financial.md): if the bookmaker stops quoting an asset for good, its open bets
are closed at its last published closing-side quote (A2); then the asset takes no orders or
quotes. Money as at any close: P&L through the ledger, margin released, a deficit owed (A7)."""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from decimal import Decimal as D

import pytest
from django.db import close_old_connections, connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import roles
from sportsbook.models import SpreadAsset, SpreadClose, SpreadCloseReason, SpreadPosition
from sportsbook.spread.services import (
    QuoteError,
    SpreadRefused,
    book_account,
    margin_account,
    receivable_account,
    spread_asset_delist,
    spread_asset_halt,
    spread_asset_switch,
    spread_feed_tick,
)
from tests.conftest import (
    assert_books_clean,
    fund,
    new_player,
    new_staff,
    requires_postgres,
)
from tests.sportsbook.spread.test_services import FUNDS, balance, bet, eurusd, player, quote

pytestmark = pytest.mark.django_db

__all__ = ["eurusd", "player"]  # the fixtures, used by name


def test_a13_delisting_closes_up_bets_at_the_bid_and_down_bets_at_the_ask(eurusd, player):
    other = new_player()
    fund(other, FUNDS)
    bet(player, eurusd, "up", 1_000)  # at the ask 1.2053
    bet(other, eurusd, "down", 500)  # at the bid 1.2050
    quote(eurusd, "1.2060", "1.2063")  # the last quote it publishes (no close-out: 13 < 30)
    assert spread_asset_delist(asset_id=eurusd.pk) == 2
    closes = {c.position.player_id: c for c in SpreadClose.objects.select_related("position")}
    up, down = closes[player.pk], closes[other.pk]
    assert (up.level, up.pnl, up.reason) == (D("1.2060"), 7_000, SpreadCloseReason.DELISTED)
    assert (down.level, down.pnl, down.reason) == (D("1.2063"), -6_500, SpreadCloseReason.DELISTED)
    assert balance(player) == FUNDS + 7_000  # +7 points x 10, the margin back (A2, §34.2)
    assert balance(other) == FUNDS - 6_500  # -13 points x 5 (§35.1)
    assert not SpreadPosition.objects.filter(stake__gt=0).exists()
    assert margin_account(player.pk, "BYN").balance == 0
    assert margin_account(other.pk, "BYN").balance == 0
    assert book_account("BYN").current_balance() == -7_000 + 6_500
    assert_books_clean()


def test_a13_a_delisted_asset_takes_no_orders_quotes_or_resumption_and_delists_once(eurusd, player):
    bet(player, eurusd, "up", 1_000)
    spread_asset_delist(asset_id=eurusd.pk)
    eurusd.refresh_from_db()
    assert eurusd.delisted_at is not None and eurusd.halted
    with pytest.raises(SpreadRefused, match="no longer quoted"):
        bet(player, eurusd, "up", 1_000)
    with pytest.raises(QuoteError, match="delisted"):
        quote(eurusd, "1.2060", "1.2063")
    with pytest.raises(QuoteError, match="delisted"):
        spread_asset_halt(asset_id=eurusd.pk, halted=False)
    assert spread_feed_tick() == 0
    assert spread_asset_delist(asset_id=eurusd.pk) == 0
    assert SpreadClose.objects.count() == 1
    assert balance(player) == FUNDS - 3_000  # the spread: 3 points x 10
    assert_books_clean()


def test_a13_a7_delisting_after_a_gap_closed_hours_and_no_close_out_leaves_the_deficit_owed(
    eurusd, player
):
    eurusd.open_days = "01234"
    eurusd.save()
    friday = timezone.make_aware(dt.datetime(2026, 12, 4, 12, 0))
    saturday = friday + dt.timedelta(days=1)
    bet(player, eurusd, "up", 1_000, now=friday)
    spread_asset_switch(asset_id=eurusd.pk, auto_closeout=False)
    quote(eurusd, "1.1900", "1.1903", now=saturday)  # 153 points down, the market closed
    # delisting is no order in the market: it closes even in closed hours
    assert spread_asset_delist(asset_id=eurusd.pk, now=saturday) == 1
    position = SpreadPosition.objects.get()
    assert (position.stake, position.realised, position.debt) == (0, -153_000, 103_000)
    assert balance(player) == FUNDS - 50_000  # the margin paid 500; 1030 is owed, never lost
    assert receivable_account("BYN").current_balance() == -103_000
    assert_books_clean()


def test_a13_bets_on_other_assets_stay_open_with_their_margin(eurusd, player):
    gbpusd = SpreadAsset.objects.create(
        code="gbpusd",
        name_ru="GBP/USD",
        name_en="GBP/USD",
        point_size=D("0.0001"),
        bid=D("1.3000"),
        ask=D("1.3002"),
        margin_points=50,
        closeout_points=20,
    )
    bet(player, eurusd, "up", 1_000)
    bet(player, gbpusd, "up", 200)
    spread_asset_delist(asset_id=eurusd.pk)
    assert SpreadPosition.objects.get(stake__gt=0).asset == gbpusd
    assert margin_account(player.pk, "BYN").balance == 50 * 200  # gbpusd's margin still held
    assert balance(player) == FUNDS - 3_000 - 10_000
    assert_books_clean()


def test_a13_the_trader_delists_from_the_page_and_players_no_longer_see_the_asset(eurusd, player):
    bet(player, eurusd, "up", 1_000)
    staff = Client()
    staff.force_login(new_staff(roles.TRADER, language="en"))
    staff.cookies["django_language"] = "en"
    page = staff.get(reverse("trader:spread"))
    assert 'value="delist"' in page.text
    response = staff.post(
        reverse("trader:spread_asset_act", args=[eurusd.pk]), {"act": "delist"}, follow=True
    )
    assert "Delisted: 1 open bet(s) closed at the last quote (A13)." in response.text
    assert "delisted" in response.text and 'value="delist"' not in response.text
    client = Client()
    client.force_login(player)
    client.cookies["django_language"] = "en"
    positions_page = client.get(reverse("sportsbook:spread"))
    assert positions_page.status_code == 200
    assert f'id="spread-asset-{eurusd.pk}"' not in positions_page.text
    assert_books_clean()


def test_a13_a_retry_of_an_order_made_before_the_delisting_returns_that_order(eurusd, player):
    """Idempotency outlives the asset: the key is answered before the asset is looked at."""
    key = uuid.uuid4().hex
    first = bet(player, eurusd, "up", 1_000, key=key)
    spread_asset_delist(asset_id=eurusd.pk)
    assert bet(player, eurusd, "up", 1_000, key=key).pk == first.pk


def _another_session_waits_for_a_lock() -> bool:
    """Whether another session comes to wait for a lock (looked up for up to 30 s; the
    statistics snapshot is cleared each time: this session is inside a transaction)."""
    with connection.cursor() as cursor:
        for _ in range(300):
            cursor.execute("SELECT pg_stat_clear_snapshot()")
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
def test_a13_delisting_locks_a_players_positions_in_the_modules_order():
    """A delisting locks each player's open positions by id, as every close and close-out does
    (the module's lock order), not the delisted asset's positions first: a session holding the
    player's lower position (a close-out, an order on another asset) that then needs his
    position on the delisted asset gets it, instead of a deadlock."""
    eur = SpreadAsset.objects.create(
        code="eurusd2",
        name_ru="EUR/USD",
        name_en="EUR/USD",
        currency="BYN",
        point_size=D("0.0001"),
        bid=D("1.2050"),
        ask=D("1.2053"),
        margin_points=50,
        closeout_points=20,
    )
    gbp = SpreadAsset.objects.create(
        code="gbpusd2",
        name_ru="GBP/USD",
        name_en="GBP/USD",
        currency="BYN",
        point_size=D("0.0001"),
        bid=D("1.3000"),
        ask=D("1.3002"),
        margin_points=50,
        closeout_points=20,
    )
    someone = new_player()
    fund(someone, FUNDS)
    bet(someone, gbp, "up", 200)  # the lower id
    bet(someone, eur, "up", 200)
    low = SpreadPosition.objects.get(asset=gbp)
    high = SpreadPosition.objects.get(asset=eur)
    errors = []

    def delist():
        try:
            spread_asset_delist(asset_id=eur.pk)
        except Exception as error:  # reported below
            errors.append(repr(error))
        finally:
            close_old_connections()

    with transaction.atomic():
        list(SpreadPosition.objects.select_for_update().filter(pk=low.pk))
        thread = threading.Thread(target=delist)
        thread.start()
        assert _another_session_waits_for_a_lock()  # the delisting, for the lower position
        # the delisting must not hold the higher one meanwhile
        list(SpreadPosition.objects.select_for_update(nowait=True).filter(pk=high.pk))
    thread.join(30)
    assert errors == []
    assert SpreadPosition.objects.get(pk=high.pk).stake == 0
    assert SpreadPosition.objects.get(pk=low.pk).stake == 200
    assert_books_clean()
