"""The tests of tables/games/highcard/."""
