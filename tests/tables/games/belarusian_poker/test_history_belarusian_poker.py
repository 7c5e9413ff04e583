"""Belarusian poker's hand history (issue 26, item 4): the rules' worked example 1, its
showdown's cards and points, the folded hand never shown."""

import pytest

from tables.engines.cards import pack_33
from tables.engines.seka import seka_score
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.belarusian_poker.test_belarusian_poker import pack_dealing
from tests.tables.history_hands import cards_on, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


# worked example 1 of the rules (§24, §25): A (seat 1) passes after C raises; B (seat 2) proposes
# a showdown, C (seat 0) accepts: B's 29 (A♠ K♠ with... ) against C's 22
A, B, C = 1, 2, 0


POKER_DEAL = {A: ["AS", "KS", "9H"], B: ["TD", "9D", "8D"], C: ["AH", "AC", "7S"]}


def poker_hand(**recording):
    return record_hand(
        "belarusian_poker",
        {"min_bet": 100, "max_bet": 5_000, "unit": 100},
        [0, 1, 2],
        ScriptedRng(pack_dealing(POKER_DEAL, 0), pack_33(), pack_33()),
        [
            (A, {"type": "bet", "amount": 500}),
            (B, {"type": "bet", "amount": 500}),
            (C, {"type": "bet", "amount": 1000}),
            (A, {"type": "pass"}),
            (B, {"type": "propose"}),
            (B, {"type": "bet", "amount": 1000}),
            (C, {"type": "bet", "amount": 1000}),
            (C, {"type": "accept"}),
        ],
        **recording,
    )


def test_poker_showdown_cards_and_points_are_in_the_history_the_folded_hand_is_not_s25():
    hand = poker_hand()
    assert hand.hand.result["winners"] == [B]
    page = page_of(hand, hand.players[C], "en")
    shown = text_of(page)
    for seat, name in ((B, "Vera"), (C, "Anna")):
        points = seka_score(POKER_DEAL[seat])
        assert f"{name}: {points} points" in shown
        assert set(POKER_DEAL[seat]) <= cards_on(section(page, "hand-result"))
    assert "Vera wins 42.00 BYN" in text_of(section(page, "hand-result"))  # 43.00 less 1.00
    # Boris (A) passed: his cards are never shown to another player
    assert not cards_on(page) & set(POKER_DEAL[A])
    assert "Vera bets 5.00 BYN" in shown and "Boris: pass" in shown
    assert "Vera proposes a showdown" in shown and "Anna agrees" in shown


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = poker_hand
