"""The tests of tables/games/khrap/."""
