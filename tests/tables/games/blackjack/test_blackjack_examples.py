"""Blackjack by scripted shoes (CG §90-§105, ../shared/rules/blackjack.md): the four worked
examples of section 4 with their money exactly, then one test per rule or ruling. Section 5
("Decisions") overrides the proposals: a surrendered hand loses its whole stake to a dealer
blackjack.

The deal (``tables.families.twentyone.engine``): a card to each box from box 0 on, the dealer's up
card, a second card to each box; no hole card (B1), the dealer's second card comes after
every box has played, then his draws. A split gives each of the two hands its second card at
once (hand 0 first), a double its one card. Every test also checks that money is conserved:
what left the seats equals what reached them plus the house bank's net."""

import copy

from tables.engines.base import HOUSE_BANK, payments
from tables.games.blackjack.engine import ENGINE
from tests.tables.engines.scripted import ShoeTable

CONFIG = ENGINE.check_config({"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False})


class Table(ShoeTable):
    """One hand of Blackjack on a scripted shoe; every event of the hand is kept."""

    engine = ENGINE
    config = CONFIG


# --- the worked examples (section 4) -----------------------------------------------------------


def test_example_1_cg_103_b8_natural_against_a_ten_one_card_dealer_pays_3_to_2():
    table = Table([0], ["AS", "TD", "KH", "7C", "5C"])  # box 0: A K; dealer 10, then 7
    table.bet({0: 100})
    assert table.over, "a natural has no decision to make"
    assert table.dealer() == ["TD", "7C"], "only a natural on the table: one card for him"
    assert table.nets() == {"0": 150}
    assert (HOUSE_BANK, "seat:0", 150) in table.paid()
    assert table.conserved() == -150


def test_example_2_cg_103_even_money_declined_then_insurance_elsewhere():
    # box 0: A Q (seat 0), box 1: 10 9 (seat 1); the dealer's ace, then his king
    table = Table([0, 1], ["AC", "TS", "AD", "QS", "9D", "KH"])
    table.bet({0: 100, 1: 100})
    assert table.state["phase"] == "insurance"
    assert {"type": "even_money", "box": 0} in ENGINE.legal_actions(table.state, 0)
    table.act(0, type="done")  # declines even money
    table.act(1, type="insurance", box=1, amount=50)
    table.act(1, type="stand", box=1, hand=0)
    assert table.over
    assert table.dealer() == ["AD", "KH"]
    assert table.nets() == {"0": 0, "1": 0}
    hands = table.state["result"]["boxes"]
    assert hands["0"]["hands"][0]["outcome"] == "push"
    assert hands["1"]["hands"][0]["nets"] == {"1": -100}, "the hand loses 100"
    assert (HOUSE_BANK, "seat:1", 100) in table.paid(), "insurance paid 2:1"
    assert table.conserved() == 0


def test_example_2_cg_103_even_money_accepted_would_have_given_100():
    table = Table([0, 1], ["AC", "TS", "AD", "QS", "9D", "KH"])
    table.bet({0: 100, 1: 100})
    table.act(0, type="even_money", box=0)
    table.act(1, type="insurance", box=1, amount=50)
    table.act(1, type="stand", box=1, hand=0)
    assert table.nets() == {"0": 100, "1": 0}
    assert table.conserved() == -100


def test_example_3_cg_96_98_split_and_double_net_minus_100():
    # box 0: 8 8; dealer 6; the split's cards 3 (hand 1) and 10 (hand 2); the double's 10;
    # the dealer's 10 and 5
    table = Table([0], ["8S", "6C", "8H", "3D", "TD", "TC", "TH", "5S"])
    table.bet({0: 100})
    table.act(0, type="split", box=0, hand=0)
    box = table.state["boxes"]["0"]
    assert [h["cards"] for h in box["hands"]] == [["8S", "3D"], ["8H", "TD"]]
    table.act(0, type="double", box=0, hand=0)
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["8S", "3D", "TC"]
    table.act(0, type="stand", box=0, hand=1)
    assert table.over
    assert table.dealer() == ["6C", "TH", "5S"]
    hands = table.state["result"]["boxes"]["0"]["hands"]
    assert [h["outcome"] for h in hands] == ["push", "lost"]
    assert [h["nets"] for h in hands] == [{"0": 0}, {"0": -100}]
    assert table.nets() == {"0": -100}
    assert table.conserved() == 100


def test_example_4_cg_98_b9_two_players_on_one_box_owner_doubles_other_declines():
    # Ivan (seat 0) owns box 0 with 100, Olga (seat 1) 50 behind; 6 5 against 9; one card 9
    table = Table([0, 1], ["6C", "9S", "5D", "9H", "TS"])
    table.bet({0: 100}, behind={1: (0, 50)})
    assert table.state["phase"] == "early" and ENGINE.to_act(table.state) == [1]
    assert {"type": "surrender", "box": 0} in ENGINE.legal_actions(table.state, 1)
    table.act(1, type="done")  # Olga may surrender her own stake (B9): she does not
    table.act(0, type="double", box=0, hand=0)
    assert ENGINE.to_act(table.state) == [1], "Olga decides on the double"
    table.act(1, type="decline", box=0)
    assert table.over
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["6C", "5D", "9H"], "one card"
    assert table.dealer() == ["9S", "TS"]
    assert table.nets() == {"0": 200, "1": 50}
    assert table.conserved() == -250


# --- the dealer and the pay ----------------------------------------------------------------------


def test_cg_95_b3_dealer_stands_on_soft_17():
    table = Table([0], ["TS", "6D", "8C", "AH", "4C"])  # 18 against 6 + A, a soft 17
    table.bet({0: 100})
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["6D", "AH"], "he stands on soft 17: the 4 is not drawn"
    assert table.nets() == {"0": 100}
    assert table.conserved() == -100


def test_cg_95_dealer_draws_on_16():
    table = Table([0], ["TS", "9D", "8C", "7H", "5C", "TC"])  # 18 against 9 7 = 16, then 5
    table.bet({0: 100})
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["9D", "7H", "5C"]
    assert table.nets() == {"0": -100}
    assert table.conserved() == 100


def test_cg_99_a_win_is_paid_1_to_1():
    table = Table([0], ["TS", "7D", "9C", "TH"])  # 19 against 17
    table.bet({0: 100})
    table.act(0, type="stand", box=0, hand=0)
    assert table.nets() == {"0": 100}
    assert (HOUSE_BANK, "seat:0", 100) in table.paid()
    assert ("pot:b0:s0", "seat:0", 100) in table.paid(), "the stake comes back"
    assert table.conserved() == -100


def test_cg_100_equal_points_push_the_stake_stays():
    table = Table([0], ["TS", "8D", "8C", "TH"])  # 18 against 18
    table.bet({0: 100})
    table.act(0, type="stand", box=0, hand=0)
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "push"
    assert table.nets() == {"0": 0}
    assert not any(HOUSE_BANK in (s, t) for s, t, _a in table.paid()), "nothing paid either way"
    assert table.conserved() == 0


# --- insurance and even money (§103) --------------------------------------------------------------


def test_cg_103_even_money_is_paid_1_to_1_at_once():
    # seat 0: A K against the ace; seat 1: 10 7 so that the hand goes on after the even money
    table = Table([0, 1], ["AC", "TS", "AD", "KS", "7D", "6H", "TC"])
    table.bet({0: 100, 1: 100})
    events = table.act(0, type="even_money", box=0)
    flows = [(p.source, p.target, p.amount) for p in payments(events)]
    assert (HOUSE_BANK, "seat:0", 100) in flows and ("pot:b0:s0", "seat:0", 100) in flows
    assert not table.over, "paid at once, before the dealer's second card"
    table.act(1, type="done")
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["AD", "6H"], "a soft 17: he stands"
    assert table.nets() == {"0": 100, "1": 0}
    assert table.conserved() == -100


def test_cg_103_insurance_over_half_the_box_is_refused_and_changes_nothing():
    table = Table([0], ["TS", "AD", "9C", "7H", "TC"])  # 19 against the ace; then A 7 = soft 18
    table.bet({0: 100})
    assert table.state["phase"] == "insurance"
    table.refused(0, "at most half your stake", type="insurance", box=0, amount=51)
    table.act(0, type="insurance", box=0, amount=50)
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["AD", "7H"]
    assert table.nets() == {"0": 50}, "the hand wins 100, the insurance loses 50"
    assert table.conserved() == -50


# --- surrender (§102 and the decision on B6) ---------------------------------------------------


def test_cg_102_surrender_gives_back_half_the_stake():
    table = Table([0], ["TS", "9D", "6C", "8H"])  # 16 against 9: no natural possible
    table.bet({0: 100})
    events = table.act(0, type="surrender", box=0, hand=0)
    assert (HOUSE_BANK, "seat:0", 50) not in table.paid()
    flows = [(p.source, p.target, p.amount) for p in payments(events)]
    assert ("pot:b0:s0", "seat:0", 50) in flows and ("pot:b0:s0", HOUSE_BANK, 50) in flows
    assert table.nets() == {"0": -50}
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "surrendered"
    assert table.conserved() == 50


def test_decision_b6_a_surrendered_hand_loses_its_whole_stake_to_a_dealer_natural():
    table = Table([0], ["TS", "KD", "6C", "AH"])  # 16 against a king; his second card an ace
    table.bet({0: 100})
    table.act(0, type="surrender", box=0, hand=0)
    assert table.over
    assert table.dealer() == ["KD", "AH"]
    assert table.nets() == {"0": -100}, "rules section 5: the whole stake, not half"
    assert ("pot:b0:s0", HOUSE_BANK, 100) in table.paid()
    assert table.conserved() == 100


def test_decision_b6_surrender_against_an_ace_then_his_natural_loses_the_whole_stake():
    """§102: surrender against any up card, an ace too (after the insurance offer)."""
    table = Table([0], ["TS", "AD", "6C", "KH"])  # 16 against the ace; his second card a king
    table.bet({0: 100})
    assert table.state["phase"] == "insurance"
    table.act(0, type="done")
    table.act(0, type="surrender", box=0, hand=0)
    assert table.dealer() == ["AD", "KH"]
    assert table.nets() == {"0": -100}
    assert table.conserved() == 100


def test_decision_b6_surrender_against_a_ten_without_his_natural_gives_back_half():
    table = Table([0], ["TS", "KD", "6C", "7H"])
    table.bet({0: 100})
    table.act(0, type="surrender", box=0, hand=0)
    assert table.dealer() == ["KD", "7H"]
    assert table.nets() == {"0": -50}
    assert table.conserved() == 50


def test_b9_the_owner_surrenders_every_stake_on_the_box_is_surrendered():
    # Ivan (seat 0) 100, Olga (seat 1) 50 behind; 10 6 against 9
    table = Table([0, 1], ["TS", "9D", "6C", "8H"])
    table.bet({0: 100}, behind={1: (0, 50)})
    table.act(1, type="done")  # Olga keeps her stake on: the owner decides for the box
    table.act(0, type="surrender", box=0, hand=0)
    assert table.over
    assert table.nets() == {"0": -50, "1": -25}
    assert table.conserved() == 75


# --- doubles (§98) --------------------------------------------------------------------------------


def test_cg_98_a_double_on_three_cards_is_refused():
    table = Table([0], ["5S", "7D", "4C", "2H", "TC", "TD"])  # 5 4, hit 2 = 11 against 7
    table.bet({0: 100})
    table.act(0, type="hit", box=0, hand=0)
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["5S", "4C", "2H"]
    assert {"type": "double", "box": 0, "hand": 0} not in ENGINE.legal_actions(table.state, 0)
    table.refused(0, "first two cards only", type="double", box=0, hand=0)
    table.act(0, type="hit", box=0, hand=0)  # 21
    assert table.over and table.dealer() == ["7D", "TD"]
    assert table.nets() == {"0": 100}
    assert table.conserved() == -100


def test_cg_98_a_double_on_a_natural_is_refused():
    # seat 0: A K, seat 1: 10 6; the dealer's 9 cannot make a natural: the 3:2 is paid at once
    table = Table([0, 1], ["AS", "TS", "9D", "KH", "6C", "8C"])
    table.bet({0: 100, 1: 100})
    assert ENGINE.to_act(table.state) == [1], "the natural stands by itself"
    assert ENGINE.play_refusal(table.state, 0, 0, "double") is not None
    table.refused(0, "finished", type="double", box=0, hand=0)
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["9D", "8C"]
    assert table.nets() == {"0": 150, "1": -100}
    assert table.conserved() == -50


def test_cg_98_no_card_and_no_double_on_a_natural_while_the_dealer_may_still_have_one():
    """A natural stands by itself (it is never in turn); the rule behind it, asked of the
    same hand as if it were still open, refuses a double and a card (§98)."""
    table = Table([0, 1], ["AS", "TS", "KD", "KH", "6C", "7C"])  # dealer K: the natural waits
    table.bet({0: 100, 1: 100})
    assert ENGINE.legal_actions(table.state, 0) == []
    table.refused(0, "This hand is finished", type="double", box=0, hand=0)
    table.refused(0, "This hand is finished", type="hit", box=0, hand=0)
    opened = copy.deepcopy(table.state)
    opened["boxes"]["0"]["hands"][0]["done"] = False
    for kind in ("double", "hit"):
        assert str(ENGINE.play_refusal(opened, 0, 0, kind)) == (
            "No card and no double on a natural or on 21."
        )
    assert ENGINE.hand_options(opened, 0, 0) == ["stand"]
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["KD", "7C"]
    assert table.nets() == {"0": 150, "1": -100}
    assert table.conserved() == -50


# --- splits (§96, §97) ----------------------------------------------------------------------------


def test_cg_96_b4_a_split_of_unequal_ranks_is_refused():
    table = Table([0], ["KS", "7D", "QC", "TH"])  # K Q: both ten-valued, not the same rank
    table.bet({0: 100})
    table.refused(0, "same rank", type="split", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    assert table.nets() == {"0": 100}
    assert table.conserved() == -100


def test_cg_96_a_fourth_split_is_refused():
    # 8 8 against 7; each split's first hand gets another 8, its second hand a 2, 3, 4
    top = ["8S", "7D", "8H", "8D", "2C", "8C", "3C", "8S", "4C", "TH"]
    table = Table([0], top)
    table.bet({0: 100})
    for _split in range(3):
        table.act(0, type="split", box=0, hand=0)
    hands = table.state["boxes"]["0"]["hands"]
    assert [h["cards"] for h in hands] == [
        ["8S", "8S"],
        ["8C", "4C"],
        ["8D", "3C"],
        ["8H", "2C"],
    ]
    table.refused(0, "at most 3 times", type="split", box=0, hand=0)
    for index in range(4):
        table.act(0, type="stand", box=0, hand=index)
    assert table.dealer() == ["7D", "TH"]
    assert table.nets() == {"0": -400}
    assert table.conserved() == 400


def test_cg_97_split_aces_take_one_card_each_and_are_not_split_again():
    # seat 0: A A; seat 1: 10 6; the dealer's 7; the split's cards A and K; his 10
    table = Table([0, 1], ["AS", "TS", "7D", "AH", "6C", "AD", "KC", "TH"])
    table.bet({0: 100, 1: 100})
    table.act(0, type="split", box=0, hand=0)
    hands = table.state["boxes"]["0"]["hands"]
    assert [h["cards"] for h in hands] == [["AS", "AD"], ["AH", "KC"]]
    assert ENGINE.to_act(table.state) == [1], "one card each: the aces stand"
    table.refused(0, "Aces are split once", type="split", box=0, hand=0)
    table.refused(0, "Aces are split once", type="hit", box=0, hand=0)
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["7D", "TH"]
    result = table.state["result"]["boxes"]["0"]["hands"]
    assert [h["nets"] for h in result] == [{"0": -100}, {"0": 100}], "A K split is 21, 1:1"
    assert table.nets() == {"0": 0, "1": -100}
    assert table.conserved() == 100


def test_b2_doubles_and_splits_lose_everything_to_a_dealer_natural():
    # 8 8 against a 10; split: 3 and 10; double the 11: 10; his second card an ace
    table = Table([0], ["8S", "TC", "8H", "3D", "TD", "TH", "AS"])
    table.bet({0: 100})
    table.act(0, type="split", box=0, hand=0)
    table.act(0, type="double", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=1)
    assert table.dealer() == ["TC", "AS"]
    hands = table.state["result"]["boxes"]["0"]["hands"]
    assert [h["nets"] for h in hands] == [{"0": -200}, {"0": -100}], "21 and 18 lose all"
    assert table.nets() == {"0": -300}
    assert table.conserved() == 300


# --- turns ----------------------------------------------------------------------------------------


def test_a_move_out_of_turn_is_refused():
    table = Table([0, 1], ["TS", "9S", "7D", "6C", "7C", "TH"])  # 16 and 16 against 7
    table.bet({0: 100, 1: 100})
    assert ENGINE.to_act(table.state) == [0]
    table.refused(1, "not your turn", type="stand", box=1, hand=0)
    table.refused(1, "another player's", type="hit", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["7D", "TH"]
    assert table.nets() == {"0": -100, "1": -100}
    assert table.conserved() == 200


def test_a_double_click_the_same_action_twice_is_refused_the_second_time_with_nothing_booked():
    # seat 0: 5 6 = 11 doubles and gets 9; seat 1: 10 7 against 7
    table = Table([0, 1], ["5S", "TS", "7D", "6C", "7C", "9H", "TH"])
    table.bet({0: 100, 1: 100})
    table.act(0, type="double", box=0, hand=0)
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["5S", "6C", "9H"]
    booked = len(table.paid())
    table.refused(0, "This hand is finished", type="double", box=0, hand=0)
    assert len(table.paid()) == booked
    table.act(1, type="stand", box=1, hand=0)
    assert table.dealer() == ["7D", "TH"]
    assert table.nets() == {"0": 200, "1": 0}
    assert table.conserved() == -200


def test_b9_a_staker_behind_surrenders_his_own_stake_while_the_owner_plays_on():
    # Ivan (seat 0) 100, Olga (seat 1) 50 behind; 10 6 against 9; Ivan hits a 4 = 20; 9 8
    table = Table([0, 1], ["TS", "9D", "6C", "4H", "8H"])
    table.bet({0: 100}, behind={1: (0, 50)})
    table.act(1, type="surrender", box=0)
    assert ENGINE.to_act(table.state) == [0]
    table.act(0, type="hit", box=0, hand=0)
    table.act(0, type="stand", box=0, hand=0)
    assert table.over
    assert table.dealer() == ["9D", "8H"]
    assert table.nets() == {"0": 100, "1": -25}
    assert table.conserved() == -75


def test_b9_each_staker_insures_his_own_stake_up_to_half_of_it():
    # Ivan (seat 0) 100, Olga (seat 1) 60 behind; 10 9 against the ace; his second card a king
    table = Table([0, 1], ["TS", "AD", "9C", "KH"])
    table.bet({0: 100}, behind={1: (0, 60)})
    assert table.state["phase"] == "insurance"
    table.refused(1, "at most half your stake", type="insurance", box=0, amount=31)
    table.act(1, type="insurance", box=0, amount=30)
    table.act(0, type="insurance", box=0, amount=50)
    table.act(1, type="done")  # her surrender is asked with the insurance: she keeps her stake
    assert table.state["phase"] == "playing"
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["AD", "KH"]
    assert table.nets() == {"0": 0, "1": 0}, "2:1 on half the stake makes up for the hand"
    assert table.conserved() == 0
