"""The tests of tables/games/blackjack/."""
