"""High card's board on boxes (issue 31): the dealer's area and the box row of tables/_house.html,
your stake forms bounded by the limits and your balance, and no hidden card in any board: the
dealer's face-down card and a dark box's card are backs, their codes nowhere in the page before
the dealer turns his, not even in the dark box's owner's own board."""

import itertools
import random
import re

import pytest
from django.utils import translation

from tables import presenters
from tables.engines.registry import engine_for
from tables.games.highcard.engine import HighCard
from tests.tables.test_shared_sections import board_view

ENGINE = engine_for("highcard")
FULL = dict(HighCard.example_configs[2])
# each board its own table version: the shared sections are cached by version
VERSIONS = itertools.count(1_000)


def deal(config, players, seed=1):
    return ENGINE.new_hand(dict(config), players, random.Random(seed))


def act(state, seat, **action):
    state, _events = ENGINE.apply(state, seat, action, random.Random(0))
    return state


def render(state, config, seated, viewer, *, balance=None, language="en", **table):
    version = next(VERSIONS)
    view = board_view(ENGINE, "highcard", state, config, seated, viewer, version, **table)
    view["balance"] = balance
    view["turn"] = "t"
    with translation.override(language):
        return presenters.board_html(view, oob=True)


def shown_codes(html: str) -> list[str]:
    return re.findall(r'data-card="(\w\w)"', html)


def card_shown(html: str, code: str) -> bool:
    return f'data-card="{code}"' in html or f"#card-{code}" in html


def playing_with_a_dark_box():
    """Anna plays box 1 open, Boris box 3 open and box 4 dark beside it (never a lone dark box,
    issue 47) and bets behind Anna; the cards are dealt."""
    state = deal(FULL, [0, 1])
    state = act(state, 0, type="bet", amount=300)
    state = act(state, 1, type="bet", box=2, amount=200)
    state = act(state, 1, type="bet", box=3, amount=200, dark=True)
    state = act(state, 1, type="behind", box=0, amount=100)
    state = act(state, 1, type="pass")
    assert state["phase"] == "playing"
    return state


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_the_dealers_card_and_a_dark_box_are_backs_in_every_board(viewer):
    state = playing_with_a_dark_box()
    dealer = state["dealer"]["card"]
    dark = state["boxes"]["3"]["card"]
    open_card = state["boxes"]["0"]["card"]
    html = render(state, FULL, [0, 1], viewer)
    visible = shown_codes(html)
    # Anna's open card is shown; the dealer's and the dark box's only as backs, even to Boris
    assert open_card in visible
    assert visible.count(dealer) == [open_card].count(dealer)
    assert visible.count(dark) == [open_card].count(dark)
    assert html.count("card-back") >= 2
    assert 'class="house-box dark' in html
    # the stakes: Anna's and Boris's behind her, in BYN
    box = html.split('data-box="0"', 1)[1].split("</li></ul>", 1)[0]
    assert "3.00\xa0BYN" in box and "1.00\xa0BYN" in box


def test_once_the_dealer_turns_his_card_every_card_and_result_is_shown():
    state = playing_with_a_dark_box()
    state = act(state, 0, type="stand", box=0)
    state = act(state, 1, type="stand", box=2)
    assert state["over"]
    html = render(state, FULL, [0, 1], 1)
    for code in (state["dealer"]["card"], state["boxes"]["3"]["card"], state["boxes"]["0"]["card"]):
        assert card_shown(html, code)
    results = re.findall(r'class="house-box-result outcome-(won|lost|push)"', html)
    assert len(results) == 3
    assert re.search(r'<b class="num">[+−]\d+\.\d\d\xa0BYN</b>', html)


def test_a_card_change_offers_keep_and_change_for_the_fee():
    state = playing_with_a_dark_box()
    html = render(state, FULL, [0, 1], 0)
    assert 'id="keep-form"' in html and 'id="switch-form"' in html
    assert "Change card (fee 1.50\xa0BYN)" in html  # half of 3.00, rounded up
    assert 'name="box" value="0"' in html
    # Boris decides on his open box only, never on the dark one
    boris = render(state, FULL, [0, 1], 1)
    assert 'id="keep-form"' in boris and 'name="box" value="3"' not in boris.split("keep-form")[1]


def test_seven_boxes_render_and_fit_the_row():
    config = dict(FULL, max_exposure=None, max_bet=1_000)
    state = deal(config, [0, 1, 2, 3, 4, 5])
    empty = render(state, config, range(6), None)
    assert len(re.findall(r'class="house-box free" data-box="\d"', empty)) == 7
    for seat in range(6):
        state = act(state, seat, type="bet", box=seat, amount=100)
    state = act(state, 0, type="bet", box=6, amount=100, dark=True)
    html = render(state, config, range(6), 2)
    assert len(re.findall(r'<li class="house-box[^"]*" data-box="\d"', html)) == 7
    assert "house-box free" not in html


def test_the_stake_forms_are_bounded_by_the_limits_and_the_balance():
    state = deal(FULL, [0, 1])
    state = act(state, 1, type="bet", amount=200)
    html = render(state, FULL, [0, 1], 0)
    bet = html.split('id="bet-form"', 1)[1].split("</form>", 1)[0]
    assert 'data-low="1" data-high="10"' in bet
    assert "(1.00\xa0BYN – 10.00\xa0BYN)" in bet
    for form in ("box-form", "behind-form", "pass-form", "tip-form"):
        assert f'id="{form}"' in html
    assert 'name="dark" value="true"' not in html, "a dark box only beside an open one"
    assert ">Pass<" in html  # nothing staked yet
    staked = render(act(state, 0, type="bet", box=0, amount=100), FULL, [0, 1], 0)
    assert 'name="dark" value="true"' in staked
    # with 4.00 BYN in the wallet the box takes at most 4.00
    poor = render(state, FULL, [0, 1], 0, balance=400)
    bet = poor.split('id="bet-form"', 1)[1].split("</form>", 1)[0]
    assert 'data-high="4"' in bet and "(1.00\xa0BYN – 4.00\xa0BYN)" in bet
    # less than the smallest bet: no bet offered
    assert 'id="bet-form"' not in render(state, FULL, [0, 1], 0, balance=50)
    # Anna stakes a box and goes on betting: the same-rank bet on it, and "Done"
    state = act(state, 0, type="bet", box=0, amount=100)
    anna = render(state, FULL, [0, 1], 0)
    side = anna.split('id="side-form"', 1)[1].split("</form>", 1)[0]
    assert "(0.10\xa0BYN – 2.00\xa0BYN)" in side
    assert ">Done<" in anna and 'id="bet-form"' not in anna


def test_the_board_reads_in_russian():
    state = playing_with_a_dark_box()
    html = render(state, FULL, [0, 1], 0, language="ru")
    assert "Оставить" in html and "Сменить карту" in html


def test_a_boards_form_fields_reach_the_engine_as_numbers_and_booleans():
    """The stake form sends its box's number and "dark" as text (htmx); the consumer gives the
    engine a number and a boolean, and leaves the amount as typed for the table's currency."""
    from tables.consumers import engine_action

    frame = {"action": "bet", "payload": {"box": "3", "dark": "true", "amount": "2,50"}}
    assert engine_action(frame) == {"type": "bet", "box": 3, "dark": True, "amount": "2,50"}
    frame = {"action": "tip", "payload": {"to": "1", "amount": "1"}}
    assert engine_action(frame) == {"type": "tip", "to": 1, "amount": "1"}
    frame = {"action": "roll", "payload": {"dice": ["2", "5"]}}
    assert engine_action(frame) == {"type": "roll", "dice": [2, 5]}
    frame = {"action": "discard", "payload": {"cards": ["AS", "TD"]}}
    assert engine_action(frame) == {"type": "discard", "cards": ["AS", "TD"]}
