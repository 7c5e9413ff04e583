"""The game oasis_stud: one folder (tables/games/__init__.py)."""
