"""Twenty-one's cards and totals (CG §91, §71, §129): an ace counts 1 or 11, a picture 10, any
other card its face; ``total(cards)`` is the best total and whether it is soft (an ace counted
11); over 21 is a bust. A *natural* is an ace and a ten-value card as the first two cards of a
box; after a split (§92) or a switch (§71) the same two cards are only 21. The dealer's rule
(§95, §131, §75) and the comparison of two totals. Pure Python, no Django."""

ACE = "A"


TEN_VALUES = "TJQK"


DECK = 52


def points(card: str) -> int:
    """A card's count, an ace as 1 (CG §91, §71, §129)."""
    rank = card[0]
    if rank == ACE:
        return 1
    if rank in TEN_VALUES:
        return 10
    return int(rank)


def total(cards) -> tuple[int, bool]:
    """The best total of ``cards`` and whether it is soft (an ace counted 11 without going
    over)."""
    hard = 0
    ace = False
    for card in cards:
        rank = card[0]
        if rank == ACE:
            hard += 1
            ace = True
        elif rank in TEN_VALUES:
            hard += 10
        else:
            hard += int(rank)
    if ace and hard <= 11:
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
