"""The pure Blackjack engine, hands per second per core (issue 32: target 20,000), measured as
every house game's engine is (``tables/families/house/bench.py``): six seats, a box of the
minimum each at a six-deck shoe, the computed best play of ``strategy.py`` here, its splits,
doubles and surrenders included; each hand's money and cards checked.

    .venv/bin/python -m tables.games.blackjack.bench      (or benchmarks/run.py blackjack_engine)
"""

from __future__ import annotations

import benchmarks as common
from tables.families.house import bench as house_engine

TARGET = 20_000


def run(context) -> bool:
    return house_engine.run_game(context, "blackjack", TARGET)


if __name__ == "__main__":  # the engines need no Django
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
