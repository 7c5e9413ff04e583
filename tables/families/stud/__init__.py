"""The family stud: the code its games share once (tables/families/__init__.py)."""
