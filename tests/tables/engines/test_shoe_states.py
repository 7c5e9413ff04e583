"""Shoes in engine states (issue 31): states saved while a shoe's order was a list still play,
commit and replay as they did, and an action copies no card list."""

import json
import random

import pytest

from tables.engines.base import Draws
from tables.engines.cards import Shoe
from tables.games.baccarat_bank.engine import ENGINE as BACCARAT
from tables.games.highcard.engine import ENGINE as HIGH_CARD
from tests.tables.engines.test_cards import old_form as old_shoe_form

GAMES = [
    pytest.param(HIGH_CARD, {"min_bet": 100, "max_bet": 500, "ante": 25, "decks": 6}, 6, id="hc"),
    pytest.param(
        BACCARAT, {"min_bet": 100, "max_bank": 2_000, "commission_percent": "5"}, 4, id="bacc"
    ),
]


def old_form(data: dict) -> dict:
    """A state's shoe as it was saved before it became a string."""
    return old_shoe_form(Shoe.from_dict(data))


def play(engine, state, seed):
    """Random legal play to the end of the hand; every (state, events) on the way."""
    rng, steps = random.Random(seed), []
    draws = Draws(random.Random(seed + 1))
    for _ in range(200):
        waiting = engine.to_act(state)
        if not waiting:
            break
        position = rng.choice(waiting)
        state, events = engine.apply(
            state, position, rng.choice(engine.legal_actions(state, position)), draws
        )
        steps.append((json.loads(json.dumps(state)), events))
    return steps


@pytest.mark.parametrize(("engine", "config", "players"), GAMES)
def test_shoe_a_state_saved_with_the_list_shoe_plays_commits_and_carries_on_as_before(
    engine, config, players
):
    carry = None
    for hand in range(12):
        state = engine.new_hand(config, list(range(players)), random.Random(hand), carry)
        stored = json.loads(json.dumps({**state, "shoe": old_form(state["shoe"])}))
        assert engine.commitment(stored) == engine.commitment(state)
        assert engine.all_cards(stored) == engine.all_cards(state)
        assert engine.undealt(stored) == engine.undealt(state)
        new_steps, old_steps = play(engine, state, hand), play(engine, stored, hand)
        assert [events for _s, events in old_steps] == [events for _s, events in new_steps]
        for (old, _e), (new, _f) in zip(old_steps, new_steps, strict=True):
            assert Shoe.from_dict(old["shoe"]) == Shoe.from_dict(new["shoe"])
            assert engine.commitment(old) == engine.commitment(new)
        final = new_steps[-1][0] if new_steps else state
        old_carry = engine.carry_over({**final, "shoe": old_form(final["shoe"])})
        carry = engine.carry_over(final)
        following = engine.new_hand(config, list(range(players)), random.Random(99), old_carry)
        again = engine.new_hand(config, list(range(players)), random.Random(99), carry)
        assert following == again, "a carried shoe in the old form deals the same next hand"


@pytest.mark.parametrize(("engine", "config", "players"), GAMES)
def test_shoe_an_action_shares_the_order_and_leaves_the_state_it_was_given(engine, config, players):
    state = engine.new_hand(config, list(range(players)), random.Random(3))
    frozen = json.dumps(state, sort_keys=True)
    position = engine.to_act(state)[0]
    after, _events = engine.apply(state, position, engine.legal_actions(state, position)[0])
    assert json.dumps(state, sort_keys=True) == frozen
    assert after["shoe"]["order"] is state["shoe"]["order"]
