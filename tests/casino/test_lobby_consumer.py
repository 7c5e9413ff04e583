"""The lobby socket: authenticated players only, same-origin only, live balance updates."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from casino.asgi import application
from tests.conftest import fund, new_player

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


@database_sync_to_async
def logged_in_player_cookie(balance: int = 0):
    player = new_player()
    if balance:
        fund(player, balance)
    client = Client()
    client.force_login(player)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return player, (b"cookie", cookie.encode())


async def test_an_anonymous_socket_is_refused():
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST])
    connected, code = await communicator.connect()
    assert not connected
    assert code == 4401


async def test_a_socket_from_a_foreign_origin_is_refused():
    _player, cookie = await logged_in_player_cookie()
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://evil.example"), HOST, cookie]
    )
    connected, _code = await communicator.connect()
    assert not connected


async def test_a_player_gets_the_balances_on_connect_and_live_after_a_deposit():
    player, cookie = await logged_in_player_cookie(balance=1_000)
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST, cookie])
    connected, _ = await communicator.connect()
    assert connected
    first = await communicator.receive_from()
    assert 'id="header-balances"' in first and 'hx-swap-oob="true"' in first
    # a page other than the lobby (no ?tables=1): no list of tables comes next
    assert "10.00\u00a0BYN" in first
    await database_sync_to_async(fund)(player, 550)
    update = await communicator.receive_from()
    assert "15.50\u00a0BYN" in update
    await communicator.disconnect()


async def test_another_players_deposit_is_not_sent_to_me():
    me, cookie = await logged_in_player_cookie(balance=100)
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST, cookie])
    await communicator.connect()
    await communicator.receive_from()
    other = await database_sync_to_async(new_player)()
    await database_sync_to_async(fund)(other, 777)
    await database_sync_to_async(fund)(me, 1)
    # The next frame is my own update: nothing about the other player's wallet came first.
    frame = await communicator.receive_from()
    assert "1.01 BYN" in frame and "7.77" not in frame
    await communicator.disconnect()


async def test_anything_sent_to_the_lobby_socket_gets_an_error_to_that_socket_only():
    _player, cookie = await logged_in_player_cookie()
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST, cookie])
    await communicator.connect()
    await communicator.receive_from()
    await communicator.send_to(text_data="{not json")
    reply = await communicator.receive_json_from()
    assert reply == {"type": "error", "message": "This socket accepts no messages."}
    await communicator.send_to(text_data='{"type": "sit", "table": 1}')
    assert (await communicator.receive_json_from())["type"] == "error"
    await communicator.disconnect()
