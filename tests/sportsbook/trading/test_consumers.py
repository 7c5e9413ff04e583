"""The trader's live pages of the exchange and the spread assets (issue 18 §3): staff only; the
whole table on connect, then the row of every market or asset that changed, as out-of-band
fragments; a new listing brings the whole table; the spread rows' forms keep the staff member's
own CSRF token; the browser sends nothing."""

import uuid
from decimal import Decimal as D

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from casino import roles
from casino.asgi import application
from sportsbook.exchange.services import exchange_market_list, exchange_offer_post
from sportsbook.models import SpreadAsset
from sportsbook.spread.services import spread_bet, spread_quote_set
from tests.conftest import fund, new_player, new_staff
from tests.sportsbook.line import make_event, outcome

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
CSRF_SECRET = "a" * 32


@database_sync_to_async
def cookie_of(*, role=None):
    player = new_staff(role, language="en") if role else new_player(language="en")
    fund(player, 1_000_000)
    client = Client()
    client.force_login(player)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    cookie = f"{settings.SESSION_COOKIE_NAME}={session}; {settings.CSRF_COOKIE_NAME}={CSRF_SECRET}"
    return player, (b"cookie", cookie.encode())


async def connect(path, cookie):
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST, cookie])
    connected, code = await communicator.connect()
    assert connected, code
    return communicator


@database_sync_to_async
def listed():
    home = outcome(make_event(markets=(("1x2", {}),)), "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    return home


@database_sync_to_async
def post(player, home, side, odds, stake):
    exchange_offer_post(
        player=player,
        outcome_id=home.pk,
        side=side,
        odds=D(odds),
        stake=stake,
        idempotency_key=uuid.uuid4().hex,
    )


@database_sync_to_async
def asset():
    return SpreadAsset.objects.create(
        code=f"eur{uuid.uuid4().hex[:6]}",
        name_ru="EUR/USD",
        name_en="EUR/USD",
        point_size=D("0.0001"),
        bid=D("1.2050"),
        ask=D("1.2053"),
        min_stake=100,
        max_stake=10_000,
    )


@pytest.mark.parametrize("path", ["/ws/trader/exchange/", "/ws/trader/spread/"])
async def test_players_and_anonymous_sockets_are_refused(path):
    anonymous = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST])
    connected, code = await anonymous.connect()
    assert not connected and code == 4401
    _player, cookie = await cookie_of()
    player = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST, cookie])
    connected, code = await player.connect()
    assert not connected and code == 4403


async def test_the_exchange_page_follows_each_markets_matched_volume_and_new_listings():
    home = await listed()
    _staff, staff_cookie = await cookie_of(role=roles.TRADER)
    socket = await connect("/ws/trader/exchange/", staff_cookie)
    first = await socket.receive_from()
    assert 'id="trader-exchange-rows" hx-swap-oob="true"' in first
    assert f'id="trader-xm-{home.market_id}"' in first
    anna, _cookie = await cookie_of()
    boris, _cookie = await cookie_of()
    await post(anna, home, "back", "3", 10_000)
    row = await socket.receive_from()
    assert row.startswith(f'<tr id="trader-xm-{home.market_id}"') and "hx-swap-oob" in row
    await post(boris, home, "lay", "3", 6_000)  # 60 matched; escrow holds 100 + 180
    row = await socket.receive_from()
    assert '<td class="matched"><span class="money">60.00' in row
    assert '<td class="held"><span class="money">280.00' in row
    other = await listed()  # a new listing: the whole table, the new market in it
    whole = await socket.receive_from()
    assert 'id="trader-exchange-rows"' in whole and f'id="trader-xm-{other.market_id}"' in whole
    await socket.send_to(text_data="{}")
    assert "accepts no messages" in await socket.receive_from()
    await socket.disconnect()


async def test_the_spread_page_follows_quotes_and_open_bets_with_the_staff_members_csrf_token():
    eurusd = await asset()
    _staff, staff_cookie = await cookie_of(role=roles.TRADER)
    socket = await connect("/ws/trader/spread/", staff_cookie)
    first = await socket.receive_from()
    assert 'id="trader-spread-rows"' in first and f'id="trader-asset-{eurusd.pk}"' in first
    await database_sync_to_async(spread_quote_set)(
        asset_id=eurusd.pk, bid=D("1.2060"), ask=D("1.2063")
    )
    row = await socket.receive_from()
    assert row.startswith(f'<tr id="trader-asset-{eurusd.pk}"')
    assert "1.2060 / 1.2063" in row
    assert f'name="csrfmiddlewaretoken" value="{CSRF_SECRET}"' in row  # its forms still post
    player, _cookie = await cookie_of()
    await database_sync_to_async(spread_bet)(
        player=player,
        asset_id=eurusd.pk,
        direction="up",
        stake=1_000,
        level_seen=D("1.2063"),
        idempotency_key=uuid.uuid4().hex,
    )
    row = await socket.receive_from()
    assert f'id="trader-asset-{eurusd.pk}"' in row and "<td>1</td>" in row  # one open bet
    await socket.disconnect()
