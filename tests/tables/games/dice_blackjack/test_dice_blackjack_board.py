"""Dice blackjack's board (tables/games/dice_blackjack/presentation.py): each box's two recesses
with its dice drawn as faces (the first throw as it fell, the second beside it), its total and
result, the dealer's recesses, whose turn it is, the moves (a bet in BYN or a pass; throw, then stop
or throw again) for that player only, amounts in BYN, the last round kept in view, Russian."""

import itertools
import re

from django.utils import translation

from tables import presenters
from tables.engines.base import Draws
from tables.games.dice_blackjack.engine import ENGINE
from tests.tables.engines.scripted import ScriptedDice
from tests.tables.test_shared_sections import board_view

CONFIG = {"min_bet": 100, "max_bet": 5_000}
VERSIONS = itertools.count(7_000)  # each board its own version: shared sections are cached by it


def deal(*throws):
    return ENGINE.new_hand(dict(CONFIG), [0, 1], ScriptedDice(*throws))


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action, Draws())[0]


def render(state, viewer, *, balance=None, language="en", **table):
    view = board_view(
        ENGINE, "dice_blackjack", state, CONFIG, [0, 1], viewer, next(VERSIONS), **table
    )
    view["balance"] = balance
    view["turn"] = "t"
    with translation.override(language):
        return presenters.board_html(view, oob=True)


def box_html(html: str, number: int) -> str:
    rest = html.split('<li class="house-box', 1 + number)[-1]
    return re.split(r'<li class="house-box|</ol>', rest, maxsplit=1)[0]


def faces(html: str) -> list[int]:
    return [int(face) for face in re.findall(r'class="die" data-face="(\d)"', html)]


def betted(*throws):
    state = act(deal(*throws), 0, type="bet", amount=1_000)
    return act(state, 1, type="bet", amount=250)


def test_the_bet_form_in_byn_within_the_balance_and_a_pass():
    state = deal()
    html = render(state, 0)
    bet = html.split('id="bet-form"', 1)[1].split("</form>", 1)[0]
    assert "(1.00\xa0BYN – 50.00\xa0BYN)" in bet
    poor = render(state, 0, balance=700)
    assert "(1.00\xa0BYN – 7.00\xa0BYN)" in poor.split('id="bet-form"', 1)[1].split("</form>")[0]
    assert 'id="pass-form"' in render(state, 0, balance=50)
    assert 'id="bet-form"' not in render(state, 0, balance=50)
    assert "Place your bets" in html
    assert 'id="bet-form"' not in render(state, None)


def test_dg9_the_first_throw_stays_in_its_recess_and_the_second_goes_beside_it():
    state = betted((2, 3), (6, 4), (5, 5))
    html = render(state, 1)
    assert "No more bets" in html and 'id="throw-form"' not in html  # box 1 throws, not box 2
    mine = render(state, 0)
    assert 'id="throw-form"' in mine and 'id="stop-form"' not in mine
    assert "Box 1: your turn. Throw two dice." in mine
    state = act(state, 0, type="throw")
    html = render(state, 0)
    box = box_html(html, 0)
    assert faces(box) == [2, 3] and box.count('class="dbj-cup empty"') == 1
    assert 'data-total="5"' in box and 'data-state="throwing"' in box
    assert 'id="stop-form"' in html and "Box 1: 5. Stop, or throw two more dice?" in html
    assert "Throw again" in html
    assert 'id="stop-form"' not in render(state, 1)
    state = act(state, 0, type="throw")
    box = box_html(render(state, None), 0)
    assert faces(box) == [2, 3, 6, 4] and 'data-total="15"' in box
    assert 'class="dbj-total over"' in box and "over 12: lost" in box
    assert "−10.00\xa0BYN" in box
    assert "1000" not in re.sub(r"<[^>]+>", "", box)  # never kopecks


def test_the_dealers_recesses_and_every_result_in_byn_at_the_end():
    state = betted(9, 8, 6, 4)  # box 1 stops on 9, box 2 on 8; dealer 6, then 4: 10
    for seat in (0, 1):
        state = act(state, seat, type="throw")
        state = act(state, seat, type="stop")
    assert state["over"]
    html = render(state, None)
    dealer = html.split('class="house-dealer dbj-dealer"', 1)[1].split("</section>", 1)[0]
    assert faces(dealer) == [5, 1, 3, 1] and 'data-total="10"' in html
    assert "−10.00\xa0BYN" in box_html(html, 0) and "−2.50\xa0BYN" in box_html(html, 1)
    assert "lost" in box_html(html, 0)


def test_the_last_round_stays_in_view_with_its_dice():
    state = betted(9, 8, 6, 4)
    for seat in (0, 1):
        state = act(state, seat, type="throw")
        state = act(state, seat, type="stop")
    last = {**state["result"], "number": 3, "players_by_seat": {"0": 100, "1": 101}}
    html = render(deal(), 0, last_game=last)
    part = html.split('class="last-hand"', 1)[1]
    assert "Last hand" in html and faces(part)[:4] == [5, 1, 3, 1]
    assert "lost" in part and 'class="badge last-lost"' in html or "last-lost" in html


def test_the_board_reads_in_russian():
    state = act(betted(5), 0, type="throw")
    html = render(state, 0, language="ru")
    assert "Ставки сделаны" in html or "Ставок больше нет" in html
    text = re.sub(r"<[^>]+>", " ", html)
    assert not re.search(r"\b(Throw|Stop|Box|Dealer)\b", text)
