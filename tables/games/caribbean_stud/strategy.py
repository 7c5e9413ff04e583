"""Caribbean stud poker for the return harness (``benchmarks/rtp.py caribbean_stud``).

The engine is ``tables/games/caribbean_stud/engine.py`` (CG §40-§48, ../shared/rules/
caribbean-stud.md) on ``tables/families/stud/engine.py``; ``tables/families/stud/harness.py`` maps
the decisions below onto its actions and reads the hands. One player, one open box of the minimum a
hand.

The strategies (``STRATEGIES``, the first the harness's default):

- ``basic``: with no pair, change one card (§41: one ante) holding four to a flush or four to
  an open-ended straight, the card off it; else bet or fold by ``harness.caribbean_raise``
  (a pair or better; with no pair only ace-king, and then if the dealer's up card is 2 to Q and
  matches one of your ranks, or it is an A or K and you hold a Q or J, or the hand is
  A-K-J-8-3 or better), the same after a change. The change rules tried on the same 300,000
  deals (``benchmarks/stud_variants.py caribbean_stud``, seed 20261206), net per ante a hand
  against never changing (-0.0494): four to a flush +0.0259 ± 0.0031; four to a flush or an
  open-ended straight **+0.0365 ± 0.0036** (this rule); four to a flush or any four to a
  straight +0.0282 ± 0.0044 (an inside draw's change loses); four to a flush or a no-pair A-K
  that would fold (its lowest card) +0.0111 ± 0.0033; the lowest card of every hand that would
  fold -0.2020 ± 0.0050.
- ``no_change``: never changes a card; the raise rule alone (the published game: no change).
- ``bonus``: ``basic`` at the engine's example table with the bonus (its second example
  config), the bonus staked every hand; that table's ``max_exposure`` (40,000) left out: with
  it no bonus can be placed (a bonus of 100 at 1000:1 alone risks 100,000).
"""

from __future__ import annotations

import functools

from tables.engines.poker_hands import STRAIGHT
from tables.families.stud import harness as stud

# the harness's parts benchmarks/rtp.py reads from the game's module
from tables.families.stud.harness import boxes_in as boxes_in
from tables.families.stud.harness import count as count
from tables.families.stud.harness import derived as derived
from tables.families.stud.harness import summary as summary
from tables.games.caribbean_stud import engine as caribbean_stud

GAME = "caribbean_stud"
PLAYERS = stud.PLAYERS
LEGAL_ACTIONS = stud.LEGAL_ACTIONS
CONFIG = {"min_bet": stud.MINIMUM, "max_bet": 2_000}
BONUS_CONFIG = dict(caribbean_stud.CaribbeanStud.example_configs[1])
BONUS_CONFIG.pop("max_exposure")
RULES = "CG §40-§48, ../shared/rules/caribbean-stud.md"
ENGINE_RULES = caribbean_stud.RULES
KINDS = stud.KINDS
PER_BOX_KINDS = stud.PER_BOX_KINDS
COUNTED_KINDS = stud.COUNTED_KINDS
LINES = stud.lines("§44, C2", "§47, C8", bonus_from=STRAIGHT)


def decide(cards, up: str, stage: int) -> tuple[str, list[str]]:
    """``basic`` (module docstring): the card off four to a flush or an open-ended straight
    changed, then the raise rule."""
    if stage == 0 and not stud.pair_or_better(cards):
        odd = stud.four_to_a_flush(cards) or stud.four_to_an_open_straight(cards)
        if odd is not None:
            return "change", [odd]
    return ("bet", []) if stud.caribbean_raise(cards, up) else ("fold", [])


def decide_no_change(cards, up: str, stage: int) -> tuple[str, list[str]]:
    """``no_change``: the raise rule alone."""
    return ("bet", []) if stud.caribbean_raise(cards, up) else ("fold", [])


DECISIONS = {"basic": decide, "no_change": decide_no_change, "bonus": decide}
STRATEGIES = {
    "basic": stud.strategy(decide),
    "no_change": stud.strategy(decide_no_change),
    "bonus": stud.strategy(decide, bonus=True),
}


config_for = stud.bonus_config_for(CONFIG, BONUS_CONFIG)
tally = functools.partial(stud.tally, bonus_pays=BONUS_CONFIG["bonus"]["pays"])
bare_hand = functools.partial(stud.bare_hand, rules=ENGINE_RULES, replaces=None)
