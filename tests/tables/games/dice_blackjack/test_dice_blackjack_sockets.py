"""Dice blackjack through the real ASGI stack (DG §9, §10, X2, X4, X5): two players' sockets play
the rules file's example 1 (box 1: 5 then 6; box 2: 8 then 6, over 12; the dealer 4 then 7); bad
input (a bet under or over the limits, a throw before no more bets, out of turn, a third throw,
a stale click, a malformed frame, a double click) is a sentence to its sender alone and nothing is
booked; the wallets end as the example says and the books are clean."""

import pytest
from channels.db import database_sync_to_async

from tables.games.dice_blackjack import engine as dice_blackjack
from tests.conftest import assert_books_clean
from tests.tables.engines.scripted import ScriptedDice
from tests.tables.sockets import (
    Socket,
    act,
    engine_events,
    events_with_id,
    settle,
    table_now,
    table_with_players,
    wallets,
)

pytestmark = pytest.mark.django_db(transaction=True)

FUNDS = [20_000, 20_000]
# hand 1 (seat 0 alone, who passes) any tape; hand 2 (both seats) example 1's throws
TAPES = [(), (5, 6, 8, 6, 4, 7)]


@pytest.fixture
def scripted_tapes(monkeypatch):
    real = dice_blackjack.DiceBlackjack.new_hand

    def new_hand(self, config, players, rng, carry=None):
        return real(self, config, players, ScriptedDice(*(TAPES.pop(0) if TAPES else ())), carry)

    monkeypatch.setattr(dice_blackjack.DiceBlackjack, "new_hand", new_hand)


async def refused(socket, frame: dict, words: str) -> None:
    """The frame is refused with ``words`` (a stale click's refusal comes with the board as it
    is now, which may arrive first)."""
    await socket.send({"type": "act", **frame})
    for _frame in range(3):
        reply = await socket.receive()
        if 'id="table-error"' in reply:
            assert words in reply.replace("\xa0", " ")
            return
    raise AssertionError(f"no refusal: {words}")


async def test_two_players_example_1_and_bad_input_to_its_sender_alone(scripted_tapes, unthrottled):
    table, players = await table_with_players(
        "dice_blackjack", {"min_bet": 100, "max_bet": 5_000}, FUNDS
    )
    sockets = [await Socket(player, table.pk).connect() for player in players]
    s0, s1 = sockets
    try:
        for socket in sockets:
            before = (await table_now(table.pk)).version
            await socket.send({"type": "sit"})
            await socket.until_version(before + 1)
            await settle(sockets, table.pk)
        state = (await table_now(table.pk)).state
        if state["dealt_in"] == [0]:  # the first to sit was dealt in alone: he passes
            await act(sockets, table.pk, s0, {"type": "pass"})
        state = (await table_now(table.pk)).state
        assert state["dealt_in"] == [0, 1] and state["phase"] == "betting"
        assert 'id="bet-form"' in s0.board and "Place your bets" in s0.board

        # bad input in the betting window, each refused to its sender alone, nothing booked
        before = await engine_events(table.pk)
        await refused(s0, {"action": "bet", "amount": "0,50"}, "from 1.00 BYN to 50.00 BYN")
        await refused(s0, {"action": "bet", "amount": "51"}, "from 1.00 BYN to 50.00 BYN")
        await refused(s0, {"action": "throw"}, "The bets are still being placed")
        await s0.communicator.send_to(text_data="{not json")
        assert "not valid JSON" in await s0.error()
        assert await engine_events(table.pk) == before
        assert await s1.communicator.receive_nothing(timeout=0.2)

        await act(sockets, table.pk, s0, {"type": "bet", "amount": "10"})
        await act(sockets, table.pk, s1, {"type": "bet", "amount": "10"})
        state = (await table_now(table.pk)).state
        assert state["phase"] == "playing" and state["order"] == [0, 1]  # X5
        assert 'id="throw-form"' in s0.board and 'id="throw-form"' not in s1.board

        before = await engine_events(table.pk)
        await refused(s1, {"action": "throw"}, "Not your turn: box 1 is throwing.")
        await refused(s0, {"action": "stop"}, "Throw your two dice first")
        await refused(s1, {"action": "bet", "amount": "10"}, "The bets are closed")
        assert await engine_events(table.pk) == before

        # a double click: the same frame twice is applied once
        turn = dice_blackjack.ENGINE.turn_key(state, 0)
        version = (await table_now(table.pk)).version
        for _click in range(2):
            await s0.send(
                {"type": "act", "action": "throw", "turn": turn, "client_action_id": "dbl"}
            )
        await s0.until_version(version + 1)
        await settle(sockets, table.pk)
        assert await events_with_id(table.pk, "dbl") == 1
        # a stale click: chosen for the throw already made
        before = await engine_events(table.pk)
        await refused(s0, {"action": "throw", "turn": turn}, "The table has moved on")
        assert await engine_events(table.pk) == before
        assert 'data-total="5"' in s1.board and "Box 1: 5. Stop" in s0.board

        await act(sockets, table.pk, s0, {"type": "throw"})  # 5 + 6 = 11
        await refused(s0, {"action": "throw"}, "A box throws at most twice")
        await act(sockets, table.pk, s1, {"type": "throw"})
        await act(sockets, table.pk, s1, {"type": "throw"})  # 8 + 6 = 14: lost at once
        last = (await table_now(table.pk)).state["last_game"]
        assert last["dealer"]["total"] == 11
        assert {n: b["outcome"] for n, b in last["boxes"].items()} == {"0": "push", "1": "bust"}
        assert await wallets(players) == [20_000, 19_000]  # a push (X2) and a bust (§9)
        for socket in sockets:
            assert "Last hand" in socket.board and 'data-total="11"' in socket.board
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
