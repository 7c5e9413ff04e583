"""High card as the proof of the house-banked platform (issue 31, item 9): boxes a player
plays, bets behind, a dark box, the dealer's face-down card, the same-rank side bet, card
changes by box on their own clocks, ``max_payout`` and ``max_exposure``. High card is our own
game: no § applies (its module docstring is its rulebook)."""

import json

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction
from tables.games.highcard.config import check_config
from tables.games.highcard.engine import ENGINE
from tests.tables.games.highcard.test_highcard import deal, paid

FULL = check_config(
    {
        "min_bet": 100,
        "max_bet": 1_000,
        "ante": 0,
        "decks": 2,
        "boxes_per_player": 3,
        "dark_boxes_per_player": 1,
        "bets_behind": True,
        "side_bets": {"same": [10, 200]},
        "switch": True,
        "ties": "house",
    }
)


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action, Draws.replaying([]))


def test_a_player_stakes_two_boxes_and_another_bets_behind_one_each_paid_on_his_stake():
    # the dealer 9, box 0: K (seat 0, 300 + 150 behind from seat 1), box 4: 5 (seat 0, 200)
    state = deal([0, 1], top=["9D", "KS", "5H"], config=FULL)
    state, _ = act(state, 0, type="bet", box=0, amount=300)
    state, _ = act(state, 0, type="bet", box=4, amount=200)
    state, _ = act(state, 1, type="behind", box=0, amount=150)
    assert ENGINE.view(state, None)["boxes"][0]["stakes"] == [
        {"seat": 0, "amount": 300},
        {"seat": 1, "amount": 150},
    ]
    state, _ = act(state, 1, type="pass")
    state, _ = act(state, 0, type="pass")
    assert ENGINE.view(state, None)["phase"] == "playing"
    state, _ = act(state, 0, type="stand", box=0)
    state, events = act(state, 0, type="stand", box=4)
    assert ENGINE.is_hand_over(state)
    assert sorted(paid(events)) == sorted(
        [
            (HOUSE_BANK, "seat:0", 300),
            ("pot:b0:s0", "seat:0", 300),
            (HOUSE_BANK, "seat:1", 150),
            ("pot:b0:s1", "seat:1", 150),
            ("pot:b4:s0", HOUSE_BANK, 200),
        ]
    )
    assert state["result"]["boxes"]["0"]["nets"] == {"0": 300, "1": 150}


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, {"type": "behind", "box": 2, "amount": 100}, "Nobody plays this box"),
        (0, {"type": "behind", "box": 0, "amount": 100}, "This box is your own"),
        (1, {"type": "bet", "box": 0, "amount": 100}, "another player's: bet behind it instead"),
        (1, {"type": "behind", "box": 0, "amount": 901}, "at most 1000 from all its players"),
        (0, {"type": "side", "box": 0, "amount": 9}, "This side bet is from 10 to 200."),
        (1, {"type": "side", "box": 0, "amount": 10}, "A side bet goes on a box you have a stake"),
        (0, {"type": "bet", "amount": 100}, "Your box is staked"),
    ],
)
def test_bets_on_boxes_outside_their_rules_are_refused_with_a_sentence(seat, action, message):
    state, _ = act(deal([0, 1], config=FULL), 0, type="bet", box=0, amount=100)
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, seat, action, Draws.replaying([]))


def test_a_fourth_box_and_a_second_dark_box_are_refused():
    state = deal([0, 1], config=FULL)
    with pytest.raises(IllegalAction, match="beside your open boxes"):  # never alone (issue 47)
        act(state, 0, type="bet", box=1, amount=100, dark=True)
    state, _ = act(state, 0, type="bet", box=2, amount=100)
    state, _ = act(state, 0, type="bet", box=1, amount=100, dark=True)
    with pytest.raises(IllegalAction, match="at most 1 dark boxes"):
        act(state, 0, type="bet", box=4, amount=100, dark=True)
    state, _ = act(state, 0, type="bet", box=3, amount=100)
    with pytest.raises(IllegalAction, match="at most 3 boxes"):
        act(state, 0, type="bet", box=5, amount=100)


def test_the_dealer_card_is_face_down_and_a_dark_box_hidden_from_its_owner_until_turned():
    state = deal([0], top=["QC", "4S", "8H"], config=FULL)  # dealer Q, box 0: 4, dark box 1: 8
    state, _ = act(state, 0, type="bet", box=0, amount=100)
    state, _ = act(state, 0, type="bet", box=1, amount=100, dark=True)
    state, _ = act(state, 0, type="pass")
    assert sorted(ENGINE.hidden_cards(state)) == ["8H", "QC"]
    for viewer in (None, 0):
        text = json.dumps(ENGINE.view(state, viewer))
        assert '"QC"' not in text and '"8H"' not in text, "no view shows a hidden card"
        assert '"4S"' in text, "an open box's card is everyone's"
    assert ENGINE.to_act(state) == [0] and ENGINE.view(state, 0)["my_box"] == 0, "dark: no choice"
    state, events = act(state, 0, type="stand", box=0)
    assert {"type": "dealer", "card": "QC"} in events
    view = ENGINE.view(state, 0)
    assert view["dealer"]["card"] == "QC" and view["boxes"][1]["card"] == "8H"
    assert ENGINE.hidden_cards(state) == []


def test_a_card_change_costs_half_the_owner_stake_and_each_box_has_its_own_clock():
    # the dealer 7; box 0: 2 changed for J; box 2: 3 kept
    state = deal([0], top=["7S", "2D", "3C", "JH"], config=FULL)
    state, _ = act(state, 0, type="bet", box=0, amount=301)
    state, _ = act(state, 0, type="bet", box=2, amount=100)
    assert ENGINE.clock_setting(state, 0) == "bet_seconds"
    state, _ = act(state, 0, type="pass")
    assert ENGINE.clock_setting(state, 0) == "action_seconds"
    first_key = ENGINE.turn_key(state, 0)
    with pytest.raises(IllegalAction, match="box 1 first"):
        act(state, 0, type="stand", box=2)
    state, events = act(state, 0, type="switch", box=0)
    assert ("seat:0", "pot:fee:s0:switch", 151) in paid(events), "half of 301, rounded up"
    assert {"type": "switch", "seat": 0, "box": 0, "old": "2D", "card": "JH"} in events
    assert ENGINE.turn_key(state, 0) != first_key, "the next box's decision has its own clock"
    assert ENGINE.timeout_action(state, 0) == {"type": "stand", "box": 2}
    state, events = ENGINE.apply_timeout(state, 0, Draws.replaying([]))
    assert ENGINE.is_hand_over(state)
    assert ("pot:fee:s0:switch", HOUSE_BANK, 151) in paid(events), "the fee is the house's now"
    assert (HOUSE_BANK, "seat:0", 301) in paid(events) and ("pot:b2:s0", HOUSE_BANK, 100) in paid(
        events
    )


def test_a_void_during_the_card_changes_returns_the_fee_and_every_stake():
    state = deal([0], top=["7S", "2D", "3C", "9C"], config=FULL)
    state, _ = act(state, 0, type="bet", box=0, amount=200)
    state, _ = act(state, 0, type="bet", box=1, amount=100)
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 0, type="switch", box=0)
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == [
        ("pot:b0:s0", "seat:0", 200),
        ("pot:b1:s0", "seat:0", 100),
        ("pot:fee:s0:switch", "seat:0", 100),
    ]


def test_equal_ranks_go_to_the_house_where_the_table_says_and_the_same_rank_bet_pays_eleven():
    state = deal([0], top=["7S", "7D"], config=FULL)
    state, _ = act(state, 0, type="bet", box=0, amount=100)
    state, _ = act(state, 0, type="side", box=0, amount=20)
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 0, type="stand", box=0)
    assert ("pot:b0:s0", HOUSE_BANK, 100) in paid(events), "a tie loses the box"
    assert (HOUSE_BANK, "seat:0", 220) in paid(events) and ("pot:b0:s0:same", "seat:0", 20) in paid(
        events
    )


def test_a_box_is_paid_at_most_max_payout_in_a_round_shared_by_its_stakers():
    capped = check_config({**FULL, "max_payout": 500})
    state = deal([0, 1], top=["5S", "5D"], config=capped)
    state, _ = act(state, 0, type="bet", box=0, amount=100)
    state, _ = act(state, 0, type="side", box=0, amount=200)  # 11:1 would be 2,200
    state, _ = act(state, 1, type="behind", box=0, amount=100)
    state, _ = act(state, 1, type="side", box=0, amount=100)  # 1,100
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="pass")
    state, events = act(state, 0, type="stand", box=0)
    won = {p[1]: p[2] for p in paid(events) if p[0] == HOUSE_BANK}
    assert sum(won.values()) == 500, "winnings above the cap are not paid"
    assert won == {"seat:0": 334, "seat:1": 166}, "shared 2:1, the odd unit to the owner"


def test_a_stake_that_would_let_the_house_risk_more_than_max_exposure_is_refused():
    limited = check_config({**FULL, "max_exposure": 1_500})
    state = deal([0, 1], config=limited)
    state, _ = act(state, 0, type="bet", box=0, amount=1_000)
    assert ENGINE.exposure(state) == 1_000
    with pytest.raises(IllegalAction, match="takes at most 500 more of this bet this round"):
        act(state, 1, type="bet", box=1, amount=600)
    assert ENGINE.view(state, 1)["ranges"]["boxes"][1] == [100, 500]
    state, _ = act(state, 1, type="bet", box=1, amount=500)
    with pytest.raises(IllegalAction, match="takes no more of this bet this round"):
        act(state, 1, type="side", box=1, amount=10)
    assert ENGINE.summary(state, limited)["facts"][-1] == ["House at risk", {"money": 1_500}]


def test_leaving_with_only_a_bet_behind_holds_the_seat_until_the_box_is_settled():
    state = deal([0, 1], top=["2S", "9D"], config=FULL)
    state, _ = act(state, 0, type="bet", box=0, amount=100)
    state, _ = act(state, 1, type="behind", box=0, amount=100)
    assert ENGINE.holds_bets(state, 1) and ENGINE.apply_leave(state, 1) is None
    state, _ = ENGINE.apply_timeout(state, 1, Draws.replaying([]))  # his clock: betting done
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 0, type="stand", box=0)
    assert (HOUSE_BANK, "seat:1", 100) in paid(events), "paid to the held seat"
    assert not ENGINE.holds_bets(state, 1)


def test_a_round_nobody_staked_in_leaves_no_hand_but_one_with_an_ante_or_a_tip_does():
    state = deal([0, 1], config=FULL)
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="pass")
    assert ENGINE.round_without_bets(state)
    tipped = deal([0, 1], config=FULL)
    tipped, _ = act(tipped, 0, type="tip", to=1, amount=5)
    for seat in (0, 1):
        tipped, _ = act(tipped, seat, type="pass")
    assert not ENGINE.round_without_bets(tipped)
    anted = deal([0, 1], config=check_config({**FULL, "ante": 10}))
    for seat in (0, 1):
        anted, _ = act(anted, seat, type="pass")
    assert not ENGINE.round_without_bets(anted)


def test_a_win_exactly_at_max_payout_is_paid_whole():
    capped = check_config({**FULL, "max_payout": 500})
    state = deal([0], top=["5S", "KD"], config=capped)
    state, _ = act(state, 0, type="bet", box=0, amount=500)
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 0, type="stand", box=0)
    assert (HOUSE_BANK, "seat:0", 500) in paid(events)
    assert state["result"]["boxes"]["0"]["won"] is True
