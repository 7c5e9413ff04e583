"""Dice shared by craps and dice blackjack: faces drawn before the bets close and committed to
like a deck (issue 35, build 1).

A committed face is a *token*, ``<slot>d<face>``: ``3d5`` is slot 3 showing 5. The slot makes
every token of a commitment unique, so a view that shows a coming roll shows its tokens in order
and the conformance suite finds them (``TOKEN_PATTERN``, read by checks (b) and (g) through an
engine's ``token_pattern``), while faces already thrown travel as plain numbers.

- **A set** (craps, DG §2.2, §3, §4): five numbered dice on the table; each roll of a hand has one
  face per die drawn when the hand starts (``roll_set``). The shooter picks two of the five and
  the roll is those two dice's committed faces (``faces_of``). Slot = the die's number, 1–5.
- **A tape** (dice blackjack, rulings X3, X4): the round's throws drawn at the start and used in
  order, like a shoe (``new_tape``, ``throw``). Slot = the face's place on the tape, from 1.

The record a commitment publishes is the tokens joined by commas (``record``), exactly as a deck
record is the card codes joined by commas, so ``verifyhands`` and the recall page check rolls as
they check decks.
"""

from __future__ import annotations

import random
import re

FACES = 6
SET_SIZE = 5  # dice of one colour and one number on a craps table (DG §2.2)
TOKEN_PATTERN = r"[1-9][0-9]{0,2}d[1-6]"
TOKEN = re.compile(TOKEN_PATTERN)


def commits_dice(engine) -> bool:
    """Whether an engine's commitments cover dice faces (its secrets are these tokens), not a
    deck's order: the board and the recall page say "dice" for it."""
    return getattr(engine, "token_pattern", None) == TOKEN_PATTERN


def roll(rng: random.Random, count: int = 2, sides: int = FACES) -> list[int]:
    """``count`` faces of ``sides``-sided dice. From a ``random.Random``, the very numbers
    ``randint(1, sides)`` gives (it is ``1 + _randbelow(sides)``) without its checks, which
    were most of drawing a round's tape (issue 50); any other source (``base.Draws``, a
    ``randint`` of its own, as the tests' scripted dice) through its ``randint``."""
    if type(rng) is random.Random and _BELOW_BY_BITS:
        # ``_randbelow_with_getrandbits`` written out: a die's bits drawn, drawn again while
        # too high (the same numbers from the same generator, a call per die fewer)
        getrandbits = rng.getrandbits
        bits = sides.bit_length()
        faces = []
        for _ in range(count):
            drawn = getrandbits(bits)
            while drawn >= sides:
                drawn = getrandbits(bits)
            faces.append(1 + drawn)
        return faces
    if isinstance(rng, random.Random) and type(rng).randint is random.Random.randint:
        below = rng._randbelow
        return [1 + below(sides) for _ in range(count)]
    return [rng.randint(1, sides) for _ in range(count)]


# whether a ``random.Random`` draws below a bound by its bits (CPython's, unless a subclass
# replaces ``random``): what ``roll`` writes out for it
_BELOW_BY_BITS = random.Random._randbelow is random.Random._randbelow_with_getrandbits


def token(slot: int, face: int) -> str:
    return f"{slot}d{face}"


def face_of(text: str) -> int:
    if not TOKEN.fullmatch(text):
        raise ValueError(f"not a die token: {text!r}")
    return int(text.rpartition("d")[2])


def record(faces: list[int], first_slot: int = 1) -> str:
    """The commitment record of ``faces`` in slots from ``first_slot``."""
    return ",".join(tokens(faces, first_slot))


def tokens(faces: list[int], first_slot: int = 1) -> list[str]:
    return [token(slot, face) for slot, face in enumerate(faces, first_slot)]


def faces_from_record(text: str) -> list[int]:
    return [face_of(item) for item in text.split(",")] if text else []


# --- a set of numbered dice (craps) ------------------------------------------------------------


def roll_set(rng: random.Random, size: int = SET_SIZE) -> list[int]:
    """One roll's committed faces: one per numbered die of the set, die n at index n - 1."""
    return roll(rng, size)


def faces_of(faces: list[int], chosen: list[int]) -> list[int]:
    """The faces of the dice ``chosen`` (numbers from 1) in the set's committed ``faces``."""
    return [faces[number - 1] for number in chosen]


# --- a tape of throws (dice blackjack) -----------------------------------------------------------


def new_tape(rng: random.Random, throws: int, dice_per_throw: int = 2) -> dict:
    """``throws`` throws of ``dice_per_throw`` dice, drawn now and used in order."""
    return {"faces": roll(rng, throws * dice_per_throw), "next": 0, "per_throw": dice_per_throw}


def throw(tape: dict) -> tuple[dict, list[int]]:
    """The next throw off the tape, and the tape after it (a new dict; the old one unchanged)."""
    start, size = tape["next"], tape["per_throw"]
    if start + size > len(tape["faces"]):
        raise ValueError("the tape has no throw left")
    return {**tape, "next": start + size}, tape["faces"][start : start + size]


def tape_record(tape: dict) -> str:
    return record(tape["faces"])


def unthrown(tape: dict) -> list[str]:
    """The tokens still to come, in order: what no view may hold."""
    return tokens(tape["faces"][tape["next"] :], tape["next"] + 1)


def thrown(tape: dict) -> int:
    return tape["next"] // tape["per_throw"]
