"""Let It Ride through the return harness (benchmarks/rtp.py, tables/games/let_it_ride/
strategy.py): rounds played clean, bets taken down returned whole, and the basic strategy's
decisions on the hands the published strategy names."""

import re

import pytest

from benchmarks import rtp
from tables.games.let_it_ride.strategy import exact, keeps_bet_1, keeps_bet_2


def test_rtp_let_it_ride_never_returns_bets_1_and_2_whole(capsys):
    assert rtp.main(["let_it_ride", "--hands", "1500", "--seed", "5", "--strategy", "never"]) == 0
    out = capsys.readouterr().out
    assert "checks: money conserved and the cards conserved in every hand" in out
    for kind in ("bet1", "bet2"):
        (line,) = [row for row in out.splitlines() if re.match(rf"{kind} +\d", row)]
        assert " 1.00000 " in line
    assert re.search(r"^all +\d", out, re.M)
    assert "pair of tens or better, 1:1" in out and "bet 2 taken down, returned" in out


def test_rtp_let_it_ride_basic_plays_clean(capsys):
    assert rtp.main(["let_it_ride", "--hands", "800", "--workers", "2"]) == 0
    assert "strategy basic" in capsys.readouterr().out


def test_the_exact_return_of_bet_3_is_the_five_card_hands_of_the_deck():
    """Bet 3 always rides (L3): 1,630,268 of every 2,598,960 units come back (§36)."""
    assert float(exact("basic")["return"]["bet3"]) == pytest.approx(1_630_268 / 2_598_960)


@pytest.mark.parametrize(
    ("cards", "rides"),
    [
        (["TS", "TH", "2D"], True),  # a paying pair
        (["9S", "9H", "2D"], False),  # a pair below tens
        (["QS", "KS", "AS"], True),  # three to a royal
        (["3H", "4H", "5H"], True),  # three suited in a row, 3-4-5 up
        (["2H", "3H", "4H"], False),  # ... but not 2-3-4
        (["AH", "2H", "3H"], False),  # ... nor A-2-3
        (["7C", "8C", "TC"], True),  # one gap, a ten
        (["5C", "6C", "8C"], False),  # one gap, no ten or higher
        (["8D", "TD", "QD"], True),  # two gaps, two ten or higher
        (["7D", "9D", "JD"], False),  # two gaps, one ten or higher
        (["AS", "KD", "3C"], False),
    ],
)
def test_bet_1_basic_strategy(cards, rides):
    assert keeps_bet_1(cards) is rides


@pytest.mark.parametrize(
    ("cards", "rides"),
    [
        (["JS", "JH", "2D", "5C"], True),  # a paying pair
        (["2S", "7S", "9S", "KS"], True),  # four to a flush
        (["7S", "8H", "9D", "TC"], True),  # outside straight with a ten
        (["4S", "5H", "6D", "7C"], False),  # outside straight, no ten or higher
        (["TS", "JH", "QD", "AC"], True),  # inside straight, four high cards
        (["9S", "JH", "QD", "KC"], False),  # inside straight, three high cards
        (["AS", "2H", "3D", "4C"], False),  # the wheel needs its five: inside, one high card
        (["3S", "3H", "9D", "KC"], False),
    ],
)
def test_bet_2_basic_strategy(cards, rides):
    assert keeps_bet_2(cards) is rides
