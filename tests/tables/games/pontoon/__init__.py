"""The tests of tables/games/pontoon/."""
