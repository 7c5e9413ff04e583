"""Craps (DG §1–§5, ../shared/rules/craps.md, rulings C1–C17 and section 5's decisions): players
bet against the house on the rolls of one shooter among them.

A hand of the platform is one roll. Bets live across rolls: each is a pot of its own,
``pot("s<seat>:<bet>")`` (a buy or lay bet's commission beside it in ``...:vig``), in an escrow
that lasts while any bet is on the layout (``escrow_key``; a new scope once none is left), and
the layout, the point, the shooter and his pair of dice go on to the next roll (``carry_over``).

A roll, in order:
- **The dice are committed** when the hand starts: one face for each of the set's five numbered
  dice (§2.2, ``tables.engines.dice``), published before any bet of the roll and revealed when
  the hand ends.
- **The betting window** (§4: the dice are given only after the bets): every player dealt in
  bets, takes bets down, turns them on or off, and says he is done; his clock's key is the
  roll's number, which bets do not change, so concurrent bets never refuse each other. A player
  who says nothing is done when his clock runs out.
- **The throw**: once everybody is done the shooter has the dice. On the come-out he must have a
  pass or don't pass bet (§4, C14). A new shooter first picks two of the five dice (§3, §4); he
  throws them until the dice pass. He may refuse the dice, and a shooter silent past
  ``shooter_seconds`` passes them (section 5): they go to the next player on his left, who
  gets a betting turn of his own before he throws. An RNG roll is never a "no roll" (C15).
- **Settlement** of every bet at once (C16); the resolutions are listed losers first, then the
  field, big 6 and 8, come and place bets (§4, §5.6).

Bets (``KINDS``), when they may be made, taken down, work or are off: see ``_placeable``,
``_removable`` and ``_working``; how each is decided: ``decide``.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from tables.engines import base, dice
from tables.engines.base import (
    HOUSE_BANK,
    Commitment,
    Event,
    GameEngine,
    IllegalAction,
    NextHand,
    State,
    gettext_noop,
    pay,
    pot,
)
from tables.families.house.bank import check_house_config
from tables.families.house.boxes import ratio_of, winnings

GAME = "craps"
SEATS = (1, 12)
NUMBERS = (4, 5, 6, 8, 9, 10)  # the point numbers (§4)
CRAPS = (2, 3, 12)
BETTING, THROW = "betting", "throw"
HISTORY = 20  # rolls the board remembers

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


def number_of(kind: str) -> int | None:
    tail = kind.rpartition("_")[2]
    return int(tail) if tail.isdigit() else None


def bet_pot(position: int, kind: str) -> str:
    return pot(f"s{position}:{kind}")


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
            if not isinstance(ratio, str) or ratio_of(ratio) <= 0:
                raise ValueError(ratio)
        except (ValueError, ZeroDivisionError):
            raise IllegalAction(
                gettext_noop("A proposition pays N:1 with N above 0 (%(kind)s)."), kind=kind
            ) from None
    checked["propositions"] = table
    return checked


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


def is_working(bet: dict, point: int | None) -> bool:
    """Whether a bet is working on this roll: everything is after a point is set; on the
    come-out place, big 6 and 8, hardways and come odds are off unless turned on (§5.6, C5,
    C12), buy bets are off (§5.7) and lay bets work (§5.8)."""
    if point is not None:
        return True
    kind = bet["kind"]
    if kind.startswith("buy_"):
        return False
    if kind.startswith(SWITCHABLE):
        return bool(bet.get("on"))
    return True


def _leaves_layout(kind: str) -> bool:
    """A bet whose win is paid with its stake back (a one-roll bet, a come bet on its number,
    odds): the others stay up after a win (line bets for the next come-out, place, buy, lay, big
    6 and 8, hardways)."""
    return kind in ("come", "dont_come", "field", *ONE_ROLL_PROPS) or kind.startswith(
        ("come_", "dont_come_", "odds_")
    )


# --- the state ---------------------------------------------------------------------------------


def _copy(state: State) -> State:
    """A new state sharing what no change touches in place: a bet is replaced, never changed
    (``_put``), and a pot's escrow record is copied before a payment into it (``_pay_in``)."""
    copied = dict(state)
    for key in ("bets", "pots", "escrowed"):
        copied[key] = dict(state[key])
    for key in ("done", "players", "refused", "absent", "left", "results"):
        copied[key] = list(state[key])
    return copied


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


def _pay_ratio(state: State, kind: str, ratio) -> Fraction:
    return _ratio_of_text(state["propositions"][kind]) if ratio is None else ratio


@functools.cache
def _ratio_of_text(text: str) -> Fraction:
    return ratio_of(text)


def _won(state: State, bet: dict, ratio) -> int:
    # exact, then rounded once toward zero (the casino's rule, ``boxes.winnings``)
    amount = int(bet["amount"] * _pay_ratio(state, bet["kind"], ratio))
    cap = state["max_payout"]
    return min(amount, cap) if cap else amount  # C9: the cap is on the bet's win alone


@functools.cache
def _winning_outcomes(kind: str, point: int | None, barred: int, working: bool) -> tuple:
    """The indexes of ``OUTCOMES`` on which a bet of ``kind`` wins, with the ratio it wins at."""
    wins = []
    for index, (total, hard) in enumerate(OUTCOMES):
        decision = decide(kind, total, hard, point, barred, working)
        if decision and decision[0] == WIN:
            wins.append((index, decision[1]))
    return tuple(wins)


NO_WINS = (0,) * 15


def _bet_wins(state: State, bet: dict | None) -> tuple[int, ...]:
    """What ``bet`` would be paid on each of ``OUTCOMES`` (a win's amount, else 0)."""
    if not bet:
        return NO_WINS
    kind, point = bet["kind"], state["point"]
    pays = _ratio_of_text(state["propositions"][kind]) if kind in PROPOSITIONS else None
    return _wins_of(
        kind,
        bet["amount"],
        is_working(bet, point),
        point,
        state["barred"],
        state["max_payout"],
        pays,
    )


@functools.lru_cache(maxsize=1 << 16)
def _wins_of(kind, amount, working, point, barred, cap, pays) -> tuple[int, ...]:
    paid = [0] * len(OUTCOMES)
    for index, ratio in _winning_outcomes(kind, point, barred, working):
        won = int(amount * (pays if ratio is None else ratio))
        paid[index] = min(won, cap) if cap else won
    return tuple(paid)


def paid_by_outcome(state: State) -> list[int]:
    """What the house would pay on each of ``OUTCOMES``, every bet on the layout together."""
    paid = [0] * len(OUTCOMES)
    for bet in state["bets"].values():
        for index, amount in enumerate(_bet_wins(state, bet)):
            if amount:
                paid[index] += amount
    return paid


# the last state's ``paid_by_outcome`` (a state is never changed once made: a new one is made
# for every change), kept as one tuple so that threads never read one state's with another's
_LAST_PAID: tuple = (None, None)


def _paid_now(state: State) -> list[int]:
    """``paid_by_outcome`` of a state given to the engine (not one being changed), computed
    once however many actions are weighed against it."""
    global _LAST_PAID
    last = _LAST_PAID
    if last[0] is state:
        return last[1]
    paid = paid_by_outcome(state)
    _LAST_PAID = (state, paid)
    return paid


def exposure_of(state: State) -> int:
    """The most the house can pay on the next roll: the largest sum of wins over the 15
    distinct outcomes of two dice (a total, and whether it came as a pair)."""
    return max(paid_by_outcome(state))


def _with_more(state: State, position: int, kind: str, amount: int) -> dict:
    """The seat's bet of ``kind`` as it would stand with ``amount`` more on it."""
    old = _bet(state, position, kind)
    bet = dict(old) if old else {"seat": position, "kind": kind, "amount": 0, "vig": 0}
    if not old and kind.startswith(SWITCHABLE):
        bet["on"] = False
    bet["amount"] += amount
    return bet


def _fits(state: State, paid: list[int], additions: list[tuple[int, str, int]]) -> bool:
    """Whether the bets ``additions`` ((seat, kind, amount more)) keep the house's most at risk
    within ``max_exposure`` (``paid``: ``paid_by_outcome`` now)."""
    changed = list(paid)
    for position, kind, amount in additions:
        old = _bet_wins(state, _bet(state, position, kind))
        new = _bet_wins(state, _with_more(state, position, kind, amount))
        for index in range(len(changed)):
            changed[index] += new[index] - old[index]
    return max(changed) <= state["max_exposure"]


OUTCOMES = sorted({(a + b, a == b) for a in range(1, 7) for b in range(1, 7)})


# --- what may be done now ----------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["phase"] == THROW:
        return [state["shooter"]]
    return [p for p in state["players"] if p not in state["done"] and p not in state["absent"]]


def _placeable(state: State, position: int, kind: str) -> str | None:
    """Why ``kind`` may not be placed now by ``position`` (None: it may)."""
    point = state["point"]
    if kind not in PLACEABLE:
        return gettext_noop("There is no such bet on the layout.")
    if kind == "pass" and point is not None and not _entry_bet_due(state, position):
        return gettext_noop("A pass line bet is made only on the come-out roll (§5.1).")
    if kind == "dont_pass" and point is not None:
        return gettext_noop(
            "A don't pass bet is made before the come-out roll; once its point is set it may "
            "be taken down, not raised (§5.4, C6)."
        )
    if kind in ("come", "dont_come") and point is None:
        return gettext_noop("Come and don't come bets are made once a point is set (§5.3).")
    if kind == "odds_pass" and (point is None or not _bet(state, position, "pass")):
        return gettext_noop("Odds go behind your pass line bet once its point is set (§5.2).")
    if kind.startswith("odds_come_") and not _bet(state, position, f"come_{number_of(kind)}"):
        return gettext_noop("Odds go behind your come bet once it has moved to its number (§5.3).")
    return None


def _line_of_odds(state: State, position: int, kind: str) -> tuple[int, int] | None:
    """The line bet an odds bet stands behind, and its number."""
    if kind == "odds_pass":
        line, number = _bet(state, position, "pass"), state["point"]
    else:
        number = number_of(kind)
        line = _bet(state, position, f"come_{number}")
    return (line["amount"], number) if line and number else None


def amount_bounds(state: State, position: int, kind: str) -> tuple[int, int] | None:
    """The least and the most ``position`` may add to ``kind`` now (its multiple kept) within
    the bet's limits, or None if nothing fits; the house's risk limit (``max_exposure``) may
    refuse a part of that range (``_fits``)."""
    low, high = _limits(state, kind)
    placed = (_bet(state, position, kind) or {}).get("amount", 0)
    if kind.startswith("odds_"):
        line = _line_of_odds(state, position, kind)
        if line is None:
            return None
        high = min(high, odds_limit(state, *line))
    step = _step(state, kind)
    least = max(low - placed, step)
    least = -(-least // step) * step
    most = (high - placed) // step * step
    if most < least:
        return None
    return least, most


def offered_bounds(
    state: State, position: int, kind: str, paid: list[int] | None = None
) -> tuple[int, int] | None:
    """``amount_bounds`` within the house's risk limit as well: the range a view offers is what
    ``apply`` accepts (issue 47). A bet's wins grow with its amount, so the amounts that fit
    ``max_exposure`` are the low end of the range: the largest is found by halving."""
    bounds = amount_bounds(state, position, kind)
    if bounds is None or not state["max_exposure"]:
        return bounds
    paid = _paid_now(state) if paid is None else paid
    least, most = bounds
    step = _step(state, kind)

    def fits(amount: int) -> bool:
        return _fits(state, paid, [(position, kind, amount)])

    if not fits(least):
        return None
    if fits(most):
        return bounds
    solved = _most_that_fits(state, paid, position, kind, least, most, step)
    if solved is not None and fits(solved) and not fits(solved + step):
        return least, solved
    low, high = least // step, most // step  # in steps: fits(low), not fits(high)
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle * step):
            low = middle
        else:
            high = middle
    return least, low * step


def _most_that_fits(state, paid, position, kind, least, most, step) -> int | None:
    """The largest amount (a multiple of ``step``, between ``least`` and ``most``) the house's
    risk limit leaves for ``kind``, solved outcome by outcome: on each outcome the bet wins at
    ratio r, int((placed + a) r), capped by ``max_payout``, may add at most what the limit
    leaves there. None where it cannot be solved so (the caller then halves)."""
    old = _bet(state, position, kind)
    placed = old["amount"] if old else 0
    bet = _with_more(state, position, kind, 0)
    point, cap, limit = state["point"], state["max_payout"], state["max_exposure"]
    old_wins = _bet_wins(state, old)
    pays = _ratio_of_text(state["propositions"][kind]) if kind in PROPOSITIONS else None
    best = most
    for index, ratio in _winning_outcomes(kind, point, state["barred"], is_working(bet, point)):
        ratio = pays if ratio is None else ratio
        room = limit - paid[index] + old_wins[index]  # what this outcome may still pay the bet
        if cap and cap <= room:
            continue
        if room < 0 or not ratio:
            return None
        # int((placed + a) * ratio) <= room  <=>  (placed + a) * ratio < room + 1
        highest = -(-(room + 1) // ratio) - 1 - placed
        best = min(best, int(highest))
    best = best // step * step
    return best if best >= least else None


def _step(state: State, kind: str) -> int:
    number = number_of(kind)
    if kind.startswith("place_"):
        return PLACE_MULTIPLE[number] * _unit(state)  # C10
    return _unit(state)


def _put(state: State, position: int, kind: str, amount: int) -> dict:
    bet = _with_more(state, position, kind, amount)
    if kind.startswith("place_"):
        bet.setdefault("after_win", "same")
    state["bets"][bet_key(position, kind)] = bet
    return bet


def _removable(state: State, bet: dict) -> str | None:
    """Why a bet may not be taken down now (None: it may; C6)."""
    kind = bet["kind"]
    if kind == "pass" and state["point"] is not None:
        return gettext_noop("A pass line bet stays until its point is decided (§5.1, C6).")
    if kind in ("come",) or kind.startswith("come_"):
        return gettext_noop("A come bet stays until it is decided (C6).")
    if (
        kind == "dont_pass"
        and state["point"] is not None
        and bet["seat"] == state["shooter"]
        and not _bet(state, bet["seat"], "pass")
    ):
        return gettext_noop("The shooter's line bet stays while he holds the dice (§4).")
    return None


def legal_actions(state: State, position: int) -> list[dict]:
    if position not in to_act(state):
        return []
    if state["phase"] == THROW:
        actions = []
        if _may_throw(state) is None:
            if state["chosen"]:
                actions.append({"type": "roll"})
            else:
                actions += [{"type": "roll", "dice": pair} for pair in PAIRS]
        return [*actions, {"type": "refuse"}]
    actions: list[dict] = []
    paid = _paid_now(state) if state["max_exposure"] else None
    for kind in PLACEABLE:
        if _placeable(state, position, kind) is None:
            bounds = amount_bounds(state, position, kind)
            if bounds:
                actions += [
                    {"type": "bet", "bet": kind, "amount": a}
                    for a in listed_amounts(state, kind)
                    if bounds[0] <= a <= bounds[1]
                    and a % _step(state, kind) == 0
                    and (paid is None or _fits(state, paid, [(position, kind, a)]))
                ]
    for group, numbers in PLACE_GROUPS.items():
        most = _group_times(state, position, numbers, paid)
        actions += [
            {"type": "place_group", "group": group, "times": t} for t in LISTED_TIMES if t <= most
        ]
    for bet in _seat_bets(state, position):
        kind = bet["kind"]
        if _removable(state, bet) is None:
            actions.append({"type": "take_down", "bet": kind})
        if kind.startswith(SWITCHABLE) and state["point"] is None:
            # §5.6, C5, C12: "off" is honoured on a come-out roll only; once a point is on
            # every bet works, so the switch is not offered then (issue 47)
            actions.append({"type": "working", "bet": kind, "on": not bet.get("on")})
        if kind.startswith("place_"):
            actions += [
                {"type": "after_win", "bet": kind, "choice": c}
                for c in AFTER_WIN
                if c != bet["after_win"]
            ]
    actions.append({"type": "done"})
    if position == state["shooter"]:
        actions.append({"type": "refuse"})
    return actions


# The amounts legal_actions names: the same for every seat (the kind's least amount, a table's
# smallest chip for it), listed where it is legal for the seat; any other whole amount within
# the seat's bounds (the view's ``bounds``) is legal as well. One amount a kind keeps the list
# short: a seat may hold some forty kinds of bet.
LISTED_TIMES = (1,)


def listed_amounts(state: State, kind: str) -> list[int]:
    low, _high = _limits(state, kind)
    step = _step(state, kind)
    return [-(-low // step) * step]


PAIRS = [[a, b] for a in range(1, dice.SET_SIZE + 1) for b in range(a + 1, dice.SET_SIZE + 1)]


def _group_times(state: State, position: int, numbers, paid: list[int] | None) -> int:
    """How many times each number's multiple (C10) a place group may be made at once: the
    largest count every number of the group takes (0: none)."""
    most = None
    for number in numbers:
        bounds = amount_bounds(state, position, f"place_{number}")
        if bounds is None:
            return 0
        step = _step(state, f"place_{number}")
        if bounds[0] > step:
            return 0  # the table's minimum asks for more than one multiple: named bets only
        count = bounds[1] // step
        most = count if most is None else min(most, count)
    while (
        most and paid is not None and not _fits(state, paid, _group(state, position, numbers, most))
    ):
        most -= 1
    return most or 0


def _group(state: State, position: int, numbers, times: int) -> list[tuple[int, str, int]]:
    return [(position, f"place_{n}", times * _step(state, f"place_{n}")) for n in numbers]


def has_line_bet(state: State, position: int) -> bool:
    return bool(_bet(state, position, "pass") or _bet(state, position, "dont_pass"))


def _entry_bet_due(state: State, position: int) -> bool:
    """A new shooter given the dice while the point is on, with no line bet: §4 has him make
    his entry bet before he shoots, so he may make it on the pass line, played on the point
    set (rules-decisions, issue 47; a don't pass is made before the come-out only, §5.4)."""
    return (
        position == state["shooter"]
        and state["phase"] == BETTING
        and state["point"] is not None
        and not has_line_bet(state, position)
    )


def _may_throw(state: State) -> str | None:
    """§4: a player makes his pass or don't pass bet before he becomes the shooter, so the
    shooter holds one on every roll he throws, a new shooter taking the dice mid-point too."""
    if not has_line_bet(state, state["shooter"]):
        if state["point"] is not None:
            return gettext_noop(
                "The shooter makes his pass line bet before he throws, on the point set (§4)."
            )
        return gettext_noop(
            "The shooter makes a pass line or don't pass bet before his come-out roll (§4)."
        )
    return None


# --- applying ----------------------------------------------------------------------------------


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validated(state: State, position: int, action) -> dict:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(gettext_noop("That is not an action."))
    if state["over"] or position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind = action["type"]
    if state["phase"] == THROW:
        if kind not in ("roll", "refuse"):
            raise IllegalAction(gettext_noop("The bets are closed: the shooter has the dice (§4)."))
        return action
    if kind == "roll":
        if position != state["shooter"]:
            raise IllegalAction(gettext_noop("Only the shooter throws the dice."))
        raise IllegalAction(
            gettext_noop("The dice go to the shooter once every player is done betting (§4).")
        )
    if kind == "refuse" and position != state["shooter"]:
        raise IllegalAction(gettext_noop("Only the shooter may pass the dice."))
    if kind in ("bet", "take_down", "working", "after_win"):
        bet = action.get("bet")
        if not isinstance(bet, str) or bet not in ORDER:
            raise IllegalAction(gettext_noop("There is no such bet on the layout."))
    if kind not in ("bet", "take_down", "working", "after_win", "place_group", "done", "refuse"):
        raise IllegalAction(gettext_noop("That is not an action."))
    return action


class Craps(GameEngine):
    """Craps' hooks (module docstring)."""

    game = GAME
    display_name = gettext_noop("Craps")
    seats = SEATS
    token_pattern = dice.TOKEN_PATTERN
    clock_settings = (*GameEngine.clock_settings, "bet_seconds", "shooter_seconds")
    example_configs = (
        {"min_bet": 100, "max_bet": 10_000, "min_unit": 100},
        # C1's other bar, a cap per bet and a limit on the house's risk that refuses bets
        {
            "min_bet": 500,
            "max_bet": 3_000,
            "min_unit": 100,
            "barred": 2,
            "max_payout": 20_000,
            "max_exposure": 60_000,
            "limits": {"prop": [100, 1_000], "hard": [100, 1_000]},
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the roll --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        config = check_config(config)
        carry = carry or {}
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"craps deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        faces = dice.roll_set(rng)  # committed before any bet of this roll (§2.2)
        pots = dict(carry.get("pots") or {})
        session = carry.get("session", 0) + (0 if pots else 1)  # a new escrow once none is left
        rolls = carry.get("rolls", 0) + 1
        hand_number = config.get("hand_number")
        absent = [p for p in carry.get("absent_next", []) if p in players]
        state: State = {
            "game": GAME,
            "hand_key": hand_number if _whole(hand_number) else rolls,
            "rolls": rolls,
            "session": session,
            "players": players,
            "absent": absent,
            "left": [p for p in carry.get("left", []) if p not in players],
            "faces": faces,
            "dice_record": dice.record(faces),
            "phase": BETTING,
            "done": [],
            "point": carry.get("point"),
            "shooter": None,
            "chosen": None,
            "refused": [],
            # the seat the dice were last with: after every player refuses them the next
            # roll offers them on from its left (§4), not from the lowest seat (issue 47)
            "dice_from": carry.get("dice_from", -1),
            "bets": {k: dict(v) for k, v in (carry.get("bets") or {}).items()} if pots else {},
            "pots": pots,
            "escrowed": {k: dict(v) for k, v in (carry.get("escrowed") or {}).items()}
            if pots
            else {},
            "staked": bool(pots),
            "roll": None,
            "results": [],
            "history": list(carry.get("history") or []),
            "barred": config["barred"],
            "limits": config["limits"],
            "propositions": config["propositions"],
            "min_unit": config["min_unit"],
            "max_payout": config["max_payout"],
            "max_exposure": config["max_exposure"],
            "over": False,
            "result": None,
        }
        shooter = carry.get("shooter")
        if shooter in players and shooter not in absent:
            state["shooter"], state["chosen"] = shooter, carry.get("chosen")
        else:
            after = shooter if shooter is not None else state["dice_from"]
            state["shooter"] = _next_shooter(state, after)
        if state["shooter"] is None and not to_act(state):
            _end(state, [], {"no_shooter": True})
        # else with nobody who may shoot (mid-point, no line bet present) the players still
        # bet and take down; the roll ends unthrown once they are done (``_after_decision``)
        return state

    def start_events(self, state: State) -> list[Event]:
        return [
            {
                "type": "hand_started",
                "players": list(state["players"]),
                "shooter": state["shooter"],
                "point": state["point"],
            }
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        kind = checked["type"]
        # the house's risk now, of the state given (a bet's own is weighed against it)
        paid = _paid_now(state) if state["max_exposure"] and kind in BETS else None
        state = _copy(state)
        events: list[Event] = []
        if kind == "bet":
            _place(state, events, seat, checked["bet"], checked.get("amount"), paid)
        elif kind == "place_group":
            _place_group(state, events, seat, checked.get("group"), checked.get("times"), paid)
        elif kind == "take_down":
            _take_down(state, events, seat, checked["bet"])
        elif kind == "working":
            _switch(state, events, seat, checked["bet"], checked.get("on"))
        elif kind == "after_win":
            _after_win(state, events, seat, checked["bet"], checked.get("choice"))
        elif kind == "done":
            state["done"].append(seat)
            events.append({"type": "done", "seat": seat})
            _after_decision(state, events)
        elif kind == "refuse":
            events.append({"type": "dice_refused", "seat": seat})
            _pass_dice(state, events)
        else:
            _throw(state, events, seat, checked)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """The roll's number: bets change no one's decision; the shooter's turn changes when the
        dice reach him or pass to another."""
        if seat == state["shooter"]:
            return f"{state['rolls']}:{state['phase']}:{len(state['refused'])}"
        return str(state["rolls"])

    def clock_setting(self, state: State, seat: int) -> str:
        return "shooter_seconds" if state["phase"] == THROW else "bet_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """A player silent in the window is done; a shooter silent with the dice passes them
        (section 5)."""
        return {"type": "refuse"} if state["phase"] == THROW else {"type": "done"}

    def hand_result(self, state: State) -> dict:
        return dict(state.get("result") or {})

    def carry_over(self, state: State) -> dict:
        """The layout, the point, the shooter and his dice, and the roll history go on."""
        return {
            "session": state["session"],
            "rolls": state["rolls"],
            "point": state["point"],
            "shooter": state["shooter"],
            "chosen": state["chosen"],
            "dice_from": state["dice_from"],
            "bets": {k: dict(v) for k, v in state["bets"].items()},
            "pots": dict(state["pots"]),
            "escrowed": {k: dict(v) for k, v in state["escrowed"].items()},
            "history": list(state["history"]),
            "left": list(state["left"]),
        }

    def escrow_key(self, state: State) -> str:
        return f"craps-layout:{state['session']}"

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["dice_record"])

    def round_without_bets(self, state: State) -> bool:
        return self.is_hand_over(state) and not state["staked"]

    def exposure(self, state: State) -> int | None:
        return exposure_of(state)

    # --- what each may see -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Everything on the layout is public; the committed faces are not until the throw
        (then the two thrown, and the hand's record reveals the rest)."""
        public = {
            "game": GAME,
            "roll_number": state["rolls"],
            "phase": "over" if state["over"] else state["phase"],
            "point": state["point"],
            "puck": "on" if state["point"] is not None else "off",
            "shooter": state["shooter"],
            "chosen": list(state["chosen"]) if state["chosen"] else None,
            "refused": list(state["refused"]),
            "players": list(state["players"]),
            "left": list(state["left"]),
            "to_act": to_act(state),
            "done": list(state["done"]),
            # what ``bet_states`` calls each bet: what settlement does (issue 47)
            "bets": [dict(b, working=is_working(b, state["point"])) for b in _all_bets(state)],
            "roll": dict(state["roll"]) if state["roll"] else None,
            "results": [dict(r) for r in state["results"]],
            "history": [list(h) for h in state["history"]],
            "barred": state["barred"],
            "limits": {k: list(v) for k, v in state["limits"].items()},
            "propositions": dict(state["propositions"]),
            "min_unit": state["min_unit"],
            "over": state["over"],
            "result": dict(state["result"]) if state["result"] else None,
            "seat": seat,
        }
        if seat is not None:
            legal = legal_actions(state, seat)
            public["legal"] = legal
            public["may_throw"] = seat == state["shooter"] and _may_throw(state) is None
            # every house limit in: max_bet, the odds' C4, max_exposure (issue 47)
            public["bounds"] = {
                kind: list(bounds)
                for kind in PLACEABLE
                if seat in to_act(state)
                and state["phase"] == BETTING
                and _placeable(state, seat, kind) is None
                and (bounds := offered_bounds(state, seat, kind))
            }
        return public

    def offered(self, state: State, seat: int) -> list[dict]:
        """The two ends of each bet's range in the view (``bounds``): ``legal_actions`` names
        the least amount of a kind only."""
        if seat not in to_act(state) or state["phase"] != BETTING:
            return []
        return [
            {"type": "bet", "bet": kind, "amount": amount}
            for kind in PLACEABLE
            if _placeable(state, seat, kind) is None
            and (bounds := offered_bounds(state, seat, kind))
            for amount in sorted(set(bounds))
        ]

    def bet_states(self, state: State) -> dict[str, str]:
        """Each bet as the view calls it: working, or off (§5.6, C5, C12: ``is_working``)."""
        point = state["point"]
        return {
            bet_key(b["seat"], b["kind"]): "working" if is_working(b, point) else "off"
            for b in state["bets"].values()
        }

    def decided(self, state: State, events: list[Event]) -> set[str]:
        return {
            bet_key(e["seat"], e["bet"])
            for e in events
            if e.get("type") == "resolved" and e.get("outcome") in (WIN, LOSE)
        }

    def all_cards(self, state: State) -> list[str]:
        return dice.tokens(state["faces"])

    def undealt(self, state: State) -> list[str]:
        return [] if state["roll"] else dice.tokens(state["faces"])

    # --- the session -------------------------------------------------------------------------

    def in_play(self, state: State | None) -> bool:
        """A roll under way, or bets on the layout between rolls (their money is in play)."""
        return bool(state) and (not state["over"] or bool(state["pots"]))

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return bool(state) and any(b["seat"] == seat for b in state["bets"].values())

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def next_hand(self, state, seats, config):
        """A roll starts when someone present may shoot; players away are dealt in too (their
        bets keep working and are paid), never awaited."""
        present = [s.position for s in seats if not s.away]
        if not present:
            return None
        players = sorted(s.position for s in seats)[: SEATS[1]]
        carry = self.carry_over(state) if state else None
        if carry is not None:
            carry["absent_next"] = [s.position for s in seats if s.away]
        else:
            carry = {"absent_next": [s.position for s in seats if s.away]}
        return NextHand(tuple(players), carry)

    def apply_absent(self, state, seat, rng=None):
        if state["over"] or seat not in state["players"] or seat in state["absent"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "absent", "seat": seat}]
        state["absent"].append(seat)
        if seat == state["shooter"]:
            _pass_dice(state, events)
        else:
            _after_decision(state, events)
        return state, events

    def apply_leave(self, state, seat, rng=None):
        """Leaving takes down every bet that may come down (C6) and passes the dice; a pass or
        come bet whose number is set stays working for him until it is decided (the seat is
        held, ``holds_bets``). With nobody else at the roll to throw, they come down too."""
        if not self.in_play(state):
            return None
        if seat not in state["players"] and not any(
            b["seat"] == seat for b in state["bets"].values()
        ):
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        others = [p for p in state["players"] if p != seat and p not in state["absent"]]
        # with nobody else at the roll to throw, every bet on the layout comes down
        leaving = _all_bets(state) if not others else _seat_bets(state, seat)
        for bet in leaving:
            if not others or _removable(state, bet) is None:
                _return_bet(state, events, bet, "taken down: the player left")
        if not others:
            state["left"] = []
        if seat in state["players"]:
            state["players"].remove(seat)
        if seat in state["done"]:
            state["done"].remove(seat)
        if any(b["seat"] == seat for b in state["bets"].values()) and seat not in state["left"]:
            state["left"].append(seat)
        if not state["over"]:
            if seat == state["shooter"]:
                _pass_dice(state, events)
            else:
                _after_decision(state, events)
        return state, events

    def apply_void(self, state: State):
        """Staff void: every bet on the layout back to whoever paid it (its commission too);
        the point is off and a new shooter comes out."""
        if not self.in_play(state):
            raise IllegalAction(gettext_noop("No roll is being played."))
        state = _copy(state)
        events: list[Event] = [{"type": "void"}]
        for pot_name, payers in sorted(state["escrowed"].items()):
            for payer, amount in sorted(payers.items()):
                if amount:
                    events.append(base.Payment(pot_name, payer, amount, "void").as_event())
        state.update(bets={}, pots={}, escrowed={}, point=None, over=True, phase="over")
        state["result"] = {"void": True}
        state["left"] = []
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [
                gettext_noop("Line bet"),
                {"money_range": [config.get("min_bet"), config.get("max_bet")]},
            ]
        ]
        if not state:
            return {"pot": 0, "stage": "", "facts": facts}
        point = state["point"]
        if point is not None:  # the puck ON (§2.4); off, the stage says "coming out"
            facts.append([gettext_noop("Point"), point])
        if state["shooter"] is not None:
            facts.append([gettext_noop("Shooter"), {"seat": state["shooter"]}])
        on_layout = sum(state["pots"].values())
        facts.append([gettext_noop("On the layout"), {"money": on_layout}])
        if self.in_play(state):
            facts.append([gettext_noop("House at risk"), {"money": exposure_of(state)}])
        stage = gettext_noop("coming out") if point is None else gettext_noop("point is on")
        return {"pot": on_layout, "stage": stage, "facts": facts}


def _all_bets(state: State) -> list[dict]:
    return sorted(state["bets"].values(), key=lambda b: (b["seat"], ORDER[b["kind"]]))


# --- state changes -----------------------------------------------------------------------------


BETS = ("bet", "place_group")


def _place(state: State, events: list[Event], position: int, kind: str, amount, paid) -> None:
    refusal = _placeable(state, position, kind)
    if refusal:
        raise IllegalAction(refusal)
    if not _whole(amount) or amount <= 0:
        raise IllegalAction(gettext_noop("A bet is a whole amount above 0."))
    _check_amount(state, position, kind, amount, paid)
    _stake(state, events, position, kind, amount)


def _check_amount(
    state: State, position: int, kind: str, amount: int, paid: list[int] | None
) -> None:
    """Refuse an amount off its multiple or limits; with ``paid`` (``_paid_now``), one that
    would take the house's risk over ``max_exposure``."""
    step = _step(state, kind)
    if kind.startswith("place_") and amount % step:
        raise IllegalAction(
            gettext_noop("A place bet on %(number)s is made in multiples of %(amount)s (C10)."),
            number=number_of(kind),
            amount=step,
        )
    if amount % _unit(state):
        raise IllegalAction(
            gettext_noop("A bet is made in multiples of %(amount)s."), amount=_unit(state)
        )
    low, high = _limits(state, kind)
    placed = (_bet(state, position, kind) or {}).get("amount", 0)
    if kind.startswith("odds_"):
        line = _line_of_odds(state, position, kind)
        limit = odds_limit(state, *line)
        if placed + amount > limit:
            raise IllegalAction(
                gettext_noop("Your odds may be at most %(amount)s behind this bet (C4)."),
                amount=limit,
            )
    if not low <= placed + amount <= high:
        raise IllegalAction(
            gettext_noop("This bet is from %(low)s to %(high)s in all."), low=low, high=high
        )
    if paid is not None and not _fits(state, paid, [(position, kind, amount)]):
        raise IllegalAction(
            gettext_noop("The house cannot take this bet now: the table's risk limit is reached.")
        )


def _stake(state: State, events: list[Event], position: int, kind: str, amount: int) -> None:
    bet = _put(state, position, kind, amount)
    state["staked"] = True
    events.append({"type": "bet", "seat": position, "bet": kind, "amount": amount})
    _pay_in(state, events, position, bet_pot(position, kind), amount, kind)
    _charge_commission(state, events, bet)


def _charge_commission(state: State, events: list[Event], bet: dict) -> None:
    """C8: a buy or lay bet's commission, for the bet as it now stands, paid beside it."""
    due = _commission(state, bet["kind"], bet["amount"]) - bet["vig"]
    if due > 0:
        position, kind = bet["seat"], bet["kind"]
        _pay_in(state, events, position, vig_pot(position, kind), due, "commission")
        bet["vig"] += due


def _place_group(state, events, position, group, times, paid) -> None:
    if not isinstance(group, str) or group not in PLACE_GROUPS:
        raise IllegalAction(gettext_noop("The place groups are inside, outside and across."))
    if not _whole(times) or times <= 0:
        raise IllegalAction(gettext_noop("A bet is a whole amount above 0."))
    numbers = PLACE_GROUPS[group]
    additions = _group(state, position, numbers, times)
    for _position, kind, amount in additions:
        _check_amount(state, position, kind, amount, None)
    if paid is not None and not _fits(state, paid, additions):
        raise IllegalAction(
            gettext_noop("The house cannot take this bet now: the table's risk limit is reached.")
        )
    events.append({"type": "place_group", "seat": position, "group": group, "times": times})
    for number in numbers:  # one act (§5.6): every number checked before any is staked
        kind = f"place_{number}"
        _stake(state, events, position, kind, times * _step(state, kind))


def _take_down(state, events, position, kind) -> None:
    bet = _bet(state, position, kind)
    if bet is None:
        raise IllegalAction(gettext_noop("You have no such bet on the layout."))
    refusal = _removable(state, bet)
    if refusal:
        raise IllegalAction(refusal)
    _return_bet(state, events, bet, "taken down")


def _return_bet(state: State, events: list[Event], bet: dict, reason: str) -> None:
    """A bet off the layout, its stake and unearned commission back to its player (C8)."""
    position, kind = bet["seat"], bet["kind"]
    events.append({"type": "taken_down", "seat": position, "bet": kind, "amount": bet["amount"]})
    _empty(state, events, bet_pot(position, kind), base.seat(position), reason)
    _empty(state, events, vig_pot(position, kind), base.seat(position), "commission returned")
    del state["bets"][bet_key(position, kind)]


def _pay_in(state: State, events: list[Event], position: int, pot_name: str, amount, reason):
    """A seat's payment into one of its bet's pots; the pot's escrow record copied first (the
    state before this change still holds the old one)."""
    escrowed = state["escrowed"]
    escrowed[pot_name] = dict(escrowed.get(pot_name, {}))
    pay(state, events, base.seat(position), pot_name, amount, reason)


def _empty(state: State, events: list[Event], pot_name: str, target: str, reason: str) -> int:
    """Pay a pot's whole balance to ``target``; it leaves the escrow record."""
    amount = state["pots"].get(pot_name, 0)
    if amount:
        pay(state, events, pot_name, target, amount, reason)
    state["escrowed"].pop(pot_name, None)
    return amount


def _switch(state, events, position, kind, on) -> None:
    bet = _bet(state, position, kind)
    if bet is None or not kind.startswith(SWITCHABLE):
        raise IllegalAction(
            gettext_noop("Only your place, big 6 and 8, hardway and come odds bets turn on or off.")
        )
    if not isinstance(on, bool):
        raise IllegalAction(gettext_noop("A bet is turned on or off."))
    if state["point"] is not None:  # §5.6, C12: off is honoured on a come-out only
        raise IllegalAction(
            gettext_noop(
                "A bet is turned off only for a come-out roll: while the point is on, every "
                "bet works (§5.6)."
            )
        )
    if bool(bet.get("on")) == on:
        raise IllegalAction(gettext_noop("That bet is already so."))
    bet = dict(bet, on=on)
    state["bets"][bet_key(position, kind)] = bet
    events.append({"type": "working", "seat": position, "bet": kind, "on": on})


def _after_win(state, events, position, kind, choice) -> None:
    bet = _bet(state, position, kind)
    if bet is None or not kind.startswith("place_"):
        raise IllegalAction(
            gettext_noop("Only your place bets are pressed or taken down on a win.")
        )
    if not isinstance(choice, str) or choice not in AFTER_WIN:
        raise IllegalAction(
            gettext_noop("After a win a place bet stays, is pressed or comes down.")
        )
    if bet["after_win"] == choice:
        raise IllegalAction(gettext_noop("That bet is already so."))
    state["bets"][bet_key(position, kind)] = dict(bet, after_win=choice)
    events.append({"type": "after_win", "seat": position, "bet": kind, "choice": choice})


def _after_decision(state: State, events: list[Event]) -> None:
    """Once every player present is done betting the shooter has the dice (§4)."""
    if state["over"] or state["phase"] != BETTING:
        return
    waiting = [p for p in state["players"] if p not in state["done"] and p not in state["absent"]]
    if not waiting and state["shooter"] is not None:
        state["phase"] = THROW
        events.append({"type": "dice_to_shooter", "seat": state["shooter"]})
    elif not waiting:
        _end(state, events, {"no_shooter": True})


def _next_shooter(state: State, after: int) -> int | None:
    """The next player on the left (the next seat up, round the table) who may shoot."""
    candidates = [
        p for p in state["players"] if p not in state["absent"] and p not in state["refused"]
    ]
    if not candidates:
        return None
    later = [p for p in candidates if p > after]
    return (later or candidates)[0]


def _pass_dice(state: State, events: list[Event]) -> None:
    """The shooter refuses or passes the dice (§4): they go to the next player on his left, who
    gets a betting turn to make his line bet; with nobody left to take them the roll ends
    unthrown."""
    old = state["shooter"]
    if old is not None:
        state["refused"].append(old)
        state["dice_from"] = old
    after = old if old is not None else state["dice_from"]
    state["shooter"], state["chosen"] = _next_shooter(state, after), None
    if state["shooter"] is None:
        _end(state, events, {"no_shooter": True})
        return
    events.append({"type": "shooter", "seat": state["shooter"]})
    if state["shooter"] in state["done"]:
        state["done"].remove(state["shooter"])
    state["phase"] = BETTING
    _after_decision(state, events)


def _end(state: State, events: list[Event], result: dict) -> None:
    state.update(over=True, phase="over", result=result)
    if result.get("no_shooter"):
        # the next roll offers the dice from the next seat on
        state["shooter"], state["chosen"] = None, None
        events.append({"type": "no_shooter"})


def _throw(state: State, events: list[Event], position: int, action: dict) -> None:
    if position != state["shooter"]:
        raise IllegalAction(gettext_noop("Only the shooter throws the dice."))
    refusal = _may_throw(state)
    if refusal:
        raise IllegalAction(refusal)
    chosen = state["chosen"]
    picked = action.get("dice")
    if chosen is None:
        if (
            not isinstance(picked, list)
            or len(picked) != 2
            or not all(_whole(d) and 1 <= d <= dice.SET_SIZE for d in picked)
            or picked[0] == picked[1]
        ):
            raise IllegalAction(gettext_noop("Pick two of the five dice to throw (§3, §4)."))
        chosen = sorted(picked)
        state["chosen"] = chosen
    elif picked is not None and sorted(picked) != chosen:
        raise IllegalAction(
            gettext_noop("You throw the two dice you picked until the dice pass (§4).")
        )
    faces = dice.faces_of(state["faces"], chosen)
    total, hard = sum(faces), faces[0] == faces[1]
    state["roll"] = {"dice": list(chosen), "faces": faces, "total": total, "all": state["faces"]}
    events.append(
        {"type": "roll", "seat": position, "dice": list(chosen), "faces": faces, "total": total}
    )
    _settle(state, events, total, hard)


def _settle(state: State, events: list[Event], total: int, hard: bool) -> None:
    """Every bet of the roll at once (C16); the resolutions in §4's order for the board."""
    point, barred = state["point"], state["barred"]
    losers, winners, others = [], [], []
    for bet in sorted(state["bets"].values(), key=lambda b: (ORDER[b["kind"]], b["seat"])):
        decision = decide(bet["kind"], total, hard, point, barred, is_working(bet, point))
        if decision is None:
            continue
        (losers if decision[0] == LOSE else winners if decision[0] == WIN else others).append(
            (bet, decision)
        )
    results = []
    for bet, _decision in losers:  # collected first (§4)
        results.append(_lose(state, events, bet))
    for bet, decision in winners:  # field, big 6 and 8, come, then place (§4, §5.6)
        results.append(_win(state, events, bet, decision[1]))
    # then the moves: a come bet moving to a number whose come bet this roll won joins none
    # (that one is paid and off the layout first: a bet moved is never paid on its move)
    for bet, decision in others:
        if decision[0] == MOVE:
            results.append(_move(state, events, bet, decision[1]))
        else:
            events.append(
                {"type": "resolved", "seat": bet["seat"], "bet": bet["kind"], "outcome": RETURN}
            )
            _return_bet(state, events, bet, "odds off: returned (C5)")
            results.append(
                {
                    "seat": bet["seat"],
                    "bet": bet["kind"],
                    "outcome": RETURN,
                    "amount": bet["amount"],
                }
            )
    state["results"] = results
    # the puck (§2.4, §4)
    if point is None and total in NUMBERS:
        state["point"] = total
        events.append({"type": "point", "number": total})
        outcome = "point"
    elif point is not None and total == point:
        state["point"] = None
        events.append({"type": "point_made", "number": total})
        outcome = "winner"
    elif point is not None and total == 7:
        state["point"] = None
        events.append({"type": "seven_out"})
        outcome = "seven_out"
    else:
        outcome = "comeout_decided" if point is None else "no_decision"
    state["history"] = [*state["history"], list(state["roll"]["faces"])][-HISTORY:]
    shooter = state["shooter"]
    state["result"] = {
        "shooter": shooter,
        "faces": list(state["roll"]["faces"]),
        "total": total,
        "outcome": outcome,
        "point": state["point"],
        "net": _nets(results),
        # the resolutions in §4's order, kept for the board once the next roll has begun
        "results": [dict(line) for line in results],
    }
    if outcome == "seven_out":  # the dice pass to the left (§4)
        state["refused"] = []
        state["dice_from"] = shooter
        state["shooter"] = _next_shooter(state, shooter)
        state["chosen"] = None
    for position in state["left"]:  # a player gone takes down what may now come down (C6)
        for bet in _seat_bets(state, position):
            if _removable(state, bet) is None:
                _return_bet(state, events, bet, "taken down: the player left")
    state["left"] = [
        p for p in state["left"] if any(b["seat"] == p for b in state["bets"].values())
    ]
    state.update(over=True, phase="over")


def _nets(results: list[dict]) -> dict:
    nets: dict[str, int] = {}
    for line in results:
        key = str(line["seat"])
        nets[key] = nets.get(key, 0) + line.get("net", 0)
    return nets


def _lose(state: State, events: list[Event], bet: dict) -> dict:
    position, kind = bet["seat"], bet["kind"]
    _empty(state, events, bet_pot(position, kind), HOUSE_BANK, f"{kind} lost")
    _empty(state, events, vig_pot(position, kind), HOUSE_BANK, "commission earned")
    del state["bets"][bet_key(position, kind)]
    events.append(
        {
            "type": "resolved",
            "seat": position,
            "bet": kind,
            "outcome": LOSE,
            "amount": bet["amount"],
            "vig": bet["vig"],
        }
    )
    return {
        "seat": position,
        "bet": kind,
        "outcome": LOSE,
        "amount": bet["amount"],
        "net": -bet["amount"],
    }


def _move(state: State, events: list[Event], bet: dict, number: int) -> dict:
    """A come or don't come bet moves onto its number (§5.3, §5.5), joining one already there."""
    position, kind = bet["seat"], bet["kind"]
    target = f"{kind}_{number}"
    amount = bet["amount"]
    pay(state, events, bet_pot(position, kind), bet_pot(position, target), amount, "moved")
    moved = state["escrowed"].pop(bet_pot(position, kind), {})
    into = dict(state["escrowed"].get(bet_pot(position, target), {}))
    state["escrowed"][bet_pot(position, target)] = into
    for payer, paid in moved.items():
        into[payer] = into.get(payer, 0) + paid
    del state["bets"][bet_key(position, kind)]
    _put(state, position, target, amount)
    events.append(
        {"type": "resolved", "seat": position, "bet": kind, "outcome": MOVE, "number": number}
    )
    return {
        "seat": position,
        "bet": kind,
        "outcome": MOVE,
        "number": number,
        "amount": amount,
        "net": 0,
    }


def _win(state: State, events: list[Event], bet: dict, ratio) -> dict:
    position, kind = bet["seat"], bet["kind"]
    won = _won(state, bet, ratio)
    staked, vig = bet["amount"], bet["vig"]
    you = base.seat(position)
    if won:
        pay(state, events, HOUSE_BANK, you, won, f"{kind} won")
    line = {
        "seat": position,
        "bet": kind,
        "outcome": WIN,
        "amount": bet["amount"],
        "won": won,
        "net": won,
    }
    if _leaves_layout(kind):
        _empty(state, events, bet_pot(position, kind), you, f"{kind} returned")
        del state["bets"][bet_key(position, kind)]
    elif kind.startswith(("buy_", "lay_")):
        # C8, C9: the commission covered this decision; the bet stays up for a new one
        _empty(state, events, vig_pot(position, kind), HOUSE_BANK, "commission earned")
        bet = dict(bet, vig=0)
        state["bets"][bet_key(position, kind)] = bet
        before = len(events)
        _charge_commission(state, events, bet)
        line["net"] -= sum(e["amount"] for e in events[before:] if e["type"] == "payment")
    elif kind.startswith("place_") and bet["after_win"] != "same":
        if bet["after_win"] == "down":
            _return_bet(state, events, bet, "taken down after a win")
            line["choice"] = "down"
        else:  # C11: the bet doubled from the win, the rest paid
            low, high = _limits(state, kind)
            if bet["amount"] * 2 <= high:
                _pay_in(state, events, position, bet_pot(position, kind), bet["amount"], "pressed")
                state["bets"][bet_key(position, kind)] = dict(bet, amount=bet["amount"] * 2)
                line["choice"] = "press"
                line["pressed_to"] = bet["amount"] * 2
    events.append(
        {
            "type": "resolved",
            "seat": position,
            "bet": kind,
            "outcome": WIN,
            "amount": staked,
            "vig": vig,
            "won": won,
        }
    )
    return line


ENGINE = base.register(Craps())
