"""The stud engines' fast paths (issue 50) equal what they replaced: the marshal copy of a state
equals ``copy_json``'s and shares nothing; an action copying its own box alone leaves the state
before it unchanged and plays every hand as whole copies did; seka points looked up equal the
counted ones; the bare hand of many boxes nets what the engine's boxes net on the same deal."""

import itertools
import random

import pytest

from benchmarks import rtp
from tables.engines.base import Draws, IllegalAction, copy_json
from tables.engines.cards import pack_33
from tables.engines.registry import engine_for
from tables.engines.seka import HAND_SIZE, counted_score, seka_score
from tables.families.stud.bench import with_players
from tables.families.stud.engine import StudEngine
from tables.families.stud.rules import copy_tree, shuffle

GAMES = ["caribbean_stud", "oasis_stud", "golden_oasis", "russian_poker"]
PLAYERS = 4  # several boxes, so an action shares the others' with the state before it


def _containers(value, found: list) -> list:
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def _hands(game: str, seed: int, hands: int, check=None) -> list:
    """Every hand's deck as committed and its events, ``check(state before, state after)``
    called on each action; the state before an action is left as it was."""
    module = with_players(rtp.game_module(game), PLAYERS)
    engine = engine_for(module.GAME)
    strategy = module.STRATEGIES["basic"]
    rng = random.Random(seed)
    draws, carry, played = Draws(rng), None, []
    for _hand in range(hands):
        state = engine.new_hand(module.CONFIG, list(range(1, PLAYERS + 1)), rng, carry)
        events = []
        while waiting := engine.to_act(state):
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            action = strategy(state, seat, None, rng)
            snapshot = copy_json(state)
            after, more = engine.apply(state, seat, action, draws)
            assert state == snapshot, "the state before an action is left as it was"
            if check:
                check(state, after)
            state, events = after, events + more
        played.append((state["record"], events))
        carry = engine.carry_over(state)
    return played


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_tree_equals_copy_json_and_shares_nothing(game):
    def check(before, after):
        for state in (before, after):
            inside = _containers(state, [])
            assert len({id(c) for c in inside}) == len(inside), "a state shares no container"
            copied = copy_tree(state)
            assert copied == copy_json(state)
            assert not {id(c) for c in inside} & {id(c) for c in _containers(copied, [])}

    _hands(game, 5, 20, check)


@pytest.mark.parametrize("game", GAMES)
def test_an_action_on_its_own_box_plays_as_whole_copies_did(game, monkeypatch):
    fast = _hands(game, 9, 40)
    whole = StudEngine._copy
    monkeypatch.setattr(StudEngine, "_copy", lambda self, state, box=None: whole(self, state))
    assert _hands(game, 9, 40) == fast


def test_seka_points_looked_up_equal_counted_in_any_order():
    for hand in itertools.combinations(pack_33(), HAND_SIZE):
        points = counted_score(hand)
        assert {seka_score(order) for order in itertools.permutations(hand)} == {points}
    assert seka_score(["AS", "AH"]) == counted_score(["AS", "AH"]) == 22, "two cards: counted"


@pytest.mark.parametrize("game", ["caribbean_stud", "oasis_stud"])
def test_the_bare_hand_of_many_boxes_nets_what_the_engine_does(game):
    """One change stage a box, the cards dealt box by box from the dealer's left in both, a
    bought game's card after every change: the same deal, the same net."""
    module = rtp.game_module(game)
    for record, events in _hands(game, 3, 150):
        kinds = {k: [0, 0] for k in module.KINDS}
        module.tally(events, kinds, {key: [0, 0] for key, *_ in module.LINES})
        bare = module.bare_hand(record.split(","), module.DECISIONS["basic"], boxes=PLAYERS)
        assert sum(r - s for s, r in kinds.values()) == module.CONFIG["min_bet"] * bare


def test_the_shuffle_written_out_orders_as_random_shuffle_does():
    for seed in range(200):
        for size in (0, 1, 2, 33, 52):
            theirs, ours = list(range(size)), list(range(size))
            their_rng, our_rng = random.Random(seed), random.Random(seed)
            their_rng.shuffle(theirs)
            shuffle(our_rng, ours)
            assert ours == theirs
            assert our_rng.random() == their_rng.random(), "the generator left where it was"
    drawn = Draws(random.Random(1))
    shuffle(drawn, list(range(10)))
    assert drawn.taken, "any other generator shuffles as it does (Draws records its draws)"


def test_a_config_remembered_is_checked_again_when_it_changes_at_all():
    engine = engine_for("caribbean_stud")
    table = {"min_bet": 100, "max_bet": 2_000, "player_cut": True}
    dealt = engine.new_hand(table, [1, 2], random.Random(4))
    assert engine.new_hand(dict(table), [1, 2], random.Random(4)) == dealt
    assert dealt["limits"] is not engine.new_hand(table, [1], random.Random(4))["limits"]
    with pytest.raises(IllegalAction):  # 1 == True, but a flag is a boolean
        engine.new_hand({**table, "player_cut": 1}, [1, 2], random.Random(4))
    with pytest.raises(IllegalAction):
        engine.new_hand({**table, "max_bet": 50}, [1, 2], random.Random(4))
    assert engine.new_hand(table, [1, 2], random.Random(4)) == dealt
