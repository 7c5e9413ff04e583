"""Let It Ride (tables/games/let_it_ride/engine.py; CG §33-§39, ../shared/rules/let-it-ride.md):
scripted decks for each rule and every worked example of the rules file (section 4), with the
money each moves and its conservation."""

from collections import Counter

import pytest

from tables.engines.base import HOUSE_BANK, Draws, IllegalAction, payments, seat
from tables.engines.cards import pack_52
from tables.engines.poker_hands import FLUSH, PAIR, ROYAL_FLUSH, STRAIGHT
from tables.games.let_it_ride.engine import ENGINE, LOW_PAIR, line_name, line_of
from tests.tables.engines.scripted import ScriptedRng

CONFIG = {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000}
TEN = 1_000  # "three bets of 10 each" (section 4): 10.00 BYN in minor units


def deck_for(hands: list[list[str]], community: list[str]) -> list[str]:
    """The deck that deals ``hands`` (box by box in the layout's order) three rounds of one card
    each, then the two ``community`` cards."""
    order = [hand[n] for n in range(3) for hand in hands] + list(community)
    return order + [c for c in pack_52() if c not in order]


class Round:
    """One round on a scripted deck; every event kept for the money checks."""

    def __init__(self, players, hands, community, config=CONFIG):
        self.state = ENGINE.new_hand(dict(config), players, ScriptedRng(deck_for(hands, community)))
        self.events = list(ENGINE.start_events(self.state))
        self.cards = Counter(ENGINE.all_cards(self.state))

    def act(self, position, **action):
        before = self.state
        self.state, events = ENGINE.apply(self.state, position, action, Draws())
        assert before is not self.state
        self.events += events
        return events

    def time_out(self, position):
        self.state, events = ENGINE.apply_timeout(self.state, position, Draws())
        self.events += events
        return events

    def refused(self, position, action, message):
        before = repr(self.state)
        with pytest.raises(IllegalAction) as refusal:
            ENGINE.apply(self.state, position, action, Draws())
        assert repr(self.state) == before, "a refusal changes nothing"
        assert message in str(refusal.value)
        return refusal.value

    def net(self, position) -> int:
        """What the seat's wallet gained over the round."""
        party = seat(position)
        return sum(
            (p.amount if p.target == party else 0) - (p.amount if p.source == party else 0)
            for p in payments(self.events)
        )

    def house(self) -> int:
        return sum(
            (p.amount if p.target == HOUSE_BANK else 0)
            - (p.amount if p.source == HOUSE_BANK else 0)
            for p in payments(self.events)
        )

    def check_conserved(self):
        pots: Counter = Counter()
        for p in payments(self.events):
            assert p.amount > 0
            for party, change in ((p.source, -p.amount), (p.target, p.amount)):
                if party.startswith("pot"):
                    pots[party] += change
                    assert pots[party] >= 0, party
        assert not +pots, "every pot is empty at the end"
        assert not self.state["pots"]
        players = sum(self.net(p) for p in self.state["dealt_in"])
        assert players + self.house() == 0, "what the players won the house paid"
        assert Counter(ENGINE.all_cards(self.state)) == self.cards == Counter(pack_52())


def play(hands, community, decisions, amount=TEN, config=CONFIG) -> Round:
    """Seats 0.. bet ``amount`` each; ``decisions`` per seat: (bet 1, bet 2), each "ride" or
    "take_down"."""
    players = list(range(len(hands)))
    round_ = Round(players, hands, community, config)
    for position in players:
        round_.act(position, type="bet", amount=amount)
    for number in (0, 1):
        for position in players:
            round_.act(position, type=decisions[position][number], bet=number + 1)
    assert round_.state["over"]
    round_.check_conserved()
    return round_


# --- the worked examples (section 4) ---------------------------------------------------------


def test_example_1_pair_of_kings_rides_all_three_and_wins_30():
    """K♠ K♦ 4♣, keeps everything; community 7♥ 2♠: a pair of kings, 3 × 1:1 = +30 (§36)."""
    round_ = play([["KS", "KD", "4C"]], ["7H", "2S"], [("ride", "ride")])
    assert round_.net(0) == 3 * TEN and round_.house() == -3 * TEN
    box = round_.state["result"]["boxes"]["0"]
    assert box["line"] == PAIR and box["pays"] == "1"
    assert [b["state"] for b in box["bets"]] == ["won", "won", "won"]
    # each bet paid from its own pot, its winnings from the house bank
    won = [p for p in payments(round_.events) if p.source == HOUSE_BANK]
    assert sorted(p.amount for p in won) == [TEN, TEN, TEN]


def test_example_2_flush_after_taking_bet_1_down_wins_160():
    """5♥ 8♥ J♥, bet 1 taken down (returned); 2♥ opens, bet 2 rides; K♥: a flush, bets 2 and 3
    paid 8:1 = +160."""
    round_ = play([["5H", "8H", "JH"]], ["2H", "KH"], [("take_down", "ride")])
    assert round_.net(0) == 16 * TEN
    box = round_.state["result"]["boxes"]["0"]
    assert box["line"] == FLUSH
    assert [b["state"] for b in box["bets"]] == ["down", "won", "won"]
    assert [b["net"] for b in box["bets"]] == [0, 8 * TEN, 8 * TEN]
    back = [p for p in payments(round_.events) if p.source == "pot:b0:s0:bet1"]
    assert [(p.target, p.amount) for p in back] == [("seat:0", TEN)]  # returned, not a loss


def test_example_3_nothing_after_taking_both_down_loses_bet_3_only():
    """3♣ 7♦ 9♠, bet 1 down; 4♥, bet 2 down; Q♣: no pair, bet 3 lost = −10."""
    round_ = play([["3C", "7D", "9S"]], ["4H", "QC"], [("take_down", "take_down")])
    assert round_.net(0) == -TEN and round_.house() == TEN
    assert [b["state"] for b in round_.state["result"]["boxes"]["0"]["bets"]] == [
        "down",
        "down",
        "lost",
    ]


def test_example_4_pair_of_nines_is_not_enough_all_three_lost():
    """9♠ 9♥ 2♦ rides all three; 5♣ K♦: a pair of nines, below tens (L2) = −30."""
    round_ = play([["9S", "9H", "2D"]], ["5C", "KD"], [("ride", "ride")])
    assert round_.net(0) == -3 * TEN
    assert round_.state["result"]["boxes"]["0"]["line"] == LOW_PAIR


def test_tens_or_better_the_boundary_a_pair_of_tens_pays():
    """§36, L2: a pair of tens is the lowest paying hand."""
    round_ = play([["TS", "TH", "2D"]], ["5C", "KD"], [("ride", "ride")])
    assert round_.net(0) == 3 * TEN
    assert line_of(["9S", "9H", "2D", "5C", "KD"]) == (LOW_PAIR, None)
    assert line_of(["TS", "TH", "2D", "5C", "KD"])[0] == PAIR
    assert line_name(LOW_PAIR) == "pair below tens"


def test_L5_the_wheel_is_a_straight_and_an_ace_does_not_turn_the_corner():
    round_ = play([["AS", "2D", "3C"]], ["4H", "5S"], [("ride", "ride")])
    assert round_.state["result"]["boxes"]["0"]["line"] == STRAIGHT
    assert round_.net(0) == 3 * 5 * TEN
    corner = play([["QS", "KD", "AC"]], ["2H", "3S"], [("ride", "ride")])
    assert corner.net(0) == -3 * TEN  # Q-K-A-2-3: no straight, no pair


# --- the bets and the decisions (§35, L3) ------------------------------------------------------


def test_three_equal_bets_each_in_its_own_pot():
    round_ = Round([0], [["KS", "KD", "4C"]], ["7H", "2S"])
    round_.act(0, type="bet", amount=TEN)
    assert round_.state["pots"] == {
        "pot:b0:s0": TEN,
        "pot:b0:s0:bet1": TEN,
        "pot:b0:s0:bet2": TEN,
    }
    assert round_.net(0) == -3 * TEN
    assert round_.state["phase"] == "first"


def test_independent_pull_backs_bet_1_kept_bet_2_taken_down_and_the_reverse():
    """L3: the first and second withdrawals are independent."""
    kept_first = play([["KS", "KD", "4C"]], ["7H", "2S"], [("ride", "take_down")])
    assert kept_first.net(0) == 2 * TEN
    assert [b["state"] for b in kept_first.state["result"]["boxes"]["0"]["bets"]] == [
        "won",
        "down",
        "won",
    ]
    kept_second = play([["KS", "KD", "4C"]], ["7H", "2S"], [("take_down", "ride")])
    assert kept_second.net(0) == 2 * TEN


def test_L3_bet_3_cannot_be_taken_down():
    round_ = Round([0], [["3C", "7D", "9S"]], ["4H", "QC"])
    round_.act(0, type="bet", amount=TEN)
    for kind in ("take_down", "ride"):
        round_.refused(0, {"type": kind, "bet": 3}, "Bet 3 always plays")
    round_.act(0, type="take_down", bet=1)
    round_.refused(0, {"type": "take_down", "bet": 3}, "Bet 3 always plays")
    assert {"type": "take_down", "bet": 3} not in ENGINE.legal_actions(round_.state, 0)


def test_bet_1_after_the_first_community_card_and_a_second_decision_are_refused():
    round_ = Round([0, 1], [["3C", "7D", "9S"], ["KS", "KD", "4C"]], ["4H", "QC"])
    round_.act(0, type="bet", amount=TEN)
    round_.refused(0, {"type": "bet", "amount": TEN}, "You have already bet or passed")
    round_.refused(0, {"type": "take_down", "bet": 1}, "The cards are not dealt yet")
    round_.act(1, type="bet", amount=200)
    round_.refused(0, {"type": "ride", "bet": 2}, "Bet 2 is decided once the first")
    round_.act(0, type="ride", bet=1)
    # a second decision on the same bet (a double click with another id, a change of mind)
    round_.refused(0, {"type": "take_down", "bet": 1}, "You have decided on bet 1 already.")
    assert 0 not in ENGINE.to_act(round_.state) and 1 in ENGINE.to_act(round_.state)
    round_.act(1, type="ride", bet=1)
    assert round_.state["phase"] == "second" and round_.state["opened"] == 1
    round_.refused(0, {"type": "take_down", "bet": 1}, "Bet 1 is decided")
    round_.refused(0, {"type": "bet", "amount": TEN}, "The bets are closed")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (None, "Unknown action."),
        ("ride", "Unknown action."),
        ({}, "Unknown action."),
        ({"type": "hit"}, "Unknown action."),
        ({"type": "ride"}, "Say which bet: 1 or 2."),
        ({"type": "ride", "bet": "1"}, "Say which bet"),
        ({"type": "ride", "bet": True}, "Say which bet"),
        ({"type": "take_down", "bet": 0}, "Say which bet"),
        ({"type": "take_down", "bet": 1.0}, "Say which bet"),
    ],
)
def test_malformed_decisions_are_refused_with_a_sentence(action, message):
    round_ = Round([0], [["3C", "7D", "9S"]], ["4H", "QC"])
    round_.act(0, type="bet", amount=TEN)
    round_.refused(0, action, message)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "bet", "amount": 99}, "Each of the three bets is from 100 to 5000."),
        ({"type": "bet", "amount": 5_001}, "Each of the three bets"),
        ({"type": "bet", "amount": "10"}, "A stake is a whole amount."),
        ({"type": "bet", "amount": True}, "A stake is a whole amount."),
        ({"type": "bet"}, "A stake is a whole amount."),
        ({"type": "take_down", "bet": 1}, "The cards are not dealt yet"),
    ],
)
def test_bad_bets_are_refused_before_the_deal(action, message):
    round_ = Round([0], [["3C", "7D", "9S"]], ["4H", "QC"])
    round_.refused(0, action, message)
    round_.refused(5, {"type": "pass"}, "You are not dealt in this hand.")


# --- clocks (L10) ------------------------------------------------------------------------------


def test_L10_a_decision_out_of_time_takes_the_bet_down():
    round_ = Round([0], [["KS", "KD", "4C"]], ["7H", "2S"])
    round_.act(0, type="bet", amount=TEN)
    assert ENGINE.timeout_action(round_.state, 0) == {"type": "take_down", "bet": 1}
    assert ENGINE.clock_setting(round_.state, 0) == "action_seconds"
    events = round_.time_out(0)
    assert events[0] == {"type": "timeout", "seat": 0}
    assert round_.state["phase"] == "second"
    round_.time_out(0)
    assert round_.state["over"]
    round_.check_conserved()
    assert [b["state"] for b in round_.state["result"]["boxes"]["0"]["bets"]] == [
        "down",
        "down",
        "won",
    ]
    assert round_.net(0) == TEN  # the pair of kings paid bet 3 alone


def test_betting_out_of_time_passes_and_each_seat_has_its_own_clock():
    round_ = Round([0, 1], [["KS", "KD", "4C"]], ["7H", "2S"])
    assert ENGINE.clock_setting(round_.state, 0) == "bet_seconds"
    key = ENGINE.turn_key(round_.state, 1)
    round_.act(0, type="bet", amount=TEN)
    assert ENGINE.turn_key(round_.state, 1) == key, "another's bet leaves my clock running"
    round_.time_out(1)
    assert round_.state["phase"] == "first" and ENGINE.to_act(round_.state) == [0]
    assert ENGINE.turn_key(round_.state, 0) != key


def test_nobody_bets_the_round_ends_without_bets():
    round_ = Round([0, 1], [], [])
    round_.act(0, type="pass")
    round_.act(1, type="pass")
    assert round_.state["over"] and ENGINE.round_without_bets(round_.state)
    assert not round_.events[1:] or all(e["type"] != "payment" for e in round_.events)


# --- the cap (L9), the house's risk, the void (L7) ---------------------------------------------


def test_L9_max_payout_caps_a_boxs_winnings_in_the_round():
    config = {**CONFIG, "max_payout": 20_000}
    round_ = play([["AS", "KS", "QS"]], ["JS", "TS"], [("ride", "ride")], config=config)
    box = round_.state["result"]["boxes"]["0"]
    assert box["line"] == ROYAL_FLUSH and box["pays"] == "1000"
    assert round_.net(0) == 20_000 and round_.house() == -20_000  # not 3 × 1,000,000
    assert sum(b["net"] for b in box["bets"]) == 20_000


def test_the_house_refuses_a_bet_over_its_exposure():
    config = {**CONFIG, "max_payout": None, "max_exposure": 1_000_000}
    round_ = Round([0, 1], [["KS", "KD", "4C"], ["3C", "7D", "9S"]], ["7H", "2S"], config)
    # 3 bets × 1000:1: at most 333 each
    assert ENGINE.legal_actions(round_.state, 0)[-2] == {"type": "bet", "amount": 333}
    round_.refused(0, {"type": "bet", "amount": 334}, "The house takes at most 333")
    round_.act(0, type="bet", amount=333)
    round_.refused(1, {"type": "bet", "amount": 100}, "The house takes no more bets")
    assert ENGINE.legal_actions(round_.state, 1) == [{"type": "pass"}]
    assert ENGINE.exposure(round_.state) == 999_000


def test_the_void_returns_every_bet_still_riding_and_nothing_taken_down_twice():
    """L7: a redeal is the staff's void: the round is voided for the whole table."""
    round_ = Round([0, 1], [["KS", "KD", "4C"], ["3C", "7D", "9S"]], ["7H", "2S"])
    round_.act(0, type="bet", amount=TEN)
    round_.act(1, type="bet", amount=500)
    round_.act(0, type="take_down", bet=1)
    state, events = ENGINE.apply_void(round_.state)
    round_.state, round_.events = state, round_.events + events
    round_.check_conserved()
    assert round_.net(0) == 0 and round_.net(1) == 0 and round_.house() == 0
    back = {(p.source, p.amount) for p in payments(events)}
    assert ("pot:b0:s0:bet1", TEN) not in back and ("pot:b0:s0:bet2", TEN) in back
    assert state["result"] == {"void": True}
    with pytest.raises(IllegalAction):
        ENGINE.apply_void(state)


# --- what each may see (§37) ---------------------------------------------------------------------


def test_cards_go_to_their_owner_only_and_the_community_opens_one_by_one():
    round_ = Round([0, 1], [["KS", "KD", "4C"], ["3C", "7D", "9S"]], ["7H", "2S"])
    round_.act(0, type="bet", amount=TEN)
    round_.act(1, type="bet", amount=TEN)
    assert ENGINE.private_cards(round_.state) == {0: ["KS", "KD", "4C"], 1: ["3C", "7D", "9S"]}
    assert ENGINE.hidden_cards(round_.state) == ["7H", "2S"]
    anna, boris, spectator = (repr(ENGINE.view(round_.state, s)) for s in (0, 1, None))
    for card in ("7H", "2S", "3C", "7D", "9S"):
        assert card not in anna and card not in spectator
    for card in ("KS", "KD", "4C"):
        assert card in anna and card not in boris and card not in spectator
    assert ENGINE.view(round_.state, 0)["cards"] == ["KS", "KD", "4C"]
    round_.act(0, type="ride", bet=1)
    round_.act(1, type="ride", bet=1)
    assert ENGINE.view(round_.state, None)["community"] == ["7H", None]
    assert ENGINE.hidden_cards(round_.state) == ["2S"]
    round_.act(0, type="ride", bet=2)
    round_.act(1, type="ride", bet=2)
    public = ENGINE.view(round_.state, None)
    assert public["community"] == ["7H", "2S"]
    assert [b["cards"] for b in public["boxes"]] == [["KS", "KD", "4C"], ["3C", "7D", "9S"]]
    assert ENGINE.private_cards(round_.state) == {} and ENGINE.hidden_cards(round_.state) == []


def test_L1_a_fresh_deck_every_round_its_order_committed():
    first = ENGINE.new_hand(CONFIG, [0], ScriptedRng(deck_for([["KS", "KD", "4C"]], ["7H", "2S"])))
    commitment = ENGINE.commitment(first)
    assert commitment.scope == "hand"
    assert commitment.record.split(",")[:5] == ["KS", "KD", "4C", "7H", "2S"]
    assert sorted(commitment.record.split(",")) == sorted(pack_52())
    assert ENGINE.carry_over(first) == {"hands_dealt": 1}
    assert ENGINE.commitment_finished(first)


def test_leaving_with_bets_riding_keeps_the_seat_until_the_round_settles():
    round_ = Round([0, 1], [["KS", "KD", "4C"], ["3C", "7D", "9S"]], ["7H", "2S"])
    round_.act(0, type="bet", amount=TEN)
    assert ENGINE.apply_leave(round_.state, 0) is None and ENGINE.holds_bets(round_.state, 0)
    state, events = ENGINE.apply_leave(round_.state, 1)  # nothing staked: out of the round
    assert events[0] == {"type": "left", "seat": 1}
    assert state["phase"] == "first" and ENGINE.to_act(state) == [0]


@pytest.mark.parametrize(
    "config",
    [
        {"min_bet": 100, "max_bet": 500, "bets_behind": True},
        {"min_bet": 100, "max_bet": 500, "boxes_per_player": 2},
        {"min_bet": 100, "max_bet": 500, "side_bets": {"bonus": [100, 200]}},
        {"min_bet": 0, "max_bet": 500},
    ],
)
def test_check_config_refuses_what_the_game_does_not_play(config):
    with pytest.raises(IllegalAction):
        ENGINE.check_config(config)
