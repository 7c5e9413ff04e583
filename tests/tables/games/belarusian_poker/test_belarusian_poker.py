"""Belarusian poker with scripted packs (CG §18–§25, rulings P1–P13 and the decisions of
../shared/rules/belarusian-poker.md section 5): the worked examples, betting rounds and levels,
the maximum bet, early showdown, svara, the split and its remainder, the deduction."""

from collections import Counter

import pytest

from tables.engines.base import IllegalAction, SeatInfo
from tables.engines.cards import JOKER, RANKS_33, SUITS, pack_33
from tables.games.belarusian_poker.engine import (
    ENGINE,
    MAX_ROUNDS,
    clockwise_from_button,
    deduction,
)
from tests.tables.engines.scripted import ScriptedRng, net_of

UNIT = 100  # one c.u. = 100 minor units
CONFIG = {"min_bet": 1 * UNIT, "max_bet": 50 * UNIT, "unit": UNIT}


def pack_dealing(hands: dict[int, list[str]], button: int) -> list[str]:
    """The pack order that deals ``hands`` (seat -> 3 cards) one card at a time from the
    button's left (§23), the rest of the pack after them."""
    order = clockwise_from_button(hands, button)
    cards = [hands[p][n] for n in range(3) for p in order]
    return cards + [c for c in pack_33() if c not in cards]


class Hand:
    """One scripted hand: the engine's state and every payment, with the net of each party."""

    def __init__(self, deals: list[dict[int, list[str]]], config=CONFIG, carry=None):
        players = sorted(deals[0])
        button = players[0] if carry is None else clockwise_from_button(players, carry["button"])[0]
        orders = [pack_dealing(deal, button) for deal in deals]
        orders += [pack_33() for _ in range(3 - len(orders))]
        self.state = ENGINE.new_hand(config, players, ScriptedRng(*orders), carry)
        self.events = list(ENGINE.start_events(self.state))

    def act(self, seat: int, kind: str, amount: int | None = None) -> list[dict]:
        action = {"type": kind} | ({"amount": amount} if amount is not None else {})
        self.state, events = ENGINE.apply(self.state, seat, action)
        self.events += events
        return events

    def time_out(self, seat: int) -> list[dict]:
        self.state, events = ENGINE.apply_timeout(self.state, seat)
        self.events += events
        return events

    def net(self) -> Counter:
        """Each party's net money over the hand (a seat's wallet, the pot, the house)."""
        return net_of(self.events)

    @property
    def result(self) -> dict:
        return ENGINE.hand_result(self.state)


def units(amount: float) -> int:
    return round(amount * UNIT)


# --- the worked examples (section 4) ----------------------------------------------------------

A, B, C = 1, 2, 0  # seats: the button is seat 0 (C), so A acts first (P3)


def test_worked_example_1_plain_game_section_24_25():
    hand = Hand([{A: ["AS", "KS", "9H"], B: ["TD", "9D", "8D"], C: ["AH", "AC", "7S"]}])
    assert ENGINE.to_act(hand.state) == [A]
    assert hand.state["bank"] == units(3)  # §22: the entry bets
    hand.act(A, "bet", units(5))
    hand.act(B, "bet", units(5))
    hand.act(C, "bet", units(10))
    assert hand.state["level"] == units(10)
    hand.act(A, "pass")
    hand.act(B, "propose")  # P8: proposed during the round, asked at its end
    hand.act(B, "bet", units(10))
    hand.act(C, "bet", units(10))
    assert ENGINE.to_act(hand.state) == [C] and hand.state["phase"] == "consent"
    hand.act(C, "accept")
    assert hand.result["winners"] == [B] and hand.result["bank"] == units(43)
    assert hand.result["deduction"] == units(1)
    net = hand.net()
    assert net["seat:1"] == -units(6)
    assert net["seat:2"] == units(26)
    assert net["seat:0"] == -units(21)
    assert net["house:commission"] == units(1)
    assert net["pot"] == 0 and sum(net.values()) == 0
    assert ENGINE.is_hand_over(hand.state)


def test_worked_example_2_joker_three_aces_beat_joker_suit_section_23():
    D, E = 1, 0
    hand = Hand([{D: ["JK", "TH", "9H"], E: ["AC", "AD", "8S"]}])
    hand.act(D, "bet", units(1))
    hand.act(E, "bet", units(1))
    for _round in range(MAX_ROUNDS - 1):
        hand.act(D, "bet", units(1))
        hand.act(E, "bet", units(1))
    (showdown,) = hand.state["showdowns"]
    assert showdown["hands"][str(D)]["score"] == 29
    assert showdown["hands"][str(E)]["score"] == 22
    assert hand.result["winners"] == [D]


def test_worked_example_2_two_aces_and_the_joker_are_three_aces_33():
    D, E = 1, 0
    # E holds A♣ A♦ and the joker, as in the rules; D a suit of 29 without the joker
    hand = Hand([{D: ["KH", "TH", "9H"], E: ["AC", "AD", "JK"]}])
    hand.act(D, "propose")
    hand.act(D, "bet", units(1))
    hand.act(E, "bet", units(1))
    hand.act(E, "accept")
    assert hand.state["showdowns"][0]["hands"][str(E)]["score"] == 33
    assert hand.result["winners"] == [E]


def bank_of_40_with_a_and_c_tied(hand: Hand) -> None:
    """Betting that leaves a bank of 40 c.u. with A and C in and B passed, then the showdown by
    consent (P8)."""
    hand.act(A, "bet", units(5))
    hand.act(B, "bet", units(5))
    hand.act(C, "bet", units(5))
    hand.act(A, "propose")
    hand.act(A, "bet", units(11))
    hand.act(B, "pass")
    hand.act(C, "bet", units(11))
    assert hand.state["bank"] == units(40)
    hand.act(C, "accept")


TIED_DEAL = {A: ["AH", "AC", "7S"], B: ["9S", "8C", "7D"], C: ["AS", "AD", "8H"]}


def test_worked_example_3_svara_refused_splits_the_bank_section_24_P9():
    hand = Hand([TIED_DEAL])
    bank_of_40_with_a_and_c_tied(hand)
    assert hand.state["phase"] == "svara_offer"
    assert sorted(ENGINE.to_act(hand.state)) == sorted([A, C])
    assert hand.state["showdowns"][0]["tied"] == [A, C]
    assert ENGINE.legal_actions(hand.state, B) == []  # only the tied are asked
    hand.act(C, "refuse")
    assert hand.result["split"] and hand.result["winners"] == [A, C]
    assert hand.result["deduction"] == units(1)
    assert hand.result["payouts"] == {str(A): units(19.5), str(C): units(19.5)}
    assert hand.net()["house:commission"] == units(1) and hand.net()["pot"] == 0


def test_worked_example_4_svara_accepted_with_a_joiner_for_half_the_bank_P9_P10():
    D = 0  # the button, who passed
    a, c = 1, 2
    first = {a: ["AH", "AC", "7S"], c: ["AS", "AD", "8H"], D: ["9S", "8C", "7D"]}
    svara = {a: ["9H", "8H", "7C"], c: ["TC", "9C", "7H"], D: ["AS", "KS", "QS"]}
    hand = Hand([first, svara])
    hand.act(a, "bet", units(5))
    hand.act(c, "bet", units(5))
    hand.act(D, "bet", units(5))
    hand.act(a, "propose")
    hand.act(a, "bet", units(11))
    hand.act(c, "bet", units(11))
    hand.act(D, "pass")
    hand.act(c, "accept")
    assert hand.state["bank"] == units(40) and hand.state["phase"] == "svara_offer"
    hand.act(a, "accept")
    hand.act(c, "accept")
    assert hand.state["phase"] == "svara_join" and ENGINE.to_act(hand.state) == [D]
    assert ENGINE.view(hand.state, D)["join_cost"] == units(20)
    hand.act(D, "join")
    assert hand.state["bank"] == units(60)
    # new cards (§24), no entry bets, the level back at the table minimum (P9)
    assert hand.state["svaras"] == 1 and hand.state["level"] == units(1)
    assert ENGINE.view(hand.state, D)["my_cards"] == ["AS", "KS", "QS"]
    assert hand.state["round"] == 1 and ENGINE.to_act(hand.state) == [a]
    hand.act(a, "bet", units(5))
    hand.act(c, "bet", units(5))
    hand.act(D, "propose")
    hand.act(D, "bet", units(5))
    hand.act(a, "accept")
    hand.act(c, "accept")
    assert hand.result["winners"] == [D] and hand.result["bank"] == units(75)
    assert hand.result["deduction"] == units(1.5)  # 2 % of 75: once, at the end (P10)
    assert hand.result["payouts"] == {str(D): units(73.5)}
    net = hand.net()
    assert net["seat:0"] == units(73.5) - units(1 + 5 + 20 + 5)
    assert net["house:commission"] == units(1.5) and sum(net.values()) == 0


# --- betting (§24, P3-P8) ---------------------------------------------------------------------

TWO = {1: ["AS", "KS", "9H"], 0: ["TD", "9D", "7C"]}


def test_first_to_act_is_left_of_the_button_and_the_button_moves_P3():
    hand = Hand([{0: TIED_DEAL[A], 1: TIED_DEAL[B], 2: TIED_DEAL[C]}])
    assert hand.state["button"] == 0 and ENGINE.to_act(hand.state) == [1]
    carry = ENGINE.carry_over(hand.state)
    following = Hand([{0: TIED_DEAL[A], 1: TIED_DEAL[B], 2: TIED_DEAL[C]}], carry=carry)
    assert following.state["button"] == 1 and ENGINE.to_act(following.state) == [2]


def test_a_bet_is_between_the_level_and_the_maximum_and_becomes_the_level_P4():
    hand = Hand([TWO])
    with pytest.raises(IllegalAction, match="from the level"):
        hand.act(1, "bet", units(1) - 1)
    with pytest.raises(IllegalAction, match="from the level"):
        hand.act(1, "bet", units(50) + 1)
    hand.act(1, "bet", units(7))
    assert hand.state["level"] == units(7)
    assert ENGINE.view(hand.state, 0)["bet_range"] == [units(7), units(50)]
    with pytest.raises(IllegalAction, match="from the level"):
        hand.act(0, "bet", units(6))  # §24: no less than the player before
    hand.act(0, "bet", units(7))
    assert hand.state["round"] == 2


def test_out_of_turn_and_malformed_actions_are_refused():
    hand = Hand([TWO])
    with pytest.raises(IllegalAction, match="not your turn"):
        hand.act(0, "bet", units(1))
    for action in (None, {}, {"type": "fly"}, {"type": "bet", "amount": "5"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(hand.state, 1, action)


def test_at_most_five_rounds_then_the_showdown_P5():
    hand = Hand([TWO])
    for number in range(1, MAX_ROUNDS + 1):
        assert hand.state["round"] == number
        if number == MAX_ROUNDS:  # the showdown follows anyway: nothing to propose (P8)
            assert {"type": "propose"} not in ENGINE.legal_actions(hand.state, 1)
        hand.act(1, "bet", units(1))
        hand.act(0, "bet", units(1))
    assert ENGINE.is_hand_over(hand.state)
    assert len(hand.state["showdowns"]) == 1 and hand.result["winners"] == [1]
    assert hand.result["bank"] == units(2 + 2 * MAX_ROUNDS)


def test_passing_folds_and_the_last_player_takes_the_bank_unseen_P6():
    hand = Hand([{0: ["AS", "AH", "AD"], 1: ["7S", "8H", "9D"], 2: ["TS", "9S", "7H"]}])
    hand.act(1, "bet", units(3))
    hand.act(2, "pass")
    assert ENGINE.legal_actions(hand.state, 2) == []
    hand.act(0, "pass")  # the best hand folds: it is never shown
    assert hand.result["winners"] == [1] and hand.result["shown"] is False
    assert hand.state["showdowns"] == []
    public = ENGINE.view(hand.state, None)
    assert "AS" not in str(public) and "7S" not in str(public)
    assert hand.net()["seat:1"] == units(2) - units(1)  # bank 6 less the 1 c.u. deduction - 3


def test_the_maximum_forces_everyone_to_answer_it_or_pass_then_the_showdown_P7():
    hand = Hand([{0: ["AS", "AH", "AD"], 1: ["7S", "8H", "9D"], 2: ["TS", "9S", "7H"]}])
    hand.act(1, "bet", units(5))
    hand.act(2, "bet", units(50))  # the table maximum
    # P7 as decided: also seat 1, who already bet this round, answers
    assert ENGINE.to_act(hand.state) == [0]
    assert ENGINE.legal_actions(hand.state, 0) == [
        {"type": "bet", "amount": units(50)},
        {"type": "pass"},
    ]
    with pytest.raises(IllegalAction, match="maximum"):
        hand.act(0, "bet", units(20))
    hand.act(0, "bet", units(50))
    assert ENGINE.to_act(hand.state) == [1]
    hand.act(1, "pass")
    assert ENGINE.is_hand_over(hand.state)
    assert set(hand.state["showdowns"][0]["hands"]) == {"0", "2"}  # the folded hand unseen
    assert hand.result["winners"] == [0]
    assert hand.state["answered_max"] == [0]


def test_early_showdown_needs_everyone_and_a_refusal_plays_on_P8():
    hand = Hand([{0: ["AS", "AH", "AD"], 1: ["7S", "8H", "9D"], 2: ["TS", "9S", "7H"]}])
    hand.act(1, "propose")
    assert {"type": "propose"} not in ENGINE.legal_actions(hand.state, 1)  # once a round
    hand.act(1, "bet", units(1))
    hand.act(2, "bet", units(1))
    hand.act(0, "bet", units(1))
    assert hand.state["phase"] == "consent" and sorted(ENGINE.to_act(hand.state)) == [0, 2]
    hand.act(2, "accept")
    hand.act(0, "refuse")
    assert hand.state["phase"] == "betting" and hand.state["round"] == 2
    assert ENGINE.to_act(hand.state) == [1]
    hand.act(1, "bet", units(1))
    hand.act(2, "propose")
    hand.act(2, "bet", units(1))
    hand.act(0, "bet", units(1))
    hand.act(0, "accept")
    hand.act(1, "accept")
    assert hand.result["winners"] == [0] and hand.result["shown"]


# --- svara (§24, P9, P11) ---------------------------------------------------------------------

TIE = {1: ["AH", "AC", "7S"], 0: ["AS", "AD", "8H"]}


def _to_showdown(hand: Hand, *seats) -> None:
    for position in seats:
        if position == seats[0]:
            hand.act(position, "propose")
        hand.act(position, "bet", units(1))
    for position in seats[1:]:
        hand.act(position, "accept")


def test_a_second_tie_after_two_svaras_splits_the_bank_P9():
    hand = Hand([TIE, TIE, TIE])
    for svara in (1, 2):
        _to_showdown(hand, 1, 0)
        assert hand.state["phase"] == "svara_offer"
        hand.act(0, "accept")
        hand.act(1, "accept")
        assert hand.state["svaras"] == svara  # nobody else to join: dealt at once
    _to_showdown(hand, 1, 0)
    assert ENGINE.is_hand_over(hand.state) and len(hand.state["showdowns"]) == 3
    assert hand.result["split"] and hand.result["svaras"] == 2
    bank = units(2 + 2 * 3)
    assert hand.result["bank"] == bank
    assert sum(hand.result["payouts"].values()) == bank - units(1)


def test_an_indivisible_split_gives_the_remainder_left_of_the_button_P11():
    hand = Hand([TIE])
    hand.act(1, "propose")
    hand.act(1, "bet", units(1) + 1)
    hand.act(0, "bet", units(1) + 2)
    hand.act(0, "accept")
    hand.act(1, "refuse")
    # bank 403 - 100 = 303: seat 1 is first to the button's (seat 0's) left
    assert hand.result["bank"] == 403
    assert hand.result["payouts"] == {"1": 152, "0": 151}


def test_an_unanswered_svara_offer_is_a_refusal_and_a_silent_joiner_declines():
    hand = Hand([TIED_DEAL])
    bank_of_40_with_a_and_c_tied(hand)
    hand.act(A, "accept")
    events = hand.time_out(C)
    assert events[0] == {"type": "timeout", "seat": C}
    assert hand.result["split"]

    hand = Hand([TIED_DEAL])
    bank_of_40_with_a_and_c_tied(hand)
    hand.act(A, "accept")
    hand.act(C, "accept")
    assert ENGINE.timeout_action(hand.state, B) == {"type": "decline"}
    hand.time_out(B)
    assert hand.state["svaras"] == 1 and hand.state["players"] == sorted([A, C])
    assert hand.state["bank"] == units(40)


def test_a_silent_player_passes_P13():
    hand = Hand([TWO])
    assert ENGINE.timeout_action(hand.state, 1) == {"type": "pass"}
    hand.time_out(1)
    assert hand.result["winners"] == [0]


def test_leaving_mid_hand_folds_at_once_and_the_stakes_are_held_for_the_player():
    hand = Hand([{0: ["AS", "AH", "AD"], 1: ["7S", "8H", "9D"], 2: ["TS", "9S", "7H"]}])
    hand.act(1, "bet", units(2))
    hand.state, events = ENGINE.apply_leave(hand.state, 0)  # not his turn
    assert 0 not in hand.state["active"] and ENGINE.to_act(hand.state) == [2]
    assert hand.state["escrowed"]["pot"]["house:unclaimed"] == units(1)
    hand.act(2, "pass")
    assert hand.result["winners"] == [1]


# --- the deduction (§25, P10, P12) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("bank_units", "taken"),
    [(3, units(1)), (50, units(1)), (51, units(1.02)), (75, units(1.5)), (100, units(2))],
)
def test_deduction_one_unit_up_to_50_then_2_percent_section_25_P12(bank_units, taken):
    assert deduction(units(bank_units), UNIT) == taken


@pytest.mark.parametrize(("bank_units", "taken"), [(50, units(1)), (51, units(1.02))])
def test_a_bank_of_50_and_of_51_units_paid_out_section_25_P10(bank_units, taken):
    hand = Hand([TWO])
    stake = units(bank_units) // 2 - units(1)
    hand.act(1, "bet", stake)
    hand.act(0, "bet", stake)
    hand.act(1, "pass")
    assert hand.result["bank"] == units(bank_units)
    assert hand.net()["house:commission"] == taken
    assert hand.net()["seat:0"] == units(bank_units) - taken - units(1) - stake


def test_a_player_away_between_hands_sits_out_and_is_not_dealt_in():
    seats = [SeatInfo(0), SeatInfo(1, away=True), SeatInfo(2)]
    assert ENGINE.next_hand(None, seats, CONFIG).players == (0, 2)
    # alone with the others away, no hand starts (§20: a game between players)
    assert ENGINE.next_hand(None, [SeatInfo(0), SeatInfo(1, away=True)], CONFIG) is None


def test_s21_thirty_three_cards_sevens_to_aces_and_the_joker():
    """§21: 33 cards, 7 8 9 10 J Q K A in four suits plus a joker; each hand's packs (the
    game's and the two svaras') are that pack, and the three hands dealt come from it."""
    pack = pack_33()
    assert len(pack) == len(set(pack)) == 33
    assert set(pack) == {r + s for r in "789TJQKA" for s in "SHDC"} | {JOKER}
    assert RANKS_33 == "789TJQKA" and len(SUITS) == 4
    hand = Hand([{A: ["AS", "KS", "9H"], B: ["TD", "9D", "8D"], C: [JOKER, "AC", "7S"]}])
    assert [Counter(p) for p in hand.state["packs"]] == [Counter(pack)] * 3
    dealt = [c for cards in hand.state["deals"][0].values() for c in cards]
    assert JOKER in dealt and len(dealt) == 9
    assert Counter(ENGINE.all_cards(hand.state)) == Counter(pack * 3)
