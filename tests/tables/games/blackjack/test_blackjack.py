"""Blackjack (tables/games/blackjack/engine.py) beyond the worked examples and the rules of
test_blackjack_examples.py: a box shared on a split (§96) and its clocks, the one-card dealer
(§103, B8), the cut card's round and the new shoe's commitment (§87, §104), the player's cut
(§104), the pack check (§105), bad input refused with a sentence and nothing changed (§96-§104),
timeouts (B14), leaving with a stake working, the house's cap and exposure, the view."""

import json
from collections import Counter

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, engine_for, payments
from tables.engines.cards import Shoe, pack_52
from tables.games.blackjack.engine import ENGINE
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.blackjack.test_blackjack_examples import CONFIG, Table


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action, Draws.replaying([]))


def paid(events):
    return [(p.source, p.target, p.amount) for p in payments(events)]


def refused(state, seat, match, **action):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match=match):
        ENGINE.apply(state, seat, action, Draws.replaying([]))
    assert json.dumps(state, sort_keys=True) == before, "a refusal changes nothing"


def test_the_game_is_registered_with_nine_seats_and_the_clocks_it_uses():
    assert engine_for("blackjack") is ENGINE and ENGINE.display_name == "Blackjack"
    assert ENGINE.seats == (1, 9)
    assert {"bet_seconds", "insurance_seconds"} <= set(ENGINE.clock_settings)
    checked = ENGINE.check_config({"min_bet": 10, "max_bet": 100})
    assert checked["decks"] == 6 and checked["boxes"] == 7 and checked["bets_behind"]
    assert checked["surrender"] and checked["player_cut"]


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"boxes": 4}, "5 to 7 boxes"),
        ({"decks": 1}, "2 to 8 decks"),
        ({"surrender": "yes"}, "on \\(true\\) or off"),
        ({"side_bets": {"match": [10, 20]}}, "no side bet match"),
        ({"boxes": 5, "boxes_per_player": 6}, "at most the 5 boxes"),
    ],
)
def test_settings_outside_the_rules_are_refused_with_a_sentence(config, message):
    with pytest.raises(IllegalAction, match=message):
        ENGINE.check_config({"min_bet": 10, "max_bet": 100, **config})


# --- a box shared on a split (§96) --------------------------------------------------------------


def test_cg_96_the_owner_splits_one_behind_splits_too_one_stays_one_moves_each_paid_his_own():
    """Owner 100, behind him 50 (splits too), 30 (stays on the first card), 20 (moves to the
    second); 8 8 against 6. Hand 1: 8 10 = 18; hand 2: 8 3 = 11, the owner doubles, the
    splitter declines, the mover doubles: 9 -> 20. The dealer 6 10 3 = 19."""
    table = Table([0, 1, 2, 3], ["8S", "6C", "8H", "TD", "3D", "9C", "TH", "3S"])
    table.bet({0: 100}, behind={1: (0, 50), 2: (0, 30), 3: (0, 20)})
    assert table.state["phase"] == "early", "each behind may surrender his stake first (B9)"
    for seat in (1, 2, 3):
        table.act(seat, type="done")
    events = table.act(0, type="split", box=0, hand=0)
    assert paid(events) == [("seat:0", "pot:b0:s0:h1", 100)], "only the owner's money moves"
    assert ENGINE.to_act(table.state) == [1, 2, 3]
    assert ENGINE.legal_actions(table.state, 2) == [
        {"type": "split", "box": 0},
        {"type": "stay", "box": 0},
        {"type": "move", "box": 0},
    ]
    assert ENGINE.clock_setting(table.state, 2) == "action_seconds"
    key = ENGINE.turn_key(table.state, 2)
    assert paid(table.act(1, type="split", box=0)) == [("seat:1", "pot:b0:s1:h1", 50)]
    assert ENGINE.turn_key(table.state, 2) == key, "another's answer keeps his clock"
    assert paid(table.act(3, type="move", box=0)) == [("pot:b0:s3", "pot:b0:s3:h1", 20)]
    table.act(2, type="stay", box=0)
    hands = table.state["boxes"]["0"]["hands"]
    assert [h["cards"] for h in hands] == [["8S", "TD"], ["8H", "3D"]], "cards after answers"
    assert [[s["seat"] for s in h["stakes"]] for h in hands] == [[0, 1, 2], [0, 1, 3]]
    table.act(0, type="stand", box=0, hand=0)
    table.act(0, type="double", box=0, hand=1)
    assert ENGINE.to_act(table.state) == [1, 3], "the stakers on the second hand"
    table.act(1, type="decline", box=0)
    assert paid(table.act(3, type="double", box=0))[0] == ("seat:3", "pot:b0:s3:h1", 20)
    assert table.over
    assert hands != table.state["boxes"]["0"]["hands"]
    assert table.state["boxes"]["0"]["hands"][1]["cards"] == ["8H", "3D", "9C"]
    assert table.dealer() == ["6C", "TH", "3S"]
    assert table.nets() == {"0": 100, "1": 0, "2": -30, "3": 40}
    assert table.conserved() == -110


def test_b14_a_staker_behind_silent_on_a_split_stays_and_on_a_double_declines():
    table = Table([0, 1], ["8S", "6C", "8H", "3D", "TD", "TC", "TH", "5S"])
    table.bet({0: 100}, behind={1: (0, 50)})
    table.act(1, type="done")
    table.act(0, type="split", box=0, hand=0)
    assert ENGINE.timeout_action(table.state, 1) == {"type": "stay", "box": 0}
    table.state, events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert not any(p[0] == "seat:1" for p in paid(events)), "his silence commits no money"
    table.act(0, type="double", box=0, hand=0)  # 8 3 = 11: Olga on this hand is asked
    assert ENGINE.timeout_action(table.state, 1) == {"type": "decline", "box": 0}
    table.state, events = ENGINE.apply_timeout(table.state, 1, Draws.replaying([]))
    assert not any(p[0] == "seat:1" for p in paid(events))
    assert ENGINE.timeout_action(table.state, 0) == {"type": "stand", "box": 0, "hand": 1}


def test_b14_no_decision_in_time_no_bet_no_insurance_a_hand_stands():
    state = ENGINE.new_hand(CONFIG, [0, 1], ScriptedRng(_order(["TS", "AD", "9C", "7S", "TH"])))
    assert ENGINE.clock_setting(state, 0) == "bet_seconds"
    assert ENGINE.timeout_action(state, 1) == {"type": "pass"}
    state, _ = act(state, 0, type="bet", amount=100)
    state, _ = ENGINE.apply_timeout(state, 1, Draws.replaying([]))
    assert state["phase"] == "insurance" and ENGINE.clock_setting(state, 0) == "insurance_seconds"
    assert ENGINE.timeout_action(state, 0) == {"type": "done"}
    state, events = ENGINE.apply_timeout(state, 0, Draws.replaying([]))
    assert not [e for e in events if e["type"] == "insurance"]
    assert ENGINE.timeout_action(state, 0) == {"type": "stand", "box": 0, "hand": 0}
    state, _ = ENGINE.apply_timeout(state, 0, Draws.replaying([]))
    assert state["dealer"]["cards"] == ["AD", "7S"] and state["result"]["nets"] == {"0": 100}


# --- the dealer (§103, B8) ----------------------------------------------------------------------


def test_b8_every_hand_bust_the_dealer_takes_one_card_only():
    table = Table([0], ["TS", "9D", "6C", "8H", "5C", "7S"])  # 16 against 9, hits 8: bust
    table.bet({0: 100})
    table.act(0, type="hit", box=0, hand=0)
    assert ("pot:b0:s0", HOUSE_BANK, 100) in table.paid(), "a bust loses at once"
    assert table.over and table.dealer() == ["9D", "5C"], "one card, nothing to draw for"
    assert table.conserved() == 100


def test_cg_103_b8_only_a_natural_and_a_surrender_left_against_a_ten_one_card_for_him():
    # box 0: A K; box 1: 10 6 surrendered; the dealer's 10, then a 5 (15: he would draw)
    table = Table([0, 1], ["AS", "TS", "TD", "KH", "6C", "5S", "9H"])
    table.bet({0: 100, 1: 100})
    table.act(1, type="surrender", box=1, hand=0)
    assert table.dealer() == ["TD", "5S"]
    assert table.nets() == {"0": 150, "1": -50}
    assert table.conserved() == -100


def test_cg_103_a_natural_against_a_low_card_is_paid_3_to_2_at_once():
    # box 0: A K; box 1: 10 7; the dealer's 6
    table = Table([0, 1], ["AS", "TS", "6D", "KH", "7C", "TH", "2S"])
    events = table.act(0, type="bet", amount=101)
    table.bet({1: 100})
    assert (HOUSE_BANK, "seat:0", 151) in table.paid(), "3:2 of 101, rounded down"
    assert not table.over and ENGINE.to_act(table.state) == [1]
    assert events  # the bet
    table.act(1, type="stand", box=1, hand=0)
    assert table.nets() == {"0": 151, "1": -100}  # 6 10 2 = 18


# --- the shoe (§87, §104, §105) -----------------------------------------------------------------


def _order(top, at=0, decks=6):
    """A shoe of ``decks`` packs whose cards from position ``at`` on are ``top``."""
    rest = sorted((Counter(pack_52() * decks) - Counter(top)).elements())
    return [*rest[:at], *top, *rest[at:]]


def test_cg_104_87_the_cut_cards_round_is_finished_then_a_new_shoe_and_its_commitment_revealed():
    config = ENGINE.check_config({**CONFIG, "decks": 2})  # the cut card at 52 exactly
    first = ENGINE.new_hand(config, [0], ScriptedRng(_order([], decks=2)))
    assert first["shoe"]["cut_at"] == 52
    # the shoe carried with 50 cards gone: this hand's cards 50-54 pass the cut card
    carry = ENGINE.carry_over(first)
    order = _order(["TS", "9D", "8C", "TH"], at=50, decks=2)
    carry["shoe"] = dict(carry["shoe"], order="".join(order), position=50)
    carry["record"] = ",".join(order)
    state = ENGINE.new_hand(config, [0], None, carry)
    committed = ENGINE.commitment(state)
    state, _ = act(state, 0, type="bet", amount=100)
    assert ENGINE.view(state, None)["shoe"]["cut_card"] == {"at": 52, "out": True}
    assert not ENGINE.commitment_finished(state), "revealed only at the hand's end"
    state, _ = act(state, 0, type="stand", box=0, hand=0)
    assert state["result"]["nets"] == {"0": -100}, "the round is played to its end"
    assert ENGINE.commitment_finished(state) and ENGINE.commitment(state) == committed
    following = ENGINE.new_hand(
        config, [0], ScriptedRng(_order([], decks=2)), ENGINE.carry_over(state)
    )
    assert following["new_shoe"] and following["shoe_number"] == state["shoe_number"] + 1
    assert ENGINE.commitment(following).scope != committed.scope


def test_cg_105_a_new_shoe_shows_its_composition_before_the_first_deal_only():
    state = ENGINE.new_hand(CONFIG, [0], ScriptedRng(_order(["TS", "9D", "8C", "TH"])))
    (started,) = ENGINE.start_events(state)
    assert started["new_shoe"] and started["pack"]["cards"] == 312
    assert started["pack"]["each"] == 6 and started["pack"]["complete"]
    assert ENGINE.view(state, None)["pack"] == started["pack"]
    state, _ = act(state, 0, type="bet", amount=100)
    assert ENGINE.view(state, None)["pack"] is None
    carried = ENGINE.new_hand(CONFIG, [0], None, ENGINE.carry_over(state))
    assert not carried["new_shoe"] and "pack" not in ENGINE.start_events(carried)[0]


def test_cg_104_a_player_cuts_a_new_shoe_a_deck_or_more_from_either_end_his_clock_at_random():
    config = ENGINE.check_config({"min_bet": 100, "max_bet": 5_000})
    state = ENGINE.new_hand(config, [3, 5], ScriptedRng(_order([])))
    assert state["phase"] == "cut" and ENGINE.to_act(state) == [3]
    assert ENGINE.start_events(state)[0]["cutter"] == 3
    assert ENGINE.legal_actions(state, 3) == [
        {"type": "cut", "at": 52},
        {"type": "cut", "at": 260},
        {"type": "cut"},
    ]
    assert ENGINE.view(state, 3)["ranges"] == {"cut": [52, 260]}
    refused(state, 3, "a deck or more from either end", type="cut", at=51)
    refused(state, 3, "a deck or more from either end", type="cut", at=261)
    refused(state, 5, "not your turn", type="cut", at=100)
    refused(state, 3, "Cut the shoe first", type="bet", amount=100)
    before = ENGINE.undealt(state)
    assert ENGINE.timeout_action(state, 3) == {"type": "cut"}
    state, events = ENGINE.apply_timeout(state, 3, Draws.replaying([48]))  # 52 + 48
    assert {"type": "cut", "seat": 3, "at": 100} in events
    assert ENGINE.undealt(state) == before[100:] + before[:100]
    assert state["phase"] == "betting" and ENGINE.to_act(state) == [3, 5]
    # the next shoe's cut goes to the next seat
    carry = dict(ENGINE.carry_over(state), reshuffled=True)
    assert ENGINE.new_hand(config, [3, 5], ScriptedRng(_order([])), carry)["cutter"] == 5


def test_cg_104_the_cutter_leaving_the_dealer_cuts_at_random():
    config = ENGINE.check_config({"min_bet": 100, "max_bet": 5_000})
    state = ENGINE.new_hand(config, [3, 5], ScriptedRng(_order([])))
    state, events = ENGINE.apply_leave(state, 3, Draws.replaying([0]))
    assert {"type": "cut", "seat": 3, "at": 52} in events
    assert ENGINE.to_act(state) == [5]


# --- bad input (§96-§104) -----------------------------------------------------------------------


def test_cg_101_b10_bets_outside_the_box_limits_are_refused():
    state = ENGINE.new_hand(CONFIG, [0, 1, 2], ScriptedRng(_order([])))
    refused(state, 0, "A box takes from 100 to 5000", type="bet", amount=99)
    refused(state, 0, "A box takes from 100 to 5000", type="bet", amount=5_001)
    refused(state, 0, "whole amount", type="bet", amount=100.5)
    state, _ = act(state, 0, type="bet", box=0, amount=4_000)
    refused(
        state,
        1,
        "at most 5000 from all its players together: 1000 more",
        type="behind",
        box=0,
        amount=1_001,
    )
    refused(state, 1, "another player's: bet behind it instead", type="bet", box=0, amount=100)
    refused(state, 1, "Nobody plays this box", type="behind", box=3, amount=100)
    refused(state, 0, "no such box", type="bet", box=7, amount=100)
    refused(state, 0, "at most 1 boxes", type="bet", box=4, amount=100)
    state, _ = act(state, 1, type="behind", box=0, amount=1_000)
    assert ENGINE.view(state, 2)["ranges"]["behind"] == {}, "the box is full"


def test_a_bet_the_house_cannot_cover_within_max_exposure_is_refused():
    config = ENGINE.check_config({**CONFIG, "max_exposure": 3_000})
    state = ENGINE.new_hand(config, [0, 1], ScriptedRng(_order([])))
    state, _ = act(state, 0, type="bet", amount=1_000)  # at 3:2 the house risks 1,500
    assert ENGINE.exposure(state) == 1_500
    refused(state, 1, "takes at most 1000 more of this bet", type="bet", amount=1_001)
    assert ENGINE.view(state, 1)["ranges"]["bet"] == [100, 1_000]
    state, _ = act(state, 1, type="bet", amount=1_000)
    assert ENGINE.exposure(state) == 2_000, "dealt, no natural: each box can win 1:1 now"


def test_cg_104_no_bet_added_after_the_first_card():
    table = Table([0, 1], ["TS", "9D", "6C", "8H", "8C", "TC"])
    table.bet({0: 100, 1: 100})
    table.refused(1, "Bets are closed once the first card is dealt", type="bet", amount=100)
    table.refused(0, "Bets are closed", type="behind", box=1, amount=100)


def test_cg_103_insurance_under_the_minimum_or_without_a_stake_is_refused():
    config = ENGINE.check_config({**CONFIG, "min_unit": 5})
    table = Table([0, 1], ["TS", "9S", "AD", "9C", "7D", "7H"], config=config)
    table.bet({0: 100, 1: 100})
    table.refused(0, "Insurance is at least 5", type="insurance", box=0, amount=4)
    table.refused(0, "no insurance to take on this box", type="insurance", box=1, amount=10)
    table.refused(0, "Even money is for a natural", type="even_money", box=0)
    assert ENGINE.view(table.state, 0)["ranges"] == {"insurance": {"0": [5, 50]}}


def test_cg_102_surrender_after_a_card_or_a_split_or_where_the_table_has_none_is_refused():
    table = Table([0, 1], ["5S", "TS", "9D", "5C", "6C", "2H", "8H", "8C", "TC", "TH"])
    table.bet({0: 100, 1: 100})
    table.act(0, type="hit", box=0, hand=0)  # 5 5 2
    table.refused(0, "Surrender comes before any further card", type="surrender", box=0, hand=0)
    off = Table(
        [0], ["TS", "9D", "6C", "8H"], config=ENGINE.check_config({**CONFIG, "surrender": False})
    )
    off.bet({0: 100})
    off.refused(0, "no surrender", type="surrender", box=0, hand=0)
    assert "surrender" not in [a["type"] for a in ENGINE.legal_actions(off.state, 0)]


def test_cg_96_a_split_hand_is_not_surrendered():
    table = Table([0], ["8S", "9D", "8H", "3C", "2C", "TH", "TS"])
    table.bet({0: 100})
    table.act(0, type="split", box=0, hand=0)
    table.refused(0, "A split hand is not surrendered", type="surrender", box=0, hand=0)
    assert "double" in [a["type"] for a in ENGINE.legal_actions(table.state, 0)], "B5"


def test_odd_actions_are_refused_with_a_sentence():
    state = ENGINE.new_hand(CONFIG, [0], ScriptedRng(_order([])))
    for action in (None, "bet", {}, {"type": 3}, {"type": "dance"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, 0, action, Draws.replaying([]))
    refused(state, 4, "not dealt in", type="pass")


# --- leaving, the house, the view ----------------------------------------------------------------


def test_leaving_with_a_stake_working_holds_the_seat_its_hand_stands_by_its_clock():
    table = Table([0, 1], ["TS", "9S", "7D", "6C", "9C", "TH"])  # 16, 18 against 7
    table.bet({0: 100, 1: 100})
    assert ENGINE.holds_bets(table.state, 0) and ENGINE.apply_leave(table.state, 0) is None
    table.state, _ = ENGINE.apply_timeout(table.state, 0, Draws.replaying([]))
    table.act(1, type="stand", box=1, hand=0)
    assert table.nets() == {"0": -100, "1": 100} and not ENGINE.holds_bets(table.state, 0)


def test_leaving_with_nothing_staked_folds_and_the_last_bettor_leaving_deals():
    state = ENGINE.new_hand(CONFIG, [0, 1], ScriptedRng(_order(["TS", "9S", "7D", "TH"])))
    state, _ = act(state, 0, type="bet", amount=100)
    state, events = ENGINE.apply_leave(state, 1)
    assert {"type": "left", "seat": 1} in events and 1 not in state["players"]
    assert state["phase"] == "playing" and ENGINE.to_act(state) == [0]


def test_away_with_a_stake_working_his_decisions_are_made_at_once_for_the_hand():
    table = Table([0, 1], ["TS", "9S", "7D", "6C", "9C", "TH"])
    table.bet({0: 100, 1: 100})
    table.state, events = ENGINE.apply_absent(table.state, 1, Draws.replaying([]))
    assert 1 in table.state["away"] and ENGINE.to_act(table.state) == [0]
    table.state, events = ENGINE.apply(
        table.state, 0, {"type": "stand", "box": 0, "hand": 0}, Draws.replaying([])
    )
    assert {"type": "timeout", "seat": 1} in events, "his turn is taken by his clock at once"
    assert ENGINE.is_hand_over(table.state)


def test_cg_48_a_box_is_paid_at_most_max_payout():
    config = ENGINE.check_config({**CONFIG, "max_payout": 100})
    table = Table([0], ["AS", "TD", "KH", "7C"], config=config)
    table.bet({0: 100})
    assert table.nets() == {"0": 100}, "3:2 would be 150"


def test_a_round_nobody_bets_in_leaves_no_hand_and_keeps_the_shoe():
    state = ENGINE.new_hand(CONFIG, [0, 1], ScriptedRng(_order([])))
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="pass")
    assert ENGINE.is_hand_over(state) and ENGINE.round_without_bets(state)
    assert Shoe.from_dict(state["shoe"]).position == 0
    assert not ENGINE.commitment_finished(state)


def test_a_void_mid_hand_returns_every_stake_a_split_hand_and_insurance_too():
    table = Table([0], ["8S", "AD", "8H", "3D", "TD"])
    table.bet({0: 100})
    table.act(0, type="insurance", box=0, amount=50)
    table.act(0, type="split", box=0, hand=0)
    state, events = ENGINE.apply_void(table.state)
    assert sorted(paid(events)) == [
        ("pot:b0:s0", "seat:0", 100),
        ("pot:b0:s0:h1", "seat:0", 100),
        ("pot:b0:s0:insurance", "seat:0", 50),
    ]
    assert not ENGINE.in_play(state)


def test_the_view_carries_the_board_and_never_an_undealt_card():
    table = Table([0, 1], ["AS", "7D", "6C", "6H", "TH"])  # A 6 = 7/17 against 7
    table.bet({0: 100}, behind={1: (0, 40)})
    table.act(1, type="done")
    view = ENGINE.view(table.state, 0)
    (box,) = view["boxes"]
    assert box["owner"] == 0 and box["stakes"] == [
        {"seat": 0, "amount": 100},
        {"seat": 1, "amount": 40},
    ]
    (hand,) = box["hands"]
    assert hand["cards"] == ["AS", "6C"] and hand["label"] == "7/17" and hand["soft"]
    assert [s["seat"] for s in hand["stakes"]] == [0, 1] and box["playing"]
    assert view["dealer"] == {
        "cards": ["7D"],
        "face_down": 0,
        "total": 7,
        "soft": False,
        "label": "7",
        "natural": False,
        "bust": False,
        "peeked": False,
    }
    assert view["shoe"]["cards_left"] == 309 and view["shoe"]["discards"] == 0
    assert view["turn"] == {"box": 0, "hand": 0, "seat": 0, "asking": None, "asked": []}
    assert {"type": "double", "box": 0, "hand": 0} in view["legal"] and view["deciding"]
    assert view["limits"]["natural_pays"] == "3/2"
    undealt = set(ENGINE.undealt(table.state)[:1])
    assert "6H" in undealt and "6H" not in json.dumps(ENGINE.view(table.state, None))
    assert ENGINE.view(table.state, 1)["legal"] == []
    summary = ENGINE.summary(table.state, CONFIG)
    assert ["Boxes", "1/7"] in summary["facts"] and summary["stage"] == "playing the boxes"
    assert summary["pot"] == 140
