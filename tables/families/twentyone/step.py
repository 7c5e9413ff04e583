"""One change to a twenty-one hand (``Step``): the new state shares with the old every part it
does not change, and the shoe's order, a string, is never copied. Pure Python."""

from __future__ import annotations

from tables.engines.base import Draws, Event, State
from tables.engines.cards import Shoe


def _copy_box(box_state: dict) -> dict:
    """A box copied as deep as an action changes it (its stakes, hands, cards, side bets); a
    settlement's record, never changed once made, is shared."""
    return {
        **box_state,
        "stakes": [dict(s) for s in box_state["stakes"]],
        "hands": [
            {
                **hand,
                "stakes": [dict(s) for s in hand["stakes"]],
                **({"cards": list(hand["cards"])} if "cards" in hand else {}),
            }
            for hand in box_state["hands"]
        ],
        "side": [dict(s) for s in box_state["side"]],
    }


class Step:
    """One change to a hand: a new state sharing with the old every part it does not change.
    The small parts every action may touch are copied at once (pots, escrow, the dealer, the
    seats deciding); a box is copied the first time it is changed (``box``); the shoe is read
    once and written back at the end (``finish``), its order a string never copied."""

    __slots__ = ("state", "events", "rng", "_copied", "_shoe")

    def __init__(self, state: State, rng: Draws | None = None):
        copied = dict(state)
        copied["pots"] = dict(state["pots"])
        copied["escrowed"] = {k: dict(v) for k, v in state["escrowed"].items()}
        copied["boxes"] = dict(state["boxes"])
        copied["done"] = list(state["done"])
        copied["players"] = list(state["players"])
        copied["dealer"] = dict(state["dealer"], cards=list(state["dealer"]["cards"]))
        if state["pending"] is not None:
            pending = state["pending"]
            copied["pending"] = dict(pending, waiting=list(pending["waiting"]))
        self.state = copied
        self.events: list[Event] = []
        self.rng = rng if rng is not None else Draws()
        self._copied: set[str] = set()
        self._shoe: Shoe | None = None

    def box(self, number: int) -> dict:
        """The box, copied before it changes (once per step)."""
        key = str(number)
        if key not in self._copied:
            self.state["boxes"][key] = _copy_box(self.state["boxes"][key])
            self._copied.add(key)
        return self.state["boxes"][key]

    def hand(self, number: int, index: int) -> dict:
        return self.box(number)["hands"][index]

    def shoe(self) -> Shoe:
        if self._shoe is None:
            self._shoe = Shoe.from_dict(self.state["shoe"])
        return self._shoe

    def deal(self) -> str:
        """The next card. A shoe dealt out before its cut card (never with a deck behind it,
        §104) reshuffles its discards by recorded draws: the replay proves that order."""
        shoe = self.shoe()
        if not shoe.remaining:
            shoe.reshuffle(self.rng)
            self.state["reshuffled"] = True
            self.events.append({"type": "reshuffle", "cards": shoe.remaining})
        return shoe.deal()

    def finish(self) -> tuple[State, list[Event]]:
        if self._shoe is not None:
            self.state["shoe"] = self._shoe.to_dict()
        return self.state, self.events
