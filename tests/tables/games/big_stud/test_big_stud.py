"""Big stud with scripted decks (CG §106–§113, rulings T1–T13 and the section 5 decision of
../shared/rules/big-stud.md): the three worked examples with their money flows, who acts first,
fixed limits and the raise cap, table stakes and side pots with the casino's share per bank,
the community card when the deck runs short, timeouts, leaving, the void."""

import random
from collections import Counter

import pytest

from tables.engines.base import IllegalAction
from tables.engines.betting import clockwise_from_button
from tables.engines.cards import pack_52
from tables.games.big_stud.betting import open_value
from tables.games.big_stud.engine import ENGINE
from tests.tables.engines.scripted import ScriptedRng, net_of

# the worked examples' sizes: 10 on 3rd and 4th street, 20 on 5th to 7th; 5 % (big-stud.md §4)
CONFIG = {"small_bet": 1000, "big_bet": 2000, "share_percent": "5"}
A, B, C = 0, 1, 2


def deck_dealing(hands: dict[int, list[str]], button: int) -> list[str]:
    """The deck order that deals ``hands`` (seat -> its cards in the order it gets them: two
    down, up on the 3rd to 6th street, down on the 7th) a card at a time from the button's left
    (§107, T2): a seat given fewer cards folded before the next street."""
    order = clockwise_from_button(hands, button)
    cards = [hands[p][n] for n in range(3) for p in order]
    for n in range(3, 7):
        cards += [hands[p][n] for p in order if len(hands[p]) > n]
    assert len(set(cards)) == len(cards), "a card dealt twice"
    return cards + [c for c in pack_52() if c not in cards]


class Hand:
    """One scripted hand: the state and every event, with each party's net."""

    def __init__(self, hands, config=CONFIG, stacks=None):
        config = {**config, **({"stacks": stacks} if stacks else {})}
        players = sorted(hands)
        self.state = ENGINE.new_hand(config, players, ScriptedRng(deck_dealing(hands, players[0])))
        self.events = list(ENGINE.start_events(self.state))

    def act(self, position: int, kind: str, **extra) -> list[dict]:
        self.state, events = ENGINE.apply(self.state, position, {"type": kind, **extra})
        self.events += events
        return events

    def acts(self, *moves):
        for position, kind in moves:
            self.act(position, kind)

    def net(self) -> Counter:
        """Each party's net money over the hand (a seat's wallet, the pot, the house)."""
        return net_of(self.events)

    def refused(self, position: int, action: dict, match: str):
        before = self.state
        with pytest.raises(IllegalAction, match=match):
            ENGINE.apply(self.state, position, action)
        assert self.state == before


# Worked example 1: A ends with a heart flush, B two pairs; A's open cards lead on every street.
EXAMPLE_1 = {
    A: ["2H", "7H", "KH", "KC", "9H", "4H", "5H"],
    B: ["QS", "QD", "JS", "JD", "3C", "6C", "8S"],
    C: ["2C", "4D", "TC", "8C", "9C"],
}


def test_example_1_showdown_flush_beats_two_pairs_A_plus_91():
    """§110, §111, §113, T6, T10: A +91, B −80, C −20, the casino +9 (A receives 171)."""
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "bet"), (B, "call"), (C, "call"))  # third street: bank 30
    hand.acts((A, "bet"), (B, "call"), (C, "call"))  # fourth: 60
    hand.acts((A, "bet"), (B, "call"), (C, "fold"))  # fifth: 100
    hand.acts((A, "bet"), (B, "call"))  # sixth: 140
    hand.acts((A, "bet"), (B, "call"))  # seventh: 180
    result = hand.state["result"]
    assert hand.state["over"] and result["shown"]
    assert result["bank"] == 18000 and result["share"] == 900
    assert result["payouts"] == {str(A): 17100}
    assert result["hands"][str(A)]["name"] == "flush"
    assert result["hands"][str(B)]["name"] == "two pairs"
    net = hand.net()
    assert net["seat:0"] == 9100 and net["seat:1"] == -8000 and net["seat:2"] == -2000
    assert net["house:commission"] == 900 and net["pot"] == 0


def test_example_2_split_bank_142_50_each_T8():
    """T8: the same straight 9-10-J-Q-K; bank 300, share 15, 285 split: 142.50 each."""
    hand = Hand(
        {
            A: ["9H", "2C", "TH", "JD", "3D", "QC", "KS"],
            B: ["9S", "4S", "TD", "JC", "5C", "QH", "KD"],
        }
    )
    first = hand.state["queue"][0]
    other = B if first == A else A
    hand.acts((first, "bet"), (other, "call"))  # 10 each
    for _street in range(4):  # a bet and a raise on every later street
        first = hand.state["queue"][0]
        other = B if first == A else A
        hand.acts((first, "bet"), (other, "raise"), (first, "call"))
    result = hand.state["result"]
    assert result["bank"] == 30000 and result["share"] == 1500
    assert result["split"] and result["payouts"] == {"0": 14250, "1": 14250}
    assert hand.net()["house:commission"] == 1500


def test_T8_the_odd_minor_unit_goes_to_the_first_tied_player_left_of_the_dealer():
    hand = Hand(
        {
            A: ["9H", "2C", "TH", "JD", "3D", "QC", "KS"],
            B: ["9S", "4S", "TD", "JC", "5C", "QH", "KD"],
        },
        config={**CONFIG, "share_cap": 1},
    )
    while not hand.state["over"]:
        position = hand.state["queue"][0]
        kinds = {a["type"] for a in ENGINE.legal_actions(hand.state, position)}
        hand.act(
            position,
            "bet"
            if hand.state["street"] == 3 and "bet" in kinds
            else ("call" if "call" in kinds else "check"),
        )
    result = hand.state["result"]
    assert result["bank"] == 2000 and result["share"] == 1  # capped (T10)
    # the button is seat 0, so seat 1 is the first to its left
    assert result["payouts"] == {"1": 1000, "0": 999}


def test_example_3_T10_uncalled_bet_returned_unraked_A_plus_37():
    """T10: B and C fold to A's bet on fifth street: A's 20 comes back, the bank of 60 pays
    the casino 3, A receives 57: A +37, B −20, C −20, casino +3."""
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "bet"), (B, "call"), (C, "call"))
    hand.acts((A, "bet"), (B, "call"), (C, "call"))
    hand.acts((A, "bet"), (B, "fold"), (C, "fold"))
    result = hand.state["result"]
    assert hand.state["over"] and not result["shown"]
    assert result["returned"] == {str(A): 2000}
    assert result["bank"] == 6000 and result["share"] == 300
    net = hand.net()
    assert (net["seat:0"], net["seat:1"], net["seat:2"]) == (3700, -2000, -2000)
    assert net["house:commission"] == 300 and sum(net.values()) == 0
    returned = [e for e in hand.events if e.get("reason") == "bet returned"]
    assert returned == [
        {
            "type": "payment",
            "source": "pot",
            "target": "seat:0",
            "amount": 2000,
            "reason": "bet returned",
        }
    ]


def test_T12_side_pot_and_T10_share_per_bank():
    """T12: B cannot cover A's bet and goes all-in for 5; the main pot (15) is his to win, the
    side pot (10) A's and C's only; the casino takes 5 % of each bank (T10)."""
    hand = Hand(
        {
            A: ["2H", "7D", "KH", "3C", "9S", "4D", "5C"],  # king high
            B: ["AS", "AD", "QH", "JH", "TS", "8C", "6H"],  # two aces: best
            C: ["2D", "7C", "JD", "3S", "9D", "4C", "6S"],  # jack high, weaker than A
        },
        stacks={"0": 10_000, "1": 500, "2": 10_000},
    )
    assert hand.state["queue"][0] == A  # the king is the highest open card (decision T5)
    hand.act(A, "bet")
    hand.act(B, "call")  # only 5 in his stack: a call all-in
    assert hand.state["all_in"] == [B]
    hand.act(C, "call")
    banks = ENGINE.view(hand.state, None)["banks"]
    assert banks[0] == {"amount": 1500, "eligible": [B, C, A], "share": 75}
    assert banks[1]["amount"] == 1000 and sorted(banks[1]["eligible"]) == [A, C]
    while not hand.state["over"]:  # A and C check it down
        hand.act(hand.state["queue"][0], "check")
    result = hand.state["result"]
    assert [(p["amount"], p["share"], p["winners"]) for p in result["pots"]] == [
        (1500, 75, [B]),
        (1000, 50, [A]),
    ]
    net = hand.net()
    assert net["seat:1"] == 1425 - 500 and net["seat:0"] == 950 - 1000
    assert net["seat:2"] == -1000 and net["house:commission"] == 125


def test_T12_a_short_call_is_all_in_and_the_uncalled_part_returned():
    hand = Hand(
        {
            A: ["2H", "7D", "KH", "3C", "9S", "4D", "5C"],
            B: ["AS", "AD", "QH", "JH", "TS", "8C", "6H"],
        },
        stacks={"0": 10_000, "1": 300},
    )
    hand.act(A, "bet")
    assert ENGINE.legal_actions(hand.state, B) == [
        {"type": "call", "amount": 300},
        {"type": "fold"},
    ]
    hand.act(B, "call")
    assert hand.state["over"]  # nobody left to bet: dealt out to the showdown
    assert hand.state["result"]["returned"] == {"0": 700}
    assert hand.state["result"]["bank"] == 600


def test_T9_eight_players_share_a_community_card_when_the_deck_runs_short():
    """T9: 8 × 7 = 56 > 52: after sixth street 4 cards remain for 8 players, so one card is
    turned up for all, and every hand is judged with it."""
    deck = pack_52()
    random.Random(9).shuffle(deck)
    state = ENGINE.new_hand(CONFIG, list(range(8)), ScriptedRng(list(deck)))
    while not state["over"]:
        position = state["queue"][0]
        state, _events = ENGINE.apply(state, position, {"type": "check"})
    assert state["community"] == deck[48]
    assert all(len(state["down"][str(p)]) == 2 for p in range(8))
    for shown in state["result"]["hands"].values():
        assert len(shown["cards"]) == 7 and shown["cards"][-1] == deck[48]


def test_T5_decision_highest_card_acts_first_ties_to_the_dealers_left():
    """No forced bet; third street: the highest single card acts first, ties go to the first
    to the dealer's left (button seat 0: seat 2 before seat 0); later: the best open hand."""
    hand = Hand(
        {
            0: ["2C", "3C", "AS", "4D", "5H", "7S", "8D"],
            1: ["2D", "3D", "KH", "KD", "6C", "7C", "8C"],
            2: ["2H", "3H", "AD", "4S", "6D", "7D", "9C"],
        }
    )
    assert hand.state["button"] == 0 and hand.state["queue"] == [2, 0, 1]
    hand.acts((2, "check"), (0, "check"), (1, "check"))  # everyone checks: the round ends (T4)
    assert hand.state["street"] == 4
    assert hand.state["queue"][0] == 1  # a pair of kings showing


def test_open_value_ranks_partial_hands():
    assert open_value(["KH", "KD"]) > open_value(["AS", "QD"])
    assert open_value(["2H", "2D", "3C", "3S"]) > open_value(["AH", "AD", "KC", "QS"])
    assert open_value(["AS"]) == open_value(["AD"])  # suits never rank (T7)


def test_T6_a_fourth_raise_is_refused():
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "bet"), (B, "raise"), (C, "raise"), (A, "raise"))
    assert {"type": "raise", "amount": 2000} not in ENGINE.legal_actions(hand.state, B)
    hand.refused(B, {"type": "raise"}, "three raises")
    hand.act(B, "call")
    assert hand.state["round_bets"][str(B)] == 4000


def test_T6_a_bet_off_the_streets_size_is_refused():
    hand = Hand(EXAMPLE_1)
    hand.refused(A, {"type": "bet", "amount": 1500}, "exactly 1000")
    hand.refused(A, {"type": "bet", "amount": 2000}, "exactly 1000")
    hand.act(A, "bet", amount=1000)
    hand.refused(B, {"type": "raise", "amount": 1000}, "exactly 2000")
    hand.refused(B, {"type": "call", "amount": 500}, "exactly 1000")
    hand.refused(B, {"type": "check"}, "call, raise or fold")


def test_acting_out_of_turn_or_malformed_is_refused():
    hand = Hand(EXAMPLE_1)
    hand.refused(B, {"type": "bet"}, "not your turn")
    hand.refused(A, {"type": "allin"}, "Unknown action")
    hand.refused(A, "bet", "Unknown action")
    hand.act(A, "bet")
    hand.refused(A, {"type": "bet"}, "not your turn")  # a double click


def test_T6_fifth_street_is_the_big_bet():
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "check"), (B, "check"), (C, "check"))
    hand.acts((A, "check"), (B, "check"), (C, "check"))
    assert hand.state["street"] == 5
    assert {"type": "bet", "amount": 2000} in ENGINE.legal_actions(hand.state, A)


def test_T13_timeout_checks_if_it_can_else_folds():
    hand = Hand(EXAMPLE_1)
    assert ENGINE.timeout_action(hand.state, A) == {"type": "check"}
    hand.act(A, "bet")
    assert ENGINE.timeout_action(hand.state, B) == {"type": "fold"}
    hand.state, events = ENGINE.apply_timeout(hand.state, B)
    assert events[0] == {"type": "timeout", "seat": B} and B in hand.state["folded"]


def test_leaving_mid_hand_folds_and_the_stake_stays_in_the_bank():
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "bet"), (B, "call"))
    hand.state, _events = ENGINE.apply_leave(hand.state, B)
    assert B in hand.state["folded"] and B in hand.state["left"]
    assert hand.state["queue"] == [C]
    hand.act(C, "fold")  # A alone: the bank of 20 is his, less 1 (5 %)
    assert hand.state["result"]["payouts"] == {"0": 1900}


def test_T11_a_void_returns_every_contribution():
    hand = Hand(EXAMPLE_1)
    hand.acts((A, "bet"), (B, "call"), (C, "raise"))
    hand.state, events = ENGINE.apply_void(hand.state)
    hand.events += events
    net = hand.net()
    assert all(net[f"seat:{p}"] == 0 for p in (A, B, C)) and net["pot"] == 0


def test_views_show_down_cards_to_their_owner_only_until_the_showdown():
    hand = Hand(EXAMPLE_1)
    public = ENGINE.view(hand.state, None)
    assert "my_down" not in public
    assert public["seats"]["1"]["up"] == ["JS"] and public["seats"]["1"]["down_count"] == 2
    assert ENGINE.view(hand.state, B)["my_down"] == ["QS", "QD"]
    assert "QS" not in str(ENGINE.view(hand.state, A))
    hand.acts((A, "bet"), (B, "call"), (C, "fold"))
    for _street in range(5):
        while hand.state["queue"] and not hand.state["over"]:
            position = hand.state["queue"][0]
            kinds = {a["type"] for a in ENGINE.legal_actions(hand.state, position)}
            hand.act(position, "check" if "check" in kinds else "call")
    assert "QS" in str(ENGINE.view(hand.state, None))  # opened at the showdown (§110)
    assert "2C" not in str(ENGINE.view(hand.state, None)["opened"])  # C's hand never was


def test_the_config_is_checked_with_sentences():
    with pytest.raises(IllegalAction, match="small bet"):
        ENGINE.check_config({"big_bet": 200})
    with pytest.raises(IllegalAction, match="big bet"):
        ENGINE.check_config({"small_bet": 200, "big_bet": 100})
    with pytest.raises(IllegalAction, match="share"):
        ENGINE.check_config({"small_bet": 100, "big_bet": 200, "share_percent": "lots"})
    with pytest.raises(IllegalAction, match="cap"):
        ENGINE.check_config({"small_bet": 100, "big_bet": 200, "share_cap": -1})
    checked = ENGINE.check_config({"small_bet": 100, "big_bet": 200})
    assert checked["share_percent"] == "5" and checked["share_cap"] is None


# --- issue 47: an all-in hand stays live; no showdown over an empty bank ------------------------

ALL_IN_LEAVES = {
    A: ["2H", "7H", "KH", "KC", "9H", "4D", "5S"],  # a pair of kings
    B: ["QS", "QD", "JS", "QC", "QH", "6C", "8S"],  # four queens, all-in for 5 on third street
    C: ["2C", "4C", "TC", "8C", "9C"],  # folds on fifth street
}


def test_T12_an_all_in_player_who_leaves_stays_live_to_the_showdown_and_is_paid():
    """In every poker room an all-in hand has nothing left to decide and plays to the showdown
    for the pots it paid into: leaving does not fold it; the seat is held until the hand ends
    (``holds_bets``) and the main pot it wins is paid to it."""
    hand = Hand(ALL_IN_LEAVES, stacks={"0": 10_000, "1": 500, "2": 10_000})
    hand.acts((A, "bet"), (B, "call"), (C, "call"))  # B all-in for 500
    assert B in hand.state["all_in"]
    hand.state, events = ENGINE.apply_leave(hand.state, B)
    hand.events += events
    assert B not in hand.state["folded"] and B in hand.state["left"]
    assert ENGINE.holds_bets(hand.state, B) and not ENGINE.holds_bets(hand.state, C)
    hand.acts((A, "bet"), (C, "call"))  # fourth street
    hand.acts((A, "bet"), (C, "fold"))  # fifth: the rest is dealt at once
    result = hand.state["result"]
    assert hand.state["over"] and result["shown"] and "1" in result["hands"]
    assert sorted(result["pots"][0]["eligible"]) == [A, B] and result["pots"][0]["winners"] == [B]
    assert result["payouts"]["1"] == 1_500 - 75  # the main pot less the casino's 5 % (§113)
    assert not ENGINE.holds_bets(hand.state, B)


def test_T13_a_player_who_leaves_with_chips_behind_still_folds():
    hand = Hand(ALL_IN_LEAVES, stacks={"0": 10_000, "1": 5_000, "2": 10_000})
    hand.acts((A, "bet"), (B, "call"))
    hand.state, _events = ENGINE.apply_leave(hand.state, B)
    assert B in hand.state["folded"] and not ENGINE.holds_bets(hand.state, B)


def test_T4_T5_a_hand_nobody_bets_in_ends_without_a_showdown_over_an_empty_bank():
    hands = {
        A: ["2H", "7H", "KH", "KC", "9H", "4D", "5S"],
        B: ["QS", "QD", "JS", "QC", "QH", "6C", "8S"],
        C: ["2C", "4C", "TC", "8C", "9C", "3D", "6D"],
    }
    hand = Hand(hands)
    while not hand.state["over"]:
        hand.act(hand.state["queue"][0], "check")
    result = hand.state["result"]
    assert result["no_bank"] and not result["shown"] and result["hands"] == {}
    assert result["bank"] == 0 and result["pots"] == [] and result["payouts"] == {}
    assert not [e for e in hand.events if e["type"] in ("payment", "opened")]
    assert (
        "opened" not in ENGINE.view(hand.state, None) or not ENGINE.view(hand.state, None)["opened"]
    )
