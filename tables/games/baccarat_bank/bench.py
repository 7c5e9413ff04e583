"""The pure engine of baccarat with a player-held bank: random coups per second, one process, no
database.

Six players play coup after coup, each new hand with the last one's ``carry_over`` (the shoe,
the holder and his bank): at every step a random seat of ``to_act`` (players decide at once)
takes a random legal action (an amount's two ends, or anything between them), until the coup is
over. It is the engine's share of a table action (the actor calls ``apply`` once per action and
each board calls ``view``).

Correctness checks (a failure makes the run fail): every coup ends within MAX_ACTIONS actions,
the shoe's 312 cards are all there, and after each coup the pots hold exactly the bank (§13:
nothing but the holder's bank is left in escrow between coups).
"""

from __future__ import annotations

import random
import time
from collections import Counter

import benchmarks as common

MAX_ACTIONS = 200
SEED = 20261202
SEATS = 6
CONFIG = {"min_bet": 100, "max_bank": 5_000, "commission_percent": "5"}


def play_one(engine, rng: random.Random, carry: dict | None, timings: dict | None = None):
    """One random coup; returns (actions, the carry for the next coup, problem or "")."""
    from tables.engines.base import Draws

    state = engine.new_hand(CONFIG, list(range(SEATS)), rng, carry)
    draws = Draws(rng)
    actions = 0
    clock = time.perf_counter
    while not state["over"]:
        if actions >= MAX_ACTIONS:
            return actions, None, f"no end after {MAX_ACTIONS} actions"
        seat = rng.choice(engine.to_act(state))
        t0 = clock()
        action = dict(rng.choice(engine.legal_actions(state, seat)))
        span = engine.view(state, seat).get("amount_range") if "amount" in action else None
        if span:
            action["amount"] = rng.randint(*span)
        t1 = clock()
        state, _events = engine.apply(state, seat, action, draws)
        t2 = clock()
        if timings is not None:
            engine.view(state, seat)
            timings["choose"] += t1 - t0
            timings["apply"] += t2 - t1
            timings["view"] += clock() - t2
        actions += 1
    cards = Counter(engine.all_cards(state))
    if len(cards) != 52 or set(cards.values()) != {6}:
        return actions, None, "the shoe is broken"
    bank = state["bank"]
    if state["pots"] != ({"pot:bank": bank} if bank else {}):
        return actions, None, f"the pots hold {state['pots']} beside a bank of {bank}"
    return actions, engine.carry_over(state), ""


def run(context) -> bool:
    from tables.games.baccarat_bank.engine import ENGINE

    rng = random.Random(SEED)
    return common.carried_sessions(context, ENGINE, play_one, rng, hand="coup", players=SEATS)


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py baccarat_bank_engine")
