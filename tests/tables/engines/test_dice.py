"""Dice: faces in range, counts honoured, and rolls replay from a seed."""

import random
from collections import Counter

from tables.engines.dice import roll


def test_two_dice_by_default_each_from_one_to_six():
    rng = random.Random(0)
    for _ in range(500):
        dice = roll(rng)
        assert len(dice) == 2
        assert all(1 <= d <= 6 for d in dice)


def test_every_face_comes_up():
    rng = random.Random(1)
    faces = Counter(d for _ in range(600) for d in roll(rng))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(n > 100 for n in faces.values())  # 200 expected each


def test_count_and_sides():
    rng = random.Random(2)
    assert len(roll(rng, count=5)) == 5
    assert roll(rng, count=0) == []
    assert {d for _ in range(200) for d in roll(rng, count=3, sides=20)} <= set(range(1, 21))


def test_the_same_seed_rolls_the_same_dice():
    a, b, other = random.Random(7), random.Random(7), random.Random(8)
    first = [roll(a) for _ in range(50)]
    assert first == [roll(b) for _ in range(50)]
    assert first != [roll(other) for _ in range(50)]
    assert roll(random.Random(7), count=3) == roll(random.Random(7), count=3)
