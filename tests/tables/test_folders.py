"""A game is its folder (issue 48): the registries find a game by its folder, so a made-up game
written into a folder of its own plays through the conformance suite with nothing else added;
every game's engine imports no Django; a game's folder imports no other game's folder (what
games share lives in a family's folder or in the platform)."""

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

import tables.games
from tables import folders
from tables.engines import base
from tables.engines.registry import engine_for, registered_games
from tables.presentation import presentation_for
from tests.tables.engines.test_conformance import machine_for

ROOT = Path(__file__).resolve().parents[2]
MADE_UP = Path(__file__).resolve().parent / "madeup" / "odd_or_even_engine.py"
MACHINE = settings(
    max_examples=25,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.fixture
def made_up_game(tmp_path, monkeypatch):
    """The made-up game's folder (``__init__.py`` and ``engine.py``) beside the real games:
    the package's path is given the temporary directory, as a folder of tables/games/ would be."""
    folder = tmp_path / "odd_or_even"
    folder.mkdir()
    (folder / "__init__.py").write_text('"""The game odd_or_even: one folder."""\n')
    (folder / "engine.py").write_text(MADE_UP.read_text())
    monkeypatch.setattr(tables.games, "__path__", [*tables.games.__path__, str(tmp_path)])
    yield "odd_or_even"
    base._ENGINES.pop("odd_or_even", None)
    for name in [n for n in sys.modules if n.startswith("tables.games.odd_or_even")]:
        del sys.modules[name]


def test_a_made_up_game_in_a_folder_of_its_own_plays_through_the_conformance_suite(made_up_game):
    assert made_up_game not in registered_games()
    assert f"tables.games.{made_up_game}" in folders.packages("games")

    folders.import_parts("engine", "games")

    assert made_up_game in registered_games()
    engine = engine_for(made_up_game)
    low, high = engine.seats
    for players in sorted({low, 2, high}):
        run_state_machine_as_test(machine_for(engine, {}, players), settings=MACHINE)
    # with no presentation of its own it is shown by the defaults, under its engine's name
    assert presentation_for(made_up_game).name == "Odd or even"


def test_every_games_engine_imports_no_django():
    engines = [f"{package}.engine" for package in folders.packages("games")]
    assert len(engines) >= 16, engines
    script = (
        "import importlib, sys\n"
        f"for name in {engines!r}:\n"
        "    importlib.import_module(name)\n"
        "    django = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "    if django:\n"
        "        sys.exit(f'{name} imports Django: {django[:3]}')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr or done.stdout


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("folder", folders.folders("games"), ids=lambda path: path.name)
def test_a_games_folder_imports_no_other_games_folder(folder):
    own = f"tables.games.{folder.name}"
    others = {package for package in folders.packages("games") if package != own}
    for path in sorted(folder.rglob("*.py")):
        names = _imported_modules(path)
        wrong = sorted(
            name for name in names if any(name == o or name.startswith(o + ".") for o in others)
        )
        assert not wrong, f"{path.relative_to(ROOT)} imports another game's folder: {wrong}"


def test_every_folder_is_an_app_whose_templates_and_static_files_are_found():
    from django.apps import apps

    for package in folders.packages():
        assert apps.is_installed(package), package
    assert (
        importlib.import_module("casino.jinja2").TEMPLATE_DIRS[1:] == folders.board_template_dirs()
    )


@pytest.mark.parametrize("folder", folders.folders("families"), ids=lambda path: path.name)
def test_a_familys_folder_imports_no_game(folder):
    """A family's games extend it, not the other way round."""
    for path in sorted(folder.rglob("*.py")):
        wrong = sorted(n for n in _imported_modules(path) if n.startswith("tables.games."))
        assert not wrong, f"{path.relative_to(ROOT)} imports a game: {wrong}"


def test_a_presentation_takes_its_folders_templates_and_static_files_by_their_usual_names(
    made_up_game,
):
    from tables.presentation import Presentation, with_folder_files

    folder = Path(tables.games.__path__[-1]) / made_up_game
    (folder / "jinja2" / "tables" / made_up_game).mkdir(parents=True)
    (folder / "jinja2" / "tables" / made_up_game / "board.html").write_text("<div></div>")
    (folder / "static" / "css" / "games").mkdir(parents=True)
    (folder / "static" / "css" / "games" / f"{made_up_game}.css").write_text("")

    shown = with_folder_files(Presentation(game=made_up_game))
    assert shown.board_template == f"tables/{made_up_game}/board.html"
    assert shown.css == f"css/games/{made_up_game}.css"
    # what the folder has not (a replay partial, a script) stays the default
    assert shown.replay_template == Presentation.replay_template and shown.js is None
    # and what a game names itself (a family's board) is kept
    borrowed = with_folder_files(Presentation(game=made_up_game, board_template="tables/x.html"))
    assert borrowed.board_template == "tables/x.html"
