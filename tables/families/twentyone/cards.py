"""Twenty-one's cards and totals (CG §91, §71, §129): an ace counts 1 or 11, a picture 10, any
other card its face; ``total(cards)`` is the best total and whether it is soft (an ace counted
11); over 21 is a bust. A *natural* is an ace and a ten-value card as the first two cards of a
box; after a split (§92) or a switch (§71) the same two cards are only 21. The dealer's rule
(§95, §131, §75) and the comparison of two totals. Pure Python, no Django."""

import functools

ACE = "A"


TEN_VALUES = "TJQK"


DECK = 52


# each rank's count, an ace as 1 (CG §91, §71, §129): read, never worked out again per card
POINTS = {ACE: 1, **{rank: 10 for rank in TEN_VALUES}, **{str(n): n for n in range(2, 10)}}


def points(card: str) -> int:
    """A card's count, an ace as 1 (CG §91, §71, §129)."""
    return POINTS[card[0]]


def total(cards) -> tuple[int, bool]:
    """The best total of ``cards`` and whether it is soft (an ace counted 11 without going
    over)."""
    return _total(tuple(cards))


# A hand's total is asked many times a decision (its options, the dealer's rule, the
# settlement) and depends on its cards alone: kept per cards, within a bound (a long run sees
# many orders of three and more cards)
@functools.lru_cache(maxsize=1 << 16)
def _total(cards: tuple[str, ...]) -> tuple[int, bool]:
    hard = 0
    for card in cards:
        hard += POINTS[card[0]]
    if hard <= 11 and any(card[0] == ACE for card in cards):
        return hard + 10, True
    return hard, False


def label(cards) -> str:
    """The total as a board writes it: "7/17" for a soft 17 (the ace as 1 or 11), "17" else."""
    best, soft = total(cards)
    return f"{best - 10}/{best}" if soft else str(best)


def is_bust(cards) -> bool:
    return total(cards)[0] > 21


def is_natural(cards, made: bool = False) -> bool:
    """An ace and a ten-value card as the first two cards; ``made`` by a split or a switch
    they are only 21 (CG §92, §71, §134)."""
    return not made and len(cards) == 2 and total(cards)[0] == 21


def is_pair(cards, by: str = "rank") -> bool:
    """Two cards a split may part: the same rank (B4, S8, N9), or the same count where the
    table says so (``by="value"``)."""
    if len(cards) != 2:
        return False
    if by == "value":
        return points(cards[0]) == points(cards[1])
    return cards[0][0] == cards[1][0]


def dealer_stands(cards, hits_soft_17: bool = False) -> bool:
    """The dealer's rule: he draws below 17 and stands on 17 or more (CG §95, §131), except a
    soft 17 where he hits it (§75)."""
    best, soft = total(cards)
    return best > 17 or (best == 17 and not (soft and hits_soft_17))


def compare(player: int, dealer: int) -> int:
    """1 if a player's total beats the dealer's, 0 if equal, -1 if lower (neither over 21)."""
    return (player > dealer) - (player < dealer)
