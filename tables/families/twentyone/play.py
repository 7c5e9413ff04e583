"""Twenty-one's deal and play (CG §96-§98, §102, B5, B11): the cards dealt in the layout's
order, the flow from phase to phase, the owner's decisions on each hand in turn (stand, hit,
double, split, surrender) and the stakers behind asked on his double or split, each on his own
clock. Pure Python."""

from __future__ import annotations

import functools
from typing import NamedTuple

from tables.engines.base import (
    IllegalAction,
    State,
    gettext_noop,
)
from tables.families.house import boxes
from tables.families.twentyone.cards import (
    ACE,
    TEN_VALUES,
    is_bust,
    is_natural,
    is_pair,
    total,
)
from tables.families.twentyone.rules import (
    BETTING,
    CUT,
    DOUBLE,
    EARLY,
    HIT,
    INSURING,
    LOSE,
    PLAYING,
    SPLIT,
    STAND,
    STAY,
    SURRENDER,
    _open,
)
from tables.families.twentyone.step import Step

# A refusal before it is raised: its sentence and the sentence's parameters
Reason = tuple[str, dict]

FINISHED: Reason = (gettext_noop("This hand is finished."), {})
NO_CARD_ON_21: Reason = (gettext_noop("No card and no double on a natural or on 21."), {})


class PlayFacts(NamedTuple):
    """A hand's facts its owner's moves are decided from (``PlayMixin.play_facts``)."""

    hand: dict
    hands: int  # the hands of its box (more than one once split)
    best: int  # its best total
    soft: bool  # an ace counted 11 in it
    natural: bool
    fresh: bool  # two cards and no move made on them yet
    finished: bool  # stood, settled or bust: no move left


OPTIONS_KEPT = 1 << 12  # the hands' options kept, per engine, before they are forgotten


# the order of play depends on which boxes are staked alone; asked several times an action
@functools.lru_cache(maxsize=1 << 10)
def _box_order(numbers: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sorted(map(int, numbers)))


class PlayMixin:
    """The deal's and play's part of ``TwentyOne`` (module docstring)."""

    def after_deal(self, step: Step) -> None:
        """Called once the first cards are out, before any decision (a side bet on the first
        cards settled at once)."""

    def hand_options(self, state: State, number: int, index: int) -> list[str]:
        """What the owner may do with a hand now, in the order a board offers them: stand, hit
        (not on 21 or a natural, §98), double on the first two cards (§98, B5: after a split
        too, not on split aces), split a pair (§96, §97), surrender before any further card
        (§102, B6: not after a split). An empty list or ``["stand"]``: the hand stands."""
        box_state = state["boxes"][str(number)]
        hand = box_state["hands"][index]
        key = (
            tuple(hand["cards"]),
            hand["settled"] is None,
            len(box_state["hands"]),
            state["options"]["surrender"],
            *[hand.get(field) for field in self.hand_fields_read],
        )
        options = self._options_memo.get(key)
        if options is None:
            options = self._hand_options(state, number, index)
            if len(self._options_memo) >= OPTIONS_KEPT:
                self._options_memo.clear()
            self._options_memo[key] = options
        return list(options)

    # What ``play_facts`` and ``play_reason`` read of a hand beside its cards, whether it is
    # settled and its box's hands (a game's own reasons add the fields they read): the key the
    # options are kept by (``hand_options``), as a hand's options are asked three times a
    # decision (its legal actions, the check of the move, the search for the next hand)
    hand_fields_read: tuple[str, ...] = ("done", "acted", "made")

    @functools.cached_property
    def _options_memo(self) -> dict:
        return {}

    def _hand_options(self, state: State, number: int, index: int) -> tuple[str, ...]:
        """``hand_options`` worked out from the rules, each move's reason asked."""
        facts = self.play_facts(state, number, index)
        if facts.finished:
            return ()
        return tuple(k for k in self.play_kinds if self.play_reason(state, facts, k) is None)

    def play_refusal(
        self, state: State, number: int, index: int, kind: str
    ) -> IllegalAction | None:
        """Why the owner may not ``kind`` the hand now (the refusal to raise), or None."""
        if kind in self.hand_options(state, number, index):
            return None
        reason = self.play_reason(state, self.play_facts(state, number, index), kind)
        if reason is None:
            return None
        message, params = reason
        return IllegalAction(message, **params)

    def play_facts(self, state: State, number: int, index: int) -> PlayFacts:
        """What the owner's moves on a hand are decided from, read once for all of them (a
        board's options ask each move of the same hand)."""
        box_state = state["boxes"][str(number)]
        hand = box_state["hands"][index]
        cards = hand["cards"]
        best, soft = total(cards)
        return PlayFacts(
            hand=hand,
            hands=len(box_state["hands"]),
            best=best,
            soft=soft,
            natural=self.natural(hand),
            fresh=len(cards) == 2 and not hand.get("acted"),
            finished=hand["done"] or hand["settled"] is not None or best > 21,
        )

    def play_reason(self, state: State, facts: PlayFacts, kind: str) -> Reason | None:
        """Why the owner may not ``kind`` the hand of ``facts`` now: the refusal's sentence and
        its parameters, or None (``play_refusal`` raises it, ``hand_options`` lists the moves
        with none)."""
        if facts.finished:
            return FINISHED
        rules = self.rules
        hand = facts.hand
        if kind == STAND:
            return None
        if kind == HIT:
            if facts.natural or facts.best >= 21:
                return NO_CARD_ON_21
            if rules.max_cards is not None and len(hand["cards"]) >= rules.max_cards:
                return (gettext_noop("This hand holds all the cards it may."), {})
            return None
        if kind == DOUBLE:
            if not rules.double:
                return (gettext_noop("There is no double at this game."), {})
            if facts.natural or (facts.best == 21 and not rules.double_on_21):
                return NO_CARD_ON_21
            if not facts.fresh:
                return (gettext_noop("A double is on the first two cards only."), {})
            if hand.get("made") and not rules.double_after_split:
                return (gettext_noop("A split hand is not doubled here."), {})
            return None
        if kind == SPLIT:
            if not facts.fresh or not is_pair(hand["cards"], rules.split_by):
                return (gettext_noop("Only two cards of the same rank are split."), {})
            if rules.max_splits is not None and facts.hands > rules.max_splits:
                return (
                    gettext_noop("A box is split at most %(count)s times."),
                    {"count": rules.max_splits},
                )
            return None
        if kind == SURRENDER:
            if not state["options"]["surrender"]:
                return (gettext_noop("This table offers no surrender."), {})
            if facts.hands > 1 or hand.get("made"):
                return (gettext_noop("A split hand is not surrendered."), {})
            if facts.natural:
                return (gettext_noop("A natural is not surrendered."), {})
            if not facts.fresh:
                return (gettext_noop("Surrender comes before any further card: not now."), {})
            return None
        return (gettext_noop("Unknown action."), {})

    def refusal_at_turn(self, kind: str) -> IllegalAction:
        """The refusal of a move that is never made at a hand's turn (an offer's, say)."""
        return IllegalAction(gettext_noop("Unknown action."))

    def apply_play(self, step: Step, position: int, number: int, index: int, kind: str) -> None:
        """Apply the owner's ``kind`` (one of ``play_kinds``, checked) to the hand."""
        state = step.state
        hand = step.hand(number, index)
        where = {"seat": position, "box": number, "hand": index}
        if kind == STAND:
            hand["done"] = True
            step.events.append({"type": STAND, **where})
        elif kind == HIT:
            hand["acted"] = True
            card = self._card_to(step, number, index)
            step.events.append({"type": HIT, **where, "card": card})
            self.after_card(step, number, index)
        elif kind == DOUBLE:
            boxes.double(step.state, step.events, state["limits"], number, index, position)
            hand["acted"] = hand["doubled"] = True
            step.events.append({"type": DOUBLE, **where})
            self._ask_behind(step, DOUBLE, number, index)
        elif kind == SPLIT:
            self._split(step, position, number, index)
        elif kind == SURRENDER:
            hand["surrendered"] = hand["done"] = True
            step.events.append({"type": SURRENDER, **where})
            self._settle_sure(step)

    def after_card(self, step: Step, number: int, index: int) -> None:
        """A card went to a hand: a bust loses at once (N12), a doubled hand or split ace
        takes no more (§98, §97); a game settles its special hands here (a five-card hand)."""
        hand = step.hand(number, index)
        if is_bust(hand["cards"]):
            hand["done"] = True
            hand["outcome"] = "bust"
            self._pay_hand(step, number, index, LOSE)
        elif hand.get("doubled") or hand.get("aces"):
            hand["done"] = True

    def _order(self, state: State) -> tuple[int, ...]:
        """The boxes played, from the dealer's left (box 0) on (B11)."""
        return _box_order(tuple(state["boxes"]))

    def _deal(self, step: Step) -> None:
        """The first cards: one to each box, the dealer's up card, a second to each box, and
        the dealer's face-down card where the game has one (CG §131, §74, B1)."""
        state = step.state
        order = self._order(state)
        hands = {n: step.hand(n, 0) for n in order}
        for hand in hands.values():
            hand.update(cards=[], done=False, acted=False)
        for n in order:
            hands[n]["cards"].append(step.deal())
        dealer = state["dealer"]
        dealer["cards"].append(step.deal())
        for n in order:
            hands[n]["cards"].append(step.deal())
        if state["options"]["hole_card"]:
            dealer["cards"].append(step.deal())
            dealer["down"] = True
        state["pack"] = None
        step.events.append(
            {
                "type": "deal",
                "hands": {str(n): list(hands[n]["cards"]) for n in order},
                "dealer": dealer["cards"][0],
            }
        )
        self.after_deal(step)

    def _advance(self, step: Step) -> None:
        """Move the hand on as far as it goes without a decision."""
        state = step.state
        if state["over"]:
            return
        phase = state["phase"]
        if phase == PLAYING:
            self._play_on(step)
            return
        if self.to_act(state):
            return
        if phase == CUT:  # the cutter is gone: the dealer cuts at random
            self._cut(step, None)
            if self.to_act(state):
                return
            phase = BETTING
        if phase == BETTING:
            if not state["boxes"]:
                self._end(step)
                return
            self._deal(step)
            if self._dealer_shows_ace(state) and self._open_offers(step, INSURING):
                return
            phase = INSURING
        if phase == INSURING:
            self._after_insurance(step)
            if state["over"]:
                return
            if not state["early_asked"] and self._open_offers(step, EARLY):
                return
        state["phase"] = PLAYING
        self._play_on(step)

    def _dealer_shows_ace(self, state: State) -> bool:
        rules = self.rules
        return (rules.insurance or rules.even_money) and state["dealer"]["cards"][0][0] == ACE

    def _after_insurance(self, step: Step) -> None:
        """With a hole card the dealer peeks under an ace or a ten-value card (S2): a natural
        ends the hand, else the insurance is lost now. Then what is sure is settled."""
        state = step.state
        dealer = state["dealer"]
        if state["options"]["hole_card"] and dealer["cards"][0][0] in ACE + TEN_VALUES:
            if is_natural(dealer["cards"]):
                self._finish(step)
                return
            dealer["peeked"] = True
            step.events.append({"type": "peek", "natural": False})
            self._settle_insurance(step, natural=False)
        self._settle_sure(step)

    def _play_on(self, step: Step) -> None:
        """The boxes in turn: a pending decision of the stakers behind first, then the next
        hand with a choice; when none is left, the dealer plays and the hand is settled."""
        state = step.state
        while True:
            pending = state["pending"]
            if pending is not None:
                if pending["waiting"]:
                    return
                self._resolve(step)
                continue
            if self._next_turn(step):
                return
            self._finish(step)
            return

    def _next_turn(self, step: Step) -> bool:
        """Find the next hand whose owner has a choice, standing those with none."""
        state = step.state
        start = state["turn"] or [-1, 0]
        for number in self._order(state):
            if number < start[0]:
                continue
            index = start[1] if number == start[0] else 0
            while index < len(state["boxes"][str(number)]["hands"]):
                hand = state["boxes"][str(number)]["hands"][index]
                if not hand["done"] and hand["settled"] is None:
                    options = self.hand_options(state, number, index)
                    if options and options != [STAND]:
                        state["turn"] = [number, index]
                        return True
                    step.hand(number, index)["done"] = True
                index += 1
        state["turn"] = None
        return False

    def _card_to(self, step: Step, number: int, index: int) -> str:
        card = step.deal()
        step.hand(number, index)["cards"].append(card)
        return card

    def _ask_behind(self, step: Step, kind: str, number: int, index: int) -> None:
        """The owner doubled or split: the stakers behind on that hand decide, each on his
        own clock (§98, §96), before its card(s) come; with none, they come now."""
        hand = step.hand(number, index)
        waiting = [
            s["seat"]
            for s in hand["stakes"]
            if s["seat"] != step.state["boxes"][str(number)]["owner"]
            and _open(s)
            and self.asked(kind, hand, s)
        ]
        step.state["pending"] = {
            "kind": kind,
            "box": number,
            "hand": index,
            "hand_id": hand["id"],
            "waiting": waiting,
        }
        if not waiting:
            self._resolve(step)

    def asked(self, kind: str, hand: dict, stake: dict) -> bool:
        """Whether the owner's ``kind`` on ``hand`` asks the staker behind of ``stake`` (open,
        not the owner's): every one of them (a game's own ask may ask fewer)."""
        return True

    def _answer(self, step: Step, position: int, kind: str) -> None:
        """A staker behind answers the owner's double, split or the game's own ask, with his
        own money."""
        state = step.state
        pending = state["pending"]
        number, index = pending["box"], pending["hand"]
        step.box(number)
        self.apply_answer(step, position, pending, kind)
        pending["waiting"].remove(position)
        step.events.append({"type": kind, "seat": position, "box": number, "hand": index})

    def apply_answer(self, step: Step, position: int, pending: dict, kind: str) -> None:
        """The money of a staker behind's answer (one of ``asks``, checked) to the owner's
        move: his own double (§98), or his part in the split (§96)."""
        state = step.state
        number, index = pending["box"], pending["hand"]
        if kind == DOUBLE:
            boxes.double(state, step.events, state["limits"], number, index, position)
        elif pending["kind"] == SPLIT:
            boxes.follow_split(state, step.events, number, index, position, kind)

    def _resolve(self, step: Step) -> None:
        """Every staker behind has answered: the double's one card (§98; a game's own ask
        its card, the event saying which ask it answers), or a card to each hand of the split
        (§96; split aces one each and no more, §97)."""
        state = step.state
        pending = state["pending"]
        state["pending"] = None
        number, index = pending["box"], pending["hand"]
        if pending["kind"] != SPLIT:
            card = self._card_to(step, number, index)
            event = {"type": "card", "box": number, "hand": index, "card": card}
            if pending["kind"] != DOUBLE:
                event["ask"] = pending["kind"]
            step.events.append(event)
            if pending["kind"] == DOUBLE:
                step.hand(number, index)["done"] = True
            self.after_card(step, number, index)
            return
        cards = []
        for at in (index, index + 1):
            cards.append(self._card_to(step, number, at))
        step.events.append({"type": "split_cards", "box": number, "hand": index, "cards": cards})
        for at in (index, index + 1):
            self.after_card(step, number, at)

    def _split(self, step: Step, position: int, number: int, index: int) -> None:
        """The owner splits his pair (§96): the stakers behind stay on the first hand until each
        decides; the two cards part, each hand gets its second card once they have."""
        state = step.state
        box_state = step.box(number)
        hand = box_state["hands"][index]
        behind = {s["seat"]: STAY for s in hand["stakes"] if s["seat"] != position}
        boxes.split(state, step.events, state["limits"], number, index, behind)
        first, second = hand["cards"]
        aces = first[0] == ACE
        for at, card in ((index, first), (index + 1, second)):
            split_hand = box_state["hands"][at]
            split_hand.update(cards=[card], made=True, aces=aces, done=False, acted=False)
        step.events.append({"type": SPLIT, "seat": position, "box": number, "hand": index})
        self._ask_behind(step, SPLIT, number, index)
