"""Big stud's betting (tables/games/big_stud/engine.py has the rules): who acts first by the
open cards (decision T5), who is still in and who may bet, the moves open to a seat with their
amounts and the one validator (T6, T12), money into the pot, the public log, a fold and the
state's copy before an action changes it."""

from __future__ import annotations

from collections import Counter

from tables.engines.base import Event, IllegalAction, State, gettext_noop, pay, pot, seat
from tables.engines.poker_hands import HIGH_CARD, PAIR, QUADS, RANKS, TRIPS, TWO_PAIRS
from tables.games.big_stud.config import ACTIONS, MAX_BETS, STREETS

# --- what the open cards show (decision T5) -------------------------------------------------

SHAPES = {4: QUADS, 3: TRIPS}
# the whole percentage of all 2,598,960 five-card hands in a lower category than each (high
# card, pair, two pairs, trips, straight, flush, full house, quads, straight flush)
_COUNTS = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40)
FIVE_CARD_WEAKER = [sum(_COUNTS[:kind]) * 100 // sum(_COUNTS) for kind in range(len(_COUNTS))]


def open_value(cards) -> tuple:
    """How strong the open cards look, to pick who acts first (decision T5): four of a kind,
    three of a kind, two pairs, a pair or high cards, then the ranks by how many of each,
    highest first (one card: its rank; suits never rank, T7). Fewer than five cards make no
    straight or flush."""
    counts = Counter(RANKS.index(card[0]) for card in cards)
    ordered = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if shape[0] >= 3:
        kind = SHAPES[shape[0]]
    elif shape[0] == 2:
        kind = TWO_PAIRS if len(shape) > 1 and shape[1] == 2 else PAIR
    else:
        kind = HIGH_CARD
    return (kind, ordered)


# --- the state ---------------------------------------------------------------------------------


def live(state: State) -> list[int]:
    """The players still in the hand (not folded), clockwise from the button's left."""
    return [p for p in state["order"] if p not in state["folded"]]


def actors(state: State) -> list[int]:
    """The players still in who can still bet (not all-in)."""
    return [p for p in live(state) if p not in state["all_in"]]


def to_act(state: State) -> list[int]:
    return [] if state["over"] else state["queue"][:1]


def stack_of(state: State, position: int) -> int | None:
    return state["stacks"].get(str(position))


def owed_by(state: State, position: int) -> int:
    return state["level"] - state["round_bets"].get(str(position), 0)


def street_size(state: State) -> int:
    return state["sizes"][state["street"] - STREETS[0]]


def _afford(state: State, position: int, amount: int) -> int:
    """As much of ``amount`` as the player's stack holds (table stakes, T12)."""
    stack = stack_of(state, position)
    return amount if stack is None else min(amount, stack)


def choices(state: State, position: int) -> dict[str, int | None]:
    """The one validator's answer: each move the seat may make now and the money it puts in
    (None for check and fold). A call or a bet the stack cannot cover is for all it holds
    (T12); a raise is the call and one more bet of the street's size, offered while the round
    has had fewer than one bet and three raises (T6), to a player who can cover it whole, while
    someone else can still answer it."""
    if state["over"] or position not in to_act(state):
        return {}
    owed, size = owed_by(state, position), street_size(state)
    stack = stack_of(state, position)
    others = [p for p in actors(state) if p != position]
    moves: dict[str, int | None] = {}
    if owed <= 0:
        moves["check"] = None
        if state["bets"] == 0:
            moves["bet"] = _afford(state, position, size)
    else:
        moves["call"] = _afford(state, position, owed)
    can_raise = state["bets"] > 0 and state["bets"] < MAX_BETS and others
    if can_raise and (stack is None or stack > owed + size - 1):
        moves["raise"] = owed + size
    if owed > 0:
        moves["fold"] = None
    return moves


def legal_actions(state: State, position: int) -> list[dict]:
    return [
        {"type": kind} | ({"amount": amount} if amount is not None else {})
        for kind, amount in choices(state, position).items()
    ]


def validated(state: State, position: int, action) -> tuple[str, int | None]:
    """The one validator (STYLE.md): the move and the money it puts in, or IllegalAction with
    a sentence for the player."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict) or action.get("type") not in ACTIONS:
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind = action["type"]
    moves = choices(state, position)
    if kind not in moves:
        if kind == "raise" and state["bets"] >= MAX_BETS:
            raise IllegalAction(
                gettext_noop("One bet and three raises a round at most: call or fold (T6).")
            )
        if kind == "check":
            raise IllegalAction(gettext_noop("There is a bet to you: call, raise or fold."))
        if kind == "bet" and state["bets"]:
            raise IllegalAction(gettext_noop("Someone has bet already: call, raise or fold."))
        if kind == "raise" and "call" in moves:
            raise IllegalAction(
                gettext_noop("You cannot raise now (T6, T12): call %(amount)s or fold."),
                amount=moves["call"],
            )
        if kind == "fold":
            raise IllegalAction(gettext_noop("Nobody has bet: check for free instead."))
        raise IllegalAction(gettext_noop("That move is not open to you now."))
    amount = moves[kind]
    given = action.get("amount")
    if amount is not None and given is not None and given != amount:
        if kind == "bet":
            raise IllegalAction(
                gettext_noop("A bet on this street is exactly %(amount)s (§109, T6)."),
                amount=amount,
            )
        if kind == "raise":
            raise IllegalAction(
                gettext_noop(
                    "A raise on this street puts in exactly %(amount)s: the call and one bet "
                    "of the street's size (T6)."
                ),
                amount=amount,
            )
        raise IllegalAction(gettext_noop("A call is exactly %(amount)s."), amount=amount)
    return kind, amount


def log(state: State, position: int | None, act: str, amount: int | None = None) -> None:
    """The hand's history as the board shows it (public facts only)."""
    entry = {"street": state["street"], "seat": position, "act": act}
    if amount is not None:
        entry["amount"] = amount
    state["log"].append(entry)


def put_in(state: State, events: list[Event], position: int, amount: int) -> None:
    if amount:
        pay(state, events, seat(position), pot(), amount, "bet")
    key = str(position)
    state["paid"][key] = state["paid"].get(key, 0) + amount
    state["round_bets"][key] = state["round_bets"].get(key, 0) + amount
    stack = stack_of(state, position)
    if stack is not None:
        state["stacks"][key] = stack - amount
        if stack - amount == 0 and position not in state["all_in"]:
            state["all_in"].append(position)


def copy_state(state: State) -> State:
    """A copy as deep as an action changes it (``copy_json`` of the whole state was most of an
    action's time): the deck is never changed and is shared; the log's entries, the opened
    hands and the result are never changed once written, so their containers are copied alone."""
    copied = dict(state)
    for key in ("queue", "folded", "all_in", "left", "log"):
        copied[key] = list(state[key])
    for key in ("stacks", "paid", "round_bets", "returned", "pots"):
        copied[key] = dict(state[key])
    for key in ("down", "up"):
        copied[key] = {p: list(cards) for p, cards in state[key].items()}
    copied["escrowed"] = {name: dict(payers) for name, payers in state["escrowed"].items()}
    return copied


def live_all_in_leaver(state: State, position: int) -> bool:
    return (
        position in state["left"]
        and position in state["all_in"]
        and position not in state["folded"]
    )


def fold(state: State, position: int) -> None:
    state["folded"].append(position)
    if position in state["queue"]:
        state["queue"].remove(position)
