"""Craps in the return harness (benchmarks/rtp.py craps, tables/games/craps/strategy.py): the
exact return of each bet kind from the 36 outcomes (DG §5.1–§5.11, C1–C13) against the values
worked by hand, and a short run that plays until every kind has its decisions, money carried
from roll to roll and checked."""

from fractions import Fraction

import pytest

from benchmarks import rtp
from tables.games.craps import strategy

# worked by hand: P(win | decided) x (1 + pay), over 1 + the commission rate for buy and lay
BY_HAND = {
    "pass": Fraction(244, 495) * 2,
    "dont_pass": Fraction(949, 1925) * 2,  # 12 barred: a push is no decision
    "come": Fraction(244, 495) * 2,
    "odds_pass": Fraction(1),
    "odds_come": Fraction(1),
    "place_4": Fraction(3, 9) * Fraction(14, 5),
    "place_5": Fraction(4, 10) * Fraction(12, 5),
    "place_6": Fraction(5, 11) * Fraction(13, 6),
    "buy_4": Fraction(3, 9) * 3 / Fraction(105, 100),
    "buy_6": Fraction(5, 11) * Fraction(11, 5) / Fraction(105, 100),
    "lay_4": Fraction(6, 9) * Fraction(3, 2) / (1 + Fraction(5, 100) / 2),
    "lay_6": Fraction(6, 11) * Fraction(11, 6) / (1 + Fraction(5, 100) * Fraction(5, 6)),
    "field": Fraction(2 * 3 + 14 * 2, 36),
    "big_8": Fraction(5, 11) * 2,
    "hard_4": Fraction(1, 9) * 8,
    "hard_8": Fraction(1, 11) * 10,
    "two": Fraction(31, 36),
    "eleven": Fraction(2, 36) * 16,
    "any_seven": Fraction(6, 36) * 5,
    "any_craps": Fraction(4, 36) * 8,
}


@pytest.mark.parametrize(("kind", "expected"), BY_HAND.items())
def test_dg5_exact_return_of_each_bet_from_the_36_outcomes(kind, expected):
    assert strategy.exact("every_bet")["return"][kind] == expected


def test_rtp_craps_plays_until_every_kind_has_its_decisions(capsys):
    assert rtp.main(["craps", "--decisions", "40"]) == 0
    out = capsys.readouterr().out
    assert "checks: money conserved" in out
    for kind in strategy.KINDS:
        assert f"\n{kind} " in out
    totals = rtp.play("craps", "every_bet", 0, "7", until=40)
    assert min(strategy.decisions(totals["lines"]).values()) >= 40
    assert totals["failures"] == 0
