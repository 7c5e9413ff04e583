"""The game pontoon: one folder (tables/games/__init__.py)."""
