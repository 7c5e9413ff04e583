"""Big stud strategies for the benchmarks and the soak (tables/games/big_stud/engine.py; CG
§106–§113). Each takes what the seat may know (its own cards, down and up, and the community
card: ``own_cards``) and the legal actions, and answers one of them.

- ``random_play``: a uniformly random legal action.
- ``simple`` (the stated rule): with two pairs or better, bet or raise (else call); with a pair
  or four cards to a flush, stay (check, or call a bet); otherwise check, or fold to a bet.
"""

from __future__ import annotations

import random
from collections import Counter

from tables.games.big_stud.settle import seven_cards


def own_cards(state: dict, seat: int) -> list[str]:
    """The seat's own cards: its down and up cards and the community card, what it may see of
    itself (the engine's state read for speed; nothing of another seat's is used)."""
    return seven_cards(state, seat)


def _strength(cards: list[str]) -> tuple[int, bool]:
    """(the most of one rank counted as pairs: 0 none, 1 a pair, 2 two pairs or better, four to a
    flush or better)."""
    ranks = Counter(card[0] for card in cards)
    suits = Counter(card[1] for card in cards)
    pairs = sum(1 for n in ranks.values() if n >= 2)
    trips = any(n >= 3 for n in ranks.values())
    made = 2 if trips or pairs >= 2 else pairs
    return made, max(suits.values()) >= 4


def random_play(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    return rng.choice(legal)


def simple(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    kinds = {action["type"]: action for action in legal}
    made, flush_draw = _strength(own_cards(state, seat))
    if made >= 2:
        for kind in ("raise", "bet", "call", "check"):
            if kind in kinds:
                return kinds[kind]
    if made == 1 or flush_draw:
        for kind in ("check", "call"):
            if kind in kinds:
                return kinds[kind]
    return kinds.get("check") or kinds["fold"]


STRATEGIES = {"random": random_play, "simple": simple}
