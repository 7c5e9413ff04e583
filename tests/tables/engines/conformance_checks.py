"""The checks after every step of a conformance table (tests/tables/engines/conformance.py,
whose docstring says them by letter): a mixin of ``ConformanceTable``, reading the table's
state, records and ledger."""

from __future__ import annotations

import contextlib
import json
from collections import Counter

from tables.engines.base import (
    Commitment,
    IllegalAction,
)
from tests.tables.engines.conformance_parts import (
    MAIN_KIND,
    MALFORMED_ACTIONS,
    ODD_VALUES,
    SEATS_NEVER_SEATED,
    UNDEALT_PROBE,
    _is_card,
    _within,
    as_json,
    card_mentions,
    card_sequences,
    contains_run,
    token_pattern,
)


class ConformanceChecks:
    # --- the checks after every step ---------------------------------------------------------

    def check(self) -> None:
        state = self.state
        assert as_json(state) == state, "the state survives JSON"
        frozen = json.dumps(state, sort_keys=True)
        awaited = self.engine.to_act(state)
        assert len(set(awaited)) == len(awaited)
        assert all(self.occupant.get(p) == self.dealt.get(p) for p in awaited), (
            "(a) only seats dealt in, whose players are still there, are awaited"
        )
        if self.engine.is_hand_over(state):
            assert awaited == [], "(a) nobody is awaited once the hand is over"
        else:
            assert self.engine.in_play(state), "a hand not over is in play"
        self.check_actions(awaited)
        self.check_timeouts(awaited)
        self.check_cards()  # before the views: they are judged by where the cards are
        self.check_views()
        self.check_summary()
        assert self.engine.commitment(state) == self.commitment, (
            "(g) the commitment stays the same through the hand"
        )
        if not self.engine.in_play(state):
            self.escrow.assert_empty("with nothing in play (no void could return it)")
            try:
                self.engine.apply_void(state)
            except IllegalAction:
                pass
            else:
                raise AssertionError("(f) a void is refused when nothing is in play")
        if self.engine.is_hand_over(state) and isinstance(state.get("boxes"), dict):
            self.check_payout_cap(state)
        if self.engine.is_hand_over(state) and self.engine.carry_over(state) is None:
            self.escrow.assert_empty("at the end of the session's hand (nothing carried over)")
        assert json.dumps(state, sort_keys=True) == frozen, "no hook changes the state it is given"

    def check_payout_cap(self, state: dict) -> None:
        """(c) A house-banked hand's boxes (``tables.families.house.boxes``): what the house bank
        paid the seats is what the boxes' settlements say they won, and no box won more than the
        table's ``max_payout`` in the round (CG §48)."""
        if state.get("result", {}).get("void"):
            return
        # the wagers the rules leave out of the cap (C9: the ante's 1:1, a bonus), by kind
        uncapped = set(getattr(self.engine, "uncapped", ()))
        won_by_box, capped_by_box = {}, {}
        for number, box_state in state["boxes"].items():
            nets = [
                (MAIN_KIND, n["net"])
                for h in box_state["hands"]
                for n in (h["settled"] or {}).get("nets", [])
            ]
            nets += [(s["kind"], s["settled"]["net"]) for s in box_state["side"] if s["settled"]]
            won_by_box[number] = sum(net for _kind, net in nets if net > 0)
            capped_by_box[number] = sum(
                net for kind, net in nets if net > 0 and kind not in uncapped
            )
        assert sum(won_by_box.values()) == self.house_paid, (
            f"(c) the house bank paid {self.house_paid}, the boxes say they won {won_by_box}"
        )
        cap = self.config.get("max_payout")
        if cap is not None:
            over = {n: won for n, won in capped_by_box.items() if won > cap}
            assert not over, f"(c) boxes paid over the max_payout of {cap}: {over}"

    def _others(self, awaited: list[int]) -> list[int]:
        seated_not_awaited = [p for p in self.seated if p not in awaited]
        return sorted({*seated_not_awaited, *self.dealt, *SEATS_NEVER_SEATED} - set(awaited))

    def check_actions(self, awaited: list[int]) -> None:
        """(a) Every legal action of every seat awaited applies. The refusals are sampled, one
        seat of each kind per step (a 6-seat table would otherwise try hundreds of actions at
        every step): over a session every seat and action meets them."""
        state, engine = self.state, self.engine
        legal = {p: engine.legal_actions(state, p) for p in awaited}
        for position, actions in legal.items():
            assert actions, f"(a) seat {position} is awaited but has no legal action"
            for action in actions:
                try:
                    engine.apply(state, position, action, self._draws())
                except IllegalAction as refused:
                    raise AssertionError(
                        f"(a) seat {position}'s legal action {action} is refused: {refused}"
                    ) from refused
        anyones = [a for actions in legal.values() for a in actions]
        for position in self._others(awaited):
            assert engine.legal_actions(state, position) == [], (
                f"(a) seat {position} is not awaited but has legal actions"
            )
        for position in self.random.sample(self._others(awaited), 2):
            for action in self.random.sample(anyones, min(4, len(anyones))):
                self._assert_refused(position, action, "a seat not awaited")
        if not awaited:
            return
        position = self.random.choice(awaited)
        actions = legal[position]
        for other, their_actions in legal.items():
            for action in their_actions:
                if other != position and action not in actions and not _within(action, actions):
                    self._assert_refused(position, action, f"seat {other}'s action")
        for action in MALFORMED_ACTIONS:
            self._assert_refused(position, action, "a malformed action")
        for action in engine.offered(state, position):  # (h): beyond what (a) applied
            if action in actions:
                continue
            try:
                engine.apply(state, position, action, self._draws())
            except IllegalAction as refused:
                raise AssertionError(
                    f"(h) seat {position}'s view offers {action}, which is refused: {refused}"
                ) from refused
        action = self.random.choice(actions)
        for key in action:
            for odd in ODD_VALUES:
                # accepted (another legal action) or refused: only a crash fails
                with contextlib.suppress(IllegalAction):
                    engine.apply(state, position, {**action, key: odd}, self._draws())

    def _assert_refused(self, position, action, what: str) -> None:
        try:
            self.engine.apply(self.state, position, action, self._draws())
        except IllegalAction:
            return
        raise AssertionError(f"(a) {what} {action!r} is accepted from seat {position}")

    def check_timeouts(self, awaited: list[int]) -> None:
        """(e)"""
        for position in awaited:
            action = self.engine.timeout_action(self.state, position)
            assert action in self.engine.legal_actions(self.state, position), (
                f"(e) seat {position}'s timeout action {action} is not one of its legal actions"
            )
            setting = self.engine.clock_setting(self.state, position)
            assert setting in self.engine.clock_settings, (
                f"(e) seat {position}'s decision is timed by {setting!r}, not a clock setting "
                "the game accepts"
            )
            self.engine.apply_timeout(self.state, position, self._draws())
            assert isinstance(self.engine.turn_key(self.state, position), str)
        for position in self._others(awaited):
            try:
                self.engine.apply_timeout(self.state, position, self._draws())
            except IllegalAction:
                continue
            raise AssertionError(f"(e) seat {position} is not awaited but its clock ran out")

    def check_views(self) -> None:
        """(b) What a view may show, counted in card codes (several decks may hold several
        copies of a code, so copies are counted, not just codes):

        - no list or string of a view holds the next undealt cards in their order;
        - a card code may appear in a viewer's view only if at least one copy of it is visible
          to the viewer: not among the other seats' private cards, not undealt;
        - a seat's view may mention a code more often than the public view only if the seat
          holds that card itself (a seat's view is the public view plus its own cards and legal
          actions, which may only name its own or public cards).
        """
        state, engine = self.state, self.engine
        private = {int(p): list(cards) for p, cards in engine.private_cards(state).items()}
        undealt = list(engine.undealt(state))
        # cards no viewer may see, their owner included (a dealer's face-down card, a dark
        # box): counted as the undealt are
        unseen = list(engine.hidden_cards(state)) if not engine.is_hand_over(state) else []
        everywhere = Counter(engine.all_cards(state))
        public_raw = engine.view(state, None)
        public_view = as_json(public_raw)
        tokens = token_pattern(engine)
        public = card_mentions(public_view, pattern=tokens)
        public_codes = set(public)
        all_private = sum((Counter(cards) for cards in private.values()), Counter())
        viewers = [None, *(p for p in self.dealt if self.occupant.get(p) == self.dealt[p])]
        # the views a change sends every seat at once (``GameEngine.views``) are each seat's own
        together = engine.views(state, viewers)
        raw = {None: public_raw}
        for viewer in viewers:
            own = Counter(private.get(viewer, [])) if viewer is not None else Counter()
            legal = as_json(engine.legal_actions(state, viewer)) if viewer is not None else []
            if viewer is not None:
                raw[viewer] = engine.view(state, viewer)
            view = public_view if viewer is None else as_json(raw[viewer])
            shown = card_mentions(view, skip=legal, pattern=tokens)
            who = "the public view" if viewer is None else f"seat {viewer}'s view"
            probe = undealt[: UNDEALT_PROBE[1]]
            if len(probe) >= UNDEALT_PROBE[0]:
                for sequence in card_sequences(view, tokens, shortest=len(probe)):
                    assert not contains_run(sequence, probe), (
                        f"(b) {who} holds the order of the undealt cards"
                    )
            if everywhere:
                hidden = all_private - own + Counter(undealt) + Counter(unseen)
                visible = everywhere - hidden
                for code in shown:
                    assert visible[code], (
                        f"(b) {who} shows {code}, but every {code} is another seat's, undealt "
                        "or hidden from everyone"
                    )
            extra = {code for code, n in shown.items() if n > public[code] and not own[code]}
            assert not extra, f"(b) {who} shows {sorted(extra)}, neither its own nor public"
            named = set(card_mentions(legal, pattern=tokens)) - set(own) - public_codes
            assert not named, f"(b) seat {viewer}'s legal actions name {sorted(named)}"
        for viewer in viewers:
            assert together[viewer] == raw[viewer], (
                f"(b) views() gives {viewer}'s view other than view() does"
            )

    def check_cards(self) -> None:
        """(g)"""
        state, engine = self.state, self.engine
        everywhere = Counter(engine.all_cards(state))
        assert everywhere == self.cards_at_start, "(g) the cards stay the same through a hand"
        if not everywhere:
            return
        private = sum((Counter(c) for c in engine.private_cards(state).values()), Counter())
        undealt = list(engine.undealt(state))
        unseen = Counter(engine.hidden_cards(state))
        assert not private + Counter(undealt) + unseen - everywhere, (
            "(g) private, hidden and undealt cards are cards of the game, each in one place"
        )
        order = self.commitment.record.split(",")
        committed = list(engine.undealt_committed(state))
        assert contains_run(undealt, committed) or not committed, (
            "(g) the committed part of the undealt cards is among them, in order"
        )
        if all(_is_card(code, token_pattern(engine)) for code in order):
            assert Counter(order) == everywhere, "(g) the commitment covers every card"
            assert not committed or contains_run(order, committed), (
                "(g) the undealt cards come in the committed order"
            )

    def check_summary(self) -> None:
        summary = as_json(self.engine.summary(self.state, self.config))
        assert set(summary) >= {"pot", "stage", "facts"}
        assert isinstance(summary["stage"], str)
        assert all(isinstance(f, list) and len(f) == 2 for f in summary["facts"])
        in_pots = sum(self.escrow.balances.values())
        assert summary["pot"] == in_pots, (
            f"(c) the summary shows a pot of {summary['pot']}, the pots hold {in_pots}"
        )

    def _check_commitment_between_hands(self, state: dict) -> None:
        """(g) A commitment spanning hands keeps its scope and order until it is finished; a
        finished one is not used again."""
        commitment = self.engine.commitment(state)
        assert isinstance(commitment, Commitment) and commitment.scope
        if self.last_commitment is not None and commitment.scope != "hand":
            last, finished = self.last_commitment
            if commitment.scope == last.scope:
                assert not finished, f"(g) {last.scope} was revealed, yet deals again"
                assert commitment.record == last.record, f"(g) {last.scope} changed its order"
        self.commitment = commitment
