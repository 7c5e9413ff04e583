"""The rules of every game, one page each (issue 26, item 6): ``/rules/`` lists the games,
``/rules/<game>/`` gives one game's rules in the reader's language, written for a newcomer from
../shared/rules/<game>.md and docs/rules-decisions.md, with the worked examples drawn as cards.

Opened from a table (``?table=<id>``) the page also shows that table's limits, read from its
settings. A game's page is two documents, ``templates/rules/ru/<game>.html`` and
``templates/rules/en/<game>.html``: a rules text is translated as a whole (as Django translates
its own documentation), not sentence by sentence, so each reads as written in its language; the
page around them (titles, contents, limits) is translated by gettext like every other page.

The jargon's short explanations that the boards show (``templates/jinja2/tables/_terms.html``)
live beside these pages, in ``templates/jinja2/rules/_glossary.html``; each game's page lists
its own words from there (``RulesPage.terms``), so a board and the rules say the same thing.

Nothing here names a game: each game registers its page and its limits with its presentation
(``tables/games/<game>.py``: ``rules=``, ``limits=``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

# The sections every game's page has, in order: (anchor, title). The documents use these ids.
SECTIONS = (
    ("game", gettext_noop("The game")),
    ("cards", gettext_noop("The cards")),
    ("hand", gettext_noop("A hand, step by step")),
    ("moves", gettext_noop("Your moves")),
    ("money", gettext_noop("How the money is settled")),
    ("limits", gettext_noop("The table's limits")),
    ("examples", gettext_noop("Worked examples")),
    ("words", gettext_noop("Words at the table")),
)


@dataclass(frozen=True)
class RulesPage:
    """One game's rules page: its title, the rule paragraphs it restates, a one-line summary
    for the index, and the glossary keys of the words its board uses."""

    game: str
    title: str  # gettext_noop'd
    # the first and last paragraph of the card-game rules (CG) the page restates; None for a
    # game of our own
    paragraphs: tuple[int, int] | None
    summary: str  # gettext_noop'd
    terms: tuple[str, ...] = field(default_factory=tuple)
    # the rules it restates, in a sentence (gettext_noop'd), for a game of another part of the
    # rulebook than the card games (``paragraphs`` name the card-game rules' paragraphs)
    rulebook: str = ""
    # a section's own title where the shared one does not fit the game (anchor -> gettext_noop'd
    # title: "The dice" for "The cards")
    titles: dict[str, str] = field(default_factory=dict)


LimitRows = list[tuple[str, str | None]]


def limit_money(settings: dict, key: str, currency: str) -> str | None:
    """A limit that is an amount of the table's settings, in the currency; None if unset."""
    from casino.currencies import format_amount

    value = settings.get(key)
    return format_amount(value, currency) if isinstance(value, int) else None


def limit_percent(value) -> str:
    return f"{value} %"


def page_for(game: str) -> RulesPage | None:
    """The game's rules page, as its presentation registers it (tables/games/<game>.py)."""
    from tables.presentation import presentation_for

    return presentation_for(game).rules


def __getattr__(name: str):
    # PAGES: every registered game's rules page, by game (read from the presentation registry
    # when asked, as the registry fills in when tables.games is imported)
    if name == "PAGES":
        from tables.presentation import registered_games

        return {game: page for game in registered_games() if (page := page_for(game))}
    raise AttributeError(name)
