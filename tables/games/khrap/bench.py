"""The pure Khrap engine: random deals per second, one process, no database.

A session of ``SEATS`` players plays deal after deal: ``khrap.new_hand`` with the last deal's
``carry_over`` (the marker, a carried or penalty bank), then uniformly random choices from
``legal_actions`` for the seat in ``to_act``, applied with ``apply``, until the deal is over (a
played bank or an all-pass redeal). It is the engine's share of a table action (the actor calls
``apply`` once per action and each board calls ``view``).

Correctness checks (a failure makes the run fail): every deal ends within MAX_ACTIONS actions,
the 36 cards are all there, each once, at its end, and money is conserved: what the seats paid
equals what they were paid, the casino's 2 % and the bank carried on.
"""

from __future__ import annotations

import random
import time

import benchmarks as common

MAX_ACTIONS = 500  # a random deal takes ~10-40
SEED = 20261202
SEATS = 4
CONFIG = {"stake": 1_000}


def play_one(engine, rng: random.Random, carry: dict | None, timings: dict | None = None):
    """One random deal; returns (actions, the carry for the next deal, problem or "")."""
    from tables.engines.base import Draws, payments

    state = engine.new_hand(CONFIG, list(range(SEATS)), rng, carry)
    moved = sum(p.amount for p in payments(engine.start_events(state)))
    carried_in = state["carried"]
    actions = 0
    draws = Draws(rng)
    clock = time.perf_counter
    while not state["over"]:
        if actions >= MAX_ACTIONS:
            return actions, None, f"no end after {MAX_ACTIONS} actions"
        (seat,) = engine.to_act(state)
        t0 = clock()
        legal = engine.legal_actions(state, seat)
        t1 = clock()
        state, events = engine.apply(state, seat, rng.choice(legal), draws)
        t2 = clock()
        if timings is not None:
            engine.view(state, seat)
            timings["legal_actions"] += t1 - t0
            timings["apply"] += t2 - t1
            timings["view"] += clock() - t2
        for payment in payments(events):
            moved += payment.amount if payment.target == "pot" else 0
            moved -= payment.amount if payment.source == "pot" else 0
        actions += 1
    cards = engine.all_cards(state)
    if len(cards) != 36 or len(set(cards)) != 36:
        return actions, None, f"the pack is broken: {len(cards)} cards, {len(set(cards))} distinct"
    if carried_in + moved != state["next_bank"]:
        return actions, None, "the pot's money does not add up to the bank carried on"
    return actions, engine.carry_over(state), ""


def run(context) -> bool:
    from tables.games.khrap.engine import ENGINE

    rng = random.Random(SEED)
    return common.carried_sessions(context, ENGINE, play_one, rng, hand="deal", players=SEATS)


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py khrap_engine")
