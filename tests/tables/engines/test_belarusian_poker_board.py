"""Belarusian poker's board (tables/games/belarusian_poker.py and its template): only the
buttons legal now, only the amounts the player can afford (the rules' section 5 decision), your
own cards as SVG and nobody else's before the showdown, the svara's offer and joining."""

import re

import pytest
from django.utils import translation

from tables import presenters
from tables.engines.belarusian_poker import ENGINE
from tests.tables.engines.test_belarusian_poker import (
    CONFIG,
    TIED_DEAL,
    A,
    B,
    C,
    Hand,
    bank_of_40_with_a_and_c_tied,
    units,
)
from tests.tables.test_shared_sections import board_view

CARD = re.compile(r'data-card="([0-9TJQKA][SHDC]|JK)"')


def board(hand: Hand, viewer, balance=None) -> str:
    view = board_view(ENGINE, "belarusian_poker", hand.state, CONFIG, [0, 1, 2], viewer, 7)
    view["balance"] = balance
    with translation.override("en"):
        return presenters.board_html(view, oob=True)


def actions_of(html: str) -> list[str]:
    return re.findall(r'data-action="([a-z_]+)"', html)


@pytest.fixture
def hand():
    return Hand([TIED_DEAL])


def test_the_seat_to_act_gets_bet_max_pass_propose_and_the_others_nothing(hand):
    html = board(hand, A, balance=units(500))
    assert actions_of(html) == ["bet", "max", "pass", "propose"]
    assert 'min="100" max="5000"' in html
    assert actions_of(board(hand, B, balance=units(500))) == []
    assert actions_of(board(hand, None)) == []


def test_only_bets_the_wallet_covers_are_offered_section_5(hand):
    hand.act(A, "bet", units(5))
    # seat B holds 12 c.u.: a bet from the level of 5 up to 12, no maximum of 50
    html = board(hand, B, balance=units(12))
    assert actions_of(html) == ["bet", "pass", "propose"]
    assert 'min="500" max="1200"' in html
    # holding less than the level, the player may only pass
    assert actions_of(board(hand, B, balance=units(4))) == ["pass", "propose"]


def test_own_cards_as_svg_and_the_others_face_down_before_the_showdown_section_23(hand):
    html = board(hand, A)
    assert set(CARD.findall(html)) == set(TIED_DEAL[A])
    assert html.count("card-back") >= 6  # the other two hands, three backs each
    assert 'Score <b class="bp-score">22</b>' in html


def test_the_svara_offer_and_joining_for_half_the_bank_P9(hand):
    bank_of_40_with_a_and_c_tied(hand)
    offer = board(hand, A)
    assert actions_of(offer) == ["accept", "refuse"]
    assert set(TIED_DEAL[A]) | set(TIED_DEAL[C]) <= set(CARD.findall(board(hand, B)))
    assert not set(TIED_DEAL[B]) & set(CARD.findall(board(hand, None)))  # folded: never shown
    hand.act(A, "accept")
    hand.act(C, "accept")
    assert actions_of(board(hand, B, balance=units(30))) == ["join", "decline"]
    assert "20.00" in board(hand, B, balance=units(30))
    # half the bank is more than the wallet holds: declining only
    assert actions_of(board(hand, B, balance=units(19))) == ["decline"]
