"""A table socket when the connection budget is spent (issue 28 item 2, casino/overload.py): the
pool's timeout is an error frame to that socket in its user's language, never a crash; a socket
still connecting is then closed with 1013 (try again later), an open one keeps playing."""

import pytest
from channels.testing import WebsocketCommunicator
from django.db import OperationalError
from psycopg_pool import PoolTimeout

from casino.asgi import application
from tables import services
from tests.conftest import fund, new_player
from tests.tables.sockets import Socket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def pool_timeout(*_args, **_kwargs):
    try:
        raise PoolTimeout("couldn't get a connection after 10.00 sec")
    except PoolTimeout as timeout:
        raise OperationalError(str(timeout)) from timeout


async def test_a_table_socket_that_finds_no_connection_is_told_and_closed(durak_table, monkeypatch):
    from channels.db import database_sync_to_async

    player = await database_sync_to_async(new_player)(language="ru")
    cookie = await session_cookie(player)
    monkeypatch.setattr(services, "table_presence", pool_timeout)
    socket = WebsocketCommunicator(
        application,
        f"/ws/table/{durak_table.pk}/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
    )
    connected, _code = await socket.connect()
    assert connected
    frame = await socket.receive_from()
    assert 'id="table-error"' in frame and "Сервер перегружен" in frame, frame
    assert (await socket.receive_output())["code"] == 1013
    await socket.disconnect()


async def test_an_open_table_socket_told_of_an_overload_keeps_listening(durak_table, monkeypatch):
    from channels.db import database_sync_to_async

    player = await database_sync_to_async(new_player)(language="en")
    await database_sync_to_async(fund)(player, 10_000)
    socket = await Socket(player, durak_table.pk).connect()
    try:
        monkeypatch.setattr(services, "table_act", pool_timeout)
        monkeypatch.setattr(services, "table_sit", pool_timeout)
        await socket.send({"type": "sit"})
        assert "The server is overloaded" in await socket.error()
        monkeypatch.undo()
        await socket.send({"type": "sit"})
        frame = await socket.receive()
        assert 'id="table-board"' in frame
    finally:
        await socket.close()
