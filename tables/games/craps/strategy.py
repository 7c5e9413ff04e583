"""Craps for the return harness (``benchmarks/rtp.py craps``): a hand is one roll.

One player holds every bet of §5 at once, roll after roll, all of them working on the come-out
where the rules let a player turn them on (a bet's return per decision is the same on or off;
on, it is decided more often). Every amount is 600 minor units (odds the most C4 allows behind a
line bet of 600: 600 on every point), so every pay of the pay table is exact and nothing is
rounded. The harness runs until every bet kind has had ``DECISIONS`` decisions.

A *decision* is a bet won or lost; a push (don't pass or don't come on the barred number, C1,
C2), a come bet moving to its number and come odds returned unplayed (C5) are not decisions: the
bet stays or comes back. Per decision: staked = the bet and the commission paid for it (buy,
lay: C8), returned = the bet and its win on a win, 0 on a loss. Come and don't come bets count
as the kind they were made as (``come``, ``dont_come``) wherever they travel, and come odds as
``odds_come``.

The exact returns come from the 36 outcomes of two dice through the engine's own ``decide``
(``exact``): a bet's decision distribution is the roll's, conditioned on a decision; a line bet
on the come-out continues at its point, a come bet at its number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tables.families.dice.chances import CHANCE, OUTCOMES
from tables.families.house.boxes import ratio_of
from tables.games.craps import bets
from tables.games.craps.bets import LOSE, MOVE, NUMBERS, WIN, decide
from tables.games.craps.shooter import THROW

GAME = "craps"
PLAYERS = 1
AMOUNT = 600
CONFIG = {"min_bet": 1, "max_bet": 1_000_000, "min_unit": 1}
RULES = "DG §5.1–§5.11, rulings C1–C13 (../shared/rules/craps.md)"
DECISIONS = 1_000_000  # per bet kind (issue 35)
LEGAL_ACTIONS = False  # the strategy reads the state; the engine validates every action
CARRIES_MONEY = True  # bets ride from roll to roll in the layout's pots
ONE_ROLL = ("field", *bets.ONE_ROLL_PROPS)
KINDS = (
    "pass",
    "odds_pass",
    "dont_pass",
    "come",
    "odds_come",
    "dont_come",
    *bets._numbered("place"),
    *bets._numbered("buy"),
    *bets._numbered("lay"),
    "field",
    "big_6",
    "big_8",
    *bets._numbered("hard", (4, 6, 8, 10)),
    *bets.ONE_ROLL_PROPS,
)
COUNTED_KINDS = KINDS  # a line's "how often" is per decision of its kind
PARAGRAPH = {
    "pass": ("§5.1", "1:1"),
    "odds_pass": ("§5.2, C4", "2:1, 3:2, 6:5"),
    "dont_pass": ("§5.4, C1, C3", "1:1, 12 barred"),
    "come": ("§5.3, C3", "1:1"),
    "odds_come": ("§5.3, C4, C5", "2:1, 3:2, 6:5"),
    "dont_come": ("§5.5, C2, C3", "1:1, 12 barred"),
    "field": ("§5.9", "1:1, 2 and 12 2:1"),
    "big_6": ("§5.10", "1:1"),
    "big_8": ("§5.10", "1:1"),
}
for _n in NUMBERS:
    _place = {4: "9:5", 10: "9:5", 5: "7:5", 9: "7:5", 6: "7:6", 8: "7:6"}[_n]
    _true = {4: "2:1", 10: "2:1", 5: "3:2", 9: "3:2", 6: "6:5", 8: "6:5"}[_n]
    _lay = {4: "1:2", 10: "1:2", 5: "2:3", 9: "2:3", 6: "5:6", 8: "5:6"}[_n]
    PARAGRAPH[f"place_{_n}"] = ("§5.6, C10", _place)
    PARAGRAPH[f"buy_{_n}"] = ("§5.7, C7, C8", f"{_true} less 5 %")
    PARAGRAPH[f"lay_{_n}"] = ("§5.8, C8, C9", f"{_lay} less 5 % of win")
for _kind, _pays in bets.PROPOSITIONS.items():
    PARAGRAPH[_kind] = ("§5.11, C13", _pays)
LINES = tuple(
    (f"{kind}_{result}", kind, f"{kind} {result}", f"{PARAGRAPH[kind][0]}: {PARAGRAPH[kind][1]}")
    for kind in KINDS
    for result in ("won", "lost")
)


def family(kind: str) -> str:
    """The kind a bet was made as: a come bet on its number is still a come bet."""
    for made_as in ("odds_come", "dont_come", "come"):
        if kind == made_as or kind.startswith(f"{made_as}_"):
            return made_as
    return kind


# --- the strategy ---------------------------------------------------------------------------


STANDING = tuple(k for k in KINDS if k.startswith(("place_", "buy_", "lay_", "big_", "hard_")))
COME_ODDS = {f"come_{n}": f"odds_come_{n}" for n in NUMBERS}


def _wanted(state: dict, mine: dict) -> list[str]:
    point = state["point"]
    wanted = ["pass", "dont_pass"] if point is None else ["come", "dont_come"]
    if point is not None and "pass" in mine:
        wanted.append("odds_pass")
    wanted += [odds for come, odds in COME_ODDS.items() if come in mine]
    return [*wanted, *STANDING, *ONE_ROLL]


def every_bet(state: dict, seat: int, legal, rng: random.Random) -> dict:
    """Every bet of §5 at 600, turned on where it may be (in a come-out's window); the shooter
    throws dice 1 and 2."""
    if state["phase"] == THROW:
        return {"type": "roll"} if state["chosen"] else {"type": "roll", "dice": [1, 2]}
    mine = {b["kind"]: b for b in state["bets"].values() if b["seat"] == seat}
    for kind in _wanted(state, mine):
        if kind not in mine:
            return {"type": "bet", "bet": kind, "amount": AMOUNT}
    for kind, bet in mine.items():  # turned on for a come-out (§5.6: on or off only then)
        if state["point"] is None and kind.startswith(bets.SWITCHABLE) and not bet.get("on"):
            return {"type": "working", "bet": kind, "on": True}
    return {"type": "done"}


STRATEGIES: dict[str, Callable] = {"every_bet": every_bet}


# --- a roll's events read as decisions ----------------------------------------------------------


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    for event in events:
        if event.get("type") != "resolved" or event["outcome"] not in (WIN, LOSE):
            continue
        kind = family(event["bet"])
        staked = event["amount"] + event.get("vig", 0)
        won = event["outcome"] == WIN
        returned = event["amount"] + event["won"] if won else 0
        kinds[kind][0] += staked
        kinds[kind][1] += returned
        line = lines[f"{kind}_{'won' if won else 'lost'}"]
        line[0] += 1
        line[1] += returned


def boxes_in(events: list[dict]) -> int:
    """Decisions in the roll (the harness's "boxes")."""
    return sum(1 for e in events if e.get("type") == "resolved" and e["outcome"] in (WIN, LOSE))


def decisions(lines: dict) -> dict[str, int]:
    """Decisions so far per kind, from the lines' counts."""
    return {kind: lines[f"{kind}_won"][0] + lines[f"{kind}_lost"][0] for kind in KINDS}


# --- exact returns from the 36 outcomes ---------------------------------------------------

BARRED = 12


def _ratio(kind: str, ratio) -> Fraction:
    return ratio_of(bets.PROPOSITIONS[kind]) if ratio is None else Fraction(ratio)


def resolved(kind: str, point: int | None) -> dict:
    """The final outcome of a bet of ``kind`` made now, conditioned on its being decided:
    {("win", ratio) or ("lose",): probability}. A line bet's come-out roll that sets a point
    continues at that point; a come bet that moves continues on its number."""
    final: dict = {}
    for total, hard in OUTCOMES:  # the 36 throws, each as likely
        decision = decide(kind, total, hard, point, BARRED, True)
        weight = CHANCE
        if decision is None:
            if kind in ("pass", "dont_pass") and point is None and total in NUMBERS:
                for key, chance in resolved(kind, total).items():
                    final[key] = final.get(key, 0) + weight * chance
            continue  # no decision: the roll is repeated (conditioned out)
        if decision[0] == MOVE:
            for key, chance in resolved(f"{kind}_{decision[1]}", point).items():
                final[key] = final.get(key, 0) + weight * chance
            continue
        key = (WIN, _ratio(kind, decision[1])) if decision[0] == WIN else (LOSE,)
        final[key] = final.get(key, 0) + weight
    total_weight = sum(final.values())
    return {key: chance / total_weight for key, chance in final.items()}


def _commission_rate(kind: str) -> Fraction:
    if kind.startswith("buy_"):
        return bets.COMMISSION
    if kind.startswith("lay_"):
        return bets.COMMISSION * bets.LAY_PAYS[bets.number_of(kind)]
    return Fraction(0)


def _odds_resolution(prefix: str) -> dict:
    """Odds over the numbers, each as often as a line bet is carried to it (4: 3/24 ...)."""
    final: dict = {}
    ways = {n: 6 - abs(7 - n) for n in NUMBERS}
    for number in NUMBERS:
        kind = "odds_pass" if prefix == "odds_pass" else f"odds_come_{number}"
        for key, chance in resolved(kind, number).items():
            final[key] = final.get(key, 0) + Fraction(ways[number], 24) * chance
    return final


def exact(strategy: str) -> dict:
    """Per kind: the return per unit staked (commission included in the stake); per line: its
    chance per decision and what it returns per unit staked on its kind."""
    returns, chance, contribution = {}, {}, {}
    for kind in KINDS:
        if kind in ("odds_pass", "odds_come"):
            outcome = _odds_resolution(kind)
        else:
            outcome = resolved(kind, None if kind in ("pass", "dont_pass") else 6)
        rate = 1 + _commission_rate(kind)
        won = sum((p for key, p in outcome.items() if key[0] == WIN), Fraction(0))
        paid = sum((p * (1 + key[1]) for key, p in outcome.items() if key[0] == WIN), Fraction(0))
        returns[kind] = paid / rate
        chance[f"{kind}_won"], chance[f"{kind}_lost"] = won, 1 - won
        contribution[f"{kind}_won"], contribution[f"{kind}_lost"] = paid / rate, Fraction(0)
    return {"return": returns, "chance": chance, "per_hand": {}, "contribution": contribution}
