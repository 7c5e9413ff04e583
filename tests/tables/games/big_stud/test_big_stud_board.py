"""Big stud's board (tables/games/big_stud/presentation.py and its template): the moves legal now
with their amounts in BYN, nobody else's; your own down cards face up and the others' as backs; the
street and its fixed size (§109, T6); the main and side pots with the casino's share of each (§113,
T10, T12); the community card (T9); a finished hand's opened hands named and the last result."""

import random
import re

from django.utils import translation

from tables import presenters
from tables.engines.cards import pack_52
from tables.games.big_stud.engine import ENGINE
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.big_stud.test_big_stud import CONFIG, EXAMPLE_1, A, B, C, Hand
from tests.tables.test_shared_sections import board_view

CARD = re.compile(r'data-card="([0-9TJQKA][SHDC])"')


def board(hand: Hand, viewer, config=CONFIG) -> str:
    view = board_view(
        ENGINE, "big_stud", hand.state, config, sorted(hand.state["dealt_in"]), viewer, 7
    )
    with translation.override("en"), presenters.sections_recorded():
        return presenters.board_html(view, oob=True).replace("\xa0", " ")


def actions_of(html: str) -> list[str]:
    return re.findall(r'data-action="([a-z_]+)"', html)


def test_the_seat_to_act_gets_its_moves_with_their_amounts_and_the_others_none():
    hand = Hand(EXAMPLE_1)
    html = board(hand, A)
    assert actions_of(html) == ["check", "bet"]
    assert "Bet 10.00 BYN" in html and 'name="amount" value="10"' in html
    assert actions_of(board(hand, B)) == [] and actions_of(board(hand, None)) == []
    hand.act(A, "bet")
    html = board(hand, B)
    assert actions_of(html) == ["call", "raise", "fold"]
    assert "Call 10.00 BYN" in html and "Raise 20.00 BYN" in html
    assert "Third street" in html and "10.00 BYN" in html


def test_own_down_cards_face_up_the_others_backs_and_every_up_card():
    hand = Hand(EXAMPLE_1)
    shown = set(CARD.findall(board(hand, B)))
    assert {"QS", "QD", "KH", "JS", "TC"} <= shown
    assert not {"2H", "7H", "2C", "4D"} & shown
    assert not {"QS", "QD", "2H", "7H"} & set(CARD.findall(board(hand, None)))


def test_side_pots_show_the_casinos_share_of_each():
    hand = Hand(
        {
            A: ["2H", "7D", "KH", "3C", "9S", "4D", "5C"],
            B: ["AS", "AD", "QH", "JH", "TS", "8C", "6H"],
            C: ["2D", "7C", "JD", "3S", "9D", "4C", "6S"],
        },
        stacks={"0": 10_000, "1": 500, "2": 10_000},
    )
    hand.acts((A, "bet"), (B, "call"), (C, "call"))
    html = board(hand, None)
    assert "Main pot</b> 15.00 BYN" in html and "Side pot 1</b> 10.00 BYN" in html
    assert "casino’s share" in html and "0.75 BYN" in html and "0.50 BYN" in html
    assert "all-in" in html


def test_the_community_card_and_the_showdown_are_shown_to_everyone():
    deck = pack_52()
    random.Random(9).shuffle(deck)
    hand = Hand.__new__(Hand)
    hand.state = ENGINE.new_hand(CONFIG, list(range(8)), ScriptedRng(list(deck)))
    hand.events = []
    hand.act(hand.state["queue"][0], "bet")  # a bank to play for: a showdown (issue 47)
    while not hand.state["over"]:
        position = hand.state["queue"][0]
        kinds = {a["type"] for a in ENGINE.legal_actions(hand.state, position)}
        hand.act(position, "call" if "call" in kinds else "check")
    html = board(hand, None)
    assert deck[48] in CARD.findall(html)
    assert "Showdown" in html and html.count('class="bs-opened"') >= 1
