"""Dice blackjack's benchmarks (tables/games/dice_blackjack/bench.py and strategy.py,
benchmarks/rtp.py): the enumeration's best rule and exact return, the
harness playing clean rounds beside it, and the engine benchmark's round and floor."""

import random
import re
from fractions import Fraction

import pytest

from benchmarks import rtp
from tables.engines.base import Draws
from tables.games.dice_blackjack.bench import bare_rounds, box_machinery_rounds, play_one
from tables.games.dice_blackjack.engine import ENGINE
from tables.games.dice_blackjack.strategy import (
    STRATEGIES,
    best_rule,
    dealer_distribution,
    exact,
    stop_value,
    throw_value,
)


def test_x3_the_dealers_final_total_is_a_distribution_of_4_to_18():
    final = dealer_distribution()
    assert sum(final.values()) == 1 and min(final) == 4 and max(final) == 18
    # he stands on a first throw of 7-12 (X3): 7 is at least his first throw's chance of it
    assert final[7] >= Fraction(6, 36)


def test_the_best_rule_throws_again_on_2_to_6_and_returns_45431_of_46656():
    assert best_rule() == frozenset(range(2, 7))
    assert all((throw_value(t) > stop_value(t)) == (t < 7) for t in range(2, 13))
    result = exact("best")
    assert result["return"]["bet"] == Fraction(45431, 46656)
    assert sum(result["chance"].values()) == 1
    assert exact("never")["return"]["bet"] < result["return"]["bet"]
    assert exact("on_7")["return"]["bet"] < result["return"]["bet"]


def test_the_harness_plays_clean_rounds_with_the_exact_value_beside(capsys):
    assert rtp.main(["dice_blackjack", "--hands", "2000", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "checks: money conserved and the cards conserved in every hand" in out
    (line,) = [row for row in out.splitlines() if re.match(r"bet +\d", row)]
    assert line.split()[-1] == "0.97374"  # the exact value printed beside the measured one
    assert "throws again on: 2, 3, 4, 5, 6" in out


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_plays_whole_rounds(name):
    module = rtp.game_module("dice_blackjack")
    rng = random.Random(3)
    carry = None
    for _round in range(50):
        events, carry, problem = rtp.play_hand(
            ENGINE, module, STRATEGIES[name], rng, Draws(rng), carry, legal=False
        )
        assert not problem and any(e["type"] == "hand_over" for e in events)


def test_the_benchmarks_round_checks_its_money_and_the_floors_count_rounds():
    rng = random.Random(11)
    carry = None
    for _round in range(30):
        carry, problem = play_one(ENGINE, STRATEGIES["best"], rng, Draws(rng), carry)
        assert not problem
    assert carry["hands_dealt"] == 30
    assert bare_rounds(0.05) > 0 and box_machinery_rounds(0.05) > 0
