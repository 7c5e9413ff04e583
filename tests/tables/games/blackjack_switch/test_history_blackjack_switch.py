"""Blackjack Switch's hand history: the Super Match settled at once and the switch of two
boxes' second cards."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import (
    blackjack_shoe,
    hand_story_net,
    page_of,
    record_hand,
    section,
    text_of,
)

pytestmark = pytest.mark.django_db


# Blackjack Switch's example 1 (blackjack-switch.md): Anna's box 1 K♠ 5♦, box 2 6♣ Q♥; the
# dealer 9♣ and his hole card 7♦; her double's 9♠, his 6♥ (22)
SWITCH_FIRST = ["KS", "6C", "9C", "5D", "QH", "7D", "9S", "6H"]


def switch_hand(**recording):
    """Anna 10.00 on each box and a Super Match of 5.00 (K, 5, 6, Q: lost); she switches
    (K Q 20 and 6 5 11), stands, doubles the 11 to 20; the dealer's 22 stands both off
    (CG §70, §77, §84, §86)."""
    return record_hand(
        "blackjack_switch",
        {"min_bet": 500, "max_bet": 5_000, "player_cut": False},
        [0],
        ScriptedRng(blackjack_shoe(SWITCH_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (0, {"type": "side", "box": 0, "kind": "super_match", "amount": 500}),
            (0, {"type": "pass"}),
            (0, {"type": "switch", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 0}),
            (0, {"type": "double", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_switch_super_match_and_the_switch_are_in_the_history():
    hand = switch_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "Anna bets 10.00 BYN on box 2",
        "Anna puts a side bet of 5.00 BYN on box 1",
        "Anna’s side bet on box 1 loses, on [KS] [5D] [6C] [QH]",
        "Anna switches the second cards of boxes 1 and 2: [KS] [QH] [6C] [5D]",
        "Anna doubles the bet on box 2",
        "Box 2 gets its one card: [9S]",
    ):
        assert words in steps, (words, steps)
    assert "Box 1 (Anna): [KS] [QH] 20 push" in steps
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "−5.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Anna меняет местами вторые карты боксов 1 и 2" in ru


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = switch_hand
