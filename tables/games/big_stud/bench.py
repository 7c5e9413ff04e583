"""The pure big stud engine (issue 34): hands per CPU second at a full table of 8 seats with
random legal play and with the simple stated rule (tables/games/big_stud/strategy.py), the
casino's share per hand (§113, T10), one process, no database, beside a baseline measured in
the same run.

The baseline (the floor): the same table's cards without the engine: a 52-card deck shuffled,
seven cards to each of 8 players (the seventh shared when the deck runs short, T9) and the best
five of seven found for each (``poker_hands.best``): no state, betting, money or events. The
engine's figure is printed as a ratio to it, so a loaded machine moves both.

Correctness checks (a failure makes the run fail): every hand ends within MAX_ACTIONS actions,
the escrow pot ends empty, and every minor unit paid in is paid out, returned or taken as the
casino's share.

Run alone: `.venv/bin/python benchmarks/run.py big_stud_engine`, or
`.venv/bin/python tables/games/big_stud/bench.py` (no database needed).
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

MAX_ACTIONS = 500  # a hand takes at most 5 rounds × (8 seats × 4 bets); more means stuck
SEED = 20261206
CONFIG = {"small_bet": 100, "big_bet": 200, "share_percent": "5"}
PLAYERS = list(range(8))


def play_one(engine, decide, rng: random.Random) -> tuple[int, int, int, str]:
    """One hand; returns (actions, bank, the casino's share, problem or "")."""
    state = engine.new_hand(CONFIG, PLAYERS, rng)
    paid_in = paid_out = share = actions = 0
    while not state["over"]:
        if actions >= MAX_ACTIONS:
            return actions, 0, 0, f"no end after {MAX_ACTIONS} actions"
        position = state["queue"][0]
        action = decide(state, position, engine.legal_actions(state, position), rng)
        state, events = engine.apply(state, position, action)
        for event in events:
            if event["type"] == "payment":
                if event["target"] == "pot":
                    paid_in += event["amount"]
                elif event["target"] == "house:commission":
                    share += event["amount"]
                    paid_out += event["amount"]
                else:
                    paid_out += event["amount"]
        actions += 1
    if paid_in != paid_out or state["pots"]:
        return actions, 0, 0, f"the pot is not emptied: {paid_in} in, {paid_out} out"
    return actions, state["result"]["bank"], share, ""


def floor_rate(seconds: float) -> float:
    """Hands per CPU second of the bare table (module docstring)."""
    from tables.engines.cards import pack_52
    from tables.engines.poker_hands import best

    rng, pack, hands = random.Random(SEED), pack_52(), 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deck = pack[:]
        rng.shuffle(deck)
        shared = deck[48]
        for seat in range(8):
            best([*deck[seat * 6 : seat * 6 + 6], shared])
        hands += 1
    return hands / max(time.process_time() - cpu_start, 1e-9)


def run(context) -> bool:
    import benchmarks as common
    from tables.games.big_stud import engine as big_stud
    from tables.games.big_stud.strategy import STRATEGIES

    engine = big_stud.ENGINE
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = True
    for round_no in range(1, context.repeat + 1):
        floor = floor_rate(context.seconds)
        print(f"round {round_no}: the floor (8 seats' cards and best hands) {floor:,.0f} hands/s")
        for name, decide in STRATEGIES.items():
            rng = random.Random(SEED)
            warm_until = time.monotonic() + min(context.warmup, 1.0)
            while time.monotonic() < warm_until:
                play_one(engine, decide, rng)
            played = actions = banks = shares = 0
            problems: list[str] = []
            cpu_start, start = time.process_time(), time.perf_counter()
            while time.perf_counter() < start + context.seconds:
                n, bank, share, problem = play_one(engine, decide, rng)
                played += 1
                actions += n
                banks += bank
                shares += share
                if problem:
                    problems.append(problem)
            cpu = max(time.process_time() - cpu_start, 1e-9)
            rate = played / cpu
            print(
                f"round {round_no}: {name} play, 8 seats: {played:,} hands, {rate:,.0f} hands "
                f"per CPU second ({actions / cpu:,.0f} actions/s, {actions / max(played, 1):.1f} "
                f"a hand), {rate / floor:.3f} of the floor; the casino's share "
                f"{shares / max(played, 1):,.1f} minor units a hand, "
                f"{100 * shares / max(banks, 1):.2f} % of the banks (banks "
                f"{banks / max(played, 1):,.0f} a hand at bets of 100/200)"
            )
            if problems:
                ok = False
                print(f"   FAILED: {len(problems)} broken hand(s); first: {problems[0]}")
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from benchmarks import BenchContext

    raise SystemExit(0 if run(BenchContext(database_url="", vendor="none")) else 1)
