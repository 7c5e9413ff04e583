"""The game caribbean_stud: one folder (tables/games/__init__.py)."""
