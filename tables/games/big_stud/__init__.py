"""The game big_stud: one folder (tables/games/__init__.py)."""
