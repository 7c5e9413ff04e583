"""Let It Ride's hand history: three bets on a box, each taken down or let ride, the community
cards and the hands."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import hand_story_net, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def let_it_ride_hand(**recording):
    """Two of the rules file's hands at one table: Anna K♠ K♦ 4♣ lets everything ride (three kings
    with the K♥: 3:1), Boris 5♥ 8♥ J♥ takes bet 1 down (example 2: a flush); community 2♥ K♥."""
    from tests.tables.games.let_it_ride.test_let_it_ride import deck_for

    return record_hand(
        "let_it_ride",
        {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000},
        [0, 1],
        ScriptedRng(deck_for([["KS", "KD", "4C"], ["5H", "8H", "JH"]], ["2H", "KH"])),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "ride", "bet": 1}),
            (1, {"type": "take_down", "bet": 1}),
            (0, {"type": "ride", "bet": 2}),
            (1, {"type": "ride", "bet": 2}),
        ],
        **recording,
    )


def test_let_it_ride_bets_decisions_community_cards_and_hands_are_in_the_history():
    hand = let_it_ride_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna puts three bets of 10.00 BYN on box 1",
        "Boris takes down bet 1",
        "Anna lets bet 2 ride",
        "The first community card: [2H]",
        "The second community card: [KH]",
        "Anna’s cards: [KS] [KD] [4C] three of a kind",
        "Boris’s cards: [5H] [8H] [JH] flush",
    ):
        assert words in steps, (words, steps)
    result = text_of(section(page, "hand-result"))
    assert "Community cards: [2H] [KH]" in result and "Boris: flush 8:1" in result
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+90.00\xa0BYN" and net["Boris"] == "+160.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Boris забирает ставку 1" in ru


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = let_it_ride_hand
