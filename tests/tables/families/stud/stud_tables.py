"""A hand of a stud game against the dealer (Caribbean stud, Oasis stud, Golden Oasis: issue 33;
Russian poker: issue 34; ``tables.families.stud``) played on a scripted deck, for their tests.

The deck (``stud_deck``): five cards to each staked box in box order from box 0, five to the
dealer (his last face up), then the cards changes take, box by box from box 0, and a bought
game's replacement card; the rest of the pack after them. Every action the table applies is
followed by the checks every hand must pass (``check``): the 52 cards all there once, no hidden
card in any view and no box's cards in another seat's view; once the hand is over, its money:
Σ players' change + the house's change (bank and house accounts) = 0, every pot empty, and each
seat's net in the result is what its money did."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, payments
from tables.engines.cards import pack_52
from tests.tables.engines.scripted import ScriptedRng

ANTE = 10  # the worked examples' ante; the bet is 20


def stud_deck(hands=(), dealer=(), then=(), cut=(), pack=pack_52, size=5) -> list[str]:
    """The pack's order dealing ``hands`` (one ``size``-card list a staked box, in box order), the
    ``dealer``'s, then ``then`` (cards changes take, a bought game's card); ``cut``: cards
    above all these, that a player's cut moves to the bottom."""
    top = [*cut, *(c for hand in hands for c in hand), *dealer, *then]
    assert all(len(hand) == size for hand in hands) and len(dealer) in (0, size)
    assert len(set(top)) == len(top), f"a card twice in the script: {top}"
    assert set(top) <= set(pack()), f"not a card: {set(top) - set(pack())}"
    return [*top, *(c for c in pack() if c not in top)]


def _cards(cards) -> list[str]:
    """ "8S 8D 8C KH 2S" -> ["8S", "8D", "8C", "KH", "2S"]; a list as it is."""
    return cards.split() if isinstance(cards, str) else list(cards)


class StudTable:
    """One hand of a stud game on a scripted deck; a game's subclass sets ``engine`` and its
    table's ``config``. Every event of the hand is kept in ``events``."""

    engine = None
    config: dict = {}

    def __init__(
        self, players, hands=(), dealer=(), then=(), config=None, rng=None, cut=(), packs=()
    ):
        """``packs``: the order of each further pack the hand shuffles (a svara's), as
        ``(hands, dealer)``; any not given keeps the pack's own order."""
        config = self.config if config is None else config
        self.players = list(players)
        rules = self.engine.rules
        deal = [_cards(h) for h in hands], _cards(dealer), _cards(then), _cards(cut)
        orders = [stud_deck(*deal, pack=rules.pack, size=rules.hand_size)]
        for more_hands, more_dealer in packs:
            more = [_cards(h) for h in more_hands], _cards(more_dealer)
            orders.append(stud_deck(*more, pack=rules.pack, size=rules.hand_size))
        self.state = self.engine.new_hand(config, self.players, ScriptedRng(*orders, rest=True))
        self.cards = sorted(self.engine.all_cards(self.state))
        packs_shuffled = len(self.cards) // len(rules.pack())
        assert self.cards == sorted(rules.pack() * packs_shuffled), "whole packs"
        self.rng = rng  # None: nothing may be drawn at random (Draws.replaying([]))
        self.events: list = []
        assert self.state["phase"] == "betting"

    # --- acting ------------------------------------------------------------------------------

    def draws(self) -> Draws:
        return self.rng if self.rng is not None else Draws.replaying([])

    def act(self, seat, **action):
        self.state, events = self.engine.apply(self.state, seat, action, self.draws())
        self.events += events
        self.check()
        return events

    def timeout(self, seat):
        self.state, events = self.engine.apply_timeout(self.state, seat, self.draws())
        self.events += events
        self.check()
        return events

    def void(self):
        self.state, events = self.engine.apply_void(self.state)
        self.events += events
        self.check()
        return events

    def antes(self, amounts: dict | None = None, **more):
        """Each seat a plain ante on its own box (ending its betting): ``amounts`` {seat: ante},
        the examples' 10 for every player by default."""
        for seat, amount in (amounts or dict.fromkeys(self.players, ANTE)).items():
            self.act(seat, type="ante", amount=amount, **more)

    def refused(self, seat, action, match):
        """The action is refused with a sentence and changes nothing."""
        before = json.dumps(self.state, sort_keys=True)
        with pytest.raises(IllegalAction, match=match):
            self.engine.apply(self.state, seat, action, self.draws())
        assert json.dumps(self.state, sort_keys=True) == before, "a refusal changes nothing"

    # --- looking -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.engine.is_hand_over(self.state)

    @property
    def phase(self) -> str:
        return self.state["phase"]

    def box(self, n: int) -> dict:
        return self.state["boxes"][str(n)]

    def held(self, n: int) -> list[str]:
        return list(self.box(n)["cards"])

    def dealer(self) -> list[str]:
        return list(self.state["dealer"]["cards"])

    def view(self, seat) -> dict:
        return self.engine.view(self.state, seat)

    def seen(self, seat) -> str:
        return json.dumps(self.view(seat))

    def to_act(self) -> list[int]:
        return self.engine.to_act(self.state)

    def paid(self, events=None) -> list[tuple[str, str, int]]:
        return [
            (p.source, p.target, p.amount)
            for p in payments(self.events if events is None else events)
        ]

    def changes(self) -> dict[str, int]:
        """Each party's change over the hand's payments (seats, pots, the bank, house accounts)."""
        found: Counter = Counter()
        for source, target, amount in self.paid():
            found[source] -= amount
            found[target] += amount
        return dict(found)

    def nets(self) -> dict[int, int]:
        """Each player's net over the hand, by the result's boxes (fees included)."""
        assert self.over and not self.state["result"]["void"]
        found: Counter = Counter({p: 0 for p in self.players})
        for box in self.state["result"]["boxes"].values():
            for seat, net in box["nets"].items():
                found[int(seat)] += net
        return dict(found)

    def box_net(self, n: int) -> int:
        """The net of box ``n``, its owner's only."""
        result = self.state["result"]["boxes"][str(n)]
        assert set(result["nets"]) <= {str(result["owner"])}
        return sum(result["nets"].values())

    def house(self) -> int:
        """The house's change over the hand: its bank and accounts."""
        return sum(v for k, v in self.changes().items() if k == HOUSE_BANK or k.startswith("house"))

    # --- what every hand must pass ----------------------------------------------------------

    def check(self):
        state = self.state
        assert sorted(self.engine.all_cards(state)) == self.cards, "the packs' cards, once"
        viewers = [None, *state["dealt_in"]]
        texts = {v: json.dumps(self.engine.view(state, v)) for v in viewers}
        # a code is unseen by a viewer when every copy of it (several packs) is hidden or
        # another seat's
        copies = Counter(self.engine.all_cards(state))
        hidden = Counter(self.engine.hidden_cards(state))
        private = self.engine.private_cards(state)
        for viewer, text in texts.items():
            unseen = hidden + sum(
                (Counter(own) for owner, own in private.items() if owner != viewer), Counter()
            )
            for card, count in unseen.items():
                if count >= copies[card]:
                    assert f'"{card}"' not in text, f"{card} unseen, in the view of {viewer}"
        if self.over:
            self.check_money()

    def check_money(self):
        changes = self.changes()
        pots = {k: v for k, v in changes.items() if k.startswith("pot")}
        assert not any(pots.values()), f"money left in a pot: {pots}"
        assert not any(self.state["pots"].values()), "no money is left in a pot"
        seats = {int(k[5:]): v for k, v in changes.items() if k.startswith("seat:")}
        assert sum(seats.values()) + self.house() == 0, "the players' change + the house's is 0"
        assert set(changes) <= {*(f"seat:{p}" for p in self.players), *pots, HOUSE_BANK} | {
            k for k in changes if k.startswith("house")
        }
        if not self.state["result"].get("void"):
            assert {k: v for k, v in seats.items() if v} == {
                k: v for k, v in self.nets().items() if v
            }, "the result's nets are the money's"
