"""Invariants of settlement under random results (hypothesis)."""

import random
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sportsbook.settlement import bets
from sportsbook.settlement.grading import BetContext
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.random_results import random_result
from sportsbook.settlement.results import SPORTS, EventResult

COMPLEMENTS = {"over": "under", "under": "over", "yes": "no", "no": "yes"}
CONTEXTS = (BetContext(), BetContext(live=True, score_at_placement=(0, 0), placed_minute=1))


def _result(seed, sport):
    return random_result(sport, random.Random(seed))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(SPORTS), st.sampled_from(CONTEXTS))
def test_sb_3_every_outcome_of_every_kind_is_a_valid_share(seed, sport, context):
    result = _result(seed, sport)
    for kind in KINDS.values():
        for params in kind.example_params:
            settled = kind.settle(result, params, context)
            assert set(settled) == set(kind.outcomes(params))
            for share in settled.values():
                assert share.win >= 0 and share.void >= 0
                assert Fraction(share.win) + Fraction(share.void) <= 1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(SPORTS), st.sampled_from(CONTEXTS))
def test_sb_3_two_way_markets_are_complementary_or_both_void(seed, sport, context):
    result = _result(seed, sport)
    for kind in KINDS.values():
        for params in kind.example_params:
            settled = kind.settle(result, params, context)
            for code, share in settled.items():
                other = settled.get(COMPLEMENTS.get(code, ""))
                if other is None:
                    continue
                # What one side wins the other loses; what is returned is returned to both.
                assert share.void == other.void
                assert share.win + other.win + share.void == 1
            if set(settled) == {"1", "2"} and kind.code in ("asian_handicap", "draw_no_bet"):
                one, two = settled["1"], settled["2"]
                assert one.void == two.void and one.win + two.win + one.void == 1
            three_way = [settled[c] for c in ("1", "X", "2") if c in settled]
            if len(three_way) == 3 and kind.code in ("1x2", "handicap_3way", "half_time"):
                assert sum(s.win for s in three_way) in (0, 1)  # at most one result wins


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(SPORTS))
def test_sb_3_json_round_trip(seed, sport):
    result = _result(seed, sport)
    assert EventResult.from_dict(result.to_dict()) == result


odds = st.decimals(min_value=Decimal("1.01"), max_value=Decimal("50"), places=2)
shares = st.sampled_from(
    [
        (1, 0),
        (0, 0),
        (0, 1),
        (Decimal("0.5"), Decimal("0.5")),
        (0, Decimal("0.5")),
        (Fraction(1, 3), 0),
        (Decimal("0.5"), 0),
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 10**7),
    st.lists(st.tuples(odds, shares), min_size=3, max_size=6),
    st.lists(st.tuples(odds, shares), max_size=2),
    st.data(),
)
def test_sb_2_payouts_never_negative_nor_above_stake_times_odds(stake, legs, bankers, data):
    from sportsbook.settlement.grading import Settled

    legs = [(k, Settled(*s)) for k, s in legs]
    bankers = [(k, Settled(*s)) for k, s in bankers]
    all_odds = [k for k, _ in legs + bankers]
    ceiling = stake * Fraction(Decimal(1))
    for k in all_odds:
        ceiling *= Fraction(k)
    express = bets.express_return(stake, legs + bankers)
    assert 0 <= express <= ceiling
    assert bets.single_return(stake, legs[0]) <= stake * legs[0][0]
    n = data.draw(st.integers(2, len(legs) - 1))
    if stake >= len(bets.system_combinations(len(legs), n)):
        system = bets.system_return(stake, legs, n, bankers)
        assert (
            0
            <= system
            <= bets.potential_return(stake, [k for k, _ in legs], n, [k for k, _ in bankers])
        )
        assert (
            bets.potential_return(stake, [k for k, _ in legs], n, [k for k, _ in bankers])
            <= ceiling
        )
