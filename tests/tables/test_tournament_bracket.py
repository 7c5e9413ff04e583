"""The bracket and the prize fund, pure (CG §124, §126, §127; D1, D8, D9, D12)."""

import random
from decimal import Decimal

import pytest

from tables.tournament import bracket


@pytest.mark.parametrize("entrants", range(2, 34))
def test_d1_bracket_sizes_byes_stage_names_and_wins_for_2_to_33_entrants(entrants):
    size = bracket.bracket_size(entrants)
    assert size >= entrants and size < 2 * entrants and size & (size - 1) == 0
    ids = list(range(100, 100 + entrants))
    draw = bracket.make_draw(ids, random.Random(entrants))
    assert draw.size == size and len(draw.pairs) == size // 2
    drawn = [e for pair in draw.pairs for e in pair if e is not None]
    assert sorted(drawn) == ids  # everyone once
    byes = [pair for pair in draw.pairs if pair[1] is None]
    assert len(byes) == size - entrants  # D1: the bracket is filled with byes, one per match
    stages = [bracket.stage_of(size, r) for r in range(bracket.rounds_of(size))]
    assert stages[-1] == bracket.FINAL
    expected_tail = [bracket.QUARTER_FINAL, bracket.SEMI_FINAL, bracket.FINAL][-len(stages) :]
    assert stages[-len(expected_tail) :] == expected_tail
    assert all(s == bracket.PRELIMINARY for s in stages[: -len(expected_tail)])
    # §124: 5 / 7 / 9 / 11 wins, the third-place match to 9
    wins = [bracket.WINS_BY_STAGE[s] for s in stages]
    assert wins[-1] == 11 and bracket.WINS_BY_STAGE[bracket.THIRD_PLACE] == 9
    assert wins == [
        {"preliminary": 5, "quarter_final": 7, "semi_final": 9}.get(s, 11) for s in stages
    ]


@pytest.mark.parametrize(
    ("entrants", "first_stage"),
    [
        (2, "final"),
        (3, "semi_final"),
        (4, "semi_final"),
        (5, "quarter_final"),
        (8, "quarter_final"),
        (9, "preliminary"),
        (16, "preliminary"),
        (17, "preliminary"),
        (33, "preliminary"),
    ],
)
def test_d1_the_first_round_is_named_by_the_number_of_entrants(entrants, first_stage):
    size = bracket.bracket_size(entrants)
    assert bracket.stage_of(size, 0) == first_stage
    assert bracket.rounds_of(bracket.bracket_size(33)) == 6  # 64: three preliminary rounds


def test_d1_the_draw_is_fixed_by_the_committed_secret_and_the_entrants():
    ids = [5, 9, 12, 40, 41]
    seed = bracket.draw_seed("secret", ids)
    assert seed == bracket.draw_seed("secret", list(reversed(ids)))
    assert seed != bracket.draw_seed("other", ids)
    first = bracket.make_draw(ids, random.Random(seed))
    assert first == bracket.make_draw(ids, random.Random(seed))
    assert first.record() == bracket.make_draw(ids, random.Random(seed)).record()


def test_d1_byes_land_on_different_matches_at_random():
    seen = {
        tuple(p[1] is None for p in bracket.make_draw(list(range(5)), random.Random(n)).pairs)
        for n in range(40)
    }
    assert len(seen) > 1


def test_the_third_place_match_exists_with_two_semi_final_losers():
    assert not bracket.has_third_place_match(2, 2)
    assert not bracket.has_third_place_match(4, 3)  # one semi-final is a bye
    assert bracket.has_third_place_match(4, 4)
    assert bracket.has_third_place_match(8, 5)


def test_loser_places():
    assert bracket.loser_place(2, 0) == 2
    assert bracket.loser_place(8, 0) == 5  # quarter-final losers share 5-8
    assert bracket.loser_place(16, 0) == 9
    assert bracket.loser_place(4, 0) == 3  # a semi-final loser with no third-place match


def test_rules_example_1_eight_entrants_prize_fund_to_the_cent():
    # 8 x 100.00 = 800.00; casino 20 % -> 160.00, fund 640.00 (§126)
    casino, fund = bracket.fund_split(8 * 100_00, Decimal("20"))
    assert (casino, fund) == (160_00, 640_00)
    shares = bracket.prize_shares(fund, [1, 2, 3, 4, 5, 5, 5, 5])
    assert shares == [224_00, 160_00, 89_60, 64_00, 25_60, 25_60, 25_60, 25_60]  # §127, D8
    assert sum(shares) == fund


def test_rules_example_2_six_entrants_d9_redistribution_and_d12_rounding():
    shares = bracket.prize_shares(480_00, [1, 2, 3, 4, 5, 5])
    # scaled by 100/92 and rounded down; the 0.04 remainder to first place
    assert shares == [182_64, 130_43, 73_04, 52_17, 20_86, 20_86]
    assert sum(shares) == 480_00


def test_d9_places_past_eight_get_nothing_and_two_entrants_share_the_whole_fund():
    assert bracket.prize_shares(100_00, [1, 2]) == [58_34, 41_66]
    shares = bracket.prize_shares(1000_00, [1, 2, 3, 4, 5, 5, 5, 5, 9, 9])
    assert shares[-2:] == [0, 0] and sum(shares) == 1000_00
    with pytest.raises(ValueError):
        bracket.prize_shares(100, [2, 1])
