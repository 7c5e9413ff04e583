"""The house as counter-party (tables/families/house/bank.py): the shared settings, the round's
exposure within max_payout (CG §48) and max_exposure, and fees that a void returns."""

from collections import defaultdict

import pytest

from tables.engines.base import HOUSE_BANK, GameEngine, IllegalAction, copy_json, payments, seat
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.families.house.boxes import place, stake_pot

CONFIG = house.check_house_config(
    {"min_bet": 100, "max_bet": 1_000, "bets_behind": True, "boxes_per_player": 2},
    {"dark_boxes_per_player": 1},
)
LIMITS = house.box_limits(CONFIG)
PAY_TABLES = {boxes.MAIN: ["1:1", "3:2"], "bonus": ["10:1", "50:1"], "call": "5:1"}


def fresh() -> dict:
    return {"players": [0, 1, 2], "over": False, "pots": {}, "escrowed": {}}


def balances(events) -> dict[str, int]:
    change: dict[str, int] = defaultdict(int)
    for payment in payments(events):
        change[payment.source] -= payment.amount
        change[payment.target] += payment.amount
    return dict(change)


# --- settings ------------------------------------------------------------------------------


def test_the_shared_settings_fill_their_defaults_under_the_games_and_pass_the_rest():
    checked = house.check_house_config({"min_bet": 10, "max_bet": 50, "action_seconds": 20})
    assert checked == {
        "min_bet": 10,
        "max_bet": 50,
        "min_unit": 1,
        "max_payout": None,
        "max_exposure": None,
        "boxes": None,
        "boxes_per_player": 1,
        "open_boxes_per_player": None,
        "dark_boxes_per_player": 0,
        "bets_behind": False,
        "side_bets": {},
        "action_seconds": 20,
    }
    assert CONFIG["dark_boxes_per_player"] == 1  # the game's default
    assert "action_seconds" not in house.box_limits(checked)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"max_bet": 100}, "The minimum bet (min_bet) is a whole number of minor units above 0."),
        ({"min_bet": 100, "max_bet": 99}, "at least the minimum bet of 100."),
        ({"min_bet": 10, "max_bet": 99, "min_unit": 11}, "from 1 to the minimum bet of 10."),
        ({"min_bet": 10, "max_bet": 99, "max_payout": 0}, "(max_payout) is a whole number"),
        ({"min_bet": 10, "max_bet": 99, "max_exposure": 1.5}, "(max_exposure) is a whole"),
        ({"min_bet": 10, "max_bet": 99, "boxes_per_player": 0}, "(boxes_per_player) are 1"),
        (
            {"min_bet": 10, "max_bet": 99, "dark_boxes_per_player": 2},
            "(dark_boxes_per_player) are from 0 to the 1 boxes",
        ),
        ({"min_bet": 10, "max_bet": 99, "bets_behind": "yes"}, "(bets_behind) are allowed"),
        ({"min_bet": 10, "max_bet": 99, "side_bets": {"bonus": [0, 5]}}, "a low of at least 1"),
        ({"min_bet": 10, "max_bet": 99, "side_bets": {"h1": [1, 5]}}, "a short lowercase word"),
        ({"min_bet": 10, "max_bet": 99, "side_bets": []}, "limits are a JSON object."),
        ([], "The settings are a JSON object."),
    ],
)
def test_bad_shared_settings_are_refused_with_a_sentence(config, message):
    with pytest.raises(IllegalAction) as error:
        house.check_house_config(config)
    assert message in str(error.value)


# --- exposure ------------------------------------------------------------------------------


def three_boxes() -> dict:
    state, events = fresh(), []
    place(state, events, LIMITS, 0, 0, 100)
    place(state, events, LIMITS, 0, 1, 51, behind=True)
    place(state, events, LIMITS, 1, 0, 200, dark=True)
    boxes.place_side(state, events, LIMITS, 1, 0, "bonus", 10)
    place(state, events, LIMITS, 2, 2, 300)
    return state


def test_exposure_is_the_best_line_of_every_stake_as_it_would_be_paid():
    state = three_boxes()
    # box 0: 150 + 76 (76.5 rounded down, as it would be paid); box 1: 300 + 500; box 2: 450
    assert house.exposure(state, PAY_TABLES) == 226 + 800 + 450
    assert house.box_exposure(state["boxes"]["1"], PAY_TABLES) == 800


def test_cg_48_exposure_counts_at_most_max_payout_a_box():
    state = three_boxes()
    assert house.exposure(state, PAY_TABLES, max_payout=400) == 226 + 400 + 400
    # C9: what the rules leave uncapped is counted whole beside the cap
    assert house.exposure(state, PAY_TABLES, 400, uncapped=(boxes.MAIN,)) == 226 + 700 + 450


def test_exposure_leaves_out_what_is_settled_and_counts_the_cap_already_used():
    state, events = three_boxes(), []
    boxes.settle_hand(state, events, 0, 0, "1:1")
    boxes.settle_side(state, events, 1, "bonus", "10:1", max_payout=400)  # 100 of the 400 used
    assert house.exposure(state, PAY_TABLES, max_payout=400) == 0 + 300 + 400


def test_a_bet_over_max_exposure_is_refused_with_nothing_changed():
    limits = {**LIMITS, "max_exposure": 1_000, "max_payout": None}
    state, events = fresh(), []
    place(state, events, limits, 0, 0, 400)  # may pay 600
    before = copy_json(state)
    with pytest.raises(IllegalAction) as error:
        house.refuse_over_exposure(state, PAY_TABLES, limits, box=1, position=1, amount=300)
    assert state == before
    # 267 at 3:2 may win 400 (400.5 rounded down, as it would be paid): the limit exactly
    assert error.value.params == {"amount": 267, "max_exposure_amount": 1_000}
    assert str(error.value) == (
        "The house takes at most 267 more of this bet this round: it would risk more than 1000."
    )
    house.refuse_over_exposure(state, PAY_TABLES, limits, box=1, position=1, amount=267)
    place(state, events, limits, 1, 1, 267)
    assert house.exposure(state, PAY_TABLES) == 1_000
    with pytest.raises(IllegalAction) as error:
        house.refuse_over_exposure(
            state, PAY_TABLES, limits, box=0, position=0, kind="bonus", amount=1
        )
    assert str(error.value) == (
        "The house takes no more of this bet this round: it would risk more than 1000."
    )


def test_max_payout_lets_more_bets_in_under_max_exposure():
    limits = {**LIMITS, "max_exposure": 900, "max_payout": 500}
    state, events = fresh(), []
    place(state, events, limits, 0, 0, 1_000)  # may win 1500, of which 500 is paid
    house.refuse_over_exposure(state, PAY_TABLES, limits, box=1, position=1, amount=267)
    assert house.room_for(state, PAY_TABLES, limits, box=1, position=1, up_to=1_000) == 267
    unlimited = {**limits, "max_exposure": None}
    assert house.room_for(state, PAY_TABLES, unlimited, box=1, position=1, up_to=7) == 7


# --- fees ----------------------------------------------------------------------------------


def test_cg_41_a_fee_goes_into_a_pot_of_the_hand_and_a_void_returns_it():
    state, events = fresh(), []
    place(state, events, LIMITS, 0, 0, 100)
    house.pay_fee(state, events, 0, 100, "change")
    assert state["pots"] == {stake_pot(0, 0): 100, "pot:fee:s0:change": 100}
    assert HOUSE_BANK not in balances(events)
    state, void_events = GameEngine().apply_void(state)
    assert balances(void_events) == {
        stake_pot(0, 0): -100,
        "pot:fee:s0:change": -100,
        seat(0): 200,
    }


def test_a_fee_reaches_the_bank_when_the_hand_ends_and_a_settled_box_stays_settled():
    state, events = fresh(), []
    place(state, events, LIMITS, 0, 0, 100)
    place(state, events, LIMITS, 1, 1, 200)
    house.pay_fee(state, events, 0, 30, "change")
    house.pay_fee(state, events, 1, 20, "game")
    events = []
    boxes.settle_hand(state, events, 0, 0, "1:1")
    assert house.fees_to_bank(state, events) == 50
    assert balances(events)[HOUSE_BANK] == 50 - 100
    assert state["pots"] == {stake_pot(1, 1): 200}
    # a void now returns only what is still in play: box 1's stake
    state, void_events = GameEngine().apply_void(state)
    assert balances(void_events) == {stake_pot(1, 1): -200, seat(1): 200}


def test_a_fee_is_a_positive_whole_amount_of_a_named_kind():
    with pytest.raises(ValueError):
        house.pay_fee(fresh(), [], 0, 0, "change")
    with pytest.raises(ValueError):
        house.pay_fee(fresh(), [], 0, 10, "Change!")
