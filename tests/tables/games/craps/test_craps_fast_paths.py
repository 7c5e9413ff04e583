"""Craps' fast paths (issue 50) give what the slow ones they replaced gave: the decision table is
``decide``, integer wins are the exact fractions rounded toward zero, a roll's settings checked
once are ``check_config``'s, a step copies what it changes and leaves the state before it as it
was, and the ranges kept per layout are the ranges worked afresh."""

import random
from fractions import Fraction

import pytest

from tables.engines.base import copy_json
from tables.families.dice.chances import DISTINCT
from tables.games.craps import bets, betting, engine, exposure
from tables.games.craps.bets import KINDS, NUMBERS, PLACEABLE, decide, decided, is_working
from tables.games.craps.engine import ENGINE, Craps
from tables.games.craps.shooter import BETTING, to_act


def test_the_decision_table_is_decide_on_every_input():
    inputs = 0
    for kind in KINDS:
        for total, hard in DISTINCT:
            for point in (None, *NUMBERS):
                for barred in (2, 12):
                    for working in (True, False):
                        expected = decide(kind, total, hard, point, barred, working)
                        assert decided(kind, total, hard, point, barred, working) == expected
                        inputs += 1
    assert inputs == len(KINDS) * 15 * 7 * 2 * 2


def test_on_the_come_out_buy_is_off_the_switchable_bets_as_turned_and_the_rest_work():
    for kind in KINDS:
        for on in (True, False):
            bet = {"kind": kind, "on": on}
            assert is_working(bet, 6)  # every bet works once a point is set
            if kind.startswith("buy_"):
                assert not is_working(bet, None)  # §5.7
            elif kind.startswith(bets.SWITCHABLE):
                assert is_working(bet, None) == on  # §5.6, C5, C12
            else:
                assert is_working(bet, None)


def test_integer_wins_are_the_exact_wins_rounded_toward_zero_and_capped():
    ratios = {
        *bets.TRUE_ODDS.values(),
        *bets.LAY_PAYS.values(),
        *bets.PLACE_PAYS.values(),
        *bets.FIELD_PAYS.values(),
        *(bets.pay_ratio(text) for text in bets.PROPOSITIONS.values()),
        Fraction(1),
    }
    for ratio in ratios:
        for amount in range(1, 700):
            assert exposure._won(amount, ratio, None) == int(amount * ratio)
            assert exposure._won(amount, ratio, 300) == min(int(amount * ratio), 300)


@pytest.mark.parametrize("config", Craps.example_configs)
def test_a_rolls_settings_checked_once_are_check_configs(config):
    for hand_number in (1, 2, 3):
        numbered = {**config, "hand_number": hand_number}
        checked = bets.check_config(numbered)
        kept = engine._settings(numbered)
        assert {k: v for k, v in kept.items() if k not in engine.PER_HAND} == {
            k: v for k, v in checked.items() if k not in engine.PER_HAND
        }
    changed = {**config, "max_bet": config["max_bet"] + 100}
    assert engine._settings(changed)["max_bet"] == config["max_bet"] + 100


def _fresh_range(state, position, kind):
    """A seat's range of ``kind`` worked afresh, each amount through ``_fits`` (what ``apply``
    asks)."""
    bounds = betting.amount_bounds(state, position, kind)
    if bounds is None or not state["max_exposure"]:
        return bounds
    return betting._within_the_risk_limit(state, position, kind, bounds)


def _fresh_listed_bets(state, position):
    """The bets ``legal_actions`` listed before the ranges were kept: each listed amount within
    ``amount_bounds`` and through ``_fits``."""
    paid = exposure.paid_by_outcome(state) if state["max_exposure"] else None
    listed = []
    for kind in PLACEABLE:
        bounds = betting._placeable(state, position, kind) is None and betting.amount_bounds(
            state, position, kind
        )
        if not bounds:
            continue
        step = betting._step(state, kind)
        listed += [
            {"type": "bet", "bet": kind, "amount": a}
            for a in betting.listed_amounts(state, kind)
            if bounds[0] <= a <= bounds[1]
            and a % step == 0
            and (paid is None or exposure._fits(state, paid, [(position, kind, a)]))
        ]
    return listed


@pytest.mark.parametrize("config", Craps.example_configs)
def test_random_play_each_step_leaves_the_state_before_it_and_the_kept_ranges_are_fresh(config):
    """Random legal actions, every kind of them, over a few rolls of four players: the state
    given to ``apply`` is as it was, what a step shares with it is what it does not change
    (``engine.CHANGES``), and the ranges and listed bets equal those worked afresh."""
    config = {**config, "max_exposure": 20_000} if config.get("max_exposure") else config
    rng, carry, players = random.Random(7), None, [0, 1, 2, 3]
    kinds_played = set()
    for _roll in range(12):
        state = ENGINE.new_hand(config, players, rng, carry)
        while not state["over"]:
            for position in players:
                if state["phase"] == BETTING and position in to_act(state):
                    for kind in PLACEABLE:
                        if betting._placeable(state, position, kind) is None:
                            fresh = _fresh_range(state, position, kind)
                            assert betting.offered_bounds(state, position, kind) == fresh
                    listed = [
                        a for a in ENGINE.legal_actions(state, position) if a["type"] == "bet"
                    ]
                    assert listed == _fresh_listed_bets(state, position)
            seat = to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            others = [a for a in legal if a["type"] not in ("done", "refuse")]
            closing = [a for a in legal if a["type"] == "done"] or legal
            action = rng.choice(others if others and rng.random() < 0.7 else closing)
            before = copy_json(state)
            after, _events = ENGINE.apply(state, seat, action)
            assert state == before
            kind = action["type"]
            kinds_played.add(kind)
            for key in engine.CHANGES[kind]:
                assert after[key] is not state[key], (kind, key)
            for key in set(engine.LAYOUT) - set(engine.CHANGES[kind]):
                assert after[key] is state[key], (kind, key)  # copied only where changed
            state = after
        carry = ENGINE.carry_over(state)
    assert {"bet", "done", "roll", "take_down"} <= kinds_played
