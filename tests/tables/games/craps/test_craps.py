"""Craps (DG §1–§5, rulings C1–C17, section 5's decisions) on scripted dice: every worked example
of ../shared/rules/craps.md with its money, every bet kind through its resolutions, the
come-out against a point, the shooters, leaving, the commitment and bad input."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.engines import dice
from tables.engines.base import HOUSE_BANK, IllegalAction, SeatInfo, pot, seat
from tables.games.craps import engine as craps
from tables.games.craps.engine import ENGINE, LOSE, MOVE, RETURN, WIN, decide
from tests.tables.engines.conformance import ConformanceTable
from tests.tables.engines.scripted import net_of

CHIPS = {"min_bet": 1, "max_bet": 1_000, "min_unit": 1}  # amounts in whole chips


class ScriptedFaces(random.Random):
    """An RNG whose ``randint`` gives the faces a test lays, in order."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low, high):
        return self.faces.pop(0)


class CrapsTable:
    """A craps table played roll by roll the way the actor plays it: each roll a new hand on the
    carried layout, with its five dice scripted."""

    def __init__(self, players=(0, 1, 2), **config):
        self.config = ENGINE.check_config({**CHIPS, **config})
        self.players = list(players)
        self.state = None
        self.carry = None
        self.events: list = []  # every roll's events
        self.roll_events: list = []

    def start(self, faces=(3, 4)):
        """A new roll whose chosen pair (dice 1 and 2) will show ``faces``."""
        set_faces = [*faces, 6, 6, 6][: dice.SET_SIZE]
        self.state = ENGINE.new_hand(
            self.config, self.players, ScriptedFaces(set_faces), self.carry
        )
        self.roll_events = list(ENGINE.start_events(self.state))
        return self

    def act(self, position, **action):
        self.state, events = ENGINE.apply(self.state, position, action)
        self.roll_events += events
        return events

    def bet(self, position, kind, amount):
        return self.act(position, type="bet", bet=kind, amount=amount)

    def throw(self):
        """Everyone else done; the shooter throws dice 1 and 2 (picked if he is new)."""
        for position in list(ENGINE.to_act(self.state)):
            if self.state["phase"] == craps.BETTING:
                self.act(position, type="done")
        shooter = self.state["shooter"]
        if self.state["chosen"]:
            self.act(shooter, type="roll")
        else:
            self.act(shooter, type="roll", dice=[1, 2])
        assert ENGINE.is_hand_over(self.state)
        self.events += self.roll_events
        self.carry = ENGINE.carry_over(self.state)
        return self.roll_events

    def roll(self, faces, bets=()):
        """One roll: ``bets`` ((seat, kind, amount), ...) placed, then ``faces`` thrown."""
        self.start(faces)
        for position, kind, amount in bets:
            self.bet(position, kind, amount)
        return self.throw()

    def net(self, position, events=None) -> int:
        return net_of(self.events if events is None else events)[seat(position)]

    def bet_of(self, position, kind):
        return self.state["bets"].get(craps.bet_key(position, kind))


def refused(table, position, match, **action):
    with pytest.raises(IllegalAction, match=match):
        table.act(position, **action)


# --- the worked examples (craps.md section 4) ---------------------------------------------------


def test_worked_example_1_pass_line_with_odds_pays_22_and_the_shooter_keeps_the_dice():
    table = CrapsTable(players=[0])
    table.roll((2, 4), bets=[(0, "pass", 10)])  # come-out 6: the point (§4)
    assert table.state["point"] == 6
    table.roll((3, 5), bets=[(0, "odds_pass", 10)])  # 8: no decision
    assert table.bet_of(0, "pass") and table.bet_of(0, "odds_pass")
    events = table.roll((1, 5))  # 6: the point repeats
    assert table.net(0, events) == 10 + 12 + 10  # +10 (1:1), +12 (6:5), the odds' 10 back
    assert table.net(0) == 22 - 10  # over the session: +22, the pass line still up
    assert table.bet_of(0, "pass")["amount"] == 10 and not table.bet_of(0, "odds_pass")
    assert table.state["point"] is None and table.state["shooter"] == 0
    assert table.carry["chosen"] == [1, 2]  # he keeps the dice he picked


def test_worked_example_2_dont_pass_with_12_barred():
    table = CrapsTable(players=[0, 1])
    events = table.roll((6, 6), bets=[(0, "dont_pass", 10)])  # 12: barred, a push (C1)
    assert table.net(0, events) == -10 and table.bet_of(0, "dont_pass")["amount"] == 10
    events = table.roll((1, 2))  # 3: craps wins the don't pass
    assert net_of(events)[seat(0)] == 10
    table.roll((1, 3))  # 4: the point
    assert table.state["point"] == 4
    table.roll((4, 5))  # 9: nothing
    events = table.roll((3, 4))  # 7: seven-out, the don't pass wins
    assert net_of(events)[seat(0)] == 10
    assert table.net(0) == -10 + 10 + 10  # +20 won, the stake still on the layout
    assert table.state["result"]["outcome"] == "seven_out"
    assert table.carry["shooter"] == 1 and table.carry["chosen"] is None  # to the left


def test_worked_example_3_place_six_pressed_then_seven_and_the_field():
    table = CrapsTable(players=[0, 1])
    table.roll((2, 3), bets=[(0, "pass", 10)])  # point 5 is on
    table.start((3, 3))
    table.bet(1, "place_6", 12)
    table.act(1, type="after_win", bet="place_6", choice="press")
    events = table.throw()  # 6: the place bet wins 14 (7:6), pressed to 24, 2 paid (C11)
    assert table.net(1, events) == -12 + 14 - 12  # staked 12, won 14, 12 of it pressed: 2 paid
    assert table.bet_of(1, "place_6")["amount"] == 24
    table.start((3, 4))
    table.bet(1, "field", 10)
    events = table.throw()  # 7: the place 6 loses 24, the field 10
    assert table.net(1) == -12 + 2 - 10
    assert not table.bet_of(1, "place_6") and not table.bet_of(1, "field")
    lost = [line for line in table.state["results"] if line["outcome"] == LOSE]
    assert {(line["seat"], line["bet"], line["amount"]) for line in lost} >= {
        (1, "place_6", 24),
        (1, "field", 10),
    }
    # had the roll been 12 the field would have paid 2:1 (§5.9)
    assert decide("field", 12, True, 5, 12, True) == (WIN, 2)


def test_worked_example_4_buy_and_lay_with_their_commissions():
    table = CrapsTable(players=[0, 1])
    table.roll((2, 3), bets=[(0, "pass", 10)])  # point 5
    table.start((4, 6))
    events = table.bet(1, "buy_10", 20)
    assert net_of(events)[seat(1)] == -21  # the 5 % commission when it is made (C8)
    table.bet(1, "lay_4", 40)  # possible win 20, commission 1
    assert table.bet_of(1, "lay_4")["vig"] == 1
    events = table.throw()  # 10: the buy bet wins 40 (2:1), a new commission from the win
    assert table.net(1, events) == -21 - 41 + 39
    assert table.bet_of(1, "buy_10") == {"seat": 1, "kind": "buy_10", "amount": 20, "vig": 1}
    events = table.roll((3, 4))  # 7: the buy bet loses, the lay wins 20 and stays up (C9)
    paid = net_of(events)
    assert paid[seat(1)] == 20 - 1  # the lay's win less its new commission
    assert not table.bet_of(1, "buy_10") and table.bet_of(1, "lay_4")["vig"] == 1
    # over the example: the buy bet +18, the lay +20 less its first commission: +19 (the lay's
    # 40 and its second commission are still on the layout, the player's)
    on_layout = 40 + 1
    assert table.net(1) + on_layout == 18 + 19


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
    ("odds_pass", 5, False, 5, True, (WIN, craps.Fraction(3, 2))),
    ("odds_pass", 8, False, 8, True, (WIN, craps.Fraction(6, 5))),
    ("odds_pass", 7, False, 8, True, (LOSE,)),
    ("come", 7, False, 6, True, (WIN, 1)),
    ("come", 11, False, 6, True, (WIN, 1)),
    ("come", 3, False, 6, True, (LOSE,)),
    ("come", 9, False, 6, True, (MOVE, 9)),
    ("come_9", 9, False, 6, True, (WIN, 1)),
    ("come_9", 7, False, 6, True, (LOSE,)),
    ("come_9", 7, False, None, True, (LOSE,)),  # a come bet works on the come-out
    ("odds_come_9", 9, False, 6, True, (WIN, craps.Fraction(3, 2))),
    ("odds_come_9", 7, False, None, False, (RETURN,)),  # off on the come-out (C5)
    ("odds_come_9", 7, False, None, True, (LOSE,)),  # turned on
    ("dont_come", 7, False, 6, True, (LOSE,)),
    ("dont_come", 2, True, 6, True, (WIN, 1)),
    ("dont_come", 12, True, 6, True, None),  # the same bar (C2)
    ("dont_come", 10, False, 6, True, (MOVE, 10)),
    ("dont_come_10", 7, False, 6, True, (WIN, 1)),
    ("dont_come_10", 10, True, 6, True, (LOSE,)),
    ("place_4", 4, False, 6, True, (WIN, craps.Fraction(9, 5))),
    ("place_5", 5, False, 6, True, (WIN, craps.Fraction(7, 5))),
    ("place_8", 8, False, 6, True, (WIN, craps.Fraction(7, 6))),
    ("place_8", 7, False, 6, True, (LOSE,)),
    ("place_8", 7, False, None, False, None),  # off on the come-out (§5.6)
    ("buy_4", 4, True, 6, True, (WIN, 2)),
    ("buy_9", 9, False, 6, True, (WIN, craps.Fraction(3, 2))),
    ("buy_6", 6, False, 8, True, (WIN, craps.Fraction(6, 5))),
    ("buy_6", 7, False, 8, True, (LOSE,)),
    ("lay_4", 7, False, None, True, (WIN, craps.Fraction(1, 2))),  # works on the come-out
    ("lay_5", 7, False, 6, True, (WIN, craps.Fraction(2, 3))),
    ("lay_8", 7, False, 6, True, (WIN, craps.Fraction(5, 6))),
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
        f"place_{n}" for n in craps.NUMBERS
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


# --- shooters ---------------------------------------------------------------------------------


def test_c14_the_dice_pass_left_after_a_seven_out_and_a_refusal_moves_them_on():
    table = CrapsTable(players=[0, 2, 5])
    table.roll((2, 2), bets=[(0, "pass", 10)])
    table.roll((3, 4))  # seven-out
    assert table.carry["shooter"] == 2
    table.start((3, 4))
    assert table.state["shooter"] == 2
    table.act(2, type="refuse")  # he declines: the next player gets the dice and a turn to bet
    assert table.state["shooter"] == 5 and 5 in ENGINE.to_act(table.state)
    table.bet(5, "dont_pass", 10)
    events = table.throw()
    assert events[-1]["type"] in ("resolved", "payment")
    assert table.state["result"]["shooter"] == 5


def test_section5_a_shooter_silent_with_the_dice_passes_them():
    table = CrapsTable(players=[0, 1])
    table.start((3, 4))
    table.bet(0, "pass", 10)
    table.act(0, type="done")
    table.act(1, type="done")
    assert ENGINE.to_act(table.state) == [0] and ENGINE.clock_setting(table.state, 0) == (
        "shooter_seconds"
    )
    state, events = ENGINE.apply_timeout(table.state, 0)
    assert state["shooter"] == 1 and state["phase"] == craps.BETTING
    assert ENGINE.to_act(state) == [1]  # his betting turn, then the dice


def test_dg3_a_new_shooter_picks_two_of_five_and_throws_their_committed_faces():
    table = CrapsTable(players=[0])
    table.state = ENGINE.new_hand(table.config, [0], ScriptedFaces([1, 2, 3, 4, 6]), None)
    table.bet(0, "pass", 10)
    table.act(0, type="done")
    assert ENGINE.legal_actions(table.state, 0)[:2] == [
        {"type": "roll", "dice": [1, 2]},
        {"type": "roll", "dice": [1, 3]},
    ]
    refused(table, 0, "Pick two", type="roll", dice=[3, 3])
    refused(table, 0, "Pick two", type="roll")
    table.act(0, type="roll", dice=[5, 4])
    assert table.state["roll"]["faces"] == [4, 6] and table.state["point"] == 10
    carry = ENGINE.carry_over(table.state)
    state = ENGINE.new_hand(table.config, [0], ScriptedFaces([6, 6, 6, 2, 3]), carry)
    state, _events = ENGINE.apply(state, 0, {"type": "done"})
    assert ENGINE.legal_actions(state, 0) == [{"type": "roll"}, {"type": "refuse"}]
    with pytest.raises(IllegalAction, match="two dice you picked"):
        ENGINE.apply(state, 0, {"type": "roll", "dice": [1, 2]})
    state, _events = ENGINE.apply(state, 0, {"type": "roll"})
    assert state["roll"]["faces"] == [2, 3]


def test_a_player_leaving_keeps_his_pass_line_working_until_it_is_decided():
    table = CrapsTable(players=[0, 1])
    table.roll((3, 3), bets=[(0, "pass", 10), (1, "pass", 10)])  # point 6
    table.start((1, 1))
    table.bet(1, "field", 5)
    table.bet(1, "place_8", 6)
    table.state, events = ENGINE.apply_leave(table.state, 1)
    assert net_of(events)[seat(1)] == 5 + 6  # what may come down came down (C6)
    assert ENGINE.holds_bets(table.state, 1) and 1 not in ENGINE.to_act(table.state)
    table.throw()
    table.players = [0]
    assert ENGINE.holds_bets(table.state, 1)
    events = table.roll((2, 4))  # the point: his pass line is paid on his held seat
    assert net_of(events)[seat(1)] == 10 + 10  # the win, and the line bet now free to come down
    assert not ENGINE.holds_bets(table.state, 1) and table.state["left"] == []


def test_the_last_player_leaving_takes_every_bet_down_nobody_is_left_to_throw():
    table = CrapsTable(players=[0])
    table.roll((3, 3), bets=[(0, "pass", 10)])
    table.start((1, 1))
    table.state, events = ENGINE.apply_leave(table.state, 0)
    assert net_of(events)[seat(0)] == 10 and table.state["pots"] == {}
    assert ENGINE.is_hand_over(table.state) and not ENGINE.in_play(table.state)


def test_the_void_returns_every_bet_and_commission_of_the_layout():
    table = CrapsTable(players=[0, 1])
    table.roll((3, 3), bets=[(0, "pass", 10), (1, "buy_4", 20)])
    table.start((1, 1))
    table.bet(1, "field", 5)
    state, events = ENGINE.apply_void(table.state)
    nets = net_of(events)
    assert nets[seat(0)] == 10 and nets[seat(1)] == 20 + 1 + 5
    assert state["pots"] == {} and not ENGINE.in_play(state)


# --- the commitment ---------------------------------------------------------------------------


def test_the_roll_is_committed_before_the_bets_and_revealed_as_thrown():
    table = CrapsTable(players=[0])
    table.start((5, 2))
    record = ENGINE.commitment(table.state).record
    assert record == "1d5,2d2,3d6,4d6,5d6"
    assert ENGINE.undealt(table.state) == record.split(",")
    table.bet(0, "pass", 10)
    table.throw()
    assert ENGINE.undealt(table.state) == [] and ENGINE.commitment(table.state).record == record
    assert dice.faces_from_record(record)[:2] == table.state["roll"]["faces"]


class LeakingCraps(craps.Craps):
    """Shows the coming roll on the board: the suite's check (b) must catch it."""

    def view(self, state, seat):
        return {**super().view(state, seat), "next": ",".join(self.undealt(state))}


def test_a_view_showing_the_coming_roll_is_caught_by_check_b():
    with pytest.raises(AssertionError, match=r"^\(b\)"):
        table = ConformanceTable(LeakingCraps(), CHIPS, 2, seed=3)
        table.play(hands=3, max_steps=40, calm=True)


# --- money ------------------------------------------------------------------------------------

KIND_PICKS = st.sampled_from(craps.PLACEABLE)


@settings(max_examples=40, deadline=None)
@given(
    rolls=st.lists(
        st.tuples(
            st.integers(1, 6),
            st.integers(1, 6),
            st.lists(st.tuples(st.integers(0, 2), KIND_PICKS, st.integers(1, 60)), max_size=6),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_money_is_conserved_on_every_roll(rolls):
    """Whatever is bet and rolled, every payment moves money between the seats, the layout's
    pots and the house: the pots always hold exactly the bets and commissions on the layout."""
    table = CrapsTable(players=[0, 1, 2])
    for first, second, bets in rolls:
        table.start((first, second))
        shooter = table.state["shooter"]
        if table.state["point"] is None:
            table.bet(shooter, "pass", 10)
        for position, kind, amount in bets:
            try:
                table.bet(position, kind, amount)
            except IllegalAction:
                continue
        table.throw()
        layout = sum(b["amount"] + b["vig"] for b in table.state["bets"].values())
        assert sum(table.state["pots"].values()) == layout
        totals = net_of(table.events)
        assert sum(totals.values()) == 0
        assert sum(v for k, v in totals.items() if k.startswith("pot")) == layout
        assert all(v >= 0 for k, v in totals.items() if k.startswith("pot"))
        assert (
            -totals[HOUSE_BANK]
            == sum(v for k, v in totals.items() if k.startswith("seat")) + layout
        )


def test_next_hand_deals_in_players_away_without_waiting_for_them():
    state = ENGINE.new_hand(ENGINE.check_config(CHIPS), [0, 1], random.Random(1), None)
    upcoming = ENGINE.next_hand(state, [SeatInfo(0), SeatInfo(1, away=True)], CHIPS)
    new = ENGINE.new_hand(
        ENGINE.check_config(CHIPS), list(upcoming.players), random.Random(2), upcoming.carry
    )
    assert new["players"] == [0, 1] and ENGINE.to_act(new) == [0]
    assert ENGINE.next_hand(state, [SeatInfo(1, away=True)], CHIPS) is None


def test_dg5_3_a_come_bet_moving_onto_a_number_whose_come_bet_wins_is_not_paid_on_its_move():
    """Found by the return harness (come returned 1.019): on a 6, the come bet on 6 is paid and
    off the layout before the new come bet moves there; the new one waits for the next 6."""
    table = CrapsTable(players=[0])
    table.roll((1, 3), bets=[(0, "pass", 10)])  # point 4
    table.roll((2, 4), bets=[(0, "come", 10)])  # the come bet to 6
    events = table.roll((1, 5), bets=[(0, "come", 12)])  # 6: the come 6 wins, the new one moves
    won = [(e["bet"], e["amount"], e["won"]) for e in events if e.get("outcome") == WIN]
    assert won == [("come_6", 10, 10)]
    assert table.bet_of(0, "come_6")["amount"] == 12
    assert table.net(0, events) == -12 + 10 + 10


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
            if table.state["phase"] == craps.BETTING and waiting != table.state["shooter"]:
                table.act(waiting, type="done")
        if table.state["phase"] == craps.BETTING and table.state["shooter"] is not None:
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
        step = craps._step(table.state, kind)
        if high + step <= craps.amount_bounds(table.state, 1, kind)[1]:
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
        if state and not state["over"] and state["phase"] == craps.BETTING:
            paid = craps._paid_now(state)
            for position in craps.to_act(state):
                for kind in craps.PLACEABLE:
                    bounds = craps._placeable(state, position, kind) is None and (
                        craps.amount_bounds(state, position, kind)
                    )
                    if not bounds:
                        continue
                    least, most = bounds
                    step = craps._step(state, kind)

                    def fits(amount, position=position, kind=kind, state=state, paid=paid):
                        return craps._fits(state, paid, [(position, kind, amount)])

                    if not fits(least) or fits(most):
                        continue
                    low, high = least // step, most // step
                    while high - low > 1:
                        middle = (low + high) // 2
                        low, high = (middle, high) if fits(middle * step) else (low, middle)
                    assert craps.offered_bounds(state, position, kind) == (least, low * step)
                    checked += 1
        table.play(hands=1, max_steps=5, calm=True)
    assert checked
