"""The sized version of `make rngtest` (benchmarks/rngtest.py): the same tests of the same deal
and roll functions, on fewer shuffles and a seeded source (so the verdict is the same on every
run: a 99 % test of a live source would fail one run in a hundred), and proof that the tests
catch a biased shuffle or die."""

import pytest

from benchmarks import rngtest
from tables.engines import cards

SHUFFLES = {"shoe104": 3_000, "shoe312": 2_000}  # the rest: 10,000 each


@pytest.mark.parametrize("key", [pack.key for pack in rngtest.PACKS])
def test_each_pack_and_shoe_the_games_deal_is_uniform(key):
    results = rngtest.run_source(key, SHUFFLES.get(key, 10_000), seed=1912)
    assert [r.test for r in results] == [
        "position x card, whole table",
        results[1].test,
        "runs below/above the median card",
    ]
    assert all(r.passed for r in results), [r.line() for r in results]


@pytest.mark.parametrize("key", [die.key for die in rngtest.DICE])
def test_each_die_source_is_uniform(key):
    results = rngtest.run_source(key, 10_000, seed=1912)
    assert len(results) == 3
    assert all(r.passed for r in results), [r.line() for r in results]


def _sattolo(rng):
    """Fisher-Yates with the classic off-by-one: no card ever stays where it was."""
    deck = cards.pack_36()
    for index in range(len(deck) - 1, 0, -1):
        other = rng.randrange(index)
        deck[index], deck[other] = deck[other], deck[index]
    return deck


def _cut_only(rng):
    """A pack only cut, not shuffled: each card's position is uniform, the order is not."""
    deck = cards.pack_36()
    cut = rng.randrange(len(deck))
    return deck[cut:] + deck[:cut]


@pytest.fixture
def broken_sources(monkeypatch):
    pack = rngtest.SOURCES["pack36"]
    biased = {
        "sattolo": rngtest.Pack("sattolo", "biased", pack.cards, 1, _sattolo),
        "cut_only": rngtest.Pack("cut_only", "biased", pack.cards, 1, _cut_only),
        "loaded": rngtest.Die("loaded", "biased", _loaded_die),
    }
    monkeypatch.setattr(rngtest, "SOURCES", {**rngtest.SOURCES, **biased})


def _loaded_die(rng):
    faces = [rng.randint(1, 6), rng.randint(1, 6)]
    return [1 if face == 6 and rng.random() < 0.1 else face for face in faces]


def test_the_position_tests_catch_a_biased_shuffle(broken_sources):
    whole, per_card, _runs = rngtest.run_source("sattolo", 10_000, seed=7)
    assert not whole.passed and not per_card.passed


def test_the_runs_test_catches_an_order_that_is_not_shuffled(broken_sources):
    whole, per_card, runs = rngtest.run_source("cut_only", 10_000, seed=7)
    assert per_card.passed  # every card is equally likely anywhere: only the order gives it away
    assert not runs.passed


def test_the_die_tests_catch_a_loaded_die(broken_sources):
    faces, pairs, _runs = rngtest.run_source("loaded", 10_000, seed=7)
    assert not faces.passed and not pairs.passed


@pytest.mark.parametrize(
    ("statistic", "df", "tail"),
    [(15.086, 5, 0.01), (6.635, 1, 0.01), (3.841, 1, 0.05), (49.802, 35, 0.05)],
)
def test_the_chi_square_tail_matches_the_tables(statistic, df, tail):
    assert rngtest.chi2_sf(statistic, df) == pytest.approx(tail, rel=2e-3)


def test_the_chi_square_tail_of_many_degrees_is_half_at_its_median():
    # the median of chi-square(k) is about k(1 - 2/(9k))^3
    df = 15_861
    assert rngtest.chi2_sf(df * (1 - 2 / (9 * df)) ** 3, df) == pytest.approx(0.5, abs=1e-3)
