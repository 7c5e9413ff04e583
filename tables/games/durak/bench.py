"""The pure Durak engine: random games per second, one process, no database.

Each game is `durak.new_hand` (a fresh match, so the first game's lowest-trump lead rule runs)
followed by uniformly random choices from `durak.legal_actions` for the seat in `durak.to_act`,
applied with `durak.apply`, until `durak.is_hand_over`. This is the engine's share of every table
action (the table actor calls `apply` once per action, and the board calls `view`, which calls
`legal_actions`, once per seat), so it bounds what a table can do however fast the rest becomes.

Correctness checks (a failure makes the run fail): every game ends within MAX_ACTIONS actions,
and the 36 cards of the pack are all still there, each once, when it ends.
"""

from __future__ import annotations

import os
import random
import time

import benchmarks as common

MAX_ACTIONS = 5_000  # a random game takes ~40-80; far more means the engine is stuck
SEED = 20261129


def play_one(durak, rng: random.Random, timings: dict[str, float] | None = None):
    """One random game; returns (actions, problem or "")."""
    state = durak.new_hand({"wins_to_win": 5, "stake": 100}, [0, 1], rng)
    actions = 0
    clock = time.perf_counter
    while not durak.is_hand_over(state):
        if actions >= MAX_ACTIONS:
            return actions, f"no end after {MAX_ACTIONS} actions"
        (seat,) = durak.to_act(state)
        if timings is None:
            legal = durak.legal_actions(state, seat)
            state, _events = durak.apply(state, seat, rng.choice(legal))
        else:
            t0 = clock()
            legal = durak.legal_actions(state, seat)
            t1 = clock()
            state, _events = durak.apply(state, seat, rng.choice(legal))
            t2 = clock()
            durak.view(state, seat)
            t3 = clock()
            timings["legal_actions"] += t1 - t0
            timings["apply"] += t2 - t1
            timings["view"] += t3 - t2
        actions += 1
    cards = durak.all_cards(state)
    if len(cards) != 36 or len(set(cards)) != 36:
        return (
            actions,
            f"the pack is broken at the end: {len(cards)} cards, {len(set(cards))} distinct",
        )
    return actions, ""


def run(context) -> bool:
    from tables.games.durak import engine as durak

    rng = random.Random(SEED)
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = True
    best = None
    for round_no in range(1, context.repeat + 1):
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            play_one(durak, rng)
        games = actions = 0
        problems: list[str] = []
        cpu0, start = time.process_time(), time.perf_counter()
        deadline = start + context.seconds
        while time.perf_counter() < deadline:
            n, problem = play_one(durak, rng)
            games += 1
            actions += n
            if problem:
                problems.append(problem)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu0
        figures = {
            "games": games,
            "actions": actions,
            "seconds": elapsed,
            "games_per_s": games / elapsed,
            "actions_per_s": actions / elapsed,
            "cpu_share": cpu / elapsed if elapsed else 0.0,
        }
        print(
            f"round {round_no}: {games:,} games, {actions:,} actions in {elapsed:.1f} s -> "
            f"{figures['games_per_s']:,.0f} games/s, {figures['actions_per_s']:,.0f} actions/s "
            f"({actions / max(games, 1):.1f} actions per game; this process got "
            f"{figures['cpu_share']:.0%} of a core)"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken game(s); first: {problems[0]}")
        if best is None or figures["games_per_s"] > best["games_per_s"]:
            best = figures

    # Where an action's time goes: the three engine calls a live table makes per action.
    timings = {"legal_actions": 0.0, "apply": 0.0, "view": 0.0}
    sample_actions = 0
    sample_until = time.perf_counter() + min(2.0, context.seconds)
    while time.perf_counter() < sample_until:
        n, problem = play_one(durak, rng, timings)
        sample_actions += n
        if problem:
            ok = False
    per = {k: v * 1e6 / max(sample_actions, 1) for k, v in timings.items()}
    print(
        "per action (µs, wall): "
        + ", ".join(f"{name} {value:.0f}" for name, value in per.items())
        + f"  (over {sample_actions:,} actions; view is what one board rendering asks for)"
    )
    if best is not None:
        print(
            f"best: {best['games_per_s']:,.0f} random games/s, {best['actions_per_s']:,.0f} "
            "engine actions/s in one process"
        )
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py durak_engine")
