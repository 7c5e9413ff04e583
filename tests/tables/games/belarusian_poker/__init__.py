"""The tests of tables/games/belarusian_poker/."""
