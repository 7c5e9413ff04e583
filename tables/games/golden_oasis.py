"""Golden Oasis poker's presentation (CG §61–§68, tables/engines/golden_oasis.py), on the stud
board every such game shares (tables/games/stud_board.py): its words are the exchange of one to
five cards at its prices (§65), the dealer's ace-king, buying him a game (§66) and the bonus
from a flush (§68)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.engines.golden_oasis import GAME
from tables.games import stud_board as board
from tables.presentation import register
from tables.rules import RulesPage

WORDS = board.Words(
    qualifies=gettext_noop(
        "The dealer plays with ace-king or better; without it you may buy him a game."
    ),
    draw_buttons={"exchange": gettext_noop("Exchange the cards picked (%(fee)s)")},
    draw_prompts={
        "exchange": gettext_noop(
            "You may exchange one to five cards, once: 1 or 5 cards cost one ante, 2 cards two, "
            "3 cards three, 4 cards four."
        )
    },
    bonus_from=gettext_noop("a flush"),
)
RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Golden Oasis poker"),
    paragraphs=(61, 68),
    summary=gettext_noop(
        "Five-card stud against the dealer: two open boxes and more dark ones, an exchange of "
        "one to five cards, the dealer plays with ace-king, a player with a pair may buy him a "
        "game; a bonus from a flush where the table offers it."
    ),
    terms=(
        "stud_ante",
        "box",
        "dark_box",
        "stud_bet",
        "qualify",
        "bonus_bet",
        "card_change",
        "buy_game",
    ),
)

register(board.presentation(GAME, gettext_noop("Golden Oasis poker"), WORDS, RULES))
