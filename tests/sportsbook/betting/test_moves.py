"""The one rule for prices that move under a click (sportsbook/betting/moves.py): the odds'
and the spread quotes' settings decide with it."""

from decimal import Decimal as D

from hypothesis import given
from hypothesis import strategies as st

from sportsbook.betting.moves import ANY, ASK, HIGHER, POLICIES, SMALL, move_accepted


def test_no_move_is_always_taken():
    assert all(move_accepted(policy, 0) for policy in (*POLICIES, "unknown"))


def test_each_setting():
    assert not move_accepted(ASK, 1) and not move_accepted(ASK, -1)  # confirm every change
    assert move_accepted(HIGHER, 3) and not move_accepted(HIGHER, -1)  # in my favour
    assert move_accepted(SMALL, 50, 5) and move_accepted(SMALL, -5, 5)  # N points, or favour
    assert not move_accepted(SMALL, -6, 5)
    assert move_accepted(ANY, -1000) and move_accepted(ANY, 1000)
    assert move_accepted(HIGHER, D("0.05")) and not move_accepted(HIGHER, D("-0.05"))  # odds


def test_an_unknown_setting_is_read_as_ask():
    assert not move_accepted("whatever", 1) and not move_accepted("whatever", -1)


@given(
    policy=st.sampled_from(POLICIES),
    favour=st.integers(-10_000, 10_000),
    tolerance=st.integers(0, 1000),
)
def test_a_better_price_is_taken_whenever_a_worse_one_is(policy, favour, tolerance):
    """Monotone: whatever a setting takes against the player, it takes in his favour too, and a
    setting that takes a move takes every smaller one."""
    if move_accepted(policy, -abs(favour), tolerance):
        assert move_accepted(policy, abs(favour), tolerance)
        assert move_accepted(policy, -abs(favour) // 2, tolerance)
