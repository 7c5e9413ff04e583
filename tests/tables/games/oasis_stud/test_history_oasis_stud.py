"""Oasis stud's hand history: a sixth card bought, a game bought for the dealer (the rules
file's example 2)."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import (
    hand_story_net,
    page_of,
    record_hand,
    section,
    stud_deck,
    text_of,
)

pytestmark = pytest.mark.django_db


def oasis_hand(**recording):
    """Oasis stud: Anna buys a sixth card (§56.3), gives back the 4♣ and bets on a flush; the
    dealer A♠ K♦ 9♣ 7♥ 4♦ has no game: she buys him one (§58), he replaces his 4♦ with the 9♦, a
    pair of nines: her flush wins 5:1 (the rules file's example 2: +90)."""
    return record_hand(
        "oasis_stud",
        {"min_bet": 100, "max_bet": 2_000},
        [0],
        ScriptedRng(stud_deck("2H 5H 9H JH 4C AS KD 9C 7H 4D KH 9D")),
        [
            (0, {"type": "ante", "amount": 1000}),
            (0, {"type": "buy", "box": 0, "cards": []}),
            (0, {"type": "bet", "box": 0, "cards": ["4C"]}),
            (0, {"type": "buy_game", "box": 0}),
        ],
        **recording,
    )


def test_oasis_a_card_bought_and_a_game_bought_are_in_the_history():
    bought = oasis_hand()
    steps = text_of(section(page_of(bought, bought.players[0], "en"), "steps"))
    for words in (
        "Anna buys 1 card for box 1, fee 10.00 BYN",
        "The dealer opens his cards: no game",
        "Anna buys the dealer a game",
        "A game bought: the dealer replaces 4D with 9D and qualifies",
    ):
        assert words in steps, (words, steps)
    net = {row["party"]: row["amount"] for row in hand_story_net(bought)}
    assert net["Anna"] == "+90.00\xa0BYN", "the rules file's example 2 (O5, §59)"


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = oasis_hand
