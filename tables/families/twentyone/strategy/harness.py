"""What the twenty-one games' modules of the return harness share (``blackjack.py``,
``pontoon.py``): the table they play at, the computed best play mapped onto an engine's legal
actions, the tally of a hand's stakes and returns by pay-table line, the computed return.

The engines are ``tables/games/<game>/engine.py`` on ``tables/families/twentyone/``; the best play
is computed in ``tables/families/twentyone/strategy/`` (two-card composition dependent, its
docstring tells the approximation). Every seat plays one box of the minimum, nobody bets behind.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from tables.families.twentyone import strategy as best

PLAYERS = 6
CONFIG = {
    "min_bet": 100,
    "max_bet": 5_000,
    "decks": best.DECKS,
    "boxes": 7,
    "player_cut": False,
    "bets_behind": False,
}

# The bet kinds: the box (first stakes and every stake added to it) and insurance.
KINDS = ("bet", "insurance")


def _minimum_bet(legal: list[dict]) -> dict:
    plain = [a for a in legal if a["type"] == "bet" and "box" not in a]
    return min(plain, key=lambda a: a["amount"])


def choose(game: str, state: dict, legal: list[dict], *, early=None) -> dict:
    """The computed best play of ``game`` among the legal actions: the minimum bet; insurance
    and even money where their values are positive (never, without counting); an early move
    where ``early(action, cards, up_card)`` says so; the best move on the hand in turn."""
    types = {a["type"] for a in legal}
    if "bet" in types:
        return _minimum_bet(legal)
    up = state["dealer"]["cards"][0]
    if "done" in types or "insurance" in types or "even_money" in types:
        for a in legal:
            box = state["boxes"][str(a.get("box"))] if "box" in a else None
            cards = box["hands"][0]["cards"] if box else None
            if a["type"] == "even_money" and best.take_even_money(game, cards, up):
                return a
            if a["type"] == "insurance" and best.take_insurance(game, cards, up):
                return a
            if early is not None and box is not None and early(a, cards, up):
                return a
        return next(a for a in legal if a["type"] == "done")
    if state["pending"] is not None:  # a staker behind's answer: nobody bets behind here
        return legal[0]
    number, index = state["turn"]
    box = state["boxes"][str(number)]
    hand = box["hands"][index]
    move = best.best_move(game, hand["cards"], up, types, split=len(box["hands"]) > 1)
    return next(a for a in legal if a["type"] == move)


def strategies(game: str, *, early=None) -> dict:
    """A game module's ``STRATEGIES``: the computed best play (``choose``; never insurance nor
    even money, their values negative)."""

    def best_play(state: dict, seat: int, legal: list[dict], rng) -> dict:
        return choose(game, state, legal, early=early)

    return {"best": best_play}


def box_lines(split: str, insurance: str) -> tuple:
    """The pay-table lines every one-box game of the harness counts alike (split boxes,
    insurance won at 2:1 and lost), with where its rules write them."""
    return (
        ("split", "bet", "split boxes (all hands)", split),
        ("insurance_won", "insurance", "insurance won, paid 2:1", insurance),
        ("insurance_lost", "insurance", "insurance lost", insurance),
    )


def parts(game: str, *, added: tuple[str, ...], early=None) -> tuple:
    """A game module's ``STRATEGIES`` (the computed best play), ``tally`` (the lines read from
    a hand's events, ``added`` the reasons that put a stake again on a hand) and ``exact`` (the
    computed return)."""
    return (
        strategies(game, early=early),
        functools.partial(tally, added=added),
        functools.partial(exact, game),
    )


def tally(events: list[dict], kinds: dict, lines: dict, added: tuple[str, ...] = ()) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}). Stakes are payments from a seat to a pot; returns anything paid to a seat.
    A payment to a pot for a reason in ``added`` (a double, a buy) counts once on the line of
    that name. A box's returns (each seat plays its own box, the seat's number) go to the line
    of its outcome; a split box's to "split" whatever its hands' outcomes."""
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
            elif reason in added:
                lines[reason][0] += 1
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


def exact(game: str, strategy: str = "best") -> dict:
    """The computed return of the best play (``twentyone.expected_return``: two-card
    composition dependent, six decks), per unit staked on boxes."""
    value = best.expected_return(game)
    return {
        "return": {"bet": Fraction(value["return"]).limit_denominator(10**9)},
        "chance": {},
        "contribution": {},
        "per_hand": {},
    }
