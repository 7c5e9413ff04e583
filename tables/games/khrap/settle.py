"""Khrap's settlement (CG §119.2.1, §121, rulings K5-K8): the casino's 2 %, each trick's quarter of
the bank, the remainder carried, the pledges returned or forfeited into the next bank."""

from __future__ import annotations

from tables.engines.base import Event, State
from tables.games.khrap.rules import BANK, COMMISSION, TRICKS_TO_DECLARE, _pay, _payee, bank_split


def _settle(state: State, events: list[Event]) -> None:
    """§119.2.1, §121, K4-K8, section 5 (vertolyot's forced players owe nothing)."""
    bank = state["bank"]
    rake, trick, remainder = bank_split(bank)
    _pay(state, events, BANK, COMMISSION, rake, "2 % of the bank")
    payouts, penalties, kept = {}, {}, {}
    for position in state["participants"]:
        taken = state["tricks"].get(str(position), 0)
        payouts[str(position)] = taken * trick
        _pay(state, events, BANK, _payee(state, position), taken * trick, "tricks")
        pledge = state["pledges"].get(str(position), 0)
        needed = TRICKS_TO_DECLARE if position == state["declarer"] else 1
        if pledge and taken < needed:
            penalties[str(position)] = pledge  # it stays in the pot: the next bank
        elif pledge:
            kept[str(position)] = pledge
            _pay(state, events, BANK, _payee(state, position), pledge, "pledge back")
    new_shares: dict[str, int] = {}
    for position, amount in penalties.items():
        party = _payee(state, int(position))
        new_shares[party] = new_shares.get(party, 0) + amount
    left = remainder  # K8: the remainder stays; it is the old bank's payers' money still
    for party, share in sorted(state["shares"].items(), key=lambda item: -item[1]):
        part = min(share, left)
        if part:
            new_shares[party] = new_shares.get(party, 0) + part
            left -= part
    state["shares"], state["pledges"] = new_shares, {}
    next_bank = remainder + sum(penalties.values())
    state["next_bank"] = next_bank
    state["next_penalty"] = bool(penalties)
    state["stakes_due"] = not penalties  # K6: a penalty bank is played without new stakes
    state["over"], state["phase"] = True, "over"
    state["result"] = {
        "game": state["declared"],
        "declarer": state["declarer"],
        "bank": bank,
        "tricks": dict(state["tricks"]),
        "payouts": payouts,
        "rake": rake,
        "trick_value": trick,
        "penalties": penalties,
        "remainder": remainder,
        "next_bank": next_bank,
        "penalty_bank": bool(penalties),
        "redeal": False,
        "trump": state["trump"],
        "players": list(state["players"]),
        "staked": state.get("staked", 0),
        "kept": kept,
        "said": dict(state.get("said") or {}),
    }
    events.append({"type": "deal_over", "result": state["result"]})
