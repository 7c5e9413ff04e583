"""What the stud games against the dealer share before any play (tables/families/stud/engine.py):
the stakes' kinds, the bet's pay table, the hand categories' keys, the phases and a box's
statuses, a paid card change (``Draw``), what one game decides (``StudRules``), the state's
copy an action may change, and the bonus's config check. Pure, no Django."""

from __future__ import annotations

import functools
import marshal
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tables.engines import poker_hands
from tables.engines.base import (
    IllegalAction,
    State,
    gettext_noop,
)
from tables.engines.cards import pack_52
from tables.engines.poker_hands import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIRS,
)
from tables.families.house import boxes

ANTE = boxes.MAIN  # the box's hand: its stake is the ante
BET = "bet"  # the continuation, twice the ante: a side stake of the box
BONUS = "bonus"
GAME_FEE = "game"  # the fee's kind for buying the dealer a game
CUT_FROM_EITHER_END = 3  # §55: at least three cards

# §44, §59, §67: the bet's pay table, the same in all three games
PAY_TABLE = {
    PAIR: Fraction(1),
    TWO_PAIRS: Fraction(2),
    TRIPS: Fraction(3),
    STRAIGHT: Fraction(4),
    FLUSH: Fraction(5),
    FULL_HOUSE: Fraction(7),
    QUADS: Fraction(20),
    STRAIGHT_FLUSH: Fraction(50),
    ROYAL_FLUSH: Fraction(100),
}
HIGH_CARD_WIN = Fraction(1)  # C4, G1: a no-pair hand beating a qualified dealer
CATEGORY_KEYS = {
    HIGH_CARD: "high_card",
    PAIR: "pair",
    TWO_PAIRS: "two_pairs",
    TRIPS: "three_of_a_kind",
    STRAIGHT: "straight",
    FLUSH: "flush",
    FULL_HOUSE: "full_house",
    QUADS: "four_of_a_kind",
    STRAIGHT_FLUSH: "straight_flush",
    ROYAL_FLUSH: "royal_flush",
}
CATEGORY_OF_KEY = {key: category for category, key in CATEGORY_KEYS.items()}
# the lowest ace-king hand: A K 4 3 2, mixed (§43, §66)
ACE_KING = poker_hands.value(("AS", "KH", "4D", "3C", "2S"))
LOWEST_PAIR = poker_hands.value(("2S", "2H", "5D", "4C", "3S"))

BETTING, CUT, DECIDING, BUYING, OVER = "betting", "cut", "deciding", "buying", "over"
# a box's status
DECIDE, DRAWING, IN, FOLDED, BUY_ASKED, SETTLED = (
    "deciding",
    "drawing",
    "in",
    "folded",
    "buy",
    "settled",
)


@dataclass(frozen=True)
class Draw:
    """A paid card change a box may make at one point of its decisions: ``kind`` is the action's
    name (``change``, ``buy``, ``exchange``); ``returns`` the counts of cards the box may give
    back; ``takes`` how many cards each count brings (absent: as many as given back); ``fees``
    what each count costs, in antes."""

    kind: str
    returns: tuple[int, ...]
    fees: dict[int, int]
    takes: dict[int, int] = field(default_factory=dict)

    def cards_taken(self, returned: int) -> int:
        return self.takes.get(returned, returned)


def bet_ratio(box_value: int) -> Fraction:
    """The bet's pay on a box that beat a qualified dealer (§44, §59, §67; C4)."""
    return PAY_TABLE.get(poker_hands.category(box_value), HIGH_CARD_WIN)


@dataclass(frozen=True)
class StudRules:
    """What one game of the family decides (module docstring)."""

    # the changes offered by how many the box made before: draws[0] at first sight...
    draws: tuple[tuple[Draw, ...], ...]
    dealer_minimum: int  # the least value that qualifies the dealer (§43, §58, §66)
    buy_game: str | None = None  # "lowest" or "highest": the card the dealer replaces; None: no
    bonus_from: int | None = None  # the lowest category the bonus pays; None: no bonus
    layout: int = 7  # the most boxes a table may have
    boxes: int = 7  # the boxes by default
    boxes_per_player: int = 1
    open_boxes_per_player: int = 1
    dark_boxes_per_player: int = 0
    # the open boxes a player stakes before a dark one (never a lone dark box: §32, §40, §65)
    open_before_dark: int = 1
    # the cards and how they score: the five-card games' by default
    pack: Callable[[], list[str]] = pack_52
    hand_size: int = 5
    value: Callable[[Sequence[str]], int] = poker_hands.value  # higher beats lower
    hand_of: Callable[[int], int] = poker_hands.category  # what the board names of a value
    bet_pays: Callable[[int], Fraction] = bet_ratio  # the bet's ratio for a winning value
    best_bet: Fraction = Fraction(100)  # the pay table's best line, for the house's risk
    bet_multiple: int = 2  # §42, §56.1, §65: the bet is twice the ante
    dealer_up: int = 1  # the dealer's cards dealt face up (his last)
    unqualified_ante: str | int = 1  # C3, O2, G1: the ante is paid 1:1 when he has no game

    @functools.cached_property
    def deck_size(self) -> int:
        return len(self.pack())


def hand_value(cards) -> int:
    return poker_hands.value(cards)


# what an action may change: copied before it does; the rest (the limits, the options, the
# commitment's record) is shared with the state before, never changed in place
_LISTS = ("deck", "given_back", "players", "dealt_in", "done", "away")
_NESTED = ("boxes", "dealer", "pots", "escrowed")
# what an action on one box leaves alone until the hand moves on (``own_every_box``)
_SHARED_UNTIL_THE_HAND_MOVES = ("boxes", "dealer")
_FLAT = ("pots", "escrowed")
NO_BOX = -1  # what a "done" acts on: every box shared


def copy_tree(value):
    """A deep copy of a JSON tree (dicts, lists, strings, numbers, booleans, None), equal to
    ``copy_json``'s and five times faster: marshal's round trip is C. Its references keep what
    the tree shares shared; a state shares no list or dict between two places (a JSON state
    read back never does), so the copy shares nothing with the original."""
    return marshal.loads(marshal.dumps(value))


def _copy(state: State, lists=_LISTS, nested=_NESTED, box: int | None = None) -> State:
    """A copy of ``state`` an action may change: a deep copy of what changes, the rest shared
    (a deep copy of the whole state was a fifth of a hand's time). With ``box``, an action on
    that box alone: the other boxes and the dealer are shared until ``own_every_box`` (the
    boxes' deep copy was half a six-box hand's time)."""
    copied = dict(state)
    for key in lists:
        copied[key] = list(state[key])
    if box is None:
        for key in nested:
            copied[key] = copy_tree(state[key])
        return copied
    for key in nested:
        if key not in _SHARED_UNTIL_THE_HAND_MOVES + _FLAT:
            copied[key] = copy_tree(state[key])
    # the money's records are flat: {pot: amount} and {pot: {payer: amount}}
    copied["pots"] = dict(state["pots"])
    copied["escrowed"] = {pot: dict(payers) for pot, payers in state["escrowed"].items()}
    copied["boxes"] = dict(state["boxes"])
    own = str(box)
    if own in copied["boxes"]:
        copied["boxes"][own] = copy_tree(copied["boxes"][own])
    return copied


def own_every_box(state: State, before: State) -> None:
    """Copy into ``state`` (a ``_copy`` of ``before`` for one box) every box and the dealer it
    still shares with ``before``: the hand moving on may change them all."""
    boxes_before = before["boxes"]
    for key, box_state in state["boxes"].items():
        if box_state is boxes_before.get(key):
            state["boxes"][key] = copy_tree(box_state)
    if state["dealer"] is before["dealer"]:
        state["dealer"] = copy_tree(state["dealer"])


def shuffle(rng, cards: list) -> None:
    """``rng.shuffle(cards)``; for a ``random.Random`` its own algorithm written out (each card
    swapped with one drawn by ``getrandbits`` below its place, redrawn when too high), the
    same order from the same generator at about half the cost: a game may commit several packs
    a hand, each shuffled at its start (a test holds it to ``Random.shuffle``)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for place in range(len(cards) - 1, 0, -1):
        below = place + 1
        bits = below.bit_length()
        drawn = getrandbits(bits)
        while drawn >= below:
            drawn = getrandbits(bits)
        cards[place], cards[drawn] = cards[drawn], cards[place]


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards_list(value) -> list[str] | None:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        return None
    return list(value)


# --- config --------------------------------------------------------------------------------


def check_bonus(bonus, rules: StudRules, unit: int) -> dict | None:
    """The bonus: None, or {"stake": amount, "pays": {category key: "X:1"}} from the game's
    lowest paying hand up (C8, G8)."""
    if bonus is None:
        return None
    if rules.bonus_from is None:
        raise IllegalAction(gettext_noop("This game has no bonus bet."))
    if not isinstance(bonus, dict) or not isinstance(bonus.get("pays"), dict):
        raise IllegalAction(
            gettext_noop('The bonus is {"stake": amount, "pays": {hand: "X:1"}} or empty.')
        )
    stake = bonus.get("stake")
    if not _whole(stake) or stake < unit:
        raise IllegalAction(
            gettext_noop("The bonus stake is a whole amount of at least %(low)s."), low=unit
        )
    pays = {}
    for key, ratio in bonus["pays"].items():
        category = CATEGORY_OF_KEY.get(key)
        if category is None or category < rules.bonus_from:
            raise IllegalAction(
                gettext_noop("The bonus pays from %(hand)s up, named like %(example)s."),
                hand=poker_hands.NAMES[rules.bonus_from],
                example=CATEGORY_KEYS[rules.bonus_from],
            )
        try:
            exact = boxes.ratio_of(ratio) if isinstance(ratio, str) else None
        except (ValueError, ZeroDivisionError):
            exact = None
        if exact is None or exact <= 0:
            raise IllegalAction(gettext_noop('A bonus pays a ratio above 0, like "50:1".'))
        pays[key] = ratio
    if not pays:
        raise IllegalAction(gettext_noop("The bonus pays at least one hand."))
    return {"stake": stake, "pays": pays}
