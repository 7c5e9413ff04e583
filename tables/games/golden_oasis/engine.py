"""Golden Oasis poker (CG §61–§68; ../shared/rules/golden-oasis.md): five-card stud against the
dealer, on the shared flow of ``tables.families.stud``. What is Golden Oasis's own:

- six boxes by default; two open boxes a player, any more dark, their bet placed at once (§65,
  G7);
- a box may exchange 1 to 5 cards once, for 1, 2, 3, 4 and 1 ante (§65, G3), then decide;
- the dealer qualifies with ace-king (§66); without it, a box holding a pair or better may buy
  him a game for one ante: he replaces his highest card once for every buyer, and now needs a
  pair (§66, G4–G6); a dark box is settled on his hand as first opened (G7);
- the bonus, where the table offers one, pays from a flush up; any exchange forfeits it (§68,
  G8). A fresh shuffle a round replaces §61's two decks (docs/rules-decisions.md).
"""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import gettext_noop
from tables.engines.poker_hands import FLUSH
from tables.families.stud.engine import StudEngine
from tables.families.stud.rules import ACE_KING, Draw, StudRules

GAME = "golden_oasis"
EXCHANGE = Draw("exchange", returns=(1, 2, 3, 4, 5), fees={1: 1, 2: 2, 3: 3, 4: 4, 5: 1})  # §65
RULES = StudRules(
    draws=((EXCHANGE,),),
    dealer_minimum=ACE_KING,  # §66
    buy_game="highest",  # §66
    bonus_from=FLUSH,  # §68
    layout=6,  # G7
    boxes=6,
    boxes_per_player=3,
    open_boxes_per_player=2,  # §65
    dark_boxes_per_player=1,
    open_before_dark=2,  # §65: boxes beyond two open ones are dark
)
BONUS_PAYS = {  # a table's bonus as the demo table offers it (G8: the table's settings)
    "flush": "10:1",
    "full_house": "30:1",
    "four_of_a_kind": "100:1",
    "straight_flush": "500:1",
    "royal_flush": "1000:1",
}


class GoldenOasis(StudEngine):
    game = GAME
    display_name = gettext_noop("Golden Oasis poker")
    seats = (1, 6)
    rules = RULES
    example_configs = (
        {"min_bet": 100, "max_bet": 2_000},
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "bonus": {"stake": 10, "pays": BONUS_PAYS},
            "max_payout": 4_000,
            "max_exposure": 50_000,
        },
    )


ENGINE = base.register(GoldenOasis())
