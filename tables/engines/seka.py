"""Seka scoring with a joker (CG §23, rulings P1, P2): a three-card hand's points and the
combination that makes them, and how many hands a hand beats (the floor's folded hands). The
platform's, like the poker hand evaluator: the games played with seka points use it."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from tables.engines.cards import JOKER, pack_33

HAND_SIZE = 3  # a seka hand is three cards (CG §23)

# §23: pictures 10 points, the ace 11, the other cards their face value (the ten is "T").
CARD_POINTS = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
ACE = "A"
TWO_ACES = 22  # P1 (b)
LOWEST_SCORE = 8  # P1: e.g. 7♠ 7♥ 8♦, no combination, best single card 8
HIGHEST_SCORE = 33  # three aces, or two aces and the joker


def seka_score(cards) -> int:
    """A seka hand's points (``counted_score``); a hand of three cards of the pack is looked up
    (``_three_card_scores``: a showdown scores every hand; the lookup is nine times as fast as
    the counting)."""
    if len(cards) == HAND_SIZE:
        score = _three_card_scores().get(frozenset(cards))
        if score is not None:
            return score
    return counted_score(cards)


@functools.cache
def _three_card_scores() -> dict[frozenset, int]:
    """Every three cards of the seka pack, unordered, and their points."""
    return {
        frozenset(hand): counted_score(hand)
        for hand in itertools.combinations(pack_33(), HAND_SIZE)
    }


def counted_score(cards) -> int:
    """A seka hand's points (§23 with rulings P1 and P2): the best of

    (a) the sum of the points of the cards of one suit (a single card is a suit of its own,
        so every hand scores);
    (b) two aces: 22;
    (c) three cards of one rank: their sum (three 7s 21 ... three aces 33);

    where the joker joins whichever group scores most and counts as a copy of that group's
    highest card (P2: joker + A = two aces 22, joker + A + A = three aces 33, joker + 10♥ + 9♥
    = 29, joker + 8 + 8 = three eights 24, joker + K = 20).

    Any number of cards is scored the same way, so Russian poker can reuse it for its hands.
    """
    jokers = 0
    by_suit: dict[str, list[int]] = {}
    ranks: Counter = Counter()
    for card in cards:
        if card == JOKER:
            jokers += 1
            continue
        points = CARD_POINTS[card[0]]
        by_suit.setdefault(card[1], []).append(points)
        ranks[card[0]] += 1
    best = 0
    for suited in by_suit.values():
        # (a), the joker joining the suit as a copy of its highest card
        best = max(best, sum(suited) + jokers * max(suited))
    for card_rank, count in ranks.items():
        same = count + jokers
        if same >= HAND_SIZE:  # (c) three of a rank, a joker making up the third
            best = max(best, HAND_SIZE * CARD_POINTS[card_rank])
        elif card_rank == ACE and same == 2:  # (b) two aces, or an ace and the joker
            best = max(best, TWO_ACES)
    return best


def seka_combination(cards) -> dict:
    """What scored a seka hand (§23, P1, P2), for the showdown in words: the group counted and
    its points, the same as ``seka_score``.

    ``kind``: "three" (three cards of one rank, ``rank``), "two_aces", or "suit" (``count``
    cards of ``suit``, one card when no two share a suit); ``cards``: the hand's cards that
    count; ``joker_as``: the card the joker stands for (a copy of the group's highest card,
    P2), or None. Of groups scoring the same, three of a rank is named before two aces, and
    two aces before a suit."""
    cards = list(cards)
    jokers = cards.count(JOKER)
    plain = [c for c in cards if c != JOKER]
    options = []  # (score, preference, the description)
    ranks = Counter(c[0] for c in plain)
    for card_rank, count in ranks.items():
        same = [c for c in plain if c[0] == card_rank]
        if count + jokers >= HAND_SIZE:
            joker_as = same[0] if count < HAND_SIZE else None
            combo = {"kind": "three", "rank": card_rank, "cards": same, "joker_as": joker_as}
            options.append((HAND_SIZE * CARD_POINTS[card_rank], 2, combo))
        elif card_rank == ACE and count + jokers == 2:
            joker_as = same[0] if count < 2 else None
            options.append((TWO_ACES, 1, {"kind": "two_aces", "cards": same, "joker_as": joker_as}))
    by_suit: dict[str, list[str]] = {}
    for card in plain:
        by_suit.setdefault(card[1], []).append(card)
    for card_suit, suited in by_suit.items():
        points = [CARD_POINTS[c[0]] for c in suited]
        highest = max(suited, key=lambda c: CARD_POINTS[c[0]])
        combo = {
            "kind": "suit",
            "suit": card_suit,
            "count": len(suited) + jokers,
            "cards": suited,
            "joker_as": highest if jokers else None,
        }
        options.append((sum(points) + jokers * max(points), 0, combo))
    if not options:  # the joker alone (never three cards)
        return {
            "kind": "suit",
            "suit": None,
            "count": jokers,
            "cards": [],
            "joker_as": None,
            "score": 0,
        }
    score, _preference, combo = max(options, key=lambda option: option[:2])
    return {**combo, "score": score}


@functools.cache
def _weaker_percent() -> dict[int, int]:
    """For each score, the whole percentage of all three-card hands of the pack scoring less."""
    scores = Counter(seka_score(hand) for hand in itertools.combinations(pack_33(), HAND_SIZE))
    total, below, weaker = sum(scores.values()), 0, {}
    for score in sorted(scores):
        weaker[score] = below * 100 // total
        below += scores[score]
    return weaker
