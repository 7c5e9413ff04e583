"""The coup (CG §7, §8, §12-§15, rulings B1-B6, B11): the cards' points and totals, naturals and the
drawing rules, the bets closed and covered from the holder's right, the cardholder, the deal and
the draws, and the settlement against the bank with its commission."""

from __future__ import annotations

from tables.engines.base import Draws, Event, State, pay, seat
from tables.engines.cards import Shoe
from tables.games.baccarat_bank.bank import _return_bank
from tables.games.baccarat_bank.rules import (
    BANK,
    COMMISSION,
    _end,
    bet_pot,
    commission_of,
    from_the_right_of,
    punters,
)


def card_points(card: str) -> int:
    """§8: an ace counts 1, pictures (and tens) 10, other cards their face value."""
    rank = card[0]
    if rank == "A":
        return 1
    if rank in "TJQK":
        return 10
    return int(rank)


def total(cards: list[str]) -> int:
    """§7: only the last digit of the sum counts."""
    return sum(card_points(card) for card in cards) % 10


def is_natural(cards: list[str]) -> bool:
    """§13, B2: 8 or 9 on the first two cards."""
    return len(cards) == 2 and total(cards) >= 8


def punter_must(points: int) -> str:
    """§14: the cardholder's third card: draw on 0–4, his choice on 5, stand on 6–7."""
    if points <= 4:
        return "draw"
    if points == 5:
        return "choose"
    return "stand"


def holder_draws(holder_points: int, punter_third: str | None) -> bool:
    """B1: the holder's tableau (the standard banker's rule; the holder has no option)."""
    if holder_points <= 2:
        return True
    if holder_points >= 7:
        return False
    if punter_third is None:  # the cardholder stood on two cards
        return holder_points <= 5
    value = card_points(punter_third) % 10
    if holder_points == 3:
        return value != 8
    if holder_points == 4:
        return 2 <= value <= 7
    if holder_points == 5:
        return 4 <= value <= 7
    return value in (6, 7)  # holder 6


def _close_bets(state: State, events: list[Event], rng: Draws) -> None:
    """§13, B6: the bets are covered in seat order from the holder's right; the overflowing bet
    is cut to the cover left, later bets are returned."""
    cover = state["bank"]
    accepted = {}
    for position in from_the_right_of(punters(state), state["holder"]):
        amount = state["bets"].get(str(position))
        if not amount:
            continue
        taken = min(amount, cover)
        if amount > taken:
            pay(state, events, bet_pot(position), seat(position), amount - taken, "bet not covered")
        if taken:
            accepted[str(position)] = taken
        cover -= taken
    state["accepted"] = accepted
    events.append({"type": "bets_closed", "accepted": dict(accepted)})
    if not accepted:
        _end(state, events, {"no_bets": True})
    elif sum(accepted.values()) < state["bank"]:
        state["phase"] = "chocolate"
    else:
        _deal(state, events)


def _cardholder(state: State) -> int:
    """§12, B5: the largest bet gets the cards; ties to the first from the holder's right."""
    accepted = {int(p): a for p, a in state["accepted"].items()}
    best = max(accepted.values())
    return next(
        p for p in from_the_right_of(list(accepted), state["holder"]) if accepted[p] == best
    )


def _deal(state: State, events: list[Event]) -> None:
    """§12: two cards each, one at a time, the cardholder first."""
    shoe = Shoe.from_dict(state["shoe"])
    state["cardholder"] = _cardholder(state)
    for _round in range(2):
        state["punter_cards"].append(shoe.deal())
        state["holder_cards"].append(shoe.deal())
    state["shoe"] = shoe.to_dict()
    state["half_bank_right"] = False  # B10: only before the first deal of the new shoe
    events.append(
        {
            "type": "cards_dealt",
            "cardholder": state["cardholder"],
            "punter": list(state["punter_cards"]),
            "holder": list(state["holder_cards"]),
        }
    )
    _play_on(state, events)


def _draw(state: State, side: str, events: list[Event]) -> str:
    shoe = Shoe.from_dict(state["shoe"])
    card = shoe.deal()
    state["shoe"] = shoe.to_dict()
    state[f"{side}_cards"].append(card)
    events.append({"type": "third_card", "side": side, "card": card})
    return card


def _play_on(state: State, events: list[Event]) -> None:
    """After the deal: naturals end the coup (§13, B2); else the cardholder's third card (§14),
    his choice on 5, then the holder's tableau (B1)."""
    punter, holder = state["punter_cards"], state["holder_cards"]
    if is_natural(punter) or is_natural(holder):
        _settle(state, events)
        return
    if len(punter) == 2 and not state["punter_stood"]:
        rule = punter_must(total(punter))
        if rule == "choose":
            state["phase"] = "draw"
            return
        if rule == "draw":
            _draw(state, "punter", events)
        else:
            state["punter_stood"] = True
    _holder_turn(state, events)


def _holder_turn(state: State, events: list[Event]) -> None:
    third = state["punter_cards"][2] if len(state["punter_cards"]) == 3 else None
    if holder_draws(total(state["holder_cards"]), third):
        _draw(state, "holder", events)
    _settle(state, events)


def _settle(state: State, events: list[Event]) -> None:
    """§15: the higher total wins; B3 a tie returns the bets; B4 winning bets are paid 1:1 from
    the bank; B11 the casino takes its share of what the bank wins; B8 a bank that loses a coup
    ends the holding."""
    punter, banker = total(state["punter_cards"]), total(state["holder_cards"])
    accepted = {int(p): a for p, a in state["accepted"].items()}
    outcome = "tie" if punter == banker else ("punter" if punter > banker else "bank")
    bank_before = state["bank"]
    commission = 0
    for position, amount in sorted(accepted.items()):
        if outcome == "bank":
            pay(state, events, bet_pot(position), BANK, amount, "bet lost to the bank")
            state["bank"] += amount
            continue
        pay(state, events, bet_pot(position), seat(position), amount, "bet returned")
        if outcome == "punter":
            pay(state, events, BANK, seat(position), amount, "bet won against the bank")
            state["bank"] -= amount
    if outcome == "bank":
        commission = commission_of(sum(accepted.values()), state["commission_percent"])
        if commission:
            pay(state, events, BANK, COMMISSION, commission, "commission")
            state["bank"] -= commission
    shoe = Shoe.from_dict(state["shoe"])
    shoe.discard_cards([*state["punter_cards"], *state["holder_cards"]])
    state["shoe"] = shoe.to_dict()
    state["coups"] += 1
    holder = state["holder"]
    result = {
        "outcome": outcome,
        "punter_total": punter,
        "holder_total": banker,
        "punter_cards": list(state["punter_cards"]),
        "holder_cards": list(state["holder_cards"]),
        "cardholder": state["cardholder"],
        "holder": holder,
        "accepted": dict(state["accepted"]),
        "commission": commission,
        "shoe_over": shoe.cut_card_out,
        # what the board shows of the coup beside its cards: the bank before the result, the
        # holder's decisions (the chocolate taken or left in, half the bank taken out after the
        # last shoe) and the cardholder's on 5
        "bank_before": bank_before,
        "chocolate": state["chocolate"],
        "chocolate_left": state.get("chocolate_left", 0),
        "half_taken": state.get("half_taken", 0),
        "punter_choice": state.get("punter_choice"),
    }
    state.setdefault("road", []).append(outcome)  # (a state from before the road had none)
    if outcome == "punter":
        _return_bank(state, events, "the bank lost the coup")
    elif shoe.cut_card_out:
        state["half_bank_right"] = True  # B10, B14: the coup is finished, then the new shoe
    result["bank"] = state["bank"]
    _end(state, events, result)
