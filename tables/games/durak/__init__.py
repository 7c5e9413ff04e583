"""Podkidnoy Durak (CG ch. on Durak): one folder, tables/games/__init__.py."""
