"""The five-card evaluator (``tables/engines/poker_hands.py``, issue 33): evaluations per CPU
second of random five-card hands (target 500,000) and of the best five of random seven-card
hands (target 100,000), each as a ratio to its target; a miss is reported, not failed.

    .venv/bin/python benchmarks/poker_hands.py      (or benchmarks/run.py poker_hands)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks as common

TARGETS = {5: 500_000, 7: 100_000}


def rate(evaluate, hands: list, seconds: float) -> float:
    done, cpu_start = 0, time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for hand in hands:
            evaluate(hand)
        done += len(hands)
    return done / max(time.process_time() - cpu_start, 1e-9)


def run(context) -> bool:
    from tables.engines import poker_hands
    from tables.engines.cards import pack_52

    rng = random.Random(20261206)
    deck = pack_52()
    print(f"load average before: {common.load_average()}")
    for size, evaluate in ((5, poker_hands.value), (7, poker_hands.best)):
        hands = [rng.sample(deck, size) for _ in range(10_000)]
        best = max(rate(evaluate, hands, context.seconds) for _ in range(context.repeat))
        target = TARGETS[size]
        verdict = "met" if best >= target else "MISSED (reported, not failed)"
        print(
            f"{size}-card hands: {best:,.0f} evaluations per CPU second; target {target:,}: "
            f"ratio {best / target:.3f} {verdict}"
        )
    print(f"load average after: {common.load_average()}")
    return True


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
