"""Spread bets' page, socket and demo (issue 18): the assets with quotes and an SVG chart, the
positions with live P&L and equity; buy, partly close, a re-quote to confirm; quotes pushed live
over the socket; the demo's three assets with a running feed."""

import io
import uuid
from decimal import Decimal as D

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from casino import ledger
from casino.asgi import application
from sportsbook.models import BettorSettings, SpreadAsset, SpreadHold, SpreadPolicy, SpreadPosition
from sportsbook.spread.services import spread_asset_delist, spread_feed_tick, spread_quote_set
from tests.conftest import assert_books_clean, fund, new_player

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


def make_asset():
    return SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", point_size=D("0.0001"),
        bid=D("1.2050"), ask=D("1.2053"), min_stake=100, margin_points=50, closeout_points=20,
    )  # fmt: skip


def signed_in_client():
    player = new_player(language="en")
    fund(player, 100_000)
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    return player, client


def order(client, asset, button, stake, **extra):
    data = {"asset": asset.pk, "stake": stake, "idempotency_key": uuid.uuid4().hex, **extra}
    if button:
        data["order"] = button
    return client.post(reverse("sportsbook:spread_order"), data)


@pytest.mark.django_db
def test_buy_then_partly_close_from_the_page_with_live_pnl_and_a_requote():
    asset = make_asset()
    player, client = signed_in_client()
    page = client.get(reverse("sportsbook:spread"))
    assert page.status_code == 200 and "<polyline" in page.text
    assert 'name="level_up" value="1.205300"' in page.text
    assert 'ws-connect="/ws/sport/spread/"' in page.text
    response = order(client, asset, "up:1.205300", "10")
    assert "Opened: up 10.00" in response.text and "1.2053" in response.text
    spread_quote_set(asset_id=asset.pk, bid=D("1.2063"), ask=D("1.2066"))
    page = client.get(reverse("sportsbook:spread"))
    assert "100.00" in page.text  # P&L +10 points x 10 at the bid now
    # the player saw the old bid and confirms every change: the quote moved, the quote met is
    # held for him beside the positions (A11 as ruled), and confirming it closes at it
    BettorSettings.objects.create(player=player, spread_policy=SpreadPolicy.ASK)
    position = SpreadPosition.objects.get()
    key = uuid.uuid4().hex
    stale = order(
        client, asset, None, "4", direction="down", level="1.2050", position=position.pk,
        idempotency_key=key,
    )  # fmt: skip
    assert 'id="spread-positions-deal"' in stale.text
    assert "EUR/USD: The quote moved from 1.2050 to 1.2063" in stale.text
    assert "Confirm at 1.2063" in stale.text and "data-hold-seconds=" in stale.text
    hold = SpreadHold.objects.get()
    done = order(
        client, asset, None, "4", direction="down", position=position.pk, hold=hold.pk,
        idempotency_key=key,
    )  # fmt: skip
    assert "Closed: down 4.00" in done.text
    position.refresh_from_db()
    assert (position.stake, position.realised) == (600, 4_000)
    assert ledger.balances_of(player)["BYN"] == 100_000 - 50_000 + 4_000 + 20_000
    assert_books_clean()


@pytest.mark.django_db
def test_bad_orders_are_told_why():
    asset = make_asset()
    _player, client = signed_in_client()
    assert "Stake per point: Enter a number" in order(client, asset, "up:1.205300", "ten").text
    assert "out of date" in order(client, asset, "up:1.205300", "1", idempotency_key="x").text
    assert "Choose an asset" in client.post(reverse("sportsbook:spread_order"), {}).text
    assert SpreadPosition.objects.count() == 0


@database_sync_to_async
def socket_setup():
    asset = make_asset()
    player, client = signed_in_client()
    order(client, asset, "up:1.205300", "10")
    # halted: the socket starts the server's clock, whose random walk would move the quote
    # (staff quotes still apply)
    SpreadAsset.objects.filter(pk=asset.pk).update(halted=True)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return asset, (b"cookie", cookie.encode())


@pytest.mark.django_db(transaction=True)
async def test_quotes_and_pnl_are_pushed_over_the_socket():
    asset, cookie = await socket_setup()
    socket = WebsocketCommunicator(application, "/ws/sport/spread/", headers=[ORIGIN, HOST, cookie])
    connected, _code = await socket.connect()
    assert connected
    first = await socket.receive_from()
    assert 'id="spread-positions"' in first, first
    assert "-30.00" in first, first  # the spread: -3 x 10
    await database_sync_to_async(spread_quote_set)(
        asset_id=asset.pk, bid=D("1.2080"), ask=D("1.2083")
    )
    pushed = await socket.receive_from()
    # a tick changes text in place: the quote, the chart, the figures; never the asset whole
    assert f'id="spread-quote-{asset.pk}"' in pushed and "<polyline" in pushed
    assert f'id="spread-asset-{asset.pk}"' not in pushed and "<form" not in pushed
    assert "1.2080" in pushed and "270.00" in pushed  # worked example 1: +27 x 10
    # A13: delisted while the page is open: the row says so (not "halted") and takes no order
    await database_sync_to_async(spread_asset_delist)(asset_id=asset.pk)
    pushed = await socket.receive_from()
    assert f'id="spread-asset-{asset.pk}"' in pushed
    assert "Delisted: no longer quoted (A13)" in pushed and "Halted" not in pushed
    assert 'class="spread-order"' not in pushed
    await socket.disconnect()


@pytest.mark.django_db
def test_the_demo_has_three_assets_with_history_and_a_running_feed():
    call_command("loaddemo", stdout=io.StringIO())
    assets = list(SpreadAsset.objects.all())
    assert len(assets) == 3
    assert all(a.quotes.count() == 60 for a in assets)
    assert SpreadPosition.objects.filter(stake__gt=0).count() == 3
    versions = {a.pk: a.quote_version for a in assets}
    for _ in range(5):
        spread_feed_tick()
    moved = [a for a in SpreadAsset.objects.all() if a.quote_version > versions[a.pk]]
    assert moved  # the walk moves (a step of 0 leaves a quote as it was)
    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    assert "Spread bets demo: 0 new assets." in out.getvalue()
    assert_books_clean()
