"""The game craps: one folder (tables/games/__init__.py)."""
