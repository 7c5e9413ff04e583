"""The flow of a Belarusian poker game (CG §22-§25, rulings P3-P11, P13): the betting rounds in turn
from the button, bets and passes, the early showdown proposed and answered, the showdown, the
svara offered, joined and dealt, a player leaving mid-hand, and the bank paid out once at the end
less the casino's deduction."""

from __future__ import annotations

import json

from casino.money import split_amount
from tables.engines.base import Event, State, pot, seat
from tables.engines.betting import clockwise_from_button
from tables.engines.seka import seka_score
from tables.games.belarusian_poker.rules import (
    COMMISSION,
    HAND_SIZE,
    MAX_ROUNDS,
    MAX_SVARAS,
    _current_cards,
    _log,
    _pay,
    deduction,
    to_act,
)


def _start_round(state: State) -> None:
    state["queue"] = clockwise_from_button(state["active"], state["button"])
    state["proposals"] = []


def _end_of_turn(state: State, events: list[Event]) -> None:
    """After a bet or a pass: one player left takes the bank unseen (P6); a round complete
    goes on to the showdown (five rounds, P5; the maximum answered, P7), to the vote on an
    early showdown (P8) or to the next round."""
    if len(state["active"]) == 1:
        _pay_bank(state, events, list(state["active"]), shown=False)
        return
    if state["queue"]:
        return
    if state["max_by"] is not None or state["round"] >= MAX_ROUNDS:
        _showdown(state, events)
        return
    proposers = [p for p in state["proposals"] if p in state["active"]]
    if proposers:
        _ask(state, "consent", [p for p in state["active"] if p not in proposers])
        state["answers"] = {str(p): True for p in proposers}
        if not to_act(state):
            _showdown(state, events)
        return
    state["round"] += 1
    _start_round(state)


def _ask(state: State, phase: str, seats) -> None:
    state["phase"] = phase
    state["asked"] = clockwise_from_button(seats, state["button"])
    state["answers"] = {}


def _bet(state: State, events: list[Event], position: int, amount: int) -> None:
    _pay(state, events, seat(position), pot(), amount, "bet")
    state["level"] = amount  # P4: every bet becomes the level
    state["queue"].pop(0)
    events.append({"type": "bet", "seat": position, "amount": amount})
    if amount == state["max_bet"] and state["max_by"] is None:
        # P7 as decided (section 5): every other active player answers the maximum or passes,
        # also one who already bet this round; then the showdown
        state["max_by"] = position
        order = clockwise_from_button(state["active"], position)
        state["queue"] = [p for p in order if p != position]
        _log(state, position, "max", amount)
    elif state["max_by"] is not None:
        state["answered_max"].append(position)
        _log(state, position, "answer_max", amount)
    else:
        _log(state, position, "bet", amount)


def _fold(state: State, position: int) -> None:
    """P6: passing folds for the rest of the game; the chips stay in the bank."""
    state["active"].remove(position)
    if position in state["queue"]:
        state["queue"].remove(position)
    state["passed"].append(position)


def _showdown(state: State, events: list[Event]) -> None:
    """§24: the croupier opens the remaining hands; the highest score takes the bank, a tie
    among the highest offers a svara (at most two, §24) or splits the bank (P9, P11)."""
    cards = _current_cards(state)
    contenders = clockwise_from_button(state["active"], state["button"])
    scores = {p: seka_score(cards[str(p)]) for p in contenders}
    best = max(scores.values())
    top = [p for p in contenders if scores[p] == best]
    state["showdowns"].append(
        {
            "game": state["svaras"],
            "hands": {
                str(p): {"cards": list(cards[str(p)]), "score": scores[p]} for p in contenders
            },
            "best": best,
            "tied": top if len(top) > 1 else [],
        }
    )
    events.append(
        {
            "type": "showdown",
            "hands": {str(p): list(cards[str(p)]) for p in contenders},
            "scores": {str(p): s for p, s in scores.items()},
        }
    )
    _log(state, None, "showdown")
    if len(top) == 1:
        _pay_bank(state, events, top, shown=True)
    elif state["svaras"] < MAX_SVARAS:
        state["tied"] = top
        state["svara_bank"] = state["bank"]
        state["queue"] = []
        _ask(state, "svara_offer", top)
        events.append({"type": "svara_offered", "tied": top, "bank": state["bank"]})
    else:  # P9: a tie after the second svara splits the bank
        _pay_bank(state, events, top, shown=True)


def _offer_answered(state: State, events: list[Event]) -> None:
    """P9: one refusal splits the bank among the tied players; when every tied player has
    accepted, the others dealt in this hand (who passed too) may join."""
    if any(answer is False for answer in state["answers"].values()):
        _pay_bank(state, events, list(state["tied"]), shown=True)
        return
    if to_act(state):
        return
    candidates = [p for p in state["dealt_in"] if p not in state["tied"] and p not in state["left"]]
    state["joiners"] = []
    if candidates:
        _ask(state, "svara_join", candidates)
    else:
        _deal_svara(state, events)


def _deal_svara(state: State, events: list[Event]) -> None:
    """§24, P9: the svara players get new cards from the next pack; no entry bets; betting as
    in §24 with the level back at the table minimum and the maximum free again. A svara left
    with one player (the others tied left the table, nobody joined) is his bank."""
    players = sorted([*state["tied"], *state["joiners"]])
    if len(players) == 1:
        _pay_bank(state, events, players, shown=True)
        return
    state["svaras"] += 1
    state["players"] = players
    state["active"] = list(players)
    deal = _deal(state["packs"][state["svaras"]], players, state["button"])
    state["deals"].append(deal)
    state["level"] = state["min_bet"]
    state["round"] = 1
    state["max_by"] = None
    state["answered_max"] = []
    state["passed"] = []
    state["tied"] = []
    state["asked"] = []
    state["answers"] = {}
    state["phase"] = "betting"
    _start_round(state)
    events.append({"type": "svara_dealt", "svara": state["svaras"], "players": players})
    _log(state, None, "svara")


def _deal(pack: list[str], players: list[int], button: int) -> dict[str, list[str]]:
    """§23: three cards each, one at a time, from the button's left."""
    order = clockwise_from_button(players, button)
    hands: dict[str, list[str]] = {str(p): [] for p in order}
    for index in range(HAND_SIZE * len(order)):
        hands[str(order[index % len(order)])].append(pack[index])
    return hands


def _leave_game(state: State, events: list[Event], position: int) -> None:
    """A player leaving the table mid-hand is out of it at once (P6), whoever's turn it is; a
    tied player gives up the svara and the share; the hand goes on without him."""
    phase = state["phase"]
    in_game = position in state["active"]
    if in_game:
        _fold(state, position)
    if position in state["asked"]:
        state["asked"].remove(position)
        state["answers"].pop(str(position), None)
    if position in state["tied"]:
        state["tied"].remove(position)
    if phase == "betting":
        _end_of_turn(state, events)
    elif phase == "consent" and in_game:
        if len(state["active"]) == 1:
            _pay_bank(state, events, list(state["active"]), shown=False)
        elif not to_act(state):
            _showdown(state, events)
    elif phase == "svara_offer":
        if len(state["tied"]) == 1:
            _pay_bank(state, events, list(state["tied"]), shown=True)
        else:
            _offer_answered(state, events)
    elif phase == "svara_join" and not to_act(state):
        _deal_svara(state, events)


def _pay_bank(state: State, events: list[Event], winners: list[int], *, shown: bool) -> None:
    """The bank is paid once, at the very end (P10): the casino's deduction (§25) first, then
    the rest to the winner, or split equally among the tied with the remainder to the one first
    to the button's left (P11)."""
    bank = state["bank"]
    taken = deduction(bank, state["unit"])
    if taken:
        _pay(state, events, pot(), COMMISSION, taken, "deduction")
    winners = clockwise_from_button(winners, state["button"])
    shares = split_amount(bank - taken, [1] * len(winners))
    payouts = {}
    for position, share in zip(winners, shares, strict=True):
        payouts[str(position)] = share
        if share:
            _pay(state, events, pot(), seat(position), share, "bank won")
    state["over"] = True
    state["phase"] = "over"
    state["queue"] = []
    state["asked"] = []
    state["escrowed"] = {}  # the bank is paid out: nothing is left for a void to return
    state["result"] = {
        "void": False,
        "winners": winners,
        "split": len(winners) > 1,
        "shown": shown,
        "bank": bank,
        "deduction": taken,
        "payouts": payouts,
        "paid": dict(state["paid"]),
        "svaras": state["svaras"],
        "showdowns": json.loads(json.dumps(state["showdowns"])),
    }
    events.append({"type": "hand_over", "result": state["result"]})
    _log(state, None, "split" if len(winners) > 1 else "won")
