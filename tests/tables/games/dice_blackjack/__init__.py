"""The tests of tables/games/dice_blackjack/."""
