"""Cards, packs and shoes shared by every card game.

A card is a two-character string, rank then suit: "6S", "TH" (ten of hearts), "AD"; the joker is
"JK". Strings keep states JSON-serialisable and readable in the hand history.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence

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
    """Six to ace: the 36-card pack of the games played with one."""
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


class Shoe:
    """Several packs shuffled together, dealt from the front until the cut card comes out.

    ``penetration`` is the share of the shoe dealt before the cut card (e.g. 0.75); once the cut
    card is reached, the current hand is finished and the shoe is reshuffled before the next.

    ``order`` is every card of the shoe as one string, two characters a card, in the order the
    shoe was shuffled: the first ``position`` cards have been dealt (each is either still in
    play, ``in_play``, or on the discard), the rest are still to come. A string, because an
    engine copies its state on every action: a string is shared, never copied, and a deal or a
    discard touches only the index and the few cards in play (issue 31). Keeping the whole order
    makes "every card is in exactly one place" checkable from the state alone, and the discard
    is what was dealt less what is in play, so it is not stored.

    ``to_dict`` gives ``{"order", "cut_at", "position", "in_play", "penetration"}``; states saved
    before kept ``cards`` (a list) and ``discard`` (a list), and ``from_dict`` reads both.
    """

    __slots__ = ("order", "cut_at", "position", "in_play", "penetration")

    def __init__(
        self,
        cards: str | Sequence[str],
        cut_at: int,
        position: int = 0,
        in_play: Sequence[str] | None = None,
        penetration: float = 0.75,
    ):
        if isinstance(cards, str):
            order = cards
        else:
            if any(len(card) != 2 for card in cards):
                raise ValueError("a card is two characters")
            order = "".join(cards)
        if len(order) % 2:
            raise ValueError("a shoe's order is two characters a card")
        self.order = order
        self.cut_at = cut_at
        self.position = position
        self.in_play = list(in_play) if in_play else []
        self.penetration = penetration

    @classmethod
    def new(
        cls,
        decks: int,
        rng: random.Random,
        penetration: float = 0.75,
        make_pack: Callable[[], list[str]] = pack_52,
    ) -> Shoe:
        cards = shuffled(make_pack() * decks, rng)
        return cls(cards, cut_at=int(len(cards) * penetration), penetration=penetration)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Shoe):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (
            f"Shoe({len(self)} cards, position={self.position}, cut_at={self.cut_at}, "
            f"in_play={self.in_play})"
        )

    def __len__(self) -> int:
        return len(self.order) // 2

    def deal(self) -> str:
        at = 2 * self.position
        if at >= len(self.order):
            raise RuntimeError("the shoe is empty")
        card = self.order[at : at + 2]
        self.position += 1
        self.in_play.append(card)
        return card

    @property
    def cards(self) -> list[str]:
        """Every card of the shoe in its order, dealt ones first."""
        return list(_split_once(self.order))

    @property
    def undealt(self) -> list[str]:
        return list(_split_once(self.order)[self.position :])

    @property
    def discard(self) -> list[str]:
        """The cards dealt and discarded, in the order they were dealt."""
        dealt = list(_split_once(self.order)[: self.position])
        if not self.in_play:  # between hands
            return dealt
        held = Counter(self.in_play)
        pile = []
        for card in dealt:
            if held[card]:
                held[card] -= 1
            else:
                pile.append(card)
        return pile

    @property
    def cut_card_out(self) -> bool:
        return self.position >= self.cut_at

    @property
    def remaining(self) -> int:
        return len(self) - self.position

    def discard_cards(self, cards: Sequence[str]) -> None:
        # Refusing a card that is not out stops an engine bug from silently duplicating a card;
        # all or nothing, so a refused discard leaves the shoe as it was.
        held = list(self.in_play)
        for card in cards:
            try:
                held.remove(card)
            except ValueError:
                raise ValueError(f"not in play: {list(cards)}") from None
        self.in_play = held

    def reshuffle(self, rng: random.Random) -> None:
        """Shuffle the discard back with the undealt cards and place a new cut card.

        Meant for between hands; cards still in play stay out and reach the discard later.
        """
        out = list(self.in_play)
        rest = shuffled(self.discard + self.undealt, rng)
        self.order = "".join(out + rest)
        self.position = len(out)
        self.cut_at = self.position + int(len(rest) * self.penetration)

    def record(self) -> str:
        """The shuffle commitment's text of the whole order: the cards joined by commas, as it
        was when the order was a list (hands committed before must still verify)."""
        return ",".join(self.cards)

    def to_dict(self) -> dict:
        # A copy of ``in_play``, so a saved state does not change when the live shoe deals or
        # discards; the order is a string and needs none.
        return {
            "order": self.order,
            "cut_at": self.cut_at,
            "position": self.position,
            "in_play": list(self.in_play),
            "penetration": self.penetration,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Shoe:
        if "order" in data:
            return cls(
                data["order"],
                cut_at=data["cut_at"],
                position=data.get("position", 0),
                in_play=data.get("in_play"),
                penetration=data.get("penetration", 0.75),
            )
        # Saved before issue 31: the order as a list and the discard pile. In play is what was
        # dealt and not discarded, in the order it was dealt.
        cards, position = list(data["cards"]), data.get("position", 0)
        gone = Counter(data.get("discard", []))
        in_play = []
        for card in cards[:position]:
            if gone[card]:
                gone[card] -= 1
            else:
                in_play.append(card)
        return cls(
            cards,
            cut_at=data["cut_at"],
            position=position,
            in_play=in_play,
            penetration=data.get("penetration", 0.75),
        )


def split_cards(order: str) -> list[str]:
    """A string of two-character cards as a list of cards."""
    pairs = iter(order)
    return list(map("".join, zip(pairs, pairs, strict=False)))


@functools.lru_cache(maxsize=64)
def _split_once(order: str) -> tuple[str, ...]:
    """A shoe's order split once for all the hands dealt from it: the same string is split
    for every hand's checks and views (issue 50). A tuple, so no caller can change it."""
    return tuple(split_cards(order))


def shoe_record(data: dict) -> str:
    """The commitment text of a shoe saved in a state, in either form (``Shoe.record``)."""
    if "order" in data:
        return ",".join(split_cards(data["order"]))
    return ",".join(data["cards"])
