"""Craps' bets (DG §5, rulings C1–C13; tables/games/craps/bets.py, betting.py, exposure.py):
every bet kind through its resolutions (``decide``), when each works, its limits, multiples and
commissions, the place groups, bad input refused with a sentence, and what the view offers is
what ``apply`` accepts (issue 47), the house's risk limit included. The table and its scripted
dice are test_craps.py's."""

from fractions import Fraction

import pytest

from tables.engines.base import IllegalAction, pot, seat
from tables.games.craps import bets, betting, exposure
from tables.games.craps.bets import LOSE, MOVE, RETURN, WIN, decide
from tables.games.craps.engine import ENGINE
from tables.games.craps.shooter import BETTING, to_act
from tests.tables.engines.conformance import ConformanceTable
from tests.tables.engines.scripted import net_of
from tests.tables.games.craps.test_craps import CrapsTable, refused

# --- every bet kind through its resolutions (decide) ----------------------------------------------

DECISIONS = [
    # (kind, total, hard, point, working, expected)
    ("pass", 7, False, None, True, (WIN, 1)),
    ("pass", 11, False, None, True, (WIN, 1)),
    ("pass", 2, True, None, True, (LOSE,)),
    ("pass", 3, False, None, True, (LOSE,)),
    ("pass", 12, True, None, True, (LOSE,)),
    ("pass", 6, False, None, True, None),
    ("pass", 6, False, 6, True, (WIN, 1)),
    ("pass", 7, False, 6, True, (LOSE,)),
    ("pass", 11, False, 6, True, None),
    ("dont_pass", 7, False, None, True, (LOSE,)),
    ("dont_pass", 11, False, None, True, (LOSE,)),
    ("dont_pass", 2, True, None, True, (WIN, 1)),
    ("dont_pass", 3, False, None, True, (WIN, 1)),
    ("dont_pass", 12, True, None, True, None),  # barred (C1)
    ("dont_pass", 7, False, 4, True, (WIN, 1)),
    ("dont_pass", 4, True, 4, True, (LOSE,)),
    ("odds_pass", 4, False, 4, True, (WIN, 2)),
    ("odds_pass", 5, False, 5, True, (WIN, Fraction(3, 2))),
    ("odds_pass", 8, False, 8, True, (WIN, Fraction(6, 5))),
    ("odds_pass", 7, False, 8, True, (LOSE,)),
    ("come", 7, False, 6, True, (WIN, 1)),
    ("come", 11, False, 6, True, (WIN, 1)),
    ("come", 3, False, 6, True, (LOSE,)),
    ("come", 9, False, 6, True, (MOVE, 9)),
    ("come_9", 9, False, 6, True, (WIN, 1)),
    ("come_9", 7, False, 6, True, (LOSE,)),
    ("come_9", 7, False, None, True, (LOSE,)),  # a come bet works on the come-out
    ("odds_come_9", 9, False, 6, True, (WIN, Fraction(3, 2))),
    ("odds_come_9", 7, False, None, False, (RETURN,)),  # off on the come-out (C5)
    ("odds_come_9", 7, False, None, True, (LOSE,)),  # turned on
    ("dont_come", 7, False, 6, True, (LOSE,)),
    ("dont_come", 2, True, 6, True, (WIN, 1)),
    ("dont_come", 12, True, 6, True, None),  # the same bar (C2)
    ("dont_come", 10, False, 6, True, (MOVE, 10)),
    ("dont_come_10", 7, False, 6, True, (WIN, 1)),
    ("dont_come_10", 10, True, 6, True, (LOSE,)),
    ("place_4", 4, False, 6, True, (WIN, Fraction(9, 5))),
    ("place_5", 5, False, 6, True, (WIN, Fraction(7, 5))),
    ("place_8", 8, False, 6, True, (WIN, Fraction(7, 6))),
    ("place_8", 7, False, 6, True, (LOSE,)),
    ("place_8", 7, False, None, False, None),  # off on the come-out (§5.6)
    ("buy_4", 4, True, 6, True, (WIN, 2)),
    ("buy_9", 9, False, 6, True, (WIN, Fraction(3, 2))),
    ("buy_6", 6, False, 8, True, (WIN, Fraction(6, 5))),
    ("buy_6", 7, False, 8, True, (LOSE,)),
    ("lay_4", 7, False, None, True, (WIN, Fraction(1, 2))),  # works on the come-out
    ("lay_5", 7, False, 6, True, (WIN, Fraction(2, 3))),
    ("lay_8", 7, False, 6, True, (WIN, Fraction(5, 6))),
    ("lay_8", 8, False, 6, True, (LOSE,)),
    ("field", 2, True, None, True, (WIN, 2)),
    ("field", 3, False, None, True, (WIN, 1)),
    ("field", 9, False, 6, True, (WIN, 1)),
    ("field", 5, False, 6, True, (LOSE,)),
    ("field", 7, False, 6, True, (LOSE,)),
    ("big_6", 6, False, 8, True, (WIN, 1)),
    ("big_8", 7, False, 6, True, (LOSE,)),
    ("hard_8", 8, True, 6, True, (WIN, None)),
    ("hard_8", 8, False, 6, True, (LOSE,)),  # the easy way (§5.11)
    ("hard_8", 7, False, 6, True, (LOSE,)),
    ("hard_8", 8, True, None, False, None),  # off on the come-out (C12)
    ("two", 2, True, 6, True, (WIN, None)),
    ("two", 3, False, 6, True, (LOSE,)),
    ("any_seven", 7, False, 6, True, (WIN, None)),
    ("any_craps", 12, True, None, True, (WIN, None)),
    ("any_craps", 11, False, None, True, (LOSE,)),
    ("eleven", 11, False, None, True, (WIN, None)),
    ("twelve", 12, True, 4, True, (WIN, None)),
    ("three", 3, False, 4, True, (WIN, None)),
]


@pytest.mark.parametrize(("kind", "total", "hard", "point", "working", "expected"), DECISIONS)
def test_dg5_each_bet_is_decided_as_its_paragraph_says(kind, total, hard, point, working, expected):
    assert decide(kind, total, hard, point, 12, working) == expected


def test_c13_propositions_pay_the_table_and_n_for_1_means_n_minus_1_to_1():
    table = CrapsTable(players=[0])
    table.roll((2, 2), bets=[(0, "pass", 10)])  # point 4
    table.start((6, 6))
    for kind in ("twelve", "any_craps", "any_seven", "field"):
        table.bet(0, kind, 10)
    events = table.throw()
    won = {e["bet"]: e["won"] for e in events if e["type"] == "resolved" and e["outcome"] == WIN}
    assert won == {"twelve": 300, "any_craps": 70, "field": 20}  # 30:1, 7:1, 2:1
    table = CrapsTable(players=[0], propositions={"twelve": "29:1"})
    table.roll((6, 6), bets=[(0, "pass", 10), (0, "twelve", 10)])
    assert table.state["results"][-1]["won"] == 290


def test_c12_hardways_big_six_and_place_are_off_on_the_come_out_unless_turned_on():
    table = CrapsTable(players=[0, 1])
    table.roll((4, 4), bets=[(0, "pass", 10)])  # point 8
    table.start((3, 3))
    for kind in ("hard_6", "big_6", "place_6"):
        table.bet(1, kind, 6)
    table.throw()  # 6 the hard way: all three win and stay up
    assert all(table.bet_of(1, k) for k in ("hard_6", "big_6", "place_6"))
    assert table.net(1) == -18 + 54 + 6 + 7
    table.roll((4, 4))  # the point: a new come-out
    table.start((1, 6))
    table.act(1, type="working", bet="hard_6", on=True)
    events = table.throw()  # 7 on the come-out: only the hardway, turned on, loses
    assert [(e["bet"], e["outcome"]) for e in events if e["type"] == "resolved"] == [
        ("hard_6", LOSE),  # losers collected first (§4)
        ("pass", WIN),
    ]
    assert table.bet_of(1, "big_6") and table.bet_of(1, "place_6")


def test_c12_lay_works_on_the_come_out_and_buy_does_not():
    table = CrapsTable(players=[0, 1])
    table.roll((2, 3), bets=[(0, "pass", 10)])  # point 5
    table.roll((2, 3), bets=[(1, "lay_10", 20), (1, "buy_4", 20)])  # point made: come-out next
    table.start((3, 4))
    events = table.throw()  # 7 on the come-out
    outcomes = {e["bet"]: e["outcome"] for e in events if e["type"] == "resolved"}
    assert outcomes == {"pass": WIN, "lay_10": WIN}
    assert table.bet_of(1, "buy_4")  # off: neither won nor lost


def test_dg5_3_a_come_bet_moves_to_its_number_takes_odds_and_wins_with_them():
    table = CrapsTable(players=[0])
    table.roll((1, 3), bets=[(0, "pass", 10)])  # point 4
    events = table.roll((4, 5), bets=[(0, "come", 10)])  # 9: the come bet moves to 9
    assert table.bet_of(0, "come_9")["amount"] == 10 and not table.bet_of(0, "come")
    assert table.state["pots"][pot("s0:come_9")] == 10
    table.start((1, 1))
    refused(table, 0, "at most 10", type="bet", bet="odds_come_9", amount=12)  # C4: 5/9 to even
    table.bet(0, "odds_come_9", 10)
    table.throw()
    events = table.roll((3, 6))  # 9: the come bet +10, its odds +15 (3:2)
    assert table.net(0, events) == 10 + 10 + 10 + 15
    assert not table.bet_of(0, "come_9") and not table.bet_of(0, "odds_come_9")


def test_c5_come_odds_off_on_the_come_out_come_back_when_a_seven_takes_the_come_bet():
    table = CrapsTable(players=[0])
    table.roll((1, 3), bets=[(0, "pass", 10)])  # point 4
    table.roll((2, 4), bets=[(0, "come", 10)])  # 6: come bet to 6
    table.roll((2, 3), bets=[(0, "odds_come_6", 10)])  # 5: nothing
    table.roll((2, 2))  # 4: the point made; a come-out next
    events = table.roll((3, 4))  # 7 on the come-out: the pass wins, the come 6 loses
    flows = [(e["bet"], e["outcome"]) for e in events if e["type"] == "resolved"]
    assert ("come_6", LOSE) in flows and ("odds_come_6", RETURN) in flows
    assert net_of(events)[seat(0)] == 10 + 10  # the pass line's win, and the odds back


def test_c8_buy_and_lay_commissions_come_back_when_taken_down():
    table = CrapsTable(players=[0])
    table.roll((2, 3), bets=[(0, "pass", 10)])
    table.start((1, 1))
    table.bet(0, "buy_4", 40)  # commission 2
    table.bet(0, "lay_9", 30)  # possible win 20: commission 1
    table.throw()
    table.start((1, 1))
    events = table.act(0, type="take_down", bet="buy_4") + table.act(
        0, type="take_down", bet="lay_9"
    )
    assert net_of(events)[seat(0)] == 40 + 2 + 30 + 1


def test_c6_line_bets_once_their_point_is_set():
    table = CrapsTable(players=[0, 1])
    table.roll((1, 3), bets=[(0, "pass", 10), (1, "dont_pass", 10)])  # point 4
    table.start((1, 1))
    refused(table, 0, "stays until its point", type="take_down", bet="pass")
    refused(table, 0, "only on the come-out", type="bet", bet="pass", amount=10)
    refused(table, 1, "not raised", type="bet", bet="dont_pass", amount=5)
    events = table.act(1, type="take_down", bet="dont_pass")  # taken down, never raised
    assert net_of(events)[seat(1)] == 10


def test_c10_place_bets_in_multiples_and_c11_press_and_down():
    table = CrapsTable(players=[0])
    table.roll((2, 3), bets=[(0, "pass", 10)])
    table.start((4, 4))
    refused(table, 0, "multiples of 6", type="bet", bet="place_8", amount=10)
    refused(table, 0, "multiples of 5", type="bet", bet="place_9", amount=12)
    table.bet(0, "place_8", 12)
    table.bet(0, "place_9", 10)
    table.act(0, type="after_win", bet="place_8", choice="down")
    events = table.throw()  # 8: won 14 and taken down with the stake (§5.6)
    assert table.net(0, events) == -22 + 14 + 12
    assert not table.bet_of(0, "place_8") and table.bet_of(0, "place_9")


def test_dg5_6_inside_outside_and_across_are_placed_as_one_act():
    table = CrapsTable(players=[0])
    table.roll((2, 3), bets=[(0, "pass", 10)])
    table.start((1, 1))
    events = table.act(0, type="place_group", group="across", times=2)
    assert net_of(events)[seat(0)] == -(10 + 10 + 12 + 12 + 10 + 10)
    assert {b["kind"] for b in table.state["bets"].values() if b["kind"].startswith("place_")} == {
        f"place_{n}" for n in bets.NUMBERS
    }
    table = CrapsTable(players=[0], limits={"place": [1, 20]})
    table.roll((2, 3), bets=[(0, "pass", 10)])
    table.start((1, 1))
    table.bet(0, "place_6", 12)
    before = dict(table.state["pots"])
    refused(table, 0, "from 1 to 20", type="place_group", group="inside", times=2)
    assert table.state["pots"] == before  # nothing of the group was staked


def test_dg5_bets_outside_their_limits_or_their_time_are_refused_with_a_sentence():
    table = CrapsTable(players=[0, 1], limits={"prop": [1, 5]})
    table.start((1, 1))
    refused(table, 1, "once a point is set", type="bet", bet="come", amount=10)
    refused(table, 1, "from 1 to 5", type="bet", bet="any_seven", amount=6)
    refused(table, 1, "behind your pass line", type="bet", bet="odds_pass", amount=5)
    refused(table, 1, "whole amount", type="bet", bet="field", amount=0)
    refused(table, 1, "whole amount", type="bet", bet="field", amount=True)
    refused(table, 1, "no such bet", type="bet", bet="come_6", amount=5)
    refused(table, 1, "Only the shooter", type="roll", dice=[1, 2])
    refused(table, 1, "Only the shooter", type="refuse")
    table.act(1, type="done")
    refused(table, 1, "not your turn", type="bet", bet="field", amount=5)  # a stale click
    refused(table, 0, "once every player is done", type="roll", dice=[1, 2])
    table.act(0, type="done")
    refused(table, 0, "pass line or don't pass bet", type="roll", dice=[1, 2])
    assert table.state["pots"] == {}


def test_c4_odds_limits_by_point():
    table = CrapsTable(players=[0], min_unit=1)
    for faces, point, allowed in (((2, 2), 4, 7), ((2, 3), 5, 8), ((3, 3), 6, 10)):
        table = CrapsTable(players=[0])
        table.roll(faces, bets=[(0, "pass", 7)])
        assert table.state["point"] == point
        table.start((1, 1))
        refused(table, 0, f"at most {allowed}", type="bet", bet="odds_pass", amount=allowed + 1)
        table.bet(0, "odds_pass", allowed)


# --- issue 47: what is offered is what happens --------------------------------------------------


def test_dg5_6_off_is_offered_and_honoured_on_a_come_out_only():
    """§5.6, C12: a place bet is off on the come-out unless turned on; once the point is on it
    works, so turning it off is neither offered nor accepted (it would still lose on the 7)."""
    table = CrapsTable(players=[0, 1])
    table.start((4, 4))
    table.bet(0, "pass", 10)
    table.bet(1, "place_6", 6)
    assert {"type": "working", "bet": "place_6", "on": True} in ENGINE.legal_actions(table.state, 1)
    table.throw()  # point 8
    table.start((3, 4))
    assert not [a for a in ENGINE.legal_actions(table.state, 1) if a["type"] == "working"]
    refused(table, 1, "only for a come-out roll", type="working", bet="place_6", on=False)
    view = ENGINE.view(table.state, 1)
    assert [b["working"] for b in view["bets"] if b["kind"] == "place_6"] == [True]
    events = table.throw()  # seven-out: the place bet the view calls working loses
    assert ("place_6", LOSE) in [
        (e["bet"], e["outcome"]) for e in events if e["type"] == "resolved"
    ]


def test_dg4_a_new_shooter_mid_point_makes_his_entry_bet_on_the_pass_line_before_he_throws():
    """§4: a player makes a pass or don't pass bet before he becomes the shooter. Given the dice
    mid-point with none, his betting turn offers the pass line on the point set (his entry
    bet); without it he may only pass the dice. Nobody else may make a pass bet then (§5.1)."""
    table = CrapsTable(players=[0, 1, 2])
    table.start((2, 2))
    table.bet(0, "pass", 10)
    table.throw()  # point 4, shooter 0
    table.start((2, 2))
    for position in (0, 1, 2):
        table.act(position, type="done")
    table.act(0, type="refuse")  # the dice to seat 1, who has no line bet
    assert table.state["shooter"] == 1 and ENGINE.to_act(table.state) == [1]
    assert {"type": "bet", "bet": "pass", "amount": 1} in ENGINE.legal_actions(table.state, 1)
    assert not [a for a in ENGINE.legal_actions(table.state, 2) if a.get("bet") == "pass"]
    table.act(1, type="done")
    assert ENGINE.legal_actions(table.state, 1) == [{"type": "refuse"}]
    refused(table, 1, "makes his pass line bet before he throws", type="roll", dice=[1, 2])
    table.act(1, type="refuse")  # seat 2 makes his entry bet and throws the point
    assert table.state["shooter"] == 2
    table.bet(2, "pass", 10)
    table.act(2, type="done")
    events = table.act(2, type="roll", dice=[1, 2])
    won = [(e["seat"], e["bet"]) for e in events if e.get("outcome") == WIN]
    assert won == [(0, "pass"), (2, "pass")]


def test_dg4_the_shooter_keeps_his_only_line_bet_while_he_holds_the_dice():
    table = CrapsTable(players=[0, 1])
    table.start((2, 2))
    table.bet(0, "dont_pass", 10)
    table.bet(1, "dont_pass", 10)
    table.throw()  # point 4
    table.start((3, 3))
    assert {"type": "take_down", "bet": "dont_pass"} not in ENGINE.legal_actions(table.state, 0)
    refused(table, 0, "stays while he holds the dice", type="take_down", bet="dont_pass")
    table.act(1, type="take_down", bet="dont_pass")  # C6: another player's may come down


def test_dg4_after_every_player_refuses_the_dice_go_on_to_the_left_not_to_the_lowest_seat():
    table = CrapsTable(players=[0, 2, 5])
    table.roll((2, 2), bets=[(0, "pass", 10)])
    table.roll((3, 4))  # seven-out: the dice to seat 2
    table.start((3, 4))
    for position in (2, 5, 0):
        assert table.state["shooter"] == position
        table.act(position, type="refuse")
        for waiting in list(ENGINE.to_act(table.state)):
            if table.state["phase"] == BETTING and waiting != table.state["shooter"]:
                table.act(waiting, type="done")
        if table.state["phase"] == BETTING and table.state["shooter"] is not None:
            table.act(table.state["shooter"], type="done")
    assert table.state["result"] == {"no_shooter": True}
    table.carry = ENGINE.carry_over(table.state)
    table.start((3, 4))
    assert table.state["shooter"] == 2  # the left of seat 0, who had them last


def test_max_exposure_the_ranges_a_view_offers_are_accepted_to_their_last_amount():
    table = CrapsTable(players=[0, 1], max_exposure=400)
    table.roll((2, 2), bets=[(0, "pass", 10)])  # point 4
    table.start((3, 3))
    table.bet(1, "hard_4", 20)  # pays 7:1: 140 of the 400 at risk
    bounds = ENGINE.view(table.state, 1)["bounds"]
    assert bounds["place_4"][1] < 1_000  # the risk limit, not max_bet, ends the range
    for kind, (low, high) in bounds.items():
        for amount in (low, high):
            ENGINE.apply(table.state, 1, {"type": "bet", "bet": kind, "amount": amount})
        step = betting._step(table.state, kind)
        if high + step <= betting.amount_bounds(table.state, 1, kind)[1]:
            with pytest.raises(IllegalAction, match="risk limit"):
                ENGINE.apply(table.state, 1, {"type": "bet", "bet": kind, "amount": high + step})


def test_max_exposure_the_most_a_range_offers_solved_per_outcome_is_the_halvings():
    """``offered_bounds`` solves the largest amount within ``max_exposure`` outcome by outcome;
    over random layouts it is what halving the range finds (each amount tried through
    ``_fits``, the same test ``apply`` makes)."""
    config = dict(ENGINE.example_configs[1], max_exposure=20_000)
    table = ConformanceTable(ENGINE, config, 4, seed=3)
    checked = 0
    for _round in range(40):
        state = table.state
        if state and not state["over"] and state["phase"] == BETTING:
            paid = exposure._paid_now(state)
            for position in to_act(state):
                for kind in bets.PLACEABLE:
                    bounds = betting._placeable(state, position, kind) is None and (
                        betting.amount_bounds(state, position, kind)
                    )
                    if not bounds:
                        continue
                    least, most = bounds
                    step = betting._step(state, kind)

                    def fits(amount, position=position, kind=kind, state=state, paid=paid):
                        return exposure._fits(state, paid, [(position, kind, amount)])

                    if not fits(least) or fits(most):
                        continue
                    low, high = least // step, most // step
                    while high - low > 1:
                        middle = (low + high) // 2
                        low, high = (middle, high) if fits(middle * step) else (low, middle)
                    assert betting.offered_bounds(state, position, kind) == (least, low * step)
                    checked += 1
        table.play(hands=1, max_steps=5, calm=True)
    assert checked
