"""The tests of tables/games/let_it_ride/."""
