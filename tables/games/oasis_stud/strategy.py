"""Oasis stud poker for the return harness (``benchmarks/rtp.py oasis_stud``).

The engine is ``tables/games/oasis_stud/engine.py`` (CG §49-§60, ../shared/rules/oasis-stud.md) on
``tables/families/stud/engine.py``; ``tables/families/stud/harness.py`` maps the decisions below
onto its actions and reads the hands. One player, one box of the minimum a hand. The dealer
qualifies with a pair of twos (§58), so a box without a pair can only lose to a dealer who
qualifies.

The strategy ``basic``:

- five cards: bet with a pair or better; with no pair, buy a sixth card (§56.3: one ante)
  holding four to a flush or four to an open-ended straight; else bet if the dealer's up card
  matches the rank of one of your cards (he is less likely to pair: a no-pair box loses only
  to a dealer who qualifies), and fold if not;
- six cards: bet on the best five when they hold a pair or better, giving back the sixth
  (§56.3.1); with no pair, bet giving back the lowest card if the up card matches one of
  yours, else fold. Never exchange (§56.3.3: two antes for one card, two given back);
- buy the dealer a game (§58, O5-O8: he replaces his lowest card) with a straight or better
  (``harness.buys_game``).

``benchmarks/stud_variants.py oasis_stud`` compares the variants named in ``VARIANTS`` on the
same deals: on 100,000 (seed 20261206) ``basic`` nets -0.0658 antes a hand, and against it (95 %
intervals): a no-pair hand folded even when the up card matches -0.0207 ± 0.0049 (on another
150,000, seed 99: -0.0211 ± 0.0040); bet whatever the up card -0.0092 ± 0.0070; never buying
a sixth card -0.0409 ± 0.0079; a sixth card on any four to a straight (inside too)
-0.0085 ± 0.0045; on every no-pair hand -0.2304 ± 0.0074; exchanging two of six holding four
to a flush -0.0023 ± 0.0058; buying a game with two pairs or better -0.0190 ± 0.0031; buying
it by its worth over the dealer's possible draws (``harness.game_worth_buying``)
+0.0001 ± 0.0006, no better than the plain straight-or-better.
"""

from __future__ import annotations

import functools

from tables.engines import poker_hands
from tables.families.stud import harness as stud

# the harness's parts benchmarks/rtp.py reads from the game's module
from tables.families.stud.harness import boxes_in as boxes_in
from tables.families.stud.harness import count as count
from tables.families.stud.harness import derived as derived
from tables.families.stud.harness import summary as summary
from tables.families.stud.harness import tally as tally
from tables.games.oasis_stud import engine as oasis_stud

GAME = "oasis_stud"
PLAYERS = stud.PLAYERS
LEGAL_ACTIONS = stud.LEGAL_ACTIONS
CONFIG = {"min_bet": stud.MINIMUM, "max_bet": 2_000}
RULES = "CG §49-§60, ../shared/rules/oasis-stud.md"
ENGINE_RULES = oasis_stud.RULES
REPLACES = "lowest"  # §58, O8: the dealer replaces his lowest card
KINDS = stud.KINDS
PER_BOX_KINDS = stud.PER_BOX_KINDS
COUNTED_KINDS = stud.COUNTED_KINDS
LINES = stud.lines("§59, O1")


def _best_five(cards) -> tuple[int, list[str]]:
    value, five = poker_hands.best(cards)
    return value, [c for c in cards if c not in five]


def decide(cards, up: str, stage: int) -> tuple[str, list[str]]:
    """``basic`` (module docstring)."""
    matched = up[0] in {c[0] for c in cards}
    if len(cards) == 6:
        value, left_out = _best_five(cards)
        if value >= stud.LOWEST_PAIR:
            return "bet", left_out
        return ("bet", [min(cards, key=lambda c: stud.RANK[c[0]])]) if matched else ("fold", [])
    if stud.pair_or_better(cards):
        return "bet", []
    if stage == 0 and (stud.four_to_a_flush(cards) or stud.four_to_an_open_straight(cards)):
        return "buy", []
    return ("bet", []) if matched else ("fold", [])


def _fold_no_pair(cards, up, stage):
    """As ``basic``, but a no-pair hand without a draw folds whatever the up card."""
    kind, given = decide(cards, up, stage)
    if kind == "bet" and poker_hands.best(cards)[0] < stud.LOWEST_PAIR:
        return "fold", []
    return kind, given


# --- the variants compared (benchmarks/stud_variants.py) ------------------------------------


def _never_buy(cards, up, stage):
    if stage == 0 and len(cards) == 5 and not stud.pair_or_better(cards):
        return ("bet", []) if up[0] in {c[0] for c in cards} else ("fold", [])
    return decide(cards, up, stage)


def _buy_any_draw(cards, up, stage):
    fits = stage == 0 and len(cards) == 5 and not stud.pair_or_better(cards)
    if fits and stud.four_to_an_inside_straight(cards):
        return "buy", []
    return decide(cards, up, stage)


def _buy_every_no_pair(cards, up, stage):
    if stage == 0 and len(cards) == 5 and not stud.pair_or_better(cards):
        return "buy", []
    return decide(cards, up, stage)


def _bet_no_pair(cards, up, stage):
    kind, given = decide(cards, up, stage)
    if kind != "fold":
        return kind, given
    if len(cards) == 6:
        return "bet", [min(cards, key=lambda c: stud.RANK[c[0]])]
    return "bet", []


def _exchange_flush(cards, up, stage):
    """With six and no pair, four to a flush among them: give back the two off the suit."""
    if len(cards) == 6 and stage == 1:
        value, _left = _best_five(cards)
        suits = [c[1] for c in cards]
        suit = max(set(suits), key=suits.count)
        if value < stud.LOWEST_PAIR and suits.count(suit) == 4:
            return "exchange", [c for c in cards if c[1] != suit]
    return decide(cards, up, stage)


VARIANTS = {
    "basic": decide,
    "no pair: fold even when the up card matches": _fold_no_pair,
    "never buy a sixth card": _never_buy,
    "sixth card on any four to a straight too": _buy_any_draw,
    "sixth card on every no-pair hand": _buy_every_no_pair,
    "no pair: bet whatever the up card": _bet_no_pair,
    "exchange two holding four to a flush": _exchange_flush,
    "basic, buy a game by its worth": (decide, stud.game_worth_buying),
    "basic, buy a game with two pairs up": (decide, stud.buys_with_two_pairs_up),
}

STRATEGIES = {"basic": stud.strategy(decide, replaces=REPLACES)}
DECISIONS = {"basic": decide}
bare_hand = functools.partial(stud.bare_hand, rules=ENGINE_RULES, replaces=REPLACES)
