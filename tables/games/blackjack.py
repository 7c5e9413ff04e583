"""Blackjack's presentation (CG §90-§105, tables/engines/blackjack.py): the board of a live
house table with 5 to 7 boxes and up to nine seats, on the twenty-one parts every such game
shares (tables/games/twentyone_board.py, templates/jinja2/tables/_twentyone.html).

What the board shows, all of it public but your moves: the table's terms; the dealer's cards
dealt one after another with his total (no hole card, B1); the shoe (cards left, discards §94,
the cut card §104, a player's cut) and at a new shoe the check of its composition (§105); every
box with its owner, the bets behind, each hand (split hands too, §96) with its cards, its total
("7/17" while soft), its flags in words and each staker's payout in BYN once settled; who
decides now; the last round kept in view. Your moves only where they are legal: the cut, the
bets (one click on your box, a box by number where you may play more than one, a bet behind),
insurance up to half your stake and even money offered to all at once (§103), surrender
(§102), hit, stand, double (§98), split (§96, §97), and as a staker behind the answer to the
owner's split or double (split too, stay, move; double too or not, §96, §98)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.games import twentyone_board as board
from tables.presentation import register
from tables.rules import LimitRows, RulesPage

GAME = "blackjack"
NATURAL = gettext_noop("blackjack")


WORDS = board.Words(
    natural=NATURAL,
    defaults={"natural_pays": "3/2", "insurance_pays": "2", "surrender": True, "bets_behind": True},
)


def present(view: dict, shared: dict) -> dict:
    return board.present(view, shared, WORDS)


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    return board.limit_rows(settings, currency)


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Blackjack"),
    paragraphs=(90, 105),
    summary=gettext_noop(
        "Twenty-one against the dealer from a six-deck shoe: a blackjack pays 3:2, the dealer "
        "draws to 16 and stands on 17; double, split, surrender, insurance and even money, and "
        "bets behind another player's box."
    ),
    terms=(
        "shoe",
        "cut_card",
        "soft_total",
        "bet_behind",
        "double_down",
        "split_hand",
        "surrender",
        "insurance",
        "even_money",
        "pack_check",
    ),
)

register(board.presentation(GAME, gettext_noop("Blackjack"), present, RULES, table_limits))
