"""The five-card evaluator (issue 33 item 1; CG §44-§46, §111, C5, L5, T7): every one of the
2,598,960 hands counted by category, the tie rules, and the best five of seven against a naive
evaluator that works each hand out from its cards."""

import itertools
import random
from collections import Counter

import pytest

from tables.engines import poker_hands as ph
from tables.engines.cards import pack_52


def test_cg_44_every_five_card_hand_counted_by_category():
    counts = Counter(ph.category(ph.value(h)) for h in itertools.combinations(pack_52(), 5))
    assert counts == {
        ph.ROYAL_FLUSH: 4,
        ph.STRAIGHT_FLUSH: 36,
        ph.QUADS: 624,
        ph.FULL_HOUSE: 3_744,
        ph.FLUSH: 5_108,
        ph.STRAIGHT: 10_200,
        ph.TRIPS: 54_912,
        ph.TWO_PAIRS: 123_552,
        ph.PAIR: 1_098_240,
        ph.HIGH_CARD: 1_302_540,
    }


def v(text: str) -> int:
    return ph.value(text.split())


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AS KS QS JS TS", "9H 8H 7H 6H 5H"),  # royal over a lower straight flush
        ("5D 4D 3D 2D AD", "KC KD KH KS 2C"),  # the wheel flush over quads
        ("2C 2D 2H 2S 3C", "AC AD AH KS KC"),  # quads over a full house
        ("3C 3D 3H 2S 2C", "AC KC 9C 7C 5C"),  # full house over a flush
        ("6C 5D 4H 3S 2C", "AC 2D 3H 4S 5C"),  # §45: a six-high straight over the wheel (L5)
        ("AC KD QH JS TC", "KC QD JH TS 9C"),
        ("QC QD QH 2S 3C", "JC JD JH AS KC"),  # trips by their rank, not the kickers
        ("KC KD 2H 2S 3C", "QC QD JH JS AC"),  # two pairs by the higher pair
        ("KC KD 5H 5S 3C", "KH KS 4H 4S AC"),  # then the lower pair
        ("KC KD 5H 5S 4C", "KH KS 5D 5C 3C"),  # then the kicker
        ("9C 9D AH 3S 2C", "9H 9S KH QS JC"),  # §46: a pair's kickers in turn
        ("AC QD 9H 5S 3C", "AD QH 9S 5C 2D"),  # high card: the last kicker decides
    ],
)
def test_cg_45_46_the_better_hand_by_category_then_combination_then_kickers(better, worse):
    assert v(better) > v(worse)


def test_c5_suits_never_break_a_tie():
    assert v("AS KS QD JC 9H") == v("AH KH QC JD 9S")
    assert v("5S 4D 3C 2H AS") == v("5C 4C 3D 2D AH")


def test_names_for_the_board():
    assert ph.name(v("AS KS QS JS TS")) == "royal flush"
    assert ph.name(v("9S 8S 7S 6S 5S")) == "straight flush"
    assert ph.name(v("AC 2D 3H 4S 5C")) == "straight"
    assert ph.name(v("AC AD 3H 4S 5C")) == "pair"


def naive(cards) -> tuple:
    """A hand worked out from its cards alone: category, then ranks by count and rank."""
    ranks = sorted(("23456789TJQKA".index(c[0]) for c in cards), reverse=True)
    counts = Counter(ranks)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        straight = 3
    shape = sorted(counts.values(), reverse=True)
    if straight is not None and flush:
        return (8, straight)
    if shape[0] == 4:
        return (7, *ordered)
    if shape[:2] == [3, 2]:
        return (6, *ordered)
    if flush:
        return (5, *ordered)
    if straight is not None:
        return (4, straight)
    if shape[0] == 3:
        return (3, *ordered)
    if shape[:2] == [2, 2]:
        return (2, *ordered)
    return (1 if shape[0] == 2 else 0, *ordered)


def test_t7_the_best_five_of_seven_agrees_with_a_naive_evaluator():
    rng = random.Random(7)
    deck = pack_52()
    for _hand in range(3_000):
        seven = rng.sample(deck, 7)
        value, five = ph.best(seven)
        assert naive(five) == max(naive(f) for f in itertools.combinations(seven, 5))
        assert value == ph.value(five)
    # values order hands as the naive evaluator does
    hands = [rng.sample(deck, 5) for _ in range(3_000)]
    by_value = sorted(hands, key=ph.value)
    assert [naive(h) for h in by_value] == sorted(naive(h) for h in hands)
