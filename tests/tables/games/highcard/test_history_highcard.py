"""High card's hand history (issue 26, item 4): the boxes, the bets and the dealer's card."""

import random

import pytest

from tables.engines.registry import engine_for
from tests.tables.history_hands import cards_on, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def high_card_hand(**recording):
    engine = engine_for("highcard")

    def play(state):
        if engine.is_hand_over(state):
            return None
        seat = engine.to_act(state)[0]
        return seat, ({"type": "pass"} if seat == 2 else {"type": "bet", "amount": 300})

    return record_hand(
        "highcard",
        {"min_bet": 100, "max_bet": 1_000, "ante": 50},
        [0, 1, 2],
        random.Random(7),
        play=play,
        **recording,
    )


def test_high_card_boxes_and_the_dealers_card_are_in_the_history():
    hand = high_card_hand()
    page = page_of(hand, hand.players[0], "en")
    result = hand.hand.result
    words = text_of(section(page, "hand-result"))
    assert f"The dealer’s card: [{result['dealer_card']}]" in words
    for seat, name in ((0, "Anna"), (1, "Boris")):
        verb = "wins" if result["won"][str(seat)] else "loses"
        assert f"{name} {verb} the box" in words
    boxes = hand.state["boxes"]
    assert cards_on(page) == {boxes["0"]["card"], boxes["1"]["card"], result["dealer_card"]}
    assert "Anna bets 3.00 BYN" in text_of(section(page, "steps"))


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = high_card_hand
