"""The family twentyone: the code its games share once (tables/families/__init__.py)."""
