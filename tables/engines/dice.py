"""Dice shared by craps and dice blackjack."""

import random


def roll(rng: random.Random, count: int = 2, sides: int = 6) -> list[int]:
    return [rng.randint(1, sides) for _ in range(count)]
