"""The conformance suite's parts that are not the table (tests/tables/engines/conformance.py):
what a view may not hold (card and token mentions), the actions no engine may take for anything
but ``IllegalAction``, the escrow kept beside a hand, and a hand's record for the replay."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field

from tables.engines.base import (
    SEAT,
    Party,
)

MAIN_KIND = "main"  # a box hand's stake (tables.families.house.boxes.MAIN)
CARD_CODE = re.compile(r"[2-9TJQKA][SHDC]|JK")
TOKEN = re.compile(r"[0-9A-Za-z]+")
# Actions no engine may take for anything but an IllegalAction.
MALFORMED_ACTIONS = (
    None,
    "pass",
    7,
    [],
    {},
    {"type": None},
    {"type": 7},
    {"type": ["bet"]},
    {"type": "no such action"},
)
# Put into a legal action's fields: the engine may accept the result or refuse it with
# IllegalAction, never crash on it.
ODD_VALUES = (None, "x", -1, 0, 10**12, 1.5, True, [], {}, ["??"], {"type": "x"})
SEATS_NEVER_SEATED = (-1, 99)
# The next undealt cards looked for, in order, in every list and string of a view. Fewer than
# three could match a public list by chance when a shoe holds several decks; a single-deck leak
# that short is caught by the card counts anyway.
UNDEALT_PROBE = (3, 8)


def as_json(value):
    """The value as the actor stores or sends it (JSON text and back): a state that does not
    survive this would not survive the database."""
    return json.loads(json.dumps(value))


def token_pattern(engine) -> re.Pattern:
    """What a secret of the engine's looks like: a card code, unless the engine says otherwise
    (``token_pattern``: dice faces as ``tables.engines.dice`` tokens)."""
    pattern = getattr(engine, "token_pattern", None)
    return re.compile(pattern) if pattern else CARD_CODE


def _is_card(text, pattern: re.Pattern = CARD_CODE) -> bool:
    return isinstance(text, str) and _is_card_text(text, pattern)


# The views of a hand repeat the same strings step after step and seat after seat: what each
# string holds is worked out once (the checks after every step were most of a long session's
# time, issue 51).
@functools.lru_cache(maxsize=1 << 16)
def _is_card_text(text: str, pattern: re.Pattern) -> bool:
    return pattern.fullmatch(text) is not None


@functools.lru_cache(maxsize=1 << 16)
def _card_words(text: str, pattern: re.Pattern) -> tuple[str, ...]:
    """The words of ``text`` that are cards, in order."""
    return tuple(word for word in TOKEN.findall(text) if _is_card_text(word, pattern))


def card_mentions(value, skip: list | None = None, pattern: re.Pattern = CARD_CODE) -> Counter:
    """How many times each card code (or the engine's token) is written in ``value`` (a view):
    as a string, a key, or a word of a longer string ("7H,8S"). A list equal to ``skip`` (the
    seat's legal actions, which are checked on their own) is not counted."""
    # a loop over a stack, not a call a node: a view of a full craps table is ~500 nodes, walked
    # for each seat after every step (issue 51: the walk was 40 % of a long session's time)
    # (by exact type: a view is JSON's types only, ``as_json``, and the walk's three isinstance
    # calls a node were a fifth of it)
    words: list[str] = []
    stack = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is str:
            words += _cards_written(node, pattern)
        elif kind is dict:
            for key, item in node.items():
                if type(key) is str:
                    words += _cards_written(key, pattern)
                stack.append(item)
        elif kind is list:
            if not (skip and node == skip):
                stack += node
        elif kind not in LEAVES:
            stack.append(_plain(node))
    return Counter(words)


LEAVES = frozenset((int, float, bool, type(None)))


def _plain(node):
    """A subclass of str, dict or list (an enum's member, say) as its plain type; anything
    else as nothing to look in."""
    for plain in (str, dict, list):
        if isinstance(node, plain):
            return plain(node)
    return None


@functools.lru_cache(maxsize=1 << 16)
def _cards_written(text: str, pattern: re.Pattern) -> tuple[str, ...]:
    """The cards a string of a view writes: itself if it is one, else its card words."""
    if _is_card_text(text, pattern):
        return (text,)
    return _card_words(text, pattern) if len(text) > 2 else ()


def card_sequences(value, pattern: re.Pattern = CARD_CODE, shortest: int = 0) -> list[list]:
    """Every list's cards and every string's card words, in order (each list's, then its
    items', depth first), those of at least ``shortest`` cards (a probe of three undealt cards
    is not in a shorter one: the empty and short ones were most of the sequences of a view, and
    looking in each most of a long craps session's checks, issue 51)."""
    found: list[list] = []
    stack = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is str:
            if len(node) >= shortest * 2:  # (a card or token is two characters or more)
                words = _card_words(node, pattern)
                if len(words) >= shortest:
                    found.append(list(words))
        elif kind is dict:
            for key, item in reversed(node.items()):
                stack.append(item)
                stack.append(key)
        elif kind is list:
            if len(node) >= shortest:
                cards = [item for item in node if _is_card(item, pattern)]
                if len(cards) >= shortest:
                    found.append(cards)
            stack += reversed(node)
        elif kind not in LEAVES:
            stack.append(_plain(node))
    return found


def _within(action: dict, actions: list[dict]) -> bool:
    """Whether ``action`` names an amount inside a range ``actions`` name by its two ends (the
    same action but its amount): every whole amount between is legal too."""
    amount = action.get("amount") if isinstance(action, dict) else None
    if not isinstance(amount, int) or isinstance(amount, bool):
        return False
    shape = {k: v for k, v in action.items() if k != "amount"}
    ends = [
        a["amount"]
        for a in actions
        if isinstance(a.get("amount"), int)
        and {k: v for k, v in a.items() if k != "amount"} == shape
    ]
    return bool(ends) and min(ends) <= amount <= max(ends)


def contains_run(sequence: list, run: list) -> bool:
    if len(sequence) < len(run):
        return False
    return any(sequence[i : i + len(run)] == run for i in range(len(sequence) - len(run) + 1))


# --- the ledger -----------------------------------------------------------------------------


@dataclass
class Escrow:
    """One escrow scope's pots as the ledger would hold them (``escrow_key``): the balance of
    each pot, and who paid into and took out of each."""

    key: str
    balances: Counter = field(default_factory=Counter)
    paid_in: dict[str, Counter] = field(default_factory=dict)
    paid_out: dict[str, Counter] = field(default_factory=dict)

    def assert_empty(self, when: str) -> None:
        left = {name: amount for name, amount in self.balances.items() if amount}
        assert not left, f"(c) {when}, the pots of escrow {self.key!r} still hold {left}"


def _seat_of(party: str) -> int | None:
    parsed = Party.parse(party)
    return parsed.key if parsed.kind == SEAT else None


# --- the record of a hand, for the replay ------------------------------------------------------


@dataclass
class Step:
    hook: str  # apply, apply_timeout, apply_leave, apply_absent or apply_void
    seat: int | None
    action: object
    taken: list[int]
    state: dict
    events: list


@dataclass
class HandRecord:
    initial: dict
    start_events: list
    steps: list[Step] = field(default_factory=list)
