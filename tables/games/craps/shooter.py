"""Craps' shooter (DG §4, section 5): who acts (the players in the betting window, then the
shooter), the line bet he holds before he throws, who has the dice next round the table and the
dice passed or refused, and the roll's end."""

from __future__ import annotations

from tables.engines.base import Event, State, gettext_noop
from tables.games.craps.bets import _bet

BETTING, THROW = "betting", "throw"


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["phase"] == THROW:
        return [state["shooter"]]
    return [p for p in state["players"] if p not in state["done"] and p not in state["absent"]]


def may_act(state: State, position: int) -> bool:
    """``position in to_act(state)``, asked of every step without listing everybody."""
    if state["over"]:
        return False
    if state["phase"] == THROW:
        return position == state["shooter"]
    return (
        position in state["players"]
        and position not in state["done"]
        and position not in state["absent"]
    )


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


def _after_decision(state: State, events: list[Event]) -> None:
    """Once every player present is done betting the shooter has the dice (§4)."""
    if state["over"] or state["phase"] != BETTING:
        return
    waiting = to_act(state)
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
