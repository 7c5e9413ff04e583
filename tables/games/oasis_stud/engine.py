"""Oasis stud poker (CG §49–§60; ../shared/rules/oasis-stud.md): five-card stud against the
dealer, on the shared flow of ``tables.families.stud``. What is Oasis's own:

- up to six boxes, one open box a player, no dark box (§50, §54, O10);
- a box may buy a sixth card for one ante (§56.3); then continue giving one card back, fold, or
  exchange: two cards given back for one new card at two antes (§56.3.3, O4), then continue or
  fold. Fees go to the house (O3);
- the dealer qualifies with a pair of twos (§58); without one, a box holding a pair or better may
  buy him a game for one ante: he replaces his lowest card once for every buyer (§58, O5–O8);
- no bonus, no payout cap unless the table sets one (O11).
"""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import gettext_noop
from tables.families.stud.engine import StudEngine
from tables.families.stud.rules import LOWEST_PAIR, Draw, StudRules

GAME = "oasis_stud"
SIXTH_CARD = Draw("buy", returns=(0,), fees={0: 1}, takes={0: 1})  # §56.3
EXCHANGE = Draw("exchange", returns=(2,), fees={2: 2}, takes={2: 1})  # §56.3.3, O4
RULES = StudRules(
    draws=((SIXTH_CARD,), (EXCHANGE,)),
    dealer_minimum=LOWEST_PAIR,  # §58
    buy_game="lowest",  # §58, O8
    layout=6,  # §50
    boxes=6,
)


class OasisStud(StudEngine):
    game = GAME
    display_name = gettext_noop("Oasis stud poker")
    seats = (1, 6)
    rules = RULES
    example_configs = (
        {"min_bet": 100, "max_bet": 2_000},
        {"min_bet": 100, "max_bet": 1_000, "max_payout": 5_000, "player_cut": True},
    )


ENGINE = base.register(OasisStud())
