"""Khrap's hand history (issue 26, item 4): the trumps, the declaration, the tricks and the
payments; my own cards at the deal, never another's."""

import pytest

from tests.tables.games.khrap.test_khrap import DeckRng, khrap_deck
from tests.tables.history_hands import cards_on, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def khrap_hand(**recording):
    """A declares khrap, B helps; B takes two tricks, A two (CG §119.2.1: fewer than... no,
    the declarer keeps his commitment with two); trumps hearts, the 9♥ turned up."""
    deck = khrap_deck([["AH", "7S", "8S", "9S"], ["KH", "AS", "KS", "QS"]], ["9H"])
    return record_hand(
        "khrap",
        {"stake": 1_000},
        [0, 1],
        DeckRng(deck),
        [
            (0, {"type": "declare", "game": "khrap"}),
            (1, {"type": "help"}),
            (0, {"type": "exchange", "cards": []}),
            (1, {"type": "exchange", "cards": []}),
            (0, {"type": "play", "card": "AH"}),
            (1, {"type": "play", "card": "KH"}),
            (0, {"type": "play", "card": "7S"}),
            (1, {"type": "play", "card": "AS"}),
            (1, {"type": "play", "card": "KS"}),
            (0, {"type": "play", "card": "8S"}),
            (1, {"type": "play", "card": "QS"}),
            (0, {"type": "play", "card": "9S"}),
        ],
        **recording,
    )


def test_khrap_trump_declaration_tricks_and_payments_are_in_the_history_s119_s121():
    deal = khrap_hand()
    page = page_of(deal, deal.players[0], "ru")
    steps = section(page, "steps")
    shown = text_of(steps)
    assert "Козыри: [9H]" in shown
    assert "Anna объявляет «Храп»" in shown and "Boris: «Помог»" in shown
    assert "Взятки: Anna 1, Boris 0" in shown
    result = deal.hand.result
    words = text_of(section(page, "hand-result"))
    for seat, name in ((0, "Anna"), (1, "Boris")):
        assert f"{name}: {result['tricks'][str(seat)]}" in words
    # the deal shows me my own cards, never Boris's; the cards left in the deck never
    first = steps.split('class="step"')[1]
    assert cards_on(first) == {"9H", "AH", "7S", "8S", "9S"}
    dealt = {"AH", "7S", "8S", "9S", "KH", "AS", "KS", "QS", "9H"}
    assert cards_on(page) <= dealt


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = khrap_hand
