"""What each may see of a twenty-one hand (``view``): the boxes, hands and stakes, the dealer's
cards but his hole card, the shoe's count and check, and the seat's own choices and ranges.
Pure Python."""

from __future__ import annotations

from tables.engines.base import (
    State,
    copy_json,
)
from tables.engines.cards import Shoe
from tables.families.house import boxes
from tables.families.twentyone.cards import (
    is_bust,
    is_natural,
    label,
    total,
)
from tables.families.twentyone.rules import (
    BETTING,
    CUT,
    INSURANCE,
    INSURING,
    PLAYING,
)


class ViewMixin:
    """The views' part of ``TwentyOne`` (module docstring)."""

    def _hand_view(self, state: State, box_state: dict, index: int) -> dict:
        hand = box_state["hands"][index]
        cards = list(hand.get("cards", []))
        best, soft = total(cards) if cards else (0, False)
        settled = hand["settled"]
        return {
            "index": index,
            "cards": cards,
            "total": best if cards else None,
            "soft": soft,
            "label": label(cards) if cards else None,
            "natural": bool(cards) and self.natural(hand),
            "bust": best > 21,
            "doubled": bool(hand.get("doubled")),
            "split": bool(hand.get("made")),
            "split_aces": bool(hand.get("aces")),
            "surrendered": bool(hand.get("surrendered")),
            "done": bool(hand.get("done")) or settled is not None,
            "outcome": hand.get("outcome"),
            "stakes": [
                {
                    "seat": s["seat"],
                    "amount": s["amount"],
                    "doubled": s["doubled"],
                    "even_money": bool(s.get("even_money")),
                    "surrendered": bool(s.get("surrendered")) or bool(hand.get("surrendered")),
                    "net": (s.get("settled") or {}).get("net"),
                }
                for s in hand["stakes"]
            ],
            "nets": {str(n["seat"]): n["net"] for n in (settled or {}).get("nets", [])},
            **self.hand_facts(hand),
        }

    def hand_facts(self, hand: dict) -> dict:
        """A game's own public facts of a hand, added to its view (its cards bought, say)."""
        return {}

    def _box_view(self, state: State, number: int) -> dict:
        box_state = state["boxes"][str(number)]
        turn = state["turn"]
        return {
            "number": number,
            "owner": box_state["owner"],
            "stakes": [dict(s) for s in box_state["stakes"]],
            "total": boxes.box_total(box_state),
            "hands": [self._hand_view(state, box_state, i) for i in range(len(box_state["hands"]))],
            "side": [
                {
                    "seat": s["seat"],
                    "kind": s["kind"],
                    "amount": s["amount"],
                    "net": (s["settled"] or {}).get("net"),
                }
                for s in box_state["side"]
            ],
            "insured": [s["seat"] for s in box_state["side"] if s["kind"] == INSURANCE],
            "playing": turn is not None and turn[0] == number,
            "nets": self._nets(box_state),
        }

    def _dealer_view(self, state: State) -> dict:
        dealer = state["dealer"]
        shown = dealer["cards"][:1] if dealer["down"] else list(dealer["cards"])
        return {
            "cards": shown,
            "face_down": 1 if dealer["down"] else 0,
            "total": total(shown)[0] if shown else None,
            "soft": total(shown)[1] if shown else False,
            "label": label(shown) if shown else None,
            "natural": not dealer["down"] and is_natural(shown),
            "bust": is_bust(shown) if shown else False,
            "peeked": dealer["peeked"],
        }

    def view(self, state: State, seat: int | None) -> dict:
        """Everything public: every box (owner, stakes, hands with cards and totals, flags,
        results and nets), the dealer's cards in order (a face-down one counted, never shown),
        the shoe (no order: its counts and the cut card), §105's pack check at a new shoe
        before its first deal, the phase and who decides. A seat also gets its legal actions
        and their amount ranges (``ranges``)."""
        waiting = self.to_act(state)
        limits = state["limits"]
        pending = state["pending"]
        turn = state["turn"]
        public = {
            "game": self.game,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "layout": limits["boxes"],
            "boxes": [self._box_view(state, n) for n in self._order(state)],
            "dealer": self._dealer_view(state),
            "shoe": self._shoe_view(state),
            "pack": dict(state["pack"]) if state["pack"] is not None else None,
            "turn": (
                {
                    "box": turn[0],
                    "hand": turn[1],
                    "seat": state["boxes"][str(turn[0])]["owner"],
                    "asking": pending["kind"] if pending else None,
                    "asked": list(pending["waiting"]) if pending else [],
                }
                if turn is not None and state["phase"] == PLAYING
                else None
            ),
            "to_act": waiting,
            "players": list(state["players"]),
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "min_unit": limits["min_unit"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "boxes_per_player": limits["boxes_per_player"],
                "bets_behind": limits["bets_behind"],
                "side_bets": copy_json(limits["side_bets"]),
                "surrender": state["options"]["surrender"],
                "natural_pays": str(boxes.ratio_of(self.rules.natural_pays)),
                "insurance_pays": str(boxes.ratio_of(self.rules.insurance_pays)),
                "boxes_a_bet": self.boxes_a_bet,
                "hole_card": state["options"]["hole_card"],
                "dealer_hits_soft_17": self.rules.dealer_hits_soft_17,
                "dealer_22_pushes": self.rules.dealer_22_pushes,
            },
            "exposure": self.exposure(state),
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            legal = self.legal_actions(state, seat)
            public["legal"] = legal
            public["deciding"] = seat in waiting
            public["ranges"] = self._ranges(state, seat) if seat in waiting else None
        return public

    def _ranges(self, state: State, seat: int) -> dict:
        """The seat's amount ranges now: the betting window's, insurance by box, the cut."""
        phase = state["phase"]
        if phase == BETTING:
            return self._bet_ranges(state, seat)
        if phase == CUT:
            return {"cut": list(self.player_cut_range(len(Shoe.from_dict(state["shoe"]))))}
        if phase == INSURING:
            found = {}
            for action in self._offers(state, seat):
                if action["type"] == INSURANCE:
                    found.setdefault(str(action["box"]), []).append(action["amount"])
            return {"insurance": {n: [min(a), max(a)] for n, a in found.items()}}
        return {}

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {}  # every box's cards are the table's to see

    def hidden_cards(self, state: State) -> list[str]:
        dealer = state["dealer"]
        return [dealer["cards"][1]] if dealer["down"] and not state["over"] else []
