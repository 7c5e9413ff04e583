"""Pontoon's board (CG §128-§137, issue 32): boards rendered from engine states played with
scripted shoes. The owner's moves only where §132 allows them (twist, buy of the 3rd card and of
the 4th after a bought 3rd, never the 5th; no stand below 15, the prompt saying why: decision
N1); a buy asks the staker behind on his board only (buy too or twist), each buy costing the
original stake; the hand's cards bought and its twist, "must draw" below 15; insurance of exactly
half the stake (§137) with Pontoon's own words; five cards and a Pontoon named (§133, §134); the
terms in the head; Russian; another's move leaving a seat's private facts alike."""

import re

import pytest

from tables.presentation import presentation_for
from tests.tables.twentyone_boards import (
    CARD,
    Boards,
    actions,
    assert_no_undealt_card,
    box_html,
    part,
)

BOARDS = Boards(
    "pontoon",
    {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False, "bets_behind": True},
)
ENGINE = BOARDS.engine
deal, act, render = BOARDS.deal, BOARDS.act, BOARDS.render


def moves(html: str) -> list[str]:
    return re.findall(r'name="action" value="(\w+)"', actions(html))


# --- buying on a shared box (§132, N6, N1) -------------------------------------------------------

# box 1 (Anna) 9♠ 4♦ = 13, box 2 (Boris) 10♦ 7♦ = 17, the dealer's 10♣; the cards bought 3♣ and
# 2♥; the dealer's 7♠
BUY_SHOE = ["9S", "TD", "TC", "4D", "7D", "3C", "2H", "7S"]


def bets_placed():
    """Anna 10.00 on box 1, Boris 5.00 behind her and 3.00 on box 2."""
    state = deal(BUY_SHOE)
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="behind", box=0, amount=500)
    state = act(state, 1, type="bet", box=1, amount=300)
    state = act(state, 1, type="pass")
    return state


def test_below_15_the_owner_is_offered_twist_and_buy_and_told_why_there_is_no_stand():
    state = bets_placed()
    anna = render(state, 0)
    assert moves(anna) == ["twist", "buy"]
    assert "Buy (+10.00\xa0BYN)" in anna and ">Twist<" in anna
    assert "Below 15 you must draw: twist or buy a card." in anna
    box = box_html(anna, 0)
    assert "must draw" in box and ">13</b>" in box
    assert "must draw" not in box_html(anna, 1), "17"
    for html in (anna, render(state, 1), render(state, None)):
        assert_no_undealt_card(state, html)
    assert not actions(render(state, 1))
    # with less than the stake in the wallet, no buy
    assert moves(render(state, 0, balance=999)) == ["twist"]


def test_a_buy_asks_the_staker_behind_on_his_board_only_buy_too_or_twist():
    state = act(bets_placed(), 0, type="buy", box=0, hand=0)
    boris, anna, spectator = render(state, 1), render(state, 0), render(state, None)
    for html in (boris, anna, spectator):
        assert "Player 0 buys a card on box 1: Player 1, buy too or twist?" in part(html, "turn")
        assert CARD.findall(box_html(html, 0)) == ["9S", "4D"], "the card waits for the answer"
    assert moves(boris)[:2] == ["buy", "twist"]
    assert "Buy too (+5.00\xa0BYN)" in boris and "Twist (no more money)" in boris
    assert "buy it too with your own stake, or twist?" in boris
    assert not actions(anna) and not actions(spectator)
    state = act(state, 1, type="buy", box=0)
    html = render(state, 0)
    box = box_html(html, 0)
    assert CARD.findall(box) == ["9S", "4D", "3C"] and ">16</b>" in box
    assert box.count("bought: 1") == 2, "on the hand, and on the stake behind that bought it"
    assert "20.00\xa0BYN" in box and "10.00\xa0BYN" in box, "each stake grown by its own"
    # the 4th card may be bought (the 3rd was): at the original stake, not the stake grown
    assert moves(html) == ["stand", "twist", "buy"] and "Buy (+10.00\xa0BYN)" in html
    assert "Below 15" not in actions(html)


def test_after_a_twist_no_buy_is_offered_and_the_round_shows_each_stakers_payout():
    state = act(bets_placed(), 0, type="buy", box=0, hand=0)
    state = act(state, 1, type="twist", box=0)  # Boris twists the 3rd card for his stake
    state = act(state, 0, type="buy", box=0, hand=0)  # he is not asked: Anna's card comes
    html = render(state, 0)
    assert CARD.findall(box_html(html, 0)) == ["9S", "4D", "3C", "2H"]
    assert "bought: 2" in box_html(html, 0)
    state = act(state, 0, type="stand", box=0, hand=0)
    state = act(state, 1, type="stand", box=1, hand=0)
    assert state["over"]
    html = render(state, 1)
    box = box_html(html, 0)
    # Anna 30.00 at stake wins 30.00, Boris's 5.00 behind wins 5.00 (the dealer 10 7 = 17)
    paid = box.split("tw-payouts", 1)[1]
    assert "+30.00\xa0BYN" in paid and "+5.00\xa0BYN" in paid
    # Boris's 17 against 17: the tie loses (§135)
    assert re.search(r'class="tw-outcome outcome-lost"[^>]*>lost<', box_html(html, 1))
    assert '<span class="badge last-won">+2.00\xa0BYN</span>' in html


def test_the_fifth_card_is_twisted_only():
    # 2 3 bought 2, bought 3: 10 on four cards against 9
    state = deal(["2S", "9D", "3D", "2C", "3H", "4C", "TC"], players=(0,))
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 0, type="buy", box=0, hand=0)
    state = act(state, 0, type="buy", box=0, hand=0)
    html = render(state, 0, seated=(0,))
    assert moves(html) == ["twist"] and "Below 15 you must draw: twist a card." in html
    state = act(state, 0, type="twist", box=0, hand=0)
    html = render(state, 0, seated=(0,))
    box = box_html(html, 0)
    assert re.search(r'class="tw-outcome outcome-won"[^>]*>five cards<', box)
    assert "+45.00\xa0BYN" in box.split("tw-payouts", 1)[1]


# --- the head, a Pontoon, insurance (§134, §137) --------------------------------------------


def test_the_head_tells_the_terms_and_a_pontoon_is_named():
    # box 1: A K (a Pontoon) against the dealer's 9; box 2: 10 8
    state = deal(["AS", "TS", "9D", "KH", "8C", "9C"])
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="bet", amount=1000)
    html = render(state, 1)
    head = part(html, "head")
    for chip in ("Pontoon pays 2:1", "insurance 2:1", "five cards pay 3:2", "ties lose"):
        assert chip in head, chip
    assert "surrender" not in head
    box = box_html(html, 0)
    assert 'class="tw-flag natural">Pontoon<' in box
    assert re.search(r'class="tw-outcome outcome-won"[^>]*>Pontoon<', box), "paid 2:1 at once"
    assert moves(html) == ["stand", "twist", "buy"]


def test_insurance_is_exactly_half_the_stake_with_pontoons_words():
    # the dealer's ace: Anna 10 9, Boris A Q (even money)
    state = deal(["TS", "AC", "AD", "9D", "QS", "KH"])
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="bet", amount=600)
    assert state["phase"] == "insurance"
    anna, boris = render(state, 0), render(state, 1)
    form = anna.split('id="insurance-form-0"', 1)[1].split("</form>", 1)[0]
    assert '<input type="hidden" name="amount" value="5">' in form
    assert "Insure box 1 for 5.00\xa0BYN" in form and "data-low" not in form
    assert 'data-term="pontoon_insurance"' in anna and "exactly half your stake" in anna
    assert "Even money on box 2: 1:1 now" in boris and 'data-term="pontoon_even_money"' in boris
    form = boris.split('id="insurance-form-1"', 1)[1].split("</form>", 1)[0]
    assert '<input type="hidden" name="amount" value="3">' in form
    # with less than half in the wallet, no insurance form
    assert 'id="insurance-form-0"' not in render(state, 0, balance=499)


def test_another_players_twist_leaves_a_seats_private_facts_alike():
    facts = presentation_for("pontoon").private_facts
    state = deal(["5S", "TD", "6C", "4H", "9D", "TC", "3C"])  # 5 4 twists 10: 19
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="bet", amount=300)

    def boris_facts(state):
        return facts(BOARDS.view(state, 1) | {"balance": 100_000, "turn": None})

    before = boris_facts(state)
    state = act(state, 0, type="twist", box=0, hand=0)
    assert boris_facts(state) == before
    state = act(state, 0, type="stand", box=0, hand=0)
    assert boris_facts(state) != before  # his turn now


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_board_reads_in_russian(viewer):
    state = bets_placed()
    html = render(state, viewer, language="ru")
    assert "Понтун оплачивается 2:1" in html and "ничья — проигрыш" in html
    assert "нужен добор" in html and "добор до 15" in html
    if viewer == 0:
        assert "Твист" in html and "Купить (+10.00\xa0BYN)" in html
        assert "Меньше 15 нужно добирать: сделайте твист или купите карту." in html
    state = act(state, 0, type="buy", box=0, hand=0)
    html = render(state, viewer, language="ru")
    if viewer == 1:
        assert "Купить тоже (+5.00\xa0BYN)" in html and "Твист (без доплаты)" in html
