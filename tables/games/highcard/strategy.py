"""High card for the return harness (``benchmarks/rtp.py highcard``).

High card is our own test game: there is no rules file and no § (tables/games/highcard/engine.py's
docstring says so), so every line of the pay table below cites that docstring ("HC doc").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tables.engines.cards import rank_value

GAME = "highcard"
DECKS = 6
PLAYERS = 6
CONFIG = {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": DECKS, "penetration": 0.75}
RULES = "tables/games/highcard/engine.py docstring (HC doc: our own game, no § applies)"

# The config of a strategy that plays the house-banked parts: the same-rank side bet, ties to
# the house (the table's choice that gives the house its edge, HC doc), no card changes.
SAME_CONFIG = {**CONFIG, "ties": "house", "side_bets": {"same": [100, 1_000]}}
# ... and with card changes (bought for half the stake) on top
SWITCH_CONFIG = {**SAME_CONFIG, "switch": True}

# The bet kinds, in the order printed: the ante every seat pays, the box bet, the same-rank side
# bet and the card-change fees.
KINDS = ("ante", "bet", "same", "fee")
PER_BOX_KINDS = ("bet", "same")  # a box and its same-rank bet: how often per box

# The pay table: (key, kind, what pays, where the rule is written). Losing lines are listed too,
# so the lines of a kind cover every outcome of it.
LINES = (
    ("rank_won", "bet", "box: higher rank than the dealer, paid 1:1", "HC doc, settlement"),
    ("die_won", "bet", "box: equal rank, die 4-6, paid 1:1", "HC doc, settlement"),
    ("die_lost", "bet", "box: equal rank, die 1-3, lost", "HC doc, settlement"),
    ("tie_house", "bet", "box: equal rank, ties to the house, lost", "HC doc, settlement"),
    ("rank_lost", "bet", "box: lower rank than the dealer, lost", "HC doc, settlement"),
    ("same_won", "same", "same rank as the dealer, paid 11:1", "HC doc, settlement"),
    ("same_lost", "same", "same rank: another rank, lost", "HC doc, settlement"),
    ("ante_one", "ante", "ante pot: one highest card takes it", "HC doc, ante pot"),
    ("ante_split", "ante", "ante pot: equal highest cards split it", "HC doc, ante pot"),
    ("ante_house", "ante", "ante pot: nobody bet, to the house", "HC doc, ante pot"),
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


def _with_side(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """The betting of a seat playing one box of the minimum and a same-rank bet of the
    minimum on it: a box first (its own, keeping the betting open), then the side bet, then
    done. None in the card-change phase."""
    types = {a["type"] for a in legal}
    if "stand" in types:
        return None
    sides = [a for a in legal if a["type"] == "side"]
    boxes = [a for a in legal if a["type"] == "bet" and "box" in a and not a.get("dark")]
    owned = any(b["owner"] == seat for b in state["boxes"].values())
    if not owned:
        low = min(a["amount"] for a in boxes)
        home = [a for a in boxes if a["box"] == seat and a["amount"] == low]
        return home[0] if home else next(a for a in boxes if a["amount"] == low)
    if sides:
        return min(sides, key=lambda a: a["amount"])
    return {"type": "pass"}


def same(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """One box of the minimum and a same-rank bet of the minimum on it, every hand."""
    return _with_side(state, seat, legal) or {"type": "stand", "box": legal[0]["box"]}


SWITCH_UP_TO = 4  # the rank (2-14) at and below which a card is changed


def switch(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """As ``same``, and a card of rank 4 or lower is changed (the change pays when the box's
    expected result is below minus the fee: ranks 2-4 with ties to the house)."""
    chosen = _with_side(state, seat, legal)
    if chosen is not None:
        return chosen
    box = legal[0]["box"]
    card = state["boxes"][str(box)]["card"]
    kind = "switch" if rank_value(card) <= SWITCH_UP_TO else "stand"
    return {"type": kind, "box": box}


STRATEGIES: dict[str, Callable] = {
    "minimum": minimum,
    "maximum": maximum,
    "coin": coin,
    "same": same,
    "switch": switch,
}
CONFIGS = {"same": SAME_CONFIG, "switch": SWITCH_CONFIG}
PASS_CHANCE = {"minimum": Fraction(0), "maximum": Fraction(0), "coin": RANDOM_PASS}


def config_for(strategy: str) -> dict:
    """The table's settings a strategy is played at."""
    return CONFIGS.get(strategy, CONFIG)


# --- a hand's events read as stakes, returns and lines ---------------------------------------


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}); a line's returned is what the players got back on it, stakes included. Which
    line a box is on is read from the hand's result (its card, the dealer's, the die)."""
    box_returned: dict[str, int] = {}  # a box's stakes paid back (a won box's)
    ante_won = 0
    result = None
    for event in events:
        if event.get("type") == "hand_over":
            result = event["result"]
        if event.get("type") != "payment":
            continue
        reason, amount, source = event["reason"], event["amount"], event["source"]
        if reason == "ante":
            kinds["ante"][0] += amount
        elif reason in ("bet", "bet behind"):
            kinds["bet"][0] += amount
        elif reason == "same":
            kinds["same"][0] += amount
        elif reason == "switch fee" and event["target"].startswith("pot"):
            kinds["fee"][0] += amount
        elif reason in ("box won", "box returned"):
            kinds["bet"][1] += amount
            if reason == "box returned":  # pot:b<box>:s<seat>
                box = source.partition(":b")[2].partition(":")[0]
                box_returned[box] = box_returned.get(box, 0) + amount
        elif reason in ("same won", "same returned"):
            kinds["same"][1] += amount
            lines["same_won"][1] += amount
            lines["same_won"][0] += reason == "same returned"
        elif reason == "same lost":
            lines["same_lost"][0] += 1
        elif reason == "ante pot won":
            kinds["ante"][1] += amount
            ante_won += amount
        elif reason == "ante pot, nobody bet":
            lines["ante_house"][0] += 1
    if result is None or result.get("void"):
        return
    dealer = rank_value(result["dealer_card"]) if result["dealer_card"] else None
    for number, box in result["boxes"].items():
        tie = rank_value(box["card"]) == dealer
        if box["won"]:
            line = "die_won" if tie else "rank_won"
            # a won box returns its stakes twice: once back, once won (1:1)
            lines[line][1] += 2 * box_returned.get(number, 0)
        elif tie:
            line = "die_lost" if box.get("die") else "tie_house"
        else:
            line = "rank_lost"
        lines[line][0] += 1
    if result["ante_winners"]:
        line = "ante_one" if len(result["ante_winners"]) == 1 else "ante_split"
        lines[line][0] += 1
        lines[line][1] += ante_won


# --- the exact return ------------------------------------------------------------------------


def exact(strategy: str) -> dict:
    """The return per unit staked and each box line's chance, worked out from the rules.

    The box: the shoe is a uniform shuffle and which positions reach a box or the dealer depends
    on the number of bettors only, never on a card (no card is changed), so a box's card and the
    dealer's are a uniformly drawn pair of distinct cards of the 52 x 6 = 312: equal ranks with
    chance (4 x 6 - 1) / 311 = 23/311, and a higher rank as likely as a lower one,
    (1 - 23/311) / 2 = 144/311 each. A won box returns twice its stake.
    - Ties by the die (minimum, maximum, coin): won on 4-6 (1/2), so a box is won with chance
      144/311 + 23/311 x 1/2 = 1/2 and returns 2 x 1/2 = 1 per unit staked (no house edge).
    - Ties to the house (same): a box is won with chance 144/311 and returns 288/311.
    - The same-rank bet pays 11:1, returning 12 times its stake with chance 23/311: 276/311.
    - With card changes (switch) which cards reach a box depends on the cards changed before:
      no exact value is worked out (the harness's measure stands alone).

    The ante: the pot of every seat's ante goes back whole to the highest card(s) among the
    bettors, or to the house if nobody bet: with every seat passing with chance p, the players
    get back 1 - p^6 of what they staked (minimum, maximum, same, switch: 1; coin: 63/64).
    """
    tie = Fraction(DECKS * 4 - 1, DECKS * 52 - 1)
    higher = (1 - tie) / 2
    nobody_bets = PASS_CHANCE.get(strategy, Fraction(0)) ** PLAYERS
    if strategy == "switch":
        return {
            "return": {"ante": 1 - nobody_bets},
            "chance": {},
            "contribution": {},
            "per_hand": {},
        }
    if config_for(strategy).get("ties") == "house":
        return {
            "return": {"ante": 1 - nobody_bets, "bet": 2 * higher, "same": 12 * tie},
            "chance": {  # per box dealt
                "rank_won": higher,
                "tie_house": tie,
                "rank_lost": higher,
                "same_won": tie,
            },
            "contribution": {
                "rank_won": 2 * higher,
                "tie_house": Fraction(0),
                "rank_lost": Fraction(0),
                "same_won": 12 * tie,
                "same_lost": Fraction(0),
            },
            "per_hand": {"ante_house": nobody_bets},
        }
    die_wins = Fraction(3, 6)
    won = higher + tie * die_wins
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
