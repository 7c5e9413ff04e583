"""The twenty-one games' rules as the best-play arithmetic reads them (``Rules``, one a game), the
shoe less the cards known (six decks, by value) and the dealer's final outcomes from his up card
(tables/families/twentyone/strategy/__init__.py tells the approximation). Pure arithmetic."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

DECKS = 6


GAMES = ("blackjack", "blackjack_switch", "pontoon")


VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


CARD_VALUES = range(1, 11)  # 1 is the ace, 10 every ten and picture


UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)  # the charts' column order


ACE, TEN = 1, 10


TEN_RANKS = 4  # T, J, Q, K: a pair of ten-valued cards splits only if of one rank (B4, S8, N9)


# The dealer's outcomes: a list indexed by these (a natural is his first two cards, CG §92)
NATURAL, BUST22, BUST = 0, 6, 7  # 1..5 are the totals 17..21; BUST22 is exactly 22


OUTCOME_NAMES = ("natural", "17", "18", "19", "20", "21", "22", "23+")


@dataclass(frozen=True)
class Rules:
    """The parts of a game's rules the arithmetic reads."""

    name: str
    hits_soft_17: bool  # dealer draws on a soft 17
    peek: bool  # a dealer natural is known before anyone plays (decisions exclude it)
    natural_pays: float  # a player's two-card natural (Pontoon), per unit
    push_22: bool  # dealer 22 pushes every live hand
    ties_lose: bool
    max_hands: int  # hands a pair may become (0: any number)
    double_on_21: bool
    surrender_loses_to_natural: bool


BLACKJACK = Rules(
    name="blackjack",
    hits_soft_17=False,  # CG §95, B3
    peek=False,  # B1
    natural_pays=1.5,  # CG §99
    push_22=False,
    ties_lose=False,  # CG §100
    max_hands=4,  # CG §96: split at most 3 times
    double_on_21=False,  # CG §98
    surrender_loses_to_natural=True,  # decision B6
)


SWITCH = Rules(
    name="blackjack_switch",
    hits_soft_17=True,  # CG §75, S12
    peek=True,  # S2
    natural_pays=1.0,  # CG §83
    push_22=True,  # CG §84
    ties_lose=False,  # S4
    max_hands=4,  # CG §76, S8
    double_on_21=True,  # decision S9
    surrender_loses_to_natural=False,  # after the peek (S6): half back
)


PONTOON = Rules(
    name="pontoon",
    hits_soft_17=False,  # N8
    peek=False,  # CG §131: one dealer card
    natural_pays=2.0,  # CG §134
    push_22=False,
    ties_lose=True,  # CG §135
    max_hands=0,  # CG §136: any number of times
    double_on_21=False,
    surrender_loses_to_natural=False,
)


RULES = {rules.name: rules for rules in (BLACKJACK, SWITCH, PONTOON)}


PONTOON_STAND_FROM = 15  # decision N1


PONTOON_MAX_CARDS = 5  # N2


FIVE_CARDS_PAY = 1.5  # CG §133


TRIPS_RANKS = (5, 6, 7)  # the three-of-a-kind hands a player may stand on (§135, N5 with N1)


def value(card: str) -> int:
    return VALUES[card[0]]


def _rules(game: str) -> Rules:
    try:
        return RULES[game]
    except KeyError:
        raise ValueError(f"no twenty-one game {game!r}; known: {', '.join(GAMES)}") from None


def _counts(removed: Iterable[int]) -> list[int]:
    """Cards left by value (index 1..10) in six decks less ``removed``."""
    counts = [0] + [4 * DECKS] * 9 + [16 * DECKS]
    for v in removed:
        counts[v] -= 1
    return counts


def _chances(counts: list[int]) -> list[float]:
    left = sum(counts)
    return [c / left for c in counts]


def _soft_total(hard: int, soft: bool) -> int:
    """A hand's total: an ace counts 11 where that makes 21 or less (CG §91, §71, §129)."""
    return hard + 10 if soft and hard <= 11 else hard


def _dealer(p: list[float], up: int, rules: Rules) -> list[float]:
    """The dealer's final outcomes from his up card, drawing from ``p``: [natural, 17, 18, 19,
    20, 21, 22, 23+]. With a peek (Switch S2) the outcomes are given that he has no natural."""
    memo: dict[tuple[int, bool], list[float]] = {}

    def final(hard: int, soft: bool) -> list[float]:
        key = (hard, soft)
        if key in memo:
            return memo[key]
        out = [0.0] * 8
        if hard > 21:
            out[BUST22 if hard == 22 else BUST] = 1.0
        else:
            total = _soft_total(hard, soft)
            soft_17 = total == 17 and soft and hard <= 11
            if total >= 18 or (total == 17 and not (soft_17 and rules.hits_soft_17)):
                out[total - 16] = 1.0
            else:
                for x in CARD_VALUES:
                    px = p[x]
                    if px:
                        sub = final(hard + x, soft or x == ACE)
                        for i in range(8):
                            out[i] += px * sub[i]
        memo[key] = out
        return out

    completes = TEN if up == ACE else ACE if up == TEN else None
    weights = list(p)
    if rules.peek and completes:
        weights[completes] = 0.0
        weights = [w / (1.0 - p[completes]) for w in weights]
    out = [0.0] * 8
    for x in CARD_VALUES:
        if x == completes:
            out[NATURAL] += weights[x]
            continue
        sub = final(up + x, up == ACE or x == ACE)
        for i in range(8):
            out[i] += weights[x] * sub[i]
    return out


def _stand_values(dealer: list[float], rules: Rules) -> list[float]:
    """A standing hand's expected result by its total 0..21 (below 17 all alike), per unit."""
    values = []
    for total in range(22):
        ev = -dealer[NATURAL]
        for i, dealer_total in enumerate(range(17, 22), start=1):
            if total > dealer_total:
                ev += dealer[i]
            elif total < dealer_total or rules.ties_lose:
                ev -= dealer[i]
        ev += dealer[BUST] + (0.0 if rules.push_22 else dealer[BUST22])
        values.append(ev)
    return values
