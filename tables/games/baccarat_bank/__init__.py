"""The game baccarat_bank: one folder (tables/games/__init__.py)."""
