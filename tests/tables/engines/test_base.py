"""The engine contract's shared pieces: recorded randomness, payment parties, the escrow a void
returns, and the defaults every game inherits."""

import random

import pytest

from tables.engines.base import (
    HOUSE_BANK,
    Draws,
    GameEngine,
    IllegalAction,
    Party,
    Payment,
    SeatInfo,
    house,
    pot,
    seat,
    track_escrow,
)


def test_draws_replay_exactly_what_was_drawn_whatever_the_calls():
    live = Draws(random.Random(11))
    deck = list(range(20))
    live.shuffle(deck)
    roll = live.randint(1, 6)
    pick = live.choice("abcdef")
    again = Draws.replaying(live.taken)
    replayed_deck = list(range(20))
    again.shuffle(replayed_deck)
    assert (replayed_deck, again.randint(1, 6), again.choice("abcdef")) == (deck, roll, pick)
    assert again.taken == live.taken


def test_a_replay_with_missing_or_foreign_draws_fails_loudly():
    with pytest.raises(RuntimeError, match="no more recorded draws"):
        Draws.replaying([]).randint(1, 6)
    with pytest.raises(RuntimeError, match="does not fit"):
        Draws.replaying([9]).randint(1, 6)  # a draw below 6 was recorded as 9


def test_payment_parties_are_typed_and_anything_else_is_refused():
    assert Party.parse(seat(3)) == Party("seat", 3)
    assert Party.parse(pot()) == Party("pot", "main")
    assert Party.parse(pot("side1")) == Party("pot", "side1")
    assert Party.parse(house("commission")) == Party("house", "commission")
    assert Party.parse(HOUSE_BANK) == Party("bank", "")
    for bad in ("seat:x", "seat:", "house", "bank:1", "wallet:3", ""):
        with pytest.raises(ValueError):
            Party.parse(bad)


def test_track_escrow_keeps_what_each_payer_put_in_each_pot_and_the_default_void_returns_it():
    class Game(GameEngine):
        def is_hand_over(self, state):
            return state.get("over", False)

    state = {"players": [0, 1]}
    events = [
        Payment(seat(0), pot(), 100, "ante").as_event(),
        Payment(seat(1), pot(), 100, "ante").as_event(),
        Payment(seat(1), pot("box1"), 250, "bet").as_event(),
        Payment(seat(0), seat(1), 50, "tip").as_event(),  # not into a pot: nothing to return
        {"type": "deal"},
    ]
    track_escrow(state, events)
    assert state["escrowed"] == {"pot": {"seat:0": 100, "seat:1": 100}, "pot:box1": {"seat:1": 250}}
    voided, refunds = Game().apply_void(state)
    assert voided["over"] and voided["escrowed"] == {}
    assert sorted(
        (e["source"], e["target"], e["amount"]) for e in refunds if e["type"] == "payment"
    ) == [("pot", "seat:0", 100), ("pot", "seat:1", 100), ("pot:box1", "seat:1", 250)]
    with pytest.raises(IllegalAction):
        Game().apply_void(voided)  # a hand that is over has nothing left to return


def test_the_default_session_deals_in_present_ready_seats_up_to_the_table_size():
    class Game(GameEngine):
        seats = (2, 3)

    game = Game()
    assert game.next_hand(None, [SeatInfo(0), SeatInfo(1, away=True)], {}) is None
    upcoming = game.next_hand(
        None, [SeatInfo(0), SeatInfo(1, ready=False), SeatInfo(2), SeatInfo(4)], {}
    )
    assert upcoming.players == (0, 2, 4) and upcoming.carry is None
