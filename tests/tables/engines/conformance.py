"""What every registered engine must do (issue 12, build 8), checked after every step of play.

``ConformanceTable`` seats players, deals hands through the engine's own session hooks and plays
them step by step (an action, a clock running out, a seat leaving or staying away, a newcomer
sitting, a staff void), keeping what the table actor would keep: the ledger of every payment, the
hand's initial state with each step's recorded draws. After every step it checks, by the issue's
letters:

(a) ``legal_actions`` and ``apply`` agree: every seat awaited has a legal action and every legal
    action applies; an action from a seat not awaited, an action another seat may take but this
    one may not, a malformed action, raise ``IllegalAction`` and nothing else; a legal action
    with odd values in its fields raises nothing but ``IllegalAction``; no hook changes the state
    it is given.
(b) no view holds what its viewer may not know: another seat's ``private_cards`` or the order
    of the ``undealt`` cards (see ``check_views``). A dice game's secrets are its committed
    faces, tokens of the engine's ``token_pattern``, checked as cards are.
(c) money: every payment is a positive whole amount between parties ``Party.parse`` reads, never
    to or from a seat whose player was not dealt in (a seat left, or taken by a newcomer); no pot
    goes below zero; when the escrow's scope ends (its key changes, or the session's hand is over
    with nothing carried over) or nothing is in play (staff could not void), its pots are empty;
    the summary's pot is the money in the pots.
    A house-banked hand's boxes (``tables.families.house.boxes``) paid what the house bank paid,
    none over ``max_payout``.
(d) replay: the hand re-run from its initial state with the recorded actions and
    ``Draws.replaying`` of each step's draws gives the same states and events, step by step.
(e) every awaited seat's ``timeout_action`` is one of its legal actions and ``apply_timeout``
    works; a seat not awaited has no clock; one seat's step does not restart the clock of
    another whose decision it did not change (its ``turn_key`` stays).
(f) a void pays back exactly what each payer still has in the pots this escrow scope (its pots
    end empty), and nothing to a seat whose player has gone; with nothing in play a void is
    refused.
(g) the engine's ``all_cards`` stay the same multiset through a hand, the commitment covers
    them and the undealt cards come in the committed order.
(h) what a view offers is accepted (issue 47): every action its amount ranges offer beyond the
    legal actions (``offered``: each range's ends, computed with every house limit) applies;
    sampled, one awaited seat a step, as the refusals are.
(i) what a view calls a bet is what settlement does (issue 47, ``bet_states``): a bet called
    "off" is neither won nor lost by the next step (``decided``); a hand called "live" is not
    dropped: after any step (its player leaving too) it is still in play or decided.

The checks are plain ``assert``s whose messages start with the letter, so a test on a broken
engine can say which check caught it. They are in ``conformance_checks`` (a mixin of the table);
what a view may not hold, the escrow and a hand's record in ``conformance_parts``.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter

from tables.engines.base import (
    BANK,
    POT,
    SEAT,
    Commitment,
    Draws,
    NextHand,
    Party,
    SeatInfo,
    payments,
)
from tests.tables.engines.conformance_checks import ConformanceChecks
from tests.tables.engines.conformance_parts import (
    Escrow,
    HandRecord,
    Step,
    _seat_of,
    as_json,
)

# --- the table ------------------------------------------------------------------------------


class ConformanceTable(ConformanceChecks):
    """A table run the way the actor runs one, with every check after every step."""

    def __init__(self, engine, config: dict, players: int, seed: int):
        self.engine = engine
        self.config = engine.check_config(dict(config))
        assert as_json(self.config) == self.config, "check_config returns JSON"
        self.random = random.Random(seed)
        self.positions = range(engine.seats[1])
        self.seated: dict[int, SeatInfo] = {}
        self.occupant: dict[int, int] = {}  # position -> the player sitting there
        self.held: set[int] = set()  # seats left with bets working, held for their players
        self._playing_held = False
        self.dealt: dict[int, int] = {}  # position -> the player dealt in this hand
        self.players_seen = 0
        self.state: dict | None = None
        self.escrow: Escrow | None = None
        self.record: HandRecord | None = None
        self.cards_at_start: Counter = Counter()
        self.commitment: Commitment | None = None
        self.last_commitment: tuple[Commitment, bool] | None = None  # and whether finished
        self.hands = 0
        self.steps = 0
        for _ in range(players):
            assert self.sit() is not None, "the first players may sit at an empty table"
        assert self.next_hand(), f"{players} players seated start a hand"

    # --- what a test may do -----------------------------------------------------------------

    def awaited(self) -> list[int]:
        return self.engine.to_act(self.state) if self.state else []

    def hand_over(self) -> bool:
        return self.state is None or self.engine.is_hand_over(self.state)

    def act(self, pick: int, action_pick: int) -> None:
        """A seat awaited takes one of its legal actions: a kind of action first, then one of
        that kind (else a game with many bets or tips of one kind would rarely do the rest)."""
        awaited = self.awaited()
        position = awaited[pick % len(awaited)]
        by_type: dict[str, list[dict]] = {}
        for action in self.engine.legal_actions(self.state, position):
            by_type.setdefault(str(action.get("type")), []).append(action)
        kinds = sorted(by_type)
        actions = by_type[kinds[action_pick % len(kinds)]]
        self.act_with(position, actions[(action_pick // len(kinds)) % len(actions)])

    def act_with(self, position: int, action: dict) -> None:
        draws = self._draws()
        state, events = self.engine.apply(self.state, position, action, draws)
        self._record("apply", position, action, draws, state, events)

    def time_out(self, pick: int) -> None:
        awaited = self.awaited()
        position = awaited[pick % len(awaited)]
        draws = self._draws()
        state, events = self.engine.apply_timeout(self.state, position, draws)
        self._record("apply_timeout", position, None, draws, state, events)

    def leave(self, pick: int) -> None:
        """A seated player leaves; mid-hand the engine says what it costs. If it still holds
        bets of his (``holds_bets``) the seat stays his, as the actor keeps it: his decisions
        run on their timeouts, he may be paid, nobody else sits there, and it is freed once the
        engine holds nothing more for it."""
        position = self._seated_pick(pick)
        if position is None:
            return
        self._leave_or_absent("apply_leave", position)
        del self.seated[position]
        if self.state is not None and self.engine.holds_bets(self.state, position):
            self.held.add(position)
            self._play_held()
        else:
            del self.occupant[position]
        self.check()

    def _play_held(self) -> None:
        """The actor's part for seats left with bets working: each decision of theirs is taken
        by its timeout at once; a seat the engine holds nothing for any more is freed."""
        if self._playing_held:
            return
        self._playing_held = True
        try:
            for _step in range(1000):
                due = [p for p in self.awaited() if p in self.held]
                if not due:
                    break
                draws = self._draws()
                state, events = self.engine.apply_timeout(self.state, due[0], draws)
                self._record("apply_timeout", due[0], None, draws, state, events)
            for position in sorted(self.held):
                if not (self.state and self.engine.holds_bets(self.state, position)):
                    self.held.discard(position)
                    del self.occupant[position]
        finally:
            self._playing_held = False

    def stay_away(self, pick: int) -> None:
        """A seated player is away past the absence limit."""
        position = self._seated_pick(pick)
        if position is None or self.seated[position].away:
            return
        self._leave_or_absent("apply_absent", position)
        self.seated[position] = SeatInfo(position, away=True)
        self.check()

    def come_back(self, pick: int) -> None:
        away = [p for p, info in sorted(self.seated.items()) if info.away]
        if away:
            position = away[pick % len(away)]
            self.seated[position] = SeatInfo(position)

    def sit(self) -> int | None:
        """A newcomer takes the lowest free seat, if the engine lets him sit now."""
        free = [p for p in self.positions if p not in self.seated and p not in self.held]
        if not free:
            return None
        refusal = self.engine.sit_refusal(self.state, self.config)
        if refusal is not None:
            assert isinstance(refusal, str) and refusal, "a refusal is a sentence"
            return None
        self.players_seen += 1
        self.seated[free[0]] = SeatInfo(free[0])
        self.occupant[free[0]] = self.players_seen
        return free[0]

    def void(self) -> None:
        """(f) Staff void while a hand or match is in play."""
        if not self.engine.in_play(self.state):
            return
        owners = self.engine.pot_owners(self.state)
        owed = self._owed_back(skip=set(owners))
        state, events = self.engine.apply_void(self.state)
        returned: dict[str, Counter] = {}
        for payment in payments(as_json(events)):
            assert payment.source.startswith(POT), f"(f) a void pays only out of pots: {payment}"
            returned.setdefault(payment.source, Counter())[self._payer(payment.target)] += (
                payment.amount
            )
        for pot_name, owner in owners.items():  # a player's bank: whole to its holder
            balance = self.escrow.balances[pot_name]
            paid_back = returned.pop(pot_name, Counter())
            expected = Counter({self._payer(owner): balance}) if balance else Counter()
            assert paid_back == expected, (
                f"(f) the void pays {dict(paid_back)} out of {pot_name}, which holds {balance} "
                f"of {owner}'s"
            )
        for pot_name, (exact, still_in) in owed.items():
            paid_back = returned.pop(pot_name, Counter())
            if exact is None:  # payers not told apart: no seat gets more than it paid in
                for party, amount in paid_back.items():
                    bound = self._paid_in_scope(party)
                    assert _seat_of(party.partition("@")[0]) is None or amount <= bound, (
                        f"(f) the void returns {amount} of {pot_name} to {party}, who has "
                        f"paid {bound} into this escrow"
                    )
                continue
            gone = still_in - exact
            gone_amount = sum(gone.values())
            for party, amount in exact.items():
                assert paid_back[party] == amount, (
                    f"(f) the void returns {paid_back[party]} of {pot_name} to {party}, who has "
                    f"{amount} in it"
                )
            others = {p: a for p, a in paid_back.items() if p not in exact}
            assert sum(others.values()) == gone_amount, (
                f"(f) the void pays {others} out of {pot_name}, where the only money not owed "
                f"to a player still seated is {gone}"
            )
        assert not returned, f"(f) the void pays out of pots that hold nothing: {returned}"
        self._record("apply_void", None, None, None, state, events)
        assert self.engine.is_hand_over(self.state), "(f) a void ends the hand"
        assert not self.engine.in_play(self.state), "(f) after a void nothing is in play"

    def next_hand(self) -> bool:
        """Between hands (or at an empty table), ask the engine whether a hand starts now."""
        if not self.hand_over():
            return False
        seats = [self.seated[p] for p in sorted(self.seated)]
        following = self.engine.next_hand(self.state, seats, self.config)
        if following is None:
            return False
        assert isinstance(following, NextHand), "next_hand answers a NextHand or None"
        players = list(following.players)
        assert len(set(players)) == len(players), "each seat is dealt in once"
        assert set(players) <= set(self.seated), "only seated players are dealt in"
        low, high = self.engine.seats
        assert low <= len(players) <= high, f"{len(players)} players for a {low}-{high} game"
        carry = as_json(following.carry)
        self._close_record()
        if self.state is not None:
            finished = self.engine.commitment_finished(self.state)
            self.last_commitment = (self.engine.commitment(self.state), finished)
        state = as_json(
            self.engine.new_hand(self.config, players, random.Random(self._seed()), carry)
        )
        self._open_escrow(state, carried=carry is not None)
        # a seat held for a player who left with bets working (a pass line whose point is
        # set) stays his across hands until they are settled: he may be paid there
        self.dealt = {p: self.occupant[p] for p in [*players, *sorted(self.held)]}
        events = as_json(self.engine.start_events(state))
        self._check_commitment_between_hands(state)
        self.state = state
        self.record = HandRecord(state, events)
        self.house_paid = 0  # the house bank's winnings paid to seats this hand
        self.cards_at_start = Counter(self.engine.all_cards(state))
        self._book(events)
        self.hands += 1
        self.check()
        return True

    def play(self, hands: int, max_steps: int, *, calm: bool) -> None:
        """Random play until ``hands`` more hands are dealt (or ``max_steps``): actions and
        clocks running out; unless ``calm``, now and then a seat leaves, stays away, comes
        back, a newcomer sits or staff void (a calm table lets matches and shoes run to their
        natural end)."""
        target = self.hands + hands
        for _ in range(max_steps):
            if self.hands >= target:
                return
            roll = self.random.random()
            pick, action_pick = self.random.randrange(1 << 16), self.random.randrange(1 << 16)
            if self.awaited() and (calm or roll < 0.9):
                if roll < 0.97:
                    self.act(pick, action_pick)
                else:
                    self.time_out(pick)
            elif roll < 0.93:
                self.leave(pick)
            elif roll < 0.95:
                self.stay_away(pick)
            elif roll < 0.97:
                self.come_back(pick)
            elif roll < 0.99:
                self.sit()
            else:
                self.void()
            if self.hand_over() and not self.next_hand():
                self.sit()

    def close(self) -> None:
        """The end of the test: the last hand replays; with nothing in play the pots are empty."""
        self._close_record()
        if self.state is not None and not self.engine.in_play(self.state):
            self.escrow.assert_empty("with nothing in play at the end")

    # --- recording ------------------------------------------------------------------------------

    def _seed(self) -> int:
        return self.random.getrandbits(64)

    def _draws(self) -> Draws:
        return Draws(self.random)

    def _seated_pick(self, pick: int) -> int | None:
        seated = sorted(self.seated)
        return seated[pick % len(seated)] if seated else None

    def _takes_rng(self, hook: str) -> bool:
        # The contract's apply_leave/apply_absent take no random source; an engine whose leave
        # may settle a hand (drawing) accepts one, and the replay needs it recorded.
        return "rng" in inspect.signature(getattr(self.engine, hook)).parameters

    def _leave_or_absent(self, hook: str, position: int) -> None:
        if self.state is None:
            return
        draws = self._draws() if self._takes_rng(hook) else None
        call = getattr(self.engine, hook)
        outcome = call(self.state, position, rng=draws) if draws else call(self.state, position)
        if outcome is not None:
            state, events = outcome
            self._record(hook, position, None, draws, state, events)
        if hook == "apply_leave" and self.engine.holds_bets(self.state, position):
            return  # still his bets: his later decisions are taken by their timeouts
        assert position not in self.awaited(), f"(a) after {hook} the seat is not awaited"

    def _record(self, hook, position, action, draws, state, events) -> None:
        state, events = as_json(state), as_json(events)
        assert isinstance(events, list) and all(
            isinstance(e, dict) and e.get("type") for e in events
        ), "events are dicts with a type"
        taken = list(draws.taken) if draws else []
        self.record.steps.append(Step(hook, position, action, taken, state, events))
        self._check_clocks_run_on(position, state)
        self._check_bet_states(hook, state, events)
        self.state = state
        self.steps += 1
        self._book(events)
        self.check()
        if self.held:
            self._play_held()

    def _check_clocks_run_on(self, position: int | None, state: dict) -> None:
        """(e) A seat's clock restarts only when its decision changes: a seat awaited before
        and after another seat's step, with the same legal actions, keeps its turn key."""
        engine, before = self.engine, self.state
        still_awaited = set(engine.to_act(before)) & set(engine.to_act(state)) - {position}
        for other in sorted(still_awaited):
            if engine.legal_actions(before, other) == engine.legal_actions(state, other):
                assert engine.turn_key(before, other) == engine.turn_key(state, other), (
                    f"(e) seat {position}'s step restarts seat {other}'s clock, whose decision "
                    "is the same"
                )

    def _check_bet_states(self, hook: str, state: dict, events: list) -> None:
        """(i) What the views called each bet before the step is what the step did."""
        called = self.engine.bet_states(self.state)
        if not called:
            return
        decided = self.engine.decided(state, events)
        after = self.engine.bet_states(state)
        for bet, word in called.items():
            if word == "off":
                assert bet not in decided, f"(i) {bet}, called off, is decided by {hook}"
            elif word == "live":
                assert bet in after or bet in decided, (
                    f"(i) {bet}, called live, is dropped undecided by {hook}"
                )

    def _close_record(self) -> None:
        """(d) The hand so far replays from its initial state."""
        if self.record is not None:
            replay(self.engine, self.record)
            self.record = None

    # --- (c) money -----------------------------------------------------------------------------

    def _open_escrow(self, state: dict, carried: bool) -> None:
        key = self.engine.escrow_key(state)
        assert isinstance(key, str) and key, "(c) escrow_key names the escrow"
        if self.escrow is not None and (self.escrow.key != key or not carried):
            self.escrow.assert_empty(f"as escrow {key!r} takes over")
            self.escrow = None
        if self.escrow is None:
            self.escrow = Escrow(key)

    def _payer(self, party: str) -> str:
        """The escrow's name of a party: a seat's is its player's (``seat:2@5``), so money
        one player left in a scope spanning hands (a bank carried between deals) is never
        owed to the next player of his seat."""
        position = _seat_of(party)
        return party if position is None else f"{party}@{self.occupant.get(position)}"

    def _party_may_be_paid(self, party: str) -> bool:
        party, _at, player = party.partition("@")
        position = _seat_of(party)
        return position is None or (
            position in self.dealt
            and self.occupant.get(position) == self.dealt[position]
            and (not player or str(self.dealt[position]) == player)
        )

    def _book(self, events: list) -> None:
        for event in events:
            if event.get("type") != "payment":
                continue
            amount = event.get("amount")
            assert isinstance(amount, int) and not isinstance(amount, bool) and amount > 0, (
                f"(c) a payment is a positive whole amount: {event}"
            )
            source, target = Party.parse(event["source"]), Party.parse(event["target"])
            assert source != target, f"(c) a payment between two parties: {event}"
            for party in (event["source"], event["target"]):
                assert self._party_may_be_paid(party), (
                    f"(c) {event} names {party}, whose player was not dealt in this hand or has "
                    "left"
                )
            if event["source"] == BANK and target.kind == SEAT:
                self.house_paid += amount
            escrow = self.escrow
            if source.kind == POT and target.kind == POT:
                self._book_between_pots(event["source"], event["target"], amount)
                continue
            if source.kind == POT:
                escrow.balances[event["source"]] -= amount
                escrow.paid_out.setdefault(event["source"], Counter())[
                    self._payer(event["target"])
                ] += amount
                assert escrow.balances[event["source"]] >= 0, (
                    f"(c) {event} takes {event['source']} below zero"
                )
            if target.kind == POT:
                escrow.balances[event["target"]] += amount
                escrow.paid_in.setdefault(event["target"], Counter())[
                    self._payer(event["source"])
                ] += amount

    def _book_between_pots(self, source: str, target: str, amount: int) -> None:
        """Money moved from one pot of the escrow to another (a bet moved onto a split hand,
        ``boxes.split``) is still its payers': the target holds it for them, in the order they
        paid in, as the engine's escrow record moves it (``boxes._move``)."""
        escrow = self.escrow
        escrow.balances[source] -= amount
        escrow.balances[target] += amount
        assert escrow.balances[source] >= 0, f"(c) a move of {amount} takes {source} below zero"
        paid_in = escrow.paid_in.get(source, Counter())
        paid_out = escrow.paid_out.setdefault(source, Counter())
        into = escrow.paid_in.setdefault(target, Counter())
        left = amount
        for payer in list(paid_in):
            part = min(left, paid_in[payer] - paid_out[payer])
            if part > 0:
                paid_out[payer] += part
                into[payer] += part
                left -= part
        if left:  # payers not told apart (the pot paid others before): the pot's own name
            paid_out[source] += left
            into[source] += left

    def _owed_back(self, skip: set[str] = frozenset()) -> dict[str, tuple[Counter | None, Counter]]:
        """(f) For each pot holding money: what a void must return exactly to each payer
        still seated and dealt in (None when it cannot be told, below), and what each payer
        has in it net of what it was paid back. The money of payers gone the engine places as
        it likes, but not with a seat. A pot that has paid some of its money to others than
        its payers (a folded box to the bank) holds money whose payers cannot be told apart:
        then no payer may get back more than it has in the pot."""
        owed: dict[str, tuple[Counter | None, Counter]] = {}
        for pot_name, balance in self.escrow.balances.items():
            if not balance or pot_name in skip:
                continue
            paid_in = self.escrow.paid_in.get(pot_name, Counter())
            paid_out = self.escrow.paid_out.get(pot_name, Counter())
            still_in = Counter({p: paid_in[p] - paid_out[p] for p in paid_in})
            assert sum(still_in.values()) >= balance
            if sum(still_in.values()) != balance or any(a < 0 for a in still_in.values()):
                # paid to others, or paid out between rounds of a scope spanning hands (a
                # bank carried between deals): payers not told apart
                owed[pot_name] = (None, still_in)
                continue
            exact = Counter({p: a for p, a in still_in.items() if self._party_may_be_paid(p)})
            owed[pot_name] = (exact, still_in)
        return owed

    def _paid_in_scope(self, party: str) -> int:
        """What ``party`` has paid into the escrow's pots, over its whole scope: a void of the
        round in play may return to a seat its money in it, though earlier rounds of the
        scope (a bank played before) paid it back more."""
        return sum(payers[party] for payers in self.escrow.paid_in.values())


def replay(engine, record: HandRecord) -> None:
    """(d) Re-run a hand from its initial state and the recorded steps and draws."""
    assert as_json(engine.start_events(as_json(record.initial))) == record.start_events, (
        "(d) start_events gives the same events again"
    )
    state = as_json(record.initial)
    for number, step in enumerate(record.steps, 1):
        draws = Draws.replaying(step.taken)
        hook = getattr(engine, step.hook)
        try:
            if step.hook == "apply":
                outcome = hook(state, step.seat, step.action, draws)
            elif step.hook == "apply_timeout":
                outcome = hook(state, step.seat, draws)
            elif step.hook == "apply_void":
                outcome = hook(state)
            elif "rng" in inspect.signature(hook).parameters:
                outcome = hook(state, step.seat, rng=draws)
            else:
                outcome = hook(state, step.seat)
        except RuntimeError as error:  # the replay ran out of recorded draws
            raise AssertionError(f"(d) step {number} ({step.hook}) replays: {error}") from error
        assert outcome is not None, f"(d) step {number} ({step.hook}) happens again"
        replayed_state, replayed_events = as_json(outcome[0]), as_json(outcome[1])
        assert replayed_events == step.events, (
            f"(d) step {number} ({step.hook}) replays other events"
        )
        assert replayed_state == step.state, (
            f"(d) step {number} ({step.hook}) replays another state"
        )
        assert draws.taken == step.taken, f"(d) step {number} draws what it drew"
        state = replayed_state
