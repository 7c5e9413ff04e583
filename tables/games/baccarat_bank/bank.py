"""The bank's life at a baccarat table (CG §9-§11, §16, rulings B7-B10, section 5): the auction when
nobody holds the bank or its holder sells it, the offer seat by seat, a new holder, and the bank
given back when its holding ends."""

from __future__ import annotations

from tables.engines.base import Event, State, pay, seat
from tables.games.baccarat_bank.rules import BANK, _end, bid_pot, bidders, from_the_right_of


def _begin_betting(state: State) -> None:
    state.update(phase="betting", bets={}, passed=[], holder_ready=False)


def _begin_auction(state: State, seller: int | None, events: list[Event]) -> None:
    """B7, section 5: every other player bids at once; the seller's bank stays in escrow until
    the auction is decided."""
    state.update(phase="auction", seller=seller, bids={}, passed=[])
    state["auction_cap"] = state["bank"] if seller is not None else None
    events.append({"type": "auction", "seller": seller, "cap": state["auction_cap"]})
    if not bidders(state):
        _auction_over(state, events)


def _begin_offer(state: State, after: int | None, events: list[Event]) -> None:
    """§11, B7: the bank is offered seat by seat, from the right of ``after``."""
    order = [p for p in from_the_right_of(state["players"], after) if p != state["excluded"]]
    state.update(phase="offer", offer=order)
    events.append({"type": "offer", "order": list(order)})
    if not order:
        _end(state, events, {"no_bank": True})


def _set_holder(state: State, position: int, events: list[Event]) -> None:
    state["holder"] = position
    state["excluded"] = None  # a new holding: everyone may buy or open the next bank
    state["holding"] += 1
    state["half_bank_right"] = False
    events.append({"type": "holder", "seat": position, "bank": state["bank"]})
    _begin_betting(state)


def _return_bank(state: State, events: list[Event], reason: str) -> None:
    """The holding ends: what is left of the bank goes back to its holder (B8)."""
    holder = state["holder"]
    if state["bank"]:
        pay(state, events, BANK, seat(holder), state["bank"], reason)
    state.update(bank=0, holder=None, excluded=holder, half_bank_right=False)


def _auction_over(state: State, events: list[Event]) -> None:
    bids = {int(p): amount for p, amount in state["bids"].items()}
    seller = state["seller"]
    for position, amount in bids.items():  # every deposit goes back; the winner pays below
        pay(state, events, bid_pot(position), seat(position), amount, "bid returned")
    if not bids:
        events.append({"type": "auction_over", "winner": None})
        if seller is not None:
            _return_bank(state, events, "bank not sold")
        _begin_offer(state, seller if seller is not None else state["excluded"], events)
        return
    best = max(bids.values())
    order = from_the_right_of(state["players"], seller)
    winner = next(p for p in order if bids.get(p) == best)
    events.append({"type": "auction_over", "winner": winner, "amount": best})
    if seller is not None:
        # §10, B7: the buyer pays the seller the price, seat to seat, for that much of the
        # bank; whatever the bank held above it goes back to the seller
        pay(state, events, seat(winner), seat(seller), best, "bank sold")
        rest = state["bank"] - best
        if rest:
            pay(state, events, BANK, seat(seller), rest, "bank sold: the rest")
        state["bank"] = best
        state["excluded"] = seller
    else:
        pay(state, events, seat(winner), BANK, best, "bank opened")
        state["bank"] = best
    state["seller"] = None
    _set_holder(state, winner, events)
