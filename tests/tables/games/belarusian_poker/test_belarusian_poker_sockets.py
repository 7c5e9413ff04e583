"""Belarusian poker through the real ASGI stack (CG §22–§25): three players' sockets play a hand
to the showdown, a tie, the svara with a joiner and its showdown; each socket sees only its own
cards before the showdown; bad input (an out-of-turn bet, a bet below the level, a malformed
frame, a double click) is refused to its sender alone and nothing is booked twice; the books
are clean."""

import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from tables.engines.cards import pack_33
from tables.games.belarusian_poker import engine as belarusian_poker
from tables.selectors import table_summary_of
from tests.conftest import assert_books_clean
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.belarusian_poker.test_belarusian_poker import pack_dealing
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

FUNDS = 50_000
CARD = re.compile(r'data-card="([0-9TJQKA][SHDC]|JK)"')
# hand 2 (button seat 1, so seat 2 acts first): seats 0 and 2 tie at 22, seat 1 holds 9;
# the svara's pack gives seat 1 (who joins) 31
FIRST_DEAL = {0: ["AH", "AC", "7S"], 1: ["9S", "8C", "7D"], 2: ["AS", "AD", "8H"]}
SVARA_DEAL = {0: ["9H", "8H", "7C"], 1: ["AS", "KS", "QS"], 2: ["TC", "9C", "7H"]}


@pytest.fixture
def scripted_packs(monkeypatch):
    """Each hand the table deals gets the next scripted packs (the actor's SystemRandom shuffle
    replaced by a script): hand 1 any order, hand 2 the tie and the svara above, the hands after
    them the packs in their fresh order."""
    hands = [
        [pack_33()] * 3,
        [pack_dealing(FIRST_DEAL, 1), pack_dealing(SVARA_DEAL, 1), pack_33()],
    ]
    real = belarusian_poker.BelarusianPoker.new_hand

    def new_hand(self, config, players, rng, carry=None):
        packs = hands.pop(0) if hands else [pack_33()] * 3
        return real(self, config, players, ScriptedRng(*packs), carry)

    monkeypatch.setattr(belarusian_poker.BelarusianPoker, "new_hand", new_hand)


@database_sync_to_async
def hand_list_of(player, table_id) -> str:
    client = Client()
    client.force_login(player)
    return client.get(reverse("hand_list", args=[table_id])).content.decode()


def cards_in(frame: str) -> set[str]:
    return set(CARD.findall(frame))


async def test_three_players_play_to_a_showdown_and_a_svara_with_a_joiner(
    scripted_packs, unthrottled
):
    table, players = await table_with_players(
        "belarusian_poker", {"min_bet": 100, "max_bet": 5_000, "unit": 100}, [FUNDS] * 3
    )
    sockets = [await Socket(player, table.pk).connect() for player in players]
    try:
        for socket in sockets:  # one after another: each sits once the last has sat
            before = (await table_now(table.pk)).version
            await socket.send({"type": "sit"})
            await socket.until_version(before + 1)
            await settle(sockets, table.pk)
        # hand 1 was dealt to the first two seated (§20: from two players): seat 1 passes
        assert (await table_now(table.pk)).state["dealt_in"] == [0, 1]
        await act(sockets, table.pk, sockets[1], {"type": "pass"})
        state = (await table_now(table.pk)).state
        assert state["dealt_in"] == [0, 1, 2] and state["button"] == 1  # P3: it moved
        s0, s1, s2 = sockets
        # each sees its own three cards and nobody else's (§23)
        for position, socket in enumerate(sockets):
            assert cards_in(socket.board) == set(FIRST_DEAL[position])
        assert 'id="bet-form"' in s2.board and 'id="bet-form"' not in s0.board

        await act(sockets, table.pk, s2, {"type": "bet", "amount": "5"})
        # bad input, each refused to its sender alone, nothing applied or booked
        before = await engine_events(table.pk)
        await s1.act({"type": "bet", "amount": "5"})
        assert "It is not your turn." in await s1.error()
        await s0.send({"type": "act", "action": "bet", "amount": "3"})
        refusal = (await s0.error()).replace("\xa0", " ")
        assert re.search(r"A bet is from the level of 5\.00 BYN to the maximum 50\.00 BYN", refusal)
        await s0.send({"type": "act", "action": "bet", "amount": "5,5,5"})
        assert "one decimal separator" in await s0.error()
        await s0.communicator.send_to(text_data="{not json")
        assert "not valid JSON" in await s0.error()
        assert await engine_events(table.pk) == before
        assert await s2.communicator.receive_nothing(timeout=0.2)
        # a double click: the same client action id twice is applied once
        version = (await table_now(table.pk)).version
        # the board's "call" carries the last bet in major units: one click, twice
        board = s0.board
        call = re.search(r'id="call-form".*?</form>', board, re.S).group(0)
        typed = re.search(r'name="amount" value="([^"]+)"', call).group(1)
        assert typed == "5" and 'data-amount="500"' in call
        await s0.act({"type": "bet", "amount": typed}, client_action_id="double-click")
        await s0.act({"type": "bet", "amount": typed}, client_action_id="double-click")
        await s0.until_version(version + 1)
        await settle(sockets, table.pk)
        await act(sockets, table.pk, s1, {"type": "pass"})
        # round 2: seat 2 proposes to open, both bet, seat 0 agrees (P8): a tie at 22
        assert 'data-round="2"' in s2.board
        await act(sockets, table.pk, s2, {"type": "propose"})
        await act(sockets, table.pk, s2, {"type": "bet", "amount": "5"})
        await act(sockets, table.pk, s0, {"type": "bet", "amount": "5"})
        assert 'data-action="accept"' in s0.board
        await act(sockets, table.pk, s0, {"type": "accept"})
        state = (await table_now(table.pk)).state
        assert state["phase"] == "svara_offer" and state["bank"] == 2_300
        # the opened hands are everyone's now, the folded one nobody's (§24)
        for socket in sockets:
            shown = cards_in(socket.board)
            assert set(FIRST_DEAL[0]) | set(FIRST_DEAL[2]) <= shown
        assert not set(FIRST_DEAL[1]) & cards_in(s0.board)
        assert 'data-action="accept"' in s2.board and 'data-action="accept"' not in (s1.board)
        # the lobby's and the pit boss's row: the bank in play and the round
        summary = await database_sync_to_async(table_summary_of)(table.pk)
        assert summary["pot"] == 2_300 and ["Round", "2/5"] in summary["facts"]
        await act(sockets, table.pk, s2, {"type": "accept"})
        await act(sockets, table.pk, s0, {"type": "accept"})
        # seat 1, who passed, may join for half the bank (P9)
        assert 'data-action="join"' in s1.board and "11.50" in s1.board
        await act(sockets, table.pk, s1, {"type": "join"})
        state = (await table_now(table.pk)).state
        assert state["svaras"] == 1 and state["bank"] == 3_450 and state["players"] == [0, 1, 2]
        assert cards_in(s1.board) >= set(SVARA_DEAL[1])
        # the svara: no entry bets, the level back at the minimum (P9)
        await act(sockets, table.pk, s2, {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, s0, {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, s1, {"type": "propose"})
        await act(sockets, table.pk, s1, {"type": "bet", "amount": "1"})
        await act(sockets, table.pk, s2, {"type": "accept"})
        await act(sockets, table.pk, s0, {"type": "accept"})
        table_row = await table_now(table.pk)
        result = table_row.state["last_game"]
        assert result["winners"] == [1] and result["bank"] == 3_750
        assert result["deduction"] == 100  # §25: a bank up to 50 c.u. pays 1 c.u., once (P10)
        after = await wallets(players)
        # hand 1: seat 0 won seat 1's entry bet less the deduction of 1 c.u. (a bank of 2)
        hand_one = [200 - 100 - 100, -100, 0]
        paid = [100 + 500 + 500 + 100, 100 + 1_150 + 100, 100 + 500 + 500 + 100]
        expected = [FUNDS + hand_one[i] - paid[i] for i in range(3)]
        expected[1] += 3_650
        # hand 3 may have been dealt already: its entry bets are in its bank
        entry = 100 if table_row.state.get("hand_key", 0) > 2 else 0
        assert after == [amount - entry for amount in expected]
        assert await events_with_id(table.pk, "double-click") == 1  # the double click once
        # the hand history: the bank of 37.50, one svara, the deduction of 1.00
        listing = await hand_list_of(players[1], table.pk)
        # (each amount is the money filter's nowrap span: the words read as the text between)
        words = re.sub(r'<span class="money">([^<]*)</span>', r"\1", listing)
        assert re.search(r"37[.,]50[^<]*· [^<]*· 1 (svara|свара) · [^<]*1[.,]00", words), listing
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()
