"""Golden Oasis poker by scripted decks (CG §61-§68, ../shared/rules/golden-oasis.md): the worked
examples of section 4 with their money exactly, then one test per rule or ruling (G1-G10): the
exchange of 1 to 5 cards, the dealer's ace-king, buying a game (his highest card replaced, then a
pair needed), the dark box, the bonus from a flush, a deck run short. Ante 10, bet 20.

Every hand played here passes ``StudTable.check``: the 52 cards all there, nothing hidden in any
view, and at the end the players' change + the house's = 0 with every pot empty."""

import random

import pytest

from tables.engines.base import Draws
from tables.games.golden_oasis.engine import BONUS_PAYS, ENGINE
from tests.tables.families.stud.stud_tables import StudTable

CONFIG = ENGINE.check_config({"min_bet": 10, "max_bet": 1_000})
BONUS = ENGINE.check_config(
    {"min_bet": 10, "max_bet": 1_000, "bonus": {"stake": 10, "pays": BONUS_PAYS}}
)
ACE_KING = "AC KD 8C 6D 3H"  # a qualifying dealer (§66)
NO_GAME = "QS JD 8C 6H 3D"  # example 2's dealer: queen high
NOTHING = "9S 7D 5C 4H 2S"


class Table(StudTable):
    engine = ENGINE
    config = CONFIG


def one_box(hand, dealer, then=(), config=CONFIG, **more) -> Table:
    table = Table([0], [hand], dealer, then, config=config)
    table.act(0, type="ante", amount=10, **more)
    assert table.phase == "deciding" and table.to_act() == [0]
    return table


# --- the worked examples (section 4) -----------------------------------------------------------


def test_example_1_cg_65_g3_three_cards_exchanged_for_three_antes_a_full_house_nets_120():
    table = one_box("QS QD 2C 4H 9S", "AH KC 8D 6D 3S", then="QC 6H 6S")
    events = table.act(0, type="exchange", box=0, cards=["2C", "4H", "9S"])
    assert ("seat:0", "pot:fee:s0:exchange", 30) in table.paid(events)
    assert table.held(0) == ["QS", "QD", "QC", "6H", "6S"]
    table.act(0, type="bet", box=0)
    assert table.state["result"]["qualified"] is True
    assert ("bank", "seat:0", 140) in table.paid(), "full house 7:1 on the bet"
    assert table.nets() == {0: 120} and table.house() == -120


def test_example_2_cg_66_a_bought_game_the_dealer_replaces_his_highest_card_nets_80():
    table = one_box("5S 6D 7C 8H 9S", NO_GAME, then="8D")
    table.act(0, type="bet", box=0)
    assert table.phase == "buying" and table.to_act() == [0]
    events = table.act(0, type="buy_game", box=0)
    assert ("seat:0", "pot:fee:s0:game", 10) in table.paid(events)
    dealer = table.state["dealer"]
    assert (dealer["replaced"], dealer["drawn"]) == ("QS", "8D"), "his highest card"
    assert table.dealer() == ["8D", "JD", "8C", "6H", "3D"] and dealer["qualified_after"]
    assert ("bank", "seat:0", 80) in table.paid(), "straight 4:1 on the bet"
    assert table.nets() == {0: 80} and table.house() == -80


def test_example_3_g3_five_cards_exchanged_for_one_ante_then_a_fold_nets_minus_20():
    table = one_box("JC 8D 6H 4S 3D", ACE_KING, then="AS KS 9D 5C 2H")
    events = table.act(0, type="exchange", box=0, cards=["JC", "8D", "6H", "4S", "3D"])
    assert ("seat:0", "pot:fee:s0:exchange", 10) in table.paid(events)
    assert table.held(0) == ["AS", "KS", "9D", "5C", "2H"]
    table.act(0, type="fold", box=0)
    assert table.nets() == {0: -20} and table.house() == 20


def test_example_4_cg_65_g7_a_blind_third_box_against_no_game_nets_10():
    hands = ["AH 9C 7D 5S 2C", "KC TD 7S 4H 2H", "TS 9S 5C 4C 2S"]
    table = Table([0], hands, NO_GAME)
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    events = table.act(0, type="ante", box=2, amount=10, dark=True)
    assert ("seat:0", "pot:b2:s0:bet", 20) in table.paid(events), "its bet placed at once"
    table.act(0, type="done")
    table.act(0, type="bet", box=0)
    table.act(0, type="bet", box=1)
    assert table.over, "no pair anywhere: nobody is asked to buy"
    assert table.box_net(2) == 10
    assert ("pot:b2:s0:bet", "seat:0", 20) in table.paid(), "the blind box's bet returned"
    assert table.nets() == {0: 30} and table.house() == -30


# --- per rule -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "antes"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 1)])
def test_cg_65_g3_an_exchange_of_1_to_5_cards_costs_1_2_3_4_and_1_antes(count, antes):
    table = one_box(NOTHING, ACE_KING, then="KS QS JS TS 8H")
    offered = table.view(0)["offers"]["draws"][0]["counts"]
    assert [(c["returns"], c["fee"]) for c in offered] == [
        (1, 10),
        (2, 20),
        (3, 30),
        (4, 40),
        (5, 10),
    ]
    events = table.act(0, type="exchange", box=0, cards=NOTHING.split()[:count])
    assert ("seat:0", "pot:fee:s0:exchange", 10 * antes) in table.paid(events)
    assert table.held(0) == [*NOTHING.split()[count:], *["KS", "QS", "JS", "TS", "8H"][:count]]
    table.act(0, type="fold", box=0)
    assert table.nets() == {0: -10 - 10 * antes}


def test_g3_one_exchange_a_box_of_1_to_5_of_its_own_cards():
    table = one_box(NOTHING, ACE_KING, then="KS QS")
    for cards, match in [
        ([], "Choose 1, 2, 3, 4, 5 of your"),
        ([*NOTHING.split(), "AS"], "Choose 1, 2, 3, 4, 5 of your"),
        ("2S", "Choose 1, 2, 3, 4, 5 of your"),
        (["2S", "2S"], "from your own hand"),
        (["AS"], "from your own hand"),
    ]:
        table.refused(0, {"type": "exchange", "box": 0, "cards": cards}, match)
    table.act(0, type="exchange", box=0, cards=["2S"])
    table.refused(0, {"type": "exchange", "box": 0, "cards": ["KS"]}, "not yours to make now")
    assert {a["type"] for a in table.view(0)["legal"]} == {"bet", "fold"}
    table.act(0, type="bet", box=0)
    assert table.nets() == {0: -40}, "K high loses to A-K: ante, bet and the fee"


@pytest.mark.parametrize(
    ("dealer", "qualified", "net"),
    [("AC KD 4H 3S 2C", True, 30), ("AC QD JH 9S 8C", False, 10)],
    ids=["A-K-4-3-2-qualifies", "A-Q-J-9-8-does-not"],
)
def test_cg_66_g1_the_dealer_qualifies_with_ace_king(dealer, qualified, net):
    table = one_box("7S 7H 5C 6D TS", dealer)
    table.act(0, type="bet", box=0)
    assert table.state["dealer"]["qualified"] is qualified
    if not qualified:
        assert table.phase == "buying", "the pair of sevens may buy him a game"
        table.act(0, type="no_game", box=0)
    assert table.nets() == {0: net}


def test_cg_66_g5_after_a_bought_game_the_dealer_needs_a_pair_ace_high_fails():
    # His highest card replaced, the dealer can never hold ace-king after a purchase (an ace
    # drawn replaces his king); ace-queen high does not qualify: ante and bet back, fee kept (G4).
    table = one_box("5S 5D 9C 7H 2D", "KS QD 8C 6H 3D", then="AC")
    table.act(0, type="bet", box=0)
    table.act(0, type="buy_game", box=0)
    assert table.state["dealer"]["replaced"] == "KS"
    assert table.dealer() == ["AC", "QD", "8C", "6H", "3D"]
    assert table.state["dealer"]["qualified_after"] is False
    assert table.box(0)["outcome"] == "no game"
    assert table.nets() == {0: -10} and table.house() == 10


def test_g6_g7_a_dark_box_is_settled_on_the_dealers_original_hand_when_another_buys():
    # §65: the dark box is the third, beyond two open ones (box 1 has nothing and folds)
    table = Table([0], ["5S 5D 9C 7H 2D", "KH JC 9D 4C 2H", "4S 4D TC 7C 2S"], NO_GAME, then="8D")
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    table.act(0, type="ante", box=2, amount=10, dark=True)
    table.act(0, type="done")
    table.act(0, type="bet", box=0)
    events = table.act(0, type="fold", box=1)
    assert table.phase == "buying" and table.to_act() == [0], "the dark box is never asked"
    assert table.box(2)["outcome"] == "no game"
    assert ("bank", "seat:0", 10) in table.paid(events), "the dark box's ante paid at once"
    table.act(0, type="buy_game", box=0)
    assert table.dealer() == ["8D", "JD", "8C", "6H", "3D"], "eights: beating both boxes"
    assert table.view(0)["dealer"]["first"] == NO_GAME.split()
    assert table.box_net(0) == -40 and table.box_net(2) == 10
    assert table.state["result"]["boxes"]["2"]["cards"] is None, "never compared, never shown"


def test_cg_65_two_open_boxes_a_player_more_only_dark():
    table = Table([0, 1])
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    table.refused(0, {"type": "ante", "box": 2, "amount": 10}, "2 open and 1 dark")
    table.act(0, type="ante", box=2, amount=10, dark=True)
    table.refused(0, {"type": "ante", "box": 3, "amount": 10, "dark": True}, "2 open and 1 dark")
    table.refused(1, {"type": "ante", "box": 1, "amount": 10}, "staked already")
    table.act(1, type="ante", amount=10)
    assert table.box(3)["owner"] == 1, "a plain ante: the first free box"


def test_cg_68_g8_the_bonus_pays_from_a_flush_whatever_the_dealer_holds():
    table = one_box("2S 5S 9S JS KS", NO_GAME, config=BONUS, bonus=True)
    table.act(0, type="bet", box=0)
    assert table.state["dealer"]["qualified"] is False and table.phase == "buying"
    assert ("bank", "seat:0", 100) in table.paid(), "flush 10:1 on the bonus of 10, at once"
    table.act(0, type="no_game", box=0)
    assert table.nets() == {0: 10 + 100}


def test_cg_68_g8_a_straight_wins_its_bet_but_no_bonus():
    table = one_box("9S 8D 7C 6H 5S", ACE_KING, config=BONUS, bonus=True)
    table.act(0, type="bet", box=0)
    assert ("pot:b0:s0:bonus", "bank", 10) in table.paid()
    assert table.nets() == {0: 10 + 80 - 10}


@pytest.mark.parametrize(
    ("hand", "give", "then"),
    [("2S 5S 9S JS 4D", ["4D"], "KS"), ("2H 3D 7C 8D 4D", None, "2S 5S 9S JS KS")],
    ids=["one-card", "five-cards"],
)
def test_cg_68_g8_any_exchange_forfeits_the_bonus_even_to_a_flush(hand, give, then):
    table = one_box(hand, ACE_KING, then=then, config=BONUS, bonus=True)
    events = table.act(0, type="exchange", box=0, cards=give or hand.split())
    assert {"type": "bonus_forfeited", "seat": 0, "box": 0} in events
    assert ("seat:0", "pot:fee:s0:exchange", 10) in table.paid(events)
    table.act(0, type="bet", box=0)
    assert sorted(table.held(0)) == sorted(["2S", "5S", "9S", "JS", "KS"])
    assert table.nets() == {0: -10 - 10 + 10 + 100}, "fee and bonus lost, the flush paid 5:1"


def test_g10_a_clock_folds_the_open_box_the_dark_box_plays_on():
    table = Table([0], [NOTHING, "KH JC 9D 4C 2H", "TS TD 7C 5H 3S"], ACE_KING)
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    table.act(0, type="ante", box=2, amount=10, dark=True)
    table.act(0, type="done")
    assert ENGINE.timeout_action(table.state, 0) == {"type": "fold", "box": 0}
    table.timeout(0)
    table.timeout(0)
    assert table.box(0)["status"] == "folded" and table.box(1)["status"] == "folded"
    assert table.box(2)["status"] == "settled"
    assert table.box_net(0) == -10 and table.box_net(2) == 30, "tens beat ace-king"


def test_cg_65_no_draw_decisions_apply_at_once_exchanges_are_dealt_box_by_box_from_box_0():
    hands = [NOTHING, "AS AD 7S 6S 5D", "8S 6H 4C 3C 2C"]  # seat 0: boxes 0, 1; seat 1: box 2
    table = Table([0, 1], hands, ACE_KING, then="KS QS JS")
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    table.act(0, type="done")
    table.act(1, type="ante", amount=10)
    table.act(1, type="exchange", box=2, cards=["3C", "2C"])
    assert len(table.held(2)) == 3 and table.to_act() == [0]
    table.refused(0, {"type": "bet", "box": 1}, "box 1 first")
    table.act(0, type="exchange", box=0, cards=["2S"])
    assert len(table.held(0)) == 4 and table.view(0)["my_box"] == 1
    events = table.act(0, type="bet", box=1)
    assert ("seat:0", "pot:b1:s0:bet", 20) in table.paid(events)
    assert [e["box"] for e in events if e["type"] == "drawn"] == [0, 2]
    assert table.held(0)[-1] == "KS" and table.held(2)[-2:] == ["QS", "JS"]
    assert table.to_act() == [0, 1], "after the exchange each decides again"
    table.act(0, type="fold", box=0)
    table.act(1, type="fold", box=2)
    assert table.nets() == {0: -20 + 30, 1: -30}


def test_bad_input_is_refused_and_changes_nothing():
    table = Table([0, 1], [NOTHING, "AS AD 7S 6S 5D"], ACE_KING)
    table.antes()
    for seat, action, match in [
        (0, {"type": "exchange", "box": 1, "cards": ["AS"]}, "box 1 first"),
        (0, {"type": "buy", "box": 0, "cards": []}, "Bet, fold, or change"),
        (0, {"type": "change", "box": 0, "cards": ["2S"]}, "Bet, fold, or change"),
        (0, {"type": "exchange", "box": 0}, "Choose 1, 2, 3, 4, 5"),
        (0, {"type": "no_game", "box": 0}, "Bet, fold, or change"),
        (0, None, "Unknown action"),
        (5, {"type": "fold"}, "not dealt in"),
    ]:
        table.refused(seat, action, match)
    table.act(0, type="fold")  # the box defaults to the one deciding
    table.refused(0, {"type": "bet", "box": 0}, "no box to decide on")


def test_a_void_returns_what_is_at_stake_and_every_fee_a_settled_box_stays_settled():
    hands = [NOTHING, "KH JC 9D 4C 2H", "TS TD 7C 5H 3S", "AS AD 7S 6S 5D"]
    table = Table([0, 1], hands, ACE_KING, "KS QS", config=BONUS)
    table.act(0, type="ante", box=0, amount=10, bonus=True)
    table.act(0, type="ante", box=1, amount=10)
    table.act(0, type="ante", box=2, amount=15, dark=True)
    table.act(0, type="done")
    table.act(1, type="ante", amount=20, bonus=True)  # box 3
    table.act(0, type="exchange", box=0, cards=["2S"])
    table.act(1, type="exchange", box=3, cards=["5D"])  # both bonuses are the house's now
    table.act(0, type="fold", box=1)  # box 1 decides before box 0's second decision
    table.act(0, type="fold", box=0)  # and so is box 0's ante
    assert table.to_act() == [1]
    events = table.void()
    assert sorted(table.paid(events)) == sorted(
        [
            ("pot:fee:s0:exchange", "seat:0", 10),
            ("pot:b2:s0", "seat:0", 15),
            ("pot:b2:s0:bet", "seat:0", 30),
            ("pot:b3:s1", "seat:1", 20),
            ("pot:fee:s1:exchange", "seat:1", 20),
        ]
    ), "the stakes still in their pots and every fee"
    changes = {k: v for k, v in table.changes().items() if v}
    assert changes == {"seat:0": -30, "seat:1": -10, "bank": 40}, "what was settled stays"


def test_hidden_cards_the_dealers_four_and_the_dark_box_are_in_no_view():
    hands = [NOTHING, "KH JC 9D 4C 2H", "TS TD 7C 5H 3S", "AS AD 7S 6S 5D"]
    table = Table([0, 1], hands, "AC KD 8C 6D 3H")
    table.act(0, type="ante", box=0, amount=10)
    table.act(0, type="ante", box=1, amount=10)
    table.act(0, type="ante", box=2, amount=10, dark=True)
    table.act(0, type="done")
    table.act(1, type="ante", amount=10)
    hidden = {"AC", "KD", "8C", "6D", "TS", "TD", "7C", "5H", "3S"}
    assert set(ENGINE.hidden_cards(table.state)) == hidden
    views = {v: table.seen(v) for v in (None, 0, 1)}
    for viewer, text in views.items():
        assert not any(f'"{c}"' in text for c in hidden) and '"3H"' in text
        assert ('"9S"' in text) is (viewer == 0) and ('"AS"' in text) is (viewer == 1)


def test_a_deck_run_short_by_six_five_card_exchanges_is_refilled_from_the_cards_given_back():
    table = Table(range(6), rng=Draws(random.Random(33)))
    table.antes()
    undealt = list(table.state["deck"])
    assert len(undealt) == 52 - 35
    given = {}
    for seat in range(6):
        given[seat] = table.held(seat)
        table.act(seat, type="exchange", box=seat, cards=given[seat])
    assert table.state["refilled"] is True
    held = [c for seat in range(6) for c in table.held(seat)]
    assert all(len(table.held(seat)) == 5 for seat in range(6))
    assert len(set(held)) == 30, "no card twice"
    assert held[:15] == undealt[:15], "boxes 0-2 from the deck as it was"
    assert held[15:17] == undealt[15:17], "box 3 takes the last two first"
    returned = {c for cards in given.values() for c in cards}
    assert set(held[17:]) <= returned, "then the cards given back, shuffled"
    assert not set(held) & set(table.dealer())
    for seat in range(6):
        table.act(seat, type="bet", box=seat)
    while not table.over:  # a dealer without a game: the pairs asked take the ante paid
        table.act(table.to_act()[0], type="no_game")
    assert sum(table.nets().values()) == -table.house()


def test_cg_65_boxes_are_dark_only_beyond_two_open_ones():
    """§65: a player plays two ante boxes; any more are blind. A dark box before both open
    ones is refused with a sentence and nothing booked (issue 47)."""
    table = Table([0, 1])
    table.refused(0, {"type": "ante", "box": 2, "amount": 10, "dark": True}, "stake 2 open first")
    table.act(0, type="ante", box=0, amount=10)
    assert ENGINE.bet_ranges(table.state, 0)["dark"] == []
    table.refused(0, {"type": "ante", "box": 2, "amount": 10, "dark": True}, "stake 2 open first")
    table.act(0, type="ante", box=1, amount=10)
    assert ENGINE.bet_ranges(table.state, 0)["dark"]
    table.act(0, type="ante", box=2, amount=10, dark=True)
