"""Bet-slip money: SB §2.2-§2.5 with worked examples 1-4 and E2, E3, E6, E7, E34."""

from decimal import Decimal

import pytest

from sportsbook.settlement import bets
from sportsbook.settlement.grading import LOST, VOID, WON, Settled

D = Decimal
HALF_WON = Settled(D("0.5"), D("0.5"))
HALF_LOST = Settled(D(0), D("0.5"))


def test_sb_2_2_single_worked_example_1():
    assert bets.single_return(10000, (D("2.50"), WON)) == 25000
    assert bets.single_return(10000, (D("2.50"), LOST)) == 0
    assert bets.single_return(10000, (D("2.50"), VOID)) == 10000


def test_sb_3_4_worked_example_4_asian_payouts():
    assert bets.single_return(10000, (D("2.00"), HALF_WON)) == 15000
    assert bets.single_return(10000, (D("1.90"), HALF_WON)) == 14500
    assert bets.single_return(10000, (D("1.90"), HALF_LOST)) == 5000
    assert bets.leg_coefficient(D("2.00"), HALF_WON) == D("1.5")
    assert bets.leg_coefficient(D("1.90"), HALF_LOST) == D("0.5")


def test_sb_2_3_express_worked_example_2():
    odds = [D("1.80"), D("2.10"), D("1.50")]
    assert bets.express_return(5000, [(k, WON) for k in odds]) == 28350  # 283.50
    with_void = [(odds[0], WON), (odds[1], VOID), (odds[2], WON)]
    assert bets.express_return(5000, with_void) == 13500  # 135.00, E2
    with_lost = [(odds[0], WON), (odds[1], LOST), (odds[2], WON)]
    assert bets.express_return(5000, with_lost) == 0


def test_sb_2_3_e3_half_results_inside_an_express():
    legs = [(D("2.00"), HALF_WON), (D("1.90"), HALF_LOST)]
    assert bets.express_return(10000, legs) == 7500  # 1.5 x 0.5


def test_sb_2_4_system_2_of_3_worked_example_3():
    a, b, c = D("1.50"), D("2.00"), D("3.00")
    assert bets.system_combinations(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert bets.system_return(3000, [(a, WON), (b, WON), (c, LOST)], 2) == 3000  # 30.00
    assert bets.system_return(3000, [(a, WON), (b, WON), (c, WON)], 2) == 13500  # 135.00


def test_sb_2_5_system_2_of_3_with_a_banker_worked_example_3():
    a, b, c, banker = D("1.50"), D("2.00"), D("3.00"), D("1.80")
    c_lost = [(a, WON), (b, WON), (c, LOST)]
    all_won = [(a, WON), (b, WON), (c, WON)]
    assert bets.system_return(3000, c_lost, 2, [(banker, WON)]) == 5400  # 54.00
    assert bets.system_return(3000, all_won, 2, [(banker, WON)]) == 24300  # 243.00
    assert bets.system_return(3000, all_won, 2, [(banker, LOST)]) == 0
    assert bets.system_return(3000, all_won, 2, [(banker, VOID)]) == 13500  # E7


def test_sb_2_4_e6_system_3_of_4_stake_split_exactly():
    odds = [D("1.50"), D("2.00"), D("2.50"), D("3.00")]
    legs = [(k, WON) for k in odds]
    # 100.00 over C(4,3) = 4 expresses of 25.00: 25 x (7.5 + 9 + 11.25 + 15) = 1068.75
    assert bets.system_return(10000, legs, 3) == 106875
    # 10.00 over 4 combinations is 2.50 each, never rounded per combination (E6)
    legs[3] = (odds[3], LOST)
    assert bets.system_return(1000, legs, 3) == 1875  # 2.50 x 7.5 = 18.75
    assert bets.system_return(1001, legs, 3) == 1876  # 1001 / 4 x 7.5 = 1876.875, rounded once


def test_sb_2_5_e7_bankers_with_system_3_of_4_and_banker_lost():
    legs = [(k, WON) for k in (D("1.50"), D("2.00"), D("2.50"), D("3.00"))]
    bankers = [(D("1.20"), WON), (D("1.50"), WON)]
    assert bets.system_return(10000, legs, 3, bankers) == 192375  # 1068.75 x 1.8
    assert bets.system_return(10000, legs, 3, [(D("1.20"), WON), (D("1.50"), LOST)]) == 0


def test_sb_2_e34_payout_rounded_down_once():
    assert bets.single_return(333, (D("1.33"), WON)) == 442  # 442.89
    legs = [(D("1.11"), WON), (D("1.11"), WON), (D("1.11"), WON)]
    assert bets.express_return(1000, legs) == 1367  # 1367.631, not rounded per leg


def test_sb_1_11_dead_heat_of_three_is_exact():
    third = Settled(__import__("fractions").Fraction(1, 3), 0)
    assert bets.single_return(300, (D("4.00"), third)) == 400


def test_sb_2_potential_return_for_the_slip():
    assert bets.potential_return(5000, [D("1.80"), D("2.10"), D("1.50")]) == 28350
    assert bets.potential_return(3000, [D("1.5"), D("2"), D("3")], 2, [D("1.8")]) == 24300
    assert bets.potential_return(10000, [D("2.50")]) == 25000


def test_sb_2_4_validate_system():
    bets.validate_system(3, 2, [])
    with pytest.raises(ValueError, match="2 <= N < M"):
        bets.validate_system(3, 3, [])
    with pytest.raises(ValueError, match="at least 3"):
        bets.validate_system(2, 1, [])
    with pytest.raises(ValueError, match="cannot cover"):
        bets.validate_system(4, 2, [], stake_minor=5)
    with pytest.raises(ValueError, match="at most"):
        bets.validate_system(15, 2, [1, 2])
    with pytest.raises(ValueError, match="stake"):
        bets.single_return(0, (D("2"), WON))
