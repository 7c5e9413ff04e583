"""The game dice_blackjack: one folder (tables/games/__init__.py)."""
