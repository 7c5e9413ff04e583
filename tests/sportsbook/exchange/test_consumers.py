"""The exchange's live socket (issue 18): a market's ladder and the player's own offers and bets
arrive on connect and after every change another player makes, as out-of-band fragments; an
anonymous socket or an unlisted market is refused; the browser sends nothing."""

import uuid
from decimal import Decimal

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from casino.asgi import application
from sportsbook.exchange.services import exchange_market_list, exchange_offer_post
from tests.conftest import fund, new_player
from tests.sportsbook.line import make_event, outcome

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


@database_sync_to_async
def signed_in():
    player = new_player(language="en")
    fund(player, 100_000)
    client = Client()
    client.force_login(player)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return player, (b"cookie", cookie.encode())


@database_sync_to_async
def listed_market():
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    return home


@database_sync_to_async
def offer(player, home, side, odds, stake):
    return exchange_offer_post(
        player=player,
        outcome_id=home.pk,
        side=side,
        odds=Decimal(odds),
        stake=stake,
        idempotency_key=uuid.uuid4().hex,
    )[0]


async def connect(path, cookie):
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST, cookie])
    connected, code = await communicator.connect()
    assert connected, code
    return communicator


async def test_anonymous_and_unlisted_are_refused():
    home = await listed_market()
    anonymous = WebsocketCommunicator(
        application, f"/ws/sport/exchange/{home.market_id}/", headers=[ORIGIN, HOST]
    )
    connected, code = await anonymous.connect()
    assert not connected and code == 4401
    _player, cookie = await signed_in()
    unlisted = WebsocketCommunicator(
        application, "/ws/sport/exchange/999999/", headers=[ORIGIN, HOST, cookie]
    )
    connected, code = await unlisted.connect()
    assert not connected and code == 4404


async def test_the_ladder_arrives_on_connect_then_follows_another_players_offers_and_match():
    home = await listed_market()
    anna, anna_cookie = await signed_in()
    boris, boris_cookie = await signed_in()
    await offer(anna, home, "back", "3", 10_000)
    socket = await connect(f"/ws/sport/exchange/{home.market_id}/", boris_cookie)
    first = await socket.receive_from()
    # on connect: the ladder with Anna's back offer available to lay at 3 (decimal 4)
    assert 'id="exchange-ladder"' in first and 'hx-swap-oob="true"' in first
    assert 'class="net-odds">3.00<' in first and "(4.00)" in first
    assert "100.00" in first
    assert 'id="exchange-mine"' in first and "No offers standing." in first
    # Boris lays 60 of it: his own socket shows the new ladder (40 left) and his matched bet
    await offer(boris, home, "lay", "3", 6_000)
    pushed = await socket.receive_from()
    assert "40.00" in pushed and 'data-bet="' in pushed
    assert "180.00" in pushed  # his liability at risk: 60 x 3 (BK §51)
    # Anna's socket sees her unmatched 40 and her matched 60
    anna_socket = await connect(f"/ws/sport/exchange/{home.market_id}/", anna_cookie)
    mine = await anna_socket.receive_from()
    assert "matched" in mine and "60.00" in mine and 'data-offer="' in mine
    await socket.disconnect()
    await anna_socket.disconnect()


async def test_the_browser_sends_nothing():
    home = await listed_market()
    _player, cookie = await signed_in()
    socket = await connect(f"/ws/sport/exchange/{home.market_id}/", cookie)
    await socket.receive_from()
    await socket.send_to(text_data="{}")
    error = await socket.receive_from()
    assert "accepts no messages" in error
    await socket.disconnect()


async def test_a_moved_best_price_is_marked_with_the_old_one_struck_as_on_the_slip():
    home = await listed_market()
    anna, _anna_cookie = await signed_in()
    _boris, boris_cookie = await signed_in()
    await offer(anna, home, "lay", "2", 1_000)
    socket = await connect(f"/ws/sport/exchange/{home.market_id}/", boris_cookie)
    first = await socket.receive_from()
    assert "changed" not in first  # on connect nothing is marked
    await offer(anna, home, "lay", "2.5", 1_000)  # a better price to back appears
    pushed = await socket.receive_from()
    assert 'class="price back changed up"' in pushed
    assert '<s class="old-odds"' in pushed and ">2.00</s>" in pushed
    await socket.disconnect()
