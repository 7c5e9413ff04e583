"""Pontoon's hand history: cards bought and twisted on a box and behind it, a tie lost, five
cards and a Pontoon in the result."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import (
    blackjack_shoe,
    cards_on,
    hand_story_net,
    page_of,
    record_hand,
    section,
    text_of,
)

pytestmark = pytest.mark.django_db


# box 1 and box 2, the dealer's up card, their second cards, the two cards bought, the dealer's
# second card
PONTOON_FIRST = ["9S", "TD", "TC", "4D", "7D", "3C", "2H", "7S"]


def pontoon_hand(**recording):
    """Anna 10.00 on box 1 with Boris 5.00 behind her, Boris 3.00 on box 2; Anna's 9 4 = 13
    buys a three (Boris buys too) and a two (Boris twists): 18 stands, 30.00 at stake; Boris's
    10 7 = 17 stands; the dealer 10 7 = 17: Anna wins 30.00, Boris 10.00 behind and loses his
    17 to the dealer's 17 (CG §132, §135, N6)."""
    return record_hand(
        "pontoon",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(PONTOON_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "behind", "box": 0, "amount": 500}),
            (1, {"type": "bet", "box": 1, "amount": 300}),
            (1, {"type": "pass"}),
            (0, {"type": "buy", "box": 0, "hand": 0}),
            (1, {"type": "buy", "box": 0}),
            (0, {"type": "buy", "box": 0, "hand": 0}),
            (1, {"type": "twist", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 0}),
            (1, {"type": "stand", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_pontoon_buys_a_staker_behind_buying_and_twisting_and_a_tie_lost_are_in_the_history():
    hand = pontoon_hand()
    page = page_of(hand, hand.players[1], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "Boris bets 5.00 BYN behind box 1",
        "Box 1: [9S] [4D]",
        "The dealer’s card: [TC]",
        "Anna buys a card on box 1",
        "Boris buys a card on box 1",
        "Box 1 gets the card bought: [3C]",
        "Boris twists on box 1",
        "Box 1 gets the card bought: [2H]",
        "(a stake added for a card bought)",
        "The dealer’s card: [7S]",
    ):
        assert words in steps, (words, steps)
    assert "Box 1 (Anna): [9S] [4D] [3C] [2H] 18 won" in steps
    assert "Box 2 (Boris): [TD] [7D] 17 lost" in steps, "the tie loses (§135)"
    result = text_of(section(page, "hand-result"))
    assert "The dealer: [TC] [7S] 17" in result
    assert cards_on(page) == set(PONTOON_FIRST)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+30.00\xa0BYN" and net["Boris"] == "+7.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[1], "ru"), "steps"))
    assert "Anna покупает карту на боксе 1" in ru and "Boris делает твист на боксе 1" in ru
    assert "Бокс 1 получает купленную карту: [3C]" in ru


def test_pontoon_five_cards_and_a_pontoon_read_in_the_result():
    """Anna twists to five cards (3:2 at once, §133) against the dealer's ace; Boris's Pontoon
    loses to the dealer's Pontoon (N4)."""
    hand = record_hand(
        "pontoon",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(["2S", "AC", "AH", "3H", "KD", "4D", "5C", "6H", "KS"])),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "done"}),
            (1, {"type": "done"}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
        ],
    )
    for language, words in (
        ("en", ["five cards", "Pontoon", "lost"]),
        ("ru", ["пять карт", "Понтун", "проигрыш"]),
    ):
        result = text_of(section(page_of(hand, hand.players[0], language), "hand-result"))
        for word in words:
            assert word in result, (language, word, result)


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = pontoon_hand
