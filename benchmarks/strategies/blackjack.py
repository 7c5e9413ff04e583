"""Blackjack for the return harness (``benchmarks/rtp.py blackjack``).

The engine is ``tables/engines/blackjack.py`` (CG §90-§105, ../shared/rules/blackjack.md) on
``tables/engines/twentyone.py``; the best play is computed in ``benchmarks/strategies/
twentyone.py`` (two-card composition dependent, its docstring tells the approximation) and
mapped here onto the engine's legal actions. Every seat plays one box of the minimum.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from benchmarks.strategies import twentyone as best

GAME = "blackjack"
DECKS = 6
PLAYERS = 6
CONFIG = {
    "min_bet": 100,
    "max_bet": 5_000,
    "decks": DECKS,
    "boxes": 7,
    "player_cut": False,
    "bets_behind": False,
}
RULES = "CG §90-§105, ../shared/rules/blackjack.md"

# The bet kinds: the box (first stakes, doubles and splits) and insurance.
KINDS = ("bet", "insurance")

# The pay table: (key, kind, what pays, where the rule is written). Hand lines are counted per
# hand of a box not split; split boxes go to "split" whatever their hands' outcomes.
LINES = (
    ("natural", "bet", "natural, paid 3:2", "§99"),
    ("won", "bet", "won, paid 1:1", "§100"),
    ("push", "bet", "push, stake back", "§100, §103"),
    ("lost", "bet", "lost to a higher total", "§100"),
    ("bust", "bet", "bust, lost", "§93"),
    ("surrendered", "bet", "surrender: half back (all lost to a natural)", "§102, B6"),
    ("even money", "bet", "even money on a natural, paid 1:1", "§103"),
    ("double", "bet", "doubled hands (stake added)", "§98"),
    ("split", "bet", "split boxes (all hands)", "§96, §97, B4"),
    ("insurance_won", "insurance", "insurance won, paid 2:1", "§103"),
    ("insurance_lost", "insurance", "insurance lost", "§103"),
)


def _minimum_bet(legal: list[dict]) -> dict:
    plain = [a for a in legal if a["type"] == "bet" and "box" not in a]
    return min(plain, key=lambda a: a["amount"])


def _play(state: dict, seat: int, legal: list[dict], insure: bool) -> dict:
    types = {a["type"] for a in legal}
    if "bet" in types:
        return _minimum_bet(legal)
    up = state["dealer"]["cards"][0]
    if "done" in types or "insurance" in types or "even_money" in types:
        for a in legal:
            box = state["boxes"][str(a.get("box"))] if "box" in a else None
            cards = box["hands"][0]["cards"] if box else None
            if a["type"] == "even_money" and insure and best.take_even_money(GAME, cards, up):
                return a
            if a["type"] == "insurance" and insure and best.take_insurance(GAME, cards, up):
                return a
            if a["type"] == "surrender" and box is not None:
                move = best.best_move(GAME, cards, up, {"hit", "stand", "double", "surrender"})
                if move == "surrender":
                    return a
        return next(a for a in legal if a["type"] == "done")
    if "decline" in types or "stay" in types:  # a staker behind: not played here
        return legal[0]
    number, index = state["turn"]
    box = state["boxes"][str(number)]
    hand = box["hands"][index]
    move = best.best_move(GAME, hand["cards"], up, types, split=len(box["hands"]) > 1)
    return next(a for a in legal if a["type"] == move)


def best_play(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """The computed best play (never insurance nor even money: their values are negative)."""
    return _play(state, seat, legal, insure=True)


STRATEGIES: dict[str, Callable] = {"best": best_play}


def config_for(strategy: str) -> dict:
    return CONFIG


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}). Stakes are payments from a seat to a pot; returns anything paid to a seat. A box's
    returns (each seat plays its own box, the seat's number) go to the line of its outcome."""
    box_returned: dict[str, int] = {}
    insured: dict[str, int] = {}
    result = None
    for event in events:
        if event.get("type") == "hand_over":
            result = event["result"]
        if event.get("type") != "payment":
            continue
        reason, amount = event["reason"], event["amount"]
        source, target = event["source"], event["target"]
        kind = "insurance" if "insurance" in reason else "bet"
        if source.startswith("seat:") and target.startswith("pot"):
            kinds[kind][0] += amount
            if kind == "insurance":
                insured[target] = amount
            elif "double" in reason:
                lines["double"][0] += 1
        elif target.startswith("seat:"):  # back from its pot, or won from the bank
            kinds[kind][1] += amount
            if kind == "insurance":
                lines["insurance_won"][0] += 1
                lines["insurance_won"][1] += amount
                insured.pop(source, None)
            else:
                # each seat plays its own box only (a plain bet: box number = seat number)
                box = target.partition(":")[2]
                box_returned[box] = box_returned.get(box, 0) + amount
    lines["insurance_lost"][0] += len(insured)
    if result is None or result.get("void"):
        return
    for number, box in result["boxes"].items():
        hands = box["hands"]
        if len(hands) > 1:
            lines["split"][0] += 1
            lines["split"][1] += box_returned.get(number, 0)
            continue
        outcome = hands[0].get("outcome")
        if outcome in lines:
            lines[outcome][0] += 1
            lines[outcome][1] += box_returned.get(number, 0)


def exact(strategy: str) -> dict:
    """The computed return of the best play (``twentyone.expected_return``: two-card composition
    dependent, six decks), per unit staked on boxes."""
    value = best.expected_return(GAME)
    return {
        "return": {"bet": Fraction(value["return"]).limit_denominator(10**9)},
        "chance": {},
        "contribution": {},
        "per_hand": {},
    }
