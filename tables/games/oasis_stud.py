"""Oasis stud poker's presentation (CG §49–§60, tables/engines/oasis_stud.py), on the stud board
every such game shares (tables/games/stud_board.py): its words are the sixth card for an ante
and the two-for-one exchange for two (§56.3), the dealer's pair of twos and buying him a game
(§58)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.engines.oasis_stud import GAME
from tables.games import stud_board as board
from tables.presentation import register
from tables.rules import RulesPage

WORDS = board.Words(
    qualifies=gettext_noop(
        "The dealer plays with a pair of twos or better; without one you may buy him a game."
    ),
    draw_buttons={
        "buy": gettext_noop("Buy a sixth card (fee %(fee)s)"),
        "exchange": gettext_noop("Give back the two picked for one card (fee %(fee)s)"),
    },
    draw_prompts={
        "exchange": gettext_noop(
            "Holding six: bet giving one card back, fold, or give back two for one new card."
        ),
    },
)
RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Oasis stud poker"),
    paragraphs=(49, 60),
    summary=gettext_noop(
        "Five-card stud against the dealer: an ante, then bet twice the ante, fold, or buy a "
        "sixth card and exchange; the dealer plays with a pair, and a player with a pair may "
        "buy him a game."
    ),
    terms=("stud_ante", "box", "stud_bet", "qualify", "card_change", "buy_game"),
)

register(board.presentation(GAME, gettext_noop("Oasis stud poker"), WORDS, RULES))
