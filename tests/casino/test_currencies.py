from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino.currencies import format_amount, percentage_of, round_minor, split_amount, to_minor


def test_round_minor_rounds_toward_zero_once():
    assert round_minor(Decimal("1999.999")) == 1999
    assert round_minor(Decimal("-10.7")) == -10
    assert round_minor(Decimal("5")) == 5


def test_commission_is_rounded_down_in_the_players_favour():
    # 5 % of 12.35 BYN = 61.75 kopecks -> 61 kopecks
    assert percentage_of(1235, Decimal("5")) == 61
    assert percentage_of(200_00, "2.5") == 500


def test_to_minor_refuses_fractions_of_a_kopeck():
    assert to_minor("12.34", "BYN") == 1234
    with pytest.raises(ValueError, match="decimal places"):
        to_minor("0.001", "USD")


def test_format_amount_shows_the_minor_units():
    assert format_amount(123456, "BYN") == "1\u00a0234.56\u00a0BYN"


@given(
    amount=st.integers(min_value=0, max_value=10**12),
    weights=st.lists(st.integers(min_value=1, max_value=1000), min_size=1, max_size=8),
)
def test_split_amount_always_adds_up_exactly(amount, weights):
    shares = split_amount(amount, weights)
    assert sum(shares) == amount
    assert all(share >= 0 for share in shares)
    # Every share but the first is its exact proportion rounded down.
    total = sum(weights)
    for share, weight in zip(shares[1:], weights[1:], strict=True):
        assert share == amount * weight // total
