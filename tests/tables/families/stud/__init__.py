"""The tests of tables/families/stud/."""
