"""The filling window over the table's sockets (issue 26 item 5): two players sit, each board
shows the countdown and the "ready" button; each sends the `ready` frame from his own socket
and the deal comes when both have; a `ready` when no window runs is harmless; the frames of a
spectator never carry the button."""

import pytest
from channels.db import database_sync_to_async

from tables.models import Table
from tests.conftest import fund, new_player
from tests.tables.sockets import Socket, table_now

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def khrap_table():
    table = Table.objects.create(
        name="Starts sockets",
        game="khrap",
        currency="BYN",
        settings={"stake": 200, "action_seconds": 600, "start_seconds": 600},
    )
    players = [new_player(language="en") for _ in range(3)]
    for player in players:
        fund(player, 10_000)
    return table, players


async def settle(sockets, table_id, sender):
    """Wait for the sender's change to reach every socket."""
    await sender.until_version(sender.version + 1)
    version = (await table_now(table_id)).version
    for socket in sockets:
        await socket.until_version(version)


async def test_both_say_ready_from_their_sockets_and_the_deal_starts():
    table, (anna, boris, watcher) = await khrap_table()
    a, b, w = sockets = [await Socket(p, table.pk).connect() for p in (anna, boris, watcher)]
    try:
        for socket in (a, b):
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        for socket in (a, b):
            frame = socket.board
            assert 'class="clock start-countdown" data-deadline="' in frame
            assert 'class="ready start-ready"' in frame
        assert "start-countdown" in w.board and "start-ready" not in w.board
        await a.send({"type": "ready"})
        await settle(sockets, table.pk, a)
        assert (await table_now(table.pk)).status == "open"
        assert "start-ready" not in a.board and "You said ready" in a.board
        assert "start-ready" in b.board
        await b.send({"type": "ready"})
        await settle(sockets, table.pk, b)
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1] and state["hand_seats"] == [0, 1]
        for socket in sockets:
            assert "start-countdown" not in socket.board
            assert 'data-status="playing"' in socket.board
    finally:
        for socket in sockets:
            await socket.close()
