"""The pure High card engine: hands per second per core, one process, no database.

A session of ``SEATS`` players (6, then 1: the issue's figure was one box) at a ``DECKS``-deck
shoe plays hand after hand: ``new_hand``
with the last hand's ``carry_over`` (the shoe), ``start_events`` (the antes), then random legal
play until the hand is over: a seat drawn among those deciding (``to_act``) tips another seat
one time in ten and otherwise bets the minimum, bets the maximum or passes, each applied with
``apply``. It is the engine's share of a table action (the actor calls ``apply`` once per
action); issue 31 measured ~5,900 hands/s here before the shoe became a string.

Correctness checks (a failure makes the run fail): every hand ends within MAX_ACTIONS actions,
its pots are empty at its end, and ``all_cards`` holds the shoe's 6 x 52 cards, each code
``DECKS`` times.

Run it on its own (``.venv/bin/python tables/games/highcard/bench.py``: no database) or with the
others (``benchmarks/run.py highcard_engine``).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import benchmarks as common

MAX_ACTIONS = 500  # six seats decide once each, plus a few tips
SEED = 20261203
SEATS = (6, 1)
DECKS = 6
TIP_SHARE = 0.1
CONFIG = {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": DECKS, "penetration": 0.75}


def choose(legal: list[dict], rng: random.Random) -> dict:
    tips = [a for a in legal if a["type"] == "tip"]  # none for a lone player
    if tips and rng.random() < TIP_SHARE:
        return rng.choice(tips)
    # a one-box player, as the figure before boxes was: a plain bet on his own box or a pass
    plain = [a for a in legal if a["type"] in ("bet", "pass") and "box" not in a]
    return rng.choice(plain or [a for a in legal if a["type"] != "tip"])


def play_one(
    engine, rng: random.Random, carry: dict | None, seats: int, timings: dict | None = None
):
    """One random hand; returns (actions, the carry for the next hand, problem or "")."""
    from tables.engines.base import Draws

    clock = time.perf_counter
    t0 = clock()
    state = engine.new_hand(CONFIG, list(range(1, seats + 1)), rng, carry)
    engine.start_events(state)
    if timings is not None:
        timings["new_hand"] += clock() - t0
    draws = Draws(rng)
    actions = 0
    while not state["over"]:
        if actions >= MAX_ACTIONS:
            return actions, None, f"no end after {MAX_ACTIONS} actions"
        position = rng.choice(engine.to_act(state))
        action = choose(engine.legal_actions(state, position), rng)
        t0 = clock()
        state, _events = engine.apply(state, position, action, draws)
        if timings is not None:
            timings["apply"] += clock() - t0
        actions += 1
    if state["pots"]:
        return actions, None, f"money left in the pots: {state['pots']}"
    cards = Counter(engine.all_cards(state))
    if len(cards) != 52 or set(cards.values()) != {DECKS}:
        return actions, None, "the shoe lost or doubled a card"
    return actions, engine.carry_over(state), ""


def run(context) -> bool:
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = all([measure(context, seats) for seats in SEATS])
    print(f"load average after: {common.load_average()}")
    return ok


def measure(context, seats: int) -> bool:
    from tables.games.highcard.engine import ENGINE

    rng = random.Random(SEED)
    print(f"-- {seats} player(s), {DECKS} decks")
    ok, best, carry = True, None, None
    for round_no in range(1, context.repeat + 1):
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            _n, carry, _problem = play_one(ENGINE, rng, carry, seats)
        hands = actions = 0
        problems: list[str] = []
        start, cpu_start = time.perf_counter(), time.process_time()
        deadline = start + context.seconds
        while time.perf_counter() < deadline:
            n, carry, problem = play_one(ENGINE, rng, carry, seats)
            hands += 1
            actions += n
            if problem:
                problems.append(problem)
        elapsed = time.perf_counter() - start
        # CPU time too: on a shared machine the wall clock counts other processes' turns
        cpu = max(time.process_time() - cpu_start, 1e-9)
        figures = {
            "hands_per_s": hands / elapsed,
            "actions_per_s": actions / elapsed,
            "hands_per_cpu_s": hands / cpu,
        }
        print(
            f"round {round_no}: {hands:,} hands, {actions:,} actions in {elapsed:.1f} s -> "
            f"{figures['hands_per_s']:,.0f} hands/s, {figures['actions_per_s']:,.0f} actions/s "
            f"({actions / max(hands, 1):.1f} actions per hand); "
            f"{figures['hands_per_cpu_s']:,.0f} hands per CPU second"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken hand(s); first: {problems[0]}")
        if best is None or figures["hands_per_s"] > best["hands_per_s"]:
            best = figures
    timings = {"new_hand": 0.0, "apply": 0.0}
    sampled_hands = sampled_actions = 0
    until = time.perf_counter() + min(2.0, context.seconds)
    while time.perf_counter() < until:
        n, carry, problem = play_one(ENGINE, rng, carry, seats, timings)
        sampled_hands += 1
        sampled_actions += n
        ok = ok and not problem
    print(
        f"per hand (µs, wall): new_hand+start_events "
        f"{timings['new_hand'] * 1e6 / max(sampled_hands, 1):.0f}; "
        f"per action: apply {timings['apply'] * 1e6 / max(sampled_actions, 1):.0f}"
    )
    if best is not None:
        print(
            f"best: {best['hands_per_s']:,.0f} random hands/s, {best['actions_per_s']:,.0f} "
            f"engine actions/s in one process (one core), {seats} player(s); "
            f"{best['hands_per_cpu_s']:,.0f} hands per CPU second"
        )
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
