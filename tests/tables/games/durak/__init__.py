"""Podkidnoy Durak's tests (tables/games/durak/)."""
