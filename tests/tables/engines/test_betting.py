"""What games of players betting against each other share (tables/engines/betting.py): the
order round the table, the bounds of two amounts, and the bank cut into pots (table stakes)."""

import pytest

from tables.engines.base import IllegalAction
from tables.engines.betting import check_bounds, clockwise_from_button, side_pots


def test_clockwise_from_the_buttons_left_the_button_last():
    assert clockwise_from_button([0, 2, 5, 7], 2) == [5, 7, 0, 2]


def test_side_pots_by_the_levels_of_the_players_still_in():
    # A 10 all-in, B 25 all-in, C 40, D folded after 30
    pots = side_pots({0: 10, 1: 25, 2: 40, 3: 30}, [0, 1, 2])
    assert pots == [
        {"amount": 40, "eligible": [0, 1, 2]},
        {"amount": 45, "eligible": [1, 2]},
        {"amount": 20, "eligible": [2]},  # C's 15 above B and D's 5 above B
    ]
    assert sum(p["amount"] for p in pots) == 105


def test_a_bank_nobody_still_in_paid_into_is_theirs_alike():
    assert side_pots({0: 0, 1: 20}, [0]) == [{"amount": 20, "eligible": [0]}]
    assert side_pots({0: 0, 1: 0}, [0, 1]) == []


def test_two_bounds_refused_with_their_sentences():
    with pytest.raises(IllegalAction, match="low"):
        check_bounds({"a": 0, "b": 5}, "a", "b", "low", "high %(a)s")
    with pytest.raises(IllegalAction, match="high 5"):
        check_bounds({"a": 5, "b": 4}, "a", "b", "low", "high %(a)s")
    check_bounds({"a": 5, "b": 5}, "a", "b", "low", "high")
