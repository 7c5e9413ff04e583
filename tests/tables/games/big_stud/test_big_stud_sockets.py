"""Big stud through the real ASGI stack (CG §106–§113): three players' sockets play a hand with
a short stack to the showdown: table stakes (T12: the actor gives the engine each player's
wallet as his stack), an all-in, a main and a side pot each paying the casino's share (§113,
T10); each socket sees its own down cards only until the showdown; bad input (out of turn, a
bet off the street's size, a malformed frame, a double click) is refused to its sender alone and
nothing is booked twice; the books are clean."""

import re

import pytest
from channels.db import database_sync_to_async

from tables.engines.cards import pack_52
from tables.games.big_stud import engine as big_stud
from tests.conftest import assert_books_clean
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.big_stud.test_big_stud import deck_dealing
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

FUNDS = [50_000, 150, 50_000]  # seat 1 plays a short stack (T12)
CARD = re.compile(r'data-card="([0-9TJQKA][SHDC])"')
# hand 2 (button seat 1): seat 0's king leads; seat 1's two aces win the main pot, seat 0's king
# high beats seat 2's jack high for the side pot
HAND_2 = {
    0: ["2H", "7D", "KH", "3C", "9S", "4D", "5C"],
    1: ["AS", "AD", "QH", "JH", "TS", "8C", "6H"],
    2: ["2D", "7C", "JD", "3S", "9D", "4C", "6S"],
}


@pytest.fixture
def scripted_decks(monkeypatch):
    """Hand 1 the deck in its fresh order, hand 2 the deal above, later hands fresh decks."""
    decks = [pack_52(), deck_dealing(HAND_2, 1)]
    real = big_stud.BigStud.new_hand

    def new_hand(self, config, players, rng, carry=None):
        return real(self, config, players, ScriptedRng(decks.pop(0) if decks else pack_52()), carry)

    monkeypatch.setattr(big_stud.BigStud, "new_hand", new_hand)


async def test_three_players_a_short_stack_all_in_and_a_side_pot(scripted_decks, unthrottled):
    table, players = await table_with_players(
        "big_stud", {"small_bet": 100, "big_bet": 200, "share_percent": "5"}, FUNDS
    )
    sockets = [await Socket(player, table.pk).connect() for player in players]
    try:
        for socket in sockets:
            before = (await table_now(table.pk)).version
            await socket.send({"type": "sit"})
            await socket.until_version(before + 1)
            await settle(sockets, table.pk)
        # hand 1, seats 0 and 1: the first to act bets, the other folds; the bet comes back
        state = (await table_now(table.pk)).state
        assert state["dealt_in"] == [0, 1]
        first = state["queue"][0]
        await act(sockets, table.pk, sockets[first], {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, sockets[1 - first], {"type": "fold"})
        assert await wallets(players) == FUNDS
        state = (await table_now(table.pk)).state
        # hand 2: table stakes, each player's wallet as the hand began (T12)
        assert state["dealt_in"] == [0, 1, 2] and state["button"] == 1
        assert state["stacks"] == {"0": 50_000, "1": 150, "2": 50_000}
        s0, s1, s2 = sockets
        for position, socket in enumerate(sockets):
            shown = set(CARD.findall(socket.board))
            assert set(HAND_2[position][:3]) <= shown
            for other in (p for p in range(3) if p != position):
                assert not set(HAND_2[other][:2]) & shown  # others' down cards (§107)
        assert 'data-action="bet"' in s0.board and 'data-action="bet"' not in s2.board

        # bad input, each refused to its sender alone, nothing applied or booked
        before = await engine_events(table.pk)
        await s2.act({"type": "check"})
        assert "It is not your turn." in await s2.error()
        await s0.send({"type": "act", "action": "bet", "amount": "5"})
        refusal = (await s0.error()).replace("\xa0", " ")
        assert "A bet on this street is exactly 1.00 BYN (§109, T6)." in refusal
        await s0.communicator.send_to(text_data="{not json")
        assert "not valid JSON" in await s0.error()
        assert await engine_events(table.pk) == before
        assert await s1.communicator.receive_nothing(timeout=0.2)

        # third street: the king bets, both call (seat 1 keeps 50 behind)
        await act(sockets, table.pk, s0, {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, s1, {"type": "call"})
        board = s2.board.replace("\xa0", " ")
        call = re.search(r'<form ws-send class="inline" id="call-form".*?</form>', board, re.S)
        typed = re.search(r'name="amount" value="([^"]+)"', call.group(0)).group(1)
        assert typed == "1" and "Call 1.00 BYN" in call.group(0)
        version = (await table_now(table.pk)).version
        await s2.act({"type": "call", "amount": typed}, client_action_id="double-click")
        await s2.act({"type": "call", "amount": typed}, client_action_id="double-click")
        await s2.until_version(version + 1)
        await settle(sockets, table.pk)
        # fourth street: seat 0 bets, seat 1 calls all-in for 50 (T12), seat 2 calls
        assert (await table_now(table.pk)).state["queue"][0] == 0
        await act(sockets, table.pk, s0, {"type": "bet"})
        assert "Call 0.50\xa0BYN" in s1.board and 'data-action="raise"' not in s1.board
        await act(sockets, table.pk, s1, {"type": "call"})
        await act(sockets, table.pk, s2, {"type": "call"})
        shown = s2.board.replace("\xa0", " ")
        assert "Main pot</b> 4.50 BYN" in shown and "Side pot 1</b> 1.00 BYN" in shown
        assert "all-in" in s2.board
        for _street in range(3):  # seats 0 and 2 check it down
            state = (await table_now(table.pk)).state
            if state["over"] or state.get("hand_key") != 2:
                break
            for _turn in range(2):
                position = (await table_now(table.pk)).state["queue"][0]
                await act(sockets, table.pk, sockets[position], {"type": "check"})
        result = (await table_now(table.pk)).state["last_game"]
        assert [(p["amount"], p["share"], p["winners"]) for p in result["pots"]] == [
            (450, 22, [1]),
            (100, 5, [0]),
        ]
        # the showdown opens every hand still in to everyone (§110)
        for socket in sockets:
            assert {"AS", "AD"} <= set(CARD.findall(socket.board))
        assert await wallets(players) == [50_000 - 200 + 95, 150 - 150 + 428, 50_000 - 200]
        assert await events_with_id(table.pk, "double-click") == 1
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
