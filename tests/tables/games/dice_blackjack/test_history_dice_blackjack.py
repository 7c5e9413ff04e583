"""Dice blackjack's hand history (the rules file's example 1): bets, throws, a bust, the
dealer's throws."""

import pytest

from tests.tables.history_hands import hand_story_net, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def dice_blackjack_hand(**recording):
    """The rules file's example 1 with two players: Anna throws 5 and 6 (11), Boris 8 and 6 (14,
    over 12: lost at once); the dealer 4, then 7: 11, a push for Anna (X2)."""
    from tests.tables.engines.scripted import ScriptedDice

    return record_hand(
        "dice_blackjack",
        {"min_bet": 100, "max_bet": 5_000},
        [0, 1],
        ScriptedDice(5, 6, 8, 6, 4, 7),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "throw"}),
            (0, {"type": "throw"}),
            (1, {"type": "throw"}),
            (1, {"type": "throw"}),
        ],
        **recording,
    )


def test_dice_blackjack_bets_throws_the_bust_and_the_dealers_throws_are_in_the_history():
    hand = dice_blackjack_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "No more bets: 20.00 BYN in play",
        "Anna throws 4 and 1 on box 1: 5",
        "Anna throws again on box 1, 5 and 1: 11 in all",
        "Boris throws again on box 2, 5 and 1: 14 in all",
        "Box 2: 14, over 12, loses at once",
        "The dealer throws 3 and 1: 4",
        "The dealer throws again, 6 and 1: 11 in all",
    ):
        assert words in steps, (words, steps)
    assert 'class="die" data-face="4"' in page  # the throws drawn as dice beside the words
    result = text_of(section(page, "hand-result"))
    assert "Dealer 11" in result and "Anna 11: push" in result and "Boris 14: over 12" in result
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Boris"] == "−10.00\xa0BYN" and "Anna" not in net
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Anna: бросок на боксе 1 — 4 и 1, итого 5" in ru and "Бросок дилера" in ru


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = dice_blackjack_hand
