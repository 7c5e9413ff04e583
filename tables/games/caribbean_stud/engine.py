"""Caribbean stud poker (CG §40–§48; ../shared/rules/caribbean-stud.md): five-card stud against
the dealer, on the shared flow of ``tables.families.stud``. What is Caribbean's own:

- one open box a player and one more, dark: its bet of twice the ante goes on before the deal
  and its cards are neither looked at nor changed (§40, C7);
- a box may change one card, once, for a fee equal to its ante, then decide (§41, C6);
- the dealer qualifies with ace-king or better (§43); no game is bought;
- the bonus ("Джек Пот", §47), where the table offers one, pays from a straight up (C8);
- ``max_payout`` per box (§48, C9).
"""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import gettext_noop
from tables.engines.poker_hands import STRAIGHT
from tables.families.stud.engine import StudEngine
from tables.families.stud.rules import ACE_KING, Draw, StudRules

GAME = "caribbean_stud"
CHANGE = Draw("change", returns=(1,), fees={1: 1})  # §41: one card for one ante
RULES = StudRules(
    draws=((CHANGE,),),
    dealer_minimum=ACE_KING,  # §43
    bonus_from=STRAIGHT,  # §47
    layout=7,
    boxes=7,
    boxes_per_player=2,
    open_boxes_per_player=1,
    dark_boxes_per_player=1,  # §40, C7
)
BONUS_PAYS = {  # a table's bonus as the demo table offers it (C8: the table's settings)
    "straight": "5:1",
    "flush": "10:1",
    "full_house": "50:1",
    "four_of_a_kind": "100:1",
    "straight_flush": "500:1",
    "royal_flush": "1000:1",
}


class CaribbeanStud(StudEngine):
    game = GAME
    display_name = gettext_noop("Caribbean stud poker")
    rules = RULES
    example_configs = (
        {"min_bet": 100, "max_bet": 2_000},
        # the table in full: a dark box, the bonus, a low payout cap, the house's risk limited,
        # the player's cut
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "boxes": 5,
            "bonus": {"stake": 10, "pays": BONUS_PAYS},
            "max_payout": 3_000,
            "max_exposure": 40_000,
            "player_cut": True,
        },
    )


ENGINE = base.register(CaribbeanStud())
