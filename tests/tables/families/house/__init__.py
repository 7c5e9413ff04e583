"""The house-banked round's tests (tables/families/house/)."""
