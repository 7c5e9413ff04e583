"""Caribbean stud poker by scripted decks (CG §40-§48, ../shared/rules/caribbean-stud.md): the
worked examples of section 4 with their money exactly, then one test per rule or ruling (C1-C10)
and what the stud flow shares (``tables.families.stud``). Ante 10, bet 20, as in the examples.

Every hand played here passes ``StudTable.check``: the 52 cards all there, nothing hidden in any
view, and at the end the players' change + the house's = 0 with every pot empty."""

import pytest

from tables.games.caribbean_stud.engine import BONUS_PAYS, ENGINE
from tests.tables.families.stud.stud_tables import ANTE, StudTable

CONFIG = ENGINE.check_config({"min_bet": 10, "max_bet": 1_000})
BONUS = ENGINE.check_config(
    {"min_bet": 10, "max_bet": 1_000, "bonus": {"stake": 10, "pays": BONUS_PAYS}}
)
ACE_KING = "AC KD 8C 6D 3H"  # a qualifying dealer (§43) no paying hand below meets
NO_GAME = "QS JD 4C 3H 2D"  # §43: no ace-king


class Table(StudTable):
    engine = ENGINE
    config = CONFIG


def one_box(hand, dealer, then=(), config=CONFIG, ante=ANTE, **more) -> Table:
    """Seat 0 alone, a plain ante on box 0, dealt ``hand`` against ``dealer``."""
    table = Table([0], [hand], dealer, then, config=config)
    table.act(0, type="ante", amount=ante, **more)
    assert table.phase == "deciding" and table.to_act() == [0]
    return table


# --- the worked examples (section 4) -----------------------------------------------------------


def test_example_1_cg_44_trips_against_a_qualifying_ace_king_nets_70():
    table = one_box("8S 8D 8C KH 2S", "AS KD 7C 5H 3D")
    table.act(0, type="bet", box=0)
    assert table.over and table.state["result"]["qualified"] is True
    assert table.state["result"]["boxes"]["0"]["outcome"] == "won"
    assert sorted(table.paid()) == sorted(
        [
            ("seat:0", "pot:b0:s0", 10),
            ("seat:0", "pot:b0:s0:bet", 20),
            ("bank", "seat:0", 10),
            ("pot:b0:s0", "seat:0", 10),
            ("bank", "seat:0", 60),  # §44: three of a kind 3:1 on the bet
            ("pot:b0:s0:bet", "seat:0", 20),
        ]
    )
    assert table.nets() == {0: 70} and table.house() == -70


def test_example_2_cg_43_c3_a_dealer_without_a_game_pays_the_ante_only_nets_10():
    table = one_box("8S 8D 8H KH 2S", "QS JD 8C 6H 3D")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is False
    assert table.state["result"]["boxes"]["0"]["outcome"] == "no game"
    assert ("bank", "seat:0", 10) in table.paid() and (
        "pot:b0:s0:bet",
        "seat:0",
        20,
    ) in table.paid()
    assert table.nets() == {0: 10} and table.house() == -10


def test_example_3_cg_41_c6_a_card_changed_then_a_fold_nets_minus_20():
    table = one_box("9S 7D 5C 4H 2S", ACE_KING, then="KC")
    table.act(0, type="change", box=0, cards=["2S"])
    assert table.held(0) == ["9S", "7D", "5C", "4H", "KC"]
    assert table.to_act() == [0], "§41: after the change he looks and decides again"
    table.act(0, type="fold", box=0)
    assert table.over
    assert ("seat:0", "pot:fee:s0:change", 10) in table.paid()
    assert ("pot:fee:s0:change", "bank", 10) in table.paid(), "C6: the fee is the casino's"
    assert table.nets() == {0: -20} and table.house() == 20


@pytest.mark.parametrize(
    ("dealer", "outcome", "net"),
    [("JD JC AH 9S 3D", "won", 30), ("JD JC AH 9S 4H", "tie", 0)],
    ids=["four-beats-three", "identical-push"],
)
def test_example_4_cg_45_46_c5_the_kicker_decides_and_identical_ranks_push(dealer, outcome, net):
    table = one_box("JS JH AD 9C 4S", dealer)
    table.act(0, type="bet", box=0)
    assert table.state["result"]["boxes"]["0"]["outcome"] == outcome
    assert table.nets() == {0: net} and table.house() == -net


# --- per rule -----------------------------------------------------------------------------------


def test_cg_42_the_bet_is_twice_the_ante():
    table = one_box("8S 8D 8C KH 2S", "AS KD 7C 5H 3D", ante=35)
    assert table.view(0)["offers"]["bet"] == 70
    for amount in (35, 69, 71, 140, "70", True):  # a bet not twice the ante: nothing moves
        table.refused(0, {"type": "bet", "box": 0, "amount": amount}, "twice the ante")
    events = table.act(0, type="bet", box=0)
    assert ("seat:0", "pot:b0:s0:bet", 70) in table.paid(events)
    assert table.nets() == {0: 35 + 3 * 70}


def test_cg_41_one_card_change_costs_the_ante_and_cancels_the_bonus():
    # a change to a straight: no bonus is paid on it, the bonus stake went at the change (C8)
    table = one_box(
        "9S TD JC QH 2S", "AS KD 7C 5H 3D", then="KS", config=BONUS, ante=30, bonus=True
    )
    events = table.act(0, type="change", box=0, cards=["2S"])
    assert ("seat:0", "pot:fee:s0:change", 30) in table.paid(events), "C6: a fee of one ante"
    assert {"type": "bonus_forfeited", "seat": 0, "box": 0} in events
    assert ("pot:b0:s0:bonus", "bank", 10) in table.paid(events)
    table.act(0, type="bet", box=0)
    assert table.state["result"]["boxes"]["0"]["hand"] == 4  # a straight: 4:1, no bonus
    assert table.nets() == {0: 30 + 60 * 4 - 30 - 10}


def test_cg_41_only_one_card_may_be_changed_and_only_once():
    table = one_box("9S 7D 5C 4H 2S", ACE_KING, then="KC")
    table.refused(0, {"type": "change", "box": 0, "cards": ["2S", "4H"]}, "Choose 1 of your")
    table.refused(0, {"type": "change", "box": 0, "cards": []}, "Choose 1 of your")
    table.refused(0, {"type": "change", "box": 0, "cards": ["AS"]}, "from your own hand")
    table.act(0, type="change", box=0, cards=["2S"])
    table.refused(0, {"type": "change", "box": 0, "cards": ["KC"]}, "not yours to make now")
    assert not any(a["type"] == "change" for a in table.view(0)["legal"])
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: -10 - 10 - 20}, "K high loses to A-K: ante, bet and the fee"


@pytest.mark.parametrize(
    ("dealer", "qualified", "net"),
    [("AC KD 4H 3S 2C", True, 30), ("AC QD JH 9S 8C", False, 10)],
    ids=["A-K-4-3-2-qualifies", "A-Q-J-9-8-does-not"],
)
def test_cg_43_the_dealer_qualifies_with_ace_king(dealer, qualified, net):
    table = one_box("7S 7H 5C 6D TS", dealer)
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is qualified
    assert table.nets() == {0: net}


@pytest.mark.parametrize(
    ("hand", "dealer", "outcome", "net"),
    [
        ("AS KH QC 8D 5S", "AD KC JH 9S 2C", "won", 10 + 20),
        ("AS KH JC 9D 2S", "AD KC QH 8S 5C", "lost", -30),
        ("AS KH QC 8D 5S", "AD KC QH 8S 5C", "tie", 0),
    ],
    ids=["A-K-Q-beats-A-K-J", "A-K-J-loses-to-A-K-Q", "same-ranks-push"],
)
def test_c4_a_high_card_beating_a_qualified_dealer_is_paid_1_to_1_on_the_bet(
    hand, dealer, outcome, net
):
    table = one_box(hand, dealer)
    table.act(0, type="bet", box=0)
    assert table.state["result"]["boxes"]["0"]["outcome"] == outcome
    assert table.nets() == {0: net}


@pytest.mark.parametrize(
    ("hand", "ratio"),
    [
        ("7S 7H 2C 4D 9S", 1),
        ("JS JD 4C 4H 9S", 2),
        ("8S 8D 8H KH 2S", 3),
        ("9S 8D 7C 6H 5S", 4),
        ("AH 2D 3S 4C 5D", 4),
        ("2S 5S 9S JS KS", 5),
        ("QS QH QD 6S 6H", 7),
        ("9S 9H 9D 9C 2S", 20),
        ("9H 8H 7H 6H 5H", 50),
        ("AS KS QS JS TS", 100),
    ],
    ids=[
        "pair",
        "two-pairs",
        "trips",
        "straight",
        "wheel-A-2-3-4-5",
        "flush",
        "full-house",
        "quads",
        "straight-flush",
        "royal-flush",
    ],
)
def test_cg_44_c2_each_line_of_the_pay_table_on_the_bet_and_the_ante_1_to_1(hand, ratio):
    table = one_box(hand, ACE_KING)
    table.act(0, type="bet", box=0)
    assert ("bank", "seat:0", 20 * ratio) in table.paid()
    assert table.nets() == {0: 10 + 20 * ratio} and table.house() == -(10 + 20 * ratio)


def test_l5_the_wheel_is_the_lowest_straight_and_loses_to_six_high():
    table = one_box("AH 2D 3S 4C 5D", "6S 5C 4D 3H 2C")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is True
    assert table.nets() == {0: -30}


def test_cg_47_c8_the_bonus_is_paid_on_a_straight_whatever_the_dealer_holds():
    table = Table([0], ["9S 8D 7C 6H 5S"], NO_GAME, config=BONUS)
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="bonus", box=0)
    table.act(0, type="done")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is False
    assert ("bank", "seat:0", 50) in table.paid(), "straight: 5:1 on the bonus of 10"
    assert table.nets() == {0: 10 + 50}, "ante 1:1, bet returned, bonus +50"


def test_cg_47_c8_the_bonus_below_a_straight_is_lost_however_the_box_does():
    table = one_box("7S 7H 2C 4D 9S", ACE_KING, config=BONUS, bonus=True)
    table.act(0, type="bet", box=0)
    assert ("pot:b0:s0:bonus", "bank", 10) in table.paid()
    assert table.nets() == {0: 10 + 20 - 10}


def test_c8_a_folded_box_loses_its_bonus():
    table = one_box("AS KS QS JS TS", ACE_KING, config=BONUS, bonus=True)
    events = table.act(0, type="fold", box=0)
    assert ("pot:b0:s0:bonus", "bank", 10) in table.paid(events)
    assert table.nets() == {0: -20}, "a royal flush folded: ante and bonus lost"


def test_cg_48_c9_max_payout_caps_the_bet_only_not_the_ante():
    capped = ENGINE.check_config({"min_bet": 10, "max_bet": 1_000, "max_payout": 50})
    table = one_box("2S 5S 9S JS KS", ACE_KING, config=capped)
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: 10 + 50}, "a flush's 100 on the bet is capped at 50"
    table = one_box("7S 7H 2C 4D 9S", ACE_KING, config=capped, ante=100)
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: 100 + 50}, "the ante's 100 is paid in full, the bet's 200 capped"


def dark_table(dealer):
    """Seat 0: open box 0 (J-J-A-9-4), dark box 1 (a pair of tens)."""
    table = Table([0], ["JS JH AD 9C 4S", "TS TD 7C 5H 2S"], dealer)
    table.act(0, type="ante", box=0, amount=10)
    events = table.act(0, type="ante", box=1, amount=10, dark=True)
    assert sorted(table.paid(events)) == [
        ("seat:0", "pot:b1:s0", 10),
        ("seat:0", "pot:b1:s0:bet", 20),
    ]
    assert table.phase == "betting", "an ante by number does not end the betting"
    table.act(0, type="done")
    return table


def test_cg_40_c7_a_dark_box_bets_at_once_never_decides_and_is_hidden_until_compared():
    table = dark_table("AC KD 8C 6D 3H")
    assert table.box(1)["status"] == "in" and table.view(0)["my_box"] == 0
    assert table.view(0)["boxes"][1]["cards"] is None, "its owner does not see it either"
    assert set(table.held(1)) <= set(ENGINE.hidden_cards(table.state))
    table.refused(0, {"type": "fold", "box": 1}, "box 1 first")
    table.act(0, type="bet", box=0)
    assert table.over, "the dark box asks nothing: the hand is over"
    table.refused(0, {"type": "fold", "box": 1}, "This hand is over")
    assert table.view(0)["boxes"][1]["cards"] == ["TS", "TD", "7C", "5H", "2S"], "compared: shown"
    assert ENGINE.hidden_cards(table.state) == []
    assert table.box_net(0) == 30 and table.box_net(1) == 30


def test_c7_a_dark_box_against_a_dealer_without_a_game_is_paid_the_ante_and_never_shown():
    table = dark_table(NO_GAME)
    table.act(0, type="bet", box=0)
    assert table.box_net(1) == 10 and table.state["result"]["boxes"]["1"]["cards"] is None
    assert '"TS"' not in table.seen(0) and "TS" in ENGINE.hidden_cards(table.state)


def test_c7_a_second_dark_box_and_a_second_open_box_are_refused():
    table = Table([0, 1])
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=2, amount=10, dark=True)
    table.refused(0, {"type": "ante", "box": 3, "amount": 10, "dark": True}, "1 open and 1 dark")
    table.refused(0, {"type": "ante", "box": 4, "amount": 10}, "1 open and 1 dark")
    table.refused(1, {"type": "ante", "box": 2, "amount": 10}, "staked already")


def test_c10_a_clock_that_runs_out_folds_the_box():
    table = one_box("AS KS QS JS TS", ACE_KING)
    assert ENGINE.timeout_action(table.state, 0) == {"type": "fold", "box": 0}
    events = table.timeout(0)
    assert {"type": "timeout", "seat": 0} in events and table.over
    assert table.nets() == {0: -10}


# --- the flow every stud game shares ------------------------------------------------------------


def test_c10_decisions_drawing_no_card_apply_at_once_changes_are_dealt_from_box_0():
    # box 1 changes first, box 0 last: the first card off the deck is still box 0's
    table = Table(
        [0, 1, 2], ["9S 7D 5C 4H 2S", "8S 6H 4C 3C 2C", "AS AD 7S 6S 5D"], ACE_KING, "KS QS"
    )
    table.antes()
    events = table.act(1, type="change", box=1, cards=["2C"])
    assert len(table.held(1)) == 4 and table.box(1)["status"] == "drawing"
    assert not any(e["type"] == "drawn" for e in events)
    table.refused(1, {"type": "bet", "box": 1}, "no box to decide on")  # waiting for its card
    events = table.act(2, type="bet", box=2)
    assert ("seat:2", "pot:b2:s2:bet", 20) in table.paid(events), "a bet is placed at once"
    assert len(table.held(1)) == 4, "the change waits for the last box"
    events = table.act(0, type="change", box=0, cards=["2S"])
    assert [e["box"] for e in events if e["type"] == "drawn"] == [0, 1]
    assert table.held(0)[-1] == "KS" and table.held(1)[-1] == "QS"
    table.act(1, type="fold", box=1)
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: -40, 1: -20, 2: 30}


def test_bad_input_is_refused_and_changes_nothing():
    table = Table([0, 1], ["9S 7D 5C 4H 2S", "8S 6H 4C 3C 2C"], ACE_KING)
    table.act(0, type="ante", amount=10)
    table.refused(0, {"type": "ante", "amount": 10}, "Your bets are in")
    table.refused(0, {"type": "done"}, "Your bets are in")
    table.act(1, type="ante", amount=10)
    for action, match in [
        ("bet", "Unknown action"),
        ({"box": 0}, "Unknown action"),
        ({"type": 3, "box": 0}, "Unknown action"),
        ({"type": "bet", "box": 1}, "box 1 first"),
        ({"type": "bet", "box": True}, "box 1 first"),
        ({"type": "bet", "box": "0"}, "box 1 first"),
        ({"type": "raise", "box": 0}, "Bet, fold, or change"),
        ({"type": "ante", "amount": 10}, "Bet, fold, or change"),
        ({"type": "change", "box": 0, "cards": "2S"}, "Choose 1 of your"),
        ({"type": "change", "box": 0, "cards": [2]}, "Choose 1 of your"),
        ({"type": "bet", "box": 0, "cards": ["2S"]}, "nothing to give back"),
        ({"type": "buy_game", "box": 0}, "Bet, fold, or change"),
    ]:
        table.refused(0, action, match)
    table.refused(2, {"type": "fold", "box": 0}, "not dealt in")
    table.act(0, type="bet", box=0)
    table.refused(0, {"type": "bet", "box": 0}, "no box to decide on")  # stale: decided
    table.refused(0, {"type": "fold", "box": 0}, "no box to decide on")
    table.act(1, type="fold", box=1)
    table.refused(1, {"type": "fold", "box": 1}, "This hand is over")


def test_a_void_returns_every_stake_and_fee_exactly():
    hands = ["9S 7D 5C 4H 2S", "8S 6H 4C 3C 2C", "TS TD 7C 5H 4S"]  # boxes 0, 1, 3
    table = Table([0, 1], hands, ACE_KING, "KC", config=BONUS)
    table.act(0, type="ante", box=0, amount=10, bonus=True)
    table.act(0, type="ante", box=3, amount=15, dark=True)
    table.act(0, type="done")
    table.act(1, type="ante", amount=20)  # its own box, 1
    table.act(1, type="change", box=1, cards=["2C"])
    events = table.void()
    assert sorted(table.paid(events)) == sorted(
        [
            ("pot:b0:s0", "seat:0", 10),
            ("pot:b0:s0:bonus", "seat:0", 10),
            ("pot:b3:s0", "seat:0", 15),
            ("pot:b3:s0:bet", "seat:0", 30),
            ("pot:b1:s1", "seat:1", 20),
            ("pot:fee:s1:change", "seat:1", 20),
        ]
    )
    assert {k: v for k, v in table.changes().items() if v} == {}, "nobody is a kopeck out"


def test_hidden_cards_the_dealers_four_down_and_each_box_its_owners_only():
    table = Table([0, 1], ["9S 7D 5C 4H 2S", "8S 6H 4C 3C 2C"], "AC KD 8C 6D 3D")
    table.antes()
    assert sorted(ENGINE.hidden_cards(table.state)) == sorted(["AC", "KD", "8C", "6D"])
    for viewer in (None, 0, 1):
        text = table.seen(viewer)
        assert not any(f'"{c}"' in text for c in ["AC", "KD", "8C", "6D"])
        assert '"3D"' in text, "the dealer's last card is face up"
        assert ('"9S"' in text) is (viewer == 0) and ('"8S"' in text) is (viewer == 1)
    table.act(0, type="bet", box=0)
    table.act(1, type="bet", box=1)
    assert ENGINE.hidden_cards(table.state) == []
    assert all('"AC"' in table.seen(v) and '"8S"' in table.seen(v) for v in (None, 0, 1))


def test_cg_40_a_lone_dark_box_is_refused_it_is_one_more_bet_beside_the_ante_box():
    """§40: the dark box is one more bet beside the player's ante box: offered and accepted only
    once he has his open box (issue 47), never a hand played with no box he sees."""
    table = Table([0, 1])
    assert ENGINE.bet_ranges(table.state, 0)["dark"] == []
    assert not [a for a in ENGINE.legal_actions(table.state, 0) if a.get("dark")]
    table.refused(0, {"type": "ante", "box": 2, "amount": 10, "dark": True}, "beside your open")
    assert table.state["boxes"] == {}, "nothing booked"
    table.act(0, type="ante", box=0, amount=10)
    assert ENGINE.bet_ranges(table.state, 0)["dark"]
    table.act(0, type="ante", box=2, amount=10, dark=True)
