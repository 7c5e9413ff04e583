"""Golden Oasis poker for the return harness (``benchmarks/rtp.py golden_oasis``).

The engine is ``tables/games/golden_oasis/engine.py`` (CG §61-§68, ../shared/rules/golden-oasis.md)
on ``tables/families/stud/engine.py``; ``tables/families/stud/harness.py`` maps the decisions below
onto its actions and reads the hands. One player, one open box of the minimum a hand.

The strategies (``STRATEGIES``, the first the harness's default):

- ``basic``: keep a pair or better and bet; with no pair, exchange the card off four to a flush
  or four to an open-ended straight (§65: one card, one ante); else bet or fold by
  ``harness.caribbean_raise`` (the dealer qualifies with ace-king here too: §66), the same
  after an exchange. Buy the dealer a game (§66, G4-G6: he replaces his highest card) with a
  straight or better (``harness.buys_game``).
- ``bonus``: ``basic`` at the engine's example table with the bonus (its second example
  config), the bonus staked every hand (an exchange forfeits it: §68, G8); that table's
  ``max_exposure`` (50,000) left out: with it no bonus can be placed (a bonus of 100 at 1000:1
  alone risks 100,000).

``benchmarks/stud_variants.py golden_oasis`` compares the variants named in ``VARIANTS`` on the
same deals: on 150,000 (seed 20261206) ``basic`` nets -0.0069 antes a hand, and against it
(95 % intervals): no exchange -0.0393 ± 0.0059; exchanging all five (one ante) instead of
folding -0.0216 ± 0.0075; keeping A-K and exchanging three instead of folding -0.0524 ± 0.0025;
exchanging off any four to a straight (inside too) -0.0098 ± 0.0038; a lone pair exchanging
the other three -0.8454 ± 0.0115; two pairs exchanging the fifth card -0.0200 ± 0.0030; buying
a game with two pairs or better -0.0172 ± 0.0024; buying it by its worth over the dealer's
possible draws (``harness.game_worth_buying``) +0.0002 ± 0.0005, no better than the
plain straight-or-better.
"""

from __future__ import annotations

import functools

from tables.engines import poker_hands
from tables.engines.poker_hands import FLUSH
from tables.families.stud import harness as stud

# the harness's parts benchmarks/rtp.py reads from the game's module
from tables.families.stud.harness import boxes_in as boxes_in
from tables.families.stud.harness import count as count
from tables.families.stud.harness import derived as derived
from tables.families.stud.harness import summary as summary
from tables.games.golden_oasis import engine as golden_oasis

GAME = "golden_oasis"
PLAYERS = stud.PLAYERS
LEGAL_ACTIONS = stud.LEGAL_ACTIONS
CONFIG = {"min_bet": stud.MINIMUM, "max_bet": 2_000}
BONUS_CONFIG = dict(golden_oasis.GoldenOasis.example_configs[1])
BONUS_CONFIG.pop("max_exposure")
RULES = "CG §61-§68, ../shared/rules/golden-oasis.md"
ENGINE_RULES = golden_oasis.RULES
REPLACES = "highest"  # §66: the dealer replaces his highest card
KINDS = stud.KINDS
PER_BOX_KINDS = stud.PER_BOX_KINDS
COUNTED_KINDS = stud.COUNTED_KINDS
LINES = stud.lines("§67, G1", "§68, G8", bonus_from=FLUSH)


def _raise_or_fold(cards, up: str) -> tuple[str, list[str]]:
    return ("bet", []) if stud.caribbean_raise(cards, up) else ("fold", [])


def decide(cards, up: str, stage: int) -> tuple[str, list[str]]:
    """``basic`` (module docstring)."""
    if stage == 0 and not stud.pair_or_better(cards):
        odd = stud.four_to_a_flush(cards) or stud.four_to_an_open_straight(cards)
        if odd is not None:
            return "exchange", [odd]
    return _raise_or_fold(cards, up)


# --- the variants compared (benchmarks/stud_variants.py) ------------------------------------


def _no_exchange(cards, up, stage):
    return _raise_or_fold(cards, up)


def _five_for_a_fold(cards, up, stage):
    kind, given = decide(cards, up, stage)
    if stage == 0 and kind == "fold":
        return "exchange", list(cards)
    return kind, given


def _three_for_a_fold(cards, up, stage):
    """Instead of folding an ace-king: keep the ace and king, exchange the other three."""
    kind, given = decide(cards, up, stage)
    if stage == 0 and kind == "fold" and stud.ranks(cards)[:2] == [14, 13]:
        return "exchange", [c for c in cards if c[0] not in "AK"]
    return kind, given


def _any_four_to_a_straight(cards, up, stage):
    if stage == 0 and not stud.pair_or_better(cards):
        odd = stud.four_to_an_inside_straight(cards)
        if odd is not None and not stud.four_to_a_flush(cards):
            return "exchange", [odd]
    return decide(cards, up, stage)


def _pair_three_cards(cards, up, stage):
    """A pair alone: keep it, exchange the other three (three antes)."""
    if stage == 0 and poker_hands.category(poker_hands.value(cards)) == poker_hands.PAIR:
        mine = [c[0] for c in cards]
        return "exchange", [c for c in cards if mine.count(c[0]) == 1]
    return decide(cards, up, stage)


def _two_pairs_fifth_card(cards, up, stage):
    if stage == 0 and poker_hands.category(poker_hands.value(cards)) == poker_hands.TWO_PAIRS:
        mine = [c[0] for c in cards]
        return "exchange", [c for c in cards if mine.count(c[0]) == 1]
    return decide(cards, up, stage)


VARIANTS = {
    "basic": decide,
    "no exchange": _no_exchange,
    "exchange five instead of folding": _five_for_a_fold,
    "keep A-K, exchange three instead of folding": _three_for_a_fold,
    "exchange with any four to a straight too": _any_four_to_a_straight,
    "a pair: exchange the other three": _pair_three_cards,
    "two pairs: exchange the fifth card": _two_pairs_fifth_card,
    "basic, buy a game by its worth": (decide, stud.game_worth_buying),
    "basic, buy a game with two pairs up": (decide, stud.buys_with_two_pairs_up),
}

STRATEGIES = {
    "basic": stud.strategy(decide, replaces=REPLACES),
    "bonus": stud.strategy(decide, replaces=REPLACES, bonus=True),
}
DECISIONS = {"basic": decide, "bonus": decide}


config_for = stud.bonus_config_for(CONFIG, BONUS_CONFIG)
tally = functools.partial(stud.tally, bonus_pays=BONUS_CONFIG["bonus"]["pays"])
bare_hand = functools.partial(stud.bare_hand, rules=ENGINE_RULES, replaces=REPLACES)
