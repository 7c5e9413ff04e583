"""Six sockets at one table (High card) end to end: sitting down from the socket, a bet typed
in a form reaching every seat at once, each seat seeing only its own moves, and bad input (an
amount off the limits, a second bet, a stale board) refused to that socket alone."""

import re

import pytest
from channels.db import database_sync_to_async

from tables.models import Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.sockets import Socket, table_now

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def six_seat_table():
    table = Table.objects.create(
        name="Six sockets",
        game="highcard",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 1_000,
            "ante": 10,
            "action_seconds": 600,
            "start_seconds": 0,  # dealt as soon as one sits (the filling window: test_starts)
        },
    )
    players = [new_player(language="en") for _ in range(6)]
    for player in players:
        fund(player, 50_000)
    return table, players


@database_sync_to_async
def engine_events(table_id):
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


async def settle(sockets, table_id, sender=None):
    """Every socket at the table's version, after `sender`'s frame was applied."""
    if sender is not None:
        await sender.until_version(sender.version + 1)
    version = (await table_now(table_id)).version
    for socket in sockets:
        await socket.until_version(version)
    return version


async def test_six_players_bet_at_once_and_bad_input_reaches_only_its_sender():
    table, players = await six_seat_table()
    sockets = [await Socket(player, table.pk).connect() for player in players]
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        # the first hand was dealt to the first player alone: he passes, the next deals everyone
        await sockets[0].act({"type": "pass"})
        version = await settle(sockets, table.pk, sockets[0])
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1, 2, 3, 4, 5], state
        assert all('id="bet-form"' in s.board for s in sockets)  # all decide at once
        # a bet as the form sends it (the amount as typed, in BYN), with the board's version
        await sockets[2].send(
            {"type": "act", "action": "bet", "amount": "2,50", "version": str(version)}
        )
        version = await settle(sockets, table.pk, sockets[2])
        assert 'id="bet-form"' not in sockets[2].board
        assert all('id="bet-form"' in s.board for i, s in enumerate(sockets) if i != 2)
        # public once made: every seat sees seat 2's bet of 2.50 on its badge
        assert all(re.search(r'class="badge bet">[^<]*2[.,]50', s.board) for s in sockets)
        # bad input: each refused to its sender alone, nothing applied
        before = await engine_events(table.pk)
        await sockets[4].send({"type": "act", "action": "bet", "amount": "0.05"})
        assert "A box takes from 1.00\xa0BYN to 10.00\xa0BYN" in await sockets[4].error()
        await sockets[2].act({"type": "bet", "amount": "3"})
        assert "already bet or passed" in await sockets[2].error()
        await sockets[3].send({"type": "act", "action": "pass", "version": str(version - 1)})
        assert "moved on" in await sockets[3].error()
        assert await engine_events(table.pk) == before
        for index, socket in enumerate(sockets):
            if index not in (2, 3, 4):  # the others heard nothing of it
                assert await socket.communicator.receive_nothing(timeout=0.2)
        assert (await table_now(table.pk)).version == version
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
