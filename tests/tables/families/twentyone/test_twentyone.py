"""The shared twenty-one core (tables/families/twentyone/): card values and totals (CG §91,
§71, §129), naturals not after a split or switch (§92, §71), the dealer's rule as a parameter
(§95, §75, N8), §105's pack check, the shoe's cut and its commitment, and the hooks the other
games build on, shown on small games made of ``Rules`` alone (a hole card with the peek, a
dealer hitting soft 17, a dealer 22 standing off, ties lost, a five-card hand)."""

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from tables.engines.base import HOUSE_BANK, Draws, payments
from tables.engines.cards import Shoe, pack_52
from tables.families.twentyone.cards import (
    dealer_stands,
    is_bust,
    is_natural,
    is_pair,
    label,
    total,
)
from tables.families.twentyone.engine import TwentyOne
from tables.families.twentyone.rules import Rules
from tables.families.twentyone.shoe import pack_check
from tests.tables.engines.scripted import ScriptedRng


def shoe_order(top, decks=6):
    rest = Counter(pack_52() * decks) - Counter(top)
    return [*top, *sorted(rest.elements())]


class HoleCardGame(TwentyOne):
    """A made-up game (not registered): the dealer's hole card peeked under an ace or a ten
    (S2), soft 17 hit (§75), naturals 1:1 with no even money (§83), a dealer 22 standing off
    (§84)."""

    game = "hole_card_test"
    rules = Rules(
        hole_card=True,
        dealer_hits_soft_17=True,
        natural_pays=Fraction(1),
        even_money=False,
        dealer_22_pushes=True,
    )


class TiesLoseGame(TwentyOne):
    """Another: ties lose, a natural against his too (§135, N4); five cards at the most."""

    game = "ties_lose_test"
    rules = Rules(ties="lose", natural_ties="lose", max_cards=5, natural_pays=Fraction(2))


HOLE = HoleCardGame()
TIES = TiesLoseGame()
CONFIG = {"min_bet": 100, "max_bet": 5_000, "player_cut": False}


def deal(engine, players, top, config=CONFIG):
    return engine.new_hand(config, players, ScriptedRng(shoe_order(top)))


def act(engine, state, seat, **action):
    return engine.apply(state, seat, action, Draws.replaying([]))


def paid(events):
    return [(p.source, p.target, p.amount) for p in payments(events)]


# --- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "best", "soft", "written"),
    [
        (["AS", "6D"], 17, True, "7/17"),
        (["AS", "6D", "TC"], 17, False, "17"),
        (["AS", "AD"], 12, True, "2/12"),
        (["KS", "QD"], 20, False, "20"),
        (["AS", "KH"], 21, True, "11/21"),
        (["9S", "8D", "7C"], 24, False, "24"),
        (["AS", "AD", "AC", "AH", "7S"], 21, True, "11/21"),
    ],
)
def test_cg_91_71_129_an_ace_is_1_or_11_pictures_10_the_total_soft_or_hard(
    cards, best, soft, written
):
    assert total(cards) == (best, soft)
    assert label(cards) == written
    assert is_bust(cards) == (best > 21)


def test_cg_92_71_a_natural_is_ace_and_ten_value_as_the_first_two_cards_not_after_a_split():
    assert is_natural(["AS", "TD"]) and is_natural(["KH", "AC"])
    assert not is_natural(["AS", "TD"], made=True), "after a split or a switch: 21 only"
    assert not is_natural(["AS", "5D", "5C"]), "three cards are 21, not a natural"


def test_b4_a_pair_is_two_cards_of_one_rank_or_of_one_count_where_the_table_says():
    assert is_pair(["KS", "KD"]) and not is_pair(["KS", "QD"])
    assert is_pair(["KS", "QD"], by="value")
    assert not is_pair(["8S", "8D", "8C"])


@pytest.mark.parametrize(
    ("cards", "stands", "stands_hitting_soft_17"),
    [
        (["TS", "6D"], False, False),
        (["TS", "7D"], True, True),
        (["AS", "6D"], True, False),  # §95 stands on every 17; §75 draws on 7-17
        (["AS", "7D"], True, True),
        (["AS", "6D", "TC"], True, True),  # a hard 17
    ],
)
def test_cg_95_75_the_dealer_rule_is_a_parameter(cards, stands, stands_hitting_soft_17):
    assert dealer_stands(cards) == stands
    assert dealer_stands(cards, hits_soft_17=True) == stands_hitting_soft_17


def test_cg_105_the_pack_check_counts_the_shoe_and_names_no_card():
    check = pack_check(Shoe.new(6, ScriptedRng(shoe_order([]))).order)
    assert check["cards"] == 312 and check["decks"] == 6 and check["each"] == 6
    assert check["complete"] and check["by_rank"]["A"] == 24 and check["by_suit"]["S"] == 78
    short = pack_check("".join(pack_52()[1:] * 2))
    assert not short["complete"] and short["each"] is None and short["cards"] == 102
    codes = set(pack_52())
    assert not [w for w in json.dumps(check).replace('"', " ").split() if w in codes]


# --- the shoe --------------------------------------------------------------------------------


def test_cg_104_b13_the_cut_card_lies_between_the_middle_and_one_deck_from_the_end():
    engine = HOLE
    for seed in range(30):
        state = engine.new_hand(CONFIG, [0], random.Random(seed))
        assert 156 <= state["shoe"]["cut_at"] <= 260


def test_cg_104_a_player_cut_moves_the_cards_behind_and_the_commitment_still_covers_them():
    engine = HOLE
    state = engine.new_hand({**CONFIG, "player_cut": True}, [2, 5], ScriptedRng(shoe_order([])))
    assert state["phase"] == "cut" and engine.to_act(state) == [2]
    committed = engine.commitment(state)
    before = list(Shoe.from_dict(state["shoe"]).undealt)
    state, events = act(engine, state, 2, type="cut", at=100)
    assert {"type": "cut", "seat": 2, "at": 100} in events
    undealt = engine.undealt(state)
    assert undealt == before[100:] + before[:100]
    assert engine.commitment(state) == committed, "the commitment is of the shoe as shuffled"
    assert engine.undealt_committed(state) == before[100:], "in the committed order"
    assert engine.carry_over(state)["cutter"] == 2, "the next shoe's cut goes round"


# --- the hooks, on made-up games ------------------------------------------------------------


def test_s2_a_hole_card_is_hidden_until_turned_and_his_natural_under_an_ace_ends_the_hand():
    # box 0: 10 9; the dealer's ace, his hole card a king: a natural, found by the peek
    state = deal(HOLE, [0], ["TS", "AD", "9C", "KH"])
    state, _ = act(HOLE, state, 0, type="bet", amount=100)
    assert state["phase"] == "insurance"
    assert HOLE.hidden_cards(state) == ["KH"]
    for viewer in (None, 0):
        view = HOLE.view(state, viewer)
        assert "KH" not in json.dumps(view) and view["dealer"]["face_down"] == 1
    assert {"type": "even_money", "box": 0} not in HOLE.legal_actions(state, 0)
    state, events = act(HOLE, state, 0, type="insurance", box=0, amount=50)
    assert HOLE.is_hand_over(state), "his natural: nobody plays"
    assert {"type": "dealer", "card": "KH"} in events
    assert (HOUSE_BANK, "seat:0", 100) in paid(events), "insurance 2:1"
    assert ("pot:b0:s0", HOUSE_BANK, 100) in paid(events)
    assert state["result"]["nets"] == {"0": 0}
    assert HOLE.hidden_cards(state) == []


def test_s5_after_the_peek_a_natural_is_paid_at_once_at_the_games_ratio():
    # box 0: A K, box 1: 10 6; the dealer's 10, his hole card 7 (no natural)
    state = deal(HOLE, [0, 1], ["AS", "TS", "TD", "KH", "6C", "7S", "TC"])
    state, _ = act(HOLE, state, 0, type="bet", amount=100)
    state, events = act(HOLE, state, 1, type="bet", amount=100)
    assert {"type": "peek", "natural": False} in events
    assert (HOUSE_BANK, "seat:0", 100) in paid(events), "1:1, before anyone plays"
    assert HOLE.to_act(state) == [1]
    state, events = act(HOLE, state, 1, type="hit", box=1, hand=0)  # 10 6 10: bust
    assert ("pot:b1:s1", HOUSE_BANK, 100) in paid(events)
    assert state["dealer"]["cards"] == ["TD", "7S"], "nothing left for him to draw for"


def test_s12_84_he_hits_soft_17_and_his_22_stands_off_the_hands_left():
    # box 0: 10 8; the dealer's ace, hole 6 (soft 17): he draws 5 -> 12 hard, then 10 -> 22
    state = deal(HOLE, [0], ["TS", "AD", "8C", "6H", "5S", "TH"])
    state, _ = act(HOLE, state, 0, type="bet", amount=100)
    state, _ = act(HOLE, state, 0, type="done")  # no insurance
    state, events = act(HOLE, state, 0, type="stand", box=0, hand=0)
    assert state["dealer"]["cards"] == ["AD", "6H", "5S", "TH"]
    assert state["result"]["nets"] == {"0": 0}
    assert ("pot:b0:s0", "seat:0", 100) in paid(events), "the stake comes back"


def test_cg_135_ties_lose_where_the_game_says_a_natural_against_his_too():
    # box 0: A K (natural), box 1: 10 8; the dealer's ace, then a 10 (natural)
    state = deal(TIES, [0, 1], ["AS", "TS", "AD", "KH", "8C", "TC"])
    state, _ = act(TIES, state, 0, type="bet", amount=100)
    state, _ = act(TIES, state, 1, type="bet", amount=100)
    state, _ = act(TIES, state, 0, type="done")
    state, _ = act(TIES, state, 1, type="done")
    state, _ = act(TIES, state, 1, type="stand", box=1, hand=0)
    assert state["result"]["nets"] == {"0": -100, "1": -100}
    # equal totals: 10 8 against 10 8
    state = deal(TIES, [0], ["TS", "TD", "8C", "8H"])
    state, _ = act(TIES, state, 0, type="bet", amount=100)
    state, _ = act(TIES, state, 0, type="stand", box=0, hand=0)
    assert state["result"]["nets"] == {"0": -100}


def test_max_cards_a_hand_of_the_most_cards_takes_no_more_and_stands_by_itself():
    # 2 3, hits 2 2 3 = 12 in five cards; the dealer's 10 then 7
    state = deal(TIES, [0], ["2S", "TD", "3C", "2H", "2D", "3S", "7H"])
    state, _ = act(TIES, state, 0, type="bet", amount=100)
    for _ in range(2):
        state, _ = act(TIES, state, 0, type="hit", box=0, hand=0)
    assert TIES.play_refusal(state, 0, 0, "hit") is None
    state, _ = act(TIES, state, 0, type="hit", box=0, hand=0)
    assert state["boxes"]["0"]["hands"][0]["cards"] == ["2S", "3C", "2H", "2D", "3S"]
    assert TIES.is_hand_over(state), "no choice left: the hand stands"
    assert state["dealer"]["cards"] == ["TD", "7H"] and state["result"]["nets"] == {"0": -100}


def test_an_action_copies_what_it_changes_only_never_the_shoe_order():
    state = deal(HOLE, [0, 1], ["TS", "9S", "7D", "6C", "7C", "2H", "TH"])
    state, _ = act(HOLE, state, 0, type="bet", amount=100)
    state, _ = act(HOLE, state, 1, type="bet", amount=100)
    frozen = json.dumps(state, sort_keys=True)
    after, _ = act(HOLE, state, 0, type="hit", box=0, hand=0)
    assert json.dumps(state, sort_keys=True) == frozen, "the state given is not changed"
    assert after["boxes"]["1"] is state["boxes"]["1"], "a box not played is shared"
    assert after["boxes"]["0"] is not state["boxes"]["0"]
    assert after["shoe"]["order"] is state["shoe"]["order"], "the order is one string"
    assert after["limits"] is state["limits"]


# --- issue 47: an awaited seat always has a legal action ----------------------------------------


@pytest.mark.parametrize(
    ("game", "config", "limit"),
    [
        # natural 3:2: two boxes of 100 risk 300, one insurance of 50 (2:1) takes the rest
        ("blackjack", {"min_bet": 100, "max_bet": 5_000, "boxes": 7}, 400),
        # natural 2:1 (§134): two boxes of 100 risk 400, one insurance of 50 the rest (§137)
        ("pontoon", {"min_bet": 10, "max_bet": 5_000, "boxes": 7}, 500),
    ],
)
def test_cg_103_137_insurance_taken_by_one_seat_within_max_exposure_leaves_no_seat_waiting(
    game, config, limit
):
    """With ``max_exposure``, one seat's insurance can use up what the house may risk: the
    other seat, insured nowhere, then has no insurance left to take and is done at once, not
    awaited with no button to press."""
    from tables.engines.registry import engine_for

    engine = engine_for(game)
    checked = engine.check_config({**config, "player_cut": False, "max_exposure": limit})
    top = ["TS", "9S", "AD", "9C", "7D"]  # boxes T 9 and 9 7, the dealer's ace
    state = engine.new_hand(checked, [0, 1], ScriptedRng(shoe_order(top)))
    for position in (0, 1):
        state, _events = engine.apply(
            state, position, {"type": "bet", "amount": 100}, Draws.replaying([])
        )
        if state["phase"] == "betting" and position in engine.to_act(state):
            state, _events = engine.apply(state, position, {"type": "pass"}, Draws.replaying([]))
    assert state["phase"] == "insurance"
    assert {"type": "insurance", "box": 1, "amount": 50} in engine.legal_actions(state, 1)
    state, _events = engine.apply(
        state, 0, {"type": "insurance", "box": 0, "amount": 50}, Draws.replaying([])
    )
    for position in engine.to_act(state):
        assert engine.legal_actions(state, position), f"seat {position} awaited with nothing"
    assert 1 not in engine.to_act(state)
