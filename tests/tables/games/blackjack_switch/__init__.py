"""The tests of tables/games/blackjack_switch/."""
