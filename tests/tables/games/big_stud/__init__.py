"""The tests of tables/games/big_stud/."""
