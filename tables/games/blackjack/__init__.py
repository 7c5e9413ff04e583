"""The game blackjack: one folder (tables/games/__init__.py)."""
