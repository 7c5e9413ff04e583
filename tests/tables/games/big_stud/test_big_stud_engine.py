"""The big stud benchmark's hands and strategies (tables/games/big_stud/bench.py,
tables/games/big_stud/strategy.py): every hand ends, the pot is emptied, every unit is paid,
returned or taken as the casino's share, and the simple rule bets only with two pairs or
better."""

import random

from tables.games.big_stud.bench import play_one
from tables.games.big_stud.engine import ENGINE
from tables.games.big_stud.strategy import STRATEGIES, simple


def test_both_strategies_play_whole_hands_with_the_money_accounted_for():
    for decide in STRATEGIES.values():
        rng = random.Random(5)
        for _hand in range(40):
            actions, bank, share, problem = play_one(ENGINE, decide, rng)
            assert not problem and actions > 0
            assert share <= bank * 5 // 100 + 1


def test_the_simple_rule():
    state = {"down": {"0": ["AS", "AD"]}, "up": {"0": ["KS", "KD"]}, "community": None}
    legal = [{"type": "check"}, {"type": "bet", "amount": 100}]
    assert simple(state, 0, legal, random.Random(1))["type"] == "bet"  # two pairs
    state["up"]["0"] = ["KS", "QD"]
    facing = [{"type": "call", "amount": 100}, {"type": "raise", "amount": 200}, {"type": "fold"}]
    assert simple(state, 0, facing, random.Random(1))["type"] == "call"  # a pair stays
    state["down"]["0"] = ["2S", "7D"]
    assert simple(state, 0, facing, random.Random(1))["type"] == "fold"
    assert simple(state, 0, legal, random.Random(1))["type"] == "check"
