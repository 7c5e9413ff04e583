"""The pure Blackjack Switch engine: hands per second per core, one process, no database.

Five players, each the minimum on his two boxes and on the Super Match, at a six-deck shoe,
playing the computed best play with the switch (``benchmarks/strategies/blackjack_switch.py``),
measured as every house game's engine is (``tables/families/house/bench.py``: target 20,000
hands/s per core, the ratio printed, a miss reported, not failed; each hand's money and cards
checked).

    .venv/bin/python benchmarks/blackjack_switch_engine.py
    .venv/bin/python benchmarks/run.py blackjack_switch_engine
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
    return house_engine.run_game(context, "blackjack_switch", TARGET)


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
