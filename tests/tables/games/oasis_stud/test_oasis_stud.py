"""Oasis stud poker by scripted decks (CG §49-§60, ../shared/rules/oasis-stud.md): the worked
examples of section 4 with their money exactly, then one test per rule or ruling (O1-O12): the
sixth card and the exchange, the dealer's pair of twos, buying him a game. Ante 10, bet 20.

Every hand played here passes ``StudTable.check``: the 52 cards all there, nothing hidden in any
view, and at the end the players' change + the house's = 0 with every pot empty."""

import pytest

from tables.games.oasis_stud.engine import ENGINE
from tests.tables.families.stud.stud_tables import StudTable

CONFIG = ENGINE.check_config({"min_bet": 10, "max_bet": 1_000})
FLUSH_DRAW = "2H 5H 9H JH 4C"  # the examples' player: a heart short of a flush
NO_GAME = "AS KD 9C 7H 4D"  # examples 2 and 3: ace-king, no pair (§58)


class Table(StudTable):
    engine = ENGINE
    config = CONFIG


def one_box(hand, dealer, then=()) -> Table:
    table = Table([0], [hand], dealer, then)
    table.antes()
    assert table.phase == "deciding" and table.to_act() == [0]
    return table


def sixth_card(then, dealer=NO_GAME) -> Table:
    """Examples 2-4: the flush draw buys a sixth card, the first of ``then``."""
    table = one_box(FLUSH_DRAW, dealer, then)
    events = table.act(0, type="buy", box=0, cards=[])
    assert ("seat:0", "pot:fee:s0:buy", 10) in table.paid(events), "O3: a fee of one ante"
    assert len(table.held(0)) == 6 and table.to_act() == [0]
    return table


# --- the worked examples (section 4) -----------------------------------------------------------


def test_example_1_cg_59_o1_two_pairs_against_the_dealers_pair_nets_50():
    table = one_box("JS JD 4C 4H 9S", "3S 3D KC 8H 6D")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is True
    assert ("bank", "seat:0", 10) in table.paid() and ("bank", "seat:0", 40) in table.paid()
    assert table.nets() == {0: 50} and table.house() == -50


def flush_bets_and_the_dealer_has_no_game(table):
    table.act(0, type="bet", box=0, cards=["4C"])
    assert table.held(0) == ["2H", "5H", "9H", "JH", "KH"]
    assert table.box(0)["given_back"] == ["4C"]
    assert table.state["dealer"]["qualified"] is False
    assert table.phase == "buying" and table.to_act() == [0]
    assert table.view(0)["offers"]["buy_fee"] == 10


def test_example_2_cg_56_3_58_a_sixth_card_then_a_bought_game_that_succeeds_nets_90():
    table = sixth_card("KH 9D")
    flush_bets_and_the_dealer_has_no_game(table)
    events = table.act(0, type="buy_game", box=0)
    assert ("seat:0", "pot:fee:s0:game", 10) in table.paid(events)
    dealer = table.state["dealer"]
    assert (dealer["replaced"], dealer["drawn"]) == ("4D", "9D"), "§58, O8: his lowest card"
    assert table.dealer() == ["AS", "KD", "9C", "7H", "9D"]
    assert table.state["result"]["boxes"]["0"]["outcome"] == "won"
    assert ("bank", "seat:0", 100) in table.paid(), "flush 5:1 on the bet"
    assert table.nets() == {0: -10 - 10 + 10 + 100} and table.house() == -90


def test_example_3_o5_a_bought_game_that_fails_returns_ante_and_bet_and_keeps_the_fee():
    table = sixth_card("KH QC")
    flush_bets_and_the_dealer_has_no_game(table)
    table.act(0, type="buy_game", box=0)
    assert table.dealer() == ["AS", "KD", "9C", "7H", "QC"], "A K Q 9 7: still no pair (O6)"
    assert table.state["dealer"]["qualified_after"] is False
    assert ("pot:b0:s0", "seat:0", 10) in table.paid()
    assert ("pot:b0:s0:bet", "seat:0", 20) in table.paid()
    assert ("pot:fee:s0:game", "bank", 10) in table.paid()
    assert table.nets() == {0: -20} and table.house() == 20


def test_example_3_without_buying_the_ante_is_paid_and_the_dealer_keeps_his_cards():
    table = sixth_card("KH QC")
    flush_bets_and_the_dealer_has_no_game(table)
    table.act(0, type="no_game", box=0)
    assert table.dealer() == ["AS", "KD", "9C", "7H", "4D"] and table.state["deck"][0] == "QC"
    assert table.state["result"]["replaced"] is None
    assert table.nets() == {0: 0}, "the sixth card's 10 back as the ante's 1:1"


def test_example_4_cg_56_3_3_o4_an_exchange_then_a_fold_nets_minus_40():
    table = sixth_card("KH 7S")
    events = table.act(0, type="exchange", box=0, cards=["4C", "2H"])
    assert ("seat:0", "pot:fee:s0:exchange", 20) in table.paid(events), "two antes"
    assert table.held(0) == ["5H", "9H", "JH", "KH", "7S"], "two given back, one new: five"
    assert table.to_act() == [0]
    table.act(0, type="fold", box=0)
    assert table.nets() == {0: -40} and table.house() == 40


# --- per rule -----------------------------------------------------------------------------------


def test_cg_54_o10_one_open_box_a_player_and_no_dark_box():
    table = Table([0, 1])
    table.act(0, type="ante", box=0, amount=10)
    table.refused(0, {"type": "ante", "box": 3, "amount": 10}, "1 open and 0 dark")
    table.refused(0, {"type": "ante", "box": 3, "amount": 10, "dark": True}, "Dark boxes are not")
    table.refused(1, {"type": "ante", "box": 0, "amount": 10}, "staked already")


def test_cg_56_1_the_bet_on_five_cards_is_twice_the_ante_and_nothing_is_given_back():
    table = Table([0], ["JS JD 4C 4H 9S"], "3S 3D KC 8H 6D")
    table.act(0, type="ante", amount=25)
    table.refused(0, {"type": "bet", "box": 0, "cards": ["9S"]}, "nothing to give back")
    table.refused(0, {"type": "exchange", "box": 0, "cards": ["9S", "4C"]}, "not yours to make")
    events = table.act(0, type="bet", box=0)
    assert ("seat:0", "pot:b0:s0:bet", 50) in table.paid(events)
    assert table.nets() == {0: 25 + 2 * 50}


def test_cg_56_3_1_a_bet_on_six_cards_gives_back_exactly_one_of_them():
    table = sixth_card("KH")
    for cards, match in [
        (None, "Give back 1 card"),
        ([], "Give back 1 card"),
        (["4C", "2H"], "Give back 1 card"),
        (["QS"], "from your own hand"),
        ("4C", "Give back 1 card"),
    ]:
        action = (
            {"type": "bet", "box": 0}
            if cards is None
            else {"type": "bet", "box": 0, "cards": cards}
        )
        table.refused(0, action, match)
    table.act(0, type="bet", box=0, cards=["2H"])
    assert table.held(0) == ["5H", "9H", "JH", "4C", "KH"]
    assert table.state["result"]["qualified"] is False
    assert table.nets() == {0: -10 + 10}, "no pair: not asked to buy, the ante paid"


def test_cg_56_3_o4_a_second_sixth_card_and_a_second_exchange_are_refused():
    table = sixth_card("KH 7S")
    table.refused(0, {"type": "buy", "box": 0, "cards": []}, "not yours to make now")
    table.act(0, type="exchange", box=0, cards=["4C", "2H"])
    table.refused(0, {"type": "exchange", "box": 0, "cards": ["7S", "5H"]}, "not yours to make")
    table.refused(0, {"type": "buy", "box": 0, "cards": []}, "not yours to make now")
    assert {a["type"] for a in table.view(0)["legal"]} == {"bet", "fold"}
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: -10 - 20 + 10}, "K-high, the dealer no game: ante 1:1"


@pytest.mark.parametrize("cards", [[], ["4C"], ["4C", "2H", "5H"], ["4C", "4C"], ["4C", "QS"]])
def test_o4_an_exchange_gives_back_two_cards_no_other_count(cards):
    table = sixth_card("KH")
    table.refused(0, {"type": "exchange", "box": 0, "cards": cards}, "Choose 2 of your|own hand")


def test_o4_the_exchange_is_offered_only_after_a_sixth_card():
    table = one_box(FLUSH_DRAW, NO_GAME)
    table.refused(0, {"type": "exchange", "box": 0, "cards": ["4C", "2H"]}, "not yours to make")
    table.refused(0, {"type": "buy", "box": 0, "cards": ["4C"]}, "Choose 0 of your")
    assert table.view(0)["offers"]["draws"] == [
        {"kind": "buy", "counts": [{"returns": 0, "takes": 1, "fee": 10}]}
    ]


@pytest.mark.parametrize(
    ("hand", "net"),
    [("AH KH QC JD 9S", -30), ("3H 3C 8C JD 9S", 30)],
    ids=["ace-king-loses-to-twos", "threes-beat-twos"],
)
def test_cg_58_o9_the_dealer_qualifies_with_a_pair_of_twos(hand, net):
    table = one_box(hand, "2S 2D 9C 7H 4D")
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is True
    assert table.nets() == {0: net}


def three_boxes(then="9S", dealer=NO_GAME) -> Table:
    """Box 0 a pair of fives, box 1 nothing, box 2 two pairs; the dealer no game."""
    table = Table([0, 1, 2], ["5S 5D 8C 6H 2D", "QS JD 8D 6S 3C", "TS TD 6C 3S 3H"], dealer, then)
    table.antes()
    for seat in (0, 1, 2):
        table.act(seat, type="bet", box=seat)
    return table


def test_cg_58_o6_only_boxes_with_a_pair_are_asked_a_no_pair_box_is_paid_at_once():
    table = three_boxes()
    assert table.phase == "buying" and table.to_act() == [0, 2]
    assert table.box(1)["status"] == "settled" and table.box(1)["outcome"] == "no game"
    assert ("bank", "seat:1", 10) in table.paid(), "the no-pair box: ante 1:1 at the showdown"
    assert table.view(1)["legal"] == [] and table.view(1)["my_box"] is None
    table.refused(1, {"type": "buy_game", "box": 1}, "no box to decide on")
    table.refused(0, {"type": "bet", "box": 0}, "Buy the dealer a game, or take the ante")


def test_cg_58_o7_the_non_buyers_are_paid_before_the_one_replacement_card():
    table = three_boxes(then="9S KH")
    events = table.act(2, type="no_game", box=2)
    assert ("bank", "seat:2", 10) in table.paid(events), "paid at its answer"
    assert table.dealer() == ["AS", "KD", "9C", "7H", "4D"], "no card yet"
    events = table.act(0, type="buy_game", box=0)
    bought = next(i for i, e in enumerate(table.events) if e["type"] == "game_bought")
    paid_two = next(i for i, e in enumerate(table.events) if e.get("target") == "seat:2")
    assert paid_two < bought
    assert table.dealer() == ["AS", "KD", "9C", "7H", "9S"], "the four replaced by the nine"
    assert table.nets() == {0: -40, 1: 10, 2: 10}, "fives lose to nines: ante, bet and the fee"
    table.refused(2, {"type": "buy_game", "box": 2}, "This hand is over")


def test_cg_58_o7_two_buyers_share_one_replacement_card_drawn_once_both_have_answered():
    table = three_boxes(then="9S KH")
    table.act(0, type="buy_game", box=0)
    assert table.dealer() == ["AS", "KD", "9C", "7H", "4D"] and table.phase == "buying"
    assert not any(e["type"] == "game_bought" for e in table.events), "he waits for box 2"
    events = table.act(2, type="buy_game", box=2)
    assert [e for e in events if e["type"] == "game_bought"] == [
        {
            "type": "game_bought",
            "boxes": [0, 2],
            "replaced": "4D",
            "drawn": "9S",
            "hand": 1,
            "qualified": True,
        }
    ]
    assert table.state["deck"][0] == "KH", "one card drawn for both"
    assert table.box(0)["outcome"] == "lost" and table.box(2)["outcome"] == "won"
    assert table.nets() == {0: -40, 1: 10, 2: -10 + 10 + 40}, "two pairs beat nines: 2:1"


def test_o8_the_dealer_replaces_his_lowest_card_wherever_it_lies():
    table = Table([0], ["5S 5D 8C 6H 2D"], "3D KS QD 9C 7H", "TC")
    table.antes()
    table.act(0, type="bet", box=0)
    table.act(0, type="buy_game", box=0)
    assert table.state["dealer"]["replaced"] == "3D"
    assert table.dealer() == ["TC", "KS", "QD", "9C", "7H"]
    assert table.nets() == {0: -10}, "K-high still: ante and bet back, the fee kept"


def test_o12_a_clock_on_the_buy_question_buys_no_game():
    table = three_boxes(then="9S")
    assert ENGINE.timeout_action(table.state, 0) == {"type": "no_game", "box": 0}
    table.timeout(0)
    table.timeout(2)
    assert table.over and table.state["result"]["replaced"] is None
    assert table.dealer() == ["AS", "KD", "9C", "7H", "4D"]
    assert table.nets() == {0: 10, 1: 10, 2: 10}


@pytest.mark.parametrize("sixth", [False, True], ids=["first-sight", "after-the-sixth-card"])
def test_o12_a_clock_that_runs_out_folds_the_box(sixth):
    table = sixth_card("KH") if sixth else one_box(FLUSH_DRAW, NO_GAME)
    assert ENGINE.timeout_action(table.state, 0) == {"type": "fold", "box": 0}
    table.timeout(0)
    assert table.nets() == {0: -20 if sixth else -10}


def test_cg_56_no_draw_decisions_apply_at_once_and_the_cards_go_box_by_box_from_box_0():
    hands = ["2H 5H 9H JH 4C", "3S 4S 6S 8S KD", "JS JD 4D 4H 9S"]
    table = Table([0, 1, 2], hands, "3C 3D KC 8H 6D", then="KH 7S QS 2S")
    table.antes()
    table.act(1, type="buy", box=1, cards=[])
    events = table.act(2, type="bet", box=2)
    assert ("seat:2", "pot:b2:s2:bet", 20) in table.paid(events)
    assert len(table.held(1)) == 5, "box 1 waits for box 0"
    events = table.act(0, type="buy", box=0, cards=[])
    assert [e["box"] for e in events if e["type"] == "drawn"] == [0, 1]
    assert table.held(0)[-1] == "KH" and table.held(1)[-1] == "7S", "box 0 first (§56)"
    table.act(1, type="exchange", box=1, cards=["KD", "7S"])
    assert len(table.held(1)) == 4
    table.act(0, type="exchange", box=0, cards=["4C", "2H"])
    assert table.held(0) == ["5H", "9H", "JH", "KH", "QS"], "box 0 again first"
    assert table.held(1) == ["3S", "4S", "6S", "8S", "2S"], "then box 1: a flush"
    table.act(0, type="fold", box=0)
    table.act(1, type="bet", box=1)
    assert table.nets() == {0: -40, 1: -30 + 10 + 100, 2: 50}


def test_cg_55_the_player_offered_the_cut_cuts_at_least_three_cards():
    cut = ENGINE.check_config({"min_bet": 10, "max_bet": 1_000, "player_cut": True})
    table = Table([0], ["JS JD 4C 4H 9S"], "3S 3D KC 8H 6D", cut="2C 2D 2H", config=cut)
    table.antes()
    assert table.phase == "cut" and table.to_act() == [0]
    table.refused(0, {"type": "cut", "at": 2}, "at least three cards")
    table.refused(0, {"type": "cut", "at": 50}, "at least three cards")
    table.refused(0, {"type": "bet", "box": 0}, "Cut the deck first")
    table.act(0, type="cut", at=3)
    assert table.held(0) == ["JS", "JD", "4C", "4H", "9S"]
    assert table.state["deck"][-3:] == ["2C", "2D", "2H"], "the cut cards go to the bottom"
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: 50}


def test_bad_input_in_the_buying_is_refused_and_changes_nothing():
    table = three_boxes()
    for seat, action, match in [
        (0, {"type": "buy_game", "box": 2}, "box 1 first"),
        (0, {"type": "buy_game", "box": False}, "box 1 first"),
        (0, "buy_game", "Unknown action"),
        (0, {"type": "fold", "box": 0}, "Buy the dealer a game"),
        (3, {"type": "buy_game", "box": 0}, "not dealt in"),
    ]:
        table.refused(seat, action, match)
    table.act(0, type="no_game", box=0)
    table.refused(0, {"type": "buy_game", "box": 0}, "no box to decide on")  # stale


def test_a_void_while_buying_returns_every_stake_and_fee_exactly():
    table = Table([0, 1], [FLUSH_DRAW, "TS TD 6C 3S 3H"], NO_GAME, then="KH")
    table.antes()
    table.act(0, type="buy", box=0, cards=[])
    table.act(1, type="bet", box=1)
    table.act(0, type="bet", box=0, cards=["4C"])
    table.act(0, type="buy_game", box=0)
    assert table.phase == "buying" and table.to_act() == [1]
    events = table.void()
    assert sorted(table.paid(events)) == sorted(
        [
            ("pot:b0:s0", "seat:0", 10),
            ("pot:b0:s0:bet", "seat:0", 20),
            ("pot:fee:s0:buy", "seat:0", 10),
            ("pot:fee:s0:game", "seat:0", 10),
            ("pot:b1:s1", "seat:1", 10),
            ("pot:b1:s1:bet", "seat:1", 20),
        ]
    )
    assert {k: v for k, v in table.changes().items() if v} == {}


def test_hidden_cards_the_sixth_card_and_the_cards_given_back_are_the_owners_only():
    table = Table([0, 1], [FLUSH_DRAW, "TS TD 6C 3S 3H"], NO_GAME, then="KH")
    table.antes()
    table.act(0, type="buy", box=0, cards=[])
    table.act(1, type="bet", box=1)
    assert '"KH"' in table.seen(0) and '"KH"' not in table.seen(1) + table.seen(None)
    table.act(0, type="bet", box=0, cards=["4C"])
    assert table.view(0)["boxes"][0]["given_back"] == ["4C"]
    assert '"4C"' not in table.seen(1) + table.seen(None)
    assert set(ENGINE.hidden_cards(table.state)) == set() and table.phase == "buying"
