"""The seka score of Belarusian poker (CG §23 with rulings P1 and P2), tested on its own: every
example of the rules file, every joker case, the range, ties, a table of hands, and an
exhaustive count over all 5,456 three-card hands of the 33-card pack beside a second,
independent computation."""

import itertools
from collections import Counter

import pytest

from tables.engines.cards import JOKER, pack_33
from tables.games.belarusian_poker.engine import (
    CARD_POINTS,
    HIGHEST_SCORE,
    LOWEST_SCORE,
    seka_combination,
    seka_score,
)

ALL_HANDS = list(itertools.combinations(pack_33(), 3))


def _plain_score_by_subsets(cards) -> int:
    """The score of a hand without a joker found another way: every non-empty subset of the
    cards that is a combination of §23 (cards of one suit, two aces, three of a rank; P1 makes
    a single card a suit of its own) scores its points, and the hand scores the best of them.
    Cards may repeat here (a joker's copy)."""
    best = 0
    for size in range(1, len(cards) + 1):
        for group in itertools.combinations(cards, size):
            points = sum(CARD_POINTS[c[0]] for c in group)
            one_suit = len({c[1] for c in group}) == 1
            one_rank = len({c[0] for c in group}) == 1
            if one_suit:
                best = max(best, points)
            if size == 2 and one_rank and group[0][0] == "A":
                best = max(best, 22)
            if size == 3 and one_rank:
                best = max(best, points)
    return best


def independent_score(cards) -> int:
    """P2 read as "the joker is a copy of one of the hand's other cards": try it as a copy of
    each in turn and score the result plainly (``_plain_score_by_subsets``)."""
    if JOKER not in cards:
        return _plain_score_by_subsets(list(cards))
    others = [c for c in cards if c != JOKER]
    return max(_plain_score_by_subsets([*others, copied]) for copied in others)


@pytest.mark.parametrize(
    ("cards", "score"),
    [
        # the rules file's examples (§4 worked examples 1 and 2, P1, P2)
        (["AS", "KS", "9H"], 21),  # spades 11 + 10
        (["TD", "9D", "8D"], 27),
        (["AH", "AC", "7S"], 22),  # two aces
        (["JK", "TH", "9H"], 29),  # the joker counts as the ten
        (["AC", "AD", "JK"], 33),  # three aces
        (["7S", "7H", "8D"], 8),  # no combination: the best single card
        (["JK", "AS", "9H"], 22),  # joker + A = two aces
        (["JK", "8S", "8H"], 24),  # three eights
        (["JK", "KS", "7H"], 20),  # the joker joins the best single card
        # three of a rank
        (["7S", "7H", "7D"], 21),
        (["8S", "8H", "8C"], 24),
        (["9S", "9H", "9D"], 27),
        (["TS", "TH", "TD"], 30),
        (["JS", "JH", "JD"], 30),
        (["QS", "QH", "QC"], 30),
        (["KS", "KD", "KC"], 30),
        (["AS", "AH", "AD"], 33),
        # suits
        (["AS", "KS", "QS"], 31),  # the best hand without the joker but three aces
        (["7C", "8C", "9C"], 24),
        (["AS", "7S", "9H"], 18),
        (["KH", "QH", "7D"], 20),
        (["9S", "8H", "7D"], 9),
        (["TS", "9H", "7D"], 10),
        (["AS", "KH", "QD"], 11),
        # two aces beat a smaller suit, a suit beats two aces
        (["AS", "AH", "KS"], 22),
        (["AS", "AH", "9D"], 22),
        (["AS", "KS", "QS"], 31),
        # the joker in a suit
        (["JK", "AS", "KS"], 32),
        (["JK", "AS", "7S"], 29),
        (["JK", "7C", "8C"], 23),
        (["JK", "QD", "JD"], 30),
        (["JK", "9H", "7H"], 25),
        # the joker with a pair: three of a rank beats the suit it could join
        (["JK", "9S", "9H"], 27),
        (["JK", "TS", "TH"], 30),
        (["JK", "7S", "7H"], 21),
        (["JK", "KS", "KH"], 30),
        # the joker and no combination of the others
        (["JK", "7S", "8H"], 16),
        (["JK", "AS", "KH"], 22),
    ],
)
def test_seka_score_table_of_hands_P1_P2(cards, score):
    assert seka_score(cards) == score
    assert independent_score(cards) == score


def test_joker_joins_the_group_that_scores_most_P2():
    # the same two cards, in a suit or a pair: the joker picks the larger
    assert seka_score(["JK", "9S", "9H"]) == 27 > 2 * 9
    assert seka_score(["JK", "AS", "KS"]) == 32 > 22
    # it never takes a value above the highest card of its group (P2): not an ace here
    assert seka_score(["JK", "TH", "9H"]) == 29 < 30


def test_score_does_not_depend_on_the_order_of_the_cards():
    for cards in (["JK", "AS", "KS"], ["TD", "9D", "8D"], ["AH", "AC", "7S"]):
        assert {seka_score(order) for order in itertools.permutations(cards)} == {seka_score(cards)}


def test_equal_scores_tie_whatever_the_combination_section_24():
    # equal points are equal hands, whichever combination makes them
    assert seka_score(["TS", "TH", "TD"]) == seka_score(["JK", "QD", "JD"]) == 30
    assert seka_score(["AH", "AC", "7S"]) == seka_score(["JK", "AS", "9H"]) == 22
    assert seka_score(["KS", "QS", "7H"]) == seka_score(["JK", "KS", "7H"]) == 20


def test_every_hand_scores_between_8_and_33_P1():
    scores = {seka_score(hand) for hand in ALL_HANDS}
    assert min(scores) == LOWEST_SCORE == 8
    assert max(scores) == HIGHEST_SCORE == 33


def test_exhaustive_count_of_all_5456_hands_beside_an_independent_computation(capsys):
    """C(33, 3) = 5,456 hands; both computations give every hand the same score, and so the
    same count of hands for each score, printed side by side."""
    assert len(ALL_HANDS) == 5456
    primary = Counter(seka_score(hand) for hand in ALL_HANDS)
    second = Counter(independent_score(hand) for hand in ALL_HANDS)
    disagree = [hand for hand in ALL_HANDS if seka_score(hand) != independent_score(hand)]
    with capsys.disabled():
        print("\nscore  seka_score  independent")
        for score in sorted(primary | second):
            print(f"{score:5}  {primary[score]:10}  {second[score]:11}")
        print(f"total  {sum(primary.values()):10}  {sum(second.values()):11}")
    assert disagree == []
    assert primary == second
    assert sum(primary.values()) == 5456
    # counted by hand: three aces (4) and two aces with the joker (C(4,2) = 6)
    assert primary[33] == 10
    # the joker with an ace and a ten-point card of its suit (4 suits x 4 ranks: T J Q K)
    assert primary[32] == 16
    # 7s and 8s in three different suits, not three of a rank: 4 x (2**3 - 2)
    assert primary[8] == 24
    # the joker with a seven and an eight of one suit
    assert primary[23] == 4


def _combination_points(combo: dict) -> int:
    """The points of what seka_combination names, counted from its cards and the joker."""
    counted = [*combo["cards"], *([combo["joker_as"]] if combo["joker_as"] else [])]
    if combo["kind"] == "two_aces":
        assert len(counted) == 2 and all(c[0] == "A" for c in counted)
        return 22
    if combo["kind"] == "three":
        assert len(counted) == 3 and {c[0] for c in counted} == {combo["rank"]}
    else:
        assert {c[1] for c in counted} == {combo["suit"]} and len(counted) == combo["count"]
    return sum(CARD_POINTS[c[0]] for c in counted)


def test_the_combination_named_at_the_showdown_scores_what_seka_score_says_for_all_5456():
    """§23, P1, P2: for every three-card hand the group named (its cards and the card the
    joker stands for) adds up to the hand's score."""
    for hand in ALL_HANDS:
        combo = seka_combination(hand)
        assert combo["score"] == seka_score(hand) == _combination_points(combo), hand


@pytest.mark.parametrize(
    ("cards", "kind", "joker_as", "score"),
    [
        (["AH", "AC", "7S"], "two_aces", None, 22),
        (["TD", "9D", "8D"], "suit", None, 27),
        (["AS", "KS", "9H"], "suit", None, 21),
        ([JOKER, "TH", "9H"], "suit", "TH", 29),  # worked example 2: the joker as a ten
        (["AC", "AD", JOKER], "three", "AC", 33),  # worked example 2: three aces
        ([JOKER, "8S", "8D"], "three", "8S", 24),
        ([JOKER, "AS", "7H"], "two_aces", "AS", 22),  # two aces named before A + joker suited
        (["7S", "7H", "8D"], "suit", None, 8),  # no combination: the best single card
    ],
)
def test_the_combination_named_P1_P2(cards, kind, joker_as, score):
    combo = seka_combination(cards)
    assert (combo["kind"], combo["joker_as"], combo["score"]) == (kind, joker_as, score)
