"""The conformance suite (issue 12, build 8): every registered engine, with each of its example
configs and the numbers of players that tell something (the fewest, two, the most, and a middle
one that rotates with the commit: ``seat_counts``), played at random by a hypothesis state
machine, with the checks of tests/tables/engines/conformance.py after every step (the long
seeded sessions are in test_conformance_sessions.py, a file of their own so that the test
workers share the suite out). Engines broken on purpose show that each check catches what it is
for.

Every run plays every engine, every example config and the extremes of seats; the middle counts
and the long sessions' seeds rotate with the commit (issue 51, tests/rotation.py: the seed is in
pytest's header, ``CONFORMANCE_SEED=<seed>`` replays a run's cases). ``make conformance`` plays
the full matrix: every count of seats, two long sessions a config."""

import random

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tables.engines.base import GameEngine, copy_json
from tables.engines.betting import unclaim
from tables.engines.registry import engine_for, registered_games
from tables.games.big_stud.engine import BigStud
from tables.games.blackjack_switch.engine import BlackjackSwitch
from tables.games.caribbean_stud.engine import CaribbeanStud
from tables.games.craps.bets import PLACEABLE
from tables.games.craps.betting import _placeable, amount_bounds
from tables.games.craps.engine import Craps
from tables.games.craps.shooter import BETTING, to_act
from tables.games.durak.engine import Durak
from tables.games.highcard.engine import HighCard
from tables.games.russian_poker.engine import RussianPoker
from tests.rotation import full_matrix, rotation_seed
from tests.tables.engines.conformance import ConformanceTable


def seat_counts(seats: tuple[int, int], rotation: random.Random | None = None) -> list[int]:
    """The numbers of players a table is played with: on every run the fewest it seats (one
    alone at a house game), two (the first count with another player beside him) and the most
    it seats (every seat taken, the turn going all the way round), and one count in the middle,
    which rotates with the commit (``rotation``, tests/rotation.py) so that over the commits
    every count between is played; the full matrix (``rotation`` None: ``make conformance``)
    plays every count from the fewest to the most at once."""
    low, high = seats
    if rotation is None:
        return list(range(low, high + 1))
    counts = {low, max(low, min(2, high)), high}
    between = [count for count in range(low, high + 1) if count not in counts]
    if between:
        counts.add(rotation.choice(between))
    return sorted(counts)


def _rotation(*names) -> random.Random | None:
    """This run's rotation of the cases named (None: the full matrix)."""
    if full_matrix():
        return None
    return random.Random("-".join(str(name) for name in (rotation_seed(), *names)))


CASES = [
    pytest.param(game, config, players, id=f"{game}-config{number}-{players}players")
    for game in registered_games()
    for number, config in enumerate(engine_for(game).example_configs)
    for players in seat_counts(engine_for(game).seats, _rotation(game, number))
]
MACHINE_SETTINGS = settings(
    max_examples=6,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PICK = st.integers(min_value=0, max_value=255)


def machine_for(engine, config: dict, players: int) -> type[RuleBasedStateMachine]:
    """A state machine playing one table; each rule is one thing that can happen at a table,
    and the table checks everything after each step."""

    class TableMachine(RuleBasedStateMachine):
        @initialize(seed=st.integers(min_value=0, max_value=2**32 - 1))
        def open_table(self, seed):
            self.table = ConformanceTable(engine, config, players, seed)

        @precondition(lambda self: self.table.awaited())
        @rule(picks=st.lists(st.tuples(PICK, PICK), min_size=1, max_size=8))
        def play_actions(self, picks):
            for pick, action_pick in picks:
                if not self.table.awaited():
                    break
                self.table.act(pick, action_pick)

        @precondition(lambda self: self.table.awaited())
        @rule(pick=PICK)
        def run_out_a_clock(self, pick):
            self.table.time_out(pick)

        @rule(pick=PICK)
        def leave(self, pick):
            self.table.leave(pick)

        @rule(pick=PICK)
        def stay_away(self, pick):
            self.table.stay_away(pick)

        @rule(pick=PICK)
        def come_back(self, pick):
            self.table.come_back(pick)

        @rule()
        def sit_down(self):
            self.table.sit()

        @precondition(lambda self: self.table.engine.in_play(self.table.state))
        @rule()
        def void(self):
            self.table.void()

        @precondition(lambda self: self.table.hand_over())
        @rule()
        def deal_the_next_hand(self):
            if not self.table.next_hand():
                self.table.sit()

        def teardown(self):
            if hasattr(self, "table"):
                self.table.close()

    TableMachine.__name__ = f"{type(engine).__name__}Machine"
    return TableMachine


@pytest.mark.parametrize(("game", "config", "players"), CASES)
def test_random_play_keeps_every_engine_within_the_contract(game, config, players):
    engine = engine_for(game)
    run_state_machine_as_test(machine_for(engine, config, players), settings=MACHINE_SETTINGS)


def test_the_suite_plays_every_registered_game():
    assert {"belarusian_poker", "big_stud", "durak", "highcard"} <= set(registered_games())
    assert all(isinstance(engine_for(game), GameEngine) for game in registered_games())


# --- engines broken on purpose: each check catches what it is for -------------------------

HIGH_CARD = HighCard.example_configs[0]
HIGH_CARD_BOXES = HighCard.example_configs[2]  # boxes, card changes: the dealer's card waits
DURAK = Durak.example_configs[0]
SWITCH = BlackjackSwitch.example_configs[0]
CARIBBEAN = CaribbeanStud.example_configs[1]  # a dark box a player among its boxes
FAIL_FAST = settings(
    max_examples=20,
    stateful_step_count=10,
    deadline=None,
    derandomize=True,
    database=None,
    report_multiple_bugs=False,
    phases=[Phase.generate],
)


class DurakShowingTheOtherHand(Durak):
    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is not None:
            view["opponent"] = state["hands"][1 - seat]
        return view


class HighCardPeekingAtTheShoe(HighCard):
    def view(self, state, seat):
        return {**super().view(state, seat), "next": ",".join(self.undealt(state)[:8])}


class HighCardPeekingAtTheNextCard(HighCard):
    def view(self, state, seat):
        return {**super().view(state, seat), "next": self.undealt(state)[0]}


class HighCardShowingAFaceDownCard(HighCard):
    """Deals the dealer's card face down first (``hidden_cards``: nobody may see it before he
    turns it) but its views show it (issue 31)."""

    def view(self, state, seat):
        dealer = state.get("dealer") or {}
        return {**super().view(state, seat), "hole": dealer.get("card")}


class HighCardTimedByAnUnknownSetting(HighCard):
    def clock_setting(self, state, seat):
        return "coffee_seconds"


class HighCardTimingOutIllegally(HighCard):
    def timeout_action(self, state, seat):
        return {"type": "bet", "amount": state["limits"]["max_bet"] + 1}


class HighCardListingWhatItRefuses(HighCard):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return (
            [*actions, {"type": "bet", "amount": state["limits"]["max_bet"] + 1}] if actions else []
        )


class HighCardHearingSeatsOutOfTurn(HighCard):
    def apply(self, state, seat, action, rng=None):
        if action == {"type": "pass"} and seat not in self.to_act(state):
            return state, []
        return super().apply(state, seat, action, rng)


class HighCardChangingWhatItIsShown(HighCard):
    def view(self, state, seat):
        state["viewed"] = True
        return super().view(state, seat)


class HighCardRestartingEveryClock(HighCard):
    def turn_key(self, state, seat):
        return str(len(state["done"]))


class HighCardVoidKeepingTheBoxes(HighCard):
    def apply_void(self, state):
        state, events = super().apply_void(state)
        kept = [e for e in events if not e.get("source", "").startswith("pot:b")]
        return state, kept


class HighCardRefundingTheLeaver(HighCard):
    """Forgets that the leaver's ante is no longer his to be given back."""

    def apply_leave(self, state, seat, rng=None):
        outcome = super().apply_leave(state, seat, rng)
        if outcome is not None:
            outcome[0]["escrowed"]["pot"] = dict(state["escrowed"]["pot"])
        return outcome


class HighCardPayingABoxTwice(HighCard):
    def apply(self, state, seat, action, rng=None):
        state, events = super().apply(state, seat, action, rng)
        twice = [e for e in events if e.get("source", "").startswith("pot:b")]
        return state, [*events, *twice]


class HighCardDrawingUnrecorded(HighCard):
    """Draws a lucky number for a tip from its own random source, not the recorded one."""

    def apply(self, state, seat, action, rng=None):
        state, events = super().apply(state, seat, action, rng)
        if action.get("type") == "tip":
            state["lucky"] = random.SystemRandom().getrandbits(64)
        return state, events


class HighCardKeepingACardTwice(HighCard):
    """Puts the dealer's card back in play twice once the hand is over: one card of the shoe
    in two places, where the shoe holds it once."""

    def apply(self, state, seat, action, rng=None):
        state, events = super().apply(state, seat, action, rng)
        shoe, card = state["shoe"], (state["dealer"] or {}).get("card")
        if state["over"] and card:
            state["shoe"] = {**shoe, "in_play": [*shoe["in_play"], card, card]}
        return state, events


class HighCardPayingOverTheCap(HighCard):
    """Forgets the table's ``max_payout`` (CG §48): a box's winnings are paid whole."""

    def new_hand(self, config, players, rng, carry=None):
        state = super().new_hand(config, players, rng, carry)
        state["limits"]["max_payout"] = None
        return state


class SwitchShowingTheHoleCard(BlackjackSwitch):
    """Blackjack Switch's dealer takes a face-down hole card (S2) that nobody may see before he
    turns it; this one's views show it."""

    def view(self, state, seat):
        dealer = state["dealer"]
        hole = dealer["cards"][1] if dealer["down"] else None
        return {**super().view(state, seat), "hole": hole}


class CaribbeanShowingTheDarkBox(CaribbeanStud):
    """Caribbean stud's dark box is played unseen, its owner included (CG §40, C7); this one
    shows its owner the dark box's cards as an open box's."""

    @staticmethod
    def _own_cards(box_state, viewer):
        return list(box_state["cards"]) if viewer == box_state["owner"] else None


class RussianShowingTheDarkBox(RussianPoker):
    """Russian poker's dark box is played blind (CG §32, R9); this one shows its owner its
    cards, in the svara too."""

    @staticmethod
    def _own_cards(box_state, viewer):
        return list(box_state["cards"]) if viewer == box_state["owner"] else None


RUSSIAN = {"min_bet": 100, "max_bet": 400}


class BigStudShowingADownCard(BigStud):
    """Big stud's down cards are their owner's alone until the showdown (CG §107); this one
    shows each seat the first down card of the next player."""

    def view(self, state, seat):
        view = super().view(state, seat)
        others = [p for p in state["dealt_in"] if p != seat]
        if seat is not None and others:
            view["peek"] = state["down"][str(others[0])][:1]
        return view


# --- issue 47: what a view offers or calls a bet is what happens --------------------------


class HighCardAwaitingWithNothing(HighCard):
    """Awaits a seat it offers nothing (as an insurance phase within ``max_exposure`` did when
    another seat's insurance took the room: the player saw no button)."""

    def legal_actions(self, state, seat):
        awaited = self.to_act(state)
        if len(awaited) > 1 and seat == awaited[-1]:
            return []
        return super().legal_actions(state, seat)


class CrapsOfferingWhatTheHouseRefuses(Craps):
    """Its view's ranges forget the house's risk limit (``max_exposure``): the top of a range
    is refused when a player bets it."""

    def offered(self, state, seat):
        if seat not in to_act(state) or state["phase"] != BETTING:
            return []
        return [
            {"type": "bet", "bet": kind, "amount": bounds[1]}
            for kind in PLACEABLE
            if _placeable(state, seat, kind) is None
            and (bounds := amount_bounds(state, seat, kind))
        ]


class CrapsCallingTheFieldOff(Craps):
    """Its view calls a field bet off, yet the roll decides it (as a place bet turned "off"
    mid-point was shown off and lost on the seven)."""

    def bet_states(self, state):
        found = super().bet_states(state)
        return {bet: "off" if bet.endswith(":field") else word for bet, word in found.items()}


class BigStudFoldingAnAllInLeaver(BigStud):
    """Folds a player who leaves all-in: a live hand dropped with the pots he paid into."""

    def apply_leave(self, state, seat, rng=None):
        if not self.in_play(state) or seat not in state["dealt_in"] or seat in state["left"]:
            return None
        state = copy_json(state)
        state["left"].append(seat)
        unclaim(state, seat, "house:unclaimed")
        if seat not in state["folded"]:
            state["folded"].append(seat)
            if seat in state["queue"]:
                state["queue"].remove(seat)
        return state, [{"type": "left", "seat": seat}]


CRAPS_LOW_RISK = {"min_bet": 100, "max_bet": 3_000, "min_unit": 100, "max_exposure": 4_000}
BIG_STUD_SHORT = BigStud.example_configs[1]  # seat 2's wallet is empty: all-in from the start


def test_a_seat_awaited_with_no_legal_action_is_caught():
    with pytest.raises(AssertionError, match=r"\(a\) seat \d is awaited but has no legal"):
        run_state_machine_as_test(
            machine_for(HighCardAwaitingWithNothing(), HIGH_CARD, 3), settings=FAIL_FAST
        )


def test_a_view_offering_an_amount_the_house_refuses_is_caught():
    with pytest.raises(AssertionError, match=r"\(h\) seat \d's view offers .* refused"):
        ConformanceTable(CrapsOfferingWhatTheHouseRefuses(), CRAPS_LOW_RISK, 2, seed=7)


def test_a_bet_called_off_that_settlement_decides_is_caught():
    table = ConformanceTable(CrapsCallingTheFieldOff(), CRAPS_LOW_RISK, 1, seed=7)
    table.act_with(0, {"type": "bet", "bet": "pass", "amount": 100})
    table.act_with(0, {"type": "bet", "bet": "field", "amount": 100})
    table.act_with(0, {"type": "done"})
    with pytest.raises(AssertionError, match=r"\(i\) 0:field, called off, is decided"):
        table.act_with(0, {"type": "roll", "dice": [1, 2]})


def test_a_live_all_in_hand_dropped_when_its_player_leaves_is_caught():
    table = ConformanceTable(BigStudFoldingAnAllInLeaver(), BIG_STUD_SHORT, 3, seed=7)
    assert 2 in table.state["all_in"]
    with pytest.raises(AssertionError, match=r"\(i\) seat 2, called live, is dropped"):
        table.leave(2)


def test_the_same_engines_unbroken_pass_the_same_scripts():
    table = ConformanceTable(Craps(), CRAPS_LOW_RISK, 1, seed=7)
    table.act_with(0, {"type": "bet", "bet": "pass", "amount": 100})
    table.act_with(0, {"type": "bet", "bet": "field", "amount": 100})
    table.act_with(0, {"type": "done"})
    table.act_with(0, {"type": "roll", "dice": [1, 2]})
    table.close()
    table = ConformanceTable(BigStud(), BIG_STUD_SHORT, 3, seed=7)
    table.leave(2)
    assert 2 in table.held and 2 not in table.state["folded"]
    table.play(hands=1, max_steps=200, calm=True)
    table.close()


BIG_STUD = BigStud.example_configs[0]
CAPPED_LOW = {**HIGH_CARD, "max_payout": 50}  # below the minimum bet: every win is capped


@pytest.mark.parametrize(
    ("engine", "config", "players", "caught"),
    [
        (DurakShowingTheOtherHand(), DURAK, 2, r"\(b\) seat \d's view shows"),
        (HighCardPeekingAtTheShoe(), HIGH_CARD, 3, r"\(b\) the public view holds the order"),
        (HighCardPeekingAtTheNextCard(), HIGH_CARD, 3, r"\(b\) the public view shows \w\w, but"),
        (HighCardTimingOutIllegally(), HIGH_CARD, 2, r"\(e\) seat \d's timeout action"),
        (HighCardShowingAFaceDownCard(), HIGH_CARD_BOXES, 3, r"\(b\) .* hidden from everyone"),
        (SwitchShowingTheHoleCard(), SWITCH, 2, r"\(b\) .* hidden from everyone"),
        (CaribbeanShowingTheDarkBox(), CARIBBEAN, 2, r"\(b\) seat \d's view shows"),
        (RussianShowingTheDarkBox(), RUSSIAN, 2, r"\(b\) seat \d's view shows"),
        (BigStudShowingADownCard(), BIG_STUD, 3, r"\(b\) seat \d's view shows"),
        (HighCardTimedByAnUnknownSetting(), HIGH_CARD, 2, r"\(e\) .* not a clock setting"),
        (HighCardListingWhatItRefuses(), HIGH_CARD, 2, r"\(a\) seat \d's legal action .* refused"),
        (HighCardHearingSeatsOutOfTurn(), HIGH_CARD, 2, r"\(a\) a seat not awaited"),
        (HighCardChangingWhatItIsShown(), HIGH_CARD, 2, "no hook changes the state it is given"),
        (HighCardPayingOverTheCap(), CAPPED_LOW, 2, r"\(c\) boxes paid over the max_payout"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, GameEngine) else None,
)
def test_the_state_machine_catches_an_engine_broken_on_purpose(engine, config, players, caught):
    with pytest.raises(AssertionError, match=caught):
        run_state_machine_as_test(machine_for(engine, config, players), settings=FAIL_FAST)


def scripted_table(engine, players: int) -> ConformanceTable:
    """A high-card table of `players`, every check on, played by the test step by step."""
    return ConformanceTable(engine, HIGH_CARD, players, seed=7)


def test_a_seat_deciding_that_restarts_the_others_clocks_is_caught():
    table = scripted_table(HighCardRestartingEveryClock(), 3)
    with pytest.raises(AssertionError, match=r"\(e\) seat 0's step restarts seat 1's clock"):
        table.act_with(0, {"type": "pass"})


def test_a_void_that_keeps_a_box_is_caught():
    table = scripted_table(HighCardVoidKeepingTheBoxes(), 2)
    table.act_with(0, {"type": "bet", "amount": 100})
    with pytest.raises(AssertionError, match=r"\(f\) the void returns 0 of pot:b0:s0 to seat:0"):
        table.void()


def test_a_void_paying_a_seat_whose_player_has_left_is_caught():
    table = scripted_table(HighCardRefundingTheLeaver(), 3)
    table.leave(1)
    with pytest.raises(AssertionError, match=r"\(c\) .* names seat:1, whose player .* has left"):
        table.void()


def test_a_pot_paying_out_more_than_it_holds_is_caught():
    table = scripted_table(HighCardPayingABoxTwice(), 1)
    with pytest.raises(AssertionError, match=r"\(c\) .* takes pot:b0:s0 below zero"):
        table.act_with(0, {"type": "bet", "amount": 100})


def test_a_hand_that_draws_outside_the_recorded_draws_does_not_replay():
    table = scripted_table(HighCardDrawingUnrecorded(), 2)
    table.act_with(0, {"type": "tip", "to": 1, "amount": 5})
    with pytest.raises(AssertionError, match=r"\(d\) step 1 \(apply\) replays another state"):
        table.close()


def test_a_card_in_two_places_is_caught():
    table = scripted_table(HighCardKeepingACardTwice(), 1)
    with pytest.raises(AssertionError, match=r"\(g\) the cards stay the same through a hand"):
        table.act_with(0, {"type": "bet", "amount": 100})


def test_the_unbroken_engine_pays_every_box_within_a_low_cap():
    run_state_machine_as_test(machine_for(HighCard(), CAPPED_LOW, 2), settings=FAIL_FAST)


def test_the_same_engine_unbroken_passes_the_same_script():
    """The scripts above fail only because of the breakage."""
    table = scripted_table(HighCard(), 3)
    table.act_with(0, {"type": "bet", "amount": 100})
    table.leave(1)
    table.act_with(2, {"type": "tip", "to": 0, "amount": 5})
    table.void()
    assert table.next_hand()
    table.act_with(0, {"type": "bet", "amount": 100})
    table.act_with(2, {"type": "pass"})
    table.close()
    assert (table.hands, table.steps) == (2, 6)
    assert table.record is None, "the last hand was replayed"
