"""A house game's pure engine on its return harness's strategy: hands per second per core, one
process, no database; what ``blackjack_engine.py`` and ``pontoon_engine.py`` measure alike.

The table of the game's harness module (``benchmarks/strategies/<game>.py``: its players, one
box of the minimum each, its first strategy) plays hand after hand through ``new_hand``,
``start_events``, ``to_act``, ``legal_actions``, ``apply`` and ``carry_over`` (``rtp.play_hand``).
The rate is hands per CPU second; a miss of the target is reported, not failed. Each hand's money
and cards are checked as the return harness checks them (a failure fails the run).
"""

from __future__ import annotations

import os
import random
import time

import benchmarks as common

SEED = 20261203


def run_game(context, game: str, target: int, seed: int = SEED) -> bool:
    from benchmarks import rtp
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = rtp.game_module(game)
    engine = engine_for(module.GAME)
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    rng = random.Random(seed)
    draws = Draws(rng)
    strategy = next(iter(module.STRATEGIES.values()))
    ok, best, carry = True, 0.0, None
    for round_no in range(1, context.repeat + 1):
        hands, problems = 0, []
        cpu_start, deadline = time.process_time(), time.perf_counter() + context.seconds
        while time.perf_counter() < deadline:
            _events, carry, problem = rtp.play_hand(engine, module, strategy, rng, draws, carry)
            draws.taken.clear()
            hands += 1
            if problem:
                problems.append(problem)
        rate = hands / max(time.process_time() - cpu_start, 1e-9)
        best = max(best, rate)
        print(f"round {round_no}: {hands:,} hands, {rate:,.0f} hands per CPU second")
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken hand(s); first: {problems[0]}")
    verdict = "met" if best >= target else "MISSED (reported, not failed)"
    print(
        f"best: {best:,.0f} hands/s per core; target {target:,}: "
        f"ratio {best / target:.3f} {verdict}"
    )
    print(f"load average after: {common.load_average()}")
    return ok
