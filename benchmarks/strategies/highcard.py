"""High card for the return harness (``benchmarks/rtp.py highcard``).

High card is our own test game: there is no rules file and no § (tables/engines/highcard.py's
docstring says so), so every line of the pay table below cites that docstring ("HC doc").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

GAME = "highcard"
DECKS = 6
PLAYERS = 6
CONFIG = {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": DECKS, "penetration": 0.75}
RULES = "tables/engines/highcard.py docstring (HC doc: our own game, no § applies)"

# The bet kinds, in the order printed: the ante every seat pays, and the box bet.
KINDS = ("ante", "bet")

# The pay table: (key, kind, what pays, where the rule is written). Losing lines are listed too,
# so the lines of a kind cover every outcome of it.
LINES = (
    ("rank_won", "bet", "box: higher rank than the dealer, paid 1:1", "HC doc, 3rd rule"),
    ("die_won", "bet", "box: equal rank, die 4-6, paid 1:1", "HC doc, 3rd rule"),
    ("die_lost", "bet", "box: equal rank, die 1-3, lost", "HC doc, 3rd rule"),
    ("rank_lost", "bet", "box: lower rank than the dealer, lost", "HC doc, 3rd rule"),
    ("ante_one", "ante", "ante pot: one highest card takes it", "HC doc, 4th rule"),
    ("ante_split", "ante", "ante pot: equal highest cards split it", "HC doc, 4th rule"),
    ("ante_house", "ante", "ante pot: nobody bet, to the house", "HC doc, 4th rule"),
)


# --- strategies: (state, seat, legal actions, rng) -> one action -------------------------------


def _bet_range(legal: list[dict]) -> tuple[int, int]:
    amounts = [a["amount"] for a in legal if a["type"] == "bet"]
    return min(amounts), max(amounts)


def minimum(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """Every seat bets the minimum, every hand."""
    return {"type": "bet", "amount": _bet_range(legal)[0]}


def maximum(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """Every seat bets the maximum, every hand."""
    return {"type": "bet", "amount": _bet_range(legal)[1]}


RANDOM_PASS = Fraction(1, 2)


def coin(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """Passes one time in two, else bets a whole amount drawn evenly from the range (never
    looking at a card: nothing is dealt before everyone has decided)."""
    if rng.random() < RANDOM_PASS:
        return {"type": "pass"}
    low, high = _bet_range(legal)
    return {"type": "bet", "amount": rng.randint(low, high)}


STRATEGIES: dict[str, Callable] = {"minimum": minimum, "maximum": maximum, "coin": coin}
PASS_CHANCE = {"minimum": Fraction(0), "maximum": Fraction(0), "coin": RANDOM_PASS}


# --- a hand's events read as stakes, returns and lines ---------------------------------------


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}); a line's returned is what the players got back on it, stakes included."""
    rolls = {e["seat"]: e["die"] for e in events if e.get("type") == "roll"}
    for event in events:
        kind = event.get("type")
        if kind == "payment":
            reason, amount = event["reason"], event["amount"]
            if reason == "ante":
                kinds["ante"][0] += amount
            elif reason == "bet":
                kinds["bet"][0] += amount
            elif reason in ("box won", "box returned"):
                kinds["bet"][1] += amount
                position = int(event["target"].partition(":")[2])
                line = "die_won" if position in rolls else "rank_won"
                lines[line][1] += amount
                if reason == "box won":
                    lines[line][0] += 1
            elif reason == "box lost":
                position = int(event["source"].partition(":box")[2])
                lines["die_lost" if position in rolls else "rank_lost"][0] += 1
            elif reason == "ante pot won":
                kinds["ante"][1] += amount
            elif reason == "ante pot, nobody bet":
                lines["ante_house"][0] += 1
        elif kind == "hand_over":
            winners = event["result"]["ante_winners"]
            if winners:
                line = "ante_one" if len(winners) == 1 else "ante_split"
                lines[line][0] += 1
                lines[line][1] += sum(
                    e["amount"]
                    for e in events
                    if e.get("type") == "payment" and e["reason"] == "ante pot won"
                )


# --- the exact return ------------------------------------------------------------------------


def exact(strategy: str) -> dict:
    """The return per unit staked and each box line's chance, worked out from the rules.

    The box: the shoe is a uniform shuffle and which positions reach a box or the dealer depends
    on the number of bettors only, never on a card, so a box's card and the dealer's are a
    uniformly drawn pair of distinct cards of the 52 x 6 = 312: equal ranks with chance
    (4 x 6 - 1) / 311 = 23/311, and a higher rank as likely as a lower one, (1 - 23/311) / 2 =
    144/311 each. Equal ranks roll a die, won on 4-6 (1/2). A box is won with chance
    144/311 + 23/311 x 1/2 = 311/622 = 1/2 and a win returns twice the stake, so the box
    returns 2 x 1/2 = 1 per unit staked, whatever the amount (the house has no edge).

    The ante: the pot of every seat's ante goes back whole to the highest card(s) among the
    bettors, or to the house if nobody bet: with every seat passing with chance p, the players
    get back 1 - p^6 of what they staked (minimum and maximum: 1; coin: 1 - 1/64 = 63/64).
    """
    tie = Fraction(DECKS * 4 - 1, DECKS * 52 - 1)
    higher = (1 - tie) / 2
    die_wins = Fraction(3, 6)
    won = higher + tie * die_wins
    nobody_bets = PASS_CHANCE[strategy] ** PLAYERS
    return {
        "return": {"ante": 1 - nobody_bets, "bet": 2 * won},
        "chance": {  # per box dealt
            "rank_won": higher,
            "die_won": tie * die_wins,
            "die_lost": tie * (1 - die_wins),
            "rank_lost": higher,
        },
        "contribution": {  # per unit staked on boxes: a win returns twice the stake
            "rank_won": 2 * higher,
            "die_won": 2 * tie * die_wins,
            "die_lost": Fraction(0),
            "rank_lost": Fraction(0),
            "ante_house": Fraction(0),  # the house keeps it: nothing back to the players
        },
        "per_hand": {"ante_house": nobody_bets},
    }
