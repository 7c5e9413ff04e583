"""Caribbean stud poker's presentation (CG §40–§48, tables/engines/caribbean_stud.py), on the
stud board every such game shares (tables/games/stud_board.py): its words are the one card
change for an ante (§41), the dealer's ace-king (§43) and the bonus from a straight (§47)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.engines.caribbean_stud import GAME
from tables.games import stud_board as board
from tables.presentation import register
from tables.rules import RulesPage

WORDS = board.Words(
    qualifies=gettext_noop("The dealer plays with ace-king or better."),
    draw_buttons={"change": gettext_noop("Change the card picked (fee %(fee)s)")},
    draw_prompts={
        "change": gettext_noop("You may change one card, once, for a fee equal to your ante.")
    },
    bonus_from=gettext_noop("a straight"),
)
RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Caribbean stud poker"),
    paragraphs=(40, 48),
    summary=gettext_noop(
        "Five-card stud against the dealer: an ante, one card change for an ante, then fold or "
        "bet twice the ante; the dealer plays with ace-king, the bet pays 1:1 to 100:1; a dark "
        "box and a bonus from a straight where the table offers them."
    ),
    terms=("stud_ante", "box", "dark_box", "stud_bet", "qualify", "bonus_bet", "card_change"),
)

register(board.presentation(GAME, gettext_noop("Caribbean stud poker"), WORDS, RULES))
