"""The craps benchmark's roll (tables/games/craps/bench.py): every player's layout is made, each
roll is thrown and settled with the pots holding exactly the bets on the layout, and the bare
floor decides the same bets."""

import random

from tables.games.craps.bench import PLAYERS, floor_rate, play_roll, wanted
from tables.games.craps.engine import ENGINE, bet_key


def test_rolls_keep_every_players_layout_and_the_pots_right():
    rng, carry = random.Random(3), None
    settled = 0
    for _roll in range(60):
        carry, n, problem = play_roll(ENGINE, rng, carry)
        assert not problem
        settled += n
    assert settled > 60  # every roll settles at least the eight field bets
    kinds = {bet["kind"] for bet in carry["bets"].values()}
    assert {"pass", "place_6", "place_8"} <= kinds


def test_a_player_asks_for_what_is_missing_then_nothing():
    state = ENGINE.new_hand(
        {"min_bet": 100, "max_bet": 100_000, "min_unit": 100}, PLAYERS, random.Random(1)
    )
    assert wanted(state, 0) == {"type": "bet", "bet": "field", "amount": 500}
    for _ in range(4):
        state, _events = ENGINE.apply(state, 0, wanted(state, 0))
    assert wanted(state, 0) is None and bet_key(0, "pass") in state["bets"]


def test_the_floor_runs():
    assert floor_rate(0.05) > 0
