"""Settling a twenty-one hand (CG §99, §100, §103, B2, B8, B12): each hand's ratio against the
dealer's finished hand, a result paid as early as it is sure (a bust, a natural, a surrender),
the insurance on the dealer's second card, the dealer drawing to his rule only while some hand
depends on it, and the hand's result. Pure Python."""

from __future__ import annotations

from fractions import Fraction

from tables.engines.base import (
    State,
)
from tables.families.house import boxes
from tables.families.twentyone.cards import (
    ACE,
    TEN_VALUES,
    compare,
    dealer_stands,
    is_bust,
    is_natural,
    label,
    total,
)
from tables.families.twentyone.rules import (
    HALF_LOST,
    INSURANCE,
    LOSE,
    OVER,
    PUSH,
    RATIO_OF_WORD,
    WIN,
    _open,
)
from tables.families.twentyone.step import Step


class SettlementMixin:
    """The settling part of ``TwentyOne`` (module docstring)."""

    def hand_ratio(self, state: State, box_state: dict, hand: dict):
        """What a hand standing to the end wins against the dealer's finished hand (CG §99,
        §100, §103, B2, B12: a dealer natural beats every hand but a natural, doubles and
        splits included; a natural pays ``natural_pays``)."""
        rules = self.rules
        dealer = state["dealer"]["cards"]
        best = total(hand["cards"])[0]
        if best > 21:
            return LOSE
        natural, dealer_natural = self.natural(hand), is_natural(dealer)
        if natural and dealer_natural:
            return RATIO_OF_WORD[rules.natural_ties]
        if natural:
            return rules.natural_pays
        if dealer_natural:
            return LOSE
        dealer_total = total(dealer)[0]
        if dealer_total > 21:
            return PUSH if rules.dealer_22_pushes and dealer_total == 22 else WIN
        return {1: WIN, 0: RATIO_OF_WORD[rules.ties], -1: LOSE}[compare(best, dealer_total)]

    def best_line(self, state: State, box_state: dict) -> Fraction:
        """The most a unit staked on the box can still win (the house's exposure): the
        natural's pay while the box may still be one, else 1:1."""
        hands = box_state["hands"]
        if not hands[0].get("cards") or (len(hands) == 1 and self.natural(hands[0])):
            return max(Fraction(1), self._ratios["natural"])
        return Fraction(1)

    def _dealer_natural_possible(self, state: State) -> bool:
        """Whether the dealer may still turn out to hold a natural (then a natural or a
        surrender waits for his second card)."""
        dealer = state["dealer"]
        cards = dealer["cards"]
        if dealer["peeked"] or not cards or cards[0][0] not in ACE + TEN_VALUES:
            return False
        if len(cards) >= 2 and not dealer["down"]:
            return is_natural(cards)
        return True

    def surrender_ratio(self, state: State):
        """What a surrendered stake loses once it is known: half (§102), or the whole bet to a
        dealer natural (the rules' decision on B6); None while the dealer may still have one."""
        dealer = state["dealer"]
        if len(dealer["cards"]) >= 2 and not dealer["down"]:
            if is_natural(dealer["cards"]) and self.rules.surrender_loses_to_natural:
                return LOSE
            return HALF_LOST
        return None if self._dealer_natural_possible(state) else HALF_LOST

    def _pay_hand(self, step: Step, number: int, index: int, ratio) -> None:
        """Settle a hand at ``ratio``; the stakes surrendered on their own (B9) at the
        surrender's loss when it is known, else they wait."""
        state = step.state
        hand = step.hand(number, index)
        cap = state["limits"]["max_payout"]
        alone = [s["seat"] for s in hand["stakes"] if not s.get("settled") and s.get("surrendered")]
        sur = self.surrender_ratio(state)
        if alone and sur is not None:
            boxes.settle_stakes(
                state,
                step.events,
                number,
                index,
                sur,
                seats=alone,
                max_payout=cap,
                reason="surrender",
            )
            alone = []
        if hand["settled"] is not None:
            return
        rest = [s["seat"] for s in hand["stakes"] if _open(s)]
        if alone and rest:
            boxes.settle_stakes(
                state, step.events, number, index, ratio, seats=rest, max_payout=cap
            )
        elif not alone:
            boxes.settle_hand(state, step.events, number, index, ratio, max_payout=cap)

    def _settle_sure(self, step: Step) -> None:
        """Settle now what the dealer can no longer change once he cannot make a natural:
        naturals, hands surrendered and stakes surrendered on their own."""
        state = step.state
        if self._dealer_natural_possible(state):
            return
        for number in self._order(state):
            for index, hand in enumerate(state["boxes"][str(number)]["hands"]):
                if hand["settled"] is not None or not hand.get("cards"):
                    continue
                if hand.get("surrendered"):
                    self._pay_hand(step, number, index, HALF_LOST)
                    step.hand(number, index)["outcome"] = "surrendered"
                elif self.natural(hand):
                    self._pay_hand(step, number, index, self.rules.natural_pays)
                    step.hand(number, index)["outcome"] = "natural"
                elif any(s.get("surrendered") and not s.get("settled") for s in hand["stakes"]):
                    alone = [
                        s["seat"]
                        for s in hand["stakes"]
                        if s.get("surrendered") and not s.get("settled")
                    ]
                    step.box(number)
                    boxes.settle_stakes(
                        state,
                        step.events,
                        number,
                        index,
                        HALF_LOST,
                        seats=alone,
                        max_payout=state["limits"]["max_payout"],
                        reason="surrender",
                    )

    def _settle_insurance(self, step: Step, natural: bool) -> None:
        """Insurance pays 2:1 on a dealer natural, else it is lost (CG §103), when his natural
        is known: his second card, or his peek."""
        state = step.state
        ratio = self.rules.insurance_pays if natural else LOSE
        for number in self._order(state):
            box_state = state["boxes"][str(number)]
            if any(s["kind"] == INSURANCE and s["settled"] is None for s in box_state["side"]):
                step.box(number)
                boxes.settle_side(
                    state,
                    step.events,
                    number,
                    INSURANCE,
                    ratio,
                    max_payout=state["limits"]["max_payout"],
                )

    def _live(self, state: State) -> bool:
        """Whether any hand still depends on the dealer's total beyond his second card: one
        not settled, bust, surrendered or a natural, with a stake of someone playing on."""
        for box_state in state["boxes"].values():
            for hand in box_state["hands"]:
                if (
                    hand["settled"] is None
                    and not hand.get("surrendered")
                    and not is_bust(hand["cards"])
                    and not self.natural(hand)
                    and any(_open(s) for s in hand["stakes"])
                ):
                    return True
        return False

    def _finish(self, step: Step) -> None:
        """The dealer's play and the settlement: his second card (or his face-down card
        turned), the insurance on it; more cards to his rule only if a hand depends on them
        (§103, B8); every hand settled; the cards to the discard."""
        state = step.state
        rules = self.rules
        dealer = state["dealer"]
        if dealer["down"]:
            dealer["down"] = False
            step.events.append({"type": "dealer", "card": dealer["cards"][1]})
        elif len(dealer["cards"]) < 2:
            card = step.deal()
            dealer["cards"].append(card)
            step.events.append({"type": "dealer", "card": card})
        natural = is_natural(dealer["cards"])
        self._settle_insurance(step, natural)
        if not natural and self._live(state):
            while not dealer_stands(dealer["cards"], rules.dealer_hits_soft_17):
                card = step.deal()
                dealer["cards"].append(card)
                step.events.append({"type": "dealer", "card": card})
        for number in self._order(state):
            box_state = step.box(number)
            for index, hand in enumerate(box_state["hands"]):
                if hand["settled"] is not None:
                    continue
                if hand.get("surrendered"):
                    ratio, word = self.surrender_ratio(state), "surrendered"
                else:
                    ratio = self.hand_ratio(state, box_state, hand)
                    word = self.outcome_word(hand, ratio)
                self._pay_hand(step, number, index, ratio)
                if "outcome" not in hand:
                    hand["outcome"] = word
        self._end(step)

    def outcome_word(self, hand: dict, ratio) -> str:
        """A hand's outcome in the engine's words, settled at ``ratio`` against the dealer (a
        game names its special hands)."""
        # the rules' ratios are Fractions already: only a word or a number is parsed (hashing a
        # Fraction to find it parsed was a tenth of a settlement, issue 50)
        exact = ratio if type(ratio) is Fraction else boxes.ratio_of(ratio)
        if exact > 0:
            return "natural" if self.natural(hand) else "won"
        if exact == 0:
            return "push"
        return "bust" if is_bust(hand["cards"]) else "lost"

    def _end(self, step: Step) -> None:
        state = step.state
        shoe = step.shoe()
        if shoe.in_play:
            shoe.discard_cards(list(shoe.in_play))
        state["phase"] = OVER
        state["over"] = True
        state["turn"] = None
        state["escrowed"] = {}
        state["result"] = self._result(state)
        # the result is never changed once made: the event and the state may share it
        step.events.append({"type": "hand_over", "result": state["result"]})

    def _nets(self, box_state: dict) -> dict[str, int]:
        nets: dict[str, int] = {}
        for hand in box_state["hands"]:
            for entry in (hand["settled"] or {}).get("nets", []):
                key = str(entry["seat"])
                nets[key] = nets.get(key, 0) + entry["net"]
        for side in box_state["side"]:
            if side["settled"] is not None:
                key = str(side["seat"])
                nets[key] = nets.get(key, 0) + side["settled"]["net"]
        return nets

    def _result(self, state: State) -> dict:
        """Each box's hands (cards, total, outcome, nets) and nets by seat, the dealer's hand,
        each seat's net over the hand."""
        by_box = {}
        by_seat: dict[str, int] = {}
        for number in self._order(state):
            box_state = state["boxes"][str(number)]
            nets = self._nets(box_state)
            by_box[str(number)] = {
                "owner": box_state["owner"],
                "hands": [
                    {
                        "cards": list(h.get("cards", [])),
                        "total": label(h.get("cards", [])),
                        "outcome": h.get("outcome"),
                        "nets": {
                            str(n["seat"]): n["net"] for n in (h["settled"] or {}).get("nets", [])
                        },
                    }
                    for h in box_state["hands"]
                ],
                "nets": nets,
            }
            for key, net in nets.items():
                by_seat[key] = by_seat.get(key, 0) + net
        dealer = state["dealer"]["cards"]
        return {
            "void": False,
            "boxes": by_box,
            "nets": by_seat,
            "dealer": {
                "cards": list(dealer),
                "total": label(dealer) if dealer else None,
                "natural": is_natural(dealer),
                "bust": is_bust(dealer) if dealer else False,
            },
        }
