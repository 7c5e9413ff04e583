"""The pure Pontoon engine, hands per second per core (issue 32: target 20,000): six seats play
the computed best play of ``strategy.py`` here (twists, buys, the forced draw below 15, five-card
hands) through ``tables/families/house/bench.py``, which times it and checks money and cards.

    .venv/bin/python -m tables.games.pontoon.bench        (or benchmarks/run.py pontoon_engine)
"""

from __future__ import annotations

import benchmarks as common
from tables.families.house import bench as house_engine

TARGET = 20_000


def run(context) -> bool:
    return house_engine.run_game(context, "pontoon", TARGET)


if __name__ == "__main__":  # the engines need no Django
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
