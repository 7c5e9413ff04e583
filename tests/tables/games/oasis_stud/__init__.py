"""The tests of tables/games/oasis_stud/."""
