"""The engines' ``folded_hands`` (the floor's strong-fold alert): every hand given up in a
finished hand, with the cards as dealt and how many hands of the game it beats; none in games
nobody folds in, none while the hand goes on."""

import pytest

from tables.engines.base import Draws
from tables.engines.cards import pack_33
from tables.engines.registry import engine_for, registered_games
from tables.games.belarusian_poker import engine as belarusian_poker
from tables.games.khrap import engine as khrap
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.belarusian_poker.test_belarusian_poker import pack_dealing
from tests.tables.games.khrap.test_khrap import EXAMPLE_1, deal

SEKA = belarusian_poker.BelarusianPoker()
SEKA_CONFIG = belarusian_poker.check_config({"min_bet": 100, "max_bet": 1_000, "unit": 100})


def test_seka_a_pass_gives_up_the_hand_dealt_ranked_among_all_three_card_hands():
    hands = {0: ["AS", "AH", "AD"], 1: ["7S", "8H", "9D"], 2: ["KS", "QS", "JS"]}
    state = SEKA.new_hand(
        SEKA_CONFIG, [0, 1, 2], ScriptedRng(pack_dealing(hands, 0), pack_33(), pack_33())
    )
    # seat 1 acts first (the button's left), then 2, then the button 0
    state, _events = SEKA.apply(state, 1, {"type": "pass"}, Draws())
    assert SEKA.folded_hands(state) == []  # the hand goes on
    state, _events = SEKA.apply(state, 2, {"type": "pass"}, Draws())
    assert state["over"]
    folded = SEKA.folded_hands(state)
    assert [(f["seat"], f["cards"]) for f in folded] == [(1, hands[1]), (2, hands[2])]
    weak, strong = (f["beats"] for f in folded)
    assert weak == 0 and strong >= 95  # 31 points: almost nothing beats it


def test_khrap_whoever_passed_a_declared_game_gives_up_the_hand_he_was_dealt():
    state = deal(**EXAMPLE_1)  # trumps hearts; A (seat 0) will declare
    state, _events = khrap.apply(state, 0, {"type": "declare", "game": "strelyayu"}, Draws())
    for position in (1, 2, 3, 1, 2, 3):
        assert khrap.folded_hands(state) == []
        state, _events = khrap.apply(state, position, {"type": "pass"}, Draws())
    assert state["over"]
    folded = khrap.folded_hands(state)
    assert [(f["seat"], f["cards"]) for f in folded] == [
        (p, EXAMPLE_1["hands"][p]) for p in (1, 2, 3)
    ]
    assert all(0 <= f["beats"] < 50 for f in folded)  # no trump among them


def test_khrap_a_hand_ranks_by_its_trumps():
    ranked = [
        ["6S", "7D", "8C", "9S"],  # no trump
        ["AS", "KD", "8C", "9S"],  # no trump but a side ace
        ["6H", "7H", "8C", "9S"],  # two low trumps
        ["AH", "KH", "QH", "JH"],  # four high trumps
    ]
    beats = [khrap._weaker_percent(cards, "H") for cards in ranked]
    assert beats == sorted(beats) and beats[-1] == 99 and beats[0] < beats[1]


def test_big_stud_a_fold_gives_up_the_cards_held_ranked_by_their_best_hand():
    from tests.tables.games.big_stud.test_big_stud import EXAMPLE_1, Hand

    hand = Hand(EXAMPLE_1)  # example 3: B and C fold on fifth street
    hand.acts((0, "bet"), (1, "call"), (2, "call"), (0, "bet"), (1, "call"), (2, "call"))
    hand.acts((0, "bet"), (1, "fold"), (2, "fold"))
    folded = engine_for("big_stud").folded_hands(hand.state)
    assert [f["seat"] for f in folded] == [1, 2]
    assert folded[0]["cards"] == ["QS", "QD", "JS", "JD", "3C"]  # two pairs
    assert folded[0]["beats"] > folded[1]["beats"] >= 0


@pytest.mark.parametrize(
    "game", sorted(set(registered_games()) - {"belarusian_poker", "khrap", "big_stud"})
)
def test_games_nobody_folds_in_give_up_nothing(game):
    assert engine_for(game).folded_hands({"over": True}) == []
