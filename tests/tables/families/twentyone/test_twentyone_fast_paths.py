"""The twenty-one engines' fast paths (issue 50) give what they replaced: a hand's moves listed
from its facts read once (``play_facts``, ``play_reason``) are the moves ``apply`` takes when
each is tried, with the same refusal sentence for the rest; the totals kept per cards are the
totals counted card by card (CG §91, §71, §129); the order of play kept per set of boxes is the
boxes sorted (B11). Many random states of every twenty-one game, at each of its example tables."""

import random
import zlib

import pytest

from tables.engines.base import Draws, IllegalAction
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tables.families.twentyone.cards import total
from tables.families.twentyone.rules import PLAYING
from tests.tables.families.twentyone.test_twentyone import HOLE, TIES

GAMES = ("blackjack", "blackjack_switch", "pontoon")
ENGINES = [engine_for(game) for game in GAMES] + [HOLE, TIES]
CASES = [
    pytest.param(engine, config, id=f"{engine.game}-{number}")
    for engine in ENGINES
    for number, config in enumerate(engine.example_configs)
]
HANDS = 40  # a table's hands, played at random


def states(engine, config, seed, hands=HANDS):
    """Every state of ``hands`` random hands before each decision, with the seat deciding; every
    legal action equally likely, so splits, doubles, surrenders, buys and bets behind all
    come."""
    rng = random.Random(seed)
    draws = Draws(rng)
    players = list(range(1, engine.seats[0] + rng.randint(2, 5)))
    carry = None
    for _hand in range(hands):
        state = engine.new_hand(config, players, rng, carry)
        for _step in range(500):
            waiting = engine.to_act(state)
            if not waiting:
                break
            seat = rng.choice(waiting)
            yield state, seat
            state, _events = engine.apply(
                state, seat, rng.choice(engine.legal_actions(state, seat)), draws
            )
        carry = engine.carry_over(state)


def turns(engine, config, seed):
    """The states of ``states`` at which a hand's owner decides (no staker behind pending), with
    his seat (the same random play: the filter draws nothing)."""
    for state, seat in states(engine, config, seed):
        if state["phase"] == PLAYING and state["pending"] is None:
            yield state, seat


def tried(engine, state, seat, number, index):
    """Each of the game's moves on the hand in turn tried through ``apply``: the moves taken,
    and each refused one's sentence."""
    taken, refused = [], {}
    for kind in engine.play_kinds:
        action = {"type": kind, "box": number, "hand": index}
        try:
            engine.apply(state, seat, action, Draws(random.Random(0)))
        except IllegalAction as refusal:
            refused[kind] = str(refusal)
        else:
            taken.append(kind)
    return taken, refused


@pytest.mark.parametrize(("engine", "config"), CASES)
def test_the_moves_listed_from_a_hands_facts_are_the_moves_apply_takes(engine, config):
    checked = 0
    for state, seat in turns(engine, config, seed=zlib.crc32(f"{engine.game} {config}".encode())):
        number, index = state["turn"]
        taken, refused = tried(engine, state, seat, number, index)
        assert engine.hand_options(state, number, index) == taken
        legal = engine.legal_actions(state, seat)
        assert [a["type"] for a in legal] == taken
        for kind in engine.play_kinds:
            refusal = engine.play_refusal(state, number, index, kind)
            assert (None if refusal is None else str(refusal)) == refused.get(kind)
        checked += 1
    assert checked >= HANDS  # every table decided at least a hand's move a hand


def counted(cards):
    """The total as CG §91 tells it, card by card: an ace 1, a picture 10, any other its face;
    one ace 11 where that goes no higher than 21."""
    hard = sum(1 if c[0] == "A" else 10 if c[0] in "TJQK" else int(c[0]) for c in cards)
    soft = any(c[0] == "A" for c in cards) and hard + 10 <= 21
    return (hard + 10, True) if soft else (hard, False)


def test_the_totals_kept_per_cards_are_the_totals_counted_card_by_card():
    rng = random.Random(91)
    pack = pack_52() * 2
    for _case in range(20_000):
        cards = rng.sample(pack, rng.randint(0, 11))
        assert total(cards) == counted(cards), cards
        assert total(tuple(cards)) == counted(cards)  # a tuple of cards is read alike


def test_the_order_kept_per_set_of_boxes_is_the_boxes_sorted():
    rng = random.Random(11)
    engine = engine_for("blackjack")
    for _case in range(2_000):
        numbers = rng.sample(range(12), rng.randint(0, 12))
        state = {"boxes": {str(n): {} for n in numbers}}
        assert list(engine._order(state)) == sorted(numbers)
