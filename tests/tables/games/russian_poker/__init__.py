"""The tests of tables/games/russian_poker/."""
