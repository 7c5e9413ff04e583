"""Spread bets' services on the real database (BK §26–§36): the worked examples through the
ledger, partial close, the re-quote, working hours, the margin close-out on a scripted price
path, a gap past the level after closed hours with the deficit recorded as a debt (A7, A9), and
the refusals. Money in minor units: "10 per point" = 1_000 per point."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal as D

import pytest
from django.utils import timezone

from casino import ledger
from sportsbook.models import (
    BettorSettings,
    SpreadAsset,
    SpreadClose,
    SpreadCloseReason,
    SpreadPolicy,
    SpreadPosition,
)
from sportsbook.spread.services import (
    QuoteError,
    Requote,
    SpreadRefused,
    book_account,
    margin_account,
    receivable_account,
    spread_asset_halt,
    spread_bet,
    spread_feed_tick,
    spread_margin_watch,
    spread_quote_set,
)
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db

FUNDS = 100_000


@pytest.fixture
def eurusd(db):
    """EUR/USD quoted 1.2050/1.2053, point 0.0001; margin 50 points of stake, close-out 20
    (worked example 4: 500 and 200 for 10 per point)."""
    return SpreadAsset.objects.create(
        code="eurusd",
        name_ru="EUR/USD",
        name_en="EUR/USD",
        currency="BYN",
        point_size=D("0.0001"),
        bid=D("1.2050"),
        ask=D("1.2053"),
        min_stake=100,
        max_stake=10_000,
        margin_points=50,
        closeout_points=20,
    )


@pytest.fixture
def player(db):
    player = new_player()
    fund(player, FUNDS)
    return player


def balance(player) -> int:
    return ledger.balances_of(player)["BYN"]


def bet(player, asset, direction, stake, **kw):
    asset.refresh_from_db()
    level = asset.ask if direction == "up" else asset.bid
    order, _created = spread_bet(
        player=player,
        asset_id=asset.pk,
        direction=direction,
        stake=stake,
        level_seen=kw.pop("level_seen", level),
        idempotency_key=kw.pop("key", uuid.uuid4().hex),
        **kw,
    )
    return order


def quote(asset, bid, ask, **kw):
    return spread_quote_set(asset_id=asset.pk, bid=D(bid), ask=D(ask), **kw)


def test_bk_34_2_worked_example_1_up_bet_wins_270_through_the_ledger(eurusd, player):
    order = bet(player, eurusd, "up", 1_000)
    assert order.level == D("1.2053")  # BK §30: bought at the ask
    assert balance(player) == FUNDS - 50_000  # initial margin 500 held (A7)
    quote(eurusd, "1.2080", "1.2083")
    closing = bet(player, eurusd, "down", 1_000)
    assert closing.closes and closing.level == D("1.2080")  # A2: closed at the bid
    assert balance(player) == FUNDS + 27_000
    position = SpreadPosition.objects.get()
    assert (position.stake, position.realised) == (0, 27_000)
    assert book_account("BYN").current_balance() == -27_000
    assert_books_clean()


def test_bk_35_1_worked_example_2_down_bet_loses_115(eurusd, player):
    bet(player, eurusd, "down", 500)
    quote(eurusd, "1.2070", "1.2073")
    bet(player, eurusd, "up", 500)
    assert balance(player) == FUNDS - 11_500
    assert margin_account(player.pk, "BYN").balance == 0
    assert_books_clean()


def test_bk_31_a12_worked_example_3_partial_close_plus_40_then_minus_60(eurusd, player):
    bet(player, eurusd, "up", 1_000)
    quote(eurusd, "1.2063", "1.2066")
    bet(player, eurusd, "down", 400)  # closes 4 per point at +10 points
    position = SpreadPosition.objects.get()
    assert (position.stake, position.realised) == (600, 4_000)
    assert balance(player) == FUNDS - 50_000 + 4_000 + 20_000  # +40, 4 x 50 margin released
    quote(eurusd, "1.2043", "1.2046")
    bet(player, eurusd, "down", 600)
    position.refresh_from_db()
    assert (position.stake, position.realised) == (0, -2_000)  # total over the bet: -20
    assert balance(player) == FUNDS - 2_000
    assert_books_clean()


def test_a5_a6_an_opposite_bet_closes_never_hedges_and_never_more_than_is_open(eurusd, player):
    bet(player, eurusd, "up", 1_000)
    with pytest.raises(SpreadRefused, match="at most 10.00"):
        bet(player, eurusd, "down", 1_500)
    assert SpreadPosition.objects.count() == 1
    bet(player, eurusd, "up", 500)  # the same direction opens another bet
    bet(player, eurusd, "down", 1_200)  # closes the oldest first: 1000, then 200 of the next
    stakes = list(SpreadPosition.objects.order_by("pk").values_list("stake", flat=True))
    assert stakes == [0, 300]
    assert_books_clean()


def test_a11_the_quote_current_at_acceptance_binds_a_moved_quote_asks_again(eurusd, player):
    BettorSettings.objects.create(player=player, spread_policy=SpreadPolicy.ASK)
    with pytest.raises(Requote) as moved:
        bet(player, eurusd, "up", 1_000, level_seen=D("1.2051"))
    assert moved.value.level == D("1.2053")
    assert balance(player) == FUNDS and SpreadPosition.objects.count() == 0
    order = bet(player, eurusd, "up", 1_000, level_seen=moved.value.level)  # confirmed
    assert order.level == D("1.2053")


def test_a10_stake_limits_bind_opening_bets_not_closing_ones(eurusd, player):
    with pytest.raises(SpreadRefused, match="minimum stake is 1.00"):
        bet(player, eurusd, "up", 50)
    with pytest.raises(SpreadRefused, match="maximum stake is 100.00"):
        bet(player, eurusd, "up", 20_000)
    bet(player, eurusd, "up", 150)
    bet(player, eurusd, "down", 100)
    bet(player, eurusd, "down", 50)  # the remainder below the minimum can still be closed
    assert SpreadPosition.objects.get().stake == 0


def test_bad_orders_are_refused_and_move_nothing(eurusd, player):
    for kwargs, message in [
        ({"direction": "sideways", "stake": 100}, "up \\(buy\\) or down"),
        ({"direction": "up", "stake": 0}, "more than zero"),
        ({"direction": "up", "stake": 100, "level_seen": "x"}, "reload the page"),
        ({"direction": "up", "stake": 10_000}, "cannot be held"),  # margin 5,000 > 1,000
    ]:
        with pytest.raises(SpreadRefused, match=message):
            spread_bet(
                player=player,
                asset_id=eurusd.pk,
                idempotency_key=uuid.uuid4().hex,
                level_seen=kwargs.pop("level_seen", eurusd.ask),
                **kwargs,
            )
    assert balance(player) == FUNDS and SpreadPosition.objects.count() == 0


def test_a_double_click_opens_one_bet(eurusd, player):
    first = bet(player, eurusd, "up", 1_000, key="same")
    again = bet(player, eurusd, "up", 1_000, key="same")
    assert first.pk == again.pk and SpreadPosition.objects.count() == 1
    assert balance(player) == FUNDS - 50_000


def test_bk_32_no_orders_outside_working_hours_nor_on_a_halted_asset(eurusd, player):
    eurusd.open_days = "01234"  # weekdays
    eurusd.save()
    saturday = timezone.make_aware(dt.datetime(2026, 12, 5, 12, 0))
    with pytest.raises(SpreadRefused, match="closed for this asset"):
        bet(player, eurusd, "up", 1_000, now=saturday)
    spread_asset_halt(asset_id=eurusd.pk, halted=True)
    with pytest.raises(SpreadRefused, match="halted"):
        bet(player, eurusd, "up", 1_000)
    assert spread_feed_tick() == 0  # a halted asset's feed stands still


def test_staff_quotes_are_whole_points_with_the_ask_above_the_bid(eurusd):
    with pytest.raises(QuoteError, match="whole points"):
        quote(eurusd, "1.20505", "1.2053")
    with pytest.raises(QuoteError, match="at least the bid"):
        quote(eurusd, "1.2053", "1.2050")
    eurusd.refresh_from_db()
    assert (eurusd.bid, eurusd.ask, eurusd.quote_version) == (D("1.2050"), D("1.2053"), 0)


def test_bk_36_a7_worked_example_4_close_out_on_a_scripted_price_path(eurusd, player):
    bet(player, eurusd, "up", 1_000)  # margin 500 held, opened at 1.2053
    path = [("1.2040", "1.2043"), ("1.2030", "1.2033"), ("1.2023", "1.2026")]
    for bid, ask in path:  # -13, -23, -30 points: equity 370, 270, 200 >= level 200
        quote(eurusd, bid, ask)
        assert SpreadPosition.objects.get().stake == 1_000
    quote(eurusd, "1.2022", "1.2025")  # -31: equity 190 < 200: closed at this bid
    close = SpreadClose.objects.get()
    assert (close.reason, close.level, close.pnl) == (
        SpreadCloseReason.CLOSEOUT,
        D("1.2022"),
        -31_000,
    )
    assert (close.from_margin, close.debt, close.released) == (31_000, 0, 19_000)
    assert balance(player) == FUNDS - 31_000  # the 190 that remained came back
    assert_books_clean()


def test_bk_36_largest_loss_first_with_two_assets(eurusd, player):
    gold = SpreadAsset.objects.create(
        code="gold", name_ru="Золото", name_en="Gold", point_size=D("0.1"),
        bid=D("2000.0"), ask=D("2000.3"), margin_points=50, closeout_points=20, min_stake=100,
    )  # fmt: skip
    bet(player, eurusd, "up", 600)  # margin 300
    bet(player, gold, "down", 600)  # margin 300
    quote(gold, "2001.5", "2001.8")  # GOLD -18 points: equity 600-162-108=... still fine
    assert SpreadClose.objects.count() == 0
    quote(eurusd, "1.2000", "1.2003")  # EURUSD -53: equity 600-318-108 = 174 < 240: close
    closes = list(SpreadClose.objects.values_list("position__asset__code", "pnl"))
    assert closes == [("eurusd", -31_800)]  # the largest loss first; then 174 >= 120: stop
    assert_books_clean()


def test_a8_the_operators_switch_keeps_the_bet_open(eurusd, player):
    eurusd.auto_closeout = False
    eurusd.save()
    bet(player, eurusd, "up", 1_000)
    quote(eurusd, "1.1900", "1.1903")
    assert SpreadPosition.objects.get().stake == 1_000


def test_a9_a7_a_gap_past_the_level_after_closed_hours_is_closed_at_the_first_quote_as_debt(
    eurusd, player
):
    eurusd.open_days = "01234"
    eurusd.save()
    friday = timezone.make_aware(dt.datetime(2026, 12, 4, 12, 0))
    saturday = friday + dt.timedelta(days=1)
    monday = friday + dt.timedelta(days=3)
    bet(player, eurusd, "up", 1_000, now=friday)
    # the weekend: the market gaps 153 points down; nothing executes while closed (A9)
    quote(eurusd, "1.1900", "1.1903", now=saturday)
    assert spread_margin_watch(now=saturday) == 0
    assert SpreadPosition.objects.get().stake == 1_000
    # Monday's first watch closes it at the first quote, past the level: -1530, margin 500
    assert spread_margin_watch(now=monday) == 1
    position = SpreadPosition.objects.get()
    assert (position.stake, position.realised, position.debt) == (0, -153_000, 103_000)
    assert balance(player) == FUNDS - 50_000  # the margin is gone; 1030 is owed, not lost
    assert receivable_account("BYN").current_balance() == -103_000
    assert book_account("BYN").current_balance() == 153_000
    assert_books_clean()
    # A7: the debt is repaid from his next spread gain before anything reaches the wallet
    quote(eurusd, "1.1900", "1.1903", now=monday)
    bet(player, eurusd, "up", 1_000, now=monday)
    quote(eurusd, "1.2003", "1.2006", now=monday)  # +100 points = +1000
    bet(player, eurusd, "down", 1_000, now=monday)
    position.refresh_from_db()
    assert position.debt == 3_000  # 1030 - 1000
    assert balance(player) == FUNDS - 50_000  # the gain repaid the debt; the margin came back
    assert_books_clean()


def test_the_feed_moves_every_open_asset_and_watches_its_positions(eurusd, player):
    bet(player, eurusd, "up", 100)
    assert spread_feed_tick() <= 1
    for _ in range(20):
        spread_feed_tick()
    eurusd.refresh_from_db()
    assert eurusd.quote_version > 0 and eurusd.ask - eurusd.bid == D("0.0003")
    assert eurusd.quotes.count() == eurusd.quote_version
    assert_books_clean()


def test_the_file_feed_replays_its_quotes_through_the_tick(eurusd, player, tmp_path, settings):
    path = tmp_path / "quotes.csv"
    path.write_text("eurusd,1.2060,1.2063\neurusd,1.2022,1.2025\n")
    settings.SPREAD_FEED_FILE = str(path)
    bet(player, eurusd, "up", 1_000)
    assert spread_feed_tick() == 1
    eurusd.refresh_from_db()
    assert (eurusd.bid, eurusd.quotes.first().source) == (D("1.2060"), "file")
    assert spread_feed_tick() == 1  # 1.2022: the worked example 4 close-out, from the file
    assert SpreadClose.objects.get().level == D("1.2022")
    assert spread_feed_tick() == 0  # the file is done
    assert_books_clean()
