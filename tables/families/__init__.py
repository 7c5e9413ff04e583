"""The families of games, one folder each: the code that the games of a family share once (the
twenty-one games, the stud poker games, the dice games, the house-banked round of boxes), which
their games' folders (``tables/games/<game>/``) extend. A family's folder is an app like a
game's (its board templates, styles and scripts live beside its code) but registers no game.
This package imports nothing: a family's engine code is pure Python like a game's.
"""
