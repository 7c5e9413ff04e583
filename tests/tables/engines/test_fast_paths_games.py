"""The twenty-one family's and craps' fast paths (issue 50) give what the slow ways they replace
gave: a hand's options kept by what they are decided from are the options worked out from the
rules for that state; the best play kept per ranks is the play computed from the cards; the
insurance chance kept per values is the one counted from the shoe; a plain bet's own box found
without the list of free boxes is the box the list gave; a betting window's range ends listed
without a set are the sorted set; a settlement's outcome read from a Fraction is the one read
after parsing it; with no limit on the house's risk the check skipped refuses nothing; craps'
pot names made once are the names made each time. Many random states of every twenty-one game
at each of its example tables, and every engine's ``apply`` leaves the state before it unchanged.
(The moves listed are the moves ``apply`` takes, refusals included:
tests/tables/families/twentyone/test_twentyone_fast_paths.py.)"""

from __future__ import annotations

import copy
import itertools
import random
from fractions import Fraction

import pytest

from tables.engines.base import Draws, IllegalAction, pot
from tables.engines.registry import engine_for
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.families.twentyone import strategy as best
from tables.families.twentyone.betting import BettingMixin, _ends
from tables.families.twentyone.cards import total
from tables.families.twentyone.rules import BETTING, EARLY, INSURING, PLAYING
from tables.families.twentyone.strategy.dealer import TEN, _counts, value
from tables.games.craps import bench as craps_bench
from tables.games.craps.bets import bet_pot, vig_pot
from tests.tables.families.twentyone.test_twentyone import HOLE, TIES
from tests.tables.families.twentyone.test_twentyone_fast_paths import states

GAMES = ("blackjack", "blackjack_switch", "pontoon")
ENGINES = [engine_for(game) for game in GAMES] + [HOLE, TIES]
CASES = [
    pytest.param(engine, config, id=f"{engine.game}-{type(engine).__name__}-{number}")
    for engine in ENGINES
    for number, config in enumerate(engine.example_configs)
]
HANDS = 30  # a table's hands, played at random


def every_hand(state):
    for number, box_state in state["boxes"].items():
        for index, hand in enumerate(box_state["hands"]):
            if hand.get("cards"):
                yield int(number), index


@pytest.mark.parametrize(("engine", "config"), CASES)
def test_a_hands_options_kept_are_the_options_worked_out_from_the_rules(engine, config):
    checked = 0
    for state, _seat in states(engine, config, seed=len(str(config)) * 7 + len(engine.game)):
        for number, index in every_hand(state):
            worked_out = list(engine._hand_options(state, number, index))
            assert engine.hand_options(state, number, index) == worked_out  # kept or made
            assert engine.hand_options(state, number, index) == worked_out  # read back
            checked += 1
    engine._options_memo.clear()  # and with nothing kept, at every step of a new run
    for state, _seat in states(engine, config, seed=5, hands=5):
        if state["phase"] == PLAYING and state["turn"] is not None:
            number, index = state["turn"]
            assert engine.hand_options(state, number, index) == list(
                engine._hand_options(state, number, index)
            )
    assert checked > HANDS


# hands whose options turn on a field: a natural (made by a split or a switch, or not), a pair,
# three cards (a buy after a twist), a stiff total, three of a kind
# every field a twenty-one hand has beside its cards, stakes and id: those a game's options are
# not decided from must not change them
HAND_FIELDS = (
    "done",
    "acted",
    "made",
    "aces",
    "twisted",
    "switched",
    "doubled",
    "surrendered",
    "bought",
)
VARIED_CARDS = (["AS", "KD"], ["8S", "8D"], ["2S", "3D", "4C"], ["TS", "6D"], ["5S", "5D", "5C"])


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: f"{e.game}-{type(e).__name__}")
def test_a_hands_options_kept_follow_every_field_they_are_decided_from(engine):
    """Each hand's cards and a few chosen ones, with each field of a hand changed,
    the hand settled or not and surrender on or off: each asked after the others were kept."""
    config = engine.example_configs[0]
    for state, _seat in states(engine, config, seed=23, hands=6):
        for number, index in every_hand(state):
            cards_now = state["boxes"][str(number)]["hands"][index]["cards"]
            fields = (*HAND_FIELDS, "settled", "surrender")
            for cards, field, changed_to in itertools.product(
                (cards_now, *VARIED_CARDS), fields, (True, False, None)
            ):
                trial = copy.deepcopy(state)
                hand = trial["boxes"][str(number)]["hands"][index]
                hand["cards"] = list(cards)
                if field == "surrender":
                    trial["options"]["surrender"] = bool(changed_to)
                elif field == "settled":
                    hand["settled"] = {"nets": []} if changed_to else None
                else:
                    hand[field] = changed_to
                assert engine.hand_options(trial, number, index) == list(
                    engine._hand_options(trial, number, index)
                ), (cards, field, changed_to)


def test_the_best_play_kept_per_ranks_is_the_play_computed_from_the_cards():
    rng = random.Random(96)
    suits = "SHDC"
    ranks = "A23456789TJQK"
    moves = {
        "blackjack": ("hit", "stand", "double", "split", "surrender"),
        "blackjack_switch": ("hit", "stand", "double", "split", "surrender"),
        "pontoon": ("twist", "buy", "stand", "split"),
    }
    for _case in range(4_000):
        game = rng.choice(GAMES)
        cards = [rng.choice(ranks) + rng.choice(suits) for _card in range(rng.randint(2, 5))]
        up = rng.choice(ranks) + rng.choice(suits)
        allowed = frozenset(rng.sample(moves[game], rng.randint(1, len(moves[game]))))
        split = rng.random() < 0.2
        switched = game == "blackjack_switch" and rng.random() < 0.2
        if total(cards)[0] > 21:
            continue  # a bust hand is never asked: it is settled at once
        try:
            computed = best._best_move(game, cards, up, allowed, split, switched, None)
        except ValueError:  # none of the moves allowed is one for the hand: refused alike
            with pytest.raises(ValueError):
                best.best_move(game, cards, up, allowed, split=split, switched=switched)
            continue
        kept = best.best_move(game, cards, up, allowed, split=split, switched=switched)
        assert kept == computed, (game, cards, up, allowed, split, switched)


def test_the_insurance_chance_kept_per_values_is_the_one_counted_from_the_shoe():
    rng = random.Random(103)
    ranks = "A23456789TJQK"
    for _case in range(2_000):
        cards = [rng.choice(ranks) + "S" for _card in range(rng.randint(2, 4))]
        up = rng.choice(ranks) + "H"
        counts = _counts([value(c) for c in (*cards, up)])
        counted = counts[TEN] / sum(counts)
        for game in ("blackjack", "pontoon"):
            assert best._tens_chance(game, cards, up) == counted
            assert best._tens_chance(game, list(reversed(cards)), up) == counted


@pytest.mark.parametrize(("engine", "config"), CASES)
def test_a_plain_bets_own_box_found_at_once_is_the_box_the_free_list_gave(engine, config):
    checked = 0
    for state, _seat in states(engine, config, seed=29, hands=8):
        if state["phase"] != BETTING:
            continue
        for position in [*range(-1, state["limits"]["boxes"] + 2), True]:
            trial = dict(state, limits={**state["limits"]})
            try:
                fast = engine.plain_bet_boxes(trial, position)
            except Exception as refusal:  # noqa: BLE001 - the same refusal both ways
                fast = ("refused", str(refusal))
            try:
                slow = listed_plain_bet_boxes(engine, trial, position)
            except Exception as refusal:  # noqa: BLE001
                slow = ("refused", str(refusal))
            assert fast == slow, (position, sorted(state["boxes"]))
            checked += 1
    assert checked


def listed_plain_bet_boxes(engine, state, position):
    """``plain_bet_boxes`` as it was: the free boxes listed, the seat's own if free, else the
    first (a game's own hook is asked as it is)."""
    if type(engine).plain_bet_boxes is not BettingMixin.plain_bet_boxes:
        return engine.plain_bet_boxes(state, position)
    if boxes.boxes_of(state, position):
        raise IllegalAction("Your box is staked: add to a box by its number, or say done.")
    layout = state["limits"]["boxes"]
    free = [n for n in range(layout) if str(n) not in state["boxes"]]
    if not free:
        raise IllegalAction("Every box is taken.")
    return [position if position in free else free[0]]


def test_a_ranges_ends_listed_without_a_set_are_the_sorted_set():
    for low, high in itertools.product(range(-2, 4), repeat=2):
        assert list(_ends(low, high)) == sorted({low, high})


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: f"{e.game}-{type(e).__name__}")
def test_an_outcome_read_from_a_fraction_is_the_one_read_after_parsing_it(engine):
    for state, _seat in states(engine, engine.example_configs[0], seed=31, hands=6):
        for number, index in every_hand(state):
            hand = state["boxes"][str(number)]["hands"][index]
            for ratio in (Fraction(-1), Fraction(-1, 2), Fraction(0), Fraction(1), Fraction(3, 2)):
                for word in ("lose", "push", "win", "3:2", 1, 0):
                    if boxes.ratio_of(word) == ratio:
                        assert engine.outcome_word(hand, ratio) == engine.outcome_word(hand, word)


def test_without_a_house_limit_the_risk_check_skipped_refuses_nothing():
    engine = engine_for("blackjack")
    config = engine.example_configs[0]
    assert engine.check_config(config)["max_exposure"] is None
    tables = engine.pay_tables(None)
    for state, seat in states(engine, config, seed=37, hands=6):
        limits = state["limits"]
        for number in range(limits["boxes"]):
            for amount in (1, limits["min_bet"], limits["max_bet"], 10**9):
                house.refuse_over_exposure(
                    state, tables, limits, box=number, position=seat, amount=amount
                )


def test_crapss_pot_names_made_once_are_the_names_made_each_time():
    for position, kind in itertools.product(range(-1, 12), ("pass", "odds_pass", "place_6")):
        for _twice in range(2):
            assert bet_pot(position, kind) == pot(f"s{position}:{kind}")
            assert vig_pot(position, kind) == pot(f"s{position}:{kind}:vig")


def test_the_craps_benchs_bets_are_what_it_asked_before():
    """The bench's next bet, its import moved into the branch that needs it: a whole table's
    rolls play with every pot holding the bets on the layout."""
    engine = engine_for("craps")
    rng, carry = random.Random(craps_bench.SEED), None
    for _roll in range(200):
        carry, _settled, problem = craps_bench.play_roll(engine, rng, carry)
        assert problem == ""
    assert carry["bets"]


@pytest.mark.parametrize(("engine", "config"), CASES)
def test_twenty_one_apply_leaves_the_state_before_unchanged(engine, config):
    rng = random.Random(41)
    draws = Draws(rng)
    for state, seat in states(engine, config, seed=43, hands=8):
        before = copy.deepcopy(state)
        engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)), draws)
        assert state == before


@pytest.mark.parametrize(("engine", "config"), CASES)
def test_a_seats_offers_read_from_its_staked_boxes_are_the_offers_of_every_box(engine, config):
    """Every state after the deal, as each phase of offers would ask it (insurance with and
    without the early decisions, the early ones alone), for every seat dealt in."""
    checked = 0
    for state, _seat in states(engine, config, seed=47, hands=12):
        if not state["dealer"]["cards"] or state["over"]:
            continue
        for phase, hole_card in ((INSURING, False), (INSURING, True), (EARLY, False)):
            trial = dict(state, phase=phase, options={**state["options"], "hole_card": hole_card})
            staked = engine._staked_boxes(trial)
            for position in trial["dealt_in"]:
                numbers = staked.get(position, ())
                for ends in (False, True):
                    assert engine._offers(trial, position, ends=ends, numbers=numbers) == (
                        engine._offers(trial, position, ends=ends)
                    )
                checked += 1
    assert checked
