"""Baccarat with a player-held bank over the table socket: three players, a bank opened at the
auction, bets against it, a coup played, the bank sold (the buyer paying the seller, CG §10, B7)
and a second coup; bad input refused to its sender alone; the books clean, the escrow holding
exactly the bank after each coup."""

from collections import Counter

import pytest
from channels.db import database_sync_to_async

from casino.models import Account, AccountKind
from tables.engines.cards import Shoe, pack_52
from tables.games.baccarat_bank import engine as baccarat_bank
from tables.models import Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.sockets import Socket, table_now

pytestmark = pytest.mark.django_db(transaction=True)

# two coups the bank wins on a natural 9 against 0 (punter, holder, punter, holder)
FIRST_CARDS = ["TS", "9S", "TH", "TD", "TC", "9H", "JS", "QD"]
FUNDS = 50_000


def scripted_shoe(_rng) -> Shoe:
    rest = Counter(pack_52() * 6) - Counter(FIRST_CARDS)
    cards = FIRST_CARDS + sorted(rest.elements())
    return Shoe(cards=cards, cut_at=len(cards) - 7, penetration=1.0)


@database_sync_to_async
def baccarat_table():
    table = Table.objects.create(
        name="Baccarat sockets",
        game="baccarat_bank",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bank": 5_000,
            "commission_percent": "5",
            "action_seconds": 600,
            "start_seconds": 0,  # dealt as soon as two sit (the filling window: test_starts)
        },
    )
    players = [new_player(language="en") for _ in range(3)]
    for player in players:
        fund(player, FUNDS)
    return table, players


@database_sync_to_async
def wallet(player) -> int:
    return Account.objects.get(owner=player, kind=AccountKind.WALLET, currency="BYN").balance


@database_sync_to_async
def escrow_total(table_id) -> int:
    accounts = Account.objects.filter(
        kind=AccountKind.ESCROW, reference__startswith=f"table:{table_id}:"
    )
    return sum(a.balance for a in accounts)


@database_sync_to_async
def engine_events(table_id) -> int:
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


async def settle(sockets, table_id):
    version = (await table_now(table_id)).version
    for socket in sockets:
        await socket.until_version(version)
    return version


async def act(sockets, table_id, socket, action):
    before = (await table_now(table_id)).version
    await socket.act(action)
    await socket.until_version(before + 1)
    return await settle(sockets, table_id)


async def test_three_players_open_bet_play_sell_and_play_again(monkeypatch):
    monkeypatch.setattr(baccarat_bank, "new_shoe", scripted_shoe)
    table, players = await baccarat_table()
    sockets = [await Socket(player, table.pk).connect() for player in players]
    a, b, c = sockets
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await socket.until_version(socket.version + 1)
            await settle(sockets, table.pk)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "auction" and state["players"] == [0, 1]  # C from the next coup
        assert 'data-action="bid"' in a.board and 'data-action="bid"' not in c.board
        # the first bank at auction (section 5): A bids 10.00, B passes
        await act(sockets, table.pk, a, {"type": "bid", "amount": "10"})
        await act(sockets, table.pk, b, {"type": "pass"})
        state = (await table_now(table.pk)).state
        assert (state["holder"], state["bank"], state["phase"]) == (0, 1000, "betting")
        # bad input: over the bank, refused to B alone, nothing applied
        before = await engine_events(table.pk)
        await b.act({"type": "bet", "amount": "15"})
        assert "from 1.00\xa0BYN to 10.00\xa0BYN" in await b.error()
        assert await a.communicator.receive_nothing(timeout=0.2)
        assert await engine_events(table.pk) == before
        # B bets 3.00 (a double click: the same client action id twice is applied once)
        version = (await table_now(table.pk)).version
        await b.act({"type": "bet", "amount": "3"}, client_action_id="double-click")
        await b.act({"type": "bet", "amount": "3"}, client_action_id="double-click")
        await b.until_version(version + 1)
        await settle(sockets, table.pk)
        assert await engine_events(table.pk) == before + 1
        await act(sockets, table.pk, a, {"type": "deal"})
        await act(sockets, table.pk, a, {"type": "no_chocolate"})  # the 7.00 stays in play
        # the coup: 0 against a natural 9, the bank wins 3.00 less 5 % (B11)
        assert all('data-outcome="bank"' in s.board for s in sockets[:2])
        assert await escrow_total(table.pk) == 1000 + 300 - 15  # exactly the bank
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1, 2] and state["holder"] == 0
        # the next coup: A sells; B offers 6.00, C 4.00; B buys, paying A seat to seat
        await act(sockets, table.pk, a, {"type": "sell"})
        await act(sockets, table.pk, b, {"type": "bid", "amount": "6"})
        await act(sockets, table.pk, c, {"type": "bid", "amount": "4"})
        state = (await table_now(table.pk)).state
        assert (state["holder"], state["bank"]) == (1, 600)
        assert await wallet(players[0]) == FUNDS - 1000 + 1285  # 6.00 from B, 6.85 back
        assert await escrow_total(table.pk) == 600
        # C and A bet against B's bank; B deals and takes the chocolate
        await act(sockets, table.pk, c, {"type": "bet", "amount": "2"})
        await act(sockets, table.pk, a, {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, b, {"type": "deal"})
        await act(sockets, table.pk, b, {"type": "take_chocolate"})
        last = (await table_now(table.pk)).state["last_game"]  # the next coup has begun
        assert last["outcome"] == "bank" and last["commission"] == 15 and last["holder"] == 1
        assert await escrow_total(table.pk) == 300 + 300 - 15
        balances = [await wallet(p) for p in players]
        assert sum(balances) + await escrow_total(table.pk) + 15 + 15 == 3 * FUNDS
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
