"""Big stud's showdown and banks (tables/games/big_stud/engine.py has the rules): the hands
opened, each the best five of seven (§110, §111, T7), the main and side pots (T12), each paid
after the casino's share (§113, T10) to its best hand or split (T8), or a hand with no bank."""

from __future__ import annotations

from casino.money import split_amount
from tables.engines.base import Event, State, copy_json, pay, pot, seat
from tables.engines.betting import clockwise_from_button, side_pots
from tables.engines.poker_hands import best, name
from tables.games.big_stud.betting import live, log
from tables.games.big_stud.config import SHARE, casino_share


def seven_cards(state: State, position: int) -> list[str]:
    cards = [*state["down"][str(position)], *state["up"][str(position)]]
    return cards + ([state["community"]] if state["community"] else [])


def showdown(state: State, events: list[Event]) -> None:
    """§110, §111, T7: the hands still in are opened, each the best five of its seven."""
    opened = {}
    for position in live(state):
        hand_value, five = best(seven_cards(state, position))
        opened[str(position)] = {
            "cards": seven_cards(state, position),
            "down": list(state["down"][str(position)]),
            "best": list(five),
            "value": hand_value,
            "name": name(hand_value),
        }
    state["opened"] = opened
    events.append(
        {
            "type": "opened",
            "hands": {p: list(h["cards"]) for p, h in opened.items()},
            "names": {p: h["name"] for p, h in opened.items()},
        }
    )
    log(state, None, "showdown")
    pay_banks(state, events, shown=True)


def no_bank(state: State, events: list[Event]) -> None:
    """Every round checked through (T4, decision T5: no ante, no forced bet): the bank is
    empty, so there is nothing to play the hands for and none is opened (issue 47)."""
    state["over"] = True
    state["queue"] = []
    state["escrowed"] = {}
    state["result"] = {
        "void": False,
        "shown": False,
        "no_bank": True,
        "winners": [],
        "split": False,
        "bank": 0,
        "share": 0,
        "pots": [],
        "payouts": {},
        "returned": dict(state["returned"]),
        "paid": dict(state["paid"]),
        "hands": {},
        "community": state["community"],
    }
    events.append({"type": "hand_over", "result": state["result"]})


def banks(state: State) -> list[dict]:
    """The main pot and the side pots as the bank stands (T12), each with the casino's share
    it would give (§113, T10)."""
    paid = {int(p): amount for p, amount in state["paid"].items()}
    return [
        {**bank, "share": casino_share(bank["amount"], state["share_percent"], state["share_cap"])}
        for bank in side_pots(paid, live(state))
    ]


def pay_banks(state: State, events: list[Event], *, shown: bool) -> None:
    """Each bank in turn: the casino's share first (§113, T10), then the rest to its best hand
    among the players who paid into all of it, or split among the tied with the odd minor unit
    to the first to the dealer's left (T8)."""
    paid_in = dict(state["paid"])
    results, payouts, total_share = [], {}, 0
    for number, bank in enumerate(banks(state)):
        share = bank["share"]
        if share:
            pay(state, events, pot(), SHARE, share, "commission")
        contenders = bank["eligible"]
        if shown:
            top = max(state["opened"][str(p)]["value"] for p in contenders)
            winners = [p for p in contenders if state["opened"][str(p)]["value"] == top]
        else:
            winners = contenders
        winners = clockwise_from_button(winners, state["button"])
        amounts = split_amount(bank["amount"] - share, [1] * len(winners))
        won = {}
        for position, amount in zip(winners, amounts, strict=True):
            if amount:
                pay(state, events, pot(), seat(position), amount, "bank won")
            won[str(position)] = amount
            payouts[str(position)] = payouts.get(str(position), 0) + amount
        total_share += share
        results.append(
            {
                "number": number,
                "amount": bank["amount"],
                "share": share,
                "eligible": bank["eligible"],
                "winners": winners,
                "payouts": won,
            }
        )
    state["over"] = True
    state["queue"] = []
    state["escrowed"] = {}  # the bank is paid out: nothing is left for a void to return
    state["result"] = {
        "void": False,
        "shown": shown,
        "winners": sorted({p for r in results for p in r["winners"]}),
        "split": any(len(r["winners"]) > 1 for r in results),
        "bank": sum(r["amount"] for r in results),
        "share": total_share,
        "pots": results,
        "payouts": payouts,
        "returned": dict(state["returned"]),
        "paid": paid_in,
        "hands": copy_json(state["opened"]) if shown else {},
        "community": state["community"],
    }
    events.append({"type": "hand_over", "result": state["result"]})
    log(state, None, "won")
