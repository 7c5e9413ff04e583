"""The game belarusian_poker: one folder (tables/games/__init__.py)."""
