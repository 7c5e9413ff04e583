"""High card's decisions (tables/games/highcard/engine.py has the rules): who acts now, what a
seat may stake and where (its ranges), the one validator of actions, and copying a state before
an action changes it."""

from __future__ import annotations

from tables.engines.base import IllegalAction, State, copy_json, gettext_noop
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.games.highcard.config import (
    BETTING,
    MAX_BOXES,
    PAY_TABLES,
    PLAYING,
    SAME,
    SWITCH,
    whole_number,
)


def copy_state(state: State, *changing: str) -> State:
    """A new state sharing every value with ``state`` but the ``changing`` ones, copied: an
    action copies only what it changes, never the shoe, which is replaced whole when cards are
    dealt (a deep copy of every action's state was most of its cost, issue 31)."""
    state = dict(state)
    for key in changing:
        value = state[key]
        if key == "escrowed":  # the escrow's pots of payers: two levels
            state[key] = {k: dict(v) for k, v in value.items()}
        elif key in _ONE_LEVEL:
            state[key] = dict(value)
        elif isinstance(value, list):
            state[key] = list(value)
        else:  # two levels at most: dicts of amounts or of dicts
            state[key] = {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
    return state


# copied one level: the boxes (a new dict of the same boxes: a box is copied before it
# changes) and the pots' amounts (no value of theirs to ask about, issue 50)
_ONE_LEVEL = frozenset({"boxes", "pots"})


def changing_box(state: State, box: int) -> None:
    """Copy one box before a change (the box functions change a box in place, at any depth),
    the others staying shared with the state before."""
    if str(box) in state["boxes"]:
        state["boxes"][str(box)] = copy_json(state["boxes"][str(box)])


def changing_boxes(state: State) -> None:
    """Copy every box before the deal or the settlement, as deep as they change a box: its own
    keys (the card, the die, the result, the capped winnings), each hand's record and each side
    bet's. The stakes stay shared with the state before: nothing changes them once the betting
    is over, and a card change copies its box whole (``changing_box``). A deep copy of every
    box was a sixth of the hand's last step (issue 50)."""
    state["boxes"] = {
        number: {
            **box_state,
            "hands": [dict(hand) for hand in box_state["hands"]],
            "side": [dict(side) for side in box_state["side"]],
        }
        for number, box_state in state["boxes"].items()
    }


def box_order(state: State) -> list[int]:
    """The boxes played, in the layout's order (the order of the deal and of the decisions)."""
    return sorted(int(n) for n in state["boxes"])


def _open_undecided(state: State, position: int) -> list[int]:
    """The seat's open boxes still to decide on (card changes), in order."""
    return [
        n
        for n in box_order(state)
        if (b := state["boxes"][str(n)])["owner"] == position
        and b["kind"] == boxes.OPEN
        and n not in state["decided"]
    ]


def to_act(state: State) -> list[int]:
    """Betting: every dealt-in seat still in the hand that has not said it is done, all at the
    same time. Card changes: every owner of an open box not yet decided, all at the same time,
    each box by box."""
    if state["over"]:
        return []
    if state["phase"] == BETTING:
        return [p for p in state["players"] if p not in state["done"]]
    if state["phase"] == PLAYING:
        return sorted(
            {
                b["owner"]
                for n, b in state["boxes"].items()
                if int(n) not in state["decided"] and b["kind"] == boxes.OPEN
            }
        )
    return []


def current_box(state: State, position: int) -> int | None:
    undecided = _open_undecided(state, position)
    return undecided[0] if undecided else None


def _free_box(state: State, position: int) -> int | None:
    """Where a plain "bet" goes (a seat with no box): the box of the seat's number if nobody
    plays it, else the first box nobody plays."""
    taken = state["boxes"]
    if position < state["limits"]["boxes"] and str(position) not in taken:
        return position
    return next((n for n in range(state["limits"]["boxes"]) if str(n) not in taken), None)


def _stake_room(state: State, position: int, box: int, kind: str, dark: bool = False) -> int:
    """The most the seat may stake on ``kind`` of ``box`` now: the box's limit (``max_bet`` for
    its stakes together, the side bet's high) and the room ``max_exposure`` leaves."""
    limits = state["limits"]
    box_state = state["boxes"].get(str(box))
    if kind == boxes.MAIN:
        high = limits["max_bet"] - (boxes.box_total(box_state) if box_state else 0)
    else:
        low_high = limits["side_bets"][kind]
        placed = next(
            (s["amount"] for s in box_state["side"] if s["seat"] == position and s["kind"] == kind),
            0,
        )
        high = low_high[1] - placed
    if high <= 0:
        return 0
    return house.room_for(
        state, PAY_TABLES, limits, box=box, position=position, kind=kind, dark=dark, up_to=high
    )


def validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it and ``apply``
    refuses what does not. Returns the action's meaningful fields; the box functions refuse
    what breaks the box limits (each with its sentence) before any money moves."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["dealt_in"]:
        raise IllegalAction(gettext_noop("You are not dealt in this hand."))
    kind = action.get("type")
    if state["phase"] == PLAYING:
        current = current_box(state, position)
        if current is None:
            raise IllegalAction(gettext_noop("You have no card to decide on now."))
        if kind not in ("stand", SWITCH):
            raise IllegalAction(gettext_noop("Keep your card or change it."))
        box = action.get("box", current)
        if box != current:
            raise IllegalAction(
                gettext_noop("Decide on your boxes in order: box %(box)s first."), box=current + 1
            )
        return {"type": kind, "box": current}
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
    limits = state["limits"]
    if kind == "pass":
        return {"type": "pass"}
    if kind in ("bet", "behind", "side"):
        amount = action.get("amount")
        box = action.get("box")
        if kind == "bet" and box is None:
            if any(b["owner"] == position for b in state["boxes"].values()):
                raise IllegalAction(
                    gettext_noop("Your box is staked: add to a box by its number, or say done.")
                )
            # a plain bet goes on the seat's own box: it owns none yet, so a free one
            box = _free_box(state, position)
            if box is None:
                raise IllegalAction(gettext_noop("Every box is taken."))
            plain = True
        else:
            plain = False
        if not whole_number(box) or not 0 <= box < limits["boxes"]:
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        dark = action.get("dark") is True and kind == "bet"
        if kind == "side" and SAME not in limits["side_bets"]:
            raise IllegalAction(gettext_noop("This table offers no side bet."))
        if kind == "side" and any(
            side["seat"] == position
            for side in (state["boxes"].get(str(box)) or {}).get("side", [])
        ):
            raise IllegalAction(gettext_noop("You have a same-rank bet on this box already."))
        if not whole_number(amount):
            raise IllegalAction(gettext_noop("A stake is a whole amount."))
        # the box's own rules (its owner, its limits) are the box functions', judged in
        # ``apply`` before any money moves; then the house's risk (``refuse_over_exposure``)
        return {
            "type": kind,
            "box": box,
            "amount": amount,
            "dark": dark,
            "plain": plain,
            "stake_kind": SAME if kind == "side" else boxes.MAIN,
        }
    if kind == "tip":
        to, amount = action.get("to"), action.get("amount")
        if not whole_number(to) or to == position or to not in state["players"]:
            raise IllegalAction(gettext_noop("Tip another player dealt in this hand."))
        if not whole_number(amount) or not 1 <= amount <= limits["max_bet"]:
            raise IllegalAction(
                gettext_noop("A tip is from %(low)s to %(max_bet)s."),
                low=1,
                max_bet=limits["max_bet"],
            )
        return {"type": "tip", "to": to, "amount": amount}
    raise IllegalAction(gettext_noop("Unknown action."))


def refuse_over_exposure(state: State, position: int, checked: dict) -> None:
    """A stake the box rules took is refused if the house would risk more than
    ``max_exposure`` on the round with it (``state``: the round before the stake)."""
    house.refuse_over_exposure(
        state,
        PAY_TABLES,
        state["limits"],
        box=checked["box"],
        position=position,
        amount=checked["amount"],
        kind=checked["stake_kind"],
        dark=checked["dark"],
    )


def seat_ranges(state: State, position: int) -> dict:
    """The seat's amounts now, each [low, high] or absent: ``bet`` on its own box (a plain bet),
    ``box`` per other box it may stake ({box: [low, high]}, its own or a new one),
    ``behind`` ({box: [...]}) and ``side`` ({box: [...]})."""
    limits = state["limits"]
    low = limits["min_bet"]
    unit = limits["min_unit"]
    taken = state["boxes"]
    found: dict = {"boxes": {}, "dark": {}, "behind": {}, "side": {}}
    # the layout read once: each box's state in order, None where nobody plays it (every list
    # of legal actions asks this, issue 50)
    count = limits["boxes"]
    names = _BOX_NAMES[:count] if count <= len(_BOX_NAMES) else [str(n) for n in range(count)]
    layout = [taken.get(name) for name in names]
    owns = any(b["owner"] == position for b in taken.values())
    own = None if owns else _free_box(state, position)
    box_limits = boxes.limits_of(limits)
    new_allowed = _may_own(state, box_limits, position, dark=False)
    # no dark boxes at the table: refused whatever the seat owns (not asked, nor built)
    dark_allowed = bool(box_limits["dark_boxes_per_player"]) and _may_own(
        state, box_limits, position, dark=True
    )
    # an empty box adds the same to the house's risk whichever it is, open or dark
    new_room = _stake_room(state, position, layout.index(None), boxes.MAIN) if None in layout else 0
    new_open = new_room >= low and new_allowed
    new_dark = new_room >= low and dark_allowed
    side_low = limits["side_bets"][SAME][0] if SAME in limits["side_bets"] else None
    for n, box_state in enumerate(layout):
        if box_state is None:
            if new_open:
                found["boxes"][n] = [low, new_room]
            if new_dark:
                found["dark"][n] = [low, new_room]
            continue
        mine = box_state["owner"] == position
        if mine or limits["bets_behind"]:
            high = _stake_room(state, position, n, boxes.MAIN)
            if high >= unit:
                (found["boxes"] if mine else found["behind"])[n] = [unit, high]
        if (
            side_low is not None
            and any(s["seat"] == position for s in box_state["stakes"])
            and not any(s["seat"] == position for s in box_state["side"])
        ):
            high = _stake_room(state, position, n, SAME)
            if high >= side_low:
                found["side"][n] = [side_low, high]
    if own is not None:
        found["bet"] = found["boxes"].get(own)
    return found


# the boxes' keys in ``state["boxes"]``, in the layout's order (a layout of up to MAX_BOXES)
_BOX_NAMES = tuple(str(n) for n in range(MAX_BOXES))


def _may_own(state: State, box_limits: dict, position: int, *, dark: bool) -> bool:
    return boxes.new_box_refusal(state, box_limits, position, dark) is None


def legal_actions(state: State, position: int, ranges: dict | None = None) -> list[dict]:
    """What the seat may do now. Amounts are ranges (the view's ``ranges``); the list names
    each range's two ends, every whole amount between them is legal as well."""
    if state["over"] or position not in to_act(state):
        return []
    if state["phase"] == PLAYING:
        box = current_box(state, position)
        return [{"type": "stand", "box": box}, {"type": SWITCH, "box": box}]
    found = ranges if ranges is not None else seat_ranges(state, position)
    # each range's ends appended as they are met (a list and a call per range were a third
    # of the time here, issue 50); every range here has low <= high
    actions: list[dict] = []
    append = actions.append
    if found.get("bet"):
        low, high = found["bet"]
        append({"type": "bet", "amount": low})
        if high != low:
            append({"type": "bet", "amount": high})
    for n, (low, high) in found["boxes"].items():
        append({"type": "bet", "box": n, "amount": low})
        if high != low:
            append({"type": "bet", "box": n, "amount": high})
    for n, (low, high) in found["dark"].items():
        append({"type": "bet", "box": n, "amount": low, "dark": True})
        if high != low:
            append({"type": "bet", "box": n, "amount": high, "dark": True})
    for key in ("behind", "side"):
        for n, (low, high) in found[key].items():
            append({"type": key, "box": n, "amount": low})
            if high != low:
                append({"type": key, "box": n, "amount": high})
    append({"type": "pass"})
    top = state["limits"]["max_bet"]
    for other in state["players"]:
        if other != position:
            append({"type": "tip", "to": other, "amount": 1})
            if top != 1:
                append({"type": "tip", "to": other, "amount": top})
    return actions
