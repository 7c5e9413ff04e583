"""The game blackjack_switch: one folder (tables/games/__init__.py)."""
