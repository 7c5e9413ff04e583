"""Golden Oasis' hand history: three cards exchanged on a box for a fee."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import page_of, record_hand, section, stud_deck, text_of

pytestmark = pytest.mark.django_db


def golden_oasis_hand(**recording):
    """Anna's ante on Q♠ Q♦ 2♠ 7♦ 9♣, the three low cards exchanged for a fee (the A♥ K♣ 8♦
    come), her bet against the dealer's qualifying hand."""
    return record_hand(
        "golden_oasis",
        {"min_bet": 100, "max_bet": 2_000},
        [0],
        ScriptedRng(stud_deck("QS QD 2S 7D 9C AH KC 8D 6D 3S QC 6H 6S")),
        [
            (0, {"type": "ante", "amount": 1000}),
            (0, {"type": "exchange", "box": 0, "cards": ["2S", "7D", "9C"]}),
            (0, {"type": "bet", "box": 0}),
        ],
        **recording,
    )


def test_golden_oasis_an_exchange_is_told_with_its_fee():
    hand = golden_oasis_hand()
    steps = text_of(section(page_of(hand, hand.players[0], "en"), "steps"))
    for words in (
        "Anna puts an ante of 10.00 BYN on box 1",
        "Anna changes 3 cards on box 1, fee 30.00 BYN",
        "Box 1 gets 3 cards",
        "Anna → the bank : 30.00 BYN (fee: card exchange)",
        "Box 1 beats the dealer",
    ):
        assert words in steps, (words, steps)
    assert "side bet" not in steps


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = golden_oasis_hand
