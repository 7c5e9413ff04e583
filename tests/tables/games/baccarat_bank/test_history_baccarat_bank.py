"""Baccarat with a bank's hand history (issue 26, item 4): the four worked examples of
../shared/rules/baccarat-bank.md (section 4) read back through the game's replay and result
partials: cards, totals, the chocolate, the commission, the finished shoe revealed."""

import re
from collections import Counter

import pytest

from tables.engines.cards import pack_52
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.baccarat_bank.test_baccarat_bank import shoe_order
from tests.tables.history_hands import CARD, cards_on, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


BACCARAT = {"min_bet": 100, "max_bank": 5_000, "commission_percent": "5"}


def coup_1(**recording):
    """Natural breaks the bank: P1 4.00 and P2 6.00 against a bank of 10.00; punters 4♠ 5♥ = 9
    (a natural), bank K♦ 7♣ = 7 (CG §13, B2, B8)."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1, 2],
        ScriptedRng(shoe_order(["4S", "KD", "5H", "7C"])),
        [
            (0, {"type": "bid", "amount": 1000}),
            (1, {"type": "pass"}),
            (2, {"type": "pass"}),
            (1, {"type": "bet", "amount": 400}),
            (2, {"type": "bet", "amount": 600}),
            (0, {"type": "deal"}),
        ],
        **recording,
    )


def coup_2(**recording):
    """Chocolate and a third card: P1 3.00 against 10.00, the holder takes the 7.00; punters
    10♣ 3♦ draw 4♥ = 7, bank 2♠ 4♣ = 6 stands (CG §14, §16, B1)."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1],
        ScriptedRng(shoe_order(["TC", "2S", "3D", "4C", "4H"])),
        [
            (0, {"type": "bid", "amount": 1000}),
            (1, {"type": "pass"}),
            (1, {"type": "bet", "amount": 300}),
            (0, {"type": "deal"}),
            (0, {"type": "take_chocolate"}),
        ],
        **recording,
    )


def coup_3(**recording):
    """The bank wins, commission: P1 2.00 and P2 1.00 against 5.00; punters 5♥ J♠ = 5 stand,
    bank A♦ 6♣ = 7; the bank wins 3.00 less 5 % (B11) and is 7.85."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1, 2],
        ScriptedRng(shoe_order(["5H", "AD", "JS", "6C"])),
        [
            (0, {"type": "bid", "amount": 500}),
            (1, {"type": "pass"}),
            (2, {"type": "pass"}),
            (1, {"type": "bet", "amount": 200}),
            (2, {"type": "bet", "amount": 100}),
            (0, {"type": "deal"}),
            (0, {"type": "no_chocolate"}),
            (1, {"type": "stand"}),
        ],
        **recording,
    )


def coup_4(**recording):
    """A tie at the end of the shoe: a bank of 7.85 carried, P1 4.00; punters 9♦ 8♣ = 7, bank
    Q♥ 7♠ = 7: the bet returned (B3), the cut card out (B14), the shoe revealed."""
    order = shoe_order(["9D", "QH", "8C", "7S"])
    at = len(order) - 7 - 2
    cards = order[4 : 4 + at] + order[:4] + order[4 + at :]
    shoe = {"cards": cards, "cut_at": len(cards) - 7, "position": at, "discard": cards[:at]}
    carry = {"holder": 0, "bank": 785, "session": 1, "holding": 1, "shoe": shoe, "shoe_number": 1}
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1],
        ScriptedRng(),
        [(1, {"type": "bet", "amount": 400}), (0, {"type": "deal"}), (0, {"type": "no_chocolate"})],
        carry=carry,
        **recording,
    )


EXAMPLES = {
    # example: (the coup, punters' cards, bank's cards, punters' total, bank's total, outcome,
    #           each seat's net in the detail's result, the English words of the result)
    1: (coup_1, ["4S", "5H"], ["KD", "7C"], 9, 7, "punter",
        {"Anna": "−10.00 BYN", "Boris": "+4.00 BYN", "Vera": "+6.00 BYN"},
        "Bank 7 : Punters 9 — the punters win"),
    2: (coup_2, ["TC", "3D", "4H"], ["2S", "4C"], 7, 6, "punter",
        {"Anna": "−3.00 BYN", "Boris": "+3.00 BYN"},
        "Bank 6 : Punters 7 — the punters win"),
    3: (coup_3, ["5H", "JS"], ["AD", "6C"], 5, 7, "bank",
        {"Anna": "+2.85 BYN", "Boris": "−2.00 BYN", "Vera": "−1.00 BYN"},
        "Bank 7 : Punters 5 — the bank wins"),
    4: (coup_4, ["9D", "8C"], ["QH", "7S"], 7, 7, "tie", {},
        "Bank 7 : Punters 7 — a tie: the bets are returned"),
}  # fmt: skip


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_baccarat_worked_examples_cards_totals_and_money_in_the_history_cg_12_to_16(example):
    make, punters, bank, punter_total, bank_total, outcome, net, words = EXAMPLES[example]
    coup = make()
    assert coup.state["result"]["outcome"] == outcome  # the engine agrees with the rules file
    page = page_of(coup, coup.players[1], "en")
    result = section(page, "hand-result")
    # the result in words, both hands as dealt with their totals, the winner marked
    assert words in text_of(result)
    assert f'data-punter-total="{punter_total}" data-holder-total="{bank_total}"' in result
    punters_box = result[result.index("board-hand punters") : result.index("board-hand bank")]
    bank_box = result[result.index("board-hand bank") :]
    assert CARD.findall(punters_box) == punters
    assert CARD.findall(bank_box)[: len(bank)] == bank
    if punter_total >= 8 and len(punters) == 2:  # §13: a natural is named
        assert "a natural" in text_of(punters_box)
    # each seat's money in the currency, never in minor units
    shown = text_of(result)
    for name, amount in net.items():
        assert f"{name} {amount}" in shown
    # the steps: the cards as they came, in the step that dealt them, a third card named
    steps = section(page, "steps")
    assert cards_on(steps) == set(punters) | set(bank)
    if len(punters) == 3:
        assert "Third card to the punters:" in text_of(steps)
    # nothing of the shoe beyond the coup's cards
    assert cards_on(page) == set(punters) | set(bank)


def test_baccarat_example_2_steps_name_the_players_and_the_chocolate_in_words():
    coup = coup_2()
    ru = text_of(section(page_of(coup, coup.players[0], "ru"), "steps"))
    en = text_of(section(page_of(coup, coup.players[0], "en"), "steps"))
    assert "Boris bets 3.00 BYN against the bank" in en
    assert "Anna takes the chocolate" in en
    assert "Boris ставит 3.00 BYN против банка" in ru
    assert "Anna берёт шоколадку" in ru
    # the chocolate paid back to the holder, seat to seat, in words
    assert "the bank → Anna : 7.00 BYN (chocolate)" in en
    assert re.search(r"банк → Anna : 7\.00 BYN \(«?шоколадка»?\)", ru)


def test_baccarat_example_3_the_commission_and_the_bank_after_the_coup_b11():
    coup = coup_3()
    result = text_of(section(page_of(coup, coup.players[2], "en"), "hand-result"))
    assert "The casino’s commission: 0.15 BYN" in result
    assert "Anna’s bank is now 7.85 BYN" in result
    assert "Boris loses 2.00 BYN to the bank" in result and "Vera loses 1.00 BYN" in result


def test_baccarat_example_4_the_finished_shoe_is_revealed_and_verified():
    coup = coup_4()
    page = page_of(coup, coup.players[1], "en")
    verify = section(page, "shuffle")
    assert coup.hand.deck_record in verify and coup.hand.secret in verify
    assert 'data-verified="1"' in verify
    assert "the shoe is finished" in text_of(section(page, "hand-result"))


def test_shoe_cards_left_for_the_next_coup_are_never_on_the_page():
    coup = coup_1()
    rest = Counter(pack_52() * 6) - Counter(["4S", "KD", "5H", "7C"])
    following = sorted(rest.elements())[:6]
    assert not cards_on(page_of(coup, coup.players[0], "en")) & (set(following) - {"4S", "KD"})


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = coup_3
