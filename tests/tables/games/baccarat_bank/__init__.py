"""The tests of tables/games/baccarat_bank/."""
