"""A made-up game, written into a folder of its own by tests/tables/test_folders.py to show that
a game is its folder: every seat dealt in calls odd or even and stakes an amount, one number is
drawn from the table's random source (0–36, zero the house's), and a right call is paid even
money by the house. It is never in tables/games/, so no other test or page sees it."""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import (
    HOUSE_BANK,
    GameEngine,
    IllegalAction,
    gettext_noop,
    pay,
    pot,
    seat,
)

GAME = "odd_or_even"
CALLS = ("odd", "even")
LOWEST, HIGHEST = 100, 10_000


class OddOrEven(GameEngine):
    game = GAME
    display_name = "Odd or even"
    seats = (1, 4)
    example_configs = ({},)

    def new_hand(self, config, players, rng, carry=None) -> dict:
        return {
            "hand_key": config.get("hand_number", 1),
            "players": sorted(players),
            "calls": {},
            "passed": [],
            "pots": {},
            "escrowed": {},
            "number": None,
            "over": False,
            "result": None,
        }

    def to_act(self, state) -> list[int]:
        if state["over"]:
            return []
        waiting = [p for p in state["players"] if p not in state["passed"]]
        return [p for p in waiting if str(p) not in state["calls"]]

    def legal_actions(self, state, seat_: int) -> list[dict]:
        if seat_ not in self.to_act(state):
            return []
        # an amount's range is named by its two ends: every whole amount between is legal too
        return [
            *(
                {"type": "call", "call": call, "amount": amount}
                for call in CALLS
                for amount in (LOWEST, HIGHEST)
            ),
            {"type": "pass"},
        ]

    def apply(self, state, seat_, action, rng=None):
        if seat_ not in self.to_act(state):
            raise IllegalAction(gettext_noop("It is not your turn."))
        if not isinstance(action, dict):
            raise IllegalAction(gettext_noop("That is not a move of this game."))
        state = base.copy_json(state)
        events: list[dict] = []
        kind = action.get("type")
        if kind == "call":
            call, amount = action.get("call"), action.get("amount")
            if call not in CALLS or type(amount) is not int or not LOWEST <= amount <= HIGHEST:
                raise IllegalAction(gettext_noop("Call odd or even with a stake in the limits."))
            state["calls"][str(seat_)] = [call, amount]
            events.append({"type": "call", "seat": seat_, "call": call, "amount": amount})
            pay(state, events, seat(seat_), pot(f"c{seat_}"), amount, "stake")
        elif kind == "pass":
            state["passed"].append(seat_)
            events.append({"type": "pass", "seat": seat_})
        else:
            raise IllegalAction(gettext_noop("That is not a move of this game."))
        if not self.to_act(state):
            self._draw_and_settle(state, events, rng)
        return state, events

    def _draw_and_settle(self, state, events, rng) -> None:
        number = (rng or base.Draws()).below(37)
        state["number"] = number
        events.append({"type": "number", "number": number})
        for position, (call, amount) in sorted(state["calls"].items()):
            won = number != 0 and (number % 2 == 1) == (call == "odd")
            if won:
                pay(state, events, HOUSE_BANK, seat(int(position)), amount, "won")
                pay(state, events, pot(f"c{position}"), seat(int(position)), amount, "returned")
            else:
                pay(state, events, pot(f"c{position}"), HOUSE_BANK, amount, "lost")
        state["over"] = True
        state["result"] = {"number": number}

    def timeout_action(self, state, seat_) -> dict:
        return {"type": "pass"}

    def turn_key(self, state, seat_) -> str:
        return "call"

    def is_hand_over(self, state) -> bool:
        return bool(state["over"])

    def hand_result(self, state) -> dict:
        return state["result"] or {}

    def round_without_bets(self, state) -> bool:
        return bool(state["over"]) and not state["calls"]

    def exposure(self, state) -> int | None:
        return 0 if state["over"] else sum(amount for _call, amount in state["calls"].values())

    def view(self, state, seat_) -> dict:
        return {
            "game": GAME,
            "calls": {position: list(call) for position, call in state["calls"].items()},
            "passed": list(state["passed"]),
            "number": state["number"],
            "to_act": self.to_act(state),
            "over": state["over"],
            "seat": seat_,
            "pot": sum(state["pots"].values()),
        }

    def summary(self, state, config) -> dict:
        if not state:
            return {"pot": 0, "stage": "", "facts": []}
        return {"pot": sum(state["pots"].values()), "stage": "calls", "facts": []}


base.register(OddOrEven())
