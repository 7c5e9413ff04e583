"""Three players at one Oasis stud table end to end over the websocket (issue 33, Tests:
consumers): Anna (a pair of eights), Boris (a pair of kings) and Vera (no pair) ante and bet; the
dealer has no game (CG §58), so Vera is paid her ante at once and Anna and Boris both buy him a
game, at the same time, each for an ante: he replaces his lowest card ONCE for both (O7, O8) and
his pair of nines beats Anna and loses to Boris. Bad input (an exchange before a sixth card, a
second purchase, a double click) is refused to its sender alone with nothing booked; the books
are clean."""

import pytest
from channels.db import database_sync_to_async

from tables.engines.cards import pack_52
from tables.games.oasis_stud import engine as oasis_stud
from tests.conftest import assert_books_clean
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.families.stud import sockets as stud
from tests.tables.sockets import Socket, funded_table, script_deals, table_now
from tests.tables.test_six_seat_sockets import settle

pytestmark = pytest.mark.django_db(transaction=True)

# box 0 (Anna) a pair of eights, box 1 (Boris) a pair of kings, box 2 (Vera) queen high; the
# dealer A K 9 7 4 (no game), then the card that replaces his 4: the nine of diamonds
DEAL = [
    "8S",
    "8D",
    "5C",
    "3H",
    "2S",
    "KH",
    "KC",
    "9S",
    "6D",
    "4C",
    "QS",
    "JD",
    "7C",
    "5D",
    "3C",
    "AS",
    "KD",
    "9C",
    "7H",
    "4D",
    "9D",
]
ORDER = [*DEAL, *(c for c in pack_52() if c not in DEAL)]
FUNDS = 50_000


@pytest.fixture
def scripted_deck(monkeypatch):
    """The hand dealt to all three comes from the scripted deck (the actor's shuffle is the
    system's)."""
    script_deals(monkeypatch, oasis_stud.ENGINE, 3, lambda: ScriptedRng(list(ORDER)))


def oasis_table():
    return funded_table("Three at Oasis", "oasis_stud", stud.SETTINGS, 3, FUNDS)


async def test_cg_58_o7_three_at_oasis_two_buy_the_dealer_one_game_at_once(scripted_deck):
    table, players = await oasis_table()
    anna, boris, vera = sockets = [await Socket(p, table.pk).connect() for p in players]
    try:
        await stud.seat_three(sockets, table.pk)
        assert (await table_now(table.pk)).state["players"] == [0, 1, 2]
        for socket in sockets:
            await socket.act({"type": "ante", "amount": "10"})
            await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "deciding"
        assert 'data-card="8S"' in anna.board, "her cards, to her"
        for other in (boris, vera):  # the boxes are one shared section: backs for everyone
            assert not any(f'data-card="{c}"' in other.board for c in DEAL[:5])
        # bad input, to its sender alone, nothing booked: an exchange before a sixth card
        before = await stud.engine_events(table.pk)
        await vera.act({"type": "exchange", "box": 2, "cards": ["QS", "JD"]})
        assert "That change is not yours to make now." in await vera.error()
        await vera.act({"type": "bet", "box": 0})
        assert "Decide on your boxes in order: box 3 first." in await vera.error()
        assert await stud.engine_events(table.pk) == before
        assert await anna.communicator.receive_nothing(timeout=0.2), "the others hear nothing"
        # the bets, Boris's clicked twice: the second is answered, not applied
        await anna.act({"type": "bet", "box": 0})
        await settle(sockets, table.pk, anna)
        await boris.act({"type": "bet", "box": 1}, "boris-bets")
        version = await settle(sockets, table.pk, boris)
        await boris.act({"type": "bet", "box": 1}, "boris-bets")
        assert f'data-version="{version}"' in await boris.receive(), "answered, not applied"
        await vera.act({"type": "bet", "box": 2})
        await settle(sockets, table.pk, vera)
        state = (await table_now(table.pk)).state
        # no game: Vera (no pair) is paid her ante at once; Anna and Boris are asked together
        assert state["phase"] == "buying"
        assert state["boxes"]["2"]["outcome"] == "no game"
        assert 'data-action="buy_game"' in anna.board and 'data-action="buy_game"' in boris.board
        assert 'data-action="buy_game"' not in vera.board
        await anna.act({"type": "buy_game", "box": 0})
        await settle(sockets, table.pk, anna)
        await anna.act({"type": "buy_game", "box": 0})  # a second purchase
        assert "You have no box to decide on now." in await anna.error()
        await boris.act({"type": "buy_game", "box": 1})
        await settle(sockets, table.pk, boris)
        bought = await stud.events_of_type(table.pk, "game_bought")
        assert len(bought) == 1, "one replacement card for both buyers (O7)"
        assert bought[0]["boxes"] == [0, 1]
        assert (bought[0]["replaced"], bought[0]["drawn"]) == ("4D", "9D"), "his lowest (O8)"
        last = (await table_now(table.pk)).state["last_game"]
        # Anna: −10 fee −10 ante −20 bet; Boris: −10 fee +10 ante +20 bet; Vera: +10 ante
        assert [last["boxes"][n]["nets"] for n in ("0", "1", "2")] == [
            {"0": -4_000},
            {"1": 2_000},
            {"2": 1_000},
        ]
        assert [await stud.balance(p) for p in players] == [46_000, 52_000, 51_000]
        assert "pair" in boris.board and 'data-card="9D"' in vera.board
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
