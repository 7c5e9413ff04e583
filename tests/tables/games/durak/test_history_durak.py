"""Durak's hand history (issue 26, item 4): the trump, the bouts, the winner; my own six cards
at the deal, never the other's."""

import random

import pytest

from tables.engines.registry import engine_for
from tests.tables.history_hands import cards_on, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


def durak_game(seed=2, **recording):
    engine = engine_for("durak")
    rng = random.Random(seed)

    def play(state):
        if engine.is_hand_over(state):
            return None
        (seat,) = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        good = [a for a in legal if a["type"] in ("defend", "attack")]
        return seat, rng.choice(good if good and rng.random() < 0.8 else legal)

    return record_hand(
        "durak",
        {"stake": 1_000, "wins_to_win": 5},
        [0, 1],
        random.Random(seed),
        play=play,
        **recording,
    )


def test_durak_trump_bouts_and_the_winner_are_in_the_history_the_other_hand_is_not():
    game = durak_game()
    page = page_of(game, game.players[0], "en")
    steps = section(page, "steps")
    trump = game.hand.initial_state["trump_card"]
    assert f"Trumps: [{trump}]" in text_of(steps)
    assert "attacks" in text_of(steps) and 'class="table-cards"' in steps
    winner = game.hand.result["winner"]
    assert f"{['Anna', 'Boris'][winner]} wins the game" in text_of(section(page, "hand-result"))
    # at the deal I see my six cards and the trump, not Boris's six
    first = steps.split('class="step"')[1]
    assert cards_on(first) == set(game.hand.initial_state["hands"][0]) | {trump}


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = durak_game
