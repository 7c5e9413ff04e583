"""Belarusian poker's board (tables/games/belarusian_poker/: presentation.py and its template): only
the buttons legal now, only the amounts the player can afford (the rules' section 5 decision),
"call" in one click with its amount, "raise to" in major units with quick amounts, the proposal
to open as its own click (P8), each seat's bet this round and in all, your own cards as SVG and
nobody else's before the showdown, the svara's offer (explained) and joining, and a finished
hand's board: every hand opened with its points named, the bank and its deduction, no folded
card."""

import re

import pytest
from django.utils import translation

from tables import presenters
from tables.games.belarusian_poker.engine import ENGINE
from tests.tables.games.belarusian_poker.test_belarusian_poker import (
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
    # every section rendered afresh (the shared sections' cache keys on the version only)
    with translation.override("en"), presenters.sections_recorded():
        return presenters.board_html(view, oob=True).replace("\xa0", " ")


def actions_of(html: str) -> list[str]:
    return re.findall(r'data-action="([a-z_]+)"', html)


@pytest.fixture
def hand():
    return Hand([TIED_DEAL])


def form_of(html: str, form_id: str) -> str:
    return re.search(rf'<form ws-send id="{form_id}".*?</form>', html, re.S).group(0)


def test_the_seat_to_act_gets_call_raise_max_pass_propose_and_the_others_nothing(hand):
    html = board(hand, A, balance=units(500))
    assert actions_of(html) == ["call", "raise", "max", "pass", "propose"]
    # the amounts a person types and reads: major units (the table path converts them)
    raise_form = form_of(html, "bet-form")
    assert 'data-low="1" data-high="50"' in raise_form
    assert "1.00 BYN – 50.00 BYN" in raise_form
    assert 'name="amount" value="50"' in form_of(html, "max-form")
    assert actions_of(board(hand, B, balance=units(500))) == []
    assert actions_of(board(hand, None)) == []


def test_call_is_one_click_carrying_the_last_bet_P4(hand):
    """The first bet of a game is the table minimum; once someone bet, "call" (уравнять)
    carries the level, the last bet, in one click."""
    first = form_of(board(hand, A, balance=units(500)), "call-form")
    assert 'name="amount" value="1"' in first and "Bet 1.00 BYN" in first
    hand.act(A, "bet", units(5))
    call = form_of(board(hand, B, balance=units(500)), "call-form")
    assert 'name="action" value="bet"' in call
    assert 'name="amount" value="5"' in call and 'data-amount="500"' in call
    assert re.search(r"Call.*5\.00 BYN", call, re.S)


def test_raise_to_offers_min_raise_half_bank_bank_and_max_within_what_the_wallet_covers(hand):
    hand.act(A, "bet", units(5))  # the bank is 3 + 5 = 8 c.u.
    raise_form = form_of(board(hand, B, balance=units(500)), "bet-form")
    fills = re.findall(r'data-fill="([^"]+)"', raise_form)
    assert fills == ["6", "8", "50"], "min raise, the bank, max; half the bank (4) is no raise"
    assert 'value="6"' in raise_form
    hand.act(B, "bet", units(20))  # the bank is 28 c.u., the level 20
    fills = re.findall(
        r'data-fill="([^"]+)"', form_of(board(hand, C, balance=units(30)), "bet-form")
    )
    assert fills == ["21", "28", "30"], "min raise, the bank, the most the wallet covers"


def test_proposing_to_open_is_its_own_click_and_asks_for_no_bet_P8(hand):
    html = board(hand, A, balance=units(500))
    propose = re.search(
        r'<form ws-send class="inline">(?:(?!</form>).)*data-action="propose".*?</form>', html, re.S
    ).group(0)
    assert "amount" not in propose
    hand.act(A, "propose")
    after = board(hand, A, balance=units(500))
    assert "propose" not in actions_of(after)
    assert "You propose to open the cards" in after


def test_each_seat_shows_its_bet_this_round_and_in_all_P5(hand):
    hand.act(A, "bet", units(5))
    hand.act(B, "bet", units(7))
    html = board(hand, None)
    assert re.search(r'data-position="1".*?this round 5\.00.BYN · in all 6\.00.BYN', html, re.S)
    assert re.search(r'data-position="2".*?this round 7\.00.BYN · in all 8\.00.BYN', html, re.S)
    assert 'class="kit-button dealer"' in html


def test_only_bets_the_wallet_covers_are_offered_section_5(hand):
    hand.act(A, "bet", units(5))
    # seat B holds 12 c.u.: a call of 5, a raise up to 12, no maximum of 50
    html = board(hand, B, balance=units(12))
    assert actions_of(html) == ["call", "raise", "pass", "propose"]
    assert 'data-low="5" data-high="12"' in html
    # holding exactly the level: the call, nothing to raise
    assert actions_of(board(hand, B, balance=units(5))) == ["call", "pass", "propose"]
    # holding less than the level, the player may only pass
    assert actions_of(board(hand, B, balance=units(4))) == ["pass", "propose"]


def test_own_cards_as_svg_and_the_others_face_down_before_the_showdown_section_23(hand):
    html = board(hand, A)
    assert set(CARD.findall(html)) == set(TIED_DEAL[A])
    assert html.count("card-back") >= 6  # the other two hands, three backs each
    assert '<b class="bp-score">22</b>' in html and "22 points — two aces" in html


def test_the_svara_offer_and_joining_for_half_the_bank_P9(hand):
    bank_of_40_with_a_and_c_tied(hand)
    offer = board(hand, A)
    assert actions_of(offer) == ["accept", "refuse"]
    # the tie and the svara, explained where it happens
    assert "Tied at 22 points: Player 1, Player 0" in offer
    assert offer.count('data-term="svara"') >= 2
    assert set(TIED_DEAL[A]) | set(TIED_DEAL[C]) <= set(CARD.findall(board(hand, B)))
    assert not set(TIED_DEAL[B]) & set(CARD.findall(board(hand, None)))  # folded: never shown
    hand.act(A, "accept")
    hand.act(C, "accept")
    assert actions_of(board(hand, B, balance=units(30))) == ["join", "decline"]
    assert "20.00" in board(hand, B, balance=units(30))
    # half the bank is more than the wallet holds: declining only
    assert actions_of(board(hand, B, balance=units(19))) == ["decline"]


def test_a_finished_hand_shows_every_opened_hand_its_points_named_and_no_folded_card():
    """Worked example 1 (§23–§25): A passes; B's and C's hands are opened with their points and
    what scored them; the bank of 43, the deduction of 1 and B's 42 stay on the board (also
    while the next hand is played); A's folded cards are never shown to anyone else."""
    hand = Hand([{A: ["AS", "KS", "9H"], B: ["TD", "9D", "8D"], C: ["AH", "AC", "7S"]}])
    for seat_, kind, amount in [(A, "bet", 5), (B, "bet", 5), (C, "bet", 10), (A, "pass", None)]:
        hand.act(seat_, kind, units(amount) if amount else None)
    hand.act(B, "propose")
    hand.act(B, "bet", units(10))
    hand.act(C, "bet", units(10))
    hand.act(C, "accept")
    assert ENGINE.is_hand_over(hand.state)
    last_game = {"number": 3, **ENGINE.hand_result(hand.state)}
    for viewer in (None, B, C):
        view = board_view(
            ENGINE,
            "belarusian_poker",
            hand.state,
            CONFIG,
            [0, 1, 2],
            viewer,
            9,
            status="open",
            last_game=last_game,
        )
        with translation.override("en"), presenters.sections_recorded():
            html = presenters.board_html(view, oob=True)
        shown = set(CARD.findall(html))
        assert {"TD", "9D", "8D", "AH", "AC", "7S"} <= shown
        assert not {"AS", "KS", "9H"} & shown, "A passed: his cards stay hidden"
        assert re.search(r'data-seat="2" data-score="27">.*three cards of one suit ♦', html)
        assert re.search(r'data-seat="0" data-score="22">.*two aces', html)
        last = re.search(r'<section class="bp-last".*?</section>', html, re.S).group(0)
        assert "Player 2 takes 42.00\xa0BYN" in last
        assert "43.00" in last and "1.00" in last
