"""Khrap's declaration (CG §119, §119.1, §119.2.1, §119.2.2, rulings K3, K6, K9, K14): the trumps
turned up, each seat's game or pass from the marker round, the answers (help, five, pass) with
the pledges they put in, vertolyot's partners, and the redeal when all pass three times."""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import Event, State
from tables.engines.cards import suit
from tables.games.khrap.rules import (
    BANK,
    DECLARER_PENALTY,
    FIVE,
    HELP,
    JOINER_PENALTY,
    PASS,
    TRUMP_TURNS,
    VERTOLYOT,
    _pay,
    after,
    clockwise,
)
from tables.games.khrap.tricks import _start_exchanges, _start_play


def _turn_up(state: State, events: list[Event]) -> bool:
    """§119, §119.1: turn the top card; a suit already tried is set aside face up and the next
    turned. False when no card of a new suit is left (the round of trumps is over)."""
    while state["deck"]:
        card = state["deck"].pop(0)
        state["committed_left"] = max(0, state["committed_left"] - 1)
        state["turned"].append(card)
        if suit(card) in state["trumps_tried"]:
            events.append({"type": "turned", "card": card, "repeat": True})
            continue
        state["trumps_tried"].append(suit(card))
        state["trump"], state["trump_card"] = suit(card), card
        state["said"] = {}  # a new trump: everyone speaks again
        events.append({"type": "turned", "card": card, "trump": suit(card)})
        state["phase"] = "announce"
        state["queue"] = clockwise(state["players"], state["marker"])
        state["turn"] = state["queue"][0]
        return True
    return False


def _vertolyot_partners(state: State, position: int) -> list[str]:
    """§119.2.2, K9: with the six of trumps in his dealt hand, the other trumps he may show."""
    hand, trump = state["hands"][str(position)], state["trump"]
    if "6" + trump not in hand:
        return []
    return [c for c in hand if suit(c) == trump and c != "6" + trump]


def _pledge(state: State, position: int) -> int:
    multiple = DECLARER_PENALTY if position == state["declarer"] else JOINER_PENALTY
    return multiple * state["bank"]


def _announce(state: State, position: int, action: dict, events: list[Event]) -> None:
    state.setdefault("said", {})[str(position)] = action.get("game") or PASS
    if action["type"] == PASS:
        events.append({"type": "pass", "seat": position, "trump": state["trump"]})
        state["queue"].pop(0)
        if state["queue"]:
            state["turn"] = state["queue"][0]
        elif len(state["trumps_tried"]) >= TRUMP_TURNS or not _turn_up(state, events):
            _redeal(state, events)  # §119.1
        return
    game = action["game"]
    state["declarer"], state["declared"] = position, game  # K3: the first game stands
    events.append({"type": "declare", "seat": position, "game": game})
    _pay(state, events, base.seat(position), BANK, _pledge(state, position), "pledge")
    state["pledges"][str(position)] = _pledge(state, position)
    others = after(state["players"], position)[:-1]
    if game == VERTOLYOT:  # §119.2.2: everyone plays, on his dealt cards; the declarer leads
        state["shown"][str(position)] = ["6" + state["trump"], action["with"]]
        state["participants"] = clockwise(state["players"], position)
        for other in others:
            state["answers"][str(other)] = "forced"
            state["said"][str(other)] = "forced"
        _start_play(state, position, events)
        return
    state["phase"], state["answer_round"] = "answer", 1
    state["queue"] = others
    state["turn"] = others[0]


def _answer(state: State, position: int, kind: str, events: list[Event]) -> None:
    """§119.2.1, K3: round one help/pass, round two five/pass for whoever said neither."""
    state["queue"].pop(0)
    state.setdefault("said", {})[str(position)] = kind
    events.append({"type": kind, "seat": position, "round": state["answer_round"]})
    if kind in (HELP, FIVE):
        state["answers"][str(position)] = kind
        _pay(state, events, base.seat(position), BANK, _pledge(state, position), "pledge")
        state["pledges"][str(position)] = _pledge(state, position)
    elif state["answer_round"] == 2:  # out of this bank: his cards go to the dealer
        state["answers"][str(position)] = PASS
        state["discard"] += state["hands"][str(position)]
        state["hands"][str(position)] = []
    if state["queue"]:
        state["turn"] = state["queue"][0]
        return
    if state["answer_round"] == 1:
        waiting = [
            p
            for p in after(state["players"], state["declarer"])[:-1]
            if str(p) not in state["answers"]
        ]
        if waiting:
            state["answer_round"], state["queue"], state["turn"] = 2, waiting, waiting[0]
            return
    _start_exchanges(state, events)


def _redeal(state: State, events: list[Event]) -> None:
    """§119.1: all passed on every trump: the cards are collected, the bank waits for the next
    deal, where everyone adds the stake again; no rake (K7)."""
    state["turn"], state["over"], state["phase"] = None, True, "over"
    state["next_bank"] = state["bank"]
    state["stakes_due"] = True
    state["result"] = {
        "redeal": True,
        "bank": state["bank"],
        "next_bank": state["bank"],
        "players": list(state["players"]),
        "staked": state.get("staked", 0),
    }
    events.append({"type": "redeal", "bank": state["bank"]})
