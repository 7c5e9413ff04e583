"""A hand of a twenty-one game on a scripted shoe (tests/tables/engines/scripted.py), for the
tests of every such game: its actions, refusals that change nothing, its money conserved."""

import json
from collections import Counter

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, payments
from tables.engines.cards import pack_52
from tests.tables.engines.scripted import ScriptedRng


def shoe_order(top: list[str], decks: int = 6) -> list[str]:
    """A whole six-deck shoe with `top` dealt first."""
    rest = Counter(pack_52() * decks) - Counter(top)
    assert sum(Counter(top).values()) + sum(rest.values()) == 52 * decks, "top fits the shoe"
    return [*top, *sorted(rest.elements())]


class ScriptedTable:
    """One hand of a twenty-one game (``engine``, ``config``) on a scripted shoe; every event
    of the hand is kept."""

    engine = None
    config: dict = {}
    decks = 6

    def __init__(self, players, top, config=None):
        config = self.config if config is None else config
        order = shoe_order(list(top), config.get("decks", self.decks))
        self.state = self.engine.new_hand(config, players, ScriptedRng(order))
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
        empty at the end; each seat's net in the result is its money's net."""
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
