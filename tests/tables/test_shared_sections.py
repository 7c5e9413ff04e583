"""The shared sections of a board (tables.presenters.shared_section): what every viewer of a
table version sees alike, rendered once for all the sockets of a table. For every registered
game, random play is rendered for each seat and a spectator with the cache off: each section
must come out the same for all viewers (else one seat's cards or moves would reach the others'
boards through the cache), and the boards rendered with the cache must be the boards rendered
without it.

Every game and example config is played on every run, in one language, Russian or English by
turns (a config's language rotates with the commit: tests/rotation.py); ``make conformance``
(``CONFORMANCE_FULL=1``) renders each in both (issue 51: the two languages were half of this
file's 483 s)."""

import random
import re

import pytest
from django.utils import translation

from tables import presenters
from tables.engines.registry import engine_for, registered_games
from tests.rotation import full_matrix, rotation_seed
from tests.tables.engines.conformance import ConformanceTable

LANGUAGES = ("ru", "en")
CONFIGS = [
    (game, number, config)
    for game in registered_games()
    for number, config in enumerate(engine_for(game).example_configs)
]


def languages_of(index: int) -> tuple[str, ...]:
    """The languages the `index`-th config is rendered in: both for the full matrix, else one,
    the configs taking the two by turns and each config's turning with the commit."""
    if full_matrix():
        return LANGUAGES
    return (LANGUAGES[(index + rotation_seed()) % len(LANGUAGES)],)


GAMES_IN_LANGUAGES = [
    pytest.param(game, config, language, id=f"{language}-{game}-config{number}")
    for index, (game, number, config) in enumerate(CONFIGS)
    for language in languages_of(index)
]


class PresentedTable(ConformanceTable):
    """A table played as the actor plays it (tests/tables/engines/conformance.py), for what its
    boards show. The conformance checks after every step are not made again here (issue 51:
    they were 40 % of this file's and test_board_parts.py's time): every engine with every
    example config at the most seats, as played here, is checked step by step on every run by
    tests/tables/engines/test_conformance.py (``seat_counts``: the most among the extremes)."""

    def check(self) -> None:
        """The checks of a step are test_conformance.py's."""


def board_view(engine, game: str, state: dict, config: dict, seated, viewer, version: int, **table):
    """The view the actor's selectors give `viewer` (None: a spectator) of an engine state;
    `table`: the table's facts that differ from a plain table in play (status, last game)."""
    awaited = engine.to_act(state)
    return {
        "table": {
            "id": 1,
            "name": "Shared sections",
            "game": game,
            "status": table.get("status", "playing"),
            "version": version,
            "currency": "BYN",
            "settings": config,
            "hand_number": 3,
            "match_number": 1,
            "capacity": engine.seats[1],
            "clock": {
                "seats": awaited,
                "deadline": 1_900_000_000,
                "deadlines": {str(p): 1_900_000_000 + p for p in awaited},
            },
            "commitment": "c" * 64,
            "last_game": table.get("last_game"),
            "seats": [
                {"position": p, "player_id": 100 + p, "name": f"Player {p}", "status": "sitting"}
                | {"away": False, "ready": True}
                for p in seated
            ],
        },
        "game": engine.view(state, viewer),
        "seat": viewer,
        "turn": None,
    }


def without_ids(board: str) -> str:
    return re.sub(f"{presenters._ID_PREFIX}[0-9a-f]+", "id", board)


def sections_by_viewer(views) -> dict:
    by_viewer = {}
    for viewer, view in views.items():
        with presenters.sections_recorded() as recorded:
            board = presenters.board_html(view, oob=True)
        by_viewer[viewer] = (board, recorded)
    return by_viewer


def random_views(table: ConformanceTable, game: str, rng: random.Random, *, pause_every: int):
    """Random play at `table` as the boards see it: after each step, (version, each viewer's
    view by viewer (None: a spectator), the last finished hand's result). Now and then (every
    `pause_every` versions) the casino has paused the table. The caller stops when it has seen
    enough, then closes the table (its replay check)."""
    engine, last_game = table.engine, None
    for version in range(1, 400):
        if table.hand_over():
            if table.state is not None:  # as the actor keeps it for the boards
                last_game = {"number": table.hands, **engine.hand_result(table.state)}
            if not table.next_hand():
                return
        if not table.awaited():
            return
        seated = sorted(table.seated)
        status = "paused" if version % pause_every == 0 else "playing"
        facts = {"status": status, "last_game": last_game}
        views = {
            viewer: board_view(
                engine, game, table.state, table.config, seated, viewer, version, **facts
            )
            for viewer in [None, *seated]
        }
        yield version, views, last_game
        table.act(rng.randrange(256), rng.randrange(256))


@pytest.mark.parametrize(("game", "config", "language"), GAMES_IN_LANGUAGES)
def test_every_viewer_renders_each_shared_section_alike(game, config, language):
    engine = engine_for(game)
    rng = random.Random(f"{game}{language}")
    table = PresentedTable(engine, config, engine.seats[1], rng.randrange(2**32))
    checked = sections = 0
    last_game = None
    with translation.override(language):
        for version, views, last_game in random_views(table, game, rng, pause_every=4):
            if checked >= 40 and last_game is not None:
                break
            rendered = sections_by_viewer(views)
            spectator_sections = rendered[None][1]
            for viewer, (_board, recorded) in rendered.items():
                assert recorded == spectator_sections, (
                    f"{game}: a shared section differs for seat {viewer} at step {version}"
                )
            # and the cache gives each viewer the board it would have had without it (but for
            # the fresh client action id of each rendering)
            for viewer, view in views.items():
                cached = presenters.board_html(view, oob=True)
                assert without_ids(cached) == without_ids(rendered[viewer][0])
            checked += 1
            sections = max(sections, len(spectator_sections))
    table.close()
    assert checked >= 10, "random play reached enough versions"
    assert last_game is not None, "a hand ended: the boards showed its result"
    assert sections >= 2, "the game's board has shared sections"


def test_a_section_that_differs_by_viewer_is_caught():
    """What the check above relies on: a section showing something of the viewer is recorded
    differently for two viewers."""

    def section_of(seat):
        def caller():
            return f"<p>seat {seat}</p>"

        with presenters.sections_recorded() as recorded:
            presenters.shared_section(("g", 1, 1, "en"), "head", caller)
        return recorded

    assert section_of(0) != section_of(1)
    assert section_of(0) == section_of(0)
