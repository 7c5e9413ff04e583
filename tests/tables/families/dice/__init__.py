"""The tests of tables/families/dice/."""
