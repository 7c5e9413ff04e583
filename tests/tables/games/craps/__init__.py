"""The tests of tables/games/craps/."""
