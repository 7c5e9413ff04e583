"""Boxes of a house-banked table (tables/families/house/boxes.py): the limits of CG §101 and
B10, bets behind (CG §96, §98), dark boxes (CG §32, §40, §65), splits, settling every staker at a
ratio with the one rounding rule, and the max_payout cap (CG §48)."""

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.engines.base import HOUSE_BANK, GameEngine, IllegalAction, copy_json, payments, seat
from tables.families.house import boxes
from tables.families.house.bank import box_limits, check_house_config, exposure
from tables.families.house.boxes import place, settle_box, settle_hand, split, stake_pot

LIMITS = box_limits(
    check_house_config(
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "bets_behind": True,
            "boxes": 7,
            "boxes_per_player": 3,
            "dark_boxes_per_player": 1,
        }
    )
)


def fresh(players=(0, 1, 2, 3)) -> dict:
    return {"players": list(players), "over": False, "pots": {}, "escrowed": {}}


def moved(events) -> list[tuple[str, str, int]]:
    return [(p.source, p.target, p.amount) for p in payments(events)]


def balances(events) -> dict[str, int]:
    """Each party's change over the payments."""
    change: dict[str, int] = defaultdict(int)
    for payment in payments(events):
        assert payment.amount > 0
        change[payment.source] -= payment.amount
        change[payment.target] += payment.amount
    return dict(change)


def refused(state, call, *args, **kwargs) -> IllegalAction:
    """The refusal of ``call`` on ``state``, which stays exactly as it was, with no payment."""
    before = copy_json(state)
    events: list = []
    with pytest.raises(IllegalAction) as error:
        call(state, events, *args, **kwargs)
    assert state == before
    assert events == []
    return error.value


# --- limits --------------------------------------------------------------------------------


def test_cg_101_box_total_within_limits_whatever_the_stakers():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 600)
    place(state, events, LIMITS, 1, 1, 300, behind=True)
    error = refused(state, place, LIMITS, 1, 2, 200, behind=True)
    assert error.template == (
        "A box takes at most %(max_bet)s from all its players together: "
        "%(amount)s more can go on this one."
    )
    assert error.params == {"max_bet": 1_000, "amount": 100}
    place(state, events, LIMITS, 1, 2, 100, behind=True)
    assert boxes.box_total(state["boxes"]["1"]) == 1_000
    assert boxes.stakers(state["boxes"]["1"]) == [0, 1, 2]
    assert state["pots"] == {
        stake_pot(1, 0): 600,
        stake_pot(1, 1): 300,
        stake_pot(1, 2): 100,
    }


def test_cg_101_the_owner_opens_a_box_within_its_limits():
    state = fresh()
    error = refused(state, place, LIMITS, 1, 0, 99)
    assert str(error) == "A box takes from 100 to 1000."
    refused(state, place, LIMITS, 1, 0, 1_001)


def test_b10_a_stake_behind_may_be_small_but_at_least_the_minimum_unit():
    limits = {**LIMITS, "min_unit": 5}
    state, events = fresh(), []
    place(state, events, limits, 1, 0, 100)
    error = refused(state, place, limits, 1, 1, 4, behind=True)
    assert str(error) == "A stake is a whole amount of at least 5."
    refused(state, place, limits, 1, 1, 5.0, behind=True)
    place(state, events, limits, 1, 1, 5, behind=True)
    assert moved(events)[-1] == (seat(1), stake_pot(1, 1), 5)


def test_cg_96_a_bet_behind_only_on_a_box_someone_plays_and_not_ones_own():
    state, events = fresh(), []
    error = refused(state, place, LIMITS, 1, 1, 100, behind=True)
    assert str(error) == "Nobody plays this box: there is nothing to bet behind."
    place(state, events, LIMITS, 1, 0, 100)
    error = refused(state, place, LIMITS, 1, 0, 100, behind=True)
    assert str(error) == "This box is your own: raise your bet on it instead."
    error = refused(state, place, LIMITS, 1, 1, 100)
    assert str(error) == "This box is another player's: bet behind it instead."
    error = refused(state, place, {**LIMITS, "bets_behind": False}, 1, 1, 100, behind=True)
    assert str(error) == "Bets behind a box are not taken at this table."
    refused(state, place, LIMITS, 7, 1, 100)  # boxes 0..6


def test_cg_65_boxes_per_player_open_and_dark_per_the_config():
    limits = {**LIMITS, "open_boxes_per_player": 2}
    state, events = fresh(), []
    place(state, events, limits, 0, 0, 100)
    place(state, events, limits, 1, 0, 100)
    error = refused(state, place, limits, 2, 0, 100)
    assert str(error) == "A player may play at most 2 open boxes: any further box is dark."
    place(state, events, limits, 2, 0, 100, dark=True)
    assert state["boxes"]["2"]["kind"] == boxes.DARK
    error = refused(state, place, limits, 3, 0, 100, dark=True)
    assert str(error) == "A player may play at most 3 boxes."
    error = refused(state, place, {**limits, "boxes_per_player": 4}, 3, 0, 100, dark=True)
    assert str(error) == "A player may play at most 1 dark boxes."
    error = refused(state, place, {**LIMITS, "dark_boxes_per_player": 0}, 4, 1, 100, dark=True)
    assert str(error) == "Dark boxes are not played at this table."
    assert boxes.boxes_of(state, 0) == [0, 1, 2]


def test_cg_104_no_more_bets_once_a_box_is_in_play():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 100)
    split(state, events, LIMITS, 1, 0)
    error = refused(state, place, LIMITS, 1, 1, 100, behind=True)
    assert str(error) == "This box is in play: no more bets on it."


def test_withdraw_before_the_deal_the_owner_takes_the_box_with_him():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 200)
    place(state, events, LIMITS, 1, 1, 50, behind=True)
    place(state, events, LIMITS, 1, 2, 70, behind=True)
    boxes.place_side(state, events, LIMITS, 1, 2, "bonus", 10)
    events = []
    boxes.withdraw(state, events, 1, 1)
    assert moved(events) == [(stake_pot(1, 1), seat(1), 50)]
    assert boxes.stakers(state["boxes"]["1"]) == [0, 2]
    events = []
    boxes.withdraw(state, events, 1, 0)
    assert balances(events) == {
        stake_pot(1, 0): -200,
        stake_pot(1, 2): -70,
        boxes.side_pot(1, 2, "bonus"): -10,
        seat(0): 200,
        seat(2): 80,
    }
    assert state["boxes"] == {} and state["pots"] == {} and state["escrowed"] == {}


# --- settling ------------------------------------------------------------------------------


def test_cg_99_three_stakers_at_3_to_2_each_paid_on_his_own_stake_rounded_down():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 333)
    place(state, events, LIMITS, 1, 1, 101, behind=True)
    place(state, events, LIMITS, 1, 2, 67, behind=True)
    events = []
    nets = settle_hand(state, events, 1, 0, "3:2")
    # 499.5, 151.5 and 100.5 rounded toward zero: the half units are never created
    assert nets == [{"seat": 0, "net": 499}, {"seat": 1, "net": 151}, {"seat": 2, "net": 100}]
    assert balances(events) == {
        HOUSE_BANK: -750,
        stake_pot(1, 0): -333,
        stake_pot(1, 1): -101,
        stake_pot(1, 2): -67,
        seat(0): 832,
        seat(1): 252,
        seat(2): 167,
    }
    assert state["pots"] == {} and state["escrowed"] == {}
    assert state["boxes"]["1"]["hands"][0]["settled"] == {"ratio": "3/2", "nets": nets}
    with pytest.raises(ValueError):
        settle_hand(state, [], 1, 0, "1:1")


def test_cg_102_a_surrender_loses_half_rounded_in_the_players_favour():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 101)
    events = []
    assert settle_hand(state, events, 1, 0, Fraction(-1, 2)) == [{"seat": 0, "net": -50}]
    assert moved(events) == [
        (stake_pot(1, 0), HOUSE_BANK, 50),
        (stake_pot(1, 0), seat(0), 51),
    ]


def test_push_and_loss_move_only_the_stakes():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 100)
    place(state, events, LIMITS, 2, 1, 200)
    events = []
    settle_hand(state, events, 1, 0, "push")
    settle_box(state, events, 2, "lose")
    assert moved(events) == [(stake_pot(1, 0), seat(0), 100), (stake_pot(2, 1), HOUSE_BANK, 200)]


ratios = st.builds(
    Fraction, st.integers(min_value=-10, max_value=500), st.integers(min_value=1, max_value=10)
).filter(lambda r: r >= -1)


@settings(max_examples=300, deadline=None)
@given(
    stakes=st.lists(st.integers(min_value=1, max_value=10**7), min_size=1, max_size=7),
    ratio=ratios,
    max_payout=st.none() | st.integers(min_value=1, max_value=10**8),
)
def test_settling_conserves_money_exactly_whatever_the_stakes_and_ratio(stakes, ratio, max_payout):
    """What the bank pays plus the stakes returned is what the stakers are credited, every pot
    ends empty, and each net is the staker's own stake at the ratio rounded toward zero (or his
    share of the cap, never more than that)."""
    limits = {**LIMITS, "min_bet": 1, "max_bet": 10**9}
    state, events = fresh(range(len(stakes))), []
    place(state, events, limits, 1, 0, stakes[0])
    for position, amount in enumerate(stakes[1:], start=1):
        place(state, events, limits, 1, position, amount, behind=True)
    events = []
    nets = settle_hand(state, events, 1, 0, ratio, max_payout=max_payout)
    change = balances(events)
    assert sum(change.values()) == 0
    assert state["pots"] == {} and state["escrowed"] == {}
    for position, amount in enumerate(stakes):
        assert change.get(stake_pot(1, position), 0) == -amount
        assert change.get(seat(position), 0) == amount + nets[position]["net"]
    assert -change.get(HOUSE_BANK, 0) == sum(n["net"] for n in nets)
    uncapped = [boxes.winnings(a, ratio) for a in stakes]
    assert uncapped == [int(a * ratio) for a in stakes]
    if max_payout is None or sum(max(0, w) for w in uncapped) <= max_payout:
        assert [n["net"] for n in nets] == uncapped
    else:
        assert sum(n["net"] for n in nets) == max_payout
        assert all(0 <= n["net"] <= w for n, w in zip(nets, uncapped, strict=True))


def test_cg_48_winnings_above_max_payout_are_not_paid_shared_by_stake():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 200)
    place(state, events, LIMITS, 1, 1, 100, behind=True)
    events = []
    # 10:1 would win 2000 and 1000; the cap leaves 1000, shared 666.67 / 333.33: the unit
    # left over goes to the first staker whose share was rounded, the owner
    nets = settle_hand(state, events, 1, 0, "10:1", max_payout=1_000)
    assert nets == [{"seat": 0, "net": 667}, {"seat": 1, "net": 333}]
    assert balances(events)[HOUSE_BANK] == -1_000
    assert state["boxes"]["1"]["won"] == 1_000


def test_cg_48_the_cap_is_per_box_and_round_across_its_wagers():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 100)
    boxes.place_side(state, events, LIMITS, 1, 0, "call", 200)
    events = []
    # C9: the ante's 1:1 is not capped; the call bet's 5:1 is, and the cap was 500 for the box
    settle_hand(state, events, 1, 0, "1:1")
    assert boxes.settle_side(state, events, 1, "call", "5:1", max_payout=500) == [
        {"seat": 0, "net": 500}
    ]
    assert balances(events)[HOUSE_BANK] == -600


def test_cap_shares_never_exceed_the_uncapped_winnings():
    box_state = boxes.new_box(0)
    assert boxes.cap(box_state, [1, 100, 100], 150) == [1, 75, 74]
    assert box_state["won"] == 150
    assert boxes.cap(box_state, [10], 150) == [0]  # nothing left of the cap this round
    assert boxes.cap(boxes.new_box(0), [5, 7], None) == [5, 7]


# --- doubles and splits --------------------------------------------------------------------


def test_cg_98_the_owner_doubles_the_one_behind_need_not_worked_example_4():
    """Ivan bets 100, Olga 50 behind him; Ivan doubles, Olga declines; 20 beats 19."""
    ivan, olga = 0, 1
    state, events = fresh(), []
    place(state, events, LIMITS, 1, ivan, 100)
    place(state, events, LIMITS, 1, olga, 50, behind=True)
    boxes.double(state, events, LIMITS, 1, 0, ivan)
    error = refused(state, boxes.double, LIMITS, 1, 0, ivan)
    assert str(error) == "This bet is doubled already."
    error = refused(state, boxes.double, LIMITS, 1, 0, olga, 51)
    assert str(error) == "A double adds at most the stake, 50."
    events = []
    settle_hand(state, events, 1, 0, "1:1")
    change = balances(events)
    assert change[seat(ivan)] - 200 == 200  # his 200 back and 200 won
    assert change[seat(olga)] - 50 == 50


def test_cg_96_a_split_carries_every_bet_behind_onto_the_new_hand():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 300)
    place(state, events, LIMITS, 1, 1, 150, behind=True)
    events = []
    assert split(state, events, LIMITS, 1, 0) == 1
    hands = state["boxes"]["1"]["hands"]
    assert [h["id"] for h in hands] == [0, 1]
    assert [[(s["seat"], s["amount"]) for s in h["stakes"]] for h in hands] == [
        [(0, 300), (1, 150)],
        [(0, 300), (1, 150)],
    ]
    assert moved(events) == [
        (seat(0), stake_pot(1, 0, 1), 300),
        (seat(1), stake_pot(1, 1, 1), 150),
    ]
    assert stake_pot(1, 1, 1) == "pot:b1:s1:h1"
    # the first hand wins, the split one loses: each staker the same on both
    events = []
    settle_hand(state, events, 1, 0, "1:1")
    settle_hand(state, events, 1, 1, "lose")
    change = balances(events)
    assert change[seat(0)] == 600 and change[seat(1)] == 300
    assert change[HOUSE_BANK] == 0
    assert state["pots"] == {} and not boxes.working(state, 0)


def test_cg_96_behind_may_split_keep_or_move_and_a_void_returns_each_stake():
    owner, splits, stays, moves = 0, 1, 2, 3
    state, events = fresh(), []
    place(state, events, LIMITS, 1, owner, 100)
    place(state, events, LIMITS, 1, splits, 50, behind=True)
    place(state, events, LIMITS, 1, stays, 30, behind=True)
    place(state, events, LIMITS, 1, moves, 20, behind=True)
    split(state, events, LIMITS, 1, 0, {splits: "split", stays: "stay", moves: "move"})
    hands = state["boxes"]["1"]["hands"]
    assert [[s["seat"] for s in h["stakes"]] for h in hands] == [[0, 1, 2], [0, 1, 3]]
    assert stake_pot(1, moves) not in state["pots"]
    assert state["pots"][stake_pot(1, moves, 1)] == 20
    state, void_events = GameEngine().apply_void(state)
    assert balances(void_events) == {
        stake_pot(1, owner): -100,
        stake_pot(1, owner, 1): -100,
        stake_pot(1, splits): -50,
        stake_pot(1, splits, 1): -50,
        stake_pot(1, stays): -30,
        stake_pot(1, moves, 1): -20,
        seat(owner): 200,
        seat(splits): 100,
        seat(stays): 30,
        seat(moves): 20,
    }


def test_cg_96_splitting_again_keeps_the_order_of_play_and_each_pot_its_own():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 100)
    split(state, events, LIMITS, 1, 0)  # hands 0, 1
    assert split(state, events, LIMITS, 1, 0) == 1  # 0, 2, 1: the new one next to its source
    assert [h["id"] for h in state["boxes"]["1"]["hands"]] == [0, 2, 1]
    assert sorted(state["pots"]) == [stake_pot(1, 0), stake_pot(1, 0, 1), stake_pot(1, 0, 2)]
    boxes.double(state, events, LIMITS, 1, 0, 0)
    error = refused(state, split, LIMITS, 1, 0)
    assert str(error) == "A doubled hand is not split."


def test_cg_96_behind_choose_after_the_split_each_his_money_in_his_own_decision():
    """The owner splits with everyone behind staying; then each decides on his own: split too,
    move, stay. Each staker's stake on the new hand keeps the box's order (the owner first)."""
    owner, splits, stays, moves = 0, 1, 2, 3
    state, events = fresh(), []
    place(state, events, LIMITS, 1, owner, 100)
    place(state, events, LIMITS, 1, splits, 50, behind=True)
    place(state, events, LIMITS, 1, stays, 30, behind=True)
    place(state, events, LIMITS, 1, moves, 20, behind=True)
    events = []
    split(state, events, LIMITS, 1, 0, {splits: "stay", stays: "stay", moves: "stay"})
    assert moved(events) == [(seat(owner), stake_pot(1, owner, 1), 100)]
    events = []
    boxes.follow_split(state, events, 1, 0, moves, boxes.MOVE)
    assert moved(events) == [(stake_pot(1, moves), stake_pot(1, moves, 1), 20)]
    events = []
    boxes.follow_split(state, events, 1, 0, splits, boxes.SPLIT)
    assert moved(events) == [(seat(splits), stake_pot(1, splits, 1), 50)]
    boxes.follow_split(state, [], 1, 0, stays, boxes.STAY)
    hands = state["boxes"]["1"]["hands"]
    assert [[s["seat"] for s in h["stakes"]] for h in hands] == [[0, 1, 2], [0, 1, 3]]
    error = refused(state, boxes.follow_split, 1, 0, 4, boxes.SPLIT)
    assert str(error) == "You have no bet on this hand."
    state, void_events = GameEngine().apply_void(state)
    assert balances(void_events)[seat(moves)] == 20 and balances(void_events)[seat(splits)] == 100


def test_cg_103_b9_one_stake_settled_alone_the_others_play_on_and_the_hand_records_all():
    """Even money taken by one staker of a natural (CG §103, B9): paid at once, no longer
    working or at risk; the others' stakes are settled with the hand later, and the hand's
    record lists every staker's net."""
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 200)
    place(state, events, LIMITS, 1, 1, 100, behind=True)
    events = []
    assert boxes.settle_stakes(state, events, 1, 0, "1:1", seats=[1]) == [{"seat": 1, "net": 100}]
    assert moved(events) == [(HOUSE_BANK, seat(1), 100), (stake_pot(1, 1), seat(1), 100)]
    assert not boxes.working(state, 1) and boxes.working(state, 0)
    assert state["boxes"]["1"]["hands"][0]["settled"] is None
    assert exposure(state, {boxes.MAIN: "3:2"}) == 300, "only the owner's 200 at 3:2"
    with pytest.raises(IllegalAction, match="settled already"):
        boxes.double(state, [], LIMITS, 1, 0, 1)
    with pytest.raises(ValueError):
        boxes.settle_stakes(state, [], 1, 0, "1:1", seats=[1])
    events = []
    nets = settle_hand(state, events, 1, 0, "3:2")
    assert nets == [{"seat": 0, "net": 300}, {"seat": 1, "net": 100}]
    assert moved(events) == [(HOUSE_BANK, seat(0), 300), (stake_pot(1, 0), seat(0), 200)]
    assert state["boxes"]["1"]["hands"][0]["settled"] == {"ratio": "3/2", "nets": nets}
    assert state["pots"] == {} and state["escrowed"] == {}


def test_b9_a_stake_surrendered_alone_stays_on_the_first_hand_when_the_owner_splits():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 200)
    place(state, events, LIMITS, 1, 1, 100, behind=True)
    boxes.settle_stakes(state, events, 1, 0, Fraction(-1, 2), seats=[1])
    events = []
    split(state, events, LIMITS, 1, 0, {1: "split"})
    assert moved(events) == [(seat(0), stake_pot(1, 0, 1), 200)]
    hands = state["boxes"]["1"]["hands"]
    assert [[s["seat"] for s in h["stakes"]] for h in hands] == [[0, 1], [0]]
    settle_hand(state, events, 1, 0, "1:1")
    assert hands[0]["settled"]["nets"] == [{"seat": 0, "net": 200}, {"seat": 1, "net": -50}]


def test_the_last_stakes_settled_alone_settle_the_hand_and_share_the_cap():
    state, events = fresh(), []
    place(state, events, LIMITS, 1, 0, 300)
    place(state, events, LIMITS, 1, 1, 100, behind=True)
    place(state, events, LIMITS, 1, 2, 100, behind=True)
    boxes.settle_stakes(state, events, 1, 0, Fraction(-1, 2), seats=[2])
    events = []
    nets = boxes.settle_stakes(state, events, 1, 0, "1:1", seats=[0, 1], max_payout=200)
    assert nets == [{"seat": 0, "net": 150}, {"seat": 1, "net": 50}], "the cap shared 3:1"
    assert state["boxes"]["1"]["hands"][0]["settled"]["nets"] == [
        {"seat": 0, "net": 150},
        {"seat": 1, "net": 50},
        {"seat": 2, "net": -50},
    ]


# --- side bets and reading -----------------------------------------------------------------


def test_b9_insurance_is_each_players_own_side_bet():
    limits = {**LIMITS, "side_bets": {"bonus": [10, 50]}}
    state, events = fresh(), []
    place(state, events, limits, 1, 0, 200)
    place(state, events, limits, 1, 1, 100, behind=True)
    error = refused(state, boxes.place_side, limits, 1, 2, "insurance", 50)
    assert str(error) == "A side bet goes on a box you have a stake on."
    error = refused(state, boxes.place_side, limits, 1, 0, "bonus", 60)
    assert str(error) == "This side bet is from 10 to 50."
    boxes.place_side(state, events, limits, 1, 0, "insurance", 100)
    boxes.place_side(state, events, limits, 1, 1, "insurance", 50)
    events = []
    assert boxes.settle_side(state, events, 1, "insurance", "2:1", position=1) == [
        {"seat": 1, "net": 100}
    ]
    assert boxes.working(state, 1)  # his hand is still in play
    assert boxes.settle_side(state, events, 1, "insurance", "lose") == [{"seat": 0, "net": -100}]
    assert state["pots"] == {stake_pot(1, 0): 200, stake_pot(1, 1): 100}


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("3:2", Fraction(3, 2)),
        ("1:1", Fraction(1)),
        ("push", Fraction(0)),
        ("lose", Fraction(-1)),
        ("-1/2", Fraction(-1, 2)),
        (2, Fraction(2)),
    ],
)
def test_ratios_are_exact(text, ratio):
    assert boxes.ratio_of(text) == ratio


@pytest.mark.parametrize("bad", [1.5, True, "-2", None])
def test_a_ratio_is_never_a_float_nor_more_than_the_stake_lost(bad):
    with pytest.raises(ValueError):
        boxes.ratio_of(bad)


@settings(max_examples=150, deadline=None)
@given(
    stakes=st.lists(st.integers(min_value=1, max_value=10**5), min_size=1, max_size=5),
    choices=st.lists(st.sampled_from([boxes.SPLIT, boxes.STAY, boxes.MOVE]), min_size=5),
    ratios_of_hands=st.tuples(ratios, ratios),
    void=st.booleans(),
)
def test_a_split_box_settled_or_voided_leaves_no_money_behind(
    stakes, choices, ratios_of_hands, void
):
    """Whatever the stakers behind choose on a split: settled, every pot is paid out and each
    staker gets what his nets say; voided, each gets back exactly what he paid in."""
    limits = {**LIMITS, "min_bet": 1, "max_bet": 10**9}
    state, events = fresh(range(len(stakes))), []
    place(state, events, limits, 1, 0, stakes[0])
    for position, amount in enumerate(stakes[1:], start=1):
        place(state, events, limits, 1, position, amount, behind=True)
    split(state, events, limits, 1, 0, {p: choices[p] for p in range(1, len(stakes))})
    if void:
        state, more = GameEngine().apply_void(state)
        assert all(amount == 0 for amount in balances(events + more).values())
        return
    nets: dict[int, int] = defaultdict(int)
    for index, ratio in enumerate(ratios_of_hands):
        for net in settle_hand(state, events, 1, index, ratio):
            nets[net["seat"]] += net["net"]
    change = balances(events)
    assert state["pots"] == {} and state["escrowed"] == {}
    assert all(amount == 0 for party, amount in change.items() if party.startswith("pot"))
    for position in range(len(stakes)):
        assert change.get(seat(position), 0) == nets[position]
    assert change.get(HOUSE_BANK, 0) == -sum(nets.values())
