"""A small house-banked test game for the betting windows' tests (tests/tables/
test_betting_windows.py): every seat dealt in bets or passes at once on the bet clock (its clock
running out passes), nothing is staked at the deal, every bet loses to the house's bank (the
house pays nothing, but could pay each bet its amount: the exposure), and a "shoe" (a random
string under one commitment) spans ``SHOE_HANDS`` hands. Registered only inside a test
(``registered``), so no shared code and no conformance run ever sees it."""

from __future__ import annotations

import contextlib

from tables.engines import base
from tables.engines.base import (
    HOUSE_BANK,
    Commitment,
    GameEngine,
    IllegalAction,
    gettext_noop,
    pay,
    pot,
    seat,
)

GAME = "windows_test"
SHOE_HANDS = 2


class WindowsEngine(GameEngine):
    game = GAME
    display_name = "Windows"
    seats = (2, 6)
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    def new_hand(self, config, players, rng, carry=None) -> dict:
        carry = carry or {}
        shoe, left, number = carry.get("shoe"), carry.get("left", 0), carry.get("shoe_number", 0)
        if not shoe or left <= 0:
            shoe = "".join(rng.choice("0123456789abcdef") for _ in range(32))
            left, number = SHOE_HANDS, number + 1
        return {
            "hand_key": config.get("hand_number", 1),
            "shoe": shoe,
            "shoe_number": number,
            "left": left - 1,
            "players": sorted(players),
            "bets": {},
            "passed": [],
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    def to_act(self, state) -> list[int]:
        if state["over"]:
            return []
        return [
            p for p in state["players"] if str(p) not in state["bets"] and p not in state["passed"]
        ]

    def legal_actions(self, state, seat_: int) -> list[dict]:
        if seat_ not in self.to_act(state):
            return []
        return [{"type": "bet", "min": 1, "max": 10_000}, {"type": "pass"}]

    def apply(self, state, seat_, action, rng=None):
        if seat_ not in self.to_act(state):
            raise IllegalAction(gettext_noop("It is not your turn."))
        state = base.copy_json(state)
        events: list[dict] = []
        if action.get("type") == "bet":
            amount = int(action["amount"])
            state["bets"][str(seat_)] = amount
            events.append({"type": "bet", "seat": seat_, "amount": amount})
            pay(state, events, seat(seat_), pot(f"b{seat_}"), amount, "bet")
        elif action.get("type") == "pass":
            state["passed"].append(seat_)
            events.append({"type": "pass", "seat": seat_})
        else:
            raise IllegalAction(gettext_noop("That is not a move of this game."))
        if not self.to_act(state):  # every bet loses to the house
            for position, amount in sorted(state["bets"].items()):
                pay(state, events, pot(f"b{position}"), HOUSE_BANK, amount, "lost")
            state["escrowed"] = {}
            state["over"] = True
            state["result"] = {"bets": len(state["bets"])}
        return state, events

    def timeout_action(self, state, seat_) -> dict:
        return {"type": "pass"}

    def clock_setting(self, state, seat_) -> str:
        return "bet_seconds"

    def turn_key(self, state, seat_) -> str:
        return f"hand {state['hand_key']}: bet or pass"

    def round_without_bets(self, state) -> bool:
        return bool(state["over"]) and not state["bets"]

    def exposure(self, state) -> int | None:
        if state["over"]:
            return 0
        return sum(state["bets"].values())  # each bet could be paid its amount

    def view(self, state, seat_) -> dict:
        return {
            "game": GAME,
            "hand": [],
            "pot": sum(state["pots"].values()),
            "bets": dict(state["bets"]),
            "passed": list(state["passed"]),
            "to_act": self.to_act(state),
            "over": state["over"],
            "seat": seat_,
        }

    def summary(self, state, config) -> dict:
        if not state:
            return {"pot": 0, "stage": "", "facts": []}
        return {"pot": sum(state["pots"].values()), "stage": "betting", "facts": []}

    def carry_over(self, state) -> dict:
        return {"shoe": state["shoe"], "left": state["left"], "shoe_number": state["shoe_number"]}

    def commitment(self, state) -> Commitment:
        return Commitment(f"shoe:{state['shoe_number']}", state["shoe"])

    def commitment_finished(self, state) -> bool:
        return bool(state["over"]) and state["left"] <= 0


@contextlib.contextmanager
def registered():
    """The test game registered for the length of a test, then gone again."""
    engine = WindowsEngine()
    base._ENGINES[GAME] = engine
    try:
        yield engine
    finally:
        base._ENGINES.pop(GAME, None)
