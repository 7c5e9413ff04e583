"""The tests of the families of games, one folder each (tables/families/<family>/)."""
