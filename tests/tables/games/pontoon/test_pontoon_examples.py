"""Pontoon by scripted shoes: the four worked examples of section 4 of ../shared/rules/pontoon.md
(CG §128-§137) with every money flow exactly, at the examples' original stake of 10.

The deal (``tables.families.twentyone.engine``): a card to each box from box 0 on, the dealer's up
card, a second card to each box; no hole card (§131): the dealer's second card comes after
every box has played, then his draws. A bought card comes after the stakers behind answered
the buy. Every test also checks that money is conserved: what left the seats equals what
reached them plus the house bank's net, every pot ends empty, each seat's net is its money's."""

from tables.engines.base import HOUSE_BANK
from tables.games.pontoon.engine import ENGINE
from tests.tables.engines.scripted import ShoeTable

CONFIG = ENGINE.check_config({"min_bet": 10, "max_bet": 5_000, "boxes": 7, "player_cut": False})


class Table(ShoeTable):
    """One hand of Pontoon on a scripted shoe; every event of the hand is kept."""

    engine = ENGINE
    config = CONFIG


def test_example_1_cg_132_135_buying_twice_and_a_tie_loses_all_30():
    # 9 4 = 13, buys 3 -> 16, buys 2 -> 18, stands; the dealer 10, draws 8 -> 18
    table = Table([0], ["9S", "TD", "4D", "3C", "2H", "8C"])
    table.bet({0: 10})
    assert "stand" not in [a["type"] for a in ENGINE.legal_actions(table.state, 0)], "N1"
    table.act(0, type="buy", box=0, hand=0)
    table.act(0, type="buy", box=0, hand=0)
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["9S", "4D", "3C", "2H"]
    assert table.state["pots"] == {"pot:b0:s0": 30}, "30 at stake"
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["TD", "8C"]
    assert table.paid() == [
        ("seat:0", "pot:b0:s0", 10),  # the stake
        ("seat:0", "pot:b0:s0", 10),  # the 3rd card bought
        ("seat:0", "pot:b0:s0", 10),  # the 4th card bought
        ("pot:b0:s0", HOUSE_BANK, 30),  # 18 against 18: the tie loses (§135)
    ]
    assert table.nets() == {"0": -30}
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "lost"
    assert table.conserved() == 30


def test_example_2_cg_133_n3_five_cards_paid_3_to_2_at_once_even_against_a_dealer_pontoon():
    # 2 3, twists 4, 5, 6 -> five cards, 20; the dealer's ace, then a king: Pontoon
    table = Table([0], ["2S", "AH", "3H", "4D", "5C", "6H", "KS"])
    table.bet({0: 10})
    assert table.state["phase"] == "insurance", "the dealer shows an ace (§137)"
    table.act(0, type="done")
    for _card in range(3):
        events = table.act(0, type="twist", box=0, hand=0)
        assert not [e for e in events if e["type"] == "payment" and e["source"] == "seat:0"]
    assert table.state["boxes"]["0"]["hands"][0]["cards"] == ["2S", "3H", "4D", "5C", "6H"]
    assert (HOUSE_BANK, "seat:0", 15) in table.paid(), "paid when completed (N3)"
    assert table.dealer() == ["AH", "KS"], "the dealer makes Pontoon after it"
    assert table.paid() == [
        ("seat:0", "pot:b0:s0", 10),
        (HOUSE_BANK, "seat:0", 15),  # five cards 3:2
        ("pot:b0:s0", "seat:0", 10),  # the stake back
    ]
    assert table.nets() == {"0": 15}
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "five cards"
    assert table.conserved() == -15


def test_example_3_cg_134_pontoon_paid_2_to_1():
    # A K against 9; the dealer draws 9 -> 18
    table = Table([0], ["AC", "9S", "KD", "9H"])
    table.bet({0: 10})
    assert table.over, "a Pontoon against a 9 has nothing to decide and nothing to wait for"
    assert table.dealer() == ["9S", "9H"]
    assert table.paid() == [
        ("seat:0", "pot:b0:s0", 10),
        (HOUSE_BANK, "seat:0", 20),
        ("pot:b0:s0", "seat:0", 10),
    ]
    assert table.nets() == {"0": 20}
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "natural"
    assert table.conserved() == -20


def test_example_4_cg_137_insurance_of_half_against_the_dealers_pontoon_nets_0():
    # 10 8 against the ace, insures 5; stands on 18; the dealer draws a queen: Pontoon
    table = Table([0], ["TC", "AH", "8D", "QS"])
    table.bet({0: 10})
    assert ENGINE.legal_actions(table.state, 0) == [
        {"type": "insurance", "box": 0, "amount": 5},
        {"type": "done"},
    ]
    table.act(0, type="insurance", box=0, amount=5)
    table.act(0, type="stand", box=0, hand=0)
    assert table.dealer() == ["AH", "QS"]
    assert table.paid() == [
        ("seat:0", "pot:b0:s0", 10),
        ("seat:0", "pot:b0:s0:insurance", 5),
        (HOUSE_BANK, "seat:0", 10),  # insurance 2:1
        ("pot:b0:s0:insurance", "seat:0", 5),  # its stake back
        ("pot:b0:s0", HOUSE_BANK, 10),  # the original stake loses to his Pontoon
    ]
    assert table.nets() == {"0": 0}
    assert table.conserved() == 0


def test_example_4_cg_134_n11_a_pontoon_taking_even_money_gets_10_at_once():
    # A J against the ace: even money, paid before the dealer's second card
    table = Table([0], ["AD", "AH", "JS", "QS"])
    table.bet({0: 10})
    assert {"type": "even_money", "box": 0} in ENGINE.legal_actions(table.state, 0)
    events = table.act(0, type="even_money", box=0)
    assert [(p["source"], p["target"], p["amount"]) for p in events if p["type"] == "payment"] == [
        (HOUSE_BANK, "seat:0", 10),
        ("pot:b0:s0", "seat:0", 10),
    ]
    assert table.over and table.nets() == {"0": 10}
    assert table.state["result"]["boxes"]["0"]["hands"][0]["outcome"] == "even money"
    assert table.conserved() == -10
