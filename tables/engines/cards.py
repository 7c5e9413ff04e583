"""Cards, packs and shoes shared by every card game.

A card is a two-character string, rank then suit: "6S", "TH" (ten of hearts), "AD"; the joker is
"JK". Strings keep states JSON-serialisable and readable in the hand history.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

SUITS = "SHDC"  # spades, hearts, diamonds, clubs
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS_52 = "23456789TJQKA"
RANKS_36 = "6789TJQKA"
RANKS_33 = "789TJQKA"
JOKER = "JK"


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def rank_value(card: str, ranks: str = RANKS_52) -> int:
    return ranks.index(card[0])


def pack(ranks: str, *, joker: bool = False) -> list[str]:
    cards = [r + s for s in SUITS for r in ranks]
    return [*cards, JOKER] if joker else cards


def pack_52() -> list[str]:
    return pack(RANKS_52)


def pack_36() -> list[str]:
    """Six to ace, for Durak and Khrap."""
    return pack(RANKS_36)


def pack_33() -> list[str]:
    """Seven to ace plus the joker, for seka (Belarusian and Russian poker)."""
    return pack(RANKS_33, joker=True)


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def label(card: str) -> str:
    if card == JOKER:
        return "🃏"
    shown = "10" if card[0] == "T" else card[0]
    return shown + SUIT_SYMBOLS[card[1]]


@dataclass
class Shoe:
    """Several packs shuffled together, dealt from the front until the cut card comes out.

    ``penetration`` is the share of the shoe dealt before the cut card (e.g. 0.75); once the cut
    card is reached, the current hand is finished and the shoe is reshuffled before the next.

    ``cards`` always holds every card of the shoe: ``cards[:position]`` have been dealt (each is
    either still in play or on the ``discard``), ``cards[position:]`` are still to come. Keeping
    the full list makes "every card is in exactly one place" checkable from the state alone.
    """

    cards: list[str]
    cut_at: int
    position: int = 0
    discard: list[str] = field(default_factory=list)
    penetration: float = 0.75

    @classmethod
    def new(
        cls,
        decks: int,
        rng: random.Random,
        penetration: float = 0.75,
        make_pack: Callable[[], list[str]] = pack_52,
    ) -> Shoe:
        cards = shuffled(make_pack() * decks, rng)
        return cls(cards=cards, cut_at=int(len(cards) * penetration), penetration=penetration)

    def deal(self) -> str:
        if self.position >= len(self.cards):
            raise RuntimeError("the shoe is empty")
        card = self.cards[self.position]
        self.position += 1
        return card

    @property
    def cut_card_out(self) -> bool:
        return self.position >= self.cut_at

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    @property
    def in_play(self) -> list[str]:
        """Dealt and not yet discarded."""
        return list((Counter(self.cards[: self.position]) - Counter(self.discard)).elements())

    def discard_cards(self, cards: list[str]) -> None:
        # Refusing a card that is not out stops an engine bug from silently duplicating a card.
        if Counter(cards) - Counter(self.in_play):
            raise ValueError(f"not in play: {cards}")
        self.discard += cards

    def reshuffle(self, rng: random.Random) -> None:
        """Shuffle the discard back with the undealt cards and place a new cut card.

        Meant for between hands; cards still in play stay out and reach the discard later.
        """
        out = self.in_play
        rest = shuffled(self.discard + self.cards[self.position :], rng)
        self.cards = out + rest
        self.position = len(out)
        self.cut_at = self.position + int(len(rest) * self.penetration)
        self.discard = []

    def to_dict(self) -> dict:
        # Copies, so a saved state does not change when the live shoe deals or discards.
        return {
            "cards": list(self.cards),
            "cut_at": self.cut_at,
            "position": self.position,
            "discard": list(self.discard),
            "penetration": self.penetration,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Shoe:
        return cls(
            **{**data, "cards": list(data["cards"]), "discard": list(data.get("discard", []))}
        )
