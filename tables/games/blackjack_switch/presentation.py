"""Blackjack Switch's presentation (CG §69-§89, tables/games/blackjack_switch/engine.py): the board
of a live house table of five places, two boxes each, on the twenty-one parts every such game shares
(tables/families/twentyone/board.py, tables/families/twentyone/jinja2/tables/_twentyone_board.html).

What is Switch's own on the board: one bet staking both your boxes alike (§73) and then the
Super Match on your first box up to that bet (§85), settled on the first four cards at once
(§86); the dealer's face-down hole card shown as a back and his check under an ace or a ten
(S2); insurance from half the table minimum (§81); before play, all at once, surrender per box
and the switch, offered with both arrangements' totals (the boxes as dealt and switched, §70);
a switched hand marked so (21, not a blackjack, §71); the terms: blackjack 1:1 (§83), the
dealer hits a soft 17 (§75), 22 stands off (§84)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.board_words import gettext
from tables.families.twentyone import board
from tables.games.blackjack_switch.engine import GAME, SUPER_MATCH
from tables.presentation import register
from tables.rules import LimitRows, limit_money

NATURAL = gettext_noop("blackjack")
SIDE_WORDS = {SUPER_MATCH: gettext_noop("Super Match")}
CHIPS = (
    gettext_noop("the dealer hits a soft 17"),
    gettext_noop("his 22 stands off"),
    gettext_noop("the switch"),
)


def switch_text(kind: str, box: int, details) -> tuple[str, str]:
    """The switch's button and what it makes of your two boxes (§70): their totals now and
    switched, so the choice is seen before it is made."""
    if kind != "switch" or not details:
        return kind, ""
    first, second = details["boxes"]
    now = details["now"]
    note = gettext(
        "Now box %(first)s has %(now_first)s and box %(second)s %(now_second)s; switched, "
        "%(switched_first)s and %(switched_second)s."
    ) % {
        "first": first + 1,
        "second": second + 1,
        "now_first": now[0],
        "now_second": now[1],
        "switched_first": details["labels"][0],
        "switched_second": details["labels"][1],
    }
    label = gettext("Switch the second cards (%(first)s and %(second)s)") % {
        "first": details["labels"][0],
        "second": details["labels"][1],
    }
    return label, note


WORDS = board.Words(
    natural=NATURAL,
    defaults={
        "natural_pays": "1",
        "insurance_pays": "2",
        "surrender": True,
        "bets_behind": False,
    },
    side_words=SIDE_WORDS,
    extra_chips=CHIPS,
    bet_label=gettext_noop("Bet on each of your two boxes"),
    early_text=gettext_noop(
        "Before play: surrender a box or switch the second cards. Waiting for: %(players)s"
    ),
    offers_prompt=gettext_noop(
        "Before play: surrender a box for half its bet back, or switch the second cards of "
        "your two boxes (once; no surrender after it)."
    ),
    choice_text=switch_text,
)


def present(view: dict, shared: dict) -> dict:
    return board.present(view, shared, WORDS)


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    yes, no = gettext("yes"), gettext("no")
    side = (settings.get("side_bets") or {}).get(SUPER_MATCH)
    return [
        (gettext("Smallest bet on a box"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet on a box"), limit_money(settings, "max_bet", currency)),
        (
            gettext("Super Match"),
            gettext("from %(low)s to your bet on one box")
            % {"low": limit_money({"low": side[0]}, "low", currency)}
            if side
            else (gettext("not offered") if "side_bets" in settings else None),
        ),
        (gettext("Decks in the shoe"), str(settings.get("decks", ""))),
        (
            gettext("The dealer's hole card, checked"),
            yes if settings.get("hole_card", True) else no,
        ),
        (gettext("Surrender"), yes if settings.get("surrender", True) else no),
        (gettext("A player cuts a new shoe"), yes if settings.get("player_cut", True) else no),
        (gettext("Most paid a box"), limit_money(settings, "max_payout", currency)),
        (gettext("The house's limit on a round"), limit_money(settings, "max_exposure", currency)),
    ]


RULES = board.rules_page(
    GAME,
    gettext_noop("Blackjack Switch"),
    (69, 89),
    gettext_noop(
        "Two boxes with equal bets against the dealer, and once the right to swap their second "
        "cards: a blackjack pays 1:1 and the dealer's 22 stands off; split, double, surrender, "
        "insurance and the Super Match side bet."
    ),
    (
        "hole_card",
        "switch",
        "super_match",
        "stand_off_22",
        "double_down",
        "split_hand",
        "insurance",
    ),
)

register(board.presentation(GAME, gettext_noop("Blackjack Switch"), present, RULES, table_limits))
