"""Issue 28 item 2, on a socket and behind the door: when no database connection comes in time
(psycopg_pool's PoolTimeout, as Django raises it), a sportsbook socket gets an error frame with
the sentence in the player's language, not a crash: on connect it is then closed with 1013 (try
again later); an open socket keeps listening. Over the door's HTTP_THREADS, a request waits its
turn and gets the 503 page when its wait runs out."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import OperationalError
from django.test import Client, RequestFactory
from psycopg_pool import PoolTimeout

from casino.asgi import application
from casino.overload import OverloadMiddleware, is_overload
from sportsbook.spread import selectors as spread_selectors
from tests.conftest import new_player

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


def pool_timeout(*_args, **_kwargs):
    try:
        raise PoolTimeout("couldn't get a connection after 10.00 sec")
    except PoolTimeout as timeout:
        raise OperationalError(str(timeout)) from timeout


def test_the_pools_timeout_is_an_overload_and_other_errors_are_not():
    with pytest.raises(OperationalError) as raised:
        pool_timeout()
    assert is_overload(raised.value)
    assert not is_overload(OperationalError("server closed the connection unexpectedly"))
    assert not is_overload(None)


@database_sync_to_async
def cookie_of(language: str):
    player = new_player(language=language)
    client = Client()
    client.force_login(player)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={value}".encode())


@pytest.mark.django_db(transaction=True)
async def test_a_socket_that_finds_no_connection_gets_the_error_frame(monkeypatch):
    cookie = await cookie_of("ru")
    monkeypatch.setattr(spread_selectors, "spread_account", pool_timeout)
    socket = WebsocketCommunicator(application, "/ws/sport/spread/", headers=[ORIGIN, HOST, cookie])
    connected, _code = await socket.connect()
    assert connected
    frame = await socket.receive_from()
    assert 'id="sport-socket-error"' in frame and "Сервер перегружен" in frame, frame
    assert (await socket.receive_output())["code"] == 1013
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_open_socket_told_of_an_overload_keeps_listening(monkeypatch):
    cookie = await cookie_of("en")
    socket = WebsocketCommunicator(application, "/ws/sport/spread/", headers=[ORIGIN, HOST, cookie])
    assert (await socket.connect())[0]
    assert 'id="spread-positions"' in await socket.receive_from()
    monkeypatch.setattr(spread_selectors, "spread_account", pool_timeout)
    await socket.send_input({"type": "spread.positions"})
    assert "The server is overloaded" in await socket.receive_from()
    monkeypatch.undo()
    await socket.send_input({"type": "spread.positions"})
    assert 'id="spread-positions"' in await socket.receive_from()
    await socket.disconnect()


async def test_past_the_door_a_request_waits_its_turn_then_gets_the_503(settings):
    settings.HTTP_THREADS, settings.DB_POOL_TIMEOUT = 1, 0.2
    release = asyncio.Event()

    async def slow_view(request):
        await release.wait()
        from django.http import HttpResponse

        return HttpResponse("done")

    door = OverloadMiddleware(slow_view)
    factory = RequestFactory(HTTP_ACCEPT_LANGUAGE="en")
    first = asyncio.ensure_future(door(factory.get("/sport/")))
    await asyncio.sleep(0)  # the first is in
    refused = await door(factory.get("/sport/"))
    assert refused.status_code == 503 and refused["Retry-After"]
    assert "The server is overloaded" in refused.content.decode()
    release.set()
    assert (await first).content == b"done"
    assert (await door(factory.get("/sport/"))).status_code == 200
