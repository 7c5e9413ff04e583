"""Blackjack's hand history: a split, a double, a bet behind and the dealer's draw in words."""

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


# the first cards of the shoe: box 1 and box 2, the dealer's up card, their second cards, the
# split's cards, the double's card, the dealer's second card and his draw
BLACKJACK_FIRST = ["8S", "TD", "6C", "8H", "9D", "3D", "TC", "TH", "4S", "KH"]


def blackjack_hand(**recording):
    """Anna 10.00 on box 1, Boris 5.00 behind her and 3.00 on box 2; Anna splits her eights
    (Boris stays on the first hand), doubles the first (Boris does not): 8 3 10 = 21; the second
    8 10 = 18 stands, Boris's 19 stands; the dealer 6 4 K = 20 (CG §95, §96, §98)."""
    return record_hand(
        "blackjack",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(BLACKJACK_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "behind", "box": 0, "amount": 500}),
            (1, {"type": "bet", "box": 1, "amount": 300}),
            (1, {"type": "pass"}),
            (1, {"type": "done"}),
            (0, {"type": "split", "box": 0, "hand": 0}),
            (1, {"type": "stay", "box": 0}),
            (0, {"type": "double", "box": 0, "hand": 0}),
            (1, {"type": "decline", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 1}),
            (1, {"type": "stand", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_blackjack_split_double_bets_behind_and_the_dealers_draw_are_in_the_history():
    hand = blackjack_hand()
    page = page_of(hand, hand.players[1], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "New shoe 1, checked: decks: 6 · cards: 312 · each card: 6",
        "Anna bets 10.00 BYN on box 1",
        "Boris bets 5.00 BYN behind box 1",
        "Box 1: [8S] [8H]",
        "The dealer’s card: [6C]",
        "Anna splits box 1",
        "Boris keeps the bet on the first hand of box 1",
        "Box 1: a card to each hand of the split: [3D] [TC]",
        "Anna doubles the bet on box 1",
        "Boris does not double on box 1",
        "Box 1 gets its one card: [TH]",
        "The dealer’s card: [KH]",
    ):
        assert words in steps, (words, steps)
    # the boxes' totals after a card, the dealer's 20
    assert "Box 1 (Anna): [8S] [3D] [TH] 21 won; [8H] [TC] 18 lost" in steps
    assert "The dealer: [6C] [4S] [KH] 20" in steps
    result = text_of(section(page, "hand-result"))
    assert "The dealer: [6C] [4S] [KH] 20" in result
    assert "box 2 (Boris): [TD] [9D] 19 lost" in result
    # every card dealt is shown, none of the shoe beyond them (the shoe goes on)
    assert cards_on(page) == set(BLACKJACK_FIRST)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    # Anna: +20.00 on the doubled 21, −10.00 on the 18; Boris +5.00 behind, −3.00 on his box
    assert net["Anna"] == "+10.00\xa0BYN" and net["Boris"] == "+2.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[1], "ru"), "steps"))
    assert "Anna делит бокс 1" in ru


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = blackjack_hand
