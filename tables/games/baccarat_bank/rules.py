"""Baccarat with a player-held bank, its terms (CG §4-§17, rulings B1-B14): seats, the shoe (§6,
§12), the table's settings and the commission (§17), the pots of the escrow, the seat order from
a position's right, who bets and who bids, and the end of a coup."""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal, InvalidOperation

from tables.engines.base import Event, IllegalAction, State, copy_json, gettext_noop, house, pot
from tables.engines.cards import Shoe, pack_52, shuffled

GAME = "baccarat_bank"
SEATS = (2, 12)
DECKS = 6  # §6: six decks without jokers, 312 cards
CUT_FROM_END = 7  # §12: the cut card seven cards from the end
DEFAULTS = {"commission_percent": "5", "max_bank": None}
BANK = pot("bank")
COMMISSION = house("commission")


# the stage of a coup as the lobby and the pit show it (a phase's msgid, read in words)
COUP_STAGES = {
    "auction": gettext_noop("auction for the bank"),
    "offer": gettext_noop("the bank is offered"),
    "betting": gettext_noop("taking bets"),
    "chocolate": gettext_noop("chocolate"),
    "draw": gettext_noop("drawing cards"),
    "over": gettext_noop("coup over"),
}


def bet_pot(position: int) -> str:
    return pot(f"bet{position}")


def bid_pot(position: int) -> str:
    return pot(f"bid{position}")


def _copy(state: State) -> State:
    """A copy of the state for a step to change: every value but the shoe, which no step changes
    in place (a deal replaces it whole), so its order is never copied (issue 31)."""
    return {key: value if key == "shoe" else copy_json(value) for key, value in state.items()}


def new_shoe(rng) -> Shoe:
    cards = shuffled(pack_52() * DECKS, rng)
    return Shoe(cards=cards, cut_at=len(cards) - CUT_FROM_END, penetration=1.0)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rate(value) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    try:
        rate = Decimal(str(value))
    except InvalidOperation:
        return None
    return rate if rate.is_finite() and 0 <= rate <= 50 else None


def check_config(config: dict) -> dict:
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    minimum = checked.get("min_bet")
    if not _whole(minimum) or minimum <= 0:
        raise IllegalAction(
            gettext_noop(
                "The table minimum (min_bet), for each bet and each new bank, is a whole number "
                "of minor units above 0."
            )
        )
    max_bank = checked["max_bank"]
    if max_bank is None:
        checked["max_bank"] = 1000 * minimum
    elif not _whole(max_bank) or max_bank < minimum:
        raise IllegalAction(
            gettext_noop(
                "The largest bank one may open (max_bank) is a whole number of minor units, at "
                "least the table minimum of %(min_bet)s."
            ),
            min_bet=minimum,
        )
    rate = _rate(checked["commission_percent"])
    if rate is None:
        raise IllegalAction(
            gettext_noop("The commission (commission_percent) is a percentage from 0 to 50.")
        )
    checked["commission_percent"] = str(rate)
    return checked


def commission_of(won: int, percent: str) -> int:
    """§17, B11: the casino's share of what the bank wins in a coup, rounded down to a minor unit
    (docs/rules-decisions.md)."""
    return int((Decimal(won) * Decimal(percent) / 100).to_integral_value(ROUND_DOWN))


def from_the_right_of(players: list[int], anchor: int | None) -> list[int]:
    """The players counting to the right of ``anchor``, without it. The casino's one way round
    the table (docs/rules-decisions.md, "One way round the table"): positions ascend clockwise,
    seat 0 at the dealer's left, so a player's right is counter-clockwise, the next position
    downward: from ``anchor`` down to 0, then from the highest down. With no anchor, from the
    dealer's right: the highest position first."""
    ordered = sorted(players, reverse=True)
    if anchor is None:
        return ordered
    return [p for p in ordered if p < anchor] + [p for p in ordered if p > anchor]


def punters(state: State) -> list[int]:
    return [p for p in state["players"] if p != state["holder"]]


def bidders(state: State) -> list[int]:
    return [p for p in state["players"] if p not in (state["seller"], state["excluded"])]


def _end(state: State, events: list[Event], result: dict) -> None:
    state.update(over=True, phase="over")
    if result.get("no_bank"):  # nobody took it: next time it is offered to everyone again
        state["excluded"] = None
    state["result"] = {"void": False, **result}
    events.append({"type": "hand_over", "result": state["result"]})
