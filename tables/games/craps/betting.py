"""Craps' betting window (DG §4, §5): which bets a seat may make, raise, take down, turn on or off
now, within what amounts (the bet's limits, C4's odds, C10's multiples and the house's risk),
the actions listed for it (``legal_actions``), and the bets placed, taken down and switched."""

from __future__ import annotations

from tables.engines import base, dice
from tables.engines.base import Event, IllegalAction, State, gettext_noop, pay
from tables.games.craps.bets import (
    AFTER_WIN,
    PLACE_GROUPS,
    PLACE_MULTIPLE,
    PLACEABLE,
    PROPOSITIONS,
    SWITCHABLE,
    _bet,
    _commission,
    _limits,
    _seat_bets,
    _unit,
    _whole,
    bet_key,
    bet_pot,
    is_working,
    number_of,
    odds_limit,
    pay_ratio,
    vig_pot,
)
from tables.games.craps.exposure import (
    _bet_wins,
    _fits,
    _paid_now,
    _winning_outcomes,
    _with_more,
)
from tables.games.craps.shooter import THROW, _entry_bet_due, _may_throw, may_act


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


RANGES_KEPT = 8  # layouts: a step's views ask of the state before it as well as after
# {id(bets): (what the ranges were worked for: the bets, the point and the table's settings;
# {(seat, kind or place group): range})}; the objects themselves are held, so their ids are
# never others' while kept
_RANGES: dict[int, tuple] = {}


def _ranges_of(state: State) -> dict:
    """The ranges worked for this layout so far. The views ask every seat's ranges at every
    step, and a step that changes no bet (a player done, the dice passed) shares the bets dict
    of the state before it (``engine.CHANGES``); one that does makes a new one."""
    bets, limits, propositions = state["bets"], state["limits"], state["propositions"]
    depends = (
        state["point"],
        state["barred"],
        state["min_unit"],
        state["max_payout"],
        state["max_exposure"],
        id(limits),
        id(propositions),
    )
    kept = _RANGES.get(id(bets))
    if kept is None or kept[0][0] is not bets or kept[0][1] != depends:
        if len(_RANGES) >= RANGES_KEPT:
            # emptied, not trimmed: tables' threads share the dict, and iterating it to find
            # the oldest can meet another thread's insert ("changed size during iteration")
            _RANGES.clear()
        kept = ((bets, depends, limits, propositions), {})
        _RANGES[id(bets)] = kept
    return kept[1]


def offered_bounds(state: State, position: int, kind: str) -> tuple[int, int] | None:
    """``amount_bounds`` within the house's risk limit as well: the range a view offers is what
    ``apply`` accepts (issue 47); with a risk limit, worked once per layout (``_ranges_of``)."""
    if not state["max_exposure"]:
        return amount_bounds(state, position, kind)
    ranges = _ranges_of(state)
    if (position, kind) not in ranges:
        bounds = amount_bounds(state, position, kind)
        if bounds is not None:
            bounds = _within_the_risk_limit(state, position, kind, bounds)
        ranges[position, kind] = bounds
    return ranges[position, kind]


def _within_the_risk_limit(
    state: State, position: int, kind: str, bounds: tuple[int, int]
) -> tuple[int, int] | None:
    """The part of ``bounds`` that keeps the house within ``max_exposure``. A bet's wins grow
    with its amount, so the amounts that fit are the low end of the range: the largest is solved
    outcome by outcome, or found by halving."""
    paid = _paid_now(state)
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
    pays = pay_ratio(state["propositions"][kind]) if kind in PROPOSITIONS else None
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
    if not may_act(state, position):
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
            # within the risk limit too: the amounts that fit are the low end of the range
            bounds = offered_bounds(state, position, kind)
            if bounds:
                actions += [
                    {"type": "bet", "bet": kind, "amount": a}
                    for a in listed_amounts(state, kind)
                    if bounds[0] <= a <= bounds[1] and a % _step(state, kind) == 0
                ]
    ranges = _ranges_of(state) if paid is not None else {}
    for group, numbers in PLACE_GROUPS.items():
        if (position, group) not in ranges:
            ranges[position, group] = _group_times(state, position, numbers, paid)
        most = ranges[position, group]
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


# --- placing and taking down ------------------------------------------------------------------


BETS = ("bet", "place_group")  # the actions that add bets


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
