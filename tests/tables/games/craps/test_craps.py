"""Craps (DG §1–§5, rulings C1–C17, section 5's decisions) on scripted dice: every worked example
of ../shared/rules/craps.md with its money, the come-out against a point, the shooters, leaving,
the commitment and money conserved; each bet kind and what is offered are test_craps_bets.py's.
The table played roll by roll (``CrapsTable``) and its scripted dice serve both."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.engines import dice
from tables.engines.base import HOUSE_BANK, IllegalAction, SeatInfo, seat
from tables.games.craps.bets import LOSE, PLACEABLE, WIN, bet_key, decide
from tables.games.craps.engine import ENGINE, Craps
from tables.games.craps.shooter import BETTING
from tests.tables.engines.conformance import ConformanceTable
from tests.tables.engines.scripted import ScriptedDice, net_of

CHIPS = {"min_bet": 1, "max_bet": 1_000, "min_unit": 1}  # amounts in whole chips


# An RNG whose ``randint`` gives the faces a test lays, in order: a roll's five faces (and any
# more) given to the dice games' scripted dice as one throw.
ScriptedFaces = ScriptedDice


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
            if self.state["phase"] == BETTING:
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
        return self.state["bets"].get(bet_key(position, kind))


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
    assert state["shooter"] == 1 and state["phase"] == BETTING
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


class LeakingCraps(Craps):
    """Shows the coming roll on the board: the suite's check (b) must catch it."""

    def view(self, state, seat):
        return {**super().view(state, seat), "next": ",".join(self.undealt(state))}


def test_a_view_showing_the_coming_roll_is_caught_by_check_b():
    with pytest.raises(AssertionError, match=r"^\(b\)"):
        table = ConformanceTable(LeakingCraps(), CHIPS, 2, seed=3)
        table.play(hands=3, max_steps=40, calm=True)


# --- money ------------------------------------------------------------------------------------

KIND_PICKS = st.sampled_from(PLACEABLE)


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
