"""The engine platform's fast paths (issue 50) give what the slow ways they replace gave: a copy
that shares nothing mutable, winnings in integers equal to the exact fraction rounded toward
zero, ratios parsed once, the box rules' refusal without a try, dice drawn as ``randint`` draws
them, a shoe's order split once; and an engine's ``apply`` that copies only what it changes
leaves the state before it as it was."""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from tables.engines import dice
from tables.engines.base import Draws, IllegalAction, copy_json
from tables.engines.cards import Shoe, split_cards
from tables.families.house import boxes
from tables.games.dice_blackjack.engine import ENGINE as DICE_BLACKJACK
from tables.games.highcard.engine import ENGINE as HIGH_CARD


def test_copy_json_equals_a_deep_copy_and_shares_no_container():
    value = {
        "a": [1, "x", None, True, [2, {"b": [3, 4.5]}]],
        "c": {"d": {"e": []}, "f": "g"},
        "h": 7,
    }
    copied = copy_json(value)
    assert copied == copy.deepcopy(value)
    copied["a"][4][1]["b"].append(5)
    copied["c"]["d"]["e"].append(1)
    copied["a"][0] = 0
    assert value["a"] == [1, "x", None, True, [2, {"b": [3, 4.5]}]]
    assert value["c"]["d"]["e"] == []


@pytest.mark.parametrize(
    "ratio", [1, 0, "lose", "push", "win", "3:2", "6:5", "11:1", "-1/2", "1/3", Decimal("1.5")]
)
def test_winnings_in_integers_equal_the_exact_fraction_rounded_toward_zero(ratio):
    exact = Fraction(ratio) if not isinstance(ratio, str) else boxes.ratio_of(ratio)
    for amount in [*range(0, 60), 99, 100, 101, 12_345, 10**12 + 7]:
        assert boxes.winnings(amount, ratio) == int(amount * exact), (amount, ratio)


def test_ratio_of_parsed_once_gives_the_exact_ratio_and_still_refuses_what_it_refused():
    assert boxes.ratio_of("3:2") == Fraction(3, 2)
    assert boxes.ratio_of("3:2") is boxes.ratio_of("3:2")
    assert boxes.ratio_of(1) == 1
    assert boxes.ratio_of(Decimal("0.5")) == Fraction(1, 2)
    for refused in (True, 1.0, [1], None):
        with pytest.raises(ValueError):
            boxes.ratio_of(refused)
    for _twice in range(2):  # an error is never remembered as a ratio
        with pytest.raises(ValueError):
            boxes.ratio_of("-3:2")


def _owned(*kinds: str) -> dict:
    return {
        "boxes": {str(n): boxes.new_box(1, dark=kind == boxes.DARK) for n, kind in enumerate(kinds)}
        | {"9": boxes.new_box(2)}  # another seat's box counts for nothing
    }


@pytest.mark.parametrize(
    ("owned", "dark", "limits", "refused"),
    [
        ((), False, {}, None),
        ((boxes.OPEN,), False, {}, "at most %(count)s boxes"),
        ((boxes.OPEN,), False, {"boxes_per_player": 2}, None),
        ((), True, {"boxes_per_player": 2}, "Dark boxes are not played"),
        ((), True, {"boxes_per_player": 2, "dark_boxes_per_player": 1}, "beside your open"),
        ((boxes.OPEN,), True, {"boxes_per_player": 2, "dark_boxes_per_player": 1}, None),
        (
            (boxes.OPEN, boxes.DARK),
            True,
            {"boxes_per_player": 3, "dark_boxes_per_player": 1},
            "at most %(count)s dark boxes",
        ),
        (
            (boxes.OPEN,),
            False,
            {"boxes_per_player": 2, "open_boxes_per_player": 1},
            "any further box is dark",
        ),
    ],
)
def test_new_box_refusal_returns_what_the_box_check_raises(owned, dark, limits, refused):
    state, checked = _owned(*owned), boxes.limits_of(limits)
    refusal = boxes.new_box_refusal(state, checked, 1, dark)
    if refused is None:
        assert refusal is None
        boxes._check_new_box(state, checked, 1, dark)
        return
    assert refused in refusal.template
    with pytest.raises(IllegalAction) as raised:
        boxes._check_new_box(state, checked, 1, dark)
    assert raised.value.template == refusal.template
    assert raised.value.params == refusal.params


def test_dice_are_the_numbers_randint_draws_from_every_source():
    assert dice.roll(random.Random(7), 500) == _randints(random.Random(7), 500)

    class LoadedDice(random.Random):
        def randint(self, a, b):
            return b

    assert dice.roll(LoadedDice(1), 4) == [6, 6, 6, 6]
    draws = Draws(random.Random(3))
    faces = dice.roll(draws, 6)
    assert faces == [1 + taken for taken in draws.taken]


def _randints(rng: random.Random, count: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def test_a_shoe_split_once_gives_its_cards_as_split_and_a_list_of_its_own():
    shoe = Shoe.new(2, random.Random(5))
    for _card in range(30):
        shoe.deal()
    shoe.discard_cards(shoe.in_play[:20])
    assert shoe.cards == split_cards(shoe.order)
    assert shoe.undealt == split_cards(shoe.order[2 * shoe.position :])
    undealt = shoe.undealt
    undealt.clear()  # a caller's list is its own: the next reading is whole again
    assert len(shoe.undealt) == len(shoe) - shoe.position
    assert len(shoe.discard) == 20


def _play_checking_the_state_before(engine, config: dict, players: int, hands: int, seed: int):
    """Random legal play: after every ``apply`` the state it was given is unchanged (it copies
    what it changes, whatever it shares)."""
    rng = random.Random(seed)
    draws = Draws(rng)
    carry = None
    actions = 0
    for _hand in range(hands):
        state = engine.new_hand(config, list(range(1, players + 1)), rng, carry)
        while not engine.is_hand_over(state):
            position = rng.choice(engine.to_act(state))
            legal = engine.legal_actions(state, position)
            before = copy_json(state)
            state_after, _events = engine.apply(state, position, rng.choice(legal), draws)
            assert state == before
            state = state_after
            actions += 1
        carry = engine.carry_over(state)
    return actions


@pytest.mark.parametrize("config", HIGH_CARD.example_configs)
def test_high_card_apply_leaves_the_state_before_unchanged(config):
    assert _play_checking_the_state_before(HIGH_CARD, config, 6, 12, 11) > 12


@pytest.mark.parametrize("config", DICE_BLACKJACK.example_configs)
def test_dice_blackjack_apply_leaves_the_state_before_unchanged(config):
    assert _play_checking_the_state_before(DICE_BLACKJACK, config, 3, 20, 12) > 20


@pytest.mark.parametrize("config", HIGH_CARD.example_configs)
def test_high_card_legal_actions_are_what_apply_takes_and_their_ranges_end_where_it_refuses(
    config,
):
    """The ranges are worked out from the rules once, never by trying each stake: each listed
    action is taken by ``apply``, and one unit past a range's top is refused."""
    rng = random.Random(21)
    draws = Draws(rng)
    checked = tried = 0
    carry = None
    for _hand in range(8):
        state = HIGH_CARD.new_hand(config, [1, 2, 3, 4, 5, 6], rng, carry)
        while not HIGH_CARD.is_hand_over(state):
            position = rng.choice(HIGH_CARD.to_act(state))
            legal = HIGH_CARD.legal_actions(state, position)
            for action in legal:
                HIGH_CARD.apply(state, position, action, Draws(random.Random(0)))
                checked += 1
                if "amount" in action and action["type"] != "tip":
                    top = max(
                        a["amount"]
                        for a in legal
                        if a["type"] == action["type"] and a.get("box") == action.get("box")
                    )
                    with pytest.raises(IllegalAction):
                        HIGH_CARD.apply(
                            state, position, {**action, "amount": top + 1}, Draws(random.Random(0))
                        )
                    tried += 1
            state, _events = HIGH_CARD.apply(state, position, rng.choice(legal), draws)
        carry = HIGH_CARD.carry_over(state)
    assert checked > 40
    assert tried > 20
