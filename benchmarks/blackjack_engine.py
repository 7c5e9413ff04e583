"""The pure Blackjack engine: hands per second per core, one process, no database.

Six players, one box of the minimum each, at a six-deck shoe, playing the computed best play
(``benchmarks/strategies/blackjack.py``), hand after hand (``tables/families/house/bench.py`` tells
how). Target: TARGET hands/s per core (issue 32); the ratio is printed, a miss is reported, not
failed. Each hand's money and cards are checked as the return harness checks them.

    .venv/bin/python benchmarks/blackjack_engine.py      (or benchmarks/run.py blackjack_engine)
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks as common
from tables.families.house import bench as house_engine

TARGET = 20_000


def run(context) -> bool:
    return house_engine.run_game(context, "blackjack", TARGET)


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
