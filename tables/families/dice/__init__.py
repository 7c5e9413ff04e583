"""The family dice: the code its games share once (tables/families/__init__.py)."""
