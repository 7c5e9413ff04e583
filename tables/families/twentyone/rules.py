"""What a twenty-one game is made of (``Rules``: the flow of tables/families/twentyone/engine.py
reads only these and the hooks), the phases of a hand, the names of the actions and outcomes,
and the small readers of a hand's stakes the family's modules share. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tables.families.house import boxes

INSURANCE = "insurance"  # the side bet's kind and the action


CUT, BETTING, INSURING, EARLY, PLAYING, OVER = (
    "cut",
    "betting",
    "insurance",
    "early",
    "playing",
    "over",
)


STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"


EVEN_MONEY, DONE, DECLINE, PASS = "even_money", "done", "decline", "pass"


STAY, MOVE = boxes.STAY, boxes.MOVE


OUTCOMES = ("natural", "won", "push", "lost", "bust", "surrendered", "even money")


# The ratios a hand is settled at, made exact once: a word ("lose", "push") is read by
# ``boxes.ratio_of`` anew each time it is paid. A surrender loses half (§102)
LOSE, PUSH, WIN, HALF_LOST = Fraction(-1), Fraction(0), Fraction(1), Fraction(-1, 2)
RATIO_OF_WORD = {"lose": LOSE, "push": PUSH}


@dataclass(frozen=True)
class Rules:
    """What a twenty-one game is made of; the flow reads only these and the hooks. Ratios are
    exact (``boxes.ratio_of``). Config keys a table may change are in ``defaults``."""

    decks: tuple[int, int] = (2, 8)  # the shoe's packs a table may set
    boxes: tuple[int, int] = (5, 7)  # the layout's boxes a table may set
    hole_card: bool = False  # the dealer's second card face down, peeked under an ace or ten
    hole_card_optional: bool = False  # the table may turn the hole card off (``hole_card``)
    dealer_hits_soft_17: bool = False
    natural_pays: Fraction = Fraction(3, 2)
    natural_ties: str = "push"  # a player natural against the dealer's: push or lose
    ties: str = "push"  # equal totals: push or lose
    dealer_22_pushes: bool = False  # a dealer 22 stands off every hand left (§84)
    insurance: bool = True
    insurance_pays: Fraction = Fraction(2)
    even_money: bool = True
    surrender_loses_to_natural: bool = True  # a dealer natural after it takes the whole bet
    double: bool = True
    double_after_split: bool = True
    double_on_21: bool = False
    max_splits: int | None = 3  # None: any number
    split_by: str = "rank"
    max_cards: int | None = None  # a hand's most cards
    side_bets: dict = field(default_factory=dict)  # {kind: best ratio} the table may offer
    defaults: dict = field(default_factory=dict)  # the game's config defaults


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stake(hand: dict, position: int) -> dict | None:
    return next((s for s in hand["stakes"] if s["seat"] == position), None)


def _open(stake: dict) -> bool:
    """A stake still riding on its hand's play: not settled on its own nor surrendered."""
    return not stake.get("settled") and not stake.get("surrendered")
