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

import os
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
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok, best, carry = True, None, None
    for round_no in range(1, context.repeat + 1):
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            _n, carry, _problem = play_one(ENGINE, rng, carry)
        coups = actions = 0
        problems: list[str] = []
        start = time.perf_counter()
        deadline = start + context.seconds
        while time.perf_counter() < deadline:
            n, carry, problem = play_one(ENGINE, rng, carry)
            coups += 1
            actions += n
            if problem:
                problems.append(problem)
                carry = None
        elapsed = time.perf_counter() - start
        figures = {"coups_per_s": coups / elapsed, "actions_per_s": actions / elapsed}
        print(
            f"round {round_no}: {coups:,} coups, {actions:,} actions in {elapsed:.1f} s -> "
            f"{figures['coups_per_s']:,.0f} coups/s, {figures['actions_per_s']:,.0f} actions/s "
            f"({actions / max(coups, 1):.1f} actions per coup, {SEATS} players)"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken coup(s); first: {problems[0]}")
        if best is None or figures["coups_per_s"] > best["coups_per_s"]:
            best = figures
    timings = {"choose": 0.0, "apply": 0.0, "view": 0.0}
    sampled = 0
    until = time.perf_counter() + min(2.0, context.seconds)
    while time.perf_counter() < until:
        n, carry, problem = play_one(ENGINE, rng, carry, timings)
        sampled += n
        ok = ok and not problem
    per = {k: v * 1e6 / max(sampled, 1) for k, v in timings.items()}
    print("per action (µs, wall): " + ", ".join(f"{k} {v:.0f}" for k, v in per.items()))
    if best is not None:
        print(
            f"best: {best['coups_per_s']:,.0f} random coups/s, {best['actions_per_s']:,.0f} "
            "engine actions/s in one process"
        )
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py baccarat_bank_engine")
