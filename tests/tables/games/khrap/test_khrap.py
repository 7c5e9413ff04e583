"""Khrap (tables/games/khrap/engine.py, CG §114-§121, rulings K1-K15 and section 5 of
../shared/rules/khrap.md) with scripted decks: the worked examples, each game with its exchange
order, the following rules, the §120 reshuffle, penalties and the carried bank."""

import random
from collections import Counter

import pytest

from tables.engines.base import Draws, IllegalAction, SeatInfo, payments
from tables.engines.cards import pack_36
from tables.games.khrap.engine import (
    BANK,
    COMMISSION,
    ENGINE,
    UNCLAIMED,
    bank_split,
    check_config,
)
from tests.tables.engines.scripted import ScriptedRng

A, B, C, D, E, F = range(6)
CONFIG = check_config({"stake": 1_000})


class DeckRng(ScriptedRng):
    """The scripted pack, cut after its first card (the cut K12 draws is then undone by
    ``khrap_deck``)."""

    def randrange(self, start, stop=None, step=1):
        return start


def khrap_deck(hands: list[list[str]], rest: list[str]) -> list[str]:
    """The pack order (before the one-card cut) that deals ``hands`` clockwise from the
    marker, four each (§118), and leaves ``rest`` on top of the deck (its first card is turned
    up for trumps, §119)."""
    order = [card for hand in hands for card in hand] + list(rest)
    order += sorted(set(pack_36()) - set(order))
    assert sorted(order) == sorted(pack_36())
    return [order[-1], *order[:-1]]


def deal(hands, rest, players=None, carry=None, stake=1_000):
    players = players if players is not None else list(range(len(hands)))
    config = check_config({"stake": stake})
    return ENGINE.new_hand(config, players, DeckRng(khrap_deck(hands, rest)), carry)


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action, Draws())


def play(state, *moves):
    """Apply (seat, action) moves in order; return the state and every event."""
    events = []
    for seat, action in moves:
        state, more = ENGINE.apply(state, seat, action, Draws())
        events += more
    return state, events


def paid(events):
    return [(p.source, p.target, p.amount) for p in payments(events)]


def net(events, party):
    return sum(
        (p.amount if p.target == party else 0) - (p.amount if p.source == party else 0)
        for p in payments(events)
    )


def seat(n):
    return f"seat:{n}"


# Example 1 and 2 hands: trumps ♥ (the 9♥ turned), A at the marker.
EXAMPLE_1 = dict(
    hands=[
        ["AH", "KH", "7S", "8S"],  # A
        ["AS", "9C", "7C", "6C"],  # B
        ["9S", "TS", "JS", "QS"],  # C: changes all for five
        ["KS", "6S", "TC", "JC"],  # D
    ],
    rest=["9H", "AD", "KD", "QD", "AC", "6D"],
)


def example_1_exchanged(*then):
    """Worked example 1 answered (``example_1_answers``), then C discards 6D and A and B change
    nothing, then the moves ``then``: the state after them."""
    state, _ = example_1_answers(deal(**EXAMPLE_1))
    state, _ = play(
        state,
        (C, {"type": "discard", "card": "6D"}),
        (A, {"type": "exchange", "cards": []}),
        (B, {"type": "exchange", "cards": []}),
        *then,
    )
    return state


def strelyayu_four_drawn():
    """Worked example 1 as strelyayu: A declares it, B helps, the others pass twice; A throws
    KH 7S 8S and draws four (AD KD QD AC), one of which he must now discard."""
    state = deal(**EXAMPLE_1)
    state, _ = play(
        state,
        (A, {"type": "declare", "game": "strelyayu"}),
        (B, {"type": "help"}),
        *((p, {"type": "pass"}) for p in (C, D, C, D)),
    )
    state, _ = act(state, A, type="exchange", cards=["KH", "7S", "8S"])
    return state


def example_1_answers(state):
    """A khrap; B help; C and D pass; round two C five, D pass (worked example 1)."""
    return play(
        state,
        (A, {"type": "declare", "game": "khrap"}),
        (B, {"type": "help"}),
        (C, {"type": "pass"}),
        (D, {"type": "pass"}),
        (C, {"type": "five"}),
        (D, {"type": "pass"}),
    )


def test_config_needs_a_stake_above_zero():
    assert check_config({"stake": 5, "action_seconds": 20}) == {"stake": 5, "action_seconds": 20}
    for bad in ({}, {"stake": 0}, {"stake": 1.5}, {"stake": True}):
        with pytest.raises(IllegalAction, match="stake is a whole number"):
            check_config(bad)


def test_s117_s118_the_stakes_form_the_bank_and_the_marker_receives_first():
    state = deal(**EXAMPLE_1)
    assert state["bank"] == state["pot"] == 4_000
    assert paid(ENGINE.start_events(state)) == [(seat(p), BANK, 1_000) for p in (A, B, C, D)]
    assert state["hands"]["0"] == ["AH", "KH", "7S", "8S"]
    assert (state["marker"], state["cutter"]) == (A, D)  # K12: the player before the marker
    assert (state["trump"], state["trump_card"]) == ("H", "9H")
    assert ENGINE.to_act(state) == [A]


def test_worked_example_1_everyone_meets_the_commitment():
    """CG §119.2.1 and worked example 1: exchanges C, A, B; C leads; A 2, B 1, C 1 tricks:
    A +9.60, B -0.20, C -0.20, D -10.00, the casino +0.80; the next deal takes new stakes."""
    state = deal(**EXAMPLE_1)
    start = ENGINE.start_events(state)
    state, events = example_1_answers(state)
    assert state["phase"] == "exchange"
    assert ENGINE.to_act(state) == [C], "the five-player exchanges first"
    assert Counter(state["hands"]["2"]) == Counter(["AD", "KD", "QD", "AC", "6D"])
    state, more = play(
        state,
        (C, {"type": "discard", "card": "6D"}),
        (A, {"type": "exchange", "cards": []}),  # then the declarer
        (B, {"type": "exchange", "cards": []}),  # then the help-player
    )
    events += more
    assert state["phase"] == "play" and ENGINE.to_act(state) == [C], "the five-player leads"
    state, more = play(
        state,
        (C, {"type": "play", "card": "AD"}),
        (A, {"type": "play", "card": "KH"}),
        (B, {"type": "play", "card": "6C"}),
        (A, {"type": "play", "card": "AH"}),
        (B, {"type": "play", "card": "7C"}),
        (C, {"type": "play", "card": "QD"}),
        (A, {"type": "play", "card": "7S"}),
        (B, {"type": "play", "card": "AS"}),
        (C, {"type": "play", "card": "KD"}),
        (B, {"type": "play", "card": "9C"}),
        (C, {"type": "play", "card": "AC"}),
        (A, {"type": "play", "card": "8S"}),
    )
    events += more
    assert state["over"] and state["tricks"] == {"0": 2, "1": 1, "2": 1}
    everything = start + events
    assert [net(everything, seat(p)) for p in (A, B, C, D)] == [960, -20, -20, -1_000]
    assert net(everything, COMMISSION) == 80
    assert state["result"]["payouts"] == {"0": 1_960, "1": 980, "2": 980}
    assert state["pot"] == state["next_bank"] == 0, "the bank is played"
    carry = ENGINE.carry_over(state)
    assert carry["stakes_due"] and carry["bank"] == 0
    nxt = deal(**EXAMPLE_1, carry=carry)
    assert nxt["marker"] == B and nxt["bank"] == 4_000, "K6: new stakes, the marker moves"
    assert ENGINE.escrow_key(nxt) != ENGINE.escrow_key(state), "an empty bank closes its escrow"


EXAMPLE_2 = dict(
    hands=[
        ["AH", "7S", "8S", "9S"],  # A
        ["6C", "7C", "8C", "9C"],  # B
        ["TS", "JS", "QS", "TC"],  # C
        ["JC", "QC", "KC", "AC"],  # D
    ],
    rest=["9H", "AD", "KD", "AS", "KS", "6D"],
)


def example_2_played():
    """Worked example 2 dealt, answered and played out: A (khrap) takes 1 trick, B (help) 0,
    C (five) 3. Returns the final state, the events of the answers and those of the play."""
    state = deal(**EXAMPLE_2)
    state, events = example_1_answers(state)
    state, more = play(
        state,
        (C, {"type": "discard", "card": "6D"}),
        (A, {"type": "exchange", "cards": []}),
        (B, {"type": "exchange", "cards": []}),
        (C, {"type": "play", "card": "AD"}),
        (A, {"type": "play", "card": "AH"}),
        (B, {"type": "play", "card": "6C"}),
        (A, {"type": "play", "card": "7S"}),
        (B, {"type": "play", "card": "7C"}),
        (C, {"type": "play", "card": "KS"}),
        (C, {"type": "play", "card": "KD"}),
        (A, {"type": "play", "card": "8S"}),
        (B, {"type": "play", "card": "8C"}),
        (C, {"type": "play", "card": "AS"}),
        (A, {"type": "play", "card": "9S"}),
        (B, {"type": "play", "card": "9C"}),
    )
    return state, events, more


def test_worked_example_2_failures_make_a_penalty_bank_played_without_stakes():
    """§119.2.1, K5, K6 and worked example 2: A (khrap) 1 trick, B (help) 0, C (five) 3:
    A 9.80, C 29.40, the casino 0.80; A owes 80, B 40: the next bank is 120, no new stakes."""
    state, events, more = example_2_played()
    events = events + more
    result = state["result"]
    assert result["tricks"] == {"0": 1, "1": 0, "2": 3}
    assert result["payouts"] == {"0": 980, "1": 0, "2": 2_940}
    assert result["rake"] == 80
    assert result["penalties"] == {"0": 8_000, "1": 4_000}
    assert state["pot"] == state["next_bank"] == 12_000
    # the pledges paid when declaring and joining are the penalties now (K14)
    assert (seat(A), BANK, 8_000) in paid(events) and (seat(B), BANK, 4_000) in paid(events)
    assert net(more, seat(C)) == 2_940 + 4_000, "C is paid his tricks and his pledge back"
    carry = ENGINE.carry_over(state)
    nxt = deal(**EXAMPLE_2, carry=carry)
    assert nxt["bank"] == 12_000 and nxt["penalty_bank"]
    assert paid(ENGINE.start_events(nxt)) == [], "K6: no entry stakes for a penalty bank"
    assert ENGINE.escrow_key(nxt) == ENGINE.escrow_key(state), "the bank stays in its escrow"
    assert ENGINE.in_play(state), "a carried bank is in play between deals"
    assert ENGINE.summary(state, CONFIG)["pot"] == 12_000


def all_pass(state, order):
    return play(state, *((p, {"type": "pass"}) for p in order))


def test_worked_example_3_all_pass_three_times_redeals_with_new_stakes():
    """§119.1 and worked example 3: ♠, ♣, ♦ turned up, everyone passes each time: the cards
    are collected, the marker moves to B, every player adds 10: the new bank is 80, no rake."""
    hands = [["6H", "7H", "8H", "9H"], ["TH", "JH", "QH", "KH"], ["AH", "6S", "7S", "8S"]]
    hands.append(["9S", "TS", "JS", "QS"])
    state = deal(hands, ["KS", "6C", "6D", "7D"])
    state, events = all_pass(state, [A, B, C, D])
    assert state["trump"] == "C"
    state, more = all_pass(state, [A, B, C, D])
    assert state["trump"] == "D"
    state, last = all_pass(state, [A, B, C, D])
    assert state["over"] and state["result"]["redeal"]
    assert paid(events + more + last) == [], "no rake on an all-pass deal (K7)"
    assert [e["trump"] for e in events + more + last if e["type"] == "turned"] == ["C", "D"]
    nxt = deal(hands, ["KS", "6C"], carry=ENGINE.carry_over(state))
    assert nxt["marker"] == B and nxt["bank"] == 8_000
    assert paid(ENGINE.start_events(nxt)) == [(seat(p), BANK, 1_000) for p in (A, B, C, D)]
    assert ENGINE.escrow_key(nxt) == ENGINE.escrow_key(state)


def test_s119_1_a_repeated_trump_suit_turns_the_next_card():
    hands = [["6H", "7H", "8H", "9H"], ["TH", "JH", "QH", "KH"]]
    state = deal(hands, ["KS", "AS", "6C"])
    state, events = all_pass(state, [A, B])
    assert state["trump"] == "C" and state["trumps_tried"] == ["S", "C"]
    assert state["turned"] == ["KS", "AS", "6C"], "the repeat lies face up, out of play (K11)"
    assert any(e.get("repeat") for e in events)


def test_worked_example_4_the_declarer_alone_takes_every_trick():
    """K4 and worked example 4: A declares strelyayu, everyone passes both rounds: A gets the
    bank less 2 % (39.20), the casino 0.80, and his pledge back."""
    state = deal(**EXAMPLE_1)
    start = ENGINE.start_events(state)
    state, events = play(
        state,
        (A, {"type": "declare", "game": "strelyayu"}),
        *((p, {"type": "pass"}) for p in (B, C, D, B, C, D)),
    )
    assert state["over"] and state["result"]["tricks"] == {"0": 4}
    assert net(events, seat(A)) == 3_920 and net(events, COMMISSION) == 80
    assert net(start + events, seat(A)) == 2_920


def test_s119_2_3_strelyayu_exchanges_three_for_four_declarer_first():
    """§119.2.3: the declarer first (three out, four in, one discarded), then the five-players
    clockwise, then the help-players."""
    state = deal(**EXAMPLE_1)
    state, _ = play(
        state,
        (A, {"type": "declare", "game": "strelyayu"}),
        (B, {"type": "help"}),
        (C, {"type": "pass"}),
        (D, {"type": "pass"}),
        (C, {"type": "five"}),
        (D, {"type": "five"}),
    )
    assert ENGINE.to_act(state) == [A]
    with pytest.raises(IllegalAction, match="exactly three"):
        act(state, A, type="exchange", cards=["7S"])
    state, events = act(state, A, type="exchange", cards=["KH", "7S", "8S"])
    assert state["hands"]["0"] == ["AH", "AD", "KD", "QD", "AC"]
    assert ENGINE.to_act(state) == [A] and state["pending"] == "discard"
    state, _ = act(state, A, type="discard", card="QD")
    order = [A]
    while state["phase"] == "exchange":
        (position,) = ENGINE.to_act(state)
        order.append(position)
        state, _ = ENGINE.apply(state, position, ENGINE.timeout_action(state, position), Draws())
    assert order == [A, C, D, B], "the declarer, the five-players clockwise, the help-player"
    assert ENGINE.to_act(state) == [C], "the first five-player leads"


def test_s119_2_3_strelyayu_throws_away_one_of_the_four_drawn_and_keeps_a_card_of_his_own():
    """§119.2.3 "поменяв три свои карты на четыре из колоды и скинув одну из них": the card
    thrown away is one of the four drawn, so the declarer keeps one card of his own; the
    validator (shared by legal_actions and apply) refuses the kept card, and his clock throws
    away the lowest of the four."""
    state = strelyayu_four_drawn()
    assert state["hands"]["0"] == ["AH", "AD", "KD", "QD", "AC"], "AH kept, four drawn"
    discards = [a["card"] for a in ENGINE.legal_actions(state, A)]
    assert discards == ["AD", "KD", "QD", "AC"], "only the four drawn may go"
    with pytest.raises(IllegalAction, match="one of the four cards drawn"):
        act(state, A, type="discard", card="AH")
    assert ENGINE.timeout_action(state, A) == {"type": "discard", "card": "QD"}
    kept, _ = act(state, A, type="discard", card="AD")
    assert kept["hands"]["0"] == ["AH", "KD", "QD", "AC"]
    assert kept["pending"] is None and ENGINE.to_act(kept) == [B]
    assert Counter(ENGINE.all_cards(kept)) == Counter(pack_36())


def test_clockwise_runs_to_ascending_seat_positions_seat_0_at_the_dealers_left_s118_s119():
    """The convention of every game: positions ascend clockwise, the lowest at the dealer's
    left. In Khrap (§118, §119, §119.2.1) the marker starts at the lowest seat dealt in and
    moves to the next higher one; announcements, answers and a trick's cards go from lower
    positions to higher ones, round past the highest to the lowest."""
    hands = [
        ["AH", "KH", "7S", "8S"],  # seat 1, at the marker: receives first
        ["AS", "9C", "7C", "6C"],  # seat 3
        ["9S", "TS", "JS", "QS"],  # seat 5
    ]
    state = deal(hands, ["9H", "AD", "KD", "QD"], players=[5, 1, 3])
    assert state["marker"] == 1 and state["cutter"] == 5, "the marker at the dealer's left"
    assert state["hands"] == {"1": hands[0], "3": hands[1], "5": hands[2]}
    said = []
    for _turn in range(3):
        (position,) = ENGINE.to_act(state)
        said.append(position)
        state, _ = act(state, position, type="pass")
    assert said == [1, 3, 5], "announcements clockwise from the marker: ascending"
    (first,) = ENGINE.to_act(state)
    assert first == 1 and state["trump"] == "D"
    state, _ = act(state, 1, type="pass")
    state, _ = act(state, 3, type="declare", game="khrap")
    assert ENGINE.to_act(state) == [5], "answers clockwise from the declarer: 5, then 1"
    state, _ = act(state, 5, type="help")
    assert ENGINE.to_act(state) == [1]
    state, _ = act(state, 1, type="help")
    order = []
    while state["phase"] == "exchange":
        (position,) = ENGINE.to_act(state)
        order.append(position)
        state, _ = act(state, position, type="exchange", cards=[])
    assert order == [3, 5, 1], "the declarer, then the helpers clockwise after him"
    assert ENGINE.to_act(state) == [3]
    trick = []
    for _card in range(3):
        (position,) = ENGINE.to_act(state)
        trick.append(position)
        card = ENGINE.legal_actions(state, position)[0]["card"]
        state, _ = act(state, position, type="play", card=card)
    assert trick == [3, 5, 1], "a trick goes clockwise from its leader"
    while not state["over"]:
        (position,) = ENGINE.to_act(state)
        state, _ = ENGINE.apply_timeout(state, position, Draws())
    nxt = deal(hands, ["9H"], players=[1, 3, 5], carry=ENGINE.carry_over(state))
    assert nxt["marker"] == 3, "the marker moves clockwise: to the next higher seat"
    wrapped = deal(
        hands, ["9H"], players=[1, 3, 5], carry={**ENGINE.carry_over(state), "marker": 5}
    )
    assert wrapped["marker"] == 1, "past the highest seat clockwise is the lowest"


def test_s115_two_to_six_players_take_part():
    """§115: the game is between players, 2 to 6 of them."""
    assert ENGINE.seats == (2, 6)
    for count in (2, 6):
        state = ENGINE.new_hand(CONFIG, list(range(count)), random.Random(count))
        assert len(state["hands"]) == count
        assert all(len(cards) == 4 for cards in state["hands"].values())
    for count in (1, 7):
        with pytest.raises(ValueError, match="2 to 6"):
            ENGINE.new_hand(CONFIG, list(range(count)), random.Random(count))


def test_s117_equal_stakes_form_the_bank():
    """§117: before the deal every player puts in the same agreed stake; their sum is the
    bank (three players at 2.50 each: a bank of 7.50)."""
    hands = [["6H", "7H", "8H", "9H"], ["TH", "JH", "QH", "KH"], ["AH", "6S", "7S", "8S"]]
    state = deal(hands, ["KS"], stake=250)
    starts = paid(ENGINE.start_events(state))
    assert starts == [(seat(p), BANK, 250) for p in (A, B, C)], "the same stake from each"
    assert state["bank"] == state["pot"] == 750 == sum(amount for *_p, amount in starts)
    assert state["shares"] == {seat(p): 250 for p in (A, B, C)}
    assert ENGINE.view(state, None)["bank"] == 750


def test_s119_2_4_zavorachivayu_takes_the_trump_card_and_discards_another():
    """§119.2.4, K10: the declarer takes the face-up trump card (shown to all) and discards
    any other card; the order is as for khrap: fives, the declarer, helps."""
    state = deal(**EXAMPLE_1)
    state, _ = play(
        state,
        (A, {"type": "declare", "game": "zavorachivayu"}),
        (B, {"type": "help"}),
        (C, {"type": "pass"}),
        (D, {"type": "pass"}),
        (C, {"type": "pass"}),
        (D, {"type": "five"}),
    )
    assert ENGINE.to_act(state) == [D] and state["pending"] == "discard"
    state, _ = act(state, D, type="discard", card=state["hands"]["3"][0])
    assert ENGINE.to_act(state) == [A] and "9H" in state["hands"]["0"]
    assert ENGINE.view(state, None)["shown"] == {"0": ["9H"]}
    with pytest.raises(IllegalAction, match="keeps the trump card"):
        act(state, A, type="discard", card="9H")
    state, _ = act(state, A, type="discard", card="7S")
    assert sorted(state["hands"]["0"]) == sorted(["AH", "KH", "8S", "9H"])
    assert ENGINE.to_act(state) == [B], "then the help-player"
    state, _ = act(state, B, type="exchange", cards=["6C", "7C"])
    assert state["phase"] == "play" and ENGINE.to_act(state) == [D], "the five-player leads"
    assert C not in state["participants"] and state["hands"]["2"] == []


VERTOLYOT = dict(
    hands=[
        ["6H", "QH", "7S", "8S"],  # A: the six of trumps and the queen
        ["AS", "9C", "7C", "6C"],
        ["9S", "TS", "JS", "QS"],
    ],
    rest=["9H", "AD"],
)


def test_s119_2_2_k9_an_invalid_vertolyot_is_refused():
    state = deal(**VERTOLYOT)
    state, _ = act(state, A, type="pass")
    assert {"type": "declare", "game": "vertolyot", "with": "QH"} not in ENGINE.legal_actions(
        state, B
    )
    with pytest.raises(IllegalAction, match="six of trumps and one more trump"):
        act(state, B, type="declare", game="vertolyot", **{"with": "AS"})


def test_s119_2_2_vertolyot_everyone_plays_on_dealt_cards_forced_players_owe_nothing():
    """§119.2.2, K9 with section 5: A shows 6♥ and Q♥ and leads; B and C must play; no
    exchange; A takes under two tricks and owes 2 × the bank; B and C owe nothing."""
    state = deal(**VERTOLYOT)
    assert ENGINE.legal_actions(state, A)[-1] == {
        "type": "declare",
        "game": "vertolyot",
        "with": "QH",
    }
    with pytest.raises(IllegalAction, match="one more trump of your cards"):
        act(state, A, type="declare", game="vertolyot", **{"with": "7S"})
    state, events = act(state, A, type="declare", game="vertolyot", **{"with": "QH"})
    assert (seat(A), BANK, 6_000) in paid(events), "K14: the declarer's pledge, 2 × 30"
    assert state["phase"] == "play" and ENGINE.to_act(state) == [A]
    assert state["participants"] == [A, B, C]
    assert ENGINE.view(state, None)["shown"] == {"0": ["6H", "QH"]}
    state, events = play(
        state,
        (A, {"type": "play", "card": "7S"}),
        (B, {"type": "play", "card": "AS"}),
        (C, {"type": "play", "card": "9S"}),
        (B, {"type": "play", "card": "9C"}),
        (C, {"type": "play", "card": "TS"}),
        (A, {"type": "play", "card": "6H"}),
        (A, {"type": "play", "card": "8S"}),
        (B, {"type": "play", "card": "7C"}),
        (C, {"type": "play", "card": "JS"}),
        (C, {"type": "play", "card": "QS"}),
        (A, {"type": "play", "card": "QH"}),
        (B, {"type": "play", "card": "6C"}),
    )
    assert state["result"]["tricks"] == {"0": 2, "1": 1, "2": 1}
    assert state["result"]["penalties"] == {}, "A made two; forced players owe nothing"


def test_vertolyot_declarer_under_two_tricks_pays_alone():
    state = deal(**VERTOLYOT)
    state, _ = act(state, A, type="declare", game="vertolyot", **{"with": "QH"})
    state, _ = play(
        state,
        (A, {"type": "play", "card": "7S"}),
        (B, {"type": "play", "card": "AS"}),
        (C, {"type": "play", "card": "9S"}),
        (B, {"type": "play", "card": "6C"}),
        (C, {"type": "play", "card": "TS"}),
        (A, {"type": "play", "card": "6H"}),
        (A, {"type": "play", "card": "8S"}),
        (B, {"type": "play", "card": "7C"}),
        (C, {"type": "play", "card": "QS"}),
        (C, {"type": "play", "card": "JS"}),
        (A, {"type": "play", "card": "QH"}),
        (B, {"type": "play", "card": "9C"}),
    )
    assert state["result"]["tricks"] == {"0": 2, "1": 1, "2": 1}
    state = deal(**VERTOLYOT)
    state, _ = act(state, A, type="declare", game="vertolyot", **{"with": "QH"})
    state, _ = play(
        state,
        (A, {"type": "play", "card": "6H"}),
        (B, {"type": "play", "card": "AS"}),
        (C, {"type": "play", "card": "9S"}),
        (A, {"type": "play", "card": "7S"}),
        (B, {"type": "play", "card": "6C"}),
        (C, {"type": "play", "card": "TS"}),
        (C, {"type": "play", "card": "JS"}),
        (A, {"type": "play", "card": "8S"}),
        (B, {"type": "play", "card": "7C"}),
        (C, {"type": "play", "card": "QS"}),
        (A, {"type": "play", "card": "QH"}),
        (B, {"type": "play", "card": "9C"}),
    )
    assert state["result"]["tricks"] == {"0": 2, "1": 0, "2": 2}
    assert state["result"]["penalties"] == {}


def test_k1_k2_follow_suit_else_trump_else_any_card():
    state = example_1_exchanged((C, {"type": "play", "card": "AD"}))
    with pytest.raises(IllegalAction, match="without it play a trump"):
        act(state, A, type="play", card="7S")  # no diamond: A must trump
    assert {a["card"] for a in ENGINE.legal_actions(state, A)} == {"AH", "KH"}
    state, _ = act(state, A, type="play", card="KH")
    # B has neither a diamond nor a trump: any card; no duty to beat (K2)
    assert {a["card"] for a in ENGINE.legal_actions(state, B)} == {"AS", "9C", "7C", "6C"}
    state, events = act(state, B, type="play", card="AS")
    assert events[-1] == {"type": "trick", "winner": A}, "K1: a trump beats any non-trump"
    state, _ = act(state, A, type="play", card="AH")
    # a trump led: B holds none, so any card (K2)
    assert {a["card"] for a in ENGINE.legal_actions(state, B)} == {"9C", "7C", "6C"}


def test_k15_timeouts_pass_keep_the_cards_and_play_the_lowest_legal_card():
    state = deal(**EXAMPLE_1)
    assert ENGINE.timeout_action(state, A) == {"type": "pass"}
    state, _ = example_1_answers(state)
    assert ENGINE.timeout_action(state, C) == {"type": "discard", "card": "6D"}
    state, _ = ENGINE.apply_timeout(state, C, Draws())
    assert ENGINE.timeout_action(state, A) == {"type": "exchange", "cards": []}
    state, _ = ENGINE.apply_timeout(state, A, Draws())
    state, _ = ENGINE.apply_timeout(state, B, Draws())
    state, _ = act(state, C, type="play", card="AD")
    assert ENGINE.timeout_action(state, A) == {"type": "play", "card": "KH"}


def test_s120_k11_k13_the_discards_are_reshuffled_when_the_deck_runs_out():
    """Six players, five of them "five": 25 cards wanted from a deck of 11. The discards
    (exchanged cards, the repeated turned-up card; never the trump card or a hand) are
    shuffled, cut by the player before the marker and used."""
    hands = [
        ["AH", "KH", "QH", "JH"],
        ["6S", "7S", "8S", "9S"],
        ["TS", "JS", "QS", "KS"],
        ["AS", "6C", "7C", "8C"],
        ["9C", "TC", "JC", "QC"],
        ["KC", "AC", "6D", "7D"],
    ]
    state = deal(hands, ["TH", "9H", "8D"])
    state, _ = play(
        state,
        (A, {"type": "declare", "game": "khrap"}),
        *((p, {"type": "pass"}) for p in (B, C, D, E, F)),
        *((p, {"type": "five"}) for p in (B, C, D, E, F)),
    )
    events = []
    while state["phase"] == "exchange":
        (position,) = ENGINE.to_act(state)
        state, more = ENGINE.apply_timeout(state, position, Draws())
        events += more
    reshuffles = [e for e in events if e["type"] == "reshuffle"]
    assert reshuffles and reshuffles[0]["cutter"] == F
    assert state["trump_card"] == "TH" and state["turned"] == ["TH"], "the trump card stays"
    assert "9H" not in state["turned"], "the repeated turned-up card went into the reshuffle"
    assert Counter(ENGINE.all_cards(state)) == Counter(pack_36())
    assert all(len(state["hands"][str(p)]) == 4 for p in range(6))


def test_k7_k8_the_2_percent_and_the_remainder_carried():
    """Bank 40.04: the casino 0.80 (0.8008 rounded down), each trick 9.80 (9.8098 down), the
    remainder 0.04 carried into the next bank with its new stakes, in the same escrow."""
    assert bank_split(4_004) == (80, 980, 4)
    assert bank_split(4_000) == (80, 980, 0)
    state = deal(**EXAMPLE_1, stake=1_001)
    state, events = play(
        state,
        (A, {"type": "declare", "game": "khrap"}),
        *((p, {"type": "pass"}) for p in (B, C, D, B, C, D)),
    )
    assert state["result"]["remainder"] == 4 and state["pot"] == state["next_bank"] == 4
    assert net(events, seat(A)) == 3_920
    nxt = deal(**EXAMPLE_1, carry=ENGINE.carry_over(state), stake=1_001)
    assert nxt["bank"] == 4 + 4 * 1_001 and ENGINE.escrow_key(nxt) == ENGINE.escrow_key(state)
    assert sum(nxt["shares"].values()) == nxt["bank"]


def test_k14_declaring_and_joining_put_the_largest_penalty_into_escrow():
    state = deal(**EXAMPLE_1)
    view = ENGINE.view(state, A)
    assert view["pledge"] == 8_000
    state, events = act(state, A, type="declare", game="khrap")
    assert paid(events) == [(seat(A), BANK, 8_000)]
    assert ENGINE.view(state, B)["pledge"] == 4_000
    state, events = act(state, B, type="help")
    assert paid(events) == [(seat(B), BANK, 4_000)]
    assert state["pot"] == 16_000 and state["bank"] == 4_000


def test_k3_after_a_declaration_the_others_only_answer():
    state = deal(**EXAMPLE_1)
    state, _ = act(state, A, type="declare", game="khrap")
    with pytest.raises(IllegalAction, match='Say "help" or pass'):
        act(state, B, type="declare", game="strelyayu")
    assert ENGINE.legal_actions(state, B) == [{"type": "help"}, {"type": "pass"}]


def test_a_void_returns_the_bank_and_the_pledges_to_their_payers():
    state = deal(**EXAMPLE_1)
    state, _ = play(state, (A, {"type": "declare", "game": "khrap"}), (B, {"type": "help"}))
    state, events = ENGINE.apply_void(state)
    assert sorted(paid(events)) == sorted(
        [
            (BANK, seat(A), 9_000),
            (BANK, seat(B), 5_000),
            (BANK, seat(C), 1_000),
            (BANK, seat(D), 1_000),
        ]
    )
    assert not ENGINE.in_play(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply_void(state)


def test_leaving_mid_deal_plays_on_by_timeouts_and_the_money_is_held_for_the_player():
    state = deal(**EXAMPLE_1)
    state, _ = example_1_answers(state)
    state, events = ENGINE.apply_leave(state, C, Draws())
    assert C not in ENGINE.to_act(state) and ENGINE.to_act(state) == [A]
    while not state["over"]:
        (position,) = ENGINE.to_act(state)
        state, more = ENGINE.apply_timeout(state, position, Draws())
        events += more
    assert all(p.target != seat(C) for p in payments(events))
    assert state["tricks"]["2"] >= 0 and sum(state["tricks"].values()) == 4


def test_a_carried_bank_of_a_player_who_left_goes_to_the_house_on_a_void():
    state = deal(**EXAMPLE_2)
    state, _ = example_1_answers(state)
    while not state["over"]:
        (position,) = ENGINE.to_act(state)
        state, _ = ENGINE.apply_timeout(state, position, Draws())
    assert state["pot"] > 0
    state, _ = ENGINE.apply_leave(state, A, Draws())
    state, events = ENGINE.apply_void(state)
    assert all(p.target != seat(A) for p in payments(events))
    assert (BANK, UNCLAIMED, 8_000) in paid(events), "A's penalty is held for him"
    assert state["pot"] == 0


def test_the_next_deal_waits_for_two_players_and_seats_stay_ready():
    state = deal(**EXAMPLE_1)
    assert ENGINE.next_hand(state, [SeatInfo(0), SeatInfo(1)], CONFIG) is None  # in play
    state, _ = all_pass(state, [A, B, C, D] * 3)
    upcoming = ENGINE.next_hand(state, [SeatInfo(0), SeatInfo(1, away=True)], CONFIG)
    assert upcoming is None
    upcoming = ENGINE.next_hand(state, [SeatInfo(0), SeatInfo(2)], CONFIG)
    assert upcoming.players == (0, 2) and upcoming.carry["bank"] == 4_000


def test_no_view_shows_another_hand_or_the_deck():
    state = deal(**EXAMPLE_1)
    public = ENGINE.view(state, None)
    assert "cards" not in public and public["deck_count"] == 19
    assert ENGINE.view(state, B)["cards"] == ["6C", "7C", "9C", "AS"]
    assert all(
        card not in str(ENGINE.view(state, viewer))
        for viewer in (None, A, C, D)
        for card in ("AS", "9C", "7C", "6C")
    )
