"""The pure Blackjack engine: hands per second per core, one process, no database.

Six players, one box of the minimum each, at a six-deck shoe (``measure``: any twenty-one
game's, its players and bets as its harness module says), playing the computed best play
(``benchmarks/strategies/blackjack.py``) through ``new_hand``, ``start_events``, ``to_act``,
``legal_actions``, ``apply`` and ``carry_over``, hand after hand. Target: TARGET hands/s per
core (issue 32); the ratio is printed, a miss is reported, not failed. Each hand's money and
cards are checked as the return harness checks them (a failure fails the run).

    .venv/bin/python benchmarks/blackjack_engine.py      (or benchmarks/run.py blackjack_engine)
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

SEED = 20261203
TARGET = 20_000


def run(context) -> bool:
    return measure(context, "blackjack")


def measure(context, game: str) -> bool:
    """Hands per CPU second of ``game``'s engine playing its harness module's best play
    (``benchmarks/strategies/<game>.py``), every hand's money and cards checked."""
    import importlib

    from benchmarks import rtp
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = importlib.import_module(f"benchmarks.strategies.{game}")
    ENGINE = engine_for(game)  # noqa: N806 - the engine, as the harness calls it

    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    rng = random.Random(SEED)
    draws = Draws(rng)
    strategy = module.STRATEGIES["best"]
    ok, best, carry = True, 0.0, None
    for round_no in range(1, context.repeat + 1):
        hands, problems = 0, []
        cpu_start, deadline = time.process_time(), time.perf_counter() + context.seconds
        while time.perf_counter() < deadline:
            _events, carry, problem = rtp.play_hand(ENGINE, module, strategy, rng, draws, carry)
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
    verdict = "met" if best >= TARGET else "MISSED (reported, not failed)"
    print(
        f"best: {best:,.0f} hands/s per core; target {TARGET:,}: "
        f"ratio {best / TARGET:.3f} {verdict}"
    )
    floor = bare_hands(context.seconds, module.PLAYERS * getattr(module, "BOXES_A_PLAYER", 1))
    print(
        f"the floor (the same hand's decisions in a bare loop: no state, rules checked, money "
        f"or events): {floor:,.0f} hands/s per core; the engine is {best / floor:.3f} of it, "
        f"the target {TARGET / floor:.3f}"
    )
    print(f"load average after: {common.load_average()}")
    return ok


def bare_hands(seconds: float, boxes: int) -> float:
    """Hands per CPU second of the least a hand of ``boxes`` boxes is: cards dealt from a shuffled
    six-deck list, each box's best total, the computed best play's hit-or-stand lookup until it
    stands, the dealer's draws to 17; nothing checked, no state kept, no money or events. What
    no engine honouring the contract (a JSON state, every action validated, payments and events
    recorded) can beat in this interpreter."""
    from benchmarks.strategies import twentyone as best
    from tables.engines.twentyone import dealer_stands, total

    rng = random.Random(SEED)
    pack = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"] * 6
    shoe: list[str] = []
    hands = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if len(shoe) < 104:  # the cut card: a new shoe
            shoe = pack[:]
            rng.shuffle(shoe)
        seats = [[shoe.pop()] for _box in range(boxes)]
        up = shoe.pop()
        for cards in seats:
            cards.append(shoe.pop())
            while (
                total(cards)[0] < 21
                and best.best_move("blackjack", cards, up, ("hit", "stand")) == "hit"
            ):
                cards.append(shoe.pop())
        dealer = [up, shoe.pop()]
        while not dealer_stands(dealer):
            dealer.append(shoe.pop())
        hands += 1
    return hands / max(time.process_time() - cpu_start, 1e-9)


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
