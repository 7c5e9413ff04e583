"""The pure Belarusian poker engine: random hands per second, and seka scoring evaluations per
second (target >= 200,000/s on one core, issue 14), one process, no database.

Hands: `new_hand` for a full table (7 seats) followed by uniformly random choices from
`legal_actions` of a seat in `to_act` (early showdowns, maximum bets and svaras come up by
themselves), applied with `apply`, until `is_hand_over`. Scoring: `seka_score` over all 5,456
three-card hands of the 33-card pack, again and again.

Correctness checks (a failure makes the run fail): every hand ends within MAX_ACTIONS actions,
the bank is paid out to the last minor unit (payouts and the deduction add up to every stake
paid in), and the score counts of a pass over the 5,456 hands never change.

Run alone: `.venv/bin/python benchmarks/run.py belarusian_poker_engine`, or
`.venv/bin/python tables/games/belarusian_poker/bench.py` (no database needed).
"""

from __future__ import annotations

import itertools
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

MAX_ACTIONS = 2_000  # a random hand takes ~10-40; far more means the engine is stuck
SEED = 20261202
CONFIG = {"min_bet": 100, "max_bet": 5_000, "unit": 100}
PLAYERS = list(range(7))


def play_one(engine, rng: random.Random) -> tuple[int, str]:
    """One random hand; returns (actions, problem or "")."""
    state = engine.new_hand(CONFIG, PLAYERS, rng)
    paid_in = sum(e["amount"] for e in engine.start_events(state) if e["type"] == "payment")
    paid_out = actions = 0
    while not engine.is_hand_over(state):
        if actions >= MAX_ACTIONS:
            return actions, f"no end after {MAX_ACTIONS} actions"
        awaited = engine.to_act(state)
        position = awaited[rng.randrange(len(awaited))]
        action = dict(rng.choice(engine.legal_actions(state, position)))
        if action["type"] == "bet":  # any amount of the range, not only its ends
            low, high = engine.view(state, position)["bet_range"]
            action["amount"] = rng.randint(low, high)
        state, events = engine.apply(state, position, action)
        for event in events:
            if event["type"] == "payment":
                if event["target"] == "pot":
                    paid_in += event["amount"]
                if event["source"] == "pot":
                    paid_out += event["amount"]
        actions += 1
    if paid_in != paid_out or state["bank"] != 0:
        return actions, f"the bank is not paid out: {paid_in} in, {paid_out} out"
    return actions, ""


def score_counts(seka_score, hands) -> Counter:
    return Counter(seka_score(hand) for hand in hands)


def run(context) -> bool:
    import benchmarks as common
    from tables.engines.cards import pack_33
    from tables.games.belarusian_poker import engine as belarusian_poker

    engine, rng = belarusian_poker.ENGINE, random.Random(SEED)
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = True
    hands = [list(h) for h in itertools.combinations(pack_33(), 3)]
    expected = score_counts(belarusian_poker.seka_score, hands)
    for round_no in range(1, context.repeat + 1):
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            play_one(engine, rng)
        played = actions = 0
        problems: list[str] = []
        start = time.perf_counter()
        while time.perf_counter() < start + context.seconds:
            n, problem = play_one(engine, rng)
            played += 1
            actions += n
            if problem:
                problems.append(problem)
        elapsed = time.perf_counter() - start
        print(
            f"round {round_no}: {played:,} hands of 7 seats, {actions:,} actions in "
            f"{elapsed:.1f} s -> {played / elapsed:,.0f} hands/s, {actions / elapsed:,.0f} "
            f"actions/s ({actions / max(played, 1):.1f} actions per hand)"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken hand(s); first: {problems[0]}")

        seka_score = belarusian_poker.seka_score
        passes = 0
        cpu0, start = time.process_time(), time.perf_counter()
        while time.perf_counter() < start + context.seconds:
            if score_counts(seka_score, hands) != expected:
                ok = False
                print("   FAILED: the score counts changed between passes")
            passes += 1
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu0
        evaluations = passes * len(hands)
        print(
            f"round {round_no}: {evaluations:,} seka_score evaluations in {elapsed:.1f} s -> "
            f"{evaluations / elapsed:,.0f} evaluations/s ({evaluations / cpu:,.0f} per CPU "
            f"second; target >= 200,000/s on one core)"
        )
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from benchmarks import BenchContext

    raise SystemExit(0 if run(BenchContext(database_url="", vendor="none")) else 1)
