"""Big stud's streets (tables/games/big_stud/engine.py has the rules): the cards of each street
(§107, T2, T9), a betting round at its size and who opens it (§108, §109, T3, T5), the uncalled
bet returned (T10), and moving the hand on to the next street or the showdown."""

from __future__ import annotations

from tables.engines.base import Event, State, pay, pot, seat
from tables.engines.betting import clockwise_from_button
from tables.games.big_stud.betting import actors, live, log, open_value, stack_of
from tables.games.big_stud.config import LAST_STREET
from tables.games.big_stud.settle import no_bank, pay_banks, showdown


def deal_cards(state: State, count: int = 1) -> list[str]:
    cards = state["deck"][state["next"] : state["next"] + count]
    state["next"] += count
    return cards


def deal_street(state: State, events: list[Event]) -> None:
    """§107, T2: one card to each player still in, from the dealer's left: up on the 4th to
    6th street, down on the 7th; a deck that cannot give each a seventh card turns one up for
    all instead (T9)."""
    street = state["street"]
    players = live(state)
    if street == LAST_STREET and len(players) > len(state["deck"]) - state["next"]:
        (card,) = deal_cards(state)
        state["community"] = card
        events.append({"type": "community", "street": street, "card": card})
        log(state, None, "community")
        return
    up = {}
    for position in players:
        (card,) = deal_cards(state)
        if street == LAST_STREET:
            state["down"][str(position)].append(card)
        else:
            state["up"][str(position)].append(card)
            up[str(position)] = card
    events.append({"type": "street", "street": street, "up": up, "players": players})


def first_to_act(state: State) -> int:
    """Decision T5: of the players who can bet, the one whose open cards show the best hand
    (the highest single card on third street); ties: the first to the dealer's left."""
    order = clockwise_from_button(actors(state), state["button"])
    return max(order, key=lambda p: open_value(state["up"][str(p)]))


def start_round(state: State) -> None:
    """A betting round at the street's size (§108, §109, T3); none when fewer than two
    players can still bet (the others are all-in, T12)."""
    state["round_bets"] = {}
    state["level"] = 0
    state["bets"] = 0
    betting = actors(state)
    if len(betting) < 2:
        state["queue"] = []
        state["opener"] = None
        return
    first = first_to_act(state)
    state["opener"] = first
    order = clockwise_from_button(betting, first)
    state["queue"] = [first, *(p for p in order if p != first)]


def return_uncalled(state: State, events: list[Event]) -> None:
    """T10: the part of the last bet nobody called goes back to its maker, unraked."""
    paid = {int(p): amount for p, amount in state["paid"].items()}
    if not paid:
        return
    top = max(paid, key=lambda p: paid[p])
    if top in state["folded"]:
        return
    second = max((amount for p, amount in paid.items() if p != top), default=0)
    extra = paid[top] - second
    if extra <= 0:
        return
    pay(state, events, pot(), seat(top), extra, "bet returned")
    key = str(top)
    state["paid"][key] -= extra
    state["round_bets"][key] = state["round_bets"].get(key, 0) - extra
    if stack_of(state, top) is not None:
        state["stacks"][key] += extra
        if top in state["all_in"]:
            state["all_in"].remove(top)
    state["returned"][key] = state["returned"].get(key, 0) + extra
    events.append({"type": "returned", "seat": top, "amount": extra})
    log(state, top, "returned", extra)


def advance(state: State, events: list[Event]) -> None:
    """After a move: one player left takes the bank unseen; a round complete deals the next
    street (streets without betting follow at once when fewer than two can bet) or, after the
    seventh, the showdown."""
    while True:
        if len(live(state)) == 1:
            return_uncalled(state, events)
            pay_banks(state, events, shown=False)
            return
        if state["queue"]:
            return
        return_uncalled(state, events)
        if state["street"] == LAST_STREET:
            if not sum(state["paid"].values()):
                no_bank(state, events)  # nobody bet: no showdown over a bank of 0.00
                return
            showdown(state, events)
            return
        state["street"] += 1
        deal_street(state, events)
        start_round(state)
