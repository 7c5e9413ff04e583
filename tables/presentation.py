"""How each game looks: the presentation registry (the platform's; each game registers itself).

The engine registry (``tables/engines/registry.py``) says how a game is played; this one says how
it is shown. ``presentation_for(game)`` gives a ``Presentation``: the game's display name, its
presenter (the board context the game adds to the shared one), its templates (board, page,
lobby/pit summary, hand replay, hand result) and its static files. Shared code (presenters,
views, the shared templates, ``static/js/table.js``) asks the registry and names no game.

A game registers itself in its folder's ``presentation`` module (``tables/games/<game>/``):
every folder's is imported at the bottom of this file, so adding a game's presentation is
adding its folder. A game with no presentation registered gets the defaults: the
generic board (seats, clocks, status), the shared page and the generic summary of its
``facts``; that is enough to sit down and watch a new engine play before its own board exists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from tables.board_words import gettext
from tables.folders import folders, import_parts
from tables.rules import RulesPage

# (view, the shared board context) -> what the game adds to the board's context
Presenter = Callable[[dict, dict], dict]
# a summary in an older shape -> the same summary with "pot", "stage" and "facts"
SummaryAdapter = Callable[[dict], dict]


@dataclass(frozen=True)
class Presentation:
    """One game's presentation. Template paths: ``board_template`` is Jinja2 (under
    templates/jinja2/, casino/jinja2.py), every other one a Django template (templates/)."""

    game: str
    # gettext_noop'd English; "" takes the engine's display_name
    display_name: str = ""
    presenter: Presenter | None = None
    board_template: str = "tables/board.html"
    page_template: str = "tables/page.html"
    # one row's game facts, in the lobby and the pit (the row gives `t`, the summary)
    summary_template: str = "tables/summary/_facts.html"
    # one step of a hand's replay (`step`: event, public view, hands by seat)
    replay_template: str = "tables/replay/_step.html"
    # a finished hand's result, in the hand history list and panel (`hand`)
    result_template: str = "tables/result/_hand.html"
    # static paths (under static/), loaded by the table page after static/js/table.js
    js: str | None = None
    css: str | None = None
    # rows built by an actor of an older shape (before "facts"): its adapter, if the game had one
    summary_adapter: SummaryAdapter | None = None
    # the seat's own view carries its player's wallet balance in the table's currency (the
    # view's "balance"), for a board that offers only the stakes the player can afford; one
    # read per seat's view, so only for games that show it
    balance_in_view: bool = False
    # What a seat's board shows beyond the board's shared parts (its moves, its own seat, the
    # layout of the seats round it), from that seat's view, as JSON-able facts: a change that
    # leaves them alike sends that seat only the parts that changed (tables.outbox.touched_seats,
    # issue 30). None: every change sends every seat its whole board. A fact
    # left out shows as a board that differs from its whole rendering in the board parts test.
    private_facts: Callable[[dict], object] | None = None
    # its rules page (tables/rules: title, paragraphs restated, summary, glossary words) and
    # the rows of its own limits that page shows, from a table's settings and currency
    rules: RulesPage | None = None
    limits: Callable[[dict, str], list[tuple[str, str | None]]] | None = None
    # a game with a layout of many bets: a bet's kind (in its events, pots and payments) -> its
    # name in the active language, "" for a kind it has not, for the hand history's words
    # (tables/history.py)
    bet_name: Callable[[str], str] | None = None

    @property
    def name(self) -> str:
        """The untranslated display name."""
        return self.display_name or _engine_display_name(self.game) or self.game

    @property
    def label(self) -> str:
        """The display name in the active language."""
        return gettext(self.name)


_PRESENTATIONS: dict[str, Presentation] = {}
_DEFAULTS: dict[str, Presentation] = {}


def register(presentation: Presentation) -> Presentation:
    presentation = with_folder_files(presentation)
    _PRESENTATIONS[presentation.game] = presentation
    return presentation


# a game's own templates and static files, by the names its folder gives them (tables/folders.py):
# the field, the folder's directory it is in, and its name there
FOLDER_FILES = {
    "board_template": ("jinja2", "tables/{game}/board.html"),
    "replay_template": ("templates", "tables/{game}/_replay_step.html"),
    "result_template": ("templates", "tables/{game}/_hand_result.html"),
    "css": ("static", "css/games/{game}.css"),
    "js": ("static", "js/games/{game}.js"),
}


def with_folder_files(presentation: Presentation) -> Presentation:
    """The presentation with each template and static file it leaves at the default taken from
    the game's folder, where the folder has one by its usual name (``FOLDER_FILES``): a game
    names only what it borrows (a family's board) or calls otherwise."""
    folder = next((path for path in folders("games") if path.name == presentation.game), None)
    if folder is None:
        return presentation
    defaults = {field.name: field.default for field in dataclasses.fields(Presentation)}
    found = {}
    for field, (directory, pattern) in FOLDER_FILES.items():
        name = pattern.format(game=presentation.game)
        if getattr(presentation, field) == defaults[field] and (folder / directory / name).exists():
            found[field] = name
    return dataclasses.replace(presentation, **found) if found else presentation


def presentation_for(game: str) -> Presentation:
    """The game's presentation, or the defaults for a game that registered none."""
    presentation = _PRESENTATIONS.get(game)
    if presentation is None:
        presentation = _DEFAULTS.get(game)
        if presentation is None:
            presentation = _DEFAULTS.setdefault(game, Presentation(game=game))
    return presentation


def registered_games() -> list[str]:
    """The games that registered a presentation of their own."""
    return sorted(_PRESENTATIONS)


def _engine_display_name(game: str) -> str:
    from tables.engines.registry import engine_for

    try:
        return getattr(engine_for(game), "display_name", "") or ""
    except LookupError:
        return ""


def seat_board_facts(view: dict) -> dict:
    """What every board draws for its own seat beyond the shared parts, from a seat's view: the
    table's status, settings and seats (the layout round the felt, your plate, the sit, ready
    and leave forms), the start window, your clock, your decision's turn key, your balance and
    the last game's result on your plate. A game's ``private_facts`` adds its own moves."""
    table, me = view["table"], view["seat"]
    clock = table.get("clock") or {}
    deadlines = clock.get("deadlines") or {}
    return {
        "status": table["status"],
        "capacity": table["capacity"],
        "settings": table.get("settings"),
        "seats": table["seats"],
        "start": table.get("start"),
        "hand_number": table.get("hand_number"),
        "last_game": table.get("last_game"),
        "clock": [
            me in (clock.get("seats") or []),
            deadlines.get(str(me), deadlines.get(me)) if deadlines else clock.get("deadline"),
        ],
        "turn": view.get("turn"),
        "balance": view.get("balance"),
    }


def last_result_badges(table: dict, badges: dict[int, list]) -> None:
    """Add the last hand's "won" or "lost" to ``badges`` ({seat: [(kind, text)]}) on the seats
    of the players who played it, not on a newcomer's (``last_game``'s ``won``: {seat: bool},
    a seat that neither won nor lost left out)."""
    last = table.get("last_game") or {}
    sitting = {s["position"]: s["player_id"] for s in table["seats"]}
    played = last.get("players_by_seat")
    for position, won in (last.get("won") or {}).items():
        if played is None or sitting.get(int(position)) == played.get(position):
            kind = "last-won" if won else "last-lost"
            text = gettext("won") if won else gettext("lost")
            badges.setdefault(int(position), []).append((kind, text))


# Each game's registration: every game folder's ``presentation`` module (imported last: they
# import this one).
import_parts("presentation")
