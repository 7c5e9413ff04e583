"""Pontoon (tables/games/pontoon/engine.py, CG §128-§137, ../shared/rules/pontoon.md) by scripted
shoes, one test per paragraph or ruling, named by it; section 5's decision N1 (a player must
draw below 15) overrides the proposal. Then the bad input of issue 32 (a 4th card bought after a
twisted 3rd, a stand below 15, a buy of the 5th card, a resplit of aces, a split of unequal
ranks, insurance not exactly half, a move on another's box or out of turn), each refused with a
sentence and nothing changed; bets behind on a buy (docs/rules-decisions.md, Pontoon); the
clocks; leaving; the house's exposure; the view.

Deal order: a card to each box from box 0, the dealer's up card, a second card to each box; the
dealer's second card after every box has played (§131). Money is checked in every test."""

import copy

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, engine_for
from tables.games.pontoon.engine import ENGINE
from tests.tables.engines.scripted import ScriptedRng, shoe_order
from tests.tables.games.pontoon.test_pontoon_examples import CONFIG, Table


def kinds(state, seat):
    return [a["type"] for a in ENGINE.legal_actions(state, seat)]


def cards(table, box=0, hand=0):
    return table.state["boxes"][str(box)]["hands"][hand]["cards"]


def outcome(table, box=0, hand=0):
    return table.state["result"]["boxes"][str(box)]["hands"][hand]["outcome"]


# --- the table (§128, §131) ---------------------------------------------------------------------


def test_cg_128_six_decks_and_the_tables_settings():
    assert engine_for("pontoon") is ENGINE and ENGINE.display_name == "Pontoon"
    assert ENGINE.seats == (1, 9)
    checked = ENGINE.check_config({"min_bet": 10, "max_bet": 100})
    assert checked["decks"] == 6 and checked["boxes"] == 7 and checked["bets_behind"]
    assert not checked["surrender"]
    state = ENGINE.new_hand(checked, [0], ScriptedRng(shoe_order([])))
    assert ENGINE.start_events(state)[0]["pack"]["cards"] == 312, "6 x 52, no joker"


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"decks": 8}, "six decks"),
        ({"decks": 2}, "six decks"),
        ({"surrender": True}, "no surrender"),
        ({"boxes": 8}, "5 to 7 boxes"),
    ],
)
def test_cg_128_settings_outside_the_rules_are_refused_with_a_sentence(config, message):
    with pytest.raises(IllegalAction, match=message):
        ENGINE.check_config({"min_bet": 10, "max_bet": 100, **config})


def test_cg_131_two_cards_to_each_box_one_up_card_to_the_dealer_and_no_hole_card():
    # box 0: 9 8; box 1: T 7; the dealer's 6; his second card 5 comes after the boxes, then 8
    table = Table([0, 1], ["9S", "TD", "6C", "8H", "7D", "5S", "8C"])
    table.bet({0: 10, 1: 10})
    assert cards(table, 0) == ["9S", "8H"] and cards(table, 1) == ["TD", "7D"]
    assert table.dealer() == ["6C"] and ENGINE.hidden_cards(table.state) == []
    assert ENGINE.view(table.state, None)["dealer"]["face_down"] == 0
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["6C"], "he draws when every box has played"
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["6C", "5S", "8C"]  # 11, draws to 19
    assert table.nets() == {"0": -10, "1": -10}
    assert table.conserved() == 20


# --- twist and buy (§132, N6) -------------------------------------------------------------------


def test_cg_132_a_twist_takes_a_card_for_nothing():
    table = Table([0], ["9S", "TD", "4D", "3C", "TH", "7C"])
    table.bet({0: 10})
    events = table.act(0, type="twist", box=0, hand=0)
    assert {"type": "twist", "seat": 0, "box": 0, "hand": 0, "card": "3C"} in events
    assert not [e for e in events if e["type"] == "payment"], "the stake stays as it is"
    table.act(0, type="stand", box=0, hand=0)  # 16 against 10 7
    assert table.nets() == {"0": -10} and table.conserved() == 10


def test_cg_132_n6_each_buy_adds_the_original_stake_and_shares_the_hands_pay():
    # 9 4 buys 3 (16) and 2 (18) against 10 7: three stakes of 10 win 1:1
    table = Table([0], ["9S", "TD", "4D", "3C", "2H", "7C"])
    table.bet({0: 10})
    events = table.act(0, type="buy", box=0, hand=0)
    assert {"type": "buy", "seat": 0, "box": 0, "hand": 0, "amount": 10} in events
    assert {"type": "card", "box": 0, "hand": 0, "card": "3C", "ask": "buy"} in events
    assert "buy" in kinds(table.state, 0), "the 3rd bought: the 4th may be bought"
    table.act(0, type="buy", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    assert table.paid()[-2:] == [(HOUSE_BANK, "seat:0", 30), ("pot:b0:s0", "seat:0", 30)]
    assert table.nets() == {"0": 30} and table.conserved() == -30


def test_cg_132_a_4th_card_bought_after_a_twisted_3rd_is_refused():
    table = Table([0], ["5S", "TD", "4D", "3C", "2H", "TC"])
    table.bet({0: 10})
    table.act(0, type="twist", box=0, hand=0)  # 5 4 3 = 12
    table.refused(0, "A card after a twisted one is not bought", type="buy", box=0, hand=0)
    assert kinds(table.state, 0) == ["twist"]


def test_cg_132_a_buy_of_the_5th_card_is_refused_it_is_always_twisted():
    # 2 3, buys 2 and 3 (10), the 5th twisted: 4 -> five cards, 14: 3:2 on the 30 at stake
    table = Table([0], ["2S", "TD", "3D", "2C", "3H", "4C", "TC"])
    table.bet({0: 10})
    table.act(0, type="buy", box=0, hand=0)
    table.act(0, type="buy", box=0, hand=0)
    table.refused(0, "The fifth card is always twisted", type="buy", box=0, hand=0)
    assert kinds(table.state, 0) == ["twist"], "10 on four cards: must draw (N1)"
    table.act(0, type="twist", box=0, hand=0)
    assert table.nets() == {"0": 45} and table.conserved() == -45


# --- must draw below 15 (decision N1), busts (N12) ----------------------------------------------


def test_n1_standing_below_15_is_refused_the_player_must_draw():
    table = Table([0], ["9S", "TD", "5D", "AC", "7C"])
    table.bet({0: 10})
    table.refused(0, "Below 15 you must draw: twist or buy", type="stand", box=0, hand=0)
    assert kinds(table.state, 0) == ["twist", "buy"]
    table.act(0, type="twist", box=0, hand=0)  # 9 5 A = 15: he may stand now
    assert kinds(table.state, 0) == ["stand", "twist"], "no buy after a twist (§132)"
    table.act(0, type="stand", box=0, hand=0)
    assert table.nets() == {"0": -10} and table.conserved() == 10  # 15 against 17


def test_n1_a_soft_15_may_stand():
    table = Table([0], ["AS", "TD", "4D", "8C"])
    table.bet({0: 10})
    assert "stand" in kinds(table.state, 0), "A 4 counts 15"


def test_n1_n13_the_clock_twists_below_15_and_stands_from_15_moving_no_money():
    table = Table([0], ["9S", "TD", "4D", "3C", "8H"])
    table.bet({0: 10})
    assert ENGINE.timeout_action(table.state, 0) == {"type": "twist", "box": 0, "hand": 0}
    table.state, events = ENGINE.apply_timeout(table.state, 0, Draws.replaying([]))
    assert not [e for e in events if e["type"] == "payment"]
    assert cards(table) == ["9S", "4D", "3C"]
    assert ENGINE.timeout_action(table.state, 0) == {"type": "stand", "box": 0, "hand": 0}


def test_n12_a_bust_loses_at_once_even_if_the_dealer_busts_later():
    # box 0: T 6 twists T: bust; box 1: T 8 stands; the dealer 6 T 8 = 24
    table = Table([0, 1], ["TS", "TD", "6C", "6H", "8D", "TH", "TC", "8C"])
    table.bet({0: 10, 1: 10})
    events = table.act(0, type="twist", box=0, hand=0)
    assert ("pot:b0:s0", HOUSE_BANK, 10) in [
        (e["source"], e["target"], e["amount"]) for e in events if e["type"] == "payment"
    ], "lost before the dealer plays"
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["6C", "TC", "8C"]
    assert outcome(table, 0) == "bust" and outcome(table, 1) == "won"
    assert table.nets() == {"0": -10, "1": 10} and table.conserved() == 0


# --- five cards (§133, N2, N3) --------------------------------------------------------------------


def test_cg_133_n2_five_cards_of_21_win_3_to_2_and_the_hand_takes_no_sixth():
    table = Table([0, 1], ["2S", "TS", "TD", "3D", "9S", "4C", "5H", "7S", "TH"])
    table.bet({0: 100, 1: 100})
    for _card in range(3):
        table.act(0, type="twist", box=0, hand=0)  # 2 3 4 5 7 = 21
    assert cards(table) == ["2S", "3D", "4C", "5H", "7S"]
    hand = table.state["boxes"]["0"]["hands"][0]
    assert hand["settled"] is not None and hand["outcome"] == "five cards"
    assert ENGINE.to_act(table.state) == [1], "a five-card hand has nothing left to decide"
    table.refused(0, "This hand is finished", type="twist", box=0, hand=0)
    table.act(1, type="stand", box=1, hand=0)  # 19 against 10 10
    assert table.nets() == {"0": 150, "1": -100} and table.conserved() == -50


def test_cg_133_a_soft_21_may_still_draw_for_five_cards():
    # A 2, twists 3 and 5: A 2 3 5 is a soft 21 on four cards; the fifth card, a nine, makes
    # five cards of 20: 3:2
    table = Table([0], ["AS", "TD", "2D", "3C", "5H", "9S", "7C"])
    table.bet({0: 10})
    table.act(0, type="twist", box=0, hand=0)
    table.act(0, type="twist", box=0, hand=0)
    assert ENGINE.view(table.state, 0)["boxes"][0]["hands"][0]["label"] == "11/21"
    assert kinds(table.state, 0) == ["stand", "twist"]
    table.act(0, type="twist", box=0, hand=0)
    assert outcome(table) == "five cards"
    assert table.nets() == {"0": 15} and table.conserved() == -15


def test_a_hard_21_and_a_pontoon_take_no_card_and_stand_by_themselves():
    # box 0: T 6 twists 5: a hard 21 stands by itself; box 1: A K against the dealer's ten
    table = Table([0, 1], ["TS", "AD", "TC", "6C", "KH", "5H", "7C"])
    table.bet({0: 10, 1: 10})
    table.act(0, type="twist", box=0, hand=0)
    assert table.over, "no decision is left: both hands stand"
    opened = copy.deepcopy(table.state)
    for index in (0, 1):
        opened["boxes"][str(index)]["hands"][0].update(done=False, settled=None)
    assert "hard 21 takes no card" in str(ENGINE.play_refusal(opened, 0, 0, "twist"))
    assert "A Pontoon takes no card" in str(ENGINE.play_refusal(opened, 1, 0, "buy"))
    assert table.dealer() == ["TC", "7C"]
    assert table.nets() == {"0": 10, "1": 20} and table.conserved() == -30


# --- Pontoon (§134, N4, N9, N11) ------------------------------------------------------------------


def test_cg_134_a_pontoon_beats_the_dealers_five_cards():
    # box 0: A K; box 1: T 9 stands; the dealer T 2 2 2 A = 17 on five cards
    table = Table([0, 1], ["AS", "TS", "TD", "KH", "9C", "2C", "2D", "2H", "AC"])
    table.bet({0: 10, 1: 10})
    assert ENGINE.to_act(table.state) == [1], "the Pontoon waits: his ten may make one"
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["TD", "2C", "2D", "2H", "AC"]
    assert outcome(table, 0) == "natural" and outcome(table, 1) == "won"
    assert table.nets() == {"0": 20, "1": 10} and table.conserved() == -30


def test_n4_a_pontoon_loses_to_the_dealers_pontoon():
    table = Table([0], ["AS", "TD", "KH", "AC"])
    table.bet({0: 10})
    assert table.over and table.dealer() == ["TD", "AC"]
    assert table.nets() == {"0": -10} and outcome(table) == "lost"
    assert table.conserved() == 10


def test_n7_the_dealers_pontoon_takes_every_stake_bought_ones_too():
    # 9 4 buys 3 -> 16, stands; the dealer A K
    table = Table([0], ["9S", "AD", "4D", "3C", "KH"])
    table.bet({0: 10})
    table.act(0, type="done")
    table.act(0, type="buy", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    assert table.nets() == {"0": -20} and table.conserved() == 20


def test_n9_a_split_ace_and_ten_is_21_not_a_pontoon_paid_1_to_1():
    # A A split: A K = 21 and A 9 = 20 against 9 T = 19
    table = Table([0], ["AS", "9D", "AH", "KC", "9C", "TS"])
    table.bet({0: 10})
    table.act(0, type="split", box=0, hand=0)
    view = ENGINE.view(table.state, 0)["boxes"][0]["hands"]
    assert [h["natural"] for h in view] == [False, False]
    assert table.over and [outcome(table, 0, i) for i in (0, 1)] == ["won", "won"]
    assert table.nets() == {"0": 20} and table.conserved() == -20


def test_n11_even_money_declined_a_pontoon_is_paid_2_to_1_when_the_dealer_makes_none():
    table = Table([0], ["AS", "AD", "KH", "9C"])
    table.bet({0: 10})
    assert kinds(table.state, 0) == ["insurance", "even_money", "done"]
    table.act(0, type="done")
    assert table.over and table.dealer() == ["AD", "9C"]
    assert table.nets() == {"0": 20} and table.conserved() == -20


# --- the dealer and the pay (§131, §135, N5, N8) -------------------------------------------------


def test_cg_131_n8_the_dealer_stands_on_a_soft_17():
    table = Table([0], ["TS", "6D", "8C", "AH", "4C"])
    table.bet({0: 10})
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["6D", "AH"], "the 4 is not drawn"
    assert table.nets() == {"0": 10} and table.conserved() == -10


def test_cg_131_the_dealer_draws_on_16():
    table = Table([0], ["TS", "9D", "9C", "7H", "5C"])
    table.bet({0: 10})
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["9D", "7H", "5C"]
    assert table.nets() == {"0": -10} and table.conserved() == 10


def test_cg_135_equal_totals_lose():
    table = Table([0], ["TS", "9D", "9C", "TH"])
    table.bet({0: 10})
    table.act(0, type="stand", box=0, hand=0)
    assert outcome(table) == "lost" and table.nets() == {"0": -10}
    assert table.conserved() == 10


def test_cg_135_n5_three_of_a_kind_standing_wins_1_to_1_against_a_higher_total():
    # 6 6 twists 6 = 18, stands; the dealer T T = 20
    table = Table([0], ["6S", "TD", "6H", "6C", "TH"])
    table.bet({0: 10})
    table.act(0, type="twist", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    assert outcome(table) == "three of a kind"
    assert table.nets() == {"0": 10} and table.conserved() == -10


def test_n5_three_of_a_kind_loses_to_the_dealers_pontoon():
    # 7 7 twists 7 = 21 (no more cards: it stands); the dealer A K
    table = Table([0], ["7S", "AD", "7H", "7C", "KH"])
    table.bet({0: 10})
    table.act(0, type="done")
    table.act(0, type="twist", box=0, hand=0)
    assert table.over and outcome(table) == "lost"
    assert table.nets() == {"0": -10} and table.conserved() == 10


def test_n1_n5_three_fours_are_12_and_must_draw():
    table = Table([0], ["4S", "TD", "4H", "4C", "3C"])
    table.bet({0: 10})
    table.act(0, type="twist", box=0, hand=0)
    table.refused(0, "Below 15 you must draw", type="stand", box=0, hand=0)


# --- splits (§136) --------------------------------------------------------------------------------


def test_cg_136_a_pair_is_split_any_number_of_times():
    # 8 8 split four times: five hands (Blackjack stops at four); the dealer 6 T 7 = 23
    top = ["8S", "6C", "8H", "8D", "TC", "8C", "TD", "8S", "TH", "3C", "TS", "9D", "TC", "7C"]
    table = Table([0], top)
    table.bet({0: 10})
    for _split in range(4):
        table.act(0, type="split", box=0, hand=0)
    hands = table.state["boxes"]["0"]["hands"]
    assert len(hands) == 5 and hands[0]["cards"] == ["8S", "3C"]
    table.act(0, type="twist", box=0, hand=0)  # 8 3 = 11 must draw: 9 -> 20
    for index in range(5):
        table.act(0, type="stand", box=0, hand=index)
    assert table.dealer() == ["6C", "TC", "7C"]
    assert table.nets() == {"0": 50} and table.conserved() == -50


def test_cg_136_aces_split_once_one_card_each_standing_below_15_and_no_resplit():
    # box 0: A A split: A 2 = 13 and A A = 12 stand (one card each); box 1: T 8 plays on
    table = Table([0, 1], ["AS", "TS", "TD", "AH", "8C", "2D", "AD", "8H"])
    table.bet({0: 10, 1: 10})
    table.act(0, type="split", box=0, hand=0)
    assert [cards(table, 0, i) for i in (0, 1)] == [["AS", "2D"], ["AH", "AD"]]
    assert ENGINE.to_act(table.state) == [1], "split aces take one card each"
    table.refused(0, "Aces are split once and take one card each", type="split", box=0, hand=1)
    table.act(1, type="stand", box=1, hand=0)  # 18 against T 8
    assert table.nets() == {"0": -20, "1": -10} and table.conserved() == 30


def test_cg_136_n9_a_split_of_unequal_ranks_is_refused():
    table = Table([0], ["KS", "7D", "QC", "TH"])
    table.bet({0: 10})
    table.refused(0, "Only two cards of the same rank are split", type="split", box=0, hand=0)
    assert kinds(table.state, 0) == ["stand", "twist", "buy"]


# --- insurance (§137, N10) --------------------------------------------------------------------


def test_cg_137_n10_insurance_not_exactly_half_the_stake_is_refused():
    table = Table([0], ["TS", "AD", "8C", "7H"])
    table.bet({0: 100})
    table.refused(0, "exactly 50", type="insurance", box=0, amount=40)
    table.refused(0, "exactly 50", type="insurance", box=0, amount=60)
    assert ENGINE.view(table.state, 0)["ranges"] == {"insurance": {"0": [50, 50]}}


def test_cg_137_n10_an_odd_stakes_half_is_rounded_down():
    table = Table([0], ["TS", "AD", "8C", "7H"])
    table.bet({0: 25})
    assert {"type": "insurance", "box": 0, "amount": 12} in ENGINE.legal_actions(table.state, 0)


def test_cg_137_without_the_dealers_pontoon_the_insurance_loses_and_the_stake_plays_on():
    # 10 8 insures 50 of 100 against the ace; the dealer's 6: a soft 17, he stands
    table = Table([0], ["TS", "AD", "8C", "6H"])
    table.bet({0: 100})
    table.act(0, type="insurance", box=0, amount=50)
    table.act(0, type="stand", box=0, hand=0)
    assert ("pot:b0:s0:insurance", HOUSE_BANK, 50) in table.paid()
    assert table.nets() == {"0": 50} and table.conserved() == -50


# --- no double, no surrender ------------------------------------------------------------------


def test_there_is_no_double_and_no_surrender():
    table = Table([0], ["5S", "7D", "6C", "TH"])  # 11 against 7
    table.bet({0: 10})
    assert kinds(table.state, 0) == ["twist", "buy"]
    table.refused(0, "Unknown action", type="double", box=0, hand=0)
    table.refused(0, "Unknown action", type="surrender", box=0, hand=0)


# --- a box shared (docs/rules-decisions.md, Pontoon) ----------------------------------------------


def test_a_buy_asks_the_stakers_behind_who_bought_every_earlier_card_to_buy_too_or_twist():
    # owner 100 with 50 and 30 behind; 9 4 buys 3 (16) and 2 (18) against 10 7 = 17
    table = Table([0, 1, 2], ["9S", "TD", "4D", "3C", "2H", "7C"])
    table.bet({0: 100}, behind={1: (0, 50), 2: (0, 30)})
    events = table.act(0, type="buy", box=0, hand=0)
    assert [(e["source"], e["amount"]) for e in events if e["type"] == "payment"] == [
        ("seat:0", 100)
    ], "only the owner's money moves"
    assert ENGINE.to_act(table.state) == [1, 2]
    assert ENGINE.legal_actions(table.state, 1) == [
        {"type": "buy", "box": 0},
        {"type": "twist", "box": 0},
    ]
    assert ENGINE.timeout_action(table.state, 2) == {"type": "twist", "box": 0}
    table.refused(1, "Buy your card too, or twist it", type="decline", box=0)
    assert ("seat:1", "pot:b0:s1", 50) in [
        (e["source"], e["target"], e["amount"])
        for e in table.act(1, type="buy", box=0)
        if e["type"] == "payment"
    ], "his own original stake"
    table.act(2, type="twist", box=0)
    assert cards(table) == ["9S", "4D", "3C"], "the card once all answered"
    table.act(0, type="buy", box=0, hand=0)
    assert ENGINE.to_act(table.state) == [1], "who twisted the 3rd buys no 4th (§132)"
    table.act(1, type="buy", box=0)
    table.act(0, type="stand", box=0, hand=0)
    assert table.nets() == {"0": 300, "1": 150, "2": 30}
    facts = ENGINE.view(table.state, None)["boxes"][0]["hands"][0]
    assert facts["bought"] == 2 and facts["buys"] == {"0": 2, "1": 2, "2": 0}
    assert table.conserved() == -480


def test_a_staker_behinds_clock_twists_and_moves_no_money():
    table = Table([0, 1], ["9S", "TD", "4D", "3C", "8C"])
    table.bet({0: 100}, behind={1: (0, 50)})
    table.act(0, type="buy", box=0, hand=0)
    table.state, events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert not [e for e in events if e["type"] == "payment" and e["source"] == "seat:1"]
    table.act(0, type="stand", box=0, hand=0)  # 16 against 10 8
    assert table.nets() == {"0": -200, "1": -50} and table.conserved() == 250


def test_each_staker_insures_his_own_stake_exactly_half_and_takes_even_money_alone():
    # owner 100 on A K, 40 behind; the dealer's ace: the owner takes even money, the staker
    # behind insures 20; the dealer's king
    table = Table([0, 1], ["AS", "AD", "KH", "KC"])
    table.bet({0: 100}, behind={1: (0, 40)})
    assert {"type": "insurance", "box": 0, "amount": 20} in ENGINE.legal_actions(table.state, 1)
    table.act(0, type="even_money", box=0)
    table.act(1, type="insurance", box=0, amount=20)
    assert ENGINE.legal_actions(table.state, 1) == [
        {"type": "even_money", "box": 0},
        {"type": "done"},
    ]
    table.act(1, type="done")  # he declines even money on his own stake
    assert table.over
    # even money 1:1; the staker behind's Pontoon loses to the dealer's (N4), insurance 2:1
    assert table.nets() == {"0": 100, "1": 0} and table.conserved() == -100


# --- bad input: another's box, out of turn --------------------------------------------------------


def test_a_move_on_anothers_box_or_out_of_turn_is_refused():
    table = Table([0, 1], ["TS", "9S", "7D", "6C", "7C", "TH"])  # 16 and 16 against 7
    table.bet({0: 10, 1: 10})
    table.refused(1, "another player's: its owner decides", type="twist", box=0, hand=0)
    table.refused(1, "not your turn", type="twist", box=1, hand=0)
    table.refused(0, "Play the hand in turn first", type="twist", box=0, hand=1)


# --- leaving, the house, the view ---------------------------------------------------------------


def test_leaving_with_a_stake_working_his_clock_twists_below_15():
    table = Table([0], ["9S", "TD", "4D", "3C", "8C"])
    table.bet({0: 10})
    assert ENGINE.holds_bets(table.state, 0) and ENGINE.apply_leave(table.state, 0) is None
    table.state, _events = ENGINE.apply_timeout(table.state, 0, Draws.replaying([]))
    assert cards(table) == ["9S", "4D", "3C"]


def test_the_houses_exposure_a_pontoons_2_to_1_before_the_deal_3_to_2_while_cards_may_come():
    config = ENGINE.check_config({**CONFIG, "max_exposure": 10_000})
    state = ENGINE.new_hand(config, [0], ScriptedRng(shoe_order(["9S", "TD", "4D", "3C", "8C"])))
    state, _ = ENGINE.apply(state, 0, {"type": "bet", "amount": 100}, Draws.replaying([]))
    assert ENGINE.exposure(state) == 150, "dealt, no Pontoon: five cards may still pay 3:2"
    table = Table([0], ["9S", "TD", "4D"], config=config)
    assert ENGINE.exposure(table.state) == 0
    assert ENGINE.pay_tables(table.state)["main"] == 2


def test_cg_48_a_box_is_paid_at_most_max_payout():
    config = ENGINE.check_config({**CONFIG, "max_payout": 15})
    table = Table([0], ["AS", "9D", "KH", "7C"], config=config)
    table.bet({0: 10})
    assert table.nets() == {"0": 15}, "2:1 would be 20"
    assert table.conserved() == -15


def test_the_view_tells_the_buys_and_the_twist_and_never_an_undealt_card():
    table = Table([0], ["5S", "TD", "4D", "3C", "KH"])
    table.bet({0: 10})
    table.act(0, type="twist", box=0, hand=0)
    (box,) = ENGINE.view(table.state, 0)["boxes"]
    (hand,) = box["hands"]
    assert hand["bought"] == 0 and hand["twisted"] and hand["label"] == "12"
    assert ENGINE.view(table.state, 0)["limits"]["natural_pays"] == "2"
    assert "KH" not in str(ENGINE.view(table.state, None)["boxes"])
