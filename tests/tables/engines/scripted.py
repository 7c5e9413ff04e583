"""Scripted decks: an RNG whose shuffle lays the pack in an order the test chooses."""

import random

from tables.engines.cards import pack_36


class ScriptedRng(random.Random):
    def __init__(self, *orders: list[str]):
        super().__init__(0)
        self.orders = list(orders)

    def shuffle(self, x):  # noqa: D401 - the scripted order, then the next one
        order = self.orders.pop(0)
        assert sorted(order) == sorted(x), "a scripted deck must hold the same cards"
        x[:] = order


def durak_deck(
    hand0: list[str], hand1: list[str], trump_card: str, talon: list[str] = ()
) -> list[str]:
    """The pack order that deals `hand0` and `hand1` two at a time (§125.4), turns up
    `trump_card` as the 13th card and puts `talon` on top of the rest of the deck."""
    assert len(hand0) == len(hand1) == 6
    order = []
    for n in range(3):
        order += hand0[2 * n : 2 * n + 2] + hand1[2 * n : 2 * n + 2]
    order.append(trump_card)
    order += list(talon)
    order += [c for c in pack_36() if c not in order]
    return order
