"""The tests of tables/games/caribbean_stud/."""
