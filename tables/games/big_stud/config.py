"""Big stud's settings (tables/games/big_stud/engine.py has the rules): the game's numbers, the
table's check (the bet sizes, the casino's share and its cap, table stakes) and the casino's
share of a bank (§109, §113, T6, T10, T12)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from casino.money import percentage_of
from tables.engines.base import IllegalAction, gettext_noop, house
from tables.engines.betting import check_bounds, whole_number

GAME = "big_stud"
SEATS = (2, 8)  # §106
STREETS = (3, 4, 5, 6, 7)  # third street to the river: a betting round after each (§108, T3)
LAST_STREET = 7
MAX_BETS = 4  # T6: one bet and three raises a round
DEFAULTS = {"share_percent": "5", "share_cap": None}
SHARE = house("commission")  # §113: the casino's share of each bank
UNCLAIMED = house("unclaimed")  # a leaver's stakes while a void could still return them
ACTIONS = ("check", "bet", "call", "raise", "fold")


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    small bet (``small_bet``: third and fourth street) and the big bet (``big_bet``: fifth to
    seventh street) in minor units (§109, T6), the casino's share in per cent of each bank
    (``share_percent``, §113) and its cap per bank (``share_cap``, minor units, or none: T10).
    ``stacks`` is the actor's, not the table's (table stakes, T12). Keys this game does not know
    (the actor's clocks) pass through."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    check_bounds(
        checked,
        "small_bet",
        "big_bet",
        gettext_noop(
            "The small bet (small_bet, third and fourth street) is a whole number of minor "
            "units above 0."
        ),
        gettext_noop(
            "The big bet (big_bet, fifth to seventh street) is a whole number of minor units, "
            "at least the small bet of %(small_bet)s."
        ),
    )
    try:
        percent = Decimal(str(checked["share_percent"]))
    except (InvalidOperation, ValueError):
        percent = Decimal(-1)
    if isinstance(checked["share_percent"], bool) or not 0 <= percent < 100:
        raise IllegalAction(
            gettext_noop(
                "The casino's share (share_percent) is a percentage from 0 to below 100, "
                'such as "5" or "2.5".'
            )
        )
    checked["share_percent"] = str(checked["share_percent"])
    cap = checked["share_cap"]
    if cap is not None and (not whole_number(cap) or cap < 0):
        raise IllegalAction(
            gettext_noop(
                "The cap on the casino's share (share_cap) is a whole number of minor units, "
                "or empty for none."
            )
        )
    stacks = checked.get("stacks")
    if stacks is not None and (
        not isinstance(stacks, dict)
        or not all(str(k).isdigit() and whole_number(v) and v >= 0 for k, v in stacks.items())
    ):
        raise IllegalAction(gettext_noop("The players' stacks are whole amounts by seat."))
    return checked


def street_sizes(config: dict) -> list[int]:
    """The fixed size of a bet on each street, third to seventh (§109, T6)."""
    small, big = config["small_bet"], config["big_bet"]
    return [small, small, big, big, big]


def casino_share(bank: int, percent: str, cap: int | None) -> int:
    """§113, T10: the percentage of a bank, rounded down (casino/money.py), within the cap."""
    share = percentage_of(bank, percent)
    return share if cap is None else min(share, cap)
