"""The chances of a throw of two fair dice (pure Python), which the dice games' engines and
return calculations read instead of each counting the 36 throws again: the throws themselves,
each as likely (``THROWS``, ``CHANCE``), what each makes (its total and whether it is a pair:
``OUTCOMES``; the 15 distinct ones, ``DISTINCT``) and the chance of each total (``totals``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from tables.engines.dice import FACES

# the 36 throws of two dice, in order of the first die's face then the second's
THROWS = tuple((first, second) for first in range(1, FACES + 1) for second in range(1, FACES + 1))
CHANCE = Fraction(1, len(THROWS))  # of each throw
# what each throw makes: its total, and whether the two dice show the same face (a pair)
OUTCOMES = tuple((first + second, first == second) for first, second in THROWS)
# the 15 distinct ones: every total 2 to 12 (2 and 12 come only as pairs), and 4, 6, 8 and 10
# both as a pair (the hard way) and not
DISTINCT = tuple(sorted(set(OUTCOMES)))


@cache
def totals() -> dict[int, Fraction]:
    """The chance of each total of one throw, 2 to 12 (7: 6/36)."""
    chances: dict[int, Fraction] = {}
    for total, _pair in OUTCOMES:
        chances[total] = chances.get(total, 0) + CHANCE
    return chances
