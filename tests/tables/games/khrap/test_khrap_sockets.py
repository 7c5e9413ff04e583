"""Khrap end to end over the table socket (CG §114-§121): three players sit, the first deal
(two players) is passed out and redealt with new stakes (§119.1), then all three play a deal with
a khrap declaration, a "help" and a "five" to the payout (§119.2.1, §121). Bad input (a
malformed frame, an action out of turn, a double click, a pledge the wallet cannot cover, K14)
is refused to its sender alone and nothing is booked twice; the books stay clean."""

import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from casino import ledger
from tables.games.khrap import engine as khrap
from tables.models import Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.games.khrap.khrap_helpers import khrap_failing_before_the_last_trick
from tests.tables.games.khrap.test_khrap import DeckRng, khrap_deck
from tests.tables.sockets import Socket, table_now

pytestmark = pytest.mark.django_db(transaction=True)

STAKE = 1_000
FUNDS = 50_000
# the second deal, from the marker (seat 1): B declares khrap on his two top trumps, C helps
# with the ace of spades, A changes all four for five and keeps the diamonds and the ace of clubs
SECOND_DEAL = khrap_deck(
    [
        ["AH", "KH", "7S", "8S"],  # B, seat 1
        ["AS", "9C", "7C", "6C"],  # C, seat 2
        ["9S", "TS", "JS", "QS"],  # A, seat 0
    ],
    ["9H", "AD", "KD", "QD", "AC", "6D"],
)
FIRST_DEAL = khrap_deck([["6H", "7H", "8H", "9H"], ["TH", "JH", "QH", "KH"]], ["AS", "6C", "6D"])


@pytest.fixture
def scripted_decks(monkeypatch):
    """The deals come from the scripted packs, in order (the actor's shuffle is the system's)."""
    decks = [list(FIRST_DEAL), list(SECOND_DEAL)]

    def new_hand(config, players, rng, carry=None):
        return khrap.new_hand(config, players, DeckRng(decks.pop(0)) if decks else rng, carry)

    monkeypatch.setattr(khrap.ENGINE, "new_hand", new_hand)


@database_sync_to_async
def khrap_table(funds=(FUNDS, FUNDS, FUNDS)):
    table = Table.objects.create(
        name="Khrap sockets",
        game="khrap",
        currency="BYN",
        settings={"stake": STAKE, "action_seconds": 600, "start_seconds": 0},
    )
    players = [new_player(language="en") for _ in funds]
    for player, amount in zip(players, funds, strict=True):
        fund(player, amount)
    return table, players


@database_sync_to_async
def balance(player):
    return ledger.balances_of(player).get("BYN", 0)


@database_sync_to_async
def engine_events(table_id):
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


@database_sync_to_async
def books_clean():
    assert_books_clean()


async def settle(sockets, table_id, sender):
    await sender.until_version(sender.version + 1)
    version = (await table_now(table_id)).version
    for socket in sockets:
        await socket.until_version(version)
    return version


async def test_three_players_play_khrap_with_help_and_five_to_the_payout(scripted_decks):
    table, players = await khrap_table()
    a, b, c = sockets = [await Socket(player, table.pk).connect() for player in players]
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1] and state["bank"] == 2 * STAKE
        assert 'data-action="declare"' in a.board, "the marker's seat announces first"
        # §119.1: both pass on three trumps: a redeal, the marker moves, everyone stakes again
        for _turn in range(3):
            for socket in (a, b):
                await socket.act({"type": "pass"})
                await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["players"] == [0, 1, 2] and state["marker"] == 1
        assert state["bank"] == 5 * STAKE and state["trump"] == "H"
        assert "Bank" in c.board and "50.00" in c.board
        # bad input, each to its sender alone: malformed, out of turn, nothing applied
        before = await engine_events(table.pk)
        await a.communicator.send_to(text_data="{not json")
        assert "not valid JSON" in await a.error()
        await c.act({"type": "pass"})
        assert "not your turn" in await c.error()
        assert await engine_events(table.pk) == before
        assert await b.communicator.receive_nothing(timeout=0.2)
        # B declares khrap: a double click (the same client action id) is applied once
        await b.act({"type": "declare", "game": "khrap"}, client_action_id="declare-1")
        await b.act({"type": "declare", "game": "khrap"}, client_action_id="declare-1")
        await settle(sockets, table.pk, b)
        assert await engine_events(table.pk) == before + 1
        await c.act({"type": "help"})
        await settle(sockets, table.pk, c)
        await a.act({"type": "pass"})
        await settle(sockets, table.pk, a)
        assert 'data-action="five"' in a.board
        await a.act({"type": "five"})
        await settle(sockets, table.pk, a)
        # the exchange: A (five) picks the card to discard from his five, then B, then C
        assert 'id="exchange-form"' not in a.board and 'data-card="6D"' in a.board
        for socket, action in (
            (a, {"type": "discard", "card": "6D"}),
            (b, {"type": "exchange"}),  # nothing picked: he keeps his cards
            (c, {"type": "exchange", "cards": "6C"}),  # one checkbox: a string
        ):
            await socket.act(action)
            await settle(sockets, table.pk, socket)
        state = (await table_now(table.pk)).state
        assert state["phase"] == "play" and state["turn"] == 0, "the five-player leads"
        changed = [card for card in state["hands"]["2"] if card not in ("AS", "9C", "7C")]
        moves = [
            (a, "AD"), (b, "KH"), (c, changed[0]),
            (b, "AH"), (c, "7C"), (a, "QD"),
            (b, "7S"), (c, "AS"), (a, "KD"),
            (c, "9C"), (a, "AC"), (b, "8S"),
        ]  # fmt: skip
        for socket, card in moves:
            await socket.act({"type": "play", "card": card})
            await settle(sockets, table.pk, socket)
        table_state = (await table_now(table.pk)).state
        result = table_state["last_game"]
        assert result["tricks"] == {"1": 2, "2": 1, "0": 1}
        assert result["payouts"] == {"1": 2_450, "2": 1_225, "0": 1_225}
        assert result["rake"] == 100 and result["penalties"] == {}
        # the first deal's stakes were played in the second (A and B staked twice, C once);
        # the third deal has started at once, each staking again
        assert table_state["bank"] == 3 * STAKE and table_state["players"] == [0, 1, 2]
        assert [await balance(p) for p in players] == [
            FUNDS - 3 * STAKE + 1_225,
            FUNDS - 3 * STAKE + 2_450,
            FUNDS - 2 * STAKE + 1_225,
        ]
        # every board shows the last deal's result beside the new deal: what each takes
        for socket in sockets:
            last = re.search(r'<details class="khrap-last".*?</details>', socket.board, re.S)
            assert last, socket.board[-3000:]
            row = re.search(r'<tr data-seat="1">(.*?)</tr>', last.group(0), re.S).group(1)
            assert "24.50" in row and ">2<" in row, row
    finally:
        for socket in sockets:
            await socket.close()
    await books_clean()


async def test_k14_a_pledge_the_wallet_cannot_cover_is_refused_and_nothing_is_booked(
    scripted_decks,
):
    """A holds 15.00: his stake of 10 is taken, but khrap's pledge (2 × the bank of 20) is
    not there: the declaration is refused to him alone; he may still pass (K14)."""
    table, players = await khrap_table(funds=(1_500, FUNDS))
    a, b = sockets = [await Socket(player, table.pk).connect() for player in players]
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        version = (await table_now(table.pk)).version
        await a.act({"type": "declare", "game": "khrap"})
        assert 'id="table-error"' in await a.error()
        assert await b.communicator.receive_nothing(timeout=0.2)
        assert (await table_now(table.pk)).version == version
        assert await balance(players[0]) == 500
        await a.act({"type": "pass"})
        await settle(sockets, table.pk, a)
        assert (await table_now(table.pk)).state["turn"] == 1
    finally:
        for socket in sockets:
            await socket.close()
    await books_clean()


def test_a_penalty_bank_waits_in_escrow_on_an_open_table_shown_in_the_lobby_and_voidable(
    monkeypatch, staff
):
    """K6 with the platform: A's khrap fails (one trick), B leaves before the last trick (his
    card is played for him, his money held for him), so no deal follows: the table is open
    with A's penalty of 40.00 in escrow, which the lobby and the pit show, and which staff may
    void back to A."""
    from tables import selectors, services
    from tables.models import TableStatus

    table, a, b = khrap_failing_before_the_last_trick(
        monkeypatch, name="Khrap penalty", stake=STAKE, funds=FUNDS
    )
    services.table_leave(table_id=table.pk, player=b)  # his queen of spades is led for him
    services.table_act(table_id=table.pk, player=a, action={"type": "play", "card": "9S"})
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    assert table.state["result"]["penalties"] == {"0": 2 * 2 * STAKE}
    summary = selectors.table_summary_of(table.pk)
    assert summary["pot"] == 4 * STAKE and summary["stage"] == "between deals"
    assert ["Penalty bank", {"money": 4 * STAKE}] in summary["facts"]
    assert ledger.balances_of(a)["BYN"] == FUNDS - STAKE - 4 * STAKE + 490
    assert ledger.balances_of(b)["BYN"] == FUNDS - STAKE - 2 * STAKE, "held for him"
    assert_books_clean()
    # the hand history shows the deal: the game, the tricks by seat, the bank carried on
    client = Client()
    client.force_login(a)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("hand_list", args=[table.pk])).content.decode()
    assert 'data-game="khrap"' in page and re.search(
        r'owes <span class="money">40[.,]00\xa0BYN</span> into the next', page
    )
    assert re.search(r'Carried to the next deal: <span class="money">40[.,]00', page), page
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="test")
    assert ledger.balances_of(a)["BYN"] == FUNDS - STAKE + 490
    assert selectors.table_summary_of(table.pk)["pot"] == 0
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN, "the table takes the next players"
    # a newcomer sits down beside A: the next deal starts with fresh stakes
    c = new_player(language="en")
    fund(c, FUNDS)
    services.table_sit(table_id=table.pk, player=c, connected=True)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and table.state["bank"] == 2 * STAKE
    assert_books_clean()
