"""The chances of a throw of two fair dice (tables/families/dice/chances.py): 36 throws, each as
likely; the totals' chances as a table of dice has them (7 six ways, 2 and 12 one way each); the
15 distinct outcomes a bet on the total and on a pair can tell apart."""

from collections import Counter
from fractions import Fraction

from tables.families.dice import chances


def test_the_36_throws_each_once_and_as_likely():
    assert len(chances.THROWS) == len(set(chances.THROWS)) == 36
    assert {face for throw in chances.THROWS for face in throw} == set(range(1, 7))
    assert chances.CHANCE * len(chances.THROWS) == 1


def test_each_total_comes_as_many_ways_as_its_distance_from_seven_leaves():
    totals = chances.totals()
    assert sorted(totals) == list(range(2, 13))
    assert sum(totals.values()) == 1
    for total, chance in totals.items():
        assert chance == Fraction(6 - abs(7 - total), 36), total


def test_the_outcomes_tell_a_pair_from_the_same_total_thrown_otherwise():
    ways = Counter(chances.OUTCOMES)
    assert ways[(4, True)] == 1 and ways[(4, False)] == 2  # 2+2; 1+3 and 3+1
    assert ways[(8, True)] == 1 and ways[(8, False)] == 4
    assert (2, False) not in ways and (12, False) not in ways
    assert len(chances.DISTINCT) == 15
    assert list(chances.DISTINCT) == sorted(ways)
