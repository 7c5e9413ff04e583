"""The tests of tables/families/twentyone/."""
