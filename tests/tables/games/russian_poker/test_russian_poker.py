"""Russian poker by scripted decks (CG §26-§32, ../shared/rules/russian-poker.md): the worked
examples of section 4 with their money exactly, then one test per rule or ruling (R1-R11) and
the section 5 decision on the svara's limit. Ante 10, as in the examples.

Every hand played here passes ``StudTable.check``: every pack's cards there once, nothing
hidden in any view, no box's cards in another seat's view, and at the end the players' change
+ the house's = 0 with every pot empty."""

import pytest

from tables.games.russian_poker.engine import ENGINE, bet_pays, points, svaras_allowed
from tests.tables.families.stud.stud_tables import ANTE, StudTable

CONFIG = ENGINE.check_config({"min_bet": 10, "max_bet": 100})  # three svaras: 20, 40, 80
ONE_SVARA = ENGINE.check_config({"min_bet": 10, "max_bet": 20})
QUALIFIED_20 = "KS QS 7D"  # 20 points: a game (§31)
NO_GAME = "TS 9H 8D"  # 10 points: no ace's worth (R4)


class Table(StudTable):
    engine = ENGINE
    config = CONFIG


def one_box(hand, dealer, packs=(), config=CONFIG, ante=ANTE) -> Table:
    """Seat 0 alone, a plain ante on box 0, dealt ``hand`` against ``dealer``."""
    table = Table([0], [hand], dealer, config=config, packs=packs)
    table.act(0, type="ante", amount=ante)
    assert table.phase == "deciding" and table.to_act() == [0]
    return table


# --- the worked examples (section 4) -----------------------------------------------------------


def test_example_1_r5_31_points_against_a_qualified_20_nets_40():
    table = one_box("AH KH QH", QUALIFIED_20)
    table.act(0, type="bet", box=0)
    assert table.over and table.state["result"]["qualified"] is True
    assert sorted(table.paid()) == sorted(
        [
            ("seat:0", "pot:b0:s0", 10),
            ("seat:0", "pot:b0:s0:bet", 10),  # §31: the bet equals the ante
            ("bank", "seat:0", 10),  # R5: the ante 1:1
            ("pot:b0:s0", "seat:0", 10),
            ("bank", "seat:0", 30),  # §31: 31 points 3:1 on the bet
            ("pot:b0:s0:bet", "seat:0", 10),
        ]
    )
    assert table.nets() == {0: 40} and table.house() == -40


def test_example_2_r6_a_dealer_without_a_game_pushes_everything():
    table = one_box("AH KH QH", NO_GAME)
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is False
    assert table.state["result"]["boxes"]["0"]["outcome"] == "no game push"
    assert table.nets() == {0: 0} and table.house() == 0


def test_example_3_a_lower_score_loses_ante_and_bet():
    table = one_box("9C 8C 7S", "AD TD 7H")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["boxes"]["0"]["outcome"] == "lost"
    assert table.nets() == {0: -20} and table.house() == 20


def test_example_4_r7_svara_doubles_the_ante_new_cards_and_a_top_up_nets_40():
    table = one_box("AS AH 9D", "AC AD 8S", packs=[(["TH 9H 8H"], "KS QS TD")])
    table.act(0, type="bet", box=0)
    assert table.phase == "svara" and not table.over
    assert table.box(0)["status"] == "svara_asked" and table.to_act() == [0]
    offer = table.view(0)["svara_offer"]
    assert offer == {"box": 0, "ante": 20, "adds": 10, "dark": False}
    table.act(0, type="svara", box=0)
    assert table.phase == "deciding" and table.held(0) == ["TH", "9H", "8H"]
    assert table.view(0)["offers"]["bet"] == 10, "the bet is brought up to the ante of 20"
    table.act(0, type="bet", box=0)
    assert table.over
    staked = [(s, t, a) for s, t, a in table.paid() if s == "seat:0"]
    assert sum(a for _s, _t, a in staked) == 40, "40 staked: ante 20, bet 20"
    assert table.nets() == {0: 40} and table.house() == -40
    rounds = table.state["result"]["rounds"]
    assert rounds[0]["dealer"] == ["AC", "AD", "8S"] and rounds[0]["tied"] == {
        "0": ["AS", "AH", "9D"]
    }


# --- scoring and pay (§28-§31, R2, R4, R5, R10) -----------------------------------------------


@pytest.mark.parametrize(
    ("hand", "score", "ratio"),
    [
        ("TH 9H JK", 29, 1),  # R2: the joker a copy of the ten
        ("AH KH 9H", 30, 2),
        ("AH KH QH", 31, 3),
        ("AH KH JK", 32, 5),
        ("AS AH AD", 33, 10),  # §30: three of a rank
    ],
)
def test_cg_31_r5_the_bet_is_paid_by_the_players_points(hand, score, ratio):
    assert points(hand.split()) == score and bet_pays(score) == ratio
    table = one_box(hand, QUALIFIED_20)
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: ANTE + ratio * ANTE}


def test_r4_the_dealer_qualifies_with_an_aces_worth_and_not_below():
    qualified = one_box("AH KH QH", "AS 9H 8D")  # 11: the ace alone
    qualified.act(0, type="bet", box=0)
    assert qualified.state["result"]["qualified"] is True
    assert qualified.nets() == {0: 40}
    suited = one_box("AH KH QH", "7S 8S 9D")  # 15: two of a suit, no ace
    suited.act(0, type="bet", box=0)
    assert suited.state["result"]["qualified"] is True


def test_r10_equal_points_tie_whatever_the_suits_and_ranks():
    table = one_box("KH QH 7C", "JS TS 8D")  # 20 and 20
    table.act(0, type="bet", box=0)
    assert table.phase == "svara"


def test_r3_a_fold_loses_the_ante_only():
    table = one_box("9C 8D 7S", QUALIFIED_20)
    table.act(0, type="fold", box=0)
    assert table.over and table.nets() == {0: -10} and table.house() == 10


def test_r1_the_dealers_cards_are_hidden_until_he_opens_them():
    table = one_box("9C 8D 7S", "AD TD 7H")
    for viewer in (None, 0):
        assert table.view(viewer)["dealer"]["cards"] is None
        assert table.view(viewer)["dealer"]["up"] is None, "R1: none face up"
    assert set(table.engine.hidden_cards(table.state)) >= {"AD", "TD", "7H"}


# --- the svara (§31, R7, R8, section 5) -------------------------------------------------------


def test_r7_a_svara_fold_after_the_new_cards_loses_everything_on_the_box():
    table = one_box("KH QH 7C", "JS TS 8D", packs=[(["9C 8D 7S"], "AD TD 7H")])
    table.act(0, type="bet", box=0)
    table.act(0, type="svara", box=0)
    table.act(0, type="fold", box=0)
    assert table.over and table.nets() == {0: -30}, "ante 20 and bet 10 lost"


def test_r7_a_tie_in_the_svara_starts_the_next_one_with_the_ante_doubled_again():
    table = one_box(
        "KH QH 7C",
        "JS TS 8D",
        packs=[(["AH KH QH"], "AS KS QS"), (["AH KH QH"], QUALIFIED_20)],
    )
    table.act(0, type="bet", box=0)
    table.act(0, type="svara", box=0)  # ante 20
    table.act(0, type="bet", box=0)  # bet 20; 31 against 31
    assert table.phase == "svara" and table.state["svara"]["number"] == 2
    assert table.view(0)["svara_offer"]["ante"] == 40
    table.act(0, type="svara", box=0)
    table.act(0, type="bet", box=0)  # ante 40, bet 40; 31 against 20
    assert table.nets() == {0: 40 + 3 * 40}


def test_cg_31_a_svara_where_the_dealer_has_no_game_is_followed_by_another():
    table = one_box(
        "KH QH 7C",
        "JS TS 8D",
        packs=[(["AH KH QH"], NO_GAME), (["9C 8D 7S"], QUALIFIED_20)],
    )
    table.act(0, type="bet", box=0)
    table.act(0, type="svara", box=0)
    table.act(0, type="bet", box=0)
    assert table.phase == "svara", "no game in a svara: not a push but a further svara"
    assert table.state["svara"]["number"] == 2
    table.act(0, type="svara", box=0)
    table.act(0, type="bet", box=0)  # 17 against 20: ante 40 and bet 40 lost
    assert table.nets() == {0: -80}


def test_section_5_svaras_stop_when_the_doubled_ante_would_exceed_the_maximum():
    assert svaras_allowed(ONE_SVARA) == 1 and svaras_allowed(CONFIG) == 3
    table = one_box("KH QH 7C", "JS TS 8D", packs=[(["AH KH QH"], "AS KS QS")], config=ONE_SVARA)
    table.act(0, type="bet", box=0)
    table.act(0, type="svara", box=0)  # ante 20: the maximum
    table.act(0, type="bet", box=0)  # a tie again: 40 would exceed 20
    assert table.over and table.state["result"]["boxes"]["0"]["outcome"] == "svara limit"
    assert table.nets() == {0: 0}, "the tied hand pushes"


def test_r8_a_third_player_joins_the_svara_with_the_tied_boxs_original_ante():
    # seat 0 ties (box 0, ante 10); seat 1 (box 1, ante 30) wins; seat 2 folds its box 2
    table = Table(
        [0, 1, 2],
        ["KH QH 7C", "AS AH AD", "7S 8H 9D"],
        "JS TS 8D",
        packs=[(["AC KC QC", "9C 8C 7C"], QUALIFIED_20)],
    )
    table.act(0, type="ante", amount=10)
    table.act(1, type="ante", amount=30)
    table.act(2, type="ante", amount=20)
    table.act(0, type="bet", box=0)
    table.act(1, type="bet", box=1)
    table.act(2, type="fold", box=2)
    assert table.phase == "svara"
    view = table.view(2)
    assert view["svara"]["join_ante"] == 10 and view["svara"]["may_join"] == [1, 2]
    assert view["svara_offer"] == {"join": 10}
    table.refused(2, {"type": "join", "amount": 20}, "original ante: 10")
    table.act(2, type="join")
    table.act(1, type="decline")
    assert table.to_act() == [0], "the joiner waits for the tied box's owner"
    table.act(0, type="svara", box=0)
    assert table.phase == "deciding" and table.box(3)["owner"] == 2
    assert table.held(0) == ["AC", "KC", "QC"] and table.held(3) == ["9C", "8C", "7C"]
    table.act(2, type="bet", box=3, amount=10)
    table.act(0, type="bet", box=0)
    assert table.over
    # box 0: ante 20 + bet 20 at 31 points: +20 + 60; box 1: three aces +30 + 300;
    # box 2 folded -20; the joiner's box 3: 24 against 20, ante 10 + bet 10
    assert table.nets() == {0: 80, 1: 330, 2: -20 + 20}


def test_r8_the_join_ante_is_the_original_ante_of_the_tied_box_with_the_largest_bet():
    table = Table(
        [0, 1],
        ["KH QH 7C", "KD QD 7S"],
        "JS TS 8D",
        packs=[(["AC KC QC", "9C 8C 7C"], QUALIFIED_20)],
    )
    table.act(0, type="ante", amount=10)
    table.act(1, type="ante", amount=40)
    table.act(0, type="bet", box=0)
    table.act(1, type="bet", box=1)
    assert table.state["svara"]["join_ante"] == 40 and table.view(0)["svara"]["may_join"] == []


def test_r11_a_silent_owner_folds_the_tied_box_and_a_silent_player_does_not_join():
    table = Table([0, 1], ["KH QH 7C", "9C 8H 7S"], "JS TS 8D")
    table.act(0, type="ante", amount=10)
    table.act(1, type="ante", amount=10)
    table.act(0, type="bet", box=0)
    table.act(1, type="fold", box=1)
    assert table.engine.timeout_action(table.state, 0) == {"type": "fold", "box": 0}
    assert table.engine.timeout_action(table.state, 1) == {"type": "decline"}
    table.timeout(1)
    table.timeout(0)
    assert table.over and table.nets() == {0: -20, 1: -10}


# --- boxes (§32, R9) --------------------------------------------------------------------------


def dark_table(dark_hand, dealer, packs=()):
    """Seat 0: open box 0 (9-8-7 of three suits: 9 points), dark box 1 (``dark_hand``)."""
    table = Table([0], ["9C 8D 7S", dark_hand], dealer, packs=packs)
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10, dark=True)
    table.act(0, type="done")
    return table


def test_cg_32_r9_a_dark_box_bets_at_once_is_never_seen_and_cannot_fold():
    table = dark_table("KH QH 7H", "AD TD 7C")
    assert ("seat:0", "pot:b1:s0:bet", 10) in table.paid(), "R9: its bet before the deal"
    assert table.view(0)["boxes"][1]["mine"] is None and table.view(0)["boxes"][1]["cards"] is None
    assert set(table.engine.hidden_cards(table.state)) >= {"KH", "QH", "7H"}
    table.refused(0, {"type": "fold", "box": 1}, "box 1 first")
    table.act(0, type="fold", box=0)
    assert table.over and table.nets() == {0: -10 + 20}, "the dark box's 27 beats 21"


def test_cg_32_a_third_box_and_a_second_open_box_are_refused():
    table = Table([0], ["9C 8D 7S", "KH QH 7H"], QUALIFIED_20)
    table.refused(0, {"type": "ante", "box": 1, "amount": 10, "dark": True}, "beside your open")
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10, dark=True)
    table.refused(0, {"type": "ante", "box": 2, "amount": 10, "dark": True}, "1 open and 1 dark")
    table.refused(0, {"type": "ante", "box": 3, "amount": 10}, "1 open and 1 dark")


def test_r7_r9_a_dark_box_in_a_svara_doubles_and_tops_up_at_once():
    table = dark_table("KH QH 7C", "KS QS 9D", packs=[(["AH KH QH"], "JS TS 8D")])
    table.act(0, type="fold", box=0)
    assert table.phase == "svara" and table.view(0)["svara_offer"] == {
        "box": 1,
        "ante": 20,
        "adds": 20,
        "dark": True,
    }
    table.act(0, type="svara", box=1)
    assert table.over, "the dark box decides nothing after the deal"
    assert table.nets() == {0: -10 + 20 + 3 * 20}


# --- bad input --------------------------------------------------------------------------------


def test_cg_31_a_bet_other_than_the_ante_is_refused():
    table = one_box("9C 8D 7S", QUALIFIED_20)
    table.refused(0, {"type": "bet", "box": 0, "amount": 20}, "up to the ante: 10")
    table.refused(0, {"type": "change", "box": 0, "cards": ["9C"]}, "Bet or fold")


def test_out_of_turn_and_a_second_click_are_refused_with_a_sentence():
    table = Table([0, 1], ["KH QH 7C", "9C 8H 7S"], "JS TS 8D")
    table.act(0, type="ante", amount=10)
    table.refused(0, {"type": "ante", "amount": 10}, "Your bets are in")
    table.act(1, type="ante", amount=10)
    table.act(0, type="bet", box=0)
    table.refused(0, {"type": "bet", "box": 0}, "no box to decide")
    table.act(1, type="fold", box=1)
    table.act(1, type="decline")
    table.refused(1, {"type": "join"}, "answered this svara")
    table.refused(0, {"type": "join"}, "Double the ante")
    table.refused(0, {"type": "svara", "box": True}, "box 1 first")


def test_a_void_in_a_svara_returns_every_stake():
    table = one_box("KH QH 7C", "JS TS 8D")
    table.act(0, type="bet", box=0)
    table.act(0, type="svara", box=0)
    table.void()
    assert table.changes().get("seat:0", 0) == 0
