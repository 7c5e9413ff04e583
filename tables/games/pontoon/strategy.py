"""Pontoon for the return harness (``benchmarks/rtp.py pontoon``).

The engine is ``tables/games/pontoon/engine.py`` (CG §128-§137, ../shared/rules/pontoon.md, with
decision N1: below 15 a player must draw) on ``tables/families/twentyone/``; the best play (twist,
buy, stand, split, the forced draw) is computed in ``tables/families/twentyone/strategy/`` and
mapped onto the engine's legal actions by ``tables.families.twentyone.strategy.harness`` (what the
twenty-one games share). Every seat plays one box of the minimum.
"""

from __future__ import annotations

from tables.families.twentyone.strategy import harness

GAME = "pontoon"
PLAYERS, CONFIG, KINDS = harness.PLAYERS, harness.CONFIG, harness.KINDS
RULES = "CG §128-§137, ../shared/rules/pontoon.md"

# The pay table: (key, kind, what pays, where the rule is written). Hand lines are counted per
# hand of a box not split; split boxes go to "split" whatever their hands' outcomes.
LINES = (
    ("natural", "bet", "Pontoon, paid 2:1", "§134, §135"),
    ("five cards", "bet", "five cards of 21 or less, paid 3:2", "§133, N3"),
    ("three of a kind", "bet", "three of a kind standing, paid 1:1", "§135, N5"),
    ("won", "bet", "won, paid 1:1", "§135"),
    ("lost", "bet", "lost: a lower total or a tie", "§135, N4"),
    ("bust", "bet", "bust, lost at once", "N12"),
    ("even money", "bet", "even money on a Pontoon, paid 1:1", "§134, N11"),
    ("buy", "bet", "cards bought (stake added)", "§132, N6"),
    *harness.box_lines(split="§136", insurance="§137"),
)


# the computed best play; the lines read from a hand's events; the computed return
STRATEGIES, tally, exact = harness.parts(GAME, added=("buy",))
