"""The tests of one game each, in the folder of its name (tables/games/<game>/)."""
