"""The pure Let It Ride engine: hands per second per core, one box, no database.

One player plays one box of the minimum (three bets of 1.00) with the basic strategy of the
return harness (``tables/games/let_it_ride/strategy.py``), round after round, through
``new_hand``, ``start_events``, ``to_act``, ``legal_actions``, ``apply`` and ``carry_over``
(``rtp.play_hand``: each round's money and cards checked as the harness checks them; a failure
fails the run). Target: TARGET rounds per CPU second (issue 33, item 4); the ratio is printed, a
miss is reported, not failed.

Then **the floor**, in the same run: the same round in a bare loop (a 52-card list shuffled, three
cards and two community cards taken from it, the strategy's two decisions, the five cards
evaluated by ``poker_hands.value`` and the bets riding paid by the §36 table; no state, no rule
checked, no money or events), what no engine honouring the contract can beat in this
interpreter, with the engine's and the target's ratio to it.

    .venv/bin/python -m tables.games.let_it_ride.bench   (or benchmarks/run.py let_it_ride_engine)
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks as common

TARGET = 10_000
SEED = 20261203


def run(context) -> bool:
    from benchmarks import rtp
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = rtp.game_module("let_it_ride")
    engine = engine_for(module.GAME)
    strategy = module.STRATEGIES["basic"]
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    print(f"{module.PLAYERS} player, one box of the minimum, strategy basic")
    rng = random.Random(SEED)
    draws = Draws(rng)
    carried = [None]  # the last hand's carry (a shoe spanning hands)

    def play_one() -> str:
        _events, carried[0], problem = rtp.play_hand(
            engine, module, strategy, rng, draws, carried[0]
        )
        draws.taken.clear()
        return problem

    ok, best = common.timed_rounds(context, play_one, TARGET, unit="hand")
    floor = bare_hands(context.seconds)
    print(
        f"the floor (the same round in a bare loop: shuffle, deal, the strategy's decisions, the "
        f"evaluator, the pay table; no state, rules checked, money or events): {floor:,.0f} "
        f"hands/s per core; the engine is {best / floor:.3f} of it, the target {TARGET / floor:.3f}"
    )
    print(f"load average after: {common.load_average()}")
    return ok


def bare_hands(seconds: float) -> float:
    """Rounds per CPU second of the least a one-box round is (``run``'s docstring)."""
    from tables.engines.cards import pack_52
    from tables.games.let_it_ride.engine import line_of
    from tables.games.let_it_ride.strategy import keeps_bet_1, keeps_bet_2

    rng = random.Random(SEED)
    pack = pack_52()
    hands = paid = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deck = pack[:]
        rng.shuffle(deck)
        cards, community = deck[:3], deck[3:5]
        riding = 1 + keeps_bet_1(cards) + keeps_bet_2([*cards, community[0]])
        _line, pays = line_of([*cards, *community])
        paid += riding * (1 + pays) if pays is not None else 0
        hands += 1
    return hands / max(time.process_time() - cpu_start, 1e-9)


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
