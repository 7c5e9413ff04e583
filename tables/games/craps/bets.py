"""The layout of craps' bets (DG §5, rulings C1–C13): every kind, its group of limits, what it
pays, how one roll decides it (``decide``), whether it works on the come-out (``is_working``),
the table's settings (``check_config``), and a seat's bets as the state holds them."""

from __future__ import annotations

import functools
from fractions import Fraction

from tables.engines.base import IllegalAction, State, gettext_noop, pot
from tables.families.house.bank import check_house_config
from tables.families.house.boxes import ratio_of, winnings

NUMBERS = (4, 5, 6, 8, 9, 10)  # the point numbers (§4)
CRAPS = (2, 3, 12)

# §5.2, §5.7: the true odds; §5.8: a lay pays their inverse; §5.6: place bets
TRUE_ODDS = {4: Fraction(2), 10: Fraction(2), 5: Fraction(3, 2), 9: Fraction(3, 2)}
TRUE_ODDS |= {6: Fraction(6, 5), 8: Fraction(6, 5)}
LAY_PAYS = {number: 1 / ratio for number, ratio in TRUE_ODDS.items()}
PLACE_PAYS = {4: Fraction(9, 5), 10: Fraction(9, 5), 5: Fraction(7, 5), 9: Fraction(7, 5)}
PLACE_PAYS |= {6: Fraction(7, 6), 8: Fraction(7, 6)}
PLACE_MULTIPLE = {4: 5, 5: 5, 9: 5, 10: 5, 6: 6, 8: 6}  # units (C10)
FIELD_PAYS = {2: Fraction(2), 3: Fraction(1), 4: Fraction(1), 9: Fraction(1)}
FIELD_PAYS |= {10: Fraction(1), 11: Fraction(1), 12: Fraction(2)}  # §5.9
COMMISSION = Fraction(5, 100)  # §5.7, §5.8, C8
PLACE_GROUPS = {"outside": (4, 5, 9, 10), "inside": (5, 6, 8, 9), "across": NUMBERS}  # §5.6
AFTER_WIN = ("same", "press", "down")  # §5.6, C11; section 5: "same" unless the player says
# C13's pay table (a "N for 1" layout pays (N - 1):1); the table's config may change it
PROPOSITIONS = {
    "hard_4": "7:1",
    "hard_6": "9:1",
    "hard_8": "9:1",
    "hard_10": "7:1",
    "two": "30:1",
    "three": "15:1",
    "eleven": "15:1",
    "twelve": "30:1",
    "any_seven": "4:1",
    "any_craps": "7:1",
}
ONE_ROLL_PROPS = {"two": (2,), "three": (3,), "eleven": (11,), "twelve": (12,)}
ONE_ROLL_PROPS |= {"any_seven": (7,), "any_craps": CRAPS}


def _numbered(prefix: str, numbers=NUMBERS) -> tuple[str, ...]:
    return tuple(f"{prefix}_{n}" for n in numbers)


# Every bet kind, in the order the board lists a roll's winners (§4, §5.6: field, big 6 and 8,
# come, then place); losers are collected first whatever their kind.
KINDS = (
    "pass",
    "odds_pass",
    "dont_pass",
    "field",
    "big_6",
    "big_8",
    "come",
    *_numbered("come"),
    *_numbered("odds_come"),
    "dont_come",
    *_numbered("dont_come"),
    *_numbered("place"),
    *_numbered("buy"),
    *_numbered("lay"),
    *_numbered("hard", (4, 6, 8, 10)),
    *ONE_ROLL_PROPS,
)
ORDER = {kind: index for index, kind in enumerate(KINDS)}
# what a player places himself (come and don't come bets move onto their numbers: §5.3, §5.5)
PLACEABLE = tuple(
    k for k in KINDS if not (k.startswith(("come_", "dont_come_")) and k[-1].isdigit())
)
# the limits' groups: each has a minimum and a maximum in the table's config ("limits")
GROUPS = ("line", "odds", "place", "buy", "lay", "field", "big", "hard", "prop")
# bets that are off on the come-out roll unless their player turns them on (§5.6, C5, C12)
SWITCHABLE = ("place", "big", "hard", "odds_come")


@functools.cache  # asked of every bet placed and settled; a kind's group never changes
def group_of(kind: str) -> str:
    if kind in ("pass", "dont_pass", "come", "dont_come") or kind.startswith(
        ("come_", "dont_come_")
    ):
        return "line"
    if kind.startswith("odds_"):
        return "odds"
    head = kind.split("_")[0]
    if head in ("place", "buy", "lay", "field", "big", "hard"):
        return head
    return "prop"


@functools.cache
def number_of(kind: str) -> int | None:
    tail = kind.rpartition("_")[2]
    return int(tail) if tail.isdigit() else None


# a bet's pots are named from its seat and kind alone, and every bet placed and settled asks
# them: the names are made once (a layout's few hundred at most, issue 50)
@functools.lru_cache(maxsize=1 << 12)
def bet_pot(position: int, kind: str) -> str:
    return pot(f"s{position}:{kind}")


@functools.lru_cache(maxsize=1 << 12)
def vig_pot(position: int, kind: str) -> str:
    return pot(f"s{position}:{kind}:vig")


def bet_key(position: int, kind: str) -> str:
    return f"{position}:{kind}"


# --- config ------------------------------------------------------------------------------------


def check_config(config: dict) -> dict:
    checked = check_house_config(config, {"barred": 12, "limits": {}, "propositions": {}})
    if checked["barred"] not in (2, 12):
        raise IllegalAction(gettext_noop("The barred number (barred) is 2 or 12 (C1)."))
    limits = checked["limits"]
    if not isinstance(limits, dict) or set(limits) - set(GROUPS):
        raise IllegalAction(
            gettext_noop("The limits are a JSON object of bet groups: %(groups)s."),
            groups=", ".join(GROUPS),
        )
    filled = {}
    for group in GROUPS:
        low_default = checked["min_unit"] if group == "odds" else checked["min_bet"]
        bounds = limits.get(group, [low_default, checked["max_bet"]])
        if (
            not isinstance(bounds, list)
            or len(bounds) != 2
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)
            or not 0 < bounds[0] <= bounds[1]
        ):
            raise IllegalAction(
                gettext_noop(
                    "The limits of %(group)s bets are two whole amounts, the lower above 0."
                ),
                group=group,
            )
        filled[group] = list(bounds)
    checked["limits"] = filled
    props = checked["propositions"]
    if not isinstance(props, dict) or set(props) - set(PROPOSITIONS):
        raise IllegalAction(gettext_noop("The proposition pay table names unknown bets."))
    table = {**PROPOSITIONS, **props}
    for kind, ratio in table.items():
        try:
            if not isinstance(ratio, str) or pay_ratio(ratio) <= 0:
                raise ValueError(ratio)
        except (ValueError, ZeroDivisionError):
            raise IllegalAction(
                gettext_noop("A proposition pays N:1 with N above 0 (%(kind)s)."), kind=kind
            ) from None
    checked["propositions"] = table
    return checked


@functools.cache  # every roll's settings and every proposition won read the same few texts
def pay_ratio(text: str) -> Fraction:
    """A proposition's "N:1" as the fraction of the stake it wins (C13)."""
    return ratio_of(text)


# --- how each bet is decided -----------------------------------------------------------------

WIN, LOSE, MOVE, RETURN = "win", "lose", "move", "return"


def decide(kind: str, total: int, hard: bool, point: int | None, barred: int, working: bool):
    """What one roll does to a bet: None (no decision), (WIN, ratio), (LOSE,), (MOVE, number) or
    (RETURN,) (back to its player unplayed: come odds off on a come-out, C5)."""
    number = number_of(kind)
    comeout = point is None
    if kind == "pass":  # §4, §5.1
        if comeout:
            return (WIN, Fraction(1)) if total in (7, 11) else (LOSE,) if total in CRAPS else None
        return (WIN, Fraction(1)) if total == point else (LOSE,) if total == 7 else None
    if kind == "dont_pass":  # §5.4, C1, C3
        if comeout:
            if total in (7, 11):
                return (LOSE,)
            if total in CRAPS:
                return None if total == barred else (WIN, Fraction(1))
            return None
        return (WIN, Fraction(1)) if total == 7 else (LOSE,) if total == point else None
    if kind == "odds_pass":  # §5.2
        return (WIN, TRUE_ODDS[point]) if total == point else (LOSE,) if total == 7 else None
    if kind == "come" or kind == "dont_come":  # §5.3, §5.5, C2
        wins, loses = ((7, 11), CRAPS) if kind == "come" else (CRAPS, (7, 11))
        if kind == "dont_come" and total == barred:
            return None
        if total in wins:
            return (WIN, Fraction(1))
        if total in loses:
            return (LOSE,)
        return (MOVE, total)
    if kind.startswith("come_"):
        return (WIN, Fraction(1)) if total == number else (LOSE,) if total == 7 else None
    if kind.startswith("dont_come_"):
        return (WIN, Fraction(1)) if total == 7 else (LOSE,) if total == number else None
    if kind.startswith("odds_come_"):  # §5.3; off on a come-out: returned with its bet (C5)
        if total not in (7, number):
            return None
        if not working:
            return (RETURN,)
        return (WIN, TRUE_ODDS[number]) if total == number else (LOSE,)
    if kind == "field":  # §5.9: one roll
        return (WIN, FIELD_PAYS[total]) if total in FIELD_PAYS else (LOSE,)
    if kind in ONE_ROLL_PROPS:  # §5.11: one roll
        return (WIN, None) if total in ONE_ROLL_PROPS[kind] else (LOSE,)
    if not working:
        return None
    if kind.startswith("lay_"):  # §5.8
        return (WIN, LAY_PAYS[number]) if total == 7 else (LOSE,) if total == number else None
    if kind.startswith("hard_"):  # §5.11
        if total == number and hard:
            return (WIN, None)
        return (LOSE,) if total in (7, number) else None
    pays = {"place": PLACE_PAYS, "buy": TRUE_ODDS}.get(kind.split("_")[0])
    ratio = pays[number] if pays else Fraction(1)  # big 6 and 8 pay even money (§5.10)
    return (WIN, ratio) if total == number else (LOSE,) if total == 7 else None


@functools.cache
def decided(kind: str, total: int, hard: bool, point: int | None, barred: int, working: bool):
    """``decide`` as a table: its inputs are few (54 kinds, 15 throws, 7 points, 2 barred
    numbers, on or off) and settlement asks it of every bet on every roll, so each answer is
    worked once and looked up after (tests/tables/games/craps: equal to ``decide`` on every
    input)."""
    return decide(kind, total, hard, point, barred, working)


def _works_on_the_come_out(kind: str) -> bool | None:
    """On the come-out place, big 6 and 8, hardways and come odds are off unless turned on (§5.6,
    C5, C12: None, as the bet says), buy bets are off (§5.7) and lay bets work (§5.8)."""
    if kind.startswith("buy_"):
        return False
    if kind.startswith(SWITCHABLE):
        return None
    return True


COME_OUT_WORKING = {kind: _works_on_the_come_out(kind) for kind in KINDS}


def is_working(bet: dict, point: int | None) -> bool:
    """Whether a bet is working on this roll: everything is after a point is set; on the
    come-out as ``_works_on_the_come_out`` says."""
    if point is not None:
        return True
    works = COME_OUT_WORKING.get(bet["kind"], True)
    return bool(bet.get("on")) if works is None else works


# A bet whose win is paid with its stake back (a one-roll bet, a come bet on its number, odds):
# the others stay up after a win (line bets for the next come-out, place, buy, lay, big 6 and 8,
# hardways).
LEAVES_LAYOUT = frozenset(
    kind
    for kind in KINDS
    if kind in ("come", "dont_come", "field", *ONE_ROLL_PROPS)
    or kind.startswith(("come_", "dont_come_", "odds_"))
)


# --- the bets in the state ------------------------------------------------------------------


def _limits(state: State, kind: str) -> tuple[int, int]:
    low, high = state["limits"][group_of(kind)]
    return low, high


def _unit(state: State) -> int:
    return state["min_unit"]


def odds_limit(state: State, line_amount: int, number: int) -> int:
    """C4: single odds: 4 or 10 up to the line bet; 5 or 9 up to the smallest even amount (of
    units) at or above it; 6 or 8 up to the smallest multiple of 5 units at or above it."""
    unit = _unit(state)
    step = {4: 1, 10: 1, 5: 2, 9: 2, 6: 5, 8: 5}[number] * unit
    return -(-line_amount // step) * step


def _bet(state: State, position: int, kind: str) -> dict | None:
    return state["bets"].get(bet_key(position, kind))


def _seat_bets(state: State, position: int) -> list[dict]:
    return sorted(
        (b for b in state["bets"].values() if b["seat"] == position), key=lambda b: ORDER[b["kind"]]
    )


def _commission(state: State, kind: str, amount: int) -> int:
    """C8: 5 % of a buy bet, 5 % of a lay bet's possible win; exact, rounded down."""
    if kind.startswith("buy_"):
        return int(amount * COMMISSION)
    if kind.startswith("lay_"):
        return int(winnings(amount, LAY_PAYS[number_of(kind)]) * COMMISSION)
    return 0


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
