"""The game russian_poker: one folder (tables/games/__init__.py)."""
