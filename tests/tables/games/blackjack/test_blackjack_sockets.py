"""Three players at one Blackjack table end to end over the websocket (issue 32, Tests:
consumers): Anna plays two boxes, Boris bets behind her first box and plays his own, Vera plays
one; the dealer's ace brings insurance to all three at once, each for his own stake (CG §103,
B9), Boris's stake behind too; bad input (insurance over half the stake, a move on another's
box, a double click) is refused to its sender alone with nothing booked; the dealer's natural
takes the boxes and pays the insurance 2:1; the books are clean."""

import json
import random
from collections import Counter

import pytest
from channels.db import database_sync_to_async

from casino.ledger import balances_of
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tables.models import Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.sockets import Socket, table_now
from tests.tables.test_six_seat_sockets import settle

pytestmark = pytest.mark.django_db(transaction=True)

SETTINGS = {
    "min_bet": 100,
    "max_bet": 5_000,
    "boxes": 7,
    "boxes_per_player": 2,
    "player_cut": False,
    "bet_seconds": 600,
    "insurance_seconds": 600,
    "action_seconds": 600,
    "start_seconds": 0,
}
# boxes 1-4: 10 9, 10 8, 9 9, 10 7; the dealer's ace; after play his king (a natural)
FIRST = ["TS", "TH", "9C", "TD", "AS", "9D", "8C", "9H", "7S", "KC"]


@database_sync_to_async
def blackjack_table():
    """A table whose shoe deals ``FIRST`` first (an empty round played before: the table's first
    hand carries its shoe on), and three funded players."""
    engine = engine_for("blackjack")
    order = FIRST + sorted((Counter(pack_52() * 6) - Counter(FIRST)).elements())
    state = engine.new_hand(engine.check_config(dict(SETTINGS)), [0], ScriptedRng(order))
    state, _events = engine.apply(state, 0, {"type": "pass"}, random.Random(0))
    table = Table.objects.create(
        name="Three at blackjack",
        game="blackjack",
        currency="BYN",
        settings=SETTINGS,
        state=json.loads(json.dumps(state)),
    )
    players = [new_player(language="en") for _ in range(3)]
    for player in players:
        fund(player, 50_000)
    return table, players


@database_sync_to_async
def balance(player) -> int:
    return balances_of(player)["BYN"]


@database_sync_to_async
def engine_events(table_id):
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


async def test_three_players_two_boxes_a_bet_behind_and_insurance_to_all_at_once():
    table, players = await blackjack_table()
    anna, boris, vera = sockets = [await Socket(p, table.pk).connect() for p in players]
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        await anna.act({"type": "pass"})  # dealt alone first: the next round deals all three
        await settle(sockets, table.pk, anna)
        assert (await table_now(table.pk)).state["players"] == [0, 1, 2]
        for socket, action in (
            (anna, {"type": "bet", "box": 0, "amount": "10"}),
            (anna, {"type": "bet", "box": 1, "amount": "10"}),
            (anna, {"type": "pass"}),
            (boris, {"type": "behind", "box": 0, "amount": "6"}),
            (boris, {"type": "bet", "box": 2, "amount": "10"}),
            (boris, {"type": "pass"}),
            (vera, {"type": "bet", "amount": "10"}),  # her own box: the first free, box 4
        ):
            await socket.act(action)
            await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "insurance", "the dealer's ace: offers to all at once"
        assert sorted(state["boxes"]) == ["0", "1", "2", "3"]
        # each board offers its own stakes' insurance, all three at once (§103, B9)
        assert 'id="insurance-form-0"' in anna.board and 'id="insurance-form-1"' in anna.board
        assert 'id="insurance-form-0"' in boris.board and 'id="insurance-form-2"' in boris.board
        assert 'id="insurance-form-3"' in vera.board and 'id="insurance-form-0"' not in vera.board
        assert 'data-action="surrender"' in boris.board, "his stake behind, before play"
        # bad input: to its sender alone, nothing booked
        before = await engine_events(table.pk)
        await boris.act({"type": "insurance", "box": 0, "amount": "3.01"})
        assert "at most half your stake" in await boris.error()
        await vera.act({"type": "stand", "box": 3, "hand": 0})
        assert "Take insurance, even money, or say done." in await vera.error()
        assert await engine_events(table.pk) == before
        assert await anna.communicator.receive_nothing(timeout=0.2), "the others hear nothing"
        # insurance: Boris half his 6.00 behind, Anna half her first box; a double click
        await boris.act({"type": "insurance", "box": 0, "amount": "3"}, "boris-insures")
        version = await settle(sockets, table.pk, boris)
        await boris.act({"type": "insurance", "box": 0, "amount": "3"}, "boris-insures")
        assert f'data-version="{version}"' in await boris.receive(), "answered, not applied"
        await boris.act({"type": "insurance", "box": 0, "amount": "3"})  # a second click
        assert "no insurance to take on this box" in await boris.error()
        assert (await table_now(table.pk)).version == version
        await anna.act({"type": "insurance", "box": 0, "amount": "5"})
        await settle(sockets, table.pk, anna)
        for socket in sockets:
            await socket.act({"type": "done"})
            await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "playing" and state["turn"] == [0, 0]
        # a move on another's box is refused to its sender
        await boris.act({"type": "stand", "box": 0, "hand": 0})
        assert "another player&#x27;s: its owner decides" in await boris.error()
        for socket, box in ((anna, 0), (anna, 1), (boris, 2), (vera, 3)):
            await socket.act({"type": "stand", "box": box, "hand": 0})
            await settle(sockets, table.pk, socket)
        last = (await table_now(table.pk)).state["last_game"]
        assert last["dealer"]["natural"], "his king makes a natural"
        # Anna: −10 −10 and +10 on the insurance; Boris: −6 behind +6 insured, −10; Vera −10
        assert last["nets"] == {"0": -1_000, "1": -1_000, "2": -1_000}
        assert [await balance(p) for p in players] == [49_000, 49_000, 49_000]
        # the last round in view: box 1 even for Anna (its insurance paid), box 2 lost
        last_round = anna.board[anna.board.index('class="last-hand tw-last"') :]
        assert "0.00\xa0BYN" in last_round and "−10.00\xa0BYN" in last_round
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
