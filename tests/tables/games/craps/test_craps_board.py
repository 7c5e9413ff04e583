"""Craps' board (tables/games/craps/presentation.py, its template): per viewer, the right controls
(bet panels for the areas he may bet on, the place groups, "Done betting", the shooter's dice and
roll), every player's bets on the layout (yours as chips, OFF while off), the puck on the point or
off, the five numbered dice and the pair the shooter picked, the come-out prompt, the last roll's
resolutions in §4's order and the roll history."""

import re
from pathlib import Path

from django.utils import translation

from tables import presenters
from tables.games.craps import presentation
from tables.games.craps.engine import ENGINE
from tests.tables.games.craps.test_craps import CrapsTable
from tests.tables.test_shared_sections import board_view

BYN = {"min_bet": 100, "max_bet": 10_000, "min_unit": 100}


def board(table: CrapsTable, viewer, last_game=None, language="en") -> str:
    view = board_view(
        ENGINE, "craps", table.state, table.config, table.players, viewer, 7, last_game=last_game
    )
    with translation.override(language), presenters.sections_recorded():
        return presenters.board_html(view, oob=True).replace("\xa0", " ").replace("&#39;", "'")


def chips_shown(html: str, viewer) -> str:
    """The chips a viewer's board shows: the drawing of each area's chips that names its seat
    (``data-viewers``, "-" the spectators; the game's stylesheet hides the others)."""
    token = "-" if viewer is None else str(viewer)
    drawings = re.findall(r'<g class="craps-chip-view" data-viewers="([^"]*)">(.*?)</g></g>', html)
    return "".join(chips + "</g>" for viewers, chips in drawings if token in viewers.split())


def actions_of(html: str) -> list[str]:
    return re.findall(r'data-action="([a-z_]+)"', html)


def panels_of(html: str) -> list[str]:
    return re.findall(r'<a href="#craps-bet-([a-z0-9_]+)"', html)


def last_game(table: CrapsTable, number: int) -> dict:
    return {"number": number, **ENGINE.hand_result(table.state)}


def test_the_shooter_coming_out_is_prompted_and_offered_every_come_out_bet():
    table = CrapsTable(**BYN).start((3, 3))
    html = board(table, 0)
    assert "Coming out: make your pass or don't pass bet, then roll" in html
    assert 'data-shooter="0"' in html and 'data-puck="off"' in html
    # the come-out's areas: no come, don't come or odds yet (§5.3, §5.2)
    areas = panels_of(html)
    assert {"pass", "dont_pass", "field", "n6", "buy6", "lay4", "hard_8", "any_seven"} <= set(areas)
    assert "come" not in areas and "dont_come" not in areas
    assert 'aria-label="Bet: Place 6"' in html
    # the pass line's form: the least of its bounds in BYN by default
    form = re.search(r'<form ws-send id="craps-form-pass".*?</form>', html, re.S).group(0)
    assert 'name="bet" value="pass"' in form and 'name="amount" value="1"' in form
    assert "1.00 BYN – 100.00 BYN" in form
    place = re.search(r'<form ws-send id="craps-form-place_6".*?</form>', html, re.S).group(0)
    assert 'name="amount" value="6"' in place  # C10: multiples of 6 units on 6 and 8
    assert {"done", "refuse", "place_group"} <= set(actions_of(html))
    # another player: no prompt, no "pass the dice"
    other = board(table, 1)
    assert "craps-prompt" not in other and "refuse" not in actions_of(other)
    assert "done" in actions_of(other) and panels_of(other)


def test_a_spectator_sees_the_layout_and_every_bet_but_no_controls():
    table = CrapsTable(**BYN).start((2, 4))
    table.bet(0, "pass", 500)
    table.bet(1, "field", 300)
    html = board(table, None)
    assert actions_of(html) == [] and panels_of(html) == []
    shown = chips_shown(html, None)
    assert 'class="craps-chip others"' in shown and 'class="craps-chip mine' not in shown
    # the chips are drawn once for every viewer: each seat's own drawing is in the html, shown
    # only on its own board
    assert shown.count("craps-chip others") == 2 and 'class="craps-chip mine' in html
    bets = re.search(r'<section class="craps-bets">.*?</section>', html, re.S).group(0)
    assert "Pass line 5.00 BYN" in bets and "Field 3.00 BYN" in bets


def test_your_bets_are_chips_working_or_off_with_their_controls():
    table = CrapsTable(**BYN)
    table.roll((2, 4), bets=[(0, "pass", 500)])  # point 6
    table.start((1, 1))
    table.bet(1, "place_8", 1200)
    table.bet(1, "hard_6", 100)
    html = board(table, 1)
    assert 'data-puck="on"' in html and 'data-point="6"' in html
    mine = re.search(r'<section class="craps-mine".*?</section>', html, re.S).group(0)
    assert "Place 8</span> <b>12.00 BYN</b>" in mine and "Hard 6</span> <b>1.00 BYN</b>" in mine
    assert mine.count("working") >= 2
    # take down and the place bet's after-a-win choice (same is its default, §5.6); no on/off
    # while the point is on: every bet works then (§5.6, issue 47)
    assert 'id="craps-down-place_8"' in mine and 'id="craps-working-place_8"' not in mine
    assert 'data-choice="same"' in mine
    assert 'id="craps-after-place_8-press"' in mine and 'id="craps-after-place_8-down"' in mine
    assert '<g class="craps-chip mine" data-bet="place_8">' in chips_shown(html, 1)
    assert "craps-chip mine" not in chips_shown(html, 2)  # a seat without bets: the others'
    # the pass line's player sees his own chip and the others' on the place 8 area
    shooter = board(table, 0)
    assert '<g class="craps-chip mine" data-bet="pass">' in chips_shown(shooter, 0)
    assert "Other players: 12.00 BYN" in chips_shown(shooter, 0)
    # a pass line cannot come down once its point is set (C6), its odds may be taken
    mine = re.search(r'<section class="craps-mine".*?</section>', shooter, re.S).group(0)
    assert "craps-down-pass" not in mine
    assert "odds_pass" in re.search(r'id="craps-bet-pass".*?</section>', shooter, re.S).group(0)


def test_bets_off_on_the_come_out_are_marked_off_and_turn_on():
    table = CrapsTable(**BYN)
    table.roll((2, 4), bets=[(0, "pass", 500), (1, "place_6", 600)])  # point 6
    table.roll((3, 3))  # 6: the point is made; the place 6 wins and stays up
    table.start((1, 2))
    html = board(table, 1)
    assert '<g class="craps-chip mine off" data-bet="place_6">' in chips_shown(html, 1)
    mine = re.search(r'<section class="craps-mine".*?</section>', html, re.S).group(0)
    assert 'class="off"' in mine and "Work on the come-out" in mine
    assert 'name="on" value="true"' in mine


def test_the_shooter_with_the_dice_picks_two_of_five_and_rolls():
    table = CrapsTable(**BYN).start((5, 6))
    table.bet(0, "pass", 100)
    for position in (1, 2, 0):
        table.act(position, type="done")
    html = board(table, 0)
    assert 'data-phase="throw"' in html
    roll = re.search(r'<form ws-send id="craps-roll-form".*?</form>', html, re.S).group(0)
    assert roll.count('type="checkbox" name="dice"') == 5 and 'data-action="roll"' in roll
    assert 'data-action="refuse"' in html and 'data-action="done"' not in html
    assert actions_of(board(table, 1)) == []
    # no face before the throw (the committed faces are secret): the dice show their numbers
    assert "<circle" not in re.search(r'class="craps-dice".*?</div>', html, re.S).group(0)


def test_the_last_roll_lists_its_resolutions_in_order_and_the_history():
    table = CrapsTable(**BYN)
    table.roll((2, 4), bets=[(0, "pass", 500), (1, "place_8", 600)])  # point 6
    table.start((3, 4))
    table.bet(2, "field", 200)
    table.bet(1, "any_seven", 100)
    table.throw()  # 7: seven out
    html = board(table, None, last_game=last_game(table, 2))
    last = re.search(r'<section class="craps-last".*?</section>', html, re.S).group(0)
    assert "seven out: the dice pass to the left" in last and 'data-total="7"' in last
    lines = re.findall(r"<li class=\"(\w+)\" data-seat=\"\d\" data-bet=\"\w+\">([^<]*)</li>", last)
    assert [outcome for outcome, _text in lines] == ["lose", "lose", "lose", "win"]
    assert lines[0][1] == "Player 0: Pass line, 5.00 BYN collected"
    assert lines[-1][1] == "Player 1: Any seven 1.00 BYN paid 4.00 BYN"
    history = re.search(r'class="craps-history-rolls".*?</ol>', html, re.S).group(0)
    assert history.count("<li>") == 2 and history.count('class="craps-die small"') == 4
    # the thrown pair's faces and the rest of the set, revealed (the roll is over)
    assert 'aria-label="3"' in html and 'aria-label="4"' in html


def test_the_board_reads_in_russian():
    table = CrapsTable(**BYN).start((3, 3))
    html = board(table, 0, language="ru")
    assert "Coming out" not in html and "Pass line" not in html and "Done betting" not in html
    assert "Начальный бросок: сделайте ставку «пасс лайн» или «доунт пасс», затем бросайте" in html


def test_the_head_reads_a_come_out_as_a_come_out_and_the_roll_count_as_a_count():
    """Issue 45: the head said "Бросок 5" (the table's fifth roll) beside the come-out, read as
    a point. The come-out says so, the puck OFF (§2.4, §4); the count says what it counts."""
    table = CrapsTable(**BYN)
    for faces in ((1, 1), (5, 6), (3, 4), (1, 2)):  # craps, 11, 7, craps: all come-outs
        table.roll(faces, bets=[(0, "pass", 100)])
    table.start((2, 3))
    html = board(table, 1)
    head = re.search(r'<header class="board-head">.*?</header>', html, re.S).group(0)
    assert "Come-out roll · point OFF" in head and "Point" not in head
    assert "Roll No. 5 at this table" in head
    russian = board(table, 1, language="ru")
    head = re.search(r'<header class="board-head">.*?</header>', russian, re.S).group(0)
    assert "Выход (кам-аут) · очко ВЫКЛ" in head and "бросок № 5 за этим столом" in head
    table.bet(0, "pass", 100)
    table.throw()  # 5: the point
    table.start((1, 3))
    head = re.search(r'<header class="board-head">.*?</header>', board(table, 1), re.S).group(0)
    assert "Point <b>5</b> · ON" in head and "Come-out" not in head


def test_a_line_bet_with_its_point_offers_its_odds_beside_it_in_the_range_the_engine_takes():
    """§5.2, §5.3, C4: single odds behind a pass line (6: up to the next multiple of 5 units)
    and behind a come bet moved to its number (5: up to the next even number of units), offered
    beside the bet, the most by default; none on a don't bet (C4)."""
    table = CrapsTable(**BYN)
    table.roll((2, 4), bets=[(0, "pass", 300), (1, "dont_pass", 300)])  # point 6
    table.roll((2, 3), bets=[(0, "come", 300)])  # 5: the come bet moves to 5
    table.start((1, 1))
    html = board(table, 0)
    mine = re.search(r'<section class="craps-mine".*?</section>', html, re.S).group(0)
    odds = re.search(r'<form ws-send id="craps-odds-odds_pass".*?</form>', mine, re.S).group(0)
    assert 'name="bet" value="odds_pass"' in odds and 'data-action="bet"' in odds
    assert "1.00 BYN – 5.00 BYN" in odds and 'name="amount" value="5"' in odds
    come = re.search(r'<form ws-send id="craps-odds-odds_come_5".*?</form>', mine, re.S).group(0)
    assert "1.00 BYN – 4.00 BYN" in come and 'name="amount" value="4"' in come
    # the engine takes the most offered, and nothing over it
    table.bet(0, "odds_pass", 500)
    assert table.bet_of(0, "odds_pass")["amount"] == 500
    other = board(table, 1)
    assert "craps-odds-" not in other  # his don't pass takes no odds (C4)


def test_the_stylesheet_shows_each_seat_and_the_spectators_their_own_chips():
    """The chips' drawings are shown by the board's own seat (craps.css): a rule for every seat
    the engine seats and one for the spectators, so no seat's board shows none or all."""
    css = (
        Path(presentation.__file__).parent / "static" / "css" / "games" / "craps.css"
    ).read_text()
    for position in range(ENGINE.seats[1]):
        rule = f'.board[data-seat="{position}"] .craps-chip-view[data-viewers~="{position}"]'
        assert rule in css, position
    assert '.board[data-seat=""] .craps-chip-view[data-viewers~="-"]' in css
