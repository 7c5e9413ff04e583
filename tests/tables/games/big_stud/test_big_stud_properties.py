"""Big stud under random play with random table stakes (T12): money is conserved to the minor
unit, nobody loses more than his stack, the casino takes at most its percentage of each bank
and nothing of a bet nobody called (T10), the pot ends empty, and every card is in one place."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.games.big_stud.engine import ENGINE
from tests.tables.engines.scripted import net_of

CONFIG = {"small_bet": 100, "big_bet": 200, "share_percent": "5"}


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 8),
    stacks=st.lists(st.one_of(st.none(), st.integers(0, 3_000)), min_size=8, max_size=8),
)
def test_random_play_conserves_money_and_cards(seed, players, stacks):
    rng = random.Random(seed)
    given_stacks = {str(p): s for p, s in enumerate(stacks[:players]) if s is not None}
    state = ENGINE.new_hand({**CONFIG, "stacks": given_stacks}, list(range(players)), rng)
    events = list(ENGINE.start_events(state))
    for _step in range(500):
        if state["over"]:
            break
        position = state["queue"][0]
        state, more = ENGINE.apply(
            state, position, rng.choice(ENGINE.legal_actions(state, position))
        )
        events += more
    assert state["over"] and not state["pots"]
    net = net_of(events)
    assert sum(net.values()) == 0
    result = state["result"]
    assert net["house:commission"] == result["share"]
    for bank in result["pots"]:
        assert bank["share"] == bank["amount"] * 5 // 100
    broke = sum(1 for s in given_stacks.values() if s == 0)
    if players - broke >= 2:  # else the engine leaves the stacks to the ledger (T12)
        for key, stack in given_stacks.items():
            assert -net[f"seat:{key}"] <= stack
    # every card in one place: the deck, each seat's down and up cards, the community card
    dealt = Counter(c for cards in (*state["down"].values(), *state["up"].values()) for c in cards)
    if state["community"]:
        dealt[state["community"]] += 1
    assert max(dealt.values()) == 1
    assert not set(dealt) & set(ENGINE.undealt(state))
    assert len(dealt) + len(ENGINE.undealt(state)) == 52
