"""High card, our own 6-seat test game (tables/engines/highcard.py): one test per rule, with
scripted shoes (the cards on top of the shoe are chosen) and scripted dice (Draws.replaying)."""

import json
import random
import re
from collections import Counter

import pytest

from tables.engines.base import (
    HOUSE_BANK,
    Draws,
    IllegalAction,
    NextHand,
    Payment,
    SeatInfo,
    engine_for,
    payments,
)
from tables.engines.cards import Shoe, pack_52
from tables.engines.highcard import ENGINE, check_config, split_evenly
from tests.tables.engines.scripted import ScriptedRng

CONFIG = check_config({"min_bet": 100, "max_bet": 1_000, "ante": 25, "decks": 2})
NO_ANTE = check_config({"min_bet": 100, "max_bet": 1_000, "ante": 0, "decks": 2})


def shoe_order(top: list[str], decks: int = 2) -> list[str]:
    """A whole shoe of `decks` packs with `top` dealt first."""
    rest = Counter(pack_52() * decks) - Counter(top)
    return [*top, *sorted(rest.elements())]


def deal(players, top=(), config=CONFIG, carry=None):
    """A new hand whose shoe (if a new one is opened) deals `top` first: the dealer's card
    first, then the boxes' in the layout's order (a seat's own box is the box of its number)."""
    rng = ScriptedRng(shoe_order(list(top), config["decks"]))
    return ENGINE.new_hand(config, players, rng, carry)


def act(state, seat, rolls=(), **action):
    """Apply one action; `rolls` are the dice the hand will roll (1-6), in order."""
    draws = Draws.replaying([die - 1 for die in rolls])
    state, events = ENGINE.apply(state, seat, action, draws)
    assert draws.taken == [die - 1 for die in rolls], "every scripted die is rolled"
    return state, events


def paid(events) -> list[tuple[str, str, int]]:
    return [(p.source, p.target, p.amount) for p in payments(events)]


# --- config --------------------------------------------------------------------------------


def test_config_fills_defaults_and_passes_the_clock_settings_through():
    checked = check_config({"min_bet": 10, "max_bet": 10, "action_seconds": 20})
    assert checked == {
        "min_bet": 10,
        "max_bet": 10,
        "ante": 0,
        "decks": 2,
        "penetration": 0.75,
        "action_seconds": 20,
        # the house-banked table's shared settings (tables.families.house.bank), High card's layout
        "min_unit": 1,
        "max_payout": None,
        "max_exposure": None,
        "boxes": 7,
        "boxes_per_player": 1,
        "open_boxes_per_player": None,
        "dark_boxes_per_player": 0,
        "bets_behind": False,
        "side_bets": {},
        "switch": False,
        "ties": "die",
    }
    assert engine_for("highcard").check_config({"min_bet": 1, "max_bet": 2})["boxes"] == 7


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"max_bet": 100}, "The minimum bet (min_bet) is a whole number of minor units above 0."),
        ({"min_bet": 0, "max_bet": 100}, "minimum bet (min_bet) is a whole number"),
        ({"min_bet": 1.5, "max_bet": 100}, "minimum bet (min_bet) is a whole number"),
        ({"min_bet": True, "max_bet": 100}, "minimum bet (min_bet) is a whole number"),
        (
            {"min_bet": 100, "max_bet": 99},
            "The maximum bet (max_bet) is a whole number of minor units, at least the minimum "
            "bet of 100.",
        ),
        ({"min_bet": 100}, "maximum bet"),
        ({"min_bet": 1, "max_bet": 2, "ante": -1}, "The ante is a whole number of minor units"),
        ({"min_bet": 1, "max_bet": 2, "decks": 0}, "The shoe holds 1 to 8 decks."),
        ({"min_bet": 1, "max_bet": 2, "decks": 9}, "The shoe holds 1 to 8 decks."),
        ({"min_bet": 1, "max_bet": 2, "penetration": 0.95}, "cut card) is from 0.5 to 0.9."),
        ({"min_bet": 1, "max_bet": 2, "penetration": "nan"}, "penetration"),
        ({"min_bet": 1, "max_bet": 2, "penetration": "deep"}, "penetration"),
        ({"min_bet": 1, "max_bet": 2, "boxes": 8}, "The layout has 6 to 7 boxes."),
        ({"min_bet": 1, "max_bet": 2, "boxes_per_player": 4}, "at most 3 boxes here"),
        (
            {"min_bet": 1, "max_bet": 2, "boxes_per_player": 2, "dark_boxes_per_player": 2},
            "one dark",
        ),
        ({"min_bet": 1, "max_bet": 2, "side_bets": {"pair": [1, 2]}}, "only side bet"),
        (
            {"min_bet": 1, "max_bet": 2, "switch": True},
            r"Card changes need ties to go to the house",
        ),
        (
            {"min_bet": 1, "max_bet": 2, "decks": 1, "penetration": 0.9},
            "The cut card leaves 7 cards for the last hand, which may take 8",
        ),
        ("min_bet=1", "The settings are a JSON object."),
    ],
)
def test_config_refuses_what_a_table_could_not_play_with_a_readable_message(config, message):
    with pytest.raises(IllegalAction, match=re.escape(message)):
        check_config(config)


@pytest.mark.parametrize("decks", range(1, 9))
def test_a_shoe_whose_cut_card_is_not_out_holds_enough_cards_for_six_bettors_and_the_dealer(
    decks,
):
    shoe = Shoe.new(decks, random.Random(decks), penetration=0.9)
    shoe.position = shoe.cut_at - 1  # the last card before the cut card
    assert not shoe.cut_card_out
    assert shoe.remaining >= 7


# --- antes ------------------------------------------------------------------------------------


def test_every_seat_dealt_in_pays_the_ante_into_the_main_pot_as_the_hand_starts():
    state = deal([0, 3, 5])
    events = ENGINE.start_events(state)
    assert paid(events) == [("seat:0", "pot", 25), ("seat:3", "pot", 25), ("seat:5", "pot", 25)]
    assert events[0] == {"type": "hand_started", "players": [0, 3, 5], "shoe": 1, "new_shoe": True}
    assert ENGINE.view(state, None)["pot"] == 75


def test_without_an_ante_nothing_is_paid_as_the_hand_starts():
    state = deal([0, 1], config=NO_ANTE)
    assert paid(ENGINE.start_events(state)) == []


# --- simultaneous betting ----------------------------------------------------------------------


def test_every_seat_decides_at_the_same_time_and_a_bet_goes_into_its_box():
    state = deal([1, 2, 4])
    assert ENGINE.to_act(state) == [1, 2, 4]
    state, events = act(state, 2, type="bet", amount=300)
    assert ENGINE.to_act(state) == [1, 4]
    assert events == [
        {"type": "bet", "seat": 2, "box": 2, "amount": 300, "dark": False},
        Payment("seat:2", "pot:b2:s2", 300, "bet").as_event(),
    ]
    state, events = act(state, 4, type="pass")
    assert events == [{"type": "pass", "seat": 4}]
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.view(state, None)["seats"]["2"]["bet"] == 300  # public once made


def test_cards_are_dealt_only_when_every_seat_has_decided():
    state = deal([1, 2], top=["7D", "KS", "2H"])
    state, events = act(state, 1, type="bet", amount=100)
    assert not any(e["type"] == "deal" for e in events)
    assert ENGINE.view(state, None)["seats"]["1"]["card"] is None
    state, events = act(state, 2, type="bet", amount=100)
    assert [e for e in events if e["type"] == "deal"] == [
        {"type": "deal", "boxes": {"1": "KS", "2": "2H"}}
    ]
    assert {"type": "dealer", "card": "7D"} in events  # turned at the end, face down till then


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, {"type": "bet", "amount": 99}, "A box takes from 100 to 1000."),
        (1, {"type": "bet", "amount": 1_001}, "A box takes from 100 to 1000."),
        (1, {"type": "bet", "amount": "100"}, "A stake is a whole amount."),
        (1, {"type": "bet"}, "A stake is a whole amount."),
        (1, {"type": "bet", "box": 7, "amount": 100}, "There is no such box at this table."),
        (1, {"type": "bet", "box": 2, "amount": 100, "dark": True}, "Dark boxes are not played"),
        (1, {"type": "behind", "box": 2, "amount": 100}, "Bets behind a box are not taken"),
        (1, {"type": "side", "box": 1, "amount": 100}, "This table offers no side bet."),
        (1, {"type": "raise", "amount": 100}, "Unknown action."),
        (1, "pass", "Unknown action."),
        (3, {"type": "pass"}, "You are not dealt in this hand."),
    ],
)
def test_a_bet_outside_the_limits_or_an_unknown_action_is_refused(seat, action, message):
    state = deal([1, 2])
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, seat, action, Draws.replaying([]))


def test_a_seat_that_has_decided_may_do_nothing_more_this_hand():
    state, _ = act(deal([1, 2]), 1, type="pass")
    assert ENGINE.legal_actions(state, 1) == []
    for action in ({"type": "bet", "amount": 100}, {"type": "tip", "to": 2, "amount": 5}):
        with pytest.raises(IllegalAction, match="You have already bet or passed this hand."):
            ENGINE.apply(state, 1, action)


def test_legal_actions_name_the_ends_of_each_range_and_every_one_applies():
    state = deal([0, 1, 2])
    boxes = [
        {"type": "bet", "box": n, "amount": amount} for n in range(7) for amount in (100, 1_000)
    ]
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "bet", "amount": 100},
        {"type": "bet", "amount": 1_000},
        *boxes,
        {"type": "pass"},
        {"type": "tip", "to": 1, "amount": 1},
        {"type": "tip", "to": 1, "amount": 1_000},
        {"type": "tip", "to": 2, "amount": 1},
        {"type": "tip", "to": 2, "amount": 1_000},
    ]
    view = ENGINE.view(state, 0)
    assert (view["bet_range"], view["tip_range"]) == ([100, 1_000], [1, 1_000])
    for action in ENGINE.legal_actions(state, 0):
        ENGINE.apply(state, 0, action, Draws.replaying([]))
    act(state, 0, type="bet", amount=555)  # any amount within the range


def test_each_seat_clock_runs_on_through_the_other_seats_actions_and_its_own_tips():
    state = deal([0, 1, 2])
    keys = {p: ENGINE.turn_key(state, p) for p in (0, 1, 2)}
    state, _ = act(state, 0, type="bet", amount=100)
    state, _ = act(state, 1, type="tip", to=2, amount=10)
    state, _ = act(state, 2, type="tip", to=1, amount=10)
    assert ENGINE.to_act(state) == [1, 2]
    assert {p: ENGINE.turn_key(state, p) for p in (1, 2)} == {1: keys[1], 2: keys[2]}
    state, _ = act(state, 1, type="pass")
    state = play_out(state)
    following = deal([0, 1, 2], carry=ENGINE.carry_over(state))
    assert ENGINE.turn_key(following, 1) != keys[1], "a new hand starts a new clock"


def test_a_seat_out_of_time_passes():
    state = deal([0, 1])
    assert ENGINE.timeout_action(state, 1) == {"type": "pass"}
    state, events = ENGINE.apply_timeout(state, 1, Draws.replaying([]))
    assert events == [{"type": "timeout", "seat": 1}, {"type": "pass", "seat": 1}]
    with pytest.raises(IllegalAction, match="no clock"):
        ENGINE.apply_timeout(state, 1)


# --- tips -------------------------------------------------------------------------------------


def test_a_deciding_seat_may_tip_another_player_seat_to_seat_and_still_decides_after():
    state = deal([0, 4])
    state, events = act(state, 0, type="tip", to=4, amount=50)
    assert paid(events) == [("seat:0", "seat:4", 50)]
    assert ENGINE.to_act(state) == [0, 4]
    assert ENGINE.view(state, None)["pot"] == 50, "a tip goes to the player, not the pot"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "tip", "to": 0, "amount": 5}, "Tip another player dealt in this hand."),
        ({"type": "tip", "to": 3, "amount": 5}, "Tip another player dealt in this hand."),
        ({"type": "tip", "to": "4", "amount": 5}, "Tip another player dealt in this hand."),
        ({"type": "tip", "to": 4, "amount": 0}, "A tip is from 1 to 1000."),
        ({"type": "tip", "to": 4, "amount": 1_001}, "A tip is from 1 to 1000."),
    ],
)
def test_a_tip_to_oneself_to_a_seat_not_dealt_in_or_out_of_range_is_refused(action, message):
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(deal([0, 4]), 0, action)


# --- the house-banked payout ---------------------------------------------------------------------


def test_a_higher_card_wins_one_to_one_from_the_house_bank_and_a_lower_loses_the_box_to_it():
    state = deal([0, 1], top=["9D", "KS", "4H"], config=NO_ANTE)  # dealer: 9, 0: K, 1: 4
    state, _ = act(state, 0, type="bet", amount=200)
    state, events = act(state, 1, type="bet", amount=300)
    assert paid(events) == [
        ("seat:1", "pot:b1:s1", 300),  # the bet that ended the betting
        (HOUSE_BANK, "seat:0", 200),
        ("pot:b0:s0", "seat:0", 200),
        ("pot:b1:s1", HOUSE_BANK, 300),
    ]
    assert ENGINE.is_hand_over(state)
    assert ENGINE.hand_result(state) == {
        "void": False,
        "won": {"0": True, "1": False},
        "boxes": {
            "0": {
                "owner": 0,
                "kind": "open",
                "card": "KS",
                "won": True,
                "die": None,
                "nets": {"0": 200},
            },
            "1": {
                "owner": 1,
                "kind": "open",
                "card": "4H",
                "won": False,
                "die": None,
                "nets": {"1": -300},
            },
        },
        "ante_winners": [],
        "dealer_card": "9D",
    }


def test_suits_are_ignored_and_aces_are_high():
    state = deal([0], top=["KS", "AC"], config=NO_ANTE)
    state, events = act(state, 0, type="bet", amount=100)
    assert state["result"]["won"] == {"0": True}
    assert ("pot:b0:s0", "seat:0", 100) in paid(events)


@pytest.mark.parametrize(("die", "bettor_wins"), [(1, False), (3, False), (4, True), (6, True)])
def test_equal_ranks_roll_a_die_drawn_mid_hand_four_to_six_the_bettor_wins(die, bettor_wins):
    state = deal([2], top=["QS", "QH"], config=NO_ANTE)
    state, events = act(state, 2, rolls=[die], type="bet", amount=100)
    assert {"type": "roll", "box": 2, "die": die} in events
    expected = (
        [(HOUSE_BANK, "seat:2", 100), ("pot:b2:s2", "seat:2", 100)]
        if bettor_wins
        else [("pot:b2:s2", HOUSE_BANK, 100)]
    )
    assert paid(events)[1:] == expected, "after the bet itself"


def test_a_tie_replays_from_the_recorded_draw():
    start, _ = act(deal([0, 1], top=["7S", "7H"]), 1, type="pass")
    live_draws = Draws(random.Random(5))
    live, live_events = ENGINE.apply(start, 0, {"type": "bet", "amount": 100}, live_draws)
    assert len(live_draws.taken) == 1
    replay, replay_events = ENGINE.apply(
        start, 0, {"type": "bet", "amount": 100}, Draws.replaying(live_draws.taken)
    )
    assert (replay, replay_events) == (live, live_events)


# --- the ante pot ---------------------------------------------------------------------------------


def test_the_ante_pot_goes_to_the_bettor_with_the_highest_card():
    state = deal([0, 1, 2], top=["AD", "5S", "JC"])  # dealer AD, bettors 0 and 1
    state, _ = act(state, 2, type="pass")
    state, _ = act(state, 0, type="bet", amount=100)
    state, events = act(state, 1, type="bet", amount=100)
    assert paid(events)[-1] == ("pot", "seat:1", 75)
    assert state["ante_winners"] == [1]


def test_equal_highest_cards_split_the_ante_pot_with_the_remainder_to_the_first():
    state = deal([0, 1, 2], top=["2H", "9S", "9C", "4D"])  # 0 and 1 hold nines, 2 a four
    for seat in (0, 1, 2):
        state, events = act(state, seat, type="bet", amount=100)
    ante_payments = [p for p in paid(events) if p[0] == "pot"]
    assert ante_payments == [("pot", "seat:0", 38), ("pot", "seat:1", 37)]
    assert split_evenly(100, 3) == [34, 33, 33]


def test_if_nobody_bets_the_ante_pot_goes_to_the_house_commission_and_no_card_is_dealt():
    state = deal([0, 1])
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 1, type="pass")
    assert paid(events) == [("pot", "house:commission", 50)]
    assert not any(e["type"] == "deal" for e in events)
    assert state["shoe"]["position"] == 0


def test_a_hand_cards_go_to_the_discard_and_every_card_of_the_shoe_stays_in_one_place():
    state = deal([0, 1], top=["4S", "2S", "3S"])
    before = Counter(ENGINE.all_cards(state))
    state, _ = act(state, 0, type="bet", amount=100)
    state, _ = act(state, 1, type="bet", amount=100)
    shoe = Shoe.from_dict(state["shoe"])
    assert shoe.discard == ["4S", "2S", "3S"] and shoe.in_play == []
    assert ENGINE.undealt(state) == shoe.cards[3:]
    assert Counter(ENGINE.all_cards(state)) == before == Counter(pack_52() * 2)


# --- the shoe and its commitment ---------------------------------------------------------------


def play_out(state):
    """Every seat still deciding bets the minimum (ties roll seeded dice)."""
    for seat in ENGINE.to_act(state):
        bet = {"type": "bet", "amount": state["limits"]["min_bet"]}
        state, _ = ENGINE.apply(state, seat, bet, Draws(random.Random(0)))
    return state


def test_the_shoe_spans_hands_under_one_commitment_until_the_cut_card_comes_out():
    config = check_config({"min_bet": 1, "max_bet": 1, "decks": 1, "penetration": 0.5})  # cut 26
    first = deal([0, 1, 2, 3, 4, 5], top=[], config=config)
    commitment = ENGINE.commitment(first)
    assert commitment.scope == "shoe:1"
    assert commitment.record == ",".join(shoe_order([], 1))
    hands, state = [], first
    while True:
        state = play_out(state)
        hands.append(state)
        if ENGINE.commitment_finished(state):
            break
        state = ENGINE.new_hand(config, [0, 1, 2, 3, 4, 5], None, ENGINE.carry_over(state))
        assert ENGINE.commitment(state) == commitment, "the same shoe, the same commitment"
    # seven cards a hand: the cut card (26th) comes out in the fourth hand
    assert len(hands) == 4
    assert [h["shoe"]["position"] for h in hands] == [7, 14, 21, 28]
    assert not any(ENGINE.commitment_finished(h) for h in hands[:-1])
    second_order = shoe_order(["AS"], 1)
    following = ENGINE.new_hand(config, [0, 1], ScriptedRng(second_order), ENGINE.carry_over(state))
    assert ENGINE.commitment(following).scope == "shoe:2"
    assert ENGINE.commitment(following).record == ",".join(second_order)
    assert ENGINE.start_events(following)[0]["new_shoe"] is True
    assert ENGINE.undealt(following) == second_order


def test_a_hand_in_play_is_not_the_end_of_its_shoe_even_past_the_cut_card():
    config = check_config({"min_bet": 1, "max_bet": 1, "decks": 1, "penetration": 0.5})
    state = deal([0], config=config)
    state["shoe"]["position"] = 30  # past the cut card, as after a long hand
    assert not ENGINE.commitment_finished(state), "revealed only at the end of the hand"
    assert ENGINE.commitment_finished(play_out(state))


def test_a_carried_shoe_keeps_its_decks_when_the_settings_change_between_hands():
    state = play_out(deal([0, 1]))
    one_deck = check_config({**CONFIG, "decks": 1})
    following = ENGINE.new_hand(one_deck, [0, 1], None, ENGINE.carry_over(state))
    assert len(Shoe.from_dict(following["shoe"])) == 104
    assert ENGINE.commitment(following) == ENGINE.commitment(state)


# --- what each may see --------------------------------------------------------------------------


def test_no_view_holds_the_shoe_order_and_only_the_seat_itself_gets_its_legal_actions():
    state = deal([0, 1])
    undealt = ENGINE.undealt(state)
    for seat in (None, 0, 1):
        text = json.dumps(ENGINE.view(state, seat))
        assert not any(f'"{card}"' in text for card in set(undealt)), "no card is out yet"
    assert "legal" not in ENGINE.view(state, None)
    assert ENGINE.view(state, 0)["legal"] == ENGINE.legal_actions(state, 0)
    assert ENGINE.private_cards(state) == {}


def test_the_view_shows_each_seat_card_and_the_dealer_card_once_dealt():
    state = deal([0, 1], top=["3D", "TS", "8C"], config=NO_ANTE)
    state, _ = act(state, 0, type="bet", amount=100)
    state, _ = act(state, 1, type="pass")
    view = ENGINE.view(state, None)
    assert view["seats"]["0"] == {
        "deciding": False,
        "bet": 100,
        "passed": False,
        "folded": False,
        "boxes": [0],
        "card": "TS",
        "die": None,
        "won": True,
    }
    assert view["seats"]["1"]["passed"] is True and view["seats"]["1"]["card"] is None
    assert view["dealer_card"] == "3D"
    assert view["shoe_remaining"] == 102


# --- leaving, absence and void ------------------------------------------------------------------


def test_leaving_before_deciding_folds_and_leaves_the_ante_in_the_pot():
    state = deal([0, 1, 2], top=["KD", "2C", "5H"])
    assert not ENGINE.holds_bets(state, 1)
    state, events = ENGINE.apply_leave(state, 1)
    assert events[0] == {"type": "left", "seat": 1}
    assert paid(events) == []
    assert ENGINE.view(state, None)["pot"] == 75, "the leaver's ante stays in the pot"
    assert ENGINE.to_act(state) == [0, 2]
    state, _ = act(state, 0, type="bet", amount=100)
    state, events = act(state, 2, type="pass")
    # seat 0 is the only bettor: dealt 2C, the dealer KD; the leaver is dealt nothing
    assert not any(p[1] == "seat:1" for p in paid(events)), "nothing is paid to a seat gone"
    assert [e for e in events if e["type"] == "deal"][0]["boxes"] == {"0": "2C"}
    assert ("pot", "seat:0", 75) in paid(events)
    assert ENGINE.view(state, None)["seats"]["1"]["folded"] is True


def test_leaving_with_a_bet_standing_keeps_the_box_working_until_the_hand_settles_it():
    """Issue 31: a box standing is money working; the seat is held (``holds_bets``) and the
    box is dealt and paid with the hand."""
    state = deal([0, 1, 2], top=["KD", "2C", "AD", "5H"])
    state, _ = act(state, 1, type="bet", amount=400)
    assert ENGINE.holds_bets(state, 1)
    assert ENGINE.apply_leave(state, 1) is None  # nothing to take now
    state, _ = act(state, 0, type="bet", amount=100)
    state, events = act(state, 2, type="pass")
    assert ENGINE.is_hand_over(state) and not ENGINE.holds_bets(state, 1)
    # dealt 2C to seat 0, AD to seat 1, the dealer KD: the leaver's ace wins 1:1 and the antes
    assert [e for e in events if e["type"] == "deal"][0]["boxes"] == {"0": "2C", "1": "AD"}
    assert ("pot:b1:s1", "seat:1", 400) in paid(events)
    assert (HOUSE_BANK, "seat:1", 400) in paid(events)
    assert ("pot", "seat:1", 75) in paid(events)


def test_the_last_seat_deciding_leaving_settles_the_hand_with_the_die_it_is_given():
    state = deal([0, 1], top=["6S", "6H"], config=NO_ANTE)
    state, _ = act(state, 0, type="bet", amount=100)
    state, events = ENGINE.apply_leave(state, 1, Draws.replaying([5]))
    assert ENGINE.is_hand_over(state)
    assert {"type": "roll", "box": 0, "die": 6} in events
    assert (HOUSE_BANK, "seat:0", 100) in paid(events)


def test_staying_away_past_the_limit_mid_hand_with_nothing_staked_folds_the_same_way():
    state = deal([0, 1])
    state, events = ENGINE.apply_absent(state, 0)
    assert events[0] == {"type": "absent", "seat": 0}
    assert paid(events) == []
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.view(state, None)["seats"]["0"]["folded"] is True


def test_staying_away_with_a_stake_working_ends_its_betting_and_the_box_plays_on():
    state = deal([0, 1])
    state, _ = act(state, 0, type="bet", box=3, amount=100)  # a box of its own, still betting
    state, events = ENGINE.apply_absent(state, 0)
    assert events[0] == {"type": "absent", "seat": 0}
    assert paid(events) == [], "his clock's choice: betting done, the stake stands"
    assert ENGINE.to_act(state) == [1] and ENGINE.holds_bets(state, 0)


def test_leaving_between_hands_or_a_hand_one_was_not_dealt_in_costs_nothing():
    state = deal([0, 1])
    assert ENGINE.apply_leave(state, 4) is None
    assert ENGINE.apply_leave(play_out(state), 0) is None


def test_a_void_returns_exactly_the_antes_and_the_boxes_to_whoever_paid_them():
    state = deal([0, 1, 2])
    state, _ = act(state, 0, type="bet", amount=300)
    state, _ = act(state, 2, type="tip", to=1, amount=40)
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == sorted(
        [
            ("pot", "seat:0", 25),
            ("pot", "seat:1", 25),
            ("pot", "seat:2", 25),
            ("pot:b0:s0", "seat:0", 300),
        ]
    ), "the tip was the player's to give: it is not returned"
    assert ENGINE.hand_result(state) == {"void": True}
    assert ENGINE.view(state, None)["pot"] == 0
    assert not ENGINE.in_play(state)
    with pytest.raises(IllegalAction, match="No hand is being played."):
        ENGINE.apply_void(state)


def test_a_void_after_a_seat_left_pays_nothing_to_its_seat_and_the_house_holds_its_ante():
    state = deal([0, 1, 2])
    state, _ = ENGINE.apply_leave(state, 1)  # before deciding: folded, gone
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == [
        ("pot", "house:unclaimed", 25),
        ("pot", "seat:0", 25),
        ("pot", "seat:2", 25),
    ]


def test_a_void_after_a_seat_left_with_its_bet_standing_returns_both_to_the_held_seat():
    state = deal([0, 1])
    state, _ = act(state, 1, type="bet", amount=200)
    assert ENGINE.apply_leave(state, 1) is None  # the seat is held for its box
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == [
        ("pot", "seat:0", 25),
        ("pot", "seat:1", 25),
        ("pot:b1:s1", "seat:1", 200),
    ]


def test_a_void_after_a_seat_stayed_away_returns_its_ante_as_it_is_still_seated():
    state = deal([0, 1])
    state, _ = act(state, 1, type="bet", amount=200)
    state, _ = ENGINE.apply_absent(state, 1)  # his box plays on: he is still seated
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == [
        ("pot", "seat:0", 25),
        ("pot", "seat:1", 25),
        ("pot:b1:s1", "seat:1", 200),
    ]


def test_a_seat_away_that_then_leaves_gives_its_ante_up_to_the_house_for_a_void():
    state, _ = ENGINE.apply_absent(deal([0, 1]), 1)
    state, events = ENGINE.apply_leave(state, 1)
    assert events == [{"type": "left", "seat": 1}]
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == [("pot", "house:unclaimed", 25), ("pot", "seat:0", 25)]


def test_a_voided_hand_keeps_its_shoe_for_the_next_hand():
    state = deal([0, 1])
    voided, _ = ENGINE.apply_void(state)
    following = ENGINE.new_hand(CONFIG, [0, 1], None, ENGINE.carry_over(voided))
    assert ENGINE.commitment(following) == ENGINE.commitment(state)
    assert following["hand_key"] == state["hand_key"] + 1


# --- the session ---------------------------------------------------------------------------------


def test_anyone_may_sit_at_any_time_and_is_dealt_in_from_the_next_hand():
    state = deal([0, 1])
    assert ENGINE.sit_refusal(state, CONFIG) is None
    seats = [
        SeatInfo(0),
        SeatInfo(1),
        SeatInfo(3),
        SeatInfo(5, ready=False),
        SeatInfo(4, away=True),
    ]
    following = ENGINE.next_hand(play_out(state), seats, CONFIG)
    assert following.players == (0, 1, 3)
    assert following.carry["shoe_number"] == 1
    assert ENGINE.next_hand(None, [SeatInfo(2)], CONFIG) == NextHand((2,), None)
    assert ENGINE.next_hand(None, [SeatInfo(2, away=True)], CONFIG) is None


def test_the_hand_number_given_by_the_table_names_the_escrow():
    state = deal([0], config={**CONFIG, "hand_number": 41})
    assert ENGINE.escrow_key(state) == "hand:41"
    assert ENGINE.escrow_key(deal([0])) == "hand:1"


def test_the_summary_shows_the_bets_the_ante_and_the_money_in_the_pots_not_who_decided():
    state, _ = act(deal([0, 1, 2]), 1, type="bet", amount=500)
    assert ENGINE.summary(state, CONFIG) == {
        "pot": 575,
        "stage": "taking bets",
        "facts": [
            ["Bets", {"money_range": [100, 1_000]}],
            ["Ante", {"money": 25}],
            ["Shoe", 1],
            ["House at risk", {"money": 500}],
        ],
    }
    assert ENGINE.summary(None, NO_ANTE) == {
        "pot": 0,
        "stage": "",
        "facts": [["Bets", {"money_range": [100, 1_000]}]],
    }


def test_a_state_survives_a_json_round_trip_and_apply_leaves_its_input_alone():
    state = deal([0, 1])
    frozen = json.dumps(state, sort_keys=True)
    assert json.loads(frozen) == state
    after, _ = act(state, 0, type="bet", amount=100)
    ENGINE.apply_leave(after, 1)
    assert json.dumps(state, sort_keys=True) == frozen
    assert json.loads(json.dumps(after)) == after
