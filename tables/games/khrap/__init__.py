"""The game khrap: one folder (tables/games/__init__.py)."""
