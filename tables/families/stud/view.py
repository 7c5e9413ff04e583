"""What the stud flow shows (tables/families/stud/engine.py): a hand's result and each box's
net, and ``view``: exactly what a seat, a spectator or the pit boss may see, with the cards
private to a seat, hidden from all, undealt and committed. A part of ``StudEngine``; pure,
no Django."""

from __future__ import annotations

from tables.engines.base import (
    Commitment,
    State,
    copy_json,
)
from tables.families.house import boxes
from tables.families.stud.rules import (
    BET,
    BETTING,
    BONUS,
    BUYING,
    CUT,
    DECIDING,
    FOLDED,
    SETTLED,
)


class StudView:
    """What ``StudEngine`` shows (its part: every name it uses is the engine's)."""

    # --- results ---------------------------------------------------------------------------

    @staticmethod
    def _nets(box_state: dict) -> dict[int, int]:
        nets: dict[int, int] = {}
        for hand in box_state["hands"]:
            for entry in (hand["settled"] or {}).get("nets", []):
                nets[entry["seat"]] = nets.get(entry["seat"], 0) + entry["net"]
        for side in box_state["side"]:
            if side["settled"] is not None:
                nets[side["seat"]] = nets.get(side["seat"], 0) + side["settled"]["net"]
        nets[box_state["owner"]] = nets.get(box_state["owner"], 0) - box_state["fees"]
        return nets

    def _result(self, state: State) -> dict:
        by_box = {}
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            shown = box_state["shown"]
            by_box[str(n)] = {
                "owner": box_state["owner"],
                "kind": box_state["kind"],
                "cards": list(box_state["cards"]) if shown else None,
                "hand": self._hand_named(box_state["cards"]) if shown else None,
                "outcome": box_state.get("outcome") or box_state["status"],
                "fees": box_state["fees"],
                "nets": {str(k): v for k, v in sorted(self._nets(box_state).items())},
            }
        dealer = state["dealer"]
        return {
            "void": False,
            "boxes": by_box,
            "dealer": list(dealer["cards"]) if dealer["open"] else None,
            "qualified": dealer["qualified"],
            "qualified_after": dealer.get("qualified_after"),
            "replaced": dealer["replaced"],
            "drawn": dealer["drawn"],
        }

    def _hand_named(self, cards) -> int:
        """What the board names of a hand: its category (a poker hand) or its points."""
        return self.rules.hand_of(self.rules.value(cards))

    def is_hand_over(self, state: State) -> bool:
        return bool(state.get("over"))

    # --- what each may see -----------------------------------------------------------------

    @staticmethod
    def _own_cards(box_state: dict, viewer: int | None) -> list | None:
        """An open box's cards for its owner, before the dealer opens them (the view's
        ``mine``: the board shows them in the owner's own part, never in the shared row)."""
        if (
            box_state["kind"] == boxes.OPEN
            and viewer == box_state["owner"]
            and not box_state["shown"]
        ):
            return list(box_state["cards"])
        return None

    def view(self, state: State, seat: int | None) -> dict:
        waiting = self.to_act(state)
        limits = state["limits"]
        dealer = state["dealer"]
        cards = dealer["cards"]
        box_views = []
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            mine = seat == box_state["owner"]
            shown_cards = list(box_state["cards"]) if box_state["shown"] else None
            side = {s["kind"]: s for s in box_state["side"]}
            complete = shown_cards and len(shown_cards) == self.rules.hand_size
            box_views.append(
                {
                    "number": n,
                    "owner": box_state["owner"],
                    "kind": box_state["kind"],
                    "ante": box_state["ante"],
                    "bet": side[BET]["amount"] if BET in side else None,
                    "bonus": side[BONUS]["amount"] if BONUS in side else None,
                    "bonus_net": (side[BONUS]["settled"] or {}).get("net")
                    if BONUS in side
                    else None,
                    "bonus_lost": bool(
                        BONUS in side and (side[BONUS]["settled"] or {}).get("net", 0) < 0
                    ),
                    "fees": box_state["fees"],
                    "status": box_state["status"],
                    "outcome": box_state.get("outcome"),
                    "stage": box_state["stage"],
                    "changes": [dict(c) for c in box_state["changes"]],
                    "dealt": len(box_state["cards"]),
                    "cards": shown_cards,  # the same for every viewer: once opened
                    "mine": self._own_cards(box_state, seat),
                    "given_back": list(box_state["given_back"]) if mine else None,
                    "hand": self._hand_named(shown_cards) if complete else None,
                    "deciding": box_state["owner"] in waiting
                    and n == self._current(state, box_state["owner"]),
                    "nets": {str(k): v for k, v in self._nets(box_state).items()}
                    if box_state["status"] in (SETTLED, FOLDED)
                    else {},
                }
            )
        dealer_view = {
            "dealt": len(cards),
            "cards": list(cards) if dealer["open"] else None,
            "up": self._dealer_up(state),
            "first": list(dealer["first"]) if dealer["first"] else None,
            "qualified": dealer["qualified"],
            "qualified_after": dealer.get("qualified_after"),
            "replaced": dealer["replaced"],
            "drawn": dealer["drawn"],
            "hand": self._hand_named(cards) if dealer["open"] else None,
        }
        public = {
            "game": self.game,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "boxes": box_views,
            "layout": limits["boxes"],
            "dealer": dealer_view,
            "cutter": state["cutter"] if state["phase"] == CUT else None,
            "cut": state["cut"],
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "open_boxes_per_player": limits["open_boxes_per_player"],
                "dark_boxes_per_player": limits["dark_boxes_per_player"],
                "bonus": copy_json(state["options"]["bonus"]),
                "player_cut": state["options"]["player_cut"],
            },
            "seats": {
                str(p): {"deciding": p in waiting, "boxes": boxes.boxes_of(state, p)}
                for p in state["dealt_in"]
            },
            "exposure": self.exposure(state),
            "to_act": waiting,
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            deciding = seat in waiting
            public["legal"] = self.legal_actions(state, seat) if deciding else []
            public["bet_ranges"] = (
                self.bet_ranges(state, seat) if deciding and state["phase"] == BETTING else None
            )
            public["my_box"] = (
                self._current(state, seat)
                if deciding and state["phase"] in (DECIDING, BUYING)
                else None
            )
            public["offers"] = self._offers(state, seat) if public["my_box"] is not None else None
        return public

    def _offers(self, state: State, position: int) -> dict:
        """What the deciding box may do, for its board: the changes with their prices."""
        box = self._current(state, position)
        box_state = state["boxes"][str(box)]
        ante = box_state["ante"]
        stage = box_state["stage"]
        draws = self.rules.draws[stage] if stage < len(self.rules.draws) else ()
        return {
            "box": box,
            "bet": self._bet_due(box_state),
            "give_back": len(box_state["cards"]) - self.rules.hand_size,
            "draws": [
                {
                    "kind": d.kind,
                    "counts": [
                        {"returns": n, "takes": d.cards_taken(n), "fee": d.fees[n] * ante}
                        for n in d.returns
                    ],
                }
                for d in draws
            ],
            "buy_fee": ante if state["phase"] == BUYING else None,
        }

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """An open box's cards are its owner's until the dealer opens them; the cards he gave
        back stay his."""
        found: dict[int, list[str]] = {}
        for box_state in state["boxes"].values():
            own = list(box_state["given_back"])
            if box_state["kind"] == boxes.OPEN and not box_state["shown"]:
                own += box_state["cards"]
            if own:
                found.setdefault(box_state["owner"], []).extend(own)
        return found

    def hidden_cards(self, state: State) -> list[str]:
        """The dealer's four face-down cards until he opens them; a dark box's cards until it
        is compared (never, when the dealer does not qualify)."""
        hidden: list[str] = []
        dealer = state["dealer"]
        if not dealer["open"]:
            hidden += dealer["cards"][: len(dealer["cards"]) - self.rules.dealer_up]
        for box_state in state["boxes"].values():
            if box_state["kind"] == boxes.DARK and not box_state["shown"]:
                hidden += box_state["cards"]
        return hidden

    def undealt(self, state: State) -> list[str]:
        return list(state["deck"])

    def undealt_committed(self, state: State) -> list[str]:
        """After a cut the committed order restarts where it was cut: the cards before that
        point; none once the given-back cards were shuffled in."""
        if state["refilled"]:
            return []
        if state["cut"] is None:
            return list(state["deck"])
        return list(state["deck"][: max(0, len(state["deck"]) - state["cut"])])

    def all_cards(self, state: State) -> list[str]:
        found = list(state["deck"]) + list(state["given_back"])
        for box_state in state["boxes"].values():
            found += box_state["cards"]
        dealer = state["dealer"]
        found += dealer["cards"]
        if dealer["replaced"]:
            found.append(dealer["replaced"])
        return found

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["record"])

    def carry_over(self, state: State) -> dict:
        return {"hands_dealt": state["hands_dealt"], "cutter": state["cutter"]}
