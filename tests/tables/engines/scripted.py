"""Scripted decks: an RNG whose shuffle lays the pack in an order the test chooses; a
twenty-one hand played on a scripted shoe."""

import json
import random
from collections import Counter

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, payments
from tables.engines.cards import pack_36, pack_52


class ScriptedRng(random.Random):
    """``rest``: once the orders run out, a shuffle leaves the cards as they are."""

    def __init__(self, *orders: list[str], rest: bool = False):
        super().__init__(0)
        self.orders = list(orders)
        self.rest = rest

    def shuffle(self, x):  # noqa: D401 - the scripted order, then the next one
        if not self.orders and self.rest:
            return
        order = self.orders.pop(0)
        assert sorted(order) == sorted(x), "a scripted deck must hold the same cards"
        x[:] = order


def net_of(events) -> Counter:
    """Each party's net money over ``events`` (a seat's wallet, a pot, the house)."""
    totals: Counter = Counter()
    for event in events:
        if event["type"] == "payment":
            totals[event["source"]] -= event["amount"]
            totals[event["target"]] += event["amount"]
    return totals


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


def shoe_order(top: list[str], decks: int = 6) -> list[str]:
    """A whole shoe of ``decks`` packs of 52 with ``top`` dealt first."""
    rest = Counter(pack_52() * decks) - Counter(top)
    assert sum(Counter(top).values()) + sum(rest.values()) == 52 * decks, "top fits the shoe"
    return [*top, *sorted(rest.elements())]


class ShoeTable:
    """One hand of a twenty-one game (``engine``, at ``config``) on a scripted shoe; every event
    of the hand is kept, and its money can be checked for conservation."""

    engine = None  # a game's subclass sets its engine and its table's settings
    config: dict = {}

    def __init__(self, players, top, config=None):
        config = self.config if config is None else config
        self.state = self.engine.new_hand(config, players, ScriptedRng(shoe_order(list(top))))
        self.events: list = []
        assert self.state["phase"] == "betting"

    def act(self, seat, **action):
        self.state, events = self.engine.apply(self.state, seat, action, Draws.replaying([]))
        self.events += events
        return events

    def bet(self, bets: dict, behind: dict = ()):
        """``bets`` {seat: amount} on the seat's own box; ``behind`` {seat: (box, amount)}."""
        for seat, amount in bets.items():
            self.act(seat, type="bet", amount=amount)
        for seat, (box, amount) in dict(behind).items():
            self.act(seat, type="behind", box=box, amount=amount)
            self.act(seat, type="pass")

    def refused(self, seat, match, **action):
        """The action is refused with a sentence and changes nothing."""
        before = json.dumps(self.state, sort_keys=True)
        with pytest.raises(IllegalAction, match=match):
            self.engine.apply(self.state, seat, action, Draws.replaying([]))
        assert json.dumps(self.state, sort_keys=True) == before, "a refusal changes nothing"

    @property
    def over(self):
        return self.engine.is_hand_over(self.state)

    def nets(self):
        assert self.over
        return self.state["result"]["nets"]

    def dealer(self):
        return self.state["dealer"]["cards"]

    def paid(self):
        return [(p.source, p.target, p.amount) for p in payments(self.events)]

    def conserved(self):
        """What left the seats equals what reached them plus the bank's net; every pot is
        empty at the end; each seat's net in the result is its money's net. Returns the bank's
        net."""
        flows = self.paid()
        out_of_seats = sum(a for s, _t, a in flows if s.startswith("seat:"))
        into_seats = sum(a for _s, t, a in flows if t.startswith("seat:"))
        bank = sum(a for _s, t, a in flows if t == HOUSE_BANK) - sum(
            a for s, _t, a in flows if s == HOUSE_BANK
        )
        assert out_of_seats == into_seats + bank
        assert not any(self.state["pots"].values()), "no money is left in a pot"
        by_seat: dict[str, int] = {}
        for s, t, a in flows:
            if s.startswith("seat:"):
                by_seat[s[5:]] = by_seat.get(s[5:], 0) - a
            if t.startswith("seat:"):
                by_seat[t[5:]] = by_seat.get(t[5:], 0) + a
        assert {k: v for k, v in by_seat.items() if v} == {
            k: v for k, v in self.nets().items() if v
        }, "the result's nets are the money's"
        return bank


class ScriptedDice(random.Random):
    """Dice that fall as the test says: ``throws`` are pairs of faces (or a total, thrown as
    the pair ``pair_of`` makes), taken in order by ``tables.engines.dice.new_tape`` (one
    ``randint`` a face); once they run out, the seeded generator's faces follow."""

    def __init__(self, *throws):
        super().__init__(0)
        self.faces = [face for pair in throws for face in pair_of(pair)]

    def randint(self, a, b):
        if self.faces:
            face = self.faces.pop(0)
            assert a <= face <= b, "a scripted face is a face of the die"
            return face
        return super().randint(a, b)


def pair_of(throw) -> tuple[int, int]:
    """Two faces of a throw: the pair given, or for a total (2-12) the highest first face."""
    if isinstance(throw, int):
        first = min(6, throw - 1)
        assert 1 <= throw - first <= 6, f"two dice do not make {throw}"
        return first, throw - first
    return tuple(throw)
