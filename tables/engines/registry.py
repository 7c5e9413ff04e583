"""Every game the tables can run: each game folder's ``engine`` (tables/games/<game>/engine.py)
registers itself on import, so a new game is a new folder (tables.folders). The modules of this
package are what the engines share (cards, shoes, dice, hands, betting, the contract)."""

from tables.engines.base import engine_for, registered_games
from tables.folders import import_parts

import_parts("engine", "games")

__all__ = ["engine_for", "registered_games"]
