"""Quotes that move under a player's click (issue 45; BK §29–§31, A11 as ruled in
docs/rules-decisions.md): an order is taken at the quote it meets within the player's setting
(default: at most N points against him, or any move in his favour); beyond it the quote met is
held for him, and confirming in time executes at the held quote; a confirmation after the hold
is told so with the quote now. Bad input: a double confirmation, a reused key, a forged hold."""

import datetime as dt
import uuid
from decimal import Decimal as D

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import ledger
from sportsbook.models import (
    DEFAULT_SPREAD_POINTS,
    BettorSettings,
    SpreadAsset,
    SpreadHold,
    SpreadOrder,
    SpreadPolicy,
    SpreadPosition,
)
from sportsbook.spread.services import (
    Requote,
    SpreadRefused,
    spread_bet,
    spread_policy_of,
    spread_quote_set,
)
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db

FUNDS = 100_000
MARGIN = 50 * 1_000  # 50 points of margin x 10.00 per point


@pytest.fixture(autouse=True)
def hold_ten_seconds(settings):
    settings.SPREAD_HOLD_SECONDS = 10


@pytest.fixture
def eurusd(db):
    """EUR/USD 1.2050/1.2053, point 0.0001, margin 50 points of stake."""
    return SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", currency="BYN",
        point_size=D("0.0001"), bid=D("1.2050"), ask=D("1.2053"), min_stake=100,
        max_stake=10_000, margin_points=50, closeout_points=20,
    )  # fmt: skip


@pytest.fixture
def player(db):
    player = new_player(language="en")
    fund(player, FUNDS)
    return player


def setting(player, policy, points=DEFAULT_SPREAD_POINTS):
    BettorSettings.objects.update_or_create(
        player=player, defaults={"spread_policy": policy, "spread_points": points}
    )


def quote(asset, bid, ask):
    spread_quote_set(asset_id=asset.pk, bid=D(bid), ask=D(ask))


def order(player, asset, direction, seen, *, stake=1_000, key=None, **kw):
    return spread_bet(
        player=player, asset_id=asset.pk, direction=direction, stake=stake, level_seen=seen,
        idempotency_key=key or uuid.uuid4().hex, **kw,
    )  # fmt: skip


def balance(player) -> int:
    return ledger.balances_of(player)["BYN"]


def test_the_default_is_at_most_five_points_against_or_any_in_favour(player):
    assert spread_policy_of(player) == (SpreadPolicy.SMALL, 5)


def test_within_n_points_against_the_order_is_taken_at_the_quote_it_meets(eurusd, player):
    # he saw the ask at 1.2048; it is 1.2053 when the order arrives: 5 points against him
    opened, created = order(player, eurusd, "up", "1.2048")
    assert created and opened.level == D("1.2053")  # BK §30: at the ask met, not the one seen
    assert SpreadPosition.objects.get().open_level == D("1.2053")
    assert balance(player) == FUNDS - MARGIN
    assert not SpreadHold.objects.exists()
    assert_books_clean()


def test_any_move_in_his_favour_is_taken_at_the_quote_it_meets(eurusd, player):
    # he saw the bid at 1.2000 to sell; it is 1.2050 now: 50 points better for him
    opened, _created = order(player, eurusd, "down", "1.2000")
    assert opened.level == D("1.2050")
    # and a buy whose ask fell
    bought, _created = order(player, eurusd, "up", "1.2100", stake=100)
    assert bought.level == D("1.2053") and bought.closes  # an opposite bet closes (§31)
    assert_books_clean()


def test_beyond_n_points_the_quote_met_is_held_and_confirming_in_time_opens_at_it(eurusd, player):
    now = timezone.now()
    key = uuid.uuid4().hex
    with pytest.raises(Requote) as moved:
        order(player, eurusd, "up", "1.2047", key=key, now=now)  # 6 points against
    assert str(moved.value) == (
        "The quote moved from 1.2047 to 1.2053. It is held for you: confirm in time to take it."
    )
    hold = moved.value.hold
    assert (hold.level, hold.seen, hold.stake, hold.direction) == (
        D("1.2053"), D("1.2047"), 1_000, "up",
    )  # fmt: skip
    assert hold.expires_at == now + dt.timedelta(seconds=10)
    assert balance(player) == FUNDS and not SpreadOrder.objects.exists()  # nothing booked
    # the quote runs on; he confirms 9 seconds later: the held quote binds
    quote(eurusd, "1.2070", "1.2073")
    opened, created = spread_bet(
        player=player, asset_id=eurusd.pk, direction="up", stake=1_000, hold_id=hold.pk,
        idempotency_key=key, now=now + dt.timedelta(seconds=9),
    )  # fmt: skip
    assert created and opened.level == D("1.2053")
    assert SpreadPosition.objects.get().open_level == D("1.2053")
    hold.refresh_from_db()
    assert hold.order == opened
    assert balance(player) == FUNDS - MARGIN
    assert_books_clean()


def test_a_confirmation_after_the_hold_is_told_so_with_the_quote_now(eurusd, player):
    now = timezone.now()
    key = uuid.uuid4().hex
    with pytest.raises(Requote) as moved:
        order(player, eurusd, "up", "1.2040", key=key, now=now)
    quote(eurusd, "1.2060", "1.2063")  # 10 points past the held 1.2053
    late = now + dt.timedelta(seconds=11)
    with pytest.raises(Requote) as expired:
        spread_bet(
            player=player, asset_id=eurusd.pk, direction="up", stake=1_000,
            hold_id=moved.value.hold.pk, idempotency_key=key, now=late,
        )  # fmt: skip
    assert expired.value.expired
    assert str(expired.value) == (
        "The time to confirm 1.2053 ran out: the quote now is 1.2063. "
        "It is held for you: confirm in time to take it."
    )
    assert balance(player) == FUNDS and not SpreadOrder.objects.exists()
    # the next hold is his to confirm in its turn
    opened, _created = spread_bet(
        player=player, asset_id=eurusd.pk, direction="up", stake=1_000,
        hold_id=expired.value.hold.pk, idempotency_key=key, now=late + dt.timedelta(seconds=2),
    )  # fmt: skip
    assert opened.level == D("1.2063")
    assert_books_clean()


def test_a_late_confirmation_within_his_setting_is_taken_at_the_quote_met(eurusd, player):
    now = timezone.now()
    key = uuid.uuid4().hex
    with pytest.raises(Requote) as moved:
        order(player, eurusd, "up", "1.2040", key=key, now=now)
    quote(eurusd, "1.2052", "1.2055")  # 2 points from the held 1.2053
    opened, _created = spread_bet(
        player=player, asset_id=eurusd.pk, direction="up", stake=1_000,
        hold_id=moved.value.hold.pk, idempotency_key=key, now=now + dt.timedelta(seconds=30),
    )  # fmt: skip
    assert opened.level == D("1.2055")


@pytest.mark.parametrize(
    "policy,seen,taken",
    [
        (SpreadPolicy.ASK, "1.2052", False),  # confirm every change: one point asks
        (SpreadPolicy.ASK, "1.2054", False),  # even in his favour
        (SpreadPolicy.ASK, "1.2053", True),  # no change
        (SpreadPolicy.HIGHER, "1.2054", True),  # a lower ask to buy at
        (SpreadPolicy.HIGHER, "1.2052", False),
        (SpreadPolicy.ANY, "1.1000", True),
    ],
)
def test_each_setting_of_the_player(eurusd, player, policy, seen, taken):
    setting(player, policy)
    if taken:
        opened, _created = order(player, eurusd, "up", seen)
        assert opened.level == D("1.2053")
    else:
        with pytest.raises(Requote):
            order(player, eurusd, "up", seen)
        assert not SpreadOrder.objects.exists()


def test_his_own_n(eurusd, player):
    setting(player, SpreadPolicy.SMALL, 20)
    opened, _created = order(player, eurusd, "up", "1.2033")  # 20 points against: his N
    assert opened.level == D("1.2053")
    setting(player, SpreadPolicy.SMALL, 0)
    with pytest.raises(Requote):
        order(player, eurusd, "down", "1.2051")  # one point against, N = 0


def test_a_close_is_taken_the_same_way(eurusd, player):
    opened, _created = order(player, eurusd, "up", "1.2053")
    position = SpreadPosition.objects.get()
    quote(eurusd, "1.2060", "1.2063")
    # closing sells at the bid: he saw 1.2064, it is 1.2060 (4 points against): taken
    closed, _created = order(player, eurusd, "down", "1.2064", position_id=position.pk, stake=1_000)
    assert closed.closes and closed.level == D("1.2060")
    position.refresh_from_db()
    assert (position.stake, position.realised) == (0, 7_000)  # +7 points x 10.00
    assert_books_clean()


# --- bad input ------------------------------------------------------------------------------


def requoted(player, asset, key, **kw):
    with pytest.raises(Requote) as moved:
        order(player, asset, "up", "1.2000", key=key, **kw)
    return moved.value.hold


def test_a_double_confirmation_opens_one_bet(eurusd, player):
    key = uuid.uuid4().hex
    hold = requoted(player, eurusd, key)
    confirm = dict(
        player=player, asset_id=eurusd.pk, direction="up", stake=1_000, hold_id=hold.pk,
        idempotency_key=key,
    )  # fmt: skip
    first, created = spread_bet(**confirm)
    again, created_again = spread_bet(**confirm)
    assert created and not created_again and again == first
    assert SpreadPosition.objects.count() == 1 and SpreadOrder.objects.count() == 1
    assert balance(player) == FUNDS - MARGIN
    assert_books_clean()


def test_a_key_reused_for_another_order_is_refused(eurusd, player):
    key = uuid.uuid4().hex
    first, _created = order(player, eurusd, "up", "1.2053", key=key)
    with pytest.raises(SpreadRefused, match=f"already sent, for order №{first.pk}"):
        order(player, eurusd, "up", "1.2053", key=key, stake=2_000)
    with pytest.raises(SpreadRefused, match="already sent"):
        order(player, eurusd, "down", "1.2050", key=key)
    assert SpreadOrder.objects.count() == 1 and balance(player) == FUNDS - MARGIN
    assert_books_clean()


def test_a_forged_confirmation_is_refused_and_books_nothing(eurusd, player):
    key = uuid.uuid4().hex
    hold = requoted(player, eurusd, key)
    other = new_player()
    fund(other, FUNDS)
    base = dict(asset_id=eurusd.pk, direction="up", stake=1_000, hold_id=hold.pk)
    for changed, message in [
        ({"stake": 5_000}, "does not match the quote held for you"),  # the amount tampered
        ({"direction": "down"}, "does not match"),
        ({"idempotency_key": uuid.uuid4().hex}, "does not match"),  # another order's key
        ({"hold_id": hold.pk + 1000}, "No quote is held for you"),
        ({"hold_id": 2**70}, "No quote is held for you"),
    ]:
        with pytest.raises(SpreadRefused, match=message):
            spread_bet(**{**base, "player": player, "idempotency_key": key, **changed})
    with pytest.raises(SpreadRefused, match="No quote is held for you"):  # another's hold
        spread_bet(**base, player=other, idempotency_key=key)
    assert not SpreadOrder.objects.exists()
    assert balance(player) == FUNDS and balance(other) == FUNDS
    assert_books_clean()


# --- through the page --------------------------------------------------------------------------


def page_client(player):
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    return client


def post(client, **data):
    return client.post(reverse("sportsbook:spread_order"), data)


def test_the_page_shows_the_requote_beside_the_asset_clicked_and_a_double_click_opens_once(
    eurusd, player
):
    setting(player, SpreadPolicy.ASK)
    other = SpreadAsset.objects.create(
        code="gold", name_ru="Золото", name_en="Gold", point_size=D("0.1"), bid=D("2000.0"),
        ask=D("2000.5"), margin_points=10, closeout_points=5,
    )  # fmt: skip
    client = page_client(player)
    key = uuid.uuid4().hex
    answer = post(
        client, asset=eurusd.pk, order="up", level_up="1.2051", level_down="1.2048",
        stake="10", idempotency_key=key,
    )  # fmt: skip
    assert answer.text.startswith(f'<div id="spread-deal-{eurusd.pk}"')
    assert f"spread-deal-{other.pk}" not in answer.text
    assert "The quote moved from 1.2051 to 1.2053" in answer.text
    assert 'data-hold-seconds="10"' in answer.text and "Confirm at 1.2053" in answer.text
    hold = SpreadHold.objects.get()
    assert f'name="hold" value="{hold.pk}"' in answer.text
    confirm = dict(
        asset=eurusd.pk, direction="up", stake="10.00", hold=hold.pk, idempotency_key=key
    )
    first = post(client, **confirm)
    assert "Opened: up 10.00" in first.text and "1.2053" in first.text
    assert 'id="spread-positions" hx-swap-oob="true"' in first.text
    assert f'id="spread-key-{eurusd.pk}"' in first.text  # a fresh key for the next order
    second = post(client, **confirm)  # the double click
    assert f"Order №{SpreadOrder.objects.get().pk} was already placed." in second.text
    assert SpreadPosition.objects.count() == 1 and balance(player) == FUNDS - MARGIN
    assert_books_clean()


def test_forged_forms_get_a_sentence_and_book_nothing(eurusd, player):
    client = page_client(player)
    key = uuid.uuid4().hex
    for data, sentence in [
        ({"hold": "12abc"}, "No quote is held for you under that number"),
        ({"hold": "999999"}, "No quote is held for you under that number"),
        ({"order": "up", "level_up": ""}, "The quote you saw is missing"),
        ({"order": "up", "level_up": "1.2053", "stake": "-5"}, "Stake per point"),
        ({"order": "up", "level_up": "1.2053", "idempotency_key": "x"}, "out of date"),
        ({"order": "sideways", "level_sideways": "1.2053"}, "up (buy) or down (sell)"),
    ]:
        body = {"asset": eurusd.pk, "direction": "up", "stake": "10", "idempotency_key": key}
        answer = post(client, **{**body, **data})
        assert answer.status_code == 200 and sentence in answer.text, (data, answer.text)
        assert 'class="notice error"' in answer.text
    # a level tampered far below the quote: never taken at it (at the real ask, or held)
    with_forged = post(
        client, asset=eurusd.pk, order="up", level_up="0.0001", stake="10", idempotency_key=key
    )
    assert "The quote moved from 0.0001 to 1.2053" in with_forged.text
    # and far above it: "in his favour", taken at the real ask
    taken = post(
        client, asset=eurusd.pk, order="up", level_up="9.0000", stake="10", idempotency_key=key
    )
    assert "Opened: up 10.00" in taken.text and "at 1.2053" in taken.text
    assert SpreadOrder.objects.get().level == D("1.2053")
    assert_books_clean()


def test_a_confirmation_after_the_hold_through_the_page(eurusd, player, settings):
    settings.SPREAD_HOLD_SECONDS = 0  # the hold is over by the time he confirms
    setting(player, SpreadPolicy.ASK)
    client = page_client(player)
    key = uuid.uuid4().hex
    post(client, asset=eurusd.pk, order="up", level_up="1.2000", stake="10", idempotency_key=key)
    hold = SpreadHold.objects.get()
    quote(eurusd, "1.2060", "1.2063")
    late = post(
        client, asset=eurusd.pk, direction="up", stake="10.00", hold=hold.pk, idempotency_key=key
    )
    assert "The time to confirm 1.2053 ran out: the quote now is 1.2063." in late.text
    assert "Confirm at 1.2063" in late.text
    assert not SpreadOrder.objects.exists() and balance(player) == FUNDS
