"""Blackjack Switch for the return harness (``benchmarks/rtp.py blackjack_switch``).

The engine is ``tables/games/blackjack_switch/engine.py`` (CG §69-§89, ../shared/rules/
blackjack-switch.md) on ``tables/families/twentyone/``; the best play, the surrenders and the
switch itself are computed in ``tables/families/twentyone/strategy/`` (``switch_plan``: both
arrangements' expectations, §70) and mapped here onto the engine's legal actions. Each of five
players bets the minimum on his two boxes and a Super Match of the minimum, measured on its own
(§85-§86: its own kind and lines); insurance is never taken (its value is negative).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tables.families.twentyone import strategy as best
from tables.games.blackjack_switch.engine import SUPER_MATCH, SUPER_MATCH_LINES

GAME = "blackjack_switch"
PLAYERS = 5
BOXES_A_PLAYER = 2
MINIMUM = 100
CONFIG = {
    "min_bet": MINIMUM,
    "max_bet": 5_000,
    "decks": 6,
    "player_cut": False,
    "side_bets": {SUPER_MATCH: [MINIMUM, 5_000]},
}
RULES = "CG §69-§89, ../shared/rules/blackjack-switch.md"

KINDS = ("bet", SUPER_MATCH)
COUNTED_KINDS = (SUPER_MATCH,)  # its lines count every Super Match: how often per bet

# (key, kind, what pays, where the rule is written); hand lines per hand of a box not split
LINES = (
    ("natural", "bet", "blackjack, paid 1:1 at once", "§83, S5"),
    ("won", "bet", "won, paid 1:1", "§72, S4"),
    ("stand-off", "bet", "the dealer's 22: live bets stand off", "§84"),
    ("push", "bet", "equal totals push (a natural against his too)", "S3, S4"),
    ("lost", "bet", "lost to a higher total or his natural", "§72, S3"),
    ("bust", "bet", "bust, lost", "§72"),
    ("surrendered", "bet", "surrender: half back", "§79, §80"),
    ("double", "bet", "doubled hands (stake added)", "§77"),
    ("split", "bet", "split boxes (all hands)", "§76, S8"),
    ("switched", "bet", "boxes switched (two a switch)", "§70, §71"),
    *(
        (f"match {name}", SUPER_MATCH, f"Super Match: {name}, paid {ratio}:1", "§86")
        for name, _shape, ratio in SUPER_MATCH_LINES
    ),
    ("match lost", SUPER_MATCH, "Super Match: nothing, lost", "§86"),
)


def _before_play(state: dict, seat: int, legal: list[dict]) -> dict:
    """Surrender per box and the switch, as ``switch_plan`` chooses them (§70, §80, S7)."""
    up = state["dealer"]["cards"][0]
    mine = sorted(int(n) for n, b in state["boxes"].items() if b["owner"] == seat)
    first, second = (state["boxes"][str(n)]["hands"][0]["cards"] for n in mine)
    plan = best.switch_plan(first, second, up)
    for index, number in enumerate(mine):
        if plan["surrender"][index] and {"type": "surrender", "box": number} in legal:
            return {"type": "surrender", "box": number}
    if plan["switch"] and {"type": "switch", "box": mine[0]} in legal:
        return {"type": "switch", "box": mine[0]}
    return {"type": "done"}


def best_play(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """The minimum on both boxes and on the Super Match, then the computed best play."""
    types = {a["type"] for a in legal}
    if "bet" in types:
        return min((a for a in legal if a["type"] == "bet"), key=lambda a: a["amount"])
    if "side" in types:
        return min((a for a in legal if a["type"] == "side"), key=lambda a: a["amount"])
    if "pass" in types:
        return {"type": "pass"}
    if "done" in types:
        return _before_play(state, seat, legal)
    number, index = state["turn"]
    box = state["boxes"][str(number)]
    hand = box["hands"][index]
    move = best.best_move(
        GAME,
        hand["cards"],
        state["dealer"]["cards"][0],
        types,
        split=len(box["hands"]) > 1,
        switched=bool(hand.get("switched")),
    )
    return next(a for a in legal if a["type"] == move)


STRATEGIES: dict[str, Callable] = {"best": best_play}


def config_for(strategy: str) -> dict:
    return CONFIG


def _box_of(pot: str) -> str | None:
    """The box of a hand's pot ("pot:b3:s1", "pot:b3:s1:h2"), None for a side bet's pot."""
    parts = pot.split(":")
    if len(parts) < 3 or not parts[1].startswith("b") or parts[-1] == SUPER_MATCH:
        return None
    return parts[1][1:]


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}): stakes are payments from a seat to a pot, returns anything paid to a seat. A
    box returns its stakes plus its hands' nets (the result's), the Super Match what was paid
    to its seat for it, each to the line of its outcome."""
    box_staked: dict[str, int] = {}
    match_returned: dict[str, int] = {}
    match_line: dict[str, str] = {}
    result = None
    for event in events:
        kind = event.get("type")
        if kind == "hand_over":
            result = event["result"]
        elif kind == "boxes_switched":
            lines["switched"][0] += 2
        elif kind == "side_result":
            match_line[f"seat:{event['seat']}"] = event["line"]
        if kind != "payment":
            continue
        reason, amount = event["reason"], event["amount"]
        source, target = event["source"], event["target"]
        match = SUPER_MATCH in reason
        if source.startswith("seat:"):
            kinds[SUPER_MATCH if match else "bet"][0] += amount
            box = None if match else _box_of(target)
            if box is not None:
                box_staked[box] = box_staked.get(box, 0) + amount
            if "double" in reason:
                lines["double"][0] += 1
        elif target.startswith("seat:"):
            kinds[SUPER_MATCH if match else "bet"][1] += amount
            if match:
                match_returned[target] = match_returned.get(target, 0) + amount
    for seat, line in match_line.items():
        key = f"match {line}" if line else "match lost"
        lines[key][0] += 1
        lines[key][1] += match_returned.get(seat, 0)
    if result is None or result.get("void"):
        return
    dealer_22 = result["dealer"]["total"] == "22"
    for number, box in result["boxes"].items():
        hands = box["hands"]
        returned = box_staked.get(number, 0) + sum(
            net for hand in hands for net in hand["nets"].values()
        )
        if len(hands) > 1:
            lines["split"][0] += 1
            lines["split"][1] += returned
            continue
        outcome = hands[0].get("outcome")
        if outcome == "push" and dealer_22:
            outcome = "stand-off"
        if outcome in lines:
            lines[outcome][0] += 1
            lines[outcome][1] += returned


def exact(strategy: str) -> dict:
    """The computed return of the best play on the boxes (``twentyone.expected_return``:
    two-card composition dependent, six decks), per unit staked on boxes; the Super Match's
    from the first four cards of a six-deck shoe."""
    value = best.expected_return(GAME)
    chances = super_match_chances(CONFIG["decks"])
    return {
        "return": {
            "bet": Fraction(value["return"]).limit_denominator(10**9),
            SUPER_MATCH: sum(
                chance * (1 + ratio)
                for (_name, _shape, ratio), chance in zip(
                    SUPER_MATCH_LINES, chances.values(), strict=False
                )
            ),
        },
        "chance": {f"match {name}": chance for name, chance in chances.items()},
        "contribution": {
            f"match {name}": chance * (1 + ratio)
            for (name, _shape, ratio), chance in zip(
                SUPER_MATCH_LINES, chances.values(), strict=False
            )
        },
        "per_hand": {},
    }


def super_match_chances(decks: int) -> dict[str, Fraction]:
    """Each Super Match line's exact chance (§86): the rank patterns of four cards from
    ``decks`` decks, in ``SUPER_MATCH_LINES``' order, then "lost"."""
    from math import comb

    per_rank = 4 * decks
    total = comb(52 * decks, 4)
    ways = {
        "four of a kind": 13 * comb(per_rank, 4),
        "two pairs": comb(13, 2) * comb(per_rank, 2) ** 2,
        "three of a kind": 13 * comb(per_rank, 3) * 12 * per_rank,
        "pair": 13 * comb(per_rank, 2) * comb(12, 2) * per_rank**2,
    }
    chances = {name: Fraction(ways[name], total) for name, _shape, _ratio in SUPER_MATCH_LINES}
    chances["lost"] = 1 - sum(chances.values())
    return chances
