"""Craps in words (tables/engines/craps.py): its rules page and the limits that page shows, the
name of every bet of the layout (for the hand history, tables/history.py: ``bet_name``) and the
hand pages' partials (templates/tables/craps/).

The board (tables/games/craps.py) registers the game's presentation; this module adds these to
it, whichever of the two is imported first: the board's registration may name ``WORDS`` itself
(``Presentation(..., **craps_words.WORDS)``) or leave them to this module, imported after it.
"""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext, gettext_noop

from casino.currencies import format_amount
from tables.engines import craps
from tables.presentation import presentation_for, register
from tables.rules import LimitRows, RulesPage

GAME = craps.GAME

# the bets of the layout, by kind (DG §5.1–§5.11); a numbered kind (``place_6``) by its head
NAMES = {
    "pass": gettext_noop("pass line"),
    "dont_pass": gettext_noop("don’t pass"),
    "odds_pass": gettext_noop("odds on the pass line"),
    "come": gettext_noop("come"),
    "dont_come": gettext_noop("don’t come"),
    "field": gettext_noop("field"),
    "two": gettext_noop("two (1+1)"),
    "three": gettext_noop("three (1+2)"),
    "eleven": gettext_noop("eleven (5+6)"),
    "twelve": gettext_noop("twelve (6+6)"),
    "any_seven": gettext_noop("any seven"),
    "any_craps": gettext_noop("any craps"),
    # place groups (§5.6): several numbers placed as one act
    "outside": gettext_noop("outside (4, 5, 9, 10)"),
    "inside": gettext_noop("inside (5, 6, 8, 9)"),
    "across": gettext_noop("across (4, 5, 6, 8, 9, 10)"),
}
NUMBERED = {
    "come": gettext_noop("come on %(number)s"),
    "odds_come": gettext_noop("odds on come %(number)s"),
    "dont_come": gettext_noop("don’t come on %(number)s"),
    "place": gettext_noop("place %(number)s"),
    "buy": gettext_noop("buy %(number)s"),
    "lay": gettext_noop("lay %(number)s"),
    "big": gettext_noop("big %(number)s"),
    "hard": gettext_noop("hard %(number)s"),
}
# the limits' groups (the engine's ``GROUPS``) as the rules page names them
GROUP_NAMES = {
    "line": gettext_noop("Pass, don’t pass, come and don’t come"),
    "odds": gettext_noop("Odds bets"),
    "place": gettext_noop("Place bets"),
    "buy": gettext_noop("Buy bets"),
    "lay": gettext_noop("Lay bets"),
    "field": gettext_noop("Field"),
    "big": gettext_noop("Big 6 and big 8"),
    "hard": gettext_noop("Hardways"),
    "prop": gettext_noop("One-roll propositions"),
}


def bet_name(kind: str) -> str:
    """A bet's name in the active language ("" for no bet of the layout)."""
    if kind in NAMES:
        return gettext(NAMES[kind])
    head, _sep, tail = kind.rpartition("_")
    if tail.isdigit() and head in NUMBERED and f"{head}_{tail}" in craps.ORDER:
        return gettext(NUMBERED[head]) % {"number": int(tail)}
    return ""


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings
    (filled by the engine's check_config: every group's limits, the pay table)."""

    def money(amount) -> str | None:
        return format_amount(amount, currency) if isinstance(amount, int) else None

    rows: LimitRows = []
    limits = settings.get("limits") or {}
    for group, label in GROUP_NAMES.items():
        bounds = limits.get(group)
        if isinstance(bounds, list) and len(bounds) == 2:
            rows.append((gettext(label), f"{money(bounds[0])} – {money(bounds[1])}"))
    rows += [
        (gettext("The smallest chip"), money(settings.get("min_unit"))),
        (gettext("The number barred on don’t bets"), str(settings.get("barred", 12))),
        (gettext("Most paid on one bet"), money(settings.get("max_payout"))),
        (gettext("The house's most at risk on a roll"), money(settings.get("max_exposure"))),
    ]
    pays = settings.get("propositions") or {}
    if pays:
        shown = [f"{bet_name(kind)} {ratio}" for kind, ratio in pays.items() if bet_name(kind)]
        rows.append((gettext("Proposition pays"), ", ".join(shown)))
    from tables.actor import DEFAULT_ACTION_SECONDS  # the actor imports this package

    seconds = gettext("%(count)s s")
    action = settings.get("action_seconds", DEFAULT_ACTION_SECONDS)
    for key, label in (
        ("bet_seconds", gettext("Time to bet before a roll")),
        ("shooter_seconds", gettext("Time for the shooter to throw")),
    ):
        rows.append((label, seconds % {"count": settings.get(key, action)}))
    return rows


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Craps"),
    paragraphs=None,
    summary=gettext_noop(
        "Dice against the house: one shooter throws two dice for the whole table, a point is "
        "set and must come again before a seven; the pass line, come, odds, place, buy, lay, "
        "field and proposition bets."
    ),
    terms=(
        "come_out",
        "craps_point",
        "puck",
        "shooter",
        "seven_out",
        "pass_line",
        "dont_pass",
        "come_bet",
        "free_odds",
        "place_bet",
        "buy_bet",
        "lay_bet",
        "field_bet",
        "hardway",
        "one_roll_bet",
        "working_bet",
        "press",
        "committed_dice",
    ),
    titles={"cards": gettext_noop("The dice")},
    rulebook=gettext_noop(
        "The dice-game rules, DG §1–§5 (craps), as this casino plays them; a rule’s number "
        "is shown beside it."
    ),
)

# what this module adds to the game's presentation
WORDS = {
    "rules": RULES,
    "limits": table_limits,
    "bet_name": bet_name,
    "replay_template": "tables/craps/_replay_step.html",
    "result_template": "tables/craps/_hand_result.html",
}

# added to the board's registration if it came first, else to the defaults (module docstring)
register(dataclasses.replace(presentation_for(GAME), **WORDS))
