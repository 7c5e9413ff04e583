"""casino.realtime: sockets that close while a frame is on its way to them."""

import pytest
from autobahn.exception import Disconnected

from casino.realtime import ClosedSocketSends

# The database is not used. Without the marker these async tests fail to start when they run
# after the browser tests (Playwright's sync API keeps an event loop in this thread), as in
# tests/casino/test_layers.py.
pytestmark = pytest.mark.django_db


def socket_closed_after(frames_delivered: int):
    sent = []

    async def send(message):
        if len(sent) >= frames_delivered:
            raise Disconnected("Attempt to send on a closed protocol")
        sent.append(message)

    return sent, send


async def test_a_frame_to_a_socket_that_closed_is_dropped_and_its_disconnect_still_handled():
    handled = []

    async def consumer(scope, receive, send):
        for text in ("board 1", "board 2", "board 3"):
            await send({"type": "websocket.send", "text": text})
        handled.append((await receive())["type"])

    async def receive():
        return {"type": "websocket.disconnect", "code": 1006}

    sent, send = socket_closed_after(1)
    await ClosedSocketSends(consumer)({"type": "websocket"}, receive, send)
    assert [m["text"] for m in sent] == ["board 1"]
    assert handled == ["websocket.disconnect"]  # the seat learns its player is away


async def test_other_failures_of_a_send_are_not_hidden():
    async def consumer(scope, receive, send):
        await send({"type": "websocket.accept"})

    async def send(message):
        raise RuntimeError("something else broke")

    with pytest.raises(RuntimeError, match="something else"):
        await ClosedSocketSends(consumer)({"type": "websocket"}, None, send)
