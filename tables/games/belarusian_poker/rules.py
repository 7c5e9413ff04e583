"""Belarusian poker's terms (CG §18-§25, rulings P1-P13): seats, rounds, svaras and packs, the
table's settings (§2, §22, P4, P12), the casino's deduction from a bank paid out (§25, P10), and
the state's helpers every stage uses: the money moves into and out of the bank, the hand's public
log and who is to act now."""

from __future__ import annotations

import json

from casino.money import percentage_of
from tables.engines.base import (
    Event,
    IllegalAction,
    Payment,
    State,
    gettext_noop,
    house,
    pot,
    track_escrow,
)
from tables.engines.betting import check_bounds, whole_number

GAME = "belarusian_poker"
SEATS = (2, 7)  # §20: up to 7 people play at once
HAND_SIZE = 3  # §23
MAX_ROUNDS = 5  # §24, P5
MAX_SVARAS = 2  # §24: "svara may be played at most twice"
PACKS = 1 + MAX_SVARAS  # the game's pack and one for each svara
SMALL_BANK_UNITS = 50  # §25: a bank up to 50 c.u. pays 1 c.u., a larger one 2 %
SMALL_BANK_DEDUCTION_UNITS = 1
LARGE_BANK_PERCENT = 2
DEFAULTS = {"unit": 100}  # P12: one conventional unit in minor units of the table's currency
COMMISSION = house("commission")
# the answers each phase asks for, of everyone concerned at once
ANSWERS = {
    "consent": ("accept", "refuse"),
    "svara_offer": ("accept", "refuse"),
    "svara_join": ("join", "decline"),
}
# Where a void sends the stakes of a seat whose player has left: the seat may be someone
# else's by then, so the house holds the money for the cashier to give back.
UNCLAIMED = house("unclaimed")


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    entry (minimum) bet ``min_bet`` and the table maximum ``max_bet`` (§2, §22, P4) and the
    conventional unit ``unit`` (P12), all in minor units of the table's currency. Keys this
    game does not know (the actor's clock settings) pass through untouched."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    check_bounds(
        checked,
        "min_bet",
        "max_bet",
        gettext_noop(
            "The entry bet (min_bet, the table minimum) is a whole number of minor units above 0."
        ),
        gettext_noop(
            "The table maximum (max_bet) is a whole number of minor units, at least the entry "
            "bet of %(min_bet)s."
        ),
    )
    if not whole_number(checked["unit"]) or checked["unit"] <= 0:
        raise IllegalAction(
            gettext_noop("The conventional unit (unit) is a whole number of minor units above 0.")
        )
    return checked


def deduction(bank: int, unit: int) -> int:
    """The casino's deduction from a bank paid out (§25, P10, P12): 1 c.u. from a bank of up
    to 50 c.u. (exactly 50 included), 2 % of a larger one, rounded down to the minor unit by
    the casino's rule (casino/money.py); never more than the bank."""
    if bank <= SMALL_BANK_UNITS * unit:
        return min(bank, SMALL_BANK_DEDUCTION_UNITS * unit)
    return percentage_of(bank, LARGE_BANK_PERCENT)


def _copy(state: State) -> State:
    """A deep copy of the JSON state (the C codec is faster than copy.deepcopy here)."""
    return json.loads(json.dumps(state))


def _pay(state: State, events: list[Event], source: str, target: str, amount: int, reason: str):
    """Append a payment; keep the bank, each seat's chips in it and the escrow with it."""
    payment = Payment(source, target, amount, reason).as_event()
    events.append(payment)
    if target == pot():
        state["bank"] += amount
        key = source.partition(":")[2]
        state["paid"][key] = state["paid"].get(key, 0) + amount
    if source == pot():
        state["bank"] -= amount
    track_escrow(state, [payment])


def _current_cards(state: State) -> dict[str, list[str]]:
    return state["deals"][-1]


def _log(state: State, position: int | None, act: str, amount: int | None = None) -> None:
    """The hand's history as the page shows it (public facts only)."""
    state["log"].append(
        {"game": state["svaras"], "round": state["round"], "seat": position, "act": act}
        | ({"amount": amount} if amount is not None else {})
    )


def to_act(state: State) -> list[int]:
    """Betting is in turn (one seat); answering an early showdown, a svara offer or joining
    a svara are decisions everyone concerned makes at once."""
    phase = state["phase"]
    if phase == "betting":
        return state["queue"][:1]
    if phase in ("consent", "svara_offer", "svara_join"):
        return [p for p in state["asked"] if str(p) not in state["answers"]]
    return []
