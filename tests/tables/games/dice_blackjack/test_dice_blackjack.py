"""Dice blackjack (DG §6–§10, ../shared/rules/dice-blackjack.md, rulings X1–X8) on scripted
tapes: the worked examples 1–3 with their money, then each rule and ruling."""

import json

import pytest

from tables.engines import dice
from tables.engines.base import HOUSE_BANK, Draws, IllegalAction
from tables.engines.registry import engine_for
from tables.games.dice_blackjack.engine import (
    DiceBlackjack,
    dealer_throws_again,
    outcome,
    tape_throws,
)
from tests.tables.engines.conformance_parts import card_mentions, token_pattern
from tests.tables.engines.scripted import ScriptedDice, ShoeTable

ENGINE = engine_for("dice_blackjack")
CONFIG = {"min_bet": 100, "max_bet": 5_000}
TEN = 1_000  # the examples' bet of 10 (BYN, in kopecks)


class TapeTable(ShoeTable):
    """One round on a scripted tape of throws (``ScriptedDice``)."""

    engine = ENGINE
    config = CONFIG

    def __init__(self, players, throws, config=None):
        config = self.config if config is None else config
        self.state = self.engine.new_hand(config, players, ScriptedDice(*throws))
        self.events = []
        assert self.state["phase"] == "betting"

    def throws(self, seat, *moves):
        for move in moves:
            self.act(seat, type=move)

    def box(self, seat):
        return self.state["boxes"][str(seat)]

    def dealer(self):
        return self.state["dealer"]


def payments_of(events):
    return [(e["source"], e["target"], e["amount"]) for e in events if e["type"] == "payment"]


# --- the worked examples -------------------------------------------------------------------------


def test_dg9_dg10_example_1_normal_round_bust_at_once_push_and_loss():
    """Example 1: P1 5 then 6 = 11; P2 9 stops; P3 8 then 6 = 14, bust, −10 at once; the dealer
    4 (< 7, again) then 7 = 11: P1 pushes (X2), P2 loses."""
    table = TapeTable([1, 2, 3], [5, 6, 9, 8, 6, 4, 7])
    table.bet({1: TEN, 2: TEN, 3: TEN})
    assert table.state["phase"] == "playing"
    table.throws(1, "throw", "throw")
    assert table.box(1)["throws"] == [[4, 1], [5, 1]]
    table.throws(2, "throw", "stop")
    table.throws(3, "throw")
    busting = table.act(3, type="throw")
    # §9: over 12 loses at once: the bet goes to the bank in the throw's own events, before
    # the dealer has thrown
    assert ("pot:b3:s3", HOUSE_BANK, TEN) in payments_of(busting)
    assert [e for e in busting if e["type"] == "bust"][0]["total"] == 14
    first_dealer = next(i for i, e in enumerate(busting) if e["type"] == "dealer_throw")
    assert busting.index(next(e for e in busting if e["type"] == "bust")) < first_dealer
    assert table.over
    assert table.dealer() == {"throws": [[3, 1], [6, 1]], "total": 11, "bust": False}
    assert table.nets() == {"1": 0, "2": -TEN, "3": -TEN}
    outcomes = {n: b["outcome"] for n, b in table.state["result"]["boxes"].items()}
    assert outcomes == {"1": "push", "2": "lost", "3": "bust"}
    assert ("pot:b1:s1", "seat:1", TEN) in table.paid()  # the push returned whole
    assert ("pot:b2:s2", HOUSE_BANK, TEN) in table.paid()
    assert table.conserved() == 2 * TEN


def test_x1_example_2_dealer_busts_every_standing_box_wins():
    """Example 2: P1 stopped on 8; the dealer 5, must throw again, 9: 14, bust: P1 +10 (X1)."""
    table = TapeTable([1], [8, 5, 9])
    table.bet({1: TEN})
    table.throws(1, "throw", "stop")
    assert table.dealer() == {"throws": [[4, 1], [6, 3]], "total": 14, "bust": True}
    assert table.nets() == {"1": TEN}
    assert (HOUSE_BANK, "seat:1", TEN) in table.paid()
    assert ("pot:b1:s1", "seat:1", TEN) in table.paid()
    assert table.conserved() == -TEN


def test_x3_example_3_dealer_stands_on_7():
    """Example 3: P1 3 then 7 = 10; the dealer throws 7 and stands (X3): 10 > 7, P1 +10."""
    table = TapeTable([1], [3, 7, 7])
    table.bet({1: TEN})
    table.throws(1, "throw", "throw")
    assert table.dealer() == {"throws": [[6, 1]], "total": 7, "bust": False}
    assert table.nets() == {"1": TEN}
    assert table.conserved() == -TEN


# --- each rule -----------------------------------------------------------------------------------


def test_dg10_higher_total_wins_one_to_one_and_lower_loses():
    table = TapeTable([1, 2], [12, 6, 4, 9])  # P1 12 stops, P2 6+4 = 10; dealer 9 stands
    table.bet({1: 300, 2: 700})
    table.throws(1, "throw", "stop")
    table.throws(2, "throw", "throw")
    assert table.nets() == {"1": 300, "2": 700}
    table = TapeTable([1], [8, 10])
    table.bet({1: 500})
    table.throws(1, "throw", "stop")
    assert table.nets() == {"1": -500}
    assert outcome(8, 10) == "lost" and outcome(10, 8) == "won"


def test_x2_equal_totals_push():
    table = TapeTable([1], [9, 9])
    table.bet({1: 500})
    table.throws(1, "throw", "stop")
    assert table.nets() == {"1": 0}
    assert table.state["result"]["boxes"]["1"]["outcome"] == "push"
    assert table.conserved() == 0


def test_dg9_over_12_loses_at_once_whatever_the_dealer_throws():
    """A bust loses even when the dealer busts later (X1 pays only boxes standing)."""
    table = TapeTable([1, 2], [10, 5, 8, 6, 9])  # P1 10+5 bust; P2 8 stops; dealer 6, 9: 15
    table.bet({1: 500, 2: 500})
    table.throws(1, "throw")
    events = table.act(1, type="throw")
    assert ("pot:b1:s1", HOUSE_BANK, 500) in payments_of(events)
    assert not table.over and table.state["boxes"]["1"]["outcome"] == "bust"
    table.throws(2, "throw", "stop")
    assert table.dealer()["bust"]
    assert table.nets() == {"1": -500, "2": 500}
    assert table.conserved() == 0


def test_x4_the_first_throw_never_busts_and_a_third_throw_is_refused():
    table = TapeTable([1, 2], [12, 12, 3, 4])  # 12 then 12: 24, bust only after the second
    table.bet({1: 500, 2: 500})
    table.throws(1, "throw")
    assert table.box(1)["outcome"] is None and table.box(1)["throws"] == [[6, 6]]
    table.throws(1, "throw")
    assert table.box(1)["outcome"] == "bust"
    table.refused(1, "at most twice", type="throw")
    table = TapeTable([1, 2], [3, 4, 5])
    table.bet({1: 500, 2: 500})
    table.throws(1, "throw", "throw")  # 7 after two throws: the box's play is over
    assert table.engine.to_act(table.state) == [2]
    table.refused(1, "at most twice", type="throw")
    table.refused(1, "has played", type="stop")


def test_dg9_a_box_throws_before_it_may_stop():
    table = TapeTable([1], [5])
    table.bet({1: 500})
    assert table.engine.legal_actions(table.state, 1) == [{"type": "throw"}]
    table.refused(1, "Throw your two dice first", type="stop")
    table.throws(1, "throw")
    assert table.engine.legal_actions(table.state, 1) == [{"type": "throw"}, {"type": "stop"}]


def test_x5_boxes_play_from_the_dealers_left_whatever_order_the_bets_came_in():
    table = TapeTable([1, 3, 5], [6, 7, 8, 9])
    table.bet({5: 500, 1: 500, 3: 500})
    seen = []
    while not table.over:
        (seat,) = table.engine.to_act(table.state)
        seen.append(seat)
        table.act(seat, type="throw")
        table.act(seat, type="stop")
    assert seen == [1, 3, 5]
    throws = [(e["seat"], e["total"]) for e in table.events if e["type"] == "throw"]
    assert throws == [(1, 6), (3, 7), (5, 8)]


def test_dg9_out_of_turn_is_refused():
    table = TapeTable([1, 2], [5, 6])
    table.bet({1: 500, 2: 500})
    table.refused(2, "Not your turn: box 2", type="throw")
    table.refused(2, "Not your turn", type="stop")


def test_x6_the_dealer_does_not_throw_when_every_box_is_bust():
    table = TapeTable([1, 2], [10, 10, 11, 11])
    table.bet({1: 500, 2: 500})
    table.throws(1, "throw", "throw")
    table.throws(2, "throw", "throw")
    assert table.over and table.dealer() is None
    assert any(e["type"] == "no_dealer_throw" for e in table.events)
    assert not any(e["type"] == "dealer_throw" for e in table.events)
    # the dealer's throws stay on the tape, unthrown
    assert len(ENGINE.undealt(table.state)) == 2 * 2 * 2 + 2 * 2 - 8
    assert table.nets() == {"1": -500, "2": -500}
    assert table.conserved() == 1000


@pytest.mark.parametrize("first,again", [(2, True), (6, True), (7, False), (12, False)])
def test_x3_the_dealer_throws_again_under_7_and_stands_on_7_to_12(first, again):
    assert dealer_throws_again(first) is again
    table = TapeTable([1], [12, first, 2])
    table.bet({1: 500})
    table.throws(1, "throw", "stop")
    assert len(table.dealer()["throws"]) == (2 if again else 1)


def test_x3_the_dealers_second_throw_is_his_last_even_under_7():
    table = TapeTable([1], [5, 2, 2])  # dealer 2, then 2: 4, stands (two throws at most)
    table.bet({1: 500})
    table.throws(1, "throw", "stop")
    assert table.dealer()["total"] == 4 and len(table.dealer()["throws"]) == 2
    assert table.nets() == {"1": 500}


def test_x8_a_player_out_of_time_stops_and_an_unthrown_box_is_thrown_for():
    table = TapeTable([1, 2], [5, 8, 9])
    assert ENGINE.timeout_action(table.state, 1) == {"type": "pass"}
    table.bet({1: 500, 2: 500})
    assert ENGINE.timeout_action(table.state, 1) == {"type": "throw"}
    table.state, events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert events[0] == {"type": "timeout", "seat": 1}
    assert ENGINE.timeout_action(table.state, 1) == {"type": "stop"}
    table.state, events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert any(e["type"] == "stop" and e["total"] == 5 for e in events)
    assert ENGINE.to_act(table.state) == [2]


def test_x8_timeout_in_the_betting_passes_and_a_round_nobody_bet_in_is_empty():
    table = TapeTable([1], [])
    table.state, _events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert table.over and ENGINE.round_without_bets(table.state)


def test_x8_one_box_a_player_unless_configured():
    table = TapeTable([1, 2], [])
    table.act(1, type="bet", amount=500)
    table.refused(1, "already bet", type="bet", amount=500)
    config = {**CONFIG, "boxes_per_player": 2}
    table = TapeTable([1, 2], [4, 5, 6, 7, 8, 9], config)
    table.act(1, type="bet", amount=500)
    assert ENGINE.to_act(table.state) == [1, 2]  # a second box may follow
    table.act(1, type="bet", amount=700)
    table.act(2, type="bet", amount=300)
    table.act(2, type="pass")
    assert sorted(table.state["boxes"]) == ["2", "3", "4"]
    owners = [table.state["boxes"][n]["owner"] for n in ("2", "3", "4")]
    assert owners == [1, 1, 2]
    for seat in (1, 1, 2):
        assert ENGINE.to_act(table.state) == [seat]
        table.act(seat, type="throw")
        table.act(seat, type="stop")
    assert table.over and table.dealer()["total"] == 7
    # boxes of 4 and 5 lose to 7, the box of 6 too: every box's net in its owner's sum
    assert table.nets() == {"1": -1200, "2": -300}
    assert table.conserved() == 1500


def test_dg9_bets_only_before_no_more_bets_and_within_the_limits():
    table = TapeTable([1, 2], [5])
    table.refused(1, "nobody throws yet", type="throw")
    table.refused(1, "from 100 to 5000", type="bet", amount=99)
    table.refused(1, "from 100 to 5000", type="bet", amount=5_001)
    table.refused(1, "whole amount", type="bet", amount="10")
    table.bet({1: 500, 2: 500})
    table.refused(1, "bets are closed", type="bet", amount=500)
    table.refused(2, "bets are closed", type="pass")


def test_max_exposure_refuses_a_bet_the_house_cannot_cover_and_max_payout_caps_a_win():
    config = {**CONFIG, "max_exposure": 1_000, "max_payout": 800}
    table = TapeTable([1, 2], [8, 12, 5, 9], config)
    table.act(1, type="bet", amount=1_000)  # at 1:1 within max_payout: 800 at risk
    table.refused(2, "at most 200 more", type="bet", amount=500)
    assert ENGINE.legal_actions(table.state, 2)[-2] == {"type": "bet", "amount": 200}
    table.act(2, type="bet", amount=200)
    assert ENGINE.exposure(table.state) == 1_000
    table.throws(1, "throw", "stop")
    table.throws(2, "throw", "stop")
    assert table.dealer()["bust"]  # 5 + 9
    assert table.nets() == {"1": 800, "2": 200}  # box 1 won 1,000, paid 800
    assert table.conserved() == -1_000


def test_a_void_returns_every_bet_still_in_play():
    table = TapeTable([1, 2], [10, 5])
    table.bet({1: 500, 2: 700})
    table.throws(1, "throw", "throw")  # bust: settled, not returned
    state, events = ENGINE.apply_void(table.state)
    assert payments_of(events) == [("pot:b2:s2", "seat:2", 700)]
    assert state["over"] and not state["pots"]


def test_leaving_with_a_box_keeps_it_to_its_clock_and_leaving_without_one_sits_out():
    table = TapeTable([1, 2, 3], [5, 9])
    table.bet({1: 500, 2: 500})
    assert ENGINE.holds_bets(table.state, 1)
    assert ENGINE.apply_leave(table.state, 1) is None
    table.state, _events = ENGINE.apply_leave(table.state, 3)  # betting ends without him
    assert table.state["phase"] == "playing"
    table.state, events = ENGINE.apply_absent(table.state, 1, Draws.replaying([]))
    assert [e["type"] for e in events] == ["absent", "throw", "stop"]
    assert ENGINE.to_act(table.state) == [2]


def test_x7_the_tape_is_committed_and_only_thrown_faces_are_shown_as_numbers():
    table = TapeTable([1, 2], [(2, 3), (6, 6), (1, 4)])
    assert tape_throws(2, 1) == 6
    record = ENGINE.commitment(table.state).record
    assert record.split(",")[:6] == ["1d2", "2d3", "3d6", "4d6", "5d1", "6d4"]
    assert len(record.split(",")) == 12
    assert ENGINE.undealt(table.state) == record.split(",")
    table.bet({1: 500, 2: 500})
    table.throws(1, "throw")
    assert ENGINE.undealt(table.state) == record.split(",")[2:]
    pattern = token_pattern(ENGINE)
    for seat in (None, 1, 2):
        view = json.loads(json.dumps(ENGINE.view(table.state, seat)))
        assert not card_mentions(view, pattern=pattern), "no token in a view"
        assert view["boxes"][0]["throws"] == [[2, 3]] and view["boxes"][0]["total"] == 5
    assert dice.tape_record(table.state["tape"]) == record


def test_the_view_says_whose_turn_it_is_and_what_a_seat_may_do():
    table = TapeTable([1, 2], [5])
    view = ENGINE.view(table.state, 1)
    assert view["bet_range"] == [100, 5_000]
    assert view["seats"]["1"]["betting"]
    table.bet({1: 500, 2: 500})
    view = ENGINE.view(table.state, 2)
    assert view["throwing_box"] == 1 and view["legal"] == [] and view["bet_range"] is None
    assert ENGINE.view(table.state, 1)["legal"] == [{"type": "throw"}]
    assert ENGINE.turn_key(table.state, 1) != ENGINE.turn_key(
        ENGINE.apply(table.state, 1, {"type": "throw"})[0], 1
    )


def test_the_config_is_checked():
    with pytest.raises(IllegalAction, match="Dark boxes"):
        DiceBlackjack().check_config({**CONFIG, "dark_boxes_per_player": 1})
    with pytest.raises(IllegalAction, match="side bets"):
        DiceBlackjack().check_config({**CONFIG, "side_bets": {"bonus": [100, 200]}})
    with pytest.raises(IllegalAction, match="minimum bet"):
        DiceBlackjack().check_config({"max_bet": 100})
