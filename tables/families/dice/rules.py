"""The rules page of a dice game (tables/rules): a game of the dice-game part of the rulebook
(DG), not of the card games' paragraphs, whose section on what it is played with is called
"The dice" where a card game's says "The cards"."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.rules import RulesPage

TITLES = {"cards": gettext_noop("The dice")}


def rules_page(game: str, title: str, summary: str, terms: tuple, rulebook: str) -> RulesPage:
    """A dice game's ``RulesPage``: its ``rulebook`` names the DG paragraphs it restates (the
    strings gettext_noop'd by the caller)."""
    return RulesPage(
        game=game,
        title=title,
        paragraphs=None,
        summary=summary,
        terms=terms,
        titles=dict(TITLES),
        rulebook=rulebook,
    )
