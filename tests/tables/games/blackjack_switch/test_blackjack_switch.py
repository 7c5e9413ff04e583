"""Blackjack Switch by scripted shoes (CG §69-§89, ../shared/rules/blackjack-switch.md): the four
worked examples of section 4 with their money exactly, then one test per rule or ruling.
Section 5 overrides the proposals: a double on any two cards, 21 included.

The deal (``tables.families.twentyone.engine``): a card to each box from box 0 on (seat 0 plays
boxes 0 and 1, seat 1 boxes 2 and 3), the dealer's up card, a second card to each box, then his hole
card face down (S2). The examples' bets: 10 on each box, a Super Match of 5 (here in kopecks times a
hundred: 1,000 and 500, the table minimum 500)."""

import pytest

from tables.engines.base import IllegalAction
from tables.games.blackjack_switch.engine import ENGINE, SUPER_MATCH, super_match
from tests.tables.engines.scripted import ShoeTable

CONFIG = ENGINE.check_config({"min_bet": 500, "max_bet": 5_000, "player_cut": False})
NO_HOLE = ENGINE.check_config(
    {"min_bet": 500, "max_bet": 5_000, "player_cut": False, "hole_card": False}
)


class Table(ShoeTable):
    """One hand of Blackjack Switch on a scripted shoe."""

    engine = ENGINE
    config = CONFIG

    def bet(self, bets: dict, matches: dict = ()):
        """``bets`` {seat: amount on each of its two boxes}; ``matches`` {seat: Super Match}."""
        for seat, amount in bets.items():
            self.act(seat, type="bet", amount=amount)
            if seat in dict(matches):
                first = min(int(n) for n, b in self.state["boxes"].items() if b["owner"] == seat)
                self.act(seat, type="side", box=first, kind=SUPER_MATCH, amount=matches[seat])
            self.act(seat, type="pass")

    def legal(self, seat):
        return self.engine.legal_actions(self.state, seat)

    def hand(self, box, index=0):
        return self.state["boxes"][str(box)]["hands"][index]


def example_table(top, matches=True):
    table = Table([0], top)
    table.bet({0: 1_000}, {0: 500} if matches else {})
    return table


# --- the worked examples (section 4) -----------------------------------------------------------


EXAMPLE_1_2 = ["KS", "6C", "9C", "5D", "QH", "7D", "9S"]  # box 0 K 5, box 1 6 Q, dealer 9 (7)


def play_examples_1_2(dealer_draw):
    table = example_table([*EXAMPLE_1_2, dealer_draw])
    assert table.state["phase"] == "early"
    assert {"type": "switch", "box": 0} in table.legal(0)
    table.act(0, type="switch", box=0)
    assert table.hand(0)["cards"] == ["KS", "QH"] and table.hand(1)["cards"] == ["6C", "5D"]
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="double", box=1, hand=0)
    assert table.hand(1)["cards"] == ["6C", "5D", "9S"]
    assert table.over
    return table


def test_example_1_cg_70_77_84_switch_double_and_a_dealer_22_stands_off():
    table = play_examples_1_2("6H")
    assert table.dealer() == ["9C", "7D", "6H"]
    result = table.state["result"]
    assert [h["outcome"] for b in result["boxes"].values() for h in b["hands"]] == ["push"] * 2
    assert table.nets() == {"0": -500}, "only the Super Match (K, 5, 6, Q: nothing) is lost"
    assert table.conserved() == 500


def test_example_2_cg_70_77_the_same_hands_against_19():
    table = play_examples_1_2("3H")
    assert table.dealer() == ["9C", "7D", "3H"]
    boxes = table.state["result"]["boxes"]
    assert boxes["0"]["nets"] == {"0": 1_000 - 500}, "box 1 wins 10, the Super Match lost 5"
    assert boxes["1"]["nets"] == {"0": 2_000}, "box 2 doubled wins 20"
    assert table.nets() == {"0": 2_500}
    assert table.conserved() == -2_500


def test_example_3_cg_71_a_switched_ace_ten_is_only_21():
    table = example_table(["AH", "9D", "TS", "7C", "KS", "KD", "4S"])
    assert table.state["dealer"]["peeked"], "a ten up: he checks his hole card (S2)"
    assert table.state["dealer"]["cards"] == ["TS", "KD"] and table.state["dealer"]["down"]
    table.act(0, type="switch", box=0)
    assert table.hand(0)["cards"] == ["AH", "KS"]
    assert not ENGINE.natural(table.hand(0)), "§71: a switch makes it 21, not blackjack"
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="hit", box=1, hand=0)
    table.act(0, type="stand", box=1, hand=0)
    assert table.dealer() == ["TS", "KD"]
    boxes = table.state["result"]["boxes"]
    assert [h["outcome"] for h in boxes["0"]["hands"]] == ["won"]
    assert [h["outcome"] for h in boxes["1"]["hands"]] == ["push"]
    assert table.nets() == {"0": 500}
    assert table.conserved() == -500


def test_example_4_s5_a_natural_paid_before_the_split_and_double_stand_off_at_22():
    table = example_table(["AS", "8H", "6D", "KD", "8C", "TC", "3C", "TH", "TS", "6S"])
    assert table.hand(0)["outcome"] == "natural", "S5: settled 1:1 right after the deal"
    assert not any(a["type"] == "switch" for a in table.legal(0)), "one box is settled (S7)"
    side = table.state["boxes"]["0"]["side"][0]
    assert side["settled"]["net"] == 500, "A, K, 8, 8: a pair pays 1:1 (§86, S11)"
    table.act(0, type="done")  # no surrender of box 2
    table.act(0, type="split", box=1, hand=0)
    assert [h["cards"] for h in table.state["boxes"]["1"]["hands"]] == [["8H", "3C"], ["8C", "TH"]]
    table.act(0, type="double", box=1, hand=0)
    table.act(0, type="stand", box=1, hand=1)
    assert table.dealer() == ["6D", "TC", "6S"]
    hands = table.state["result"]["boxes"]["1"]["hands"]
    assert [h["outcome"] for h in hands] == ["push", "push"], "§84: 22 stands off"
    assert table.nets() == {"0": 1_500}
    assert table.conserved() == -1_500


# --- the bets ----------------------------------------------------------------------------------


def test_cg_73_one_bet_stakes_both_boxes_of_the_place_alike():
    table = Table([0, 1], [])
    table.act(1, type="bet", amount=700)
    assert {n: b["owner"] for n, b in table.state["boxes"].items()} == {"2": 1, "3": 1}
    assert [b["stakes"][0]["amount"] for b in table.state["boxes"].values()] == [700, 700]
    table.refused(1, "staked", type="bet", amount=700)
    table.refused(0, "both your boxes alike", type="bet", box=0, amount=700)


def test_cg_78_each_box_within_the_limits():
    table = Table([0], [])
    table.refused(0, "A box takes from", type="bet", amount=400)
    table.refused(0, "A box takes from", type="bet", amount=5_001)


def test_cg_85_the_super_match_from_the_minimum_to_the_bet_on_one_box_on_the_first_box():
    table = Table([0], [])
    table.act(0, type="bet", amount=1_000)
    side = {"type": "side", "kind": SUPER_MATCH}
    table.refused(0, "at most your bet on one box", **side, box=0, amount=1_100)
    table.refused(0, "from", **side, box=0, amount=400)
    table.refused(0, "first box", **side, box=1, amount=500)
    ranges = ENGINE.view(table.state, 0)["ranges"]
    assert ranges["side"] == {"0": {SUPER_MATCH: [500, 1_000]}}
    table.act(0, **side, box=0, amount=1_000)
    assert table.state["phase"] == "betting", "his done or his clock ends his betting"


@pytest.mark.parametrize(
    ("cards", "line"),
    [
        (["2C", "2D", "5H", "9S"], ("pair", 1)),
        (["2C", "2D", "2H", "9S"], ("three of a kind", 5)),
        (["2C", "2D", "9H", "9S"], ("two pairs", 8)),
        (["7C", "7D", "7H", "7S"], ("four of a kind", 40)),
        (["TC", "JD", "QH", "KS"], None),
    ],
)
def test_cg_86_s11_the_super_match_lines(cards, line):
    found = super_match(cards)
    assert (found and (found[0], int(found[1]))) == (line or None)


def test_cg_86_three_of_a_kind_pays_5_to_1_on_the_first_four_cards_before_a_switch():
    # box 0: 9 9, box 1: 9 4, dealer 5: the match is settled before anyone decides
    table = example_table(["9C", "9D", "5S", "9H", "4C", "TC", "3C"])
    assert table.state["boxes"]["0"]["side"][0]["settled"]["net"] == 2_500
    assert any(e["type"] == "side_result" and e["line"] == "three of a kind" for e in table.events)


# --- the dealer --------------------------------------------------------------------------------


def test_s2_s3_his_natural_found_by_the_check_takes_the_bets_a_natural_pushes_insurance_pays():
    # seat 0: A K and 9 7; seat 1: T 8 and 5 6; dealer A, hole K
    table = Table([0, 1], ["AC", "9S", "TD", "5C", "AH", "KD", "7S", "8D", "6C", "KH"])
    table.bet({0: 1_000, 1: 1_000})
    assert table.state["phase"] == "insurance"
    assert not any(a["type"] == "even_money" for a in table.legal(0)), "§83: no even money"
    table.act(0, type="done")
    table.act(1, type="insurance", box=2, amount=500)
    table.act(1, type="done")
    assert table.over, "the check found his natural: the hand ends"
    assert table.dealer() == ["AH", "KH"]
    nets = {n: b["nets"] for n, b in table.state["result"]["boxes"].items()}
    assert nets == {"0": {"0": 0}, "1": {"0": -1_000}, "2": {"1": 0}, "3": {"1": -1_000}}
    assert table.conserved() == 2_000


def test_cg_81_s10_insurance_from_half_the_minimum_to_half_the_box_a_natural_s_box_too():
    table = Table([0], ["AC", "9S", "AH", "KD", "7S", "5H"])
    table.bet({0: 1_000})
    assert table.state["phase"] == "insurance"
    ranges = ENGINE.view(table.state, 0)["ranges"]["insurance"]
    assert ranges == {"0": [250, 500], "1": [250, 500]}, "the natural's box too"
    table.refused(0, "at least 250", type="insurance", box=1, amount=249)
    table.refused(0, "at most half", type="insurance", box=1, amount=501)


def test_s5_s2_his_check_without_a_natural_loses_insurance_and_pays_a_natural_at_once():
    table = Table([0], ["AC", "9S", "AH", "KD", "7S", "5H", "2C"])
    table.bet({0: 1_000})
    table.act(0, type="insurance", box=0, amount=500)
    table.act(0, type="done")
    assert table.state["dealer"]["peeked"]
    assert table.hand(0)["outcome"] == "natural", "paid 1:1 right after the check"
    assert table.state["boxes"]["0"]["side"][0]["settled"]["net"] == -500
    assert table.state["phase"] == "early"


def test_cg_75_s12_he_draws_on_a_soft_17():
    table = example_table(["TC", "TD", "AS", "8C", "9D", "6H", "4C"], matches=False)
    table.act(0, type="done")  # no insurance; his check finds no natural
    table.act(0, type="done")  # no surrender, no switch
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="stand", box=1, hand=0)
    assert table.dealer() == ["AS", "6H", "4C"], "A 6 is a soft 17: he draws"


def test_s5_his_23_or_more_is_a_bust_every_live_hand_wins():
    table = example_table(["TC", "TD", "6S", "8C", "9D", "7H", "KC"], matches=False)
    table.act(0, type="done")
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="stand", box=1, hand=0)
    assert table.dealer() == ["6S", "7H", "KC"]
    assert table.nets() == {"0": 2_000}
    assert table.conserved() == -2_000


def test_cg_84_a_22_stands_off_but_a_bust_box_has_already_lost():
    table = example_table(["TC", "TD", "6S", "5C", "9D", "6H", "9H", "QC"], matches=False)
    table.act(0, type="done")
    table.act(0, type="hit", box=0, hand=0)  # 15 + 9 = 24: bust
    table.act(0, type="stand", box=1, hand=0)
    assert table.dealer() == ["6S", "6H", "QC"]
    outcomes = [table.hand(n)["outcome"] for n in (0, 1)]
    assert outcomes == ["bust", "push"]
    assert table.nets() == {"0": -1_000}


def test_s2_a_table_without_a_hole_card_deals_his_second_card_after_the_boxes():
    table = Table([0], ["TC", "TD", "9S", "8C", "9D", "9H"], config=NO_HOLE)
    table.bet({0: 1_000})
    assert table.state["dealer"]["cards"] == ["9S"] and not ENGINE.hidden_cards(table.state)
    table.act(0, type="done")
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="stand", box=1, hand=0)
    assert table.dealer() == ["9S", "9H"]
    assert table.nets() == {"0": 1_000}, "18 pushes and 19 wins against his 18"


# --- surrender and the switch ------------------------------------------------------------------


def test_cg_79_80_s7_surrender_per_box_gives_back_half_and_takes_the_switch_away():
    table = example_table(["TC", "TD", "9S", "6C", "9D", "8H"], matches=False)
    table.act(0, type="surrender", box=0)
    assert table.hand(0)["outcome"] == "surrendered"
    assert not any(a["type"] == "switch" for a in table.legal(0)), "no switch after (S7)"
    table.refused(0, "once, before play", type="switch", box=0)
    table.act(0, type="done")
    table.act(0, type="stand", box=1, hand=0)
    assert table.nets() == {"0": -500 + 1_000}


def test_cg_82_no_surrender_after_the_switch_nor_at_a_box_s_turn():
    table = example_table(["TC", "6D", "9S", "6C", "TD", "8H", "2C"], matches=False)
    table.act(0, type="switch", box=0)
    assert table.state["phase"] == "playing", "after the switch nothing is left to decide"
    table.refused(0, "before the switch", type="surrender", box=0, hand=0)


def test_cg_82_no_insurance_after_the_switch_without_a_hole_card():
    table = Table([0], ["TC", "6D", "AS", "6C", "TD", "8H"], config=NO_HOLE)
    table.bet({0: 1_000})
    assert table.state["phase"] == "insurance"
    table.act(0, type="switch", box=0)
    assert not any(a["type"] == "insurance" for a in table.legal(0))


def test_cg_70_the_switch_is_made_once():
    table = example_table(["TC", "6D", "9S", "6C", "TD", "8H", "2C"], matches=False)
    table.act(0, type="switch", box=0)
    table.refused(0, "once, before play", type="switch", box=0)


def test_the_view_gives_both_arrangements_totals_before_the_switch():
    table = example_table(EXAMPLE_1_2 + ["6H"], matches=False)
    switch = ENGINE.view(table.state, 0)["switch"]
    assert switch == {
        "boxes": [0, 1],
        "now": [15, 16],
        "switched": [20, 11],
        "labels": ["20", "11"],
    }
    assert "switch" not in ENGINE.view(table.state, None)


# --- play --------------------------------------------------------------------------------------


def test_decision_s9_a_double_on_21_is_allowed():
    table = example_table(["AH", "9D", "TS", "7C", "KS", "8D", "4S", "2C"], matches=False)
    table.act(0, type="switch", box=0)  # box 0: A K = 21, not a natural
    assert {"type": "double", "box": 0, "hand": 0} in table.legal(0)
    table.act(0, type="double", box=0, hand=0)
    assert table.hand(0)["cards"] == ["AH", "KS", "4S"]


def test_cg_76_s8_a_fourth_split_is_refused_split_aces_take_one_card_each():
    # box 0: 8 8, box 1: A A, dealer 6 (T); the splits' cards: 8 8, 8 2, 3 4, the aces' 5 2
    top = ["8C", "AC", "6S", "8D", "AD", "TH", "8H", "8S", "8C", "2C", "3C", "4C", "5C", "2D"]
    table = example_table(top, matches=False)
    table.act(0, type="done")
    for _split in range(3):
        table.act(0, type="split", box=0, hand=0)
    hands = table.state["boxes"]["0"]["hands"]
    assert [h["cards"] for h in hands] == [["8C", "3C"], ["8C", "4C"], ["8H", "2C"], ["8D", "8S"]]
    for index in range(3):
        table.act(0, type="stand", box=0, hand=index)
    assert table.state["turn"] == [0, 3]
    assert not any(a["type"] == "split" for a in table.legal(0))
    table.refused(0, "at most 3 times", type="split", box=0, hand=3)
    table.act(0, type="stand", box=0, hand=3)
    table.act(0, type="split", box=1, hand=0)
    aces = table.state["boxes"]["1"]["hands"]
    assert [h["cards"] for h in aces] == [["AC", "5C"], ["AD", "2D"]]
    assert all(h["done"] for h in aces), "split aces take one card each (S8)"
    assert table.over


def test_s13_no_decision_in_time_no_switch_and_stand():
    table = example_table(["TC", "6D", "9S", "6C", "TD", "8H", "2C"], matches=False)
    assert ENGINE.timeout_action(table.state, 0) == {"type": "done"}
    table.act(0, **ENGINE.timeout_action(table.state, 0))
    assert ENGINE.timeout_action(table.state, 0) == {"type": "stand", "box": 0, "hand": 0}


def test_a_move_on_another_player_s_box_is_refused():
    table = Table([0, 1], ["TC", "6D", "9C", "5D", "9S", "6C", "TD", "7H", "8H", "2C"])
    table.bet({0: 1_000, 1: 1_000})
    table.act(0, type="done")
    table.act(1, type="done")
    table.refused(1, "another player's", type="stand", box=0, hand=0)


def test_a_box_or_hand_named_by_a_boolean_is_refused_not_taken_for_0_or_1():
    # found by the fuzzer: {"hand": false} once passed for hand 0 (False == 0 in Python)
    table = example_table(["TC", "6D", "9S", "6C", "TD", "8H", "2C"], matches=False)
    table.act(0, type="done")
    table.refused(0, "no such box", type="double", box=0, hand=False)
    table.refused(0, "no such box", type="stand", box=True, hand=0)


def test_cg_85_a_super_match_below_the_table_minimum_is_refused_in_the_settings():
    with pytest.raises(IllegalAction, match="table minimum"):
        ENGINE.check_config(
            {"min_bet": 500, "max_bet": 5_000, "side_bets": {SUPER_MATCH: [100, 500]}}
        )


def test_cg_73_sitting_down_takes_the_minimum_on_both_boxes():
    assert ENGINE.sit_minimum({"min_bet": 500}) == 1_000


# --- issue 47: what is offered is what happens ----------------------------------------------


def test_cg_81_no_insurance_on_a_box_surrendered_without_a_hole_card():
    """§81: insurance is at most half of what plays on the box; asked beside surrender when the
    dealer takes no hole card (S6), it goes from a box once that box is surrendered."""
    table = Table([0], ["TC", "6D", "AS", "6C", "TD", "8H"], config=NO_HOLE)
    table.bet({0: 1_000})
    assert {"type": "insurance", "box": 0, "amount": 500} in table.legal(0)
    table.act(0, type="surrender", box=0)
    offered = [a for a in table.legal(0) if a["type"] == "insurance"]
    assert offered and {a["box"] for a in offered} == {1}
    assert "0" not in ENGINE.view(table.state, 0)["ranges"]["insurance"]
    table.refused(0, "no insurance to take on this box", type="insurance", box=0, amount=250)


def test_cg_73_with_max_exposure_the_most_offered_stakes_both_boxes_and_is_accepted():
    """One bet stakes two boxes (§73): the most a player is offered is what the house's risk
    limit leaves for both boxes together, and it is accepted."""
    config = ENGINE.check_config(
        {"min_bet": 100, "max_bet": 5_000, "player_cut": False, "max_exposure": 6_000}
    )
    table = Table([0], [], config=config)
    low, high = ENGINE.view(table.state, 0)["ranges"]["bet"]
    assert high < 5_000
    assert {"type": "bet", "amount": high} in table.legal(0)
    ENGINE.apply(table.state, 0, {"type": "bet", "amount": high})
    with pytest.raises(IllegalAction, match="house takes"):
        ENGINE.apply(table.state, 0, {"type": "bet", "amount": high + 1})
