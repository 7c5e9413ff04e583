"""The game golden_oasis: one folder (tables/games/__init__.py)."""
