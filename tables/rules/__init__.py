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


PAGES: dict[str, RulesPage] = {
    page.game: page
    for page in (
        RulesPage(
            game="baccarat_bank",
            title=gettext_noop("Baccarat with a player-held bank"),
            paragraphs=(4, 17),
            summary=gettext_noop(
                "One player holds the bank with his own money; the others bet against it. "
                "Nine points or as near as possible wins."
            ),
            terms=(
                "bank",
                "holder",
                "punters",
                "bid",
                "chocolate",
                "half_bank",
                "cardholder",
                "natural",
                "third_card",
                "tableau",
                "coup",
                "shoe",
                "cut_card",
                "bead_road",
                "commission",
            ),
        ),
        RulesPage(
            game="belarusian_poker",
            title=gettext_noop("Belarusian poker"),
            paragraphs=(18, 25),
            summary=gettext_noop(
                "Three cards each from a 33-card pack with a joker; players bet into one bank "
                "and the most points take it."
            ),
            terms=(
                "pot",
                "entry_bet",
                "level",
                "call",
                "raise",
                "pass",
                "max_bet",
                "round",
                "showdown",
                "propose_showdown",
                "combination",
                "joker",
                "svara",
                "button",
                "deduction",
            ),
        ),
        RulesPage(
            game="khrap",
            title=gettext_noop("Khrap"),
            paragraphs=(114, 121),
            summary=gettext_noop(
                "Four cards each and a turned-up trump; whoever declares a game must take two "
                "of the four tricks, whoever joins must take one."
            ),
            terms=(
                "khrap_bank",
                "stake",
                "marker",
                "trump",
                "khrap_pass",
                "khrap",
                "vertolyot",
                "strelyayu",
                "zavorachivayu",
                "help",
                "five",
                "exchange",
                "trick",
                "pledge",
                "penalty_bank",
                "rake",
            ),
        ),
        RulesPage(
            game="durak",
            title=gettext_noop("Podkidnoy durak and its knock-out tournament"),
            paragraphs=(122, 127),
            summary=gettext_noop(
                "Two players, 36 cards: get rid of all your cards first. Matches to a number of "
                "wins, and knock-out tournaments with a prize fund."
            ),
            terms=(
                "trump",
                "attack",
                "beat",
                "throw_in",
                "take",
                "done",
                "discard_pile",
                "transfer",
                "bout",
                "match",
                "forfeit",
                "entry_fee",
                "prize_fund",
                "bracket",
                "bye",
                "walkover",
            ),
        ),
        RulesPage(
            game="highcard",
            title=gettext_noop("High card"),
            paragraphs=None,
            summary=gettext_noop(
                "The casino's own short game: bet against the dealer's card, the higher card "
                "wins; the antes go to the best card."
            ),
            terms=("ante", "box", "tip", "shoe", "cut_card"),
        ),
    )
}


def page_for(game: str) -> RulesPage | None:
    return PAGES.get(game)
