"""A craps roll thrown and decided (DG §4, C16): the shooter's two dice, every bet settled at once
(losers collected, then the winners paid in §4's order, then come bets moved), the puck, and the
layout cleared of what players gone may take down."""

from __future__ import annotations

from tables.engines import base, dice
from tables.engines.base import HOUSE_BANK, Event, IllegalAction, State, gettext_noop, pay
from tables.games.craps.bets import (
    LEAVES_LAYOUT,
    LOSE,
    MOVE,
    NUMBERS,
    ORDER,
    RETURN,
    WIN,
    _limits,
    _seat_bets,
    _whole,
    bet_key,
    bet_pot,
    decided,
    is_working,
    pay_ratio,
    vig_pot,
)
from tables.games.craps.betting import (
    _charge_commission,
    _empty,
    _pay_in,
    _put,
    _removable,
    _return_bet,
)
from tables.games.craps.exposure import _won
from tables.games.craps.shooter import _may_throw, _next_shooter

HISTORY = 20  # rolls the board remembers


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
        decision = decided(bet["kind"], total, hard, point, barred, is_working(bet, point))
        if decision is None:
            continue
        (losers if decision[0] == LOSE else winners if decision[0] == WIN else others).append(
            (bet, decision)
        )
    results = []
    for bet, _decision in losers:  # collected first (§4)
        results.append(_lose(state, events, bet))
    cap, propositions = state["max_payout"], state["propositions"]
    for bet, decision in winners:  # field, big 6 and 8, come, then place (§4, §5.6)
        ratio = decision[1]
        if ratio is None:  # a proposition: the table's pay (C13)
            ratio = pay_ratio(propositions[bet["kind"]])
        won = _won(bet["amount"], ratio, cap)
        results.append(_win(state, events, bet, won))
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


def _win(state: State, events: list[Event], bet: dict, won: int) -> dict:
    position, kind = bet["seat"], bet["kind"]
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
    if kind in LEAVES_LAYOUT:
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
