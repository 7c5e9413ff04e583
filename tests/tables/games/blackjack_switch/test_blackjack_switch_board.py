"""Blackjack Switch's board (CG §69-§89, issue 32): boards rendered from engine states played with
scripted shoes. One bet stakes both boxes (§73) and is offered within half the wallet; the Super
Match follows on the first box up to that bet (§85) and its result shows at once (§86); the
dealer's hole card is a back on every board (S2); before play each player is offered surrender
per box and the switch with both arrangements' totals (§70) on his own board only; a switched
hand says it is 21, not a blackjack (§71); the terms say blackjack 1:1 and 22 stands off."""

import re

from tests.tables.families.twentyone.boards import CARD, Boards, box_html, part

BOARDS = Boards("blackjack_switch", {"min_bet": 500, "max_bet": 5_000, "player_cut": False})
# Anna (seat 0): box 1 K♠ 5♦, box 2 6♣ Q♥; the dealer 9♣ and his hole card 7♦
EXAMPLE = ["KS", "6C", "9C", "5D", "QH", "7D", "9S", "6H"]


def deal(first):
    return BOARDS.deal(first, players=(0,))


def act(state, seat, **action):
    return BOARDS.act(state, seat, **action)


def render(state, viewer, **options):
    return BOARDS.render(state, viewer, seated=(0,), **options)


def before_play():
    state = deal(EXAMPLE)
    state = act(state, 0, type="bet", amount=1_000)
    state = act(state, 0, type="side", box=0, kind="super_match", amount=500)
    return act(state, 0, type="pass")


def test_cg_73_one_bet_on_each_of_two_boxes_within_half_the_wallet():
    state = deal(EXAMPLE)
    html = render(state, 0, balance=3_000)
    form = html[html.index('id="bet-form"') :]
    form = form[: form.index("</form>")]
    assert "Bet on each of your two boxes" in form
    assert 'max="15.00"' in form or 'data-max="1500"' in form or "15.00" in form
    assert 'id="box-form"' not in html, "a box is never staked alone"
    state = act(state, 0, type="bet", amount=1_000)
    html = render(state, 0)
    assert 'id="side-form-0-super_match"' in html and "Super Match on box 1" in html
    assert 'id="side-form-1-super_match"' not in html, "the Super Match goes on the first box"
    assert box_html(html, 0).count("10.00\xa0BYN") and box_html(html, 1).count("10.00\xa0BYN")


def test_s2_the_hole_card_is_a_back_on_every_board_and_the_terms_say_1_to_1_and_22():
    state = before_play()
    for viewer in (0, None):
        html = render(state, viewer)
        dealer = part(html, "dealer")
        assert "7D" not in set(CARD.findall(html)), "the hole card is nobody's to see"
        assert dealer.count('<span class="kit-card"') == 2, "his up card and a back"
        head = part(html, "head")
        assert "blackjack pays 1:1" in head and "his 22 stands off" in head
        assert "up to 2 boxes" not in head, "every bet stakes both: no choice of boxes"


def test_cg_86_the_super_match_result_shows_at_once():
    html = render(before_play(), None)
    box = box_html(html, 0)
    assert "Super Match" in box and "−5.00\xa0BYN" in box


def test_cg_70_the_switch_is_offered_with_both_arrangements_totals_to_its_player_only():
    state = before_play()
    anna = render(state, 0)
    spectator = render(state, None)
    assert "Switch the second cards (20 and 11)" in anna
    assert "Now box 1 has 15 and box 2 16; switched, 20 and 11." in anna
    assert "Surrender your bet on box 1" in anna and "Surrender your bet on box 2" in anna
    assert "surrender a box or switch the second cards" in part(spectator, "turn")
    assert 'class="actions' not in spectator


def test_cg_71_a_switched_hand_says_it_is_21_not_a_blackjack_and_russian_reads():
    state = act(before_play(), 0, type="switch", box=0)
    html = render(state, 0)
    assert "second card switched" in box_html(html, 0)
    assert re.search(r'data-action="double"', html), "box 1's turn: 20 may be doubled (§77)"
    russian = render(state, 0, language="ru")
    assert "Switch" not in russian.split('id="board-part-head"')[1].split("</header>")[0]
