"""Baccarat with a player-held bank (CG §4–§17, rulings B1–B14 and section 5 of
../shared/rules/baccarat-bank.md), played on scripted shoes: the worked examples of the rules
file, the holder's tableau cell by cell, the bets' cover, the chocolate, the cardholder, the
auction and the sale, the end of the shoe."""

from collections import Counter

import pytest

from tables.engines.base import IllegalAction, payments, seat
from tables.engines.cards import pack_52
from tables.games.baccarat_bank.coup import holder_draws, punter_must, total
from tables.games.baccarat_bank.engine import ENGINE
from tables.games.baccarat_bank.rules import BANK, bet_pot, from_the_right_of
from tests.tables.engines.scripted import ScriptedRng

CONFIG = {"min_bet": 100, "max_bank": 5_000, "commission_percent": "5"}


def shoe_order(first: list[str]) -> list[str]:
    """A six-deck shoe whose first cards are ``first`` (dealt punter, holder, punter, holder,
    then any third cards in the order drawn)."""
    rest = Counter(pack_52() * 6) - Counter(first)
    return list(first) + sorted(rest.elements())


def money(events) -> Counter:
    """What each party gained (+) or gave (-) in ``events``."""
    moved: Counter = Counter()
    for payment in payments(events):
        moved[payment.source] -= payment.amount
        moved[payment.target] += payment.amount
    return moved


class Coup:
    """One table played through the engine's hooks, holding its state and every event."""

    def __init__(self, players, first_cards, carry=None, config=CONFIG):
        self.state = ENGINE.new_hand(
            {**config, "hand_number": 1, "match_number": 1},
            players,
            ScriptedRng(shoe_order(first_cards)),
            carry,
        )
        self.events = list(ENGINE.start_events(self.state))

    def act(self, position, kind, **fields):
        self.state, events = ENGINE.apply(self.state, position, {"type": kind, **fields})
        self.events += events
        return events

    def open_bank(self, holder, amount, others=()):
        """The first bank: ``holder`` bids ``amount``, everyone else passes (section 5)."""
        self.act(holder, "bid", amount=amount)
        for position in others:
            self.act(position, "pass")
        assert self.state["holder"] == holder and self.state["bank"] == amount


# --- the card rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [(["7S", "5H"], 2), (["6S", "3H"], 9), (["TS", "KH", "3D"], 3), (["TS", "JH", "QD"], 0)],
)
def test_cg_7_only_the_last_digit_counts(cards, points):
    assert total(cards) == points


def test_cg_8_aces_count_one_and_pictures_ten():
    assert total(["AS"]) == 1 and total(["KS", "9H"]) == 9 and total(["7S", "3D"]) == 0


@pytest.mark.parametrize(
    ("points", "rule"), [(0, "draw"), (4, "draw"), (5, "choose"), (6, "stand"), (7, "stand")]
)
def test_cg_14_the_cardholders_third_card(points, rule):
    assert punter_must(points) == rule


# B1, every cell: holder's total x the cardholder's third card (None: he stood on two cards)
TABLEAU = {
    0: "DDDDDDDDDDD",
    1: "DDDDDDDDDDD",
    2: "DDDDDDDDDDD",
    3: "DDDDDDDDSDD",
    4: "SSDDDDDDSSD",
    5: "SSSSDDDDSSD",
    6: "SSSSSSDDSSS",
    7: "SSSSSSSSSSS",
}  # columns: third card of 0..9 points, then "stood on two cards"


@pytest.mark.parametrize("holder_points", range(8))
def test_b1_the_holders_tableau_cell_by_cell(holder_points):
    thirds = ["TS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", None]
    row = "".join("D" if holder_draws(holder_points, third) else "S" for third in thirds)
    assert row == TABLEAU[holder_points]


# --- the worked examples (section 4) --------------------------------------------------------------


def test_example_1_a_natural_breaks_the_bank_cg_13_b2_b8():
    coup = Coup([0, 1, 2], ["4S", "KD", "5H", "7C"])
    coup.open_bank(0, 1000, others=(1, 2))
    coup.act(1, "bet", amount=400)
    coup.act(2, "bet", amount=600)
    events = coup.act(0, "deal")
    assert coup.state["cardholder"] == 2  # the largest bet (§12)
    result = coup.state["result"]
    assert (result["outcome"], result["punter_total"], result["holder_total"]) == ("punter", 9, 7)
    moved = money(events)
    assert moved[seat(1)] == 800 and moved[seat(2)] == 1200  # stakes back and won 1:1
    assert moved[seat(0)] == 0 and coup.state["bank"] == 0 and coup.state["holder"] is None
    assert coup.state["pots"] == {}


def test_example_2_chocolate_and_a_third_card_cg_14_cg_16_b1_b9():
    coup = Coup([0, 1], ["TC", "2S", "3D", "4C", "4H"])
    coup.open_bank(0, 1000, others=(1,))
    coup.act(1, "bet", amount=300)
    coup.act(0, "deal")
    assert coup.state["phase"] == "chocolate"
    events = coup.act(0, "take_chocolate")
    assert money(events[:2])[seat(0)] == 700  # the chocolate, before the first card
    result = coup.state["result"]
    assert result["punter_cards"] == ["TC", "3D", "4H"] and result["holder_cards"] == ["2S", "4C"]
    assert (result["punter_total"], result["holder_total"], result["outcome"]) == (7, 6, "punter")
    assert money(coup.events)[seat(1)] == 300 and money(coup.events)[seat(0)] == -300
    assert coup.state["holder"] is None  # the bank lost: it passes (B8)


def test_example_3_the_bank_wins_and_the_casino_takes_5_percent_b11():
    coup = Coup([0, 1, 2], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1, 2))
    coup.act(1, "bet", amount=200)
    coup.act(2, "bet", amount=100)
    coup.act(0, "deal")
    coup.act(0, "no_chocolate")  # the holder leaves the chocolate in
    assert coup.state["phase"] == "draw" and coup.state["cardholder"] == 1
    with pytest.raises(IllegalAction):
        coup.act(2, "draw")  # only the cardholder decides on 5 (B5)
    events = coup.act(1, "stand")
    moved = money(events)
    assert coup.state["result"]["outcome"] == "bank" and moved["house:commission"] == 15
    assert coup.state["bank"] == 785 and coup.state["pots"] == {BANK: 785}
    totals = money(coup.events)
    assert totals[seat(1)] == -200 and totals[seat(2)] == -100 and totals[seat(0)] == -500
    assert totals[BANK] == 785  # the holder's 500 and the 285 it won, in escrow


def example_4_coup() -> Coup:
    """Worked example 4 played: the bank of 785 after example 3, a bet of 400, a tie at 7 in
    the coup that brings the cut card out (the shoe dealt to two cards before it)."""
    order = shoe_order(["9D", "QH", "8C", "7S"])
    at = len(order) - 7 - 2
    cards = order[4 : 4 + at] + order[:4] + order[4 + at :]
    shoe = {"cards": cards, "cut_at": len(cards) - 7, "position": at, "discard": cards[:at]}
    carry = {"holder": 0, "bank": 785, "session": 1, "holding": 1, "shoe": shoe, "shoe_number": 1}
    coup = Coup([0, 1], [], carry=carry)
    coup.act(1, "bet", amount=400)
    coup.act(0, "deal")
    coup.act(0, "no_chocolate")
    return coup


def test_example_4_a_tie_at_the_end_of_the_shoe_then_half_the_bank_b3_b10_b14():
    # the shoe is dealt to two cards before the cut card: this coup brings it out
    coup = example_4_coup()
    result = coup.state["result"]
    assert result["outcome"] == "tie" and result["shoe_over"]
    assert money(coup.events)[seat(1)] == 0 and coup.state["bank"] == 785  # pushed (B3)
    assert ENGINE.commitment_finished(coup.state)
    following = Coup([0, 1], ["2S", "3S", "4S", "5S"], carry=ENGINE.carry_over(coup.state))
    assert following.state["new_shoe"] and following.state["shoe_number"] == 2
    assert {"type": "withdraw_half", "amount": 392} in ENGINE.legal_actions(following.state, 0)
    with pytest.raises(IllegalAction):
        following.act(0, "withdraw_half", amount=393)
    events = following.act(0, "withdraw_half", amount=392)
    assert money(events)[seat(0)] == 392 and following.state["bank"] == 393
    assert all(a["type"] != "withdraw_half" for a in ENGINE.legal_actions(following.state, 0))


# --- bets against the bank (§13, B6) --------------------------------------------------------------


def test_b6_bets_are_covered_from_the_holders_right_the_overflow_cut_later_ones_returned():
    coup = Coup([0, 1, 2, 3], ["9S", "TS", "TH", "TD"])
    coup.open_bank(2, 1000, others=(0, 1, 3))
    with pytest.raises(IllegalAction, match="from 100 to 1000"):
        coup.act(3, "bet", amount=1001)  # past the bank: refused with a sentence
    # the holder's right is counter-clockwise, the next lower positions: 1, 0, then 3
    coup.act(1, "bet", amount=700)  # first to the holder's right
    coup.act(0, "bet", amount=500)  # cut to the 300 left
    coup.act(3, "bet", amount=200)  # nothing left: returned
    events = coup.act(2, "deal")
    closed = next(e for e in events if e["type"] == "bets_closed")
    assert closed["accepted"] == {"1": 700, "0": 300}
    moved = money(events[: events.index(closed)])
    assert moved[seat(0)] == 200 and moved[seat(3)] == 200
    assert coup.state["cardholder"] == 1


def test_b5_equal_largest_bets_the_cards_go_to_the_first_from_the_holders_right():
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"])
    coup.open_bank(1, 1000, others=(0, 2))
    coup.act(0, "bet", amount=300)
    coup.act(2, "bet", amount=300)
    coup.act(1, "deal")
    coup.act(1, "no_chocolate")
    assert coup.state["cardholder"] == 0  # seat 0 is next to the holder's right, then 2


def test_nobody_bets_the_coup_is_not_played_and_the_bank_stays():
    coup = Coup([0, 1], ["9S", "TS", "TH", "TD"])
    coup.open_bank(0, 1000, others=(1,))
    coup.act(1, "pass")
    coup.act(0, "deal")
    assert coup.state["result"]["no_bets"] and coup.state["pots"] == {BANK: 1000}
    assert ENGINE.in_play(coup.state)  # the bank is still at the table


# --- the bank changing hands (§9–§11, B7, B8, section 5) ------------------------------------------


def test_section_5_the_first_bank_is_auctioned_highest_wins_ties_from_the_dealers_right():
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"])
    coup.act(2, "bid", amount=800)
    coup.act(0, "bid", amount=500)
    coup.act(1, "bid", amount=800)
    # from the dealer's right: the highest position first, seat 2 before seat 1
    assert coup.state["holder"] == 2 and coup.state["bank"] == 800
    moved = money(coup.events)
    assert moved[seat(0)] == 0 and moved[seat(1)] == 0  # the deposits back
    assert moved[seat(2)] == -800 and moved[BANK] == 800


def test_section_5_no_bid_the_bank_is_offered_seat_by_seat_and_nobody_takes_it():
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"])
    for position in (0, 1, 2):
        coup.act(position, "pass")
    # offered from the dealer's right: the highest position first
    assert coup.state["phase"] == "offer" and ENGINE.to_act(coup.state) == [2]
    assert coup.state["offer"] == [2, 1, 0]
    coup.act(2, "decline")
    coup.act(1, "open", amount=300)
    assert coup.state["holder"] == 1 and coup.state["phase"] == "betting"
    again = Coup([0, 1], ["9S", "TS", "TH", "TD"])
    again.act(0, "pass")
    again.act(1, "pass")
    again.act(1, "decline")
    again.act(0, "decline")
    assert again.state["result"]["no_bank"] and not ENGINE.in_play(again.state)


def test_cg_10_cg_11_a_sale_capped_at_the_bank_the_buyer_pays_the_seller():
    carry = {"holder": 0, "bank": 1000, "session": 1, "holding": 1}
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"], carry=carry)
    coup.act(1, "bet", amount=200)
    events = coup.act(0, "sell")
    assert money(events)[seat(1)] == 200  # the bet placed goes back
    with pytest.raises(IllegalAction, match="from 100 to 1000"):
        coup.act(1, "bid", amount=1100)  # §10: not above the bank before the sale
    coup.act(1, "bid", amount=600)
    events = coup.act(2, "bid", amount=400)
    moved = money(coup.events)
    assert moved[seat(0)] == 1000  # 600 from the buyer, seat to seat, and the 400 rest
    assert moved[seat(1)] == -600 and moved[seat(2)] == 0
    transfer = [p for p in payments(events) if p.reason == "bank sold"]
    assert transfer and (transfer[0].source, transfer[0].target) == (seat(1), seat(0))
    assert coup.state["holder"] == 1 and coup.state["bank"] == 600
    assert coup.state["pots"] == {BANK: 600} and ENGINE.pot_owners(coup.state) == {BANK: seat(1)}


def test_cg_11_nobody_buys_the_bank_passes_to_the_first_player_on_the_right():
    carry = {"holder": 1, "bank": 1000, "session": 1, "holding": 1}
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"], carry=carry)
    coup.act(1, "sell")
    coup.act(0, "pass")
    events = coup.act(2, "pass")
    assert money(events)[seat(1)] == 1000  # his bank back
    # the first player on the seller's right: the next lower position, 0, then round to 2
    assert coup.state["phase"] == "offer" and coup.state["offer"] == [0, 2]
    coup.act(0, "decline")
    coup.act(2, "open", amount=500)
    assert coup.state["holder"] == 2


def test_b8_the_bank_that_loses_passes_and_the_loser_is_not_offered_it_first():
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"])
    coup.open_bank(1, 1000, others=(0, 2))
    coup.act(0, "bet", amount=1000)
    coup.act(2, "pass")
    coup.act(1, "deal")
    assert coup.state["result"]["outcome"] == "punter" and coup.state["holder"] is None
    following = Coup([0, 1, 2], ["2S", "3S", "4S", "5S"], carry=ENGINE.carry_over(coup.state))
    assert following.state["phase"] == "auction"
    assert ENGINE.to_act(following.state) == [0, 2]


# --- leaving, timeouts, void ----------------------------------------------------------------------


def test_section_5_a_holder_who_leaves_passes_the_bank_his_money_back_with_every_bet():
    coup = Coup([0, 1, 2], ["9S", "TS", "TH", "TD"])
    coup.open_bank(0, 1000, others=(1, 2))
    coup.act(1, "bet", amount=300)
    state, events = ENGINE.apply_leave(coup.state, 0)
    moved = money(events)
    assert moved[seat(0)] == 1000 and moved[seat(1)] == 300 and state["pots"] == {}
    assert state["over"] and not ENGINE.in_play(state)


def test_b13_section_5_timeouts_no_bet_the_holder_deals_no_chocolate_the_cardholder_stands():
    coup = Coup([0, 1], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1,))
    assert ENGINE.timeout_action(coup.state, 1) == {"type": "pass"}
    assert ENGINE.timeout_action(coup.state, 0) == {"type": "deal"}
    coup.act(1, "bet", amount=200)
    coup.state, _events = ENGINE.apply_timeout(coup.state, 0)
    assert ENGINE.timeout_action(coup.state, 0) == {"type": "no_chocolate"}
    coup.state, _events = ENGINE.apply_timeout(coup.state, 0)
    assert ENGINE.timeout_action(coup.state, 1) == {"type": "stand"}


def test_a_void_returns_the_bets_and_the_whole_bank_to_its_holder():
    coup = Coup([0, 1], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1,))
    coup.act(1, "bet", amount=200)
    state, events = ENGINE.apply_void(coup.state)
    moved = money(events)
    assert moved[seat(0)] == 500 and moved[seat(1)] == 200 and state["pots"] == {}
    assert all(p.reason == "void" for p in payments(events))


def test_the_views_show_the_bank_and_the_cards_but_never_the_shoe():
    coup = Coup([0, 1], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1,))
    coup.act(1, "bet", amount=200)
    coup.act(0, "deal")
    coup.act(0, "no_chocolate")
    view = ENGINE.view(coup.state, 1)
    assert view["bank"] == 500 and view["punter_cards"] == ["5H", "JS"]
    assert "shoe" not in str(view.get("shoe")) and view["shoe_remaining"] == 312 - 4
    assert bet_pot(1) in coup.state["pots"]


# --- one way round the table (docs/rules-decisions.md; issue 26) ---------------------------------


def test_one_way_round_the_right_is_counter_clockwise_the_next_lower_position():
    """Positions ascend clockwise, seat 0 at the dealer's left: a player's right is the next
    lower position, round from seat 0 to the highest; the dealer's right is the highest seat."""
    assert from_the_right_of([0, 1, 2, 3, 4], 2) == [1, 0, 4, 3]
    assert from_the_right_of([0, 1, 2, 3, 4], 0) == [4, 3, 2, 1]
    assert from_the_right_of([0, 2, 5], None) == [5, 2, 0]


def test_one_way_round_a_sale_tie_goes_to_the_first_bidder_on_the_sellers_right_b7():
    carry = {"holder": 2, "bank": 1000, "session": 1, "holding": 1}
    coup = Coup([0, 1, 2, 3], ["9S", "TS", "TH", "TD"], carry=carry)
    coup.act(2, "sell")
    coup.act(3, "bid", amount=500)
    coup.act(0, "bid", amount=500)
    coup.act(1, "bid", amount=400)
    # from seat 2's right: 1, 0, then 3: seat 0 is the first of the two bidding 500
    assert coup.state["holder"] == 0 and coup.state["bank"] == 500


def test_one_way_round_the_bank_is_offered_from_the_dealers_right_the_highest_seat_first():
    coup = Coup([0, 1, 3], ["9S", "TS", "TH", "TD"])
    for position in (0, 1, 3):
        coup.act(position, "pass")
    assert coup.state["offer"] == [3, 1, 0] and ENGINE.to_act(coup.state) == [3]


# --- the players, the shoe, the winner (§5, §6, §15) ---------------------------------------------


def test_cg_5_two_to_twelve_people_take_part():
    import random

    for count in (2, 7, 12):
        state = ENGINE.new_hand(
            {**CONFIG, "hand_number": 1}, list(range(count)), random.Random(count)
        )
        assert state["players"] == list(range(count))
    for count in (1, 13):
        with pytest.raises(ValueError, match="2 to 12"):
            ENGINE.new_hand({**CONFIG, "hand_number": 1}, list(range(count)), random.Random(0))
    assert ENGINE.seats == (2, 12)


def test_cg_6_six_decks_without_jokers_312_cards():
    import random

    state = ENGINE.new_hand({**CONFIG, "hand_number": 1}, [0, 1], random.Random(6))
    cards = ENGINE.all_cards(state)
    assert len(cards) == 312
    assert Counter(cards) == Counter(pack_52() * 6)  # every card six times, no joker
    assert all(count == 6 for count in Counter(cards).values())


@pytest.mark.parametrize(
    ("punter", "holder", "outcome"),
    [
        # two-card totals that stand on both sides (§14: 6 or 7; B1: holder 7 stands)
        (["3S", "4H"], ["TS", "6C"], "punter"),  # 7 beats 6
        (["TS", "6C"], ["3S", "4H"], "bank"),  # 6 loses to 7
        (["9S", "KH"], ["8S", "QH"], "punter"),  # natural 9 beats natural 8 (B2)
        (["2S", "6H"], ["AS", "7H"], "tie"),  # 8 and 8: equal, the bets go back (B3)
    ],
)
def test_cg_15_the_highest_total_wins(punter, holder, outcome):
    coup = Coup([0, 1], [punter[0], holder[0], punter[1], holder[1]])
    coup.open_bank(0, 1000, others=(1,))
    coup.act(1, "bet", amount=1000)
    coup.act(0, "deal")
    result = coup.state["result"]
    assert (result["punter_total"], result["holder_total"]) == (total(punter), total(holder))
    assert result["outcome"] == outcome
    # the punter's gain: the bank's 1000 when he wins, his bet when the bank wins, none on a tie
    assert money(coup.events)[seat(1)] == {"punter": 1000, "bank": -1000, "tie": 0}[outcome]
