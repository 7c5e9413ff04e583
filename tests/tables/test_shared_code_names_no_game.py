"""Shared code names no game and assumes no number of seats (issue 12, item 5): what one game
needs lives in its own folder (tables/games/<game>/: engine, presentation, templates, static
files) and is found through the registries (tables/folders.py)."""

import re
from pathlib import Path

import pytest

from tables.engines.registry import registered_games

ROOT = Path(__file__).resolve().parents[2]

SHARED = [
    "tables/*.py",
    "tables/actor/*.py",  # the actor, a package since issue 48
    # the parts every house-banked game's engine shares (issue 31)
    "tables/engines/base.py",
    "tables/engines/betting.py",
    "tables/engines/cards.py",
    "tables/engines/poker_hands.py",
    "tables/engines/registry.py",
    "tables/engines/shuffle.py",
    "tables/families/house/__init__.py",
    "tables/families/house/boxes.py",
    "tables/families/house/bank.py",
    "tables/families/house/settle.py",
    "tables/families/house/jinja2/tables/*.html",
    "tables/games/__init__.py",
    "tables/families/__init__.py",
    "tables/templatetags/*.py",
    "templates/tables/*.html",
    "templates/tables/summary/*.html",
    "templates/tables/replay/*.html",
    "templates/tables/result/*.html",
    "templates/jinja2/tables/*.html",
    "templates/casino/*.html",
    "casino/*.py",
    "casino/ledger/*.py",  # the ledger, a package since issue 48
    "static/js/table.js",
    "static/css/casino.css",
]
# Files that may name a game: the demo data seeds tables of the games it names.
NAMING_ALLOWED = {"casino/demo.py"}

# "the other seat" as arithmetic on two seats, or the two seats spelt out
TWO_SEAT_IDIOMS = re.compile(
    r"\b1\s*-\s*(me|seat|my_seat|position|p|s|attacker|defender)\b"
    r"|\(0,\s*1\)|\[0,\s*1\]|range\(2\)|\bopponent\b|\bheads-up\b"
)


def _shared_files() -> list[Path]:
    files = sorted({path for pattern in SHARED for path in ROOT.glob(pattern)})
    assert len(files) > 20, "the patterns above no longer find the shared code"
    return files


def _game_names() -> set[str]:
    # every registered game, and Durak by name whatever the registry holds
    return {game.lower() for game in registered_games()} | {"durak"}


@pytest.mark.parametrize("path", _shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game_and_no_two_seat_idiom(path):
    relative = str(path.relative_to(ROOT))
    text = path.read_text()
    if relative not in NAMING_ALLOWED:
        for game in _game_names():
            lines = [n for n, line in enumerate(text.splitlines(), 1) if game in line.lower()]
            assert not lines, f"{relative} names the game {game!r} on lines {lines}"
    idioms = [
        (n, match.group(0))
        for n, line in enumerate(text.splitlines(), 1)
        for match in TWO_SEAT_IDIOMS.finditer(line)
    ]
    assert not idioms, f"{relative} assumes two seats: {idioms}"


def test_the_idioms_are_found_where_they_are():
    for sample in ("opponent = 1 - me", "for p in (0, 1):", "players[0], players[1] = [0, 1]"):
        assert TWO_SEAT_IDIOMS.search(sample), sample
    assert not TWO_SEAT_IDIOMS.search(
        "order = [(anchor + step) % capacity for step in range(1, n)]"
    )
