"""Craps through the real ASGI stack (DG §1–§5): three players' sockets play the pass line with
odds and place bets over three rolls of scripted dice: the come-out sets the point 6, a hard 8
pays the place 8 (7:6, §5.6), the point repeats and pays the pass line (1:1), its odds (6:5,
§5.2) and the place 6. The wallets move by exactly the payments; every socket sees every bet and
the last roll's resolutions. Bad input (odds over the C4 limit, a roll by a player who is not the
shooter, a bet off its multiple, a double click) is answered to its sender alone and nothing is
booked; the books are clean."""

import pytest
from channels.db import database_sync_to_async

from tables.games.craps import engine as craps
from tests.conftest import assert_books_clean
from tests.tables.games.craps.test_craps import ScriptedFaces
from tests.tables.sockets import (
    Socket,
    act,
    engine_events,
    events_with_id,
    script_deals,
    settle,
    table_now,
    table_with_players,
    wallets,
)

pytestmark = pytest.mark.django_db(transaction=True)

FUNDS = [50_000, 50_000, 50_000]
SETTINGS = {
    "min_bet": 100,
    "max_bet": 10_000,
    "min_unit": 100,
    "bet_seconds": 600,
    "shooter_seconds": 600,
    "start_seconds": 600,  # the first roll waits for all three to say ready
}
# each roll's five dice; the shooter picks dice 1 and 2
ROLLS = [
    [2, 4, 1, 1, 1],  # roll 1: 6, the point (§4)
    [4, 4, 1, 1, 1],  # roll 2: a hard 8: the place 8 wins
    [1, 5, 1, 1, 1],  # roll 3: 6, the winner: the point is made
]


@pytest.fixture
def scripted_dice(monkeypatch):
    """Each roll dealt to the three players throws the next of ``ROLLS`` (then 1 and 2)."""
    rolls = [list(faces) for faces in ROLLS]
    script_deals(
        monkeypatch, craps.ENGINE, 3, lambda: ScriptedFaces(rolls.pop(0) if rolls else [1, 2] * 3)
    )


def text_of(board: str) -> str:
    return board.replace("\xa0", " ").replace("&#39;", "'")


async def everyone_done(sockets, table_id, shooter):
    for socket in sockets:
        if socket is not shooter:
            await act(sockets, table_id, socket, {"type": "done"})
    await act(sockets, table_id, shooter, {"type": "done"})


async def test_three_players_a_pass_line_with_odds_and_place_bets_over_three_rolls(
    scripted_dice, unthrottled
):
    table, players = await table_with_players("craps", SETTINGS, FUNDS)
    sockets = [await Socket(player, table.pk).connect() for player in players]
    s0, s1, s2 = sockets
    try:
        for kind in ("sit", "ready"):
            for socket in sockets:
                before = (await table_now(table.pk)).version
                await socket.send({"type": kind})
                await socket.until_version(before + 1)
                await settle(sockets, table.pk)
        # roll 1 deals all three: seat 0 is the shooter, coming out
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1, 2] and state["shooter"] == 0
        assert "Coming out: make your pass or don't pass bet, then roll" in text_of(s0.board)
        assert "craps-prompt" not in s1.board
        await act(sockets, table.pk, s0, {"type": "bet", "bet": "pass", "amount": "10"})
        await everyone_done(sockets, table.pk, s0)
        await act(sockets, table.pk, s0, {"type": "roll", "dice": [1, 2]})
        assert (await table_now(table.pk)).state["point"] == 6
        for socket in sockets:
            assert 'data-puck="on"' in socket.board and "the point is 6" in text_of(socket.board)

        # roll 2: odds behind the pass line, place 8 and place 6
        await act(sockets, table.pk, s1, {"type": "bet", "bet": "place_8", "amount": "12"})
        # bad input, each refused to its sender alone, nothing applied or booked
        before = await engine_events(table.pk)
        money = await wallets(players)
        await s0.act({"type": "bet", "bet": "odds_pass", "amount": "20"})
        refusal = text_of(await s0.error())
        assert "Your odds may be at most 10.00 BYN behind this bet (C4)." in refusal
        await s1.act({"type": "roll"})
        assert "Only the shooter throws the dice." in await s1.error()
        await s2.act({"type": "bet", "bet": "place_6", "amount": "5"})
        assert "A place bet on 6 is made in multiples of 6.00 BYN (C10)." in text_of(
            await s2.error()
        )
        assert await engine_events(table.pk) == before and await wallets(players) == money
        for socket in (s0, s1, s2):
            assert await socket.communicator.receive_nothing(timeout=0.2)
        await act(sockets, table.pk, s0, {"type": "bet", "bet": "odds_pass", "amount": "10"})
        # a double click: the same action id twice is booked once
        version = (await table_now(table.pk)).version
        place_6 = {"type": "bet", "bet": "place_6", "amount": "6"}
        await s2.act(place_6, client_action_id="double-click")
        await s2.act(place_6, client_action_id="double-click")
        await s2.until_version(version + 1)
        await settle(sockets, table.pk)
        # every bet is public: each socket sees the others' bets listed
        for socket in sockets:
            shown = text_of(socket.board)
            assert "Place 8 12.00 BYN" in shown and "Place 6 6.00 BYN" in shown
            assert "Odds on the pass line 10.00 BYN" in shown
        await everyone_done(sockets, table.pk, s0)
        await act(sockets, table.pk, s0, {"type": "roll"})  # 4 + 4: the place 8 wins 14
        for socket in sockets:
            assert "Place 8 12.00 BYN paid 14.00 BYN" in text_of(socket.board)
        assert (await table_now(table.pk)).state["point"] == 6

        # roll 3: the point repeats: the pass line 1:1, its odds 6:5, the place 6 7:6
        await everyone_done(sockets, table.pk, s0)
        await act(sockets, table.pk, s0, {"type": "roll"})
        shown = text_of(s1.board)
        assert "6, the winner: the point is made" in shown
        order = [
            "Pass line 10.00 BYN paid 10.00 BYN",
            "Odds on the pass line 10.00 BYN paid 12.00 BYN",
            "Place 6 6.00 BYN paid 7.00 BYN",
        ]
        assert all(line in shown for line in order)
        assert [shown.index(line) for line in order] == sorted(shown.index(line) for line in order)
        assert 'data-puck="off"' in s1.board
        # the wallets: exactly the payments (the pass line and both place bets still up)
        assert await wallets(players) == [
            50_000 - 1_000 - 1_000 + 1_000 + 1_200 + 1_000,
            50_000 - 1_200 + 1_400,
            50_000 - 600 + 700,
        ]
        assert await events_with_id(table.pk, "double-click") == 1
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
