"""Russian poker's hand history: a svara opened, joined and doubled."""

import pytest

from tables.engines.cards import pack_33
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import page_of, record_hand, text_of

pytestmark = pytest.mark.django_db


def russian_poker_hand(**recording):
    """Russian poker: Anna's K♥ Q♥ 7♣ and the dealer's J♠ 10♠ 8♦ both score 20: a svara (§31,
    R7); Boris joins it with Anna's ante (R8); Anna doubles, the new deal gives her A♥ K♥ Q♥
    (31 points) against the dealer's K♠ Q♠ 7♦ (20): she is paid 3:1 on the bet."""
    svara = "AH KH QH 9C 8C 7S KS QS 7D"
    return record_hand(
        "russian_poker",
        {"min_bet": 100, "max_bet": 2_000},
        [0, 1],
        ScriptedRng(russian_deck("KH QH 7C 9D 8H 7D JS TS 8D"), russian_deck(svara), rest=True),
        [
            (0, {"type": "ante", "amount": 500}),
            (1, {"type": "ante", "amount": 300}),
            (0, {"type": "bet", "box": 0}),
            (1, {"type": "fold", "box": 1}),
            (1, {"type": "join"}),
            (0, {"type": "svara", "box": 0}),
            (1, {"type": "bet", "box": 2}),
            (0, {"type": "bet", "box": 0}),
        ],
        **recording,
    )


def russian_deck(top: str) -> list[str]:
    cards = top.split()
    return [*cards, *(c for c in pack_33() if c not in cards)]


def test_a_svara_is_told_in_the_history():
    hand = russian_poker_hand()
    page = text_of(page_of(hand, hand.players[0], "en"))
    assert "Svara 1: boxes 1 tied with the dealer, the ante doubles" in page
    assert "joins the svara on box 3 with 5.00" in page
    assert "plays the svara on box 1: the ante is 10.00" in page
    russian = text_of(page_of(hand, hand.players[0], "ru"))
    assert "Свара 1" in russian and "вступает в свару" in russian


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = russian_poker_hand
