"""Khrap's board (tables/games/khrap/: presentation.py and jinja2/tables/khrap/board.html): the
trump card, the marker, what each seat said and the tricks it took, the trick on the table and who
leads it, your cards in one row and only the moves legal now (strelyayu's discard among the four
drawn, §119.2.3), and at the end of a deal what each owes or takes (§119.2.1, §121): the trick
money, the penalties, the stake, the casino's 2 % and the penalty bank; no hidden card."""

import re

from django.utils import translation

from tables import presenters
from tables.games.khrap.engine import ENGINE
from tests.tables.games.khrap.test_khrap import (
    CONFIG,
    EXAMPLE_1,
    A,
    B,
    C,
    D,
    act,
    deal,
    example_1_exchanged,
    example_2_played,
    play,
    strelyayu_four_drawn,
)
from tests.tables.test_shared_sections import board_view

CARD = re.compile(r'(?:href="[^"]*#card-|data-card=")([0-9TJQKA][SHDC])"')


def board(state, viewer, **table) -> str:
    view = board_view(ENGINE, "khrap", state, CONFIG, [0, 1, 2, 3], viewer, 7, **table)
    # every section rendered afresh (the shared sections' cache keys on the version only)
    with translation.override("en"), presenters.sections_recorded():
        return presenters.board_html(view, oob=True).replace("\xa0", " ")


def seat_plate(html: str, position: int) -> str:
    return re.search(
        rf'data-position="{position}".*?(?=data-position=|<div class="felt-middle")', html, re.S
    ).group(0)


def test_the_head_shows_the_trump_card_the_marker_and_the_game_declared_with_their_words():
    state = deal(**EXAMPLE_1)
    state, _ = act(state, A, type="declare", game="khrap")
    state, _ = act(state, B, type="help")
    html = board(state, None)
    head = re.search(r"<header.*?</header>", html, re.S).group(0)
    assert "#card-9H" in head, "the trump card"
    assert 'data-term="trump"' in head and 'data-term="marker"' in head
    assert 'data-term="khrap"' in head and "</span>: Player 0" in head
    assert "Player 0" in re.search(r'class="chip marker-chip".*?</span>\s*<span', head, re.S).group(
        0
    )
    assert "Khrap" in seat_plate(html, A) and "marker" in seat_plate(html, A)
    assert "Help" in seat_plate(html, B)
    assert "pledge 80.00 BYN" in seat_plate(html, A) and "pledge 40.00 BYN" in seat_plate(html, B)


def test_passes_on_the_trump_are_shown_and_cleared_when_a_new_trump_is_turned_s119_1():
    state = deal(**EXAMPLE_1)
    state, _ = act(state, A, type="pass")
    assert "pass" in seat_plate(board(state, None), A)
    state, _ = play(state, *((p, {"type": "pass"}) for p in (B, C, D)))
    assert state["trump"] != "H"
    html = board(state, None)
    assert "said-pass" not in html, "a new trump: nobody has spoken on it yet"
    assert "#card-9H" in re.search(r'class="turned".*?</div>', html, re.S).group(0)


def test_your_hand_is_one_row_and_the_trick_shows_who_leads():
    state = example_1_exchanged()
    html = board(state, C)
    hand = html[html.index('id="my-cards"') : html.index('<div class="seat-actions">')]
    rows = re.findall(r'<div class="cards row"', hand)
    assert len(rows) == 1 and set(CARD.findall(hand)) == {"AD", "KD", "QD", "AC"}
    assert "Player 2 leads" in html and "leads" in seat_plate(html, C)
    state, _ = act(state, C, type="play", card="AD")
    html = board(state, None)
    trick = re.search(r'<div class="trick".*?</div>\s*</div>', html, re.S).group(0)
    assert "Player 2 leads" in trick and "#card-AD" in trick
    assert not {"AH", "KH", "AS", "KD"} & set(CARD.findall(html)), (
        "nobody's hand on a spectator's board"
    )


def test_s119_2_3_strelyayu_offers_only_the_four_drawn_for_the_discard():
    state = strelyayu_four_drawn()
    html = board(state, A)
    playable = re.findall(r'class="hand-card playable[^"]*" data-card="(\w\w)"', html)
    assert sorted(playable) == sorted(["AD", "KD", "QD", "AC"])
    assert re.search(r'<span class="hand-card[^"]*" data-card="AH"', html), "kept: not offered"


def test_a_finished_deal_shows_what_each_owes_or_takes_and_no_hidden_card_s119_2_1_s121():
    """Worked example 2: A (khrap) 1 trick, B (help) 0, C (five) 3, D passed. The board shows
    each player's tricks, the trick money he takes, the penalty he owes, the stake and the net,
    the casino's 2 % and the penalty bank of 120; the cards exchanged out, the discards and D's
    folded hand are never shown."""
    state, _, _ = example_2_played()
    assert state["over"]
    last_game = {"number": 3, **ENGINE.hand_result(state)}
    for viewer in (None, A, D):
        html = board(state, viewer, status="open", last_game=last_game)
        result = re.search(
            r'<div class="deal-result".*?</table>.*?</div>\s*</div>', html, re.S
        ).group(0)
        rows = dict(re.findall(r'<tr data-seat="(\d)">(.*?)</tr>', result, re.S))
        cells = {int(p): re.findall(r"<td[^>]*>(.*?)</td>", row) for p, row in rows.items()}
        assert cells[A] == [
            "Player 0",
            "Khrap",
            "1",
            "9.80 BYN",
            "80.00 BYN",
            "10.00 BYN",
            "−80.20 BYN",
        ]
        assert cells[B] == [
            "Player 1",
            "Help",
            "0",
            "0.00 BYN",
            "40.00 BYN",
            "10.00 BYN",
            "−50.00 BYN",
        ]
        assert cells[C] == ["Player 2", "Five", "3", "29.40 BYN", "", "10.00 BYN", "+19.40 BYN"]
        assert cells[D] == ["Player 3", "pass", "", "", "", "10.00 BYN", "−10.00 BYN"]
        assert "penalty bank of 120.00 BYN" in result and "0.80 BYN" in result
        assert 'data-term="penalty_bank"' in html
        shown = set(CARD.findall(html))
        assert not {"6D", "TS", "JS", "QS", "TC"} & shown, "discards stay hidden"
        if viewer != D:
            assert not {"JC", "QC", "KC", "AC"} & shown, "D's folded hand stays hidden"
