"""Five-card poker hands for the house stud games (issue 33, item 1; CG §44, §111): pure Python,
no Django.

``value(cards)`` ranks five cards as one integer: a higher value is a better hand, equal values
tie. The categories in §44's order (and §111's): high card, one pair, two pairs, three of a
kind, straight, flush, full house, four of a kind, straight flush (a royal flush is the ace-high
one). Within a category the combination's ranks decide, then the kickers (§45, §46, C5); suits
never do. A-2-3-4-5 is a straight, the lowest (L5). ``best(cards)`` is the best five of six or
seven (T7). ``category(value)`` and ``NAMES`` name a hand for the board.

Speed: every five-card hand is looked up, never worked out. Each rank stands for a prime, so a
hand's ranks multiply to a number that no other multiset of ranks gives; one table maps that
product to the value of the hand when its suits are mixed, another to its value when all five
share a suit (built once at import: 6,175 and 1,287 entries).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import reduce

from tables.engines.base import gettext_noop

RANKS = "23456789TJQKA"
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
HIGH_CARD, PAIR, TWO_PAIRS, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ROYAL_FLUSH = 9  # a name only: the ace-high straight flush
NAMES = {
    HIGH_CARD: gettext_noop("high card"),
    PAIR: gettext_noop("pair"),
    TWO_PAIRS: gettext_noop("two pairs"),
    TRIPS: gettext_noop("three of a kind"),
    STRAIGHT: gettext_noop("straight"),
    FLUSH: gettext_noop("flush"),
    FULL_HOUSE: gettext_noop("full house"),
    QUADS: gettext_noop("four of a kind"),
    STRAIGHT_FLUSH: gettext_noop("straight flush"),
    ROYAL_FLUSH: gettext_noop("royal flush"),
}
SHIFT = 20  # a value: its category above 5 ranks of 4 bits each


def _pack(kind: int, ranks) -> int:
    value = kind
    for rank in ranks:
        value = (value << 4) | rank
    return value << (4 * (5 - len(ranks)))


def _straight_top(ranks: list[int]) -> int | None:
    """The top rank (0 = two ... 12 = ace) of five distinct ranks in a row, A-2-3-4-5's 3."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [12, 3, 2, 1, 0]:  # the wheel: the ace counts one (L5)
        return 3
    return None


def _worked_out(ranks: list[int], flush: bool) -> int:
    """A hand's value the slow way (the tables are built from it): the category, then the
    combination's ranks by how many of each, highest first, then the kickers."""
    counts = Counter(ranks)
    # by count, then rank: the combination first, the kickers after (§45, §46)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _straight_top(ranks)
    if top is not None:
        return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, [top])
    if flush:
        return _pack(FLUSH, ordered)
    kind = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIRS,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return _pack(kind, ordered)


def _tables() -> tuple[dict[int, int], dict[int, int]]:
    mixed: dict[int, int] = {}
    suited: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        key = reduce(lambda a, r: a * PRIMES[r], ranks, 1)
        mixed[key] = _worked_out(list(ranks), flush=False)
        if len(set(ranks)) == 5:
            suited[key] = _worked_out(list(ranks), flush=True)
    return mixed, suited


MIXED, SUITED = _tables()
PRIME_OF = {rank: PRIMES[index] for index, rank in enumerate(RANKS)}


def value(cards) -> int:
    """The value of five cards ("AS", "TD", ...): higher is better, equal ties."""
    a, b, c, d, e = cards
    key = PRIME_OF[a[0]] * PRIME_OF[b[0]] * PRIME_OF[c[0]] * PRIME_OF[d[0]] * PRIME_OF[e[0]]
    if a[1] == b[1] == c[1] == d[1] == e[1]:
        return SUITED[key]
    return MIXED[key]


def best(cards) -> tuple[int, tuple[str, ...]]:
    """The best five of five to seven cards (T7): its value and the five cards."""
    return max((value(five), five) for five in itertools.combinations(cards, 5))


def category(hand_value: int) -> int:
    """The category of a value (``NAMES``' key; the ace-high straight flush is ROYAL_FLUSH)."""
    kind = hand_value >> SHIFT
    if kind == STRAIGHT_FLUSH and (hand_value >> (SHIFT - 4)) & 0xF == 12:
        return ROYAL_FLUSH
    return kind


def name(hand_value: int) -> str:
    """The hand's category in words (a msgid)."""
    return NAMES[category(hand_value)]
