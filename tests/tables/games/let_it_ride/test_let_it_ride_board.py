"""Let It Ride's board (tables/games/let_it_ride/presentation.py): a player's three cards in his own
board only, never in another seat's or a spectator's; the community cards backs until opened; each
box's three bets with what became of them; the moves with their clock's turn; amounts in BYN."""

import itertools
import re

import pytest
from django.utils import translation

from tables import presenters
from tables.engines.base import Draws
from tables.games.let_it_ride.engine import ENGINE
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.let_it_ride.test_let_it_ride import deck_for
from tests.tables.test_shared_sections import board_view

CONFIG = {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000}
VERSIONS = itertools.count(5_000)  # each board its own version: shared sections are cached by it
ANNA, BORIS = ["KS", "KD", "4C"], ["5H", "8H", "JH"]
COMMUNITY = ["2H", "KH"]


def deal():
    return ENGINE.new_hand(dict(CONFIG), [0, 1], ScriptedRng(deck_for([ANNA, BORIS], COMMUNITY)))


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action, Draws())[0]


def render(state, viewer, *, balance=None, language="en", **table):
    view = board_view(ENGINE, "let_it_ride", state, CONFIG, [0, 1], viewer, next(VERSIONS), **table)
    view["balance"] = balance
    view["turn"] = "t"
    with translation.override(language):
        return presenters.board_html(view, oob=True)


def shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\w\w)"', html)) | set(re.findall(r"#card-(\w\w)", html))


def box_html(html: str, number: int) -> str:
    """One box of the row: from its element to the next box's or the row's end."""
    rest = html.split('<li class="house-box', 1 + number)[-1]
    return re.split(r'<li class="house-box|</ol>', rest, maxsplit=1)[0]


def dealt():
    state = act(deal(), 0, type="bet", amount=1_000)
    return act(state, 1, type="bet", amount=200)


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_each_players_cards_only_in_his_own_board_the_community_face_down(viewer):
    state = dealt()
    html = render(state, viewer)
    cards = shown(html)
    own = {0: ANNA, 1: BORIS}.get(viewer, [])
    for card in ANNA + BORIS:
        assert (card in cards) == (card in own), (viewer, card)
    assert not cards & set(COMMUNITY), "the community cards are backs until opened"
    assert html.count("card-back") >= 2 * 3 + 2  # two boxes of three, two community cards
    # each box's three bets, in BYN
    box = box_html(html, 0)
    assert box.count("lir-bet riding") == 3 and "10.00\xa0BYN" in box
    assert "1000" not in re.sub(r"<[^>]+>", "", box)  # never kopecks


def test_the_decision_offers_take_down_and_let_it_ride_for_the_bet_decided():
    state = dealt()
    html = render(state, 0)
    assert 'id="take-down-form"' in html and 'id="ride-form"' in html
    assert 'name="bet" value="1"' in html and "Take down bet 1" in html
    assert "Bet 1: take it down or let it ride?" in html
    state = act(state, 0, type="take_down", bet=1)
    assert 'id="ride-form"' not in render(state, 0)  # decided: nothing more to do
    state = act(state, 1, type="ride", bet=1)
    html = render(state, 0)
    assert 'name="bet" value="2"' in html and "Take down bet 2" in html
    assert "2H" in shown(html) and "KH" not in shown(html)
    box = box_html(html, 0)
    assert "lir-bet down" in box and "taken down" in box


def test_at_the_end_every_hand_is_named_with_each_bets_payout_in_byn():
    state = dealt()
    for bet in (1, 2):
        state = act(state, 0, type="ride", bet=bet)
        state = act(state, 1, type="take_down" if bet == 1 else "ride", bet=bet)
    assert state["over"]
    html = render(state, None)
    assert set(ANNA + BORIS + COMMUNITY) <= shown(html)
    anna = box_html(html, 0)
    boris = box_html(html, 1)
    assert "three of a kind, 3:1" in anna and anna.count("+30.00\xa0BYN") == 3
    assert "+90.00\xa0BYN" in anna
    assert "flush, 8:1" in boris and "taken down" in boris and boris.count("+16.00\xa0BYN") == 2
    assert "+32.00\xa0BYN" in boris
    ru = render(state, None, language="ru")
    assert "тройка" in ru.lower() or "три" in ru.lower()


def test_the_bet_form_takes_each_of_three_bets_within_a_third_of_the_balance():
    state = deal()
    html = render(state, 0)
    bet = html.split('id="bet-form"', 1)[1].split("</form>", 1)[0]
    assert "(1.00\xa0BYN – 50.00\xa0BYN)" in bet and "Each of three bets" in bet
    poor = render(state, 0, balance=900)  # three bets of at most 3.00
    assert "(1.00\xa0BYN – 3.00\xa0BYN)" in poor.split('id="bet-form"', 1)[1].split("</form>")[0]
    assert 'id="bet-form"' not in render(state, 0, balance=299)
    assert 'id="pass-form"' in render(state, 0, balance=299)


def test_the_board_reads_in_russian():
    html = render(dealt(), 0, language="ru")
    assert "Забрать ставку 1" in html and "Оставить" in html
    assert "Общие карты" in html
