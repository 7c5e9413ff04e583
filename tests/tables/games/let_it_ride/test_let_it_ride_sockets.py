"""Let It Ride over the table socket: a refused decision (bet 3 taken down, L3; bet 1 again after
it was decided; a malformed one) is a sentence to that player's socket only, and nothing is
applied or booked."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from casino.models import Transfer
from tables.models import Table, TableEvent
from tests.conftest import fund, new_player
from tests.tables.sockets import Socket, table_now

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def a_table_and_two_players():
    table = Table.objects.create(
        name="Let It Ride sockets",
        game="let_it_ride",
        currency="BYN",
        settings={"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000, "start_seconds": 0},
    )
    players = [new_player(language="en"), new_player(language="en")]
    for player in players:
        fund(player, 100_000)
    return table, players


@database_sync_to_async
def counts(table_id):
    return TableEvent.objects.filter(table_id=table_id).count(), Transfer.objects.count()


async def until(table_id, check, sockets):
    """The table once ``check(table)`` holds (polled), every socket brought up to its version."""
    for _ in range(200):
        table = await table_now(table_id)
        if check(table):
            for sock in sockets:
                await sock.until_version(table.version)
            return table
        await asyncio.sleep(0.05)
    raise AssertionError("the table never got there")


async def test_a_refused_decision_is_told_to_that_player_only_and_nothing_is_booked(unthrottled):
    table, players = await a_table_and_two_players()
    player = await Socket(players[0], table.pk).connect()
    watcher = await Socket(players[1], table.pk).connect()  # a spectator
    both = (player, watcher)
    await player.send({"type": "sit"})
    table = await until(table.pk, lambda t: (t.state or {}).get("phase") == "betting", both)
    await player.act({"type": "bet", "amount": "1"})  # typed in BYN: three bets of 1.00
    table = await until(table.pk, lambda t: t.state["phase"] == "first", both)
    before = (table.version, await counts(table.pk))
    for action, words in (
        ({"type": "take_down", "bet": 3}, "Bet 3 always plays"),
        ({"type": "take_down", "bet": 2}, "Bet 2 is decided once the first community card"),
        ({"type": "ride"}, "Say which bet"),
    ):
        await player.act(action)
        assert words in await player.error()
    table = await table_now(table.pk)
    assert (table.version, await counts(table.pk)) == before, "nothing applied, nothing booked"
    with pytest.raises(asyncio.TimeoutError):
        # the other socket heard nothing of it (the test communicator stops a socket whose
        # wait timed out: it is not used again)
        await watcher.receive(timeout=0.5)
    await player.act({"type": "ride", "bet": 1})
    await until(table.pk, lambda t: t.state["phase"] == "second", (player,))
    await player.act({"type": "take_down", "bet": 1})  # bet 1 again, after the first card
    assert "Bet 1 is decided: the first community card is open." in await player.error()
    await player.close()
