"""Blackjack for the return harness (``benchmarks/rtp.py blackjack``).

The engine is ``tables/games/blackjack/engine.py`` (CG §90-§105, ../shared/rules/blackjack.md) on
``tables/families/twentyone/``; the best play is computed in ``tables/families/twentyone/strategy/``
(two-card composition dependent, its docstring tells the approximation) and mapped onto the engine's
legal actions by ``tables.families.twentyone.strategy.harness`` (what the twenty-one games share).
Every seat plays one box of the minimum.
"""

from __future__ import annotations

from tables.families.twentyone import strategy as best
from tables.families.twentyone.strategy import harness

GAME = "blackjack"
DECKS = best.DECKS
PLAYERS, CONFIG, KINDS = harness.PLAYERS, harness.CONFIG, harness.KINDS
RULES = "CG §90-§105, ../shared/rules/blackjack.md"

# The pay table: (key, kind, what pays, where the rule is written). Hand lines are counted per
# hand of a box not split; split boxes go to "split" whatever their hands' outcomes.
LINES = (
    ("natural", "bet", "natural, paid 3:2", "§99"),
    ("won", "bet", "won, paid 1:1", "§100"),
    ("push", "bet", "push, stake back", "§100, §103"),
    ("lost", "bet", "lost to a higher total", "§100"),
    ("bust", "bet", "bust, lost", "§93"),
    ("surrendered", "bet", "surrender: half back (all lost to a natural)", "§102, B6"),
    ("even money", "bet", "even money on a natural, paid 1:1", "§103"),
    ("double", "bet", "doubled hands (stake added)", "§98"),
    *harness.box_lines(split="§96, §97, B4", insurance="§103"),
)


def _surrenders(action: dict, cards: list[str], up: str) -> bool:
    """A staker's early surrender (B9) where surrendering is the hand's best move (§102)."""
    moves = {"hit", "stand", "double", "surrender"}
    return action["type"] == "surrender" and best.best_move(GAME, cards, up, moves) == "surrender"


# the computed best play; the lines read from a hand's events; the computed return
STRATEGIES, tally, exact = harness.parts(GAME, added=("double",), early=_surrenders)
