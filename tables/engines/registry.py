"""Every game the tables can run: each game folder's ``engine`` (tables/games/<game>/engine.py)
registers itself on import, so a new game is a new folder (tables.folders). The modules of this
package are the engines' shared parts (cards, shoes, dice, hands, betting, the contract); a game
engine still here (not yet in its folder) registers itself the same way."""

import importlib
import pkgutil

import tables.engines as _shared
from tables.engines.base import engine_for, registered_games
from tables.folders import import_parts

for _module in pkgutil.iter_modules(_shared.__path__):
    if _module.name != "registry":
        importlib.import_module(f"{_shared.__name__}.{_module.name}")
import_parts("engine", "games")

__all__ = ["engine_for", "registered_games"]
