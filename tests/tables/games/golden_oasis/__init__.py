"""The tests of tables/games/golden_oasis/."""
