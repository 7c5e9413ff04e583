"""Durak invariants under random play (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.engines.base import IllegalAction
from tables.engines.cards import pack_36
from tables.games.durak import engine as durak

CONFIG = {"wins_to_win": 5, "stake": 500, "commission_percent": "3"}
MAX_STEPS = 2_000


def candidate_actions(state, rng):
    """Legal actions and plenty of illegal ones: every card alone, random pairs, every defence."""
    cards = pack_36()
    actions = [{"type": "take"}, {"type": "done"}, {"type": "attack", "cards": []}, {"type": "x"}]
    actions += [{"type": "attack", "cards": [c]} for c in cards]
    actions += [{"type": "attack", "cards": rng.sample(cards, rng.randint(2, 4))} for _ in range(8)]
    targets = [pair[0] for pair in state["table"]] or ["7H"]
    actions += [{"type": "defend", "card": c, "target": t} for c in cards for t in targets[:2]]
    return actions


def assert_every_card_in_one_place(state):
    cards = durak.all_cards(state)
    assert sorted(cards) == sorted(pack_36())


def play_random_game(seed: int, check_agreement: bool, timeouts: bool):
    rng = random.Random(seed)
    state = durak.new_hand(CONFIG, [0, 1], rng)
    steps = 0
    while not durak.is_hand_over(state):
        steps += 1
        assert steps < MAX_STEPS, "a game must end"
        assert_every_card_in_one_place(state)
        (seat,) = durak.to_act(state)
        assert durak.legal_actions(state, 1 - seat) == []
        legal = durak.legal_actions(state, seat)
        assert legal, "the seat to act always has something to do"
        if check_agreement:
            for action in candidate_actions(state, rng):
                try:
                    durak.apply(state, seat, action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                in_legal = action in legal or (
                    action.get("type") == "attack"
                    and any(
                        a.get("cards") and sorted(a["cards"]) == sorted(action.get("cards") or [])
                        for a in legal
                    )
                )
                assert accepted == in_legal, (action, legal)
            for action in legal:
                durak.apply(state, seat, action)  # never refused
            for action in legal[:3]:
                try:
                    durak.apply(state, 1 - seat, action)
                    raise AssertionError("the other seat acted out of turn")
                except IllegalAction:
                    pass
        if timeouts and rng.random() < 0.05:
            state, _events = durak.apply_timeout(state, seat)
        else:
            state, _events = durak.apply(state, seat, rng.choice(legal))
    assert_every_card_in_one_place(state)
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_always_ends_and_keeps_every_card_in_one_place(seed):
    state = play_random_game(seed, check_agreement=False, timeouts=True)
    assert state["result"]["reason"] in ("out", "timeouts")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_legal_actions_and_apply_agree(seed):
    play_random_game(seed, check_agreement=True, timeouts=False)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_whole_match_ends_and_pays_out_exactly_the_pot(seed):
    rng = random.Random(seed)
    state = durak.new_hand(CONFIG, [0, 1], rng)
    paid_in = sum(e["amount"] for e in durak.start_events(state) if e["type"] == "payment")
    paid_out = 0
    for _game in range(100):
        while not durak.is_hand_over(state):
            (seat,) = durak.to_act(state)
            state, events = durak.apply(state, seat, rng.choice(durak.legal_actions(state, seat)))
            paid_out += sum(e["amount"] for e in events if e["type"] == "payment")
        if durak.is_match_over(state):
            break
        state = durak.new_hand(CONFIG, [0, 1], rng, durak.carry_over(state))
    assert durak.is_match_over(state)
    assert max(state["match"]["score"]) == 5
    assert paid_in == paid_out == 1_000
