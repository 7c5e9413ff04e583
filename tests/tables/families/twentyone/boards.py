"""Boards of a twenty-one game rendered from engine states played on scripted shoes: what the
board tests of Blackjack and Pontoon (tests/tables/games/<game>/test_<game>_board.py) share."""

import itertools
import random
import re

from django.utils import translation

from tables import presenters
from tables.engines.registry import engine_for
from tables.presentation import presentation_for
from tests.tables.engines.scripted import ScriptedRng, shoe_order
from tests.tables.test_shared_sections import board_view

VERSIONS = itertools.count(5_000)  # each board its own version: the sections are cached by it
CARD = re.compile(r'data-card="(\w\w)"')


class Boards:
    """One game's table at ``config``: deal a scripted shoe, act, render a viewer's board."""

    def __init__(self, game: str, config: dict):
        self.game = game
        self.engine = engine_for(game)
        self.config = self.engine.check_config(config)

    def deal(self, first: list[str], players=(0, 1), config=None):
        """A hand dealt from a six-deck shoe whose first cards are ``first`` (box by box, the
        dealer's up card, the second cards, then in the order of play)."""
        config = self.config if config is None else config
        return self.engine.new_hand(dict(config), list(players), ScriptedRng(shoe_order(first)))

    def act(self, state, seat, **action):
        state, _events = self.engine.apply(state, seat, action, random.Random(0))
        return state

    def view(self, state, viewer, *, seated=(0, 1), version=1, **table):
        return board_view(
            self.engine, self.game, state, self.config, list(seated), viewer, version, **table
        )

    def render(self, state, viewer, *, seated=(0, 1), balance=100_000, language="en", **table):
        view = self.view(state, viewer, seated=seated, version=next(VERSIONS), **table)
        view["balance"] = balance if viewer is not None else None
        view["turn"] = "turn-key"
        with translation.override(language):
            return presenters.board_html(view, oob=True)

    def assert_a_card_leaves_anothers_facts_alike(self, first: list[str], draw: str) -> None:
        """Issue 30: Anna (seat 0, 10.00 on her box) takes a card by ``draw`` from a shoe whose
        first cards are ``first``: nothing Boris (3.00 on his) sees of his own changes, he is
        sent parts; her stand, which gives him the turn, changes his facts."""
        facts = presentation_for(self.game).private_facts
        state = self.deal(first)
        state = self.act(state, 0, type="bet", amount=1000)
        state = self.act(state, 1, type="bet", amount=300)

        def boris_facts(state):
            return facts(self.view(state, 1) | {"balance": 100_000, "turn": None})

        before = boris_facts(state)
        state = self.act(state, 0, type=draw, box=0, hand=0)
        assert boris_facts(state) == before
        state = self.act(state, 0, type="stand", box=0, hand=0)
        assert boris_facts(state) != before  # his turn now


def dealt_cards(state) -> set[str]:
    cards = set(state["dealer"]["cards"])
    for box in state["boxes"].values():
        for hand in box["hands"]:
            cards |= set(hand.get("cards") or [])
    return cards


def assert_no_undealt_card(state, html: str) -> None:
    assert set(CARD.findall(html)) <= dealt_cards(state)


def part(html: str, name: str) -> str:
    start = html.index(f'id="board-part-{name}"')
    return html[start : html.index('<div id="board-part-', start + 10)]


def box_html(html: str, number: int) -> str:
    boxes = part(html, "boxes")
    start = boxes.index(f'data-box="{number}"')
    end = boxes.find('<li class="house-box', start)
    return boxes[start : end if end != -1 else len(boxes)]


def actions(html: str) -> str:
    """The board's forms of your moves ("" when it has none)."""
    return html.split('class="actions', 1)[1] if 'class="actions' in html else ""
