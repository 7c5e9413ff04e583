"""The game let_it_ride: one folder (tables/games/__init__.py)."""
