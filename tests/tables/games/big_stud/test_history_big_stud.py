"""Big stud's hand history (big-stud.md's example 1): the streets, the bets, the hands opened."""

import pytest

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import hand_story_net, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def big_stud_hand(**recording):
    """big-stud.md's example 1: Anna's flush beats Boris's two pairs, Vera folds on fifth
    street; the casino's share 9 of the bank of 180 (§113)."""
    from tests.tables.games.big_stud.test_big_stud import CONFIG, EXAMPLE_1, deck_dealing

    moves = ["bet", "call", "call"] * 2 + ["bet", "call", "fold"] + ["bet", "call"] * 2
    seats = [0, 1, 2] * 3 + [0, 1] * 2
    return record_hand(
        "big_stud",
        CONFIG,
        [0, 1, 2],
        ScriptedRng(deck_dealing(EXAMPLE_1, 0)),
        [(s, {"type": m}) for s, m in zip(seats, moves, strict=True)],
        **recording,
    )


def test_big_stud_streets_bets_and_the_opened_hands_are_in_the_history():
    hand = big_stud_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Third street, the open cards:",
        "Anna bets 10.00 BYN",
        "Boris calls 10.00 BYN",
        "Vera folds",
        "Fifth street:",
        "Seventh street: a card down to each",
        "Anna: flush",
        "Boris: two pairs",
    ):
        assert words in steps, (words, steps)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+91.00\xa0BYN" and net["Boris"] == "−80.00\xa0BYN"
    assert net["Vera"] == "−20.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Boris: две пары" in ru


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = big_stud_hand
