"""Three players at one Russian poker table end to end over the websocket (issue 34, Tests:
consumers): Anna (20 points) ties the dealer's 20 and the svara is opened (CG §31, R7); Boris,
who folded, joins it with Anna's original ante (R8) while Anna doubles hers, both at once; Vera's
three aces are paid 10:1 at once. Bad input (a bet other than the ante, a join with the wrong
ante, a second answer, a double click) is refused to its sender alone with nothing booked; the
books are clean and every wallet moved by what the board called."""

import pytest
from channels.db import database_sync_to_async

from tables.engines.cards import pack_33
from tables.games.russian_poker import engine as russian_poker
from tests.conftest import assert_books_clean
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.families.stud import sockets as stud
from tests.tables.sockets import Socket, funded_table, script_deals, table_now
from tests.tables.test_six_seat_sockets import settle

pytestmark = pytest.mark.django_db(transaction=True)

# box 0 (Anna) K♥ Q♥ 7♣ = 20, box 1 (Boris) 9♦ 8♥ 7♠ = 9, box 2 (Vera) three aces = 33; the
# dealer J♠ 10♠ 8♦ = 20. The svara's pack: Anna A♥ K♥ Q♥ = 31, Boris's new box 9♣ 8♣ 7♣ = 24,
# the dealer K♠ Q♠ 7♦ = 20.
DEAL = ["KH", "QH", "7C", "9D", "8H", "7S", "AS", "AH", "AD", "JS", "TS", "8D"]
SVARA = ["AH", "KH", "QH", "9C", "8C", "7C", "KS", "QS", "7D"]
FUNDS = 50_000


def order(top):
    return [*top, *(c for c in pack_33() if c not in top)]


@pytest.fixture
def scripted_deck(monkeypatch):
    scripted = lambda: ScriptedRng(order(DEAL), order(SVARA), rest=True)  # noqa: E731
    script_deals(monkeypatch, russian_poker.ENGINE, 3, scripted)


def russian_table():
    return funded_table("Three at Russian poker", "russian_poker", stud.SETTINGS, 3, FUNDS)


async def test_cg_31_r7_r8_a_svara_joined_by_a_third_player_over_the_sockets(scripted_deck):
    table, players = await russian_table()
    anna, boris, vera = sockets = [await Socket(p, table.pk).connect() for p in players]
    try:
        await stud.seat_three(sockets, table.pk)
        for socket in sockets:
            await socket.act({"type": "ante", "amount": "10"})
            await settle(sockets, table.pk, socket)
        assert (await table_now(table.pk)).state["phase"] == "deciding"
        assert 'data-card="KH"' in anna.board and "20 points" in anna.board
        for other in (boris, vera):
            assert not any(f'data-card="{c}"' in other.board for c in DEAL[:3])
        # bad input, to its sender alone, nothing booked
        before = await stud.engine_events(table.pk)
        await vera.act({"type": "bet", "box": 2, "amount": 2_000})
        assert "The bet brings your bet up to the ante: 10.00" in await vera.error()
        assert await stud.engine_events(table.pk) == before
        assert await anna.communicator.receive_nothing(timeout=0.2), "the others hear nothing"
        await vera.act({"type": "bet", "box": 2}, "vera-bets")
        version = await settle(sockets, table.pk, vera)
        await vera.act({"type": "bet", "box": 2}, "vera-bets")  # a double click
        assert f'data-version="{version}"' in await vera.receive(), "answered, not applied"
        await boris.act({"type": "fold", "box": 1})
        await settle(sockets, table.pk, boris)
        await anna.act({"type": "bet", "box": 0})
        await settle(sockets, table.pk, anna)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "svara" and state["boxes"]["2"]["outcome"] == "won"
        assert 'data-action="svara"' in anna.board and "Play the svara (+10.00" in anna.board
        assert "Join the svara (10.00" in boris.board and "Join the svara (10.00" in vera.board
        before = await stud.engine_events(table.pk)
        await boris.act({"type": "join", "amount": 2_000})
        assert "original ante: 10.00" in await boris.error()
        assert await stud.engine_events(table.pk) == before
        await vera.act({"type": "decline"})
        await settle(sockets, table.pk, vera)
        await vera.act({"type": "join"})
        assert "You have answered this svara already." in await vera.error()
        await boris.act({"type": "join"})
        await settle(sockets, table.pk, boris)
        await anna.act({"type": "svara", "box": 0})
        await settle(sockets, table.pk, anna)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "deciding" and state["boxes"]["3"]["owner"] == 1
        assert 'data-card="9C"' in boris.board and 'data-card="9C"' not in anna.board
        await boris.act({"type": "bet", "box": 3})
        await settle(sockets, table.pk, boris)
        await anna.act({"type": "bet", "box": 0})
        await settle(sockets, table.pk, anna)
        assert len(await stud.events_of_type(table.pk, "svara_opened")) == 1
        last = (await table_now(table.pk)).state["last_game"]
        # Anna: ante 20 + bet 20 at 31 points +20 + 60; Boris: −10 folded, +20 on the svara;
        # Vera: three aces, ante +10, bet 10:1 +100
        nets = {n: sum(b["nets"].values()) for n, b in last["boxes"].items()}
        assert nets == {"0": 8_000, "1": -1_000, "2": 11_000, "3": 2_000}
        assert [await stud.balance(p) for p in players] == [58_000, 51_000, 61_000]
        called = vera.board.replace("\xa0", " ")
        assert "+80.00 BYN" in called and "+110.00 BYN" in called, "each payout called for all"
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
