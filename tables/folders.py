"""Where the games and their families live: one folder each, found by looking (issue 48).

``tables/games/<game>/`` is a game, ``tables/families/<family>/`` the code a family of games
shares; either is a package (it has an ``__init__.py``). The settings make each one an app, so
its templates (``templates/``, ``jinja2/``) and static files (``static/``) are found beside its
code; the registries import each one's parts by name (``engine``, ``presentation``,
``history``). Pure Python: the settings import it before Django is set up.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
# families first: a game's part may extend its family's, never the other way round
KINDS = ("families", "games")


def folders(kind: str | None = None) -> list[Path]:
    """The folders of one kind (or of both, families first), each a package."""
    kinds = KINDS if kind is None else (kind,)
    return [
        path.parent
        for name in kinds
        for directory in _package_directories(name)
        for path in sorted(directory.glob("*/__init__.py"))
        if not path.parent.name.startswith("_")
    ]


def _package_directories(kind: str) -> list[Path]:
    """Where the package ``tables.<kind>`` is: its own directory, and any other its ``__path__``
    is given (a test adds a made-up game's directory there)."""
    package = importlib.import_module(f"tables.{kind}")
    return [Path(entry) for entry in package.__path__]


def packages(kind: str | None = None) -> list[str]:
    """The dotted names of the folders (``tables.games.<game>``), families first."""
    kinds = KINDS if kind is None else (kind,)
    return [f"tables.{name}.{path.name}" for name in kinds for path in folders(name)]


def import_parts(part: str, kind: str | None = None) -> list[ModuleType]:
    """Import the module ``part`` of every folder that has one (a game's ``engine``, its
    ``presentation``, its ``history``): each registers itself on import."""
    return [
        importlib.import_module(f"{package}.{part}")
        for package, path in zip(packages(kind), folders(kind), strict=True)
        if (path / f"{part}.py").exists() or (path / part / "__init__.py").exists()
    ]


def board_template_dirs() -> list[Path]:
    """The folders' Jinja2 board templates (``<folder>/jinja2/``), as the board loader's
    directories after the shared ``templates/jinja2``."""
    return [path / "jinja2" for path in folders() if (path / "jinja2").is_dir()]
