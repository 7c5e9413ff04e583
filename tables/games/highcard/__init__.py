"""The game highcard: one folder (tables/games/__init__.py)."""
