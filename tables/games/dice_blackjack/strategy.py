"""Dice blackjack for the return harness (``benchmarks/rtp.py dice_blackjack``) and the engine
benchmark (``tables/games/dice_blackjack/bench.py``).

The engine is ``tables/games/dice_blackjack/engine.py`` (DG §6–§10,
../shared/rules/dice-blackjack.md, X1–X8). One player plays one box of the minimum every round.
After his first throw (2–12, which never busts, X4) his one decision is to stop or throw two more
dice; the dealer's play is fixed (X3: again under 7, standing on 7–12, at most two throws) and his
dice are independent of the player's, so his final total has one exact distribution
(``dealer_distribution``) and the best decision for each first total is found by exact enumeration:

- stopping on t returns P(dealer over 12) + P(dealer < t) − P(t < dealer ≤ 12) per unit (X1,
  §10; a tie pushes, X2);
- throwing again from t returns the average over the 36 throws s of −1 if t + s > 12 (lost at
  once, §9, whatever the dealer throws) else stopping on t + s.

The strategies (``STRATEGIES``, the first the harness's default): ``best``, the enumeration's
rule (throw again exactly where it returns more: on 2–6, which is the dealer's own rule, X3);
``never``, always stop on the first throw; ``on_7``, the best rule and a throw on 7 too (what
one total more costs). ``exact`` works out each one's return and the
chance of each line from the same distributions; ``python -m tables.games.dice_blackjack.strategy``
prints the table of both choices by total.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

if __name__ == "__main__":  # run on its own
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tables.families.dice.chances import totals  # noqa: E402
from tables.games.dice_blackjack.engine import (  # noqa: E402
    DEALER_STANDS,
    MAX_THROWS,
    TARGET,
    current_box,
    dealer_throws_again,
)

GAME = "dice_blackjack"
PLAYERS = 1
CONFIG = {"min_bet": 100, "max_bet": 5_000}
RULES = "DG §9, §10, X1–X4, ../shared/rules/dice-blackjack.md"
KINDS = ("bet",)
LEGAL_ACTIONS = False  # the strategies read the state; the engine validates every action
LINES = (
    ("dealer_bust", "bet", "dealer over 12, box standing: 1:1", "X1"),
    ("higher", "bet", "higher total: 1:1", "§10"),
    ("push", "bet", "equal totals: stake back", "X2"),
    ("lower", "bet", "lower total: lost", "§10"),
    ("bust", "bet", "box over 12: lost at once", "§9"),
)
TOTALS = range(2, TARGET + 1)  # a first throw


def final_totals(again) -> dict[int, Fraction]:
    """A final total (over 12: a bust) after a first throw and, where ``again(first total)``, a
    second one (X3, X4: at most two throws)."""
    final: dict[int, Fraction] = {}
    for first, p in totals().items():
        if again(first):
            for second, q in totals().items():
                final[first + second] = final.get(first + second, 0) + p * q
        else:
            final[first] = final.get(first, 0) + p
    return final


@cache
def dealer_distribution() -> dict[int, Fraction]:
    """The dealer's final total (X3): his first throw, and a second under 7; over 12 is a bust."""
    return final_totals(dealer_throws_again)


def stop_value(total: int) -> Fraction:
    """What a unit staked returns beyond the stake, net, when the box stands on ``total``."""
    value = Fraction(0)
    for dealer, p in dealer_distribution().items():
        if dealer > TARGET or dealer < total:
            value += p
        elif dealer > total:
            value -= p
    return value


def throw_value(total: int) -> Fraction:
    """The same when the box throws again from ``total`` (its last throw, X4)."""
    return sum(
        (-p if total + s > TARGET else p * stop_value(total + s) for s, p in totals().items()),
        Fraction(0),
    )


@cache
def best_rule() -> frozenset[int]:
    """The first totals on which throwing again returns more than stopping."""
    return frozenset(t for t in TOTALS if throw_value(t) > stop_value(t))


RULE_OF = {
    "best": best_rule,
    "never": frozenset,
    "on_7": lambda: frozenset(t for t in TOTALS if t <= DEALER_STANDS),
}


def _strategy(name: str):
    def play(state: dict, seat: int, legal, rng: random.Random) -> dict:
        if state["phase"] == "betting":
            return {"type": "bet", "amount": CONFIG["min_bet"]}
        throws = state["boxes"][str(current_box(state))]["throws"]
        if not throws:
            return {"type": "throw"}
        again = sum(sum(pair) for pair in throws) in RULE_OF[name]()
        return {"type": "throw" if again and len(throws) < MAX_THROWS else "stop"}

    return play


STRATEGIES = {name: _strategy(name) for name in RULE_OF}


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one round to ``kinds`` ({kind: [staked, returned]}) from its payments and to
    ``lines`` ({line: [times, returned]}) from its result (each box's outcome)."""
    result = None
    for event in events:
        kind = event.get("type")
        if kind == "hand_over":
            result = event["result"]
        elif kind == "payment":
            if event["target"].startswith("pot") and event["reason"] == "bet":
                kinds["bet"][0] += event["amount"]
            elif event["target"].startswith("seat"):
                kinds["bet"][1] += event["amount"]
    if result is None or result.get("void"):
        return
    for box in result["boxes"].values():
        line = line_of(box["outcome"], result["dealer"])
        lines[line][0] += 1
        lines[line][1] += box["amount"] + box["net"]


def line_of(outcome: str, dealer: dict | None) -> str:
    if outcome == "won":
        return "dealer_bust" if dealer["bust"] else "higher"
    return {"push": "push", "lost": "lower", "bust": "bust"}[outcome]


def _finals(rule: frozenset[int]) -> dict[int, Fraction]:
    """The box's final total under ``rule`` (over 12: a bust)."""
    return final_totals(rule.__contains__)


def exact(strategy: str) -> dict:
    """The strategy's exact return per unit staked and each line's chance per box and what it
    returns per unit staked (stakes included), from the two independent distributions."""
    chance = dict.fromkeys((key for key, *_rest in LINES), Fraction(0))
    for player, p in _finals(RULE_OF[strategy]()).items():
        if player > TARGET:
            chance["bust"] += p
            continue
        for dealer, q in dealer_distribution().items():
            if dealer > TARGET:
                chance["dealer_bust"] += p * q
            elif player > dealer:
                chance["higher"] += p * q
            elif player == dealer:
                chance["push"] += p * q
            else:
                chance["lower"] += p * q
    returned_per = {"dealer_bust": 2, "higher": 2, "push": 1, "lower": 0, "bust": 0}
    contribution = {line: chance[line] * returned_per[line] for line in chance}
    rule = sorted(RULE_OF[strategy]())
    notes = [f"throws again on: {', '.join(map(str, rule)) or 'never'} (stops on the rest)"]
    return {
        "return": {"bet": sum(contribution.values())},
        "chance": chance,
        "contribution": contribution,
        "per_hand": {},
        "notes": notes,
    }


def table() -> list[str]:
    """The enumeration by first total: stopping's and throwing's exact values, and the choice."""
    rows = [f"{'first total':>11} {'chance':>8} {'stop':>9} {'throw':>9}  best"]
    for total in TOTALS:
        stop, again = stop_value(total), throw_value(total)
        choice = "throw" if again > stop else "stop"
        rows.append(
            f"{total:>11} {float(totals()[total]):>8.4f} {float(stop):>9.5f} "
            f"{float(again):>9.5f}  {choice}"
        )
    best = exact("best")["return"]["bet"]
    rows.append(
        f"return of the best rule: {float(best):.6f} ({best}), house edge "
        f"{float(1 - best) * 100:.3f} %"
    )
    return rows


if __name__ == "__main__":
    print("\n".join(table()))
