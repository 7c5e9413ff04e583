"""Blackjack's board (CG §90-§105, issue 32): boards rendered from engine states played with
scripted shoes. A split box with a bet behind shows both hands with their stakes and asks the
staker behind (split too, stay, move: §96) on his board only; soft totals read "7/17" (§91);
insurance and even money are offered to everyone at once with a clock (§103); a settled round
shows each hand's outcome and each staker's payout in BYN and stays in view as the last round;
the cut and §105's pack check at a new shoe; no undealt card in any board; your forms only on
your board, bounded by the limits and your wallet."""

import random
import re

import pytest

from tables.presentation import presentation_for
from tests.tables.twentyone_boards import (
    CARD,
    Boards,
    assert_no_undealt_card,
    box_html,
    part,
)

BOARDS = Boards(
    "blackjack",
    {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False, "bets_behind": True},
)
ENGINE, CONFIG = BOARDS.engine, BOARDS.config
deal, act, render = BOARDS.deal, BOARDS.act, BOARDS.render


# --- a split box with a bet behind -------------------------------------------------------------

# box 1 (Anna) 8♠ 8♥, box 2 (Boris) 10♦ 9♦, the dealer 6♣; the split's cards 3♦ and 10♣, the
# double's 10♥; the dealer's 4♠ and K♥
SPLIT_SHOE = ["8S", "TD", "6C", "8H", "9D", "3D", "TC", "TH", "4S", "KH"]


def split_pending():
    """Anna 10.00 on box 1, Boris 5.00 behind her and 3.00 on box 2; Anna splits her eights:
    Boris, behind her, is asked to split too, stay or move (§96)."""
    state = deal(SPLIT_SHOE)
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="behind", box=0, amount=500)
    state = act(state, 1, type="bet", box=1, amount=300)
    state = act(state, 1, type="pass")
    state = act(state, 1, type="done")  # before play: no surrender of his stake behind
    state = act(state, 0, type="split", box=0, hand=0)
    return state


def test_a_split_box_with_a_bet_behind_asks_the_staker_behind_on_his_board_only():
    state = split_pending()
    boris = render(state, 1)
    anna = render(state, 0)
    spectator = render(state, None)
    for html in (boris, anna, spectator):
        box = box_html(html, 0)
        assert len(re.findall(r'<li class="tw-hand[ "]', box)) == 2 and "split: 2 hands" in box
        assert "hand 1" in box and "hand 2" in box
        # Anna's 10.00 on each hand, Boris's 5.00 behind on the first until he decides
        assert box.count("10.00\xa0BYN") == 2 and box.count("5.00\xa0BYN") == 1
        assert '<li class="behind" data-seat="1">' in box
        assert "Player 0 splits box 1: Player 1, split too, stay or move your bet?" in html
        assert_no_undealt_card(state, html)
    forms = re.findall(r'name="action" value="(\w+)"', boris.split('class="actions', 1)[1])
    assert forms[:3] == ["split", "stay", "move"]
    assert "Split too (+5.00\xa0BYN)" in boris and "Move to hand 2" in boris
    assert 'class="actions' not in anna and 'class="actions' not in spectator


def test_the_split_played_out_shows_each_hands_total_flags_and_each_stakers_payout():
    state = split_pending()
    state = act(state, 1, type="stay", box=0)
    # the first hand 8 3 = 11: Anna doubles, Boris does not (§98); one card, 10: 21
    html = render(state, 0)
    assert 'class="tw-hand playing" data-hand="0"' in html
    assert ">11</b>" in box_html(html, 0) and ">18</b>" in box_html(html, 0)
    assert "Double (+10.00\xa0BYN)" in html and "Split" not in html.split('class="actions')[1]
    state = act(state, 0, type="double", box=0, hand=0)
    assert "Don&#39;t double" in render(state, 1) or "Don't double" in render(state, 1)
    state = act(state, 1, type="decline", box=0)
    state = act(state, 0, type="stand", box=0, hand=1)
    state = act(state, 1, type="stand", box=1, hand=0)
    assert state["over"]
    html = render(state, 1)
    box = box_html(html, 0)
    assert "doubled" in box and ">21</b>" in box
    # the doubled 21 wins 20.00 for Anna, Boris's 5.00 behind wins 5.00; the 18 loses 10.00
    assert "+20.00\xa0BYN" in box and "+5.00\xa0BYN" in box and "−10.00\xa0BYN" in box
    assert re.search(r'class="tw-outcome outcome-won"[^>]*>won<', box)
    assert re.search(r'class="tw-outcome outcome-lost"[^>]*>lost<', box)
    # paid on the box: Anna +10.00 (20 − 10), Boris +5.00
    paid = box.split("tw-payouts", 1)[1]
    assert "+10.00\xa0BYN" in paid and "+5.00\xa0BYN" in paid
    # the dealer's cards dealt one after another, his 20
    dealer = part(html, "dealer")
    assert CARD.findall(dealer) == ["6C", "4S", "KH"] and ">20</b>" in dealer
    seqs = [int(s) for s in re.findall(r'data-seq="(\d+)"', dealer)]
    assert seqs == sorted(seqs)
    # and the seats: Anna +10.00, Boris +2.00 (+5.00 behind, −3.00 on his box)
    assert '<span class="badge last-won">+2.00\xa0BYN</span>' in html
    assert_no_undealt_card(state, html)


def test_the_last_round_stays_in_view_while_the_next_is_bet():
    state = split_pending()
    for seat, action in (
        (1, {"type": "stay", "box": 0}),
        (0, {"type": "double", "box": 0, "hand": 0}),
        (1, {"type": "decline", "box": 0}),
        (0, {"type": "stand", "box": 0, "hand": 1}),
        (1, {"type": "stand", "box": 1, "hand": 0}),
    ):
        state = act(state, seat, **action)
    last_game = {"number": 3, **ENGINE.hand_result(state)}
    following = ENGINE.new_hand(dict(CONFIG), [0, 1], random.Random(2), ENGINE.carry_over(state))
    html = render(following, 0, last_game=last_game)
    last = part(html, "last")
    assert "Last round" in last and "#3" in last
    assert {"6C", "4S", "KH", "8S", "3D", "TH", "8H", "TC", "TD", "9D"} <= set(CARD.findall(last))
    assert "+10.00\xa0BYN" in last and "−3.00\xa0BYN" in last
    assert 'id="bet-form"' in html  # the next round is bet


# --- totals, insurance, even money -----------------------------------------------------------


def test_a_soft_total_reads_both_ways():
    # box 1: A♥ 6♣ = 7/17 (§91); box 2: 10♠ 7♦ = 17; the dealer 9♠
    state = deal(["AH", "TS", "9S", "6C", "7D"])
    state = act(state, 0, type="bet", amount=200)
    state = act(state, 1, type="bet", amount=200)
    html = render(state, 0)
    assert '<b class="house-total tw-total soft"' in box_html(html, 0)
    assert ">7/17</b>" in box_html(html, 0) and ">17</b>" in box_html(html, 1)
    assert "Hit" in html and "Stand" in html and "Double (+2.00\xa0BYN)" in html
    assert "Surrender (half back)" in html


def insurance_offered():
    """The dealer shows an ace: Anna has 19, Boris a blackjack (§103)."""
    state = deal(["TS", "AC", "AD", "9D", "QS", "KH"])
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="bet", amount=600)
    assert state["phase"] == "insurance"
    return state


def test_insurance_and_even_money_are_offered_to_everyone_at_once_with_a_clock():
    state = insurance_offered()
    anna, boris, spectator = render(state, 0), render(state, 1), render(state, None)
    assert "insurance and even money are offered to everyone at once" in part(anna, "turn")
    # Anna: insurance up to half her 10.00, at least the smallest unit; her clock
    form = anna.split('id="insurance-form-0"', 1)[1].split("</form>", 1)[0]
    assert 'data-low="0.01" data-high="5"' in form and "(0.01\xa0BYN – 5.00\xa0BYN)" in form
    assert re.search(r'class="clock tw-clock" data-deadline="1900000000"', anna)
    assert ">No insurance<" in anna and "even_money" not in anna.split('class="actions')[1]
    # Boris: even money on his blackjack, or insurance, at the same time
    assert "Even money on box 2: 1:1 now" in boris
    assert 'id="insurance-form-1"' in boris and ">No, play on<" in boris
    assert re.search(r'class="clock tw-clock" data-deadline="1900000001"', boris)
    assert 'class="actions' not in spectator
    # the dealer's card is his only one: nothing more is in any board
    for html in (anna, boris, spectator):
        assert CARD.findall(part(html, "dealer")) == ["AD"]
        assert_no_undealt_card(state, html)
    # with 3.00 in her wallet Anna insures at most 3.00
    poor = render(state, 0, balance=300)
    assert 'data-high="3"' in poor.split('id="insurance-form-0"', 1)[1].split("</form>")[0]


def test_insurance_taken_shows_on_the_box_and_is_paid_at_the_dealers_natural():
    state = insurance_offered()
    state = act(state, 0, type="insurance", box=0, amount=500)
    html = render(state, 1)
    box = box_html(html, 0)
    assert "insured" in box and "insurance" in box and "5.00\xa0BYN" in box
    state = act(state, 1, type="done")  # Boris declines even money
    state = act(state, 0, type="stand", box=0, hand=0)
    assert state["over"]  # no hole card (B1): the dealer's K♥ comes now, a natural
    box = box_html(render(state, 1), 0)
    # insurance +10.00 (2:1), the hand −10.00: Anna is paid 0.00 on the box (example 2)
    assert "+10.00\xa0BYN" in box and "−10.00\xa0BYN" in box
    assert re.search(r'<b class="num">0.00\xa0BYN</b>', box.split("tw-payouts", 1)[1])
    assert ">blackjack<" in render(state, 1)  # the dealer's natural, named


# --- the cut, the pack check, the bets -----------------------------------------------------------


def test_a_new_shoe_is_cut_by_a_player_and_its_pack_checked_with_no_card_shown():
    config = dict(CONFIG, player_cut=True)
    state = ENGINE.new_hand(config, [0, 1], random.Random(4))
    assert state["phase"] == "cut"
    cutter = ENGINE.to_act(state)[0]
    html = render(state, cutter)
    form = html.split('id="cut-form"', 1)[1].split("</form>", 1)[0]
    assert 'min="52" max="260"' in form and "(from 52 to 260 cards)" in form
    assert "Cut at random" in html
    dealer = part(html, "dealer")
    assert "decks: 6 · cards: 312 · each card: 6" in dealer
    assert dealer.count("<li>") == 13 and "<b>10</b> 24" in dealer and "♥</b> 78" in dealer
    assert "312 cards left" in dealer and "discards: 0" in dealer
    assert not CARD.findall(html)
    other = render(state, 1 - cutter if cutter in (0, 1) else 0)
    assert 'id="cut-form"' not in other
    state = act(state, cutter, type="cut", at=100)
    assert "cut the shoe at card 100" in part(render(state, None), "dealer")


def test_the_bet_forms_are_bounded_by_the_limits_and_the_balance():
    state = deal(SPLIT_SHOE)
    state = act(state, 0, type="bet", amount=1000)
    html = render(state, 1)
    bet = html.split('id="bet-form"', 1)[1].split("</form>", 1)[0]
    assert 'data-low="1" data-high="50"' in bet
    behind = html.split('id="behind-form"', 1)[1].split("</form>", 1)[0]
    assert '<option value="0">box 1 · Player 0</option>' in behind
    assert 'data-high="40"' in behind  # the box's stakes together within 50.00 (§101, B10)
    assert ">Pass<" in html and 'id="box-form"' not in html  # one box a player
    poor = render(state, 1, balance=250)
    assert 'data-high="2.50"' in poor.split('id="bet-form"', 1)[1].split("</form>")[0]
    assert 'id="bet-form"' not in render(state, 1, balance=50)
    # Anna bet: her betting is over, her board has no form; the box shows her stake
    assert 'class="actions' not in render(state, 0)
    assert "10.00\xa0BYN" in box_html(html, 0)


def test_another_players_move_leaves_a_seats_private_facts_alike():
    """Issue 30: Anna's hit changes nothing Boris's board shows of his own: he is sent parts."""
    facts = presentation_for("blackjack").private_facts
    state = deal(["5S", "TD", "6C", "4H", "9D", "2C", "3C"])
    state = act(state, 0, type="bet", amount=1000)
    state = act(state, 1, type="bet", amount=300)

    def boris_facts(state):
        return facts(BOARDS.view(state, 1) | {"balance": 100_000, "turn": None})

    before = boris_facts(state)
    state = act(state, 0, type="hit", box=0, hand=0)
    assert boris_facts(state) == before
    state = act(state, 0, type="stand", box=0, hand=0)
    assert boris_facts(state) != before  # his turn now


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_board_reads_in_russian(viewer):
    state = split_pending()
    state = act(state, 1, type="stay", box=0)
    html = render(state, viewer, language="ru")
    assert "Шуз 1 · 6 колод" in html and "рука 1" in html and "сплит: 2 руки" in html
    if viewer == 0:
        assert "Ещё" in html and "Хватит" in html and "Удвоить (+10.00\xa0BYN)" in html
