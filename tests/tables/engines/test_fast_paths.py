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
from tables.families.house import bank, boxes
from tables.families.house import settle as box_settle
from tables.games.dice_blackjack.engine import ENGINE as DICE_BLACKJACK
from tables.games.highcard import moves as high_card_moves
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


def test_copy_json_by_marshal_copies_each_occurrence_as_walking_it_did():
    from tables.engines.base import _copy_json_walking

    shared = [1, {"x": [2]}]
    value = {"a": shared, "b": shared, "c": [shared, shared], "t": True, "one": 1, "f": 1.0}
    for copier in (copy_json, _copy_json_walking):
        copied = copier(value)
        assert copied == value
        assert type(copied["t"]) is bool and type(copied["one"]) is int
        assert type(copied["f"]) is float
        assert copied["a"] is not copied["b"] and copied["c"][0] is not copied["c"][1]
        copied["a"][1]["x"].append(3)  # no occurrence shares a container with another
        assert copied["b"] == [1, {"x": [2]}] and shared == [1, {"x": [2]}]


def test_copy_json_walks_what_marshal_does_not_take():
    import collections
    import enum

    class Level(enum.IntEnum):
        HIGH = 2

    value = {"ordered": collections.OrderedDict(a=[1]), "level": Level.HIGH, "list": [[1]]}
    copied = copy_json(value)
    assert copied == value and type(copied["ordered"]) is dict
    assert copied["level"] is Level.HIGH
    assert copied["list"][0] is not value["list"][0]
    assert copied["ordered"]["a"] is not value["ordered"]["a"]


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
    for sides in (1, 2, 4, 6, 8, 20):  # the bits written out, as randint draws them
        rng, same = random.Random(sides), random.Random(sides)
        assert dice.roll(rng, 300, sides) == [same.randint(1, sides) for _ in range(300)]
        assert rng.random() == same.random()  # the generator left where randint leaves it

    class Seeded(random.Random):  # a subclass keeps randint's numbers through _randbelow
        pass

    assert dice.roll(Seeded(9), 200) == _randints(random.Random(9), 200)

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


def _slow_new_box_refusal(state: dict, limits: dict, position: int, dark: bool):
    """The box rules' refusal as it was worked out before its one pass (the owned boxes
    listed, then each kind counted), the template and params of what it refused, or None."""
    owned = [b for b in state["boxes"].values() if b["owner"] == position]
    if len(owned) >= limits["boxes_per_player"]:
        return ("boxes", limits["boxes_per_player"])
    kind_count = sum(1 for b in owned if b["kind"] == (boxes.DARK if dark else boxes.OPEN))
    if dark and kind_count >= limits["dark_boxes_per_player"]:
        if not limits["dark_boxes_per_player"]:
            return ("no dark", None)
        return ("dark", limits["dark_boxes_per_player"])
    open_limit = limits["open_boxes_per_player"]
    if open_limit is None:
        open_limit = limits["boxes_per_player"]
    if dark and sum(1 for b in owned if b["kind"] == boxes.OPEN) < 1:
        return ("open first", 1)
    if not dark and kind_count >= open_limit:
        return ("open", open_limit)
    return None


_REFUSAL_WORDS = {
    "at most %(count)s boxes": "boxes",
    "not played at this table": "no dark",
    "at most %(count)s dark boxes": "dark",
    "beside your open boxes": "open first",
    "any further box is dark": "open",
}


def test_new_box_refusal_counted_in_one_pass_refuses_what_the_listing_refused():
    kinds_owned = [(), (boxes.OPEN,), (boxes.DARK,), (boxes.OPEN, boxes.DARK), (boxes.OPEN,) * 2]
    compared = 0
    for owned in kinds_owned:
        for per_player in (1, 2, 3):
            for dark_limit in range(per_player + 1):
                for open_limit in (None, *range(per_player + 1)):
                    limits = boxes.limits_of(
                        {
                            "boxes_per_player": per_player,
                            "dark_boxes_per_player": dark_limit,
                            "open_boxes_per_player": open_limit,
                        }
                    )
                    state = _owned(*owned)
                    for dark in (False, True):
                        refusal = boxes.new_box_refusal(state, limits, 1, dark)
                        expected = _slow_new_box_refusal(state, limits, 1, dark)
                        if expected is None:
                            assert refusal is None
                        else:
                            word = next(
                                w for t, w in _REFUSAL_WORDS.items() if t in refusal.template
                            )
                            assert (word, refusal.params.get("count")) == expected
                        compared += 1
    assert compared > 200


def test_limits_of_gives_complete_limits_themselves_and_fills_the_others():
    complete = bank.box_limits(bank.check_house_config({"min_bet": 10, "max_bet": 100}))
    assert boxes.limits_of(complete) is complete
    partial = {"min_bet": 10, "boxes_per_player": 2}
    filled = boxes.limits_of(partial)
    assert filled == {**boxes.LIMIT_DEFAULTS, **partial}
    assert filled is not partial and partial == {"min_bet": 10, "boxes_per_player": 2}
    assert boxes.limits_of(None) == boxes.LIMIT_DEFAULTS


@pytest.mark.parametrize("ratio", [1, 0, "lose", "push", "3:2", "6:5", "11:1", "-1/2", "1/3"])
def test_a_box_settled_in_integers_pays_each_stake_what_winnings_says(ratio):
    """The settlement's own integer arithmetic (the ratio's numerator and denominator read
    once) nets each staker ``boxes.winnings`` of his stake, and the money adds up."""
    for amounts in ([1, 2, 3], [99, 100, 101], [7, 12_345], [10**12 + 7]):
        state = {"boxes": {}, "pots": {}, "escrowed": {}}
        limits = {"min_bet": 1, "max_bet": 10**13, "bets_behind": True}
        for position, amount in enumerate(amounts, start=1):
            boxes.place(state, [], limits, 0, position, amount, behind=position > 1)
        events: list = []
        nets = box_settle.settle_box(state, events, 0, ratio, reason="box")
        assert nets == [
            {"seat": p, "net": boxes.winnings(a, ratio)} for p, a in enumerate(amounts, start=1)
        ]
        assert state["pots"] == {} and state["escrowed"] == {}
        record = state["boxes"]["0"]["hands"][0]["settled"]
        assert record == {"ratio": str(boxes.ratio_of(ratio)), "nets": nets}
        for position, amount in enumerate(amounts, start=1):
            paid = sum(e["amount"] for e in events if e["target"] == f"seat:{position}")
            assert paid - amount == boxes.winnings(amount, ratio)


def test_checked_once_checks_a_config_once_and_gives_fresh_copies():
    calls = []

    def check(config):
        calls.append(config)
        if config.get("refuse"):
            raise IllegalAction("refused")
        return {**config, "checked": True, "nested": {"list": [1, 2]}}

    checked = bank.checked_once(check)
    first = checked({"min_bet": 1, "flag": True})
    first["nested"]["list"].append(3)  # a caller's copy is its own
    second = checked({"min_bet": 1, "flag": True})
    assert second == {"min_bet": 1, "flag": True, "checked": True, "nested": {"list": [1, 2]}}
    assert len(calls) == 1
    assert checked({"min_bet": 1, "flag": 1})["flag"] == 1  # 1 is not True: checked again
    assert checked({"min_bet": 1.0, "flag": True})["min_bet"] == 1.0
    assert len(calls) == 3
    for _twice in range(2):  # a refusal is never remembered
        with pytest.raises(IllegalAction):
            checked({"refuse": True})
    assert len(calls) == 5
    checked({"odd": Fraction(1, 2)})  # not JSON: checked every time
    checked({"odd": Fraction(1, 2)})
    assert len(calls) == 7


def test_an_engine_checks_its_config_once_and_refuses_a_bad_one_every_time():
    for engine in (HIGH_CARD, DICE_BLACKJACK):
        for _twice in range(2):
            with pytest.raises(IllegalAction):
                engine.new_hand({"min_bet": 0, "max_bet": 10}, [1], random.Random(1))
        config = dict(engine.example_configs[0])
        one = engine.new_hand(config, [1], random.Random(1))
        two = engine.new_hand(config, [1], random.Random(1))
        assert one == two and one["limits"] is not two["limits"]


def _play_keeping_every_state(engine, config: dict, players: int, hands: int, seed: int):
    """Random legal play keeping every state of each hand beside a deep copy made when it was
    new: at the hand's end each is still as it was, so no later action changed anything one
    state shares with another (a state shares what an action leaves alone)."""
    rng = random.Random(seed)
    draws = Draws(rng)
    carry = None
    states = 0
    for _hand in range(hands):
        state = engine.new_hand(config, list(range(1, players + 1)), rng, carry)
        kept = [(state, copy_json(state))]
        while not engine.is_hand_over(state):
            position = rng.choice(engine.to_act(state))
            action = rng.choice(engine.legal_actions(state, position))
            state, _events = engine.apply(state, position, action, draws)
            kept.append((state, copy_json(state)))
        for kept_state, as_it_was in kept:
            assert kept_state == as_it_was
        states += len(kept)
        carry = engine.carry_over(state)
    return states


@pytest.mark.parametrize("config", HIGH_CARD.example_configs)
def test_high_card_states_of_a_hand_share_nothing_a_later_action_changes(config):
    assert _play_keeping_every_state(HIGH_CARD, config, 6, 12, 13) > 24


@pytest.mark.parametrize("config", DICE_BLACKJACK.example_configs)
def test_dice_blackjack_states_of_a_round_share_nothing_a_later_action_changes(config):
    assert _play_keeping_every_state(DICE_BLACKJACK, config, 3, 20, 14) > 40


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


def _listed_by_comprehension(state: dict, position: int) -> list[dict]:
    """High card's legal actions as they were listed before each range's ends were appended
    in place: a list of ends per range, a comprehension per range."""
    if state["over"] or position not in high_card_moves.to_act(state):
        return []
    if state["phase"] == "playing":
        box = high_card_moves.current_box(state, position)
        return [{"type": "stand", "box": box}, {"type": "switch", "box": box}]

    def ends(low, high):
        return (low, high) if low != high else (low,)

    found = high_card_moves.seat_ranges(state, position)
    actions: list[dict] = []
    if found.get("bet"):
        actions += [{"type": "bet", "amount": a} for a in ends(*found["bet"])]
    for n, (low, high) in found["boxes"].items():
        actions += [{"type": "bet", "box": n, "amount": a} for a in ends(low, high)]
    for n, (low, high) in found["dark"].items():
        actions += [{"type": "bet", "box": n, "amount": a, "dark": True} for a in ends(low, high)]
    for key in ("behind", "side"):
        for n, (low, high) in found[key].items():
            actions += [{"type": key, "box": n, "amount": a} for a in ends(low, high)]
    actions.append({"type": "pass"})
    for other in state["players"]:
        if other != position:
            actions += [
                {"type": "tip", "to": other, "amount": n}
                for n in ends(1, state["limits"]["max_bet"])
            ]
    return actions


def _high_card_states(config: dict, seed: int, hands: int = 10):
    """Every state of ``hands`` six-seat High card hands of random legal play."""
    rng = random.Random(seed)
    draws = Draws(rng)
    carry = None
    for _hand in range(hands):
        state = HIGH_CARD.new_hand(config, [1, 2, 3, 4, 5, 6], rng, carry)
        while not HIGH_CARD.is_hand_over(state):
            yield state
            position = rng.choice(HIGH_CARD.to_act(state))
            legal = HIGH_CARD.legal_actions(state, position)
            state, _events = HIGH_CARD.apply(state, position, rng.choice(legal), draws)
        carry = HIGH_CARD.carry_over(state)


@pytest.mark.parametrize("config", HIGH_CARD.example_configs)
def test_high_card_legal_actions_list_what_the_comprehensions_listed_in_their_order(config):
    compared = 0
    for state in _high_card_states(config, 31):
        for position in state["dealt_in"]:
            listed = HIGH_CARD.legal_actions(state, position)
            expected = _listed_by_comprehension(state, position)
            assert [list(a.items()) for a in listed] == [list(a.items()) for a in expected]
            compared += 1
    assert compared > 60


def _slow_seat_ranges(state: dict, position: int) -> dict:
    """High card's ranges as they were worked out before the layout was read once."""
    limits = state["limits"]
    low = limits["min_bet"]
    unit = limits["min_unit"]
    found: dict = {"boxes": {}, "dark": {}, "behind": {}, "side": {}}
    owned = boxes.boxes_of(state, position)
    own = None if owned else high_card_moves._free_box(state, position)
    box_limits = boxes.limits_of(limits)
    new_allowed = high_card_moves._may_own(state, box_limits, position, dark=False)
    # no dark boxes at the table: refused whatever the seat owns (not asked, nor built)
    dark_allowed = bool(box_limits["dark_boxes_per_player"]) and high_card_moves._may_own(
        state, box_limits, position, dark=True
    )
    empty = [n for n in range(limits["boxes"]) if str(n) not in state["boxes"]]
    # an empty box adds the same to the house's risk whichever it is, open or dark
    new_room = high_card_moves._stake_room(state, position, empty[0], boxes.MAIN) if empty else 0
    for n in range(limits["boxes"]):
        box_state = state["boxes"].get(str(n))
        if box_state is None:
            if new_room >= low:
                if new_allowed:
                    found["boxes"][n] = [low, new_room]
                if dark_allowed:
                    found["dark"][n] = [low, new_room]
            continue
        mine = box_state["owner"] == position
        if mine or limits["bets_behind"]:
            high = high_card_moves._stake_room(state, position, n, boxes.MAIN)
            if high >= unit:
                (found["boxes"] if mine else found["behind"])[n] = [unit, high]
        if (
            high_card_moves.SAME in limits["side_bets"]
            and any(s["seat"] == position for s in box_state["stakes"])
            and not any(s["seat"] == position for s in box_state["side"])
        ):
            side_low = limits["side_bets"][high_card_moves.SAME][0]
            high = high_card_moves._stake_room(state, position, n, high_card_moves.SAME)
            if high >= side_low:
                found["side"][n] = [side_low, high]
    if own is not None:
        found["bet"] = found["boxes"].get(own)
    return found


@pytest.mark.parametrize("config", HIGH_CARD.example_configs)
def test_high_card_ranges_read_from_the_layout_once_are_the_ranges_asked_box_by_box(config):
    compared = 0
    for state in _high_card_states(config, 41):
        if state["phase"] == "betting":
            for position in state["dealt_in"]:
                ranges = high_card_moves.seat_ranges(state, position)
                assert ranges == _slow_seat_ranges(state, position)
                compared += 1
    assert compared > 60
