"""Khrap's exchange and play of tricks (CG §119.2.1-§119.2.4, §120, rulings K1, K2, K10, K11, K13):
who exchanges in which order and how many cards, the draw (a short deck refilled from the
discards), the cards a seat may lead or follow with, and the four tricks."""

from __future__ import annotations

from tables.engines.base import Draws, Event, State
from tables.engines.cards import suit
from tables.games.khrap.rules import (
    FIVE,
    FIVE_DRAWN,
    HELP,
    STRELYAYU,
    STRELYAYU_IN,
    TRICKS,
    ZAVORACHIVAYU,
    after,
    beats,
    clockwise,
)
from tables.games.khrap.settle import _settle


def _legal_play(state: State, position: int) -> list[str]:
    """K2: follow suit if possible, else a trump if possible, else any card."""
    hand = state["hands"][str(position)]
    if not state["trick"]:
        return list(hand)
    led = suit(state["trick"][0][1])
    for wanted in (led, state["trump"]):
        cards = [c for c in hand if suit(c) == wanted]
        if cards:
            return cards
    return list(hand)


def _discardable(state: State, position: int) -> list[str]:
    """The cards this seat may discard now (``pending == "discard"``): any card of a five-player
    (all five are drawn, §119.2.1); for strelyayu only one of the four just drawn (§119.2.3,
    "поменяв три свои карты на четыре из колоды и скинув одну из них": the declarer keeps one
    card of his own); for zavorachivayu any card but the trump card taken (§119.2.4, K10)."""
    hand = state["hands"][str(position)]
    exchange = _exchange_kind(state, position)
    if exchange == STRELYAYU:
        drawn = state.get("drawn") or []
        return [c for c in hand if c in drawn]
    if exchange == ZAVORACHIVAYU:
        return [c for c in hand if c != state["trump_card"]]
    return list(hand)


def _exchange_kind(state: State, position: int) -> str:
    """What this seat's exchange is: free (khrap, help), five, strelyayu, zavorachivayu."""
    if state["answers"].get(str(position)) == FIVE:
        return FIVE
    if position == state["declarer"] and state["declared"] in (STRELYAYU, ZAVORACHIVAYU):
        return state["declared"]
    return "free"


def _start_exchanges(state: State, events: list[Event]) -> None:
    declarer = state["declarer"]
    around = after(state["players"], declarer)[:-1]
    fives = [p for p in around if state["answers"].get(str(p)) == FIVE]
    helps = [p for p in around if state["answers"].get(str(p)) == HELP]
    state["participants"] = [declarer, *(p for p in around if p in fives or p in helps)]
    if not fives and not helps:  # K4: the declarer alone takes every trick
        state["tricks"] = {str(declarer): TRICKS}
        state["turn"] = None
        events.append({"type": "alone", "seat": declarer})
        _settle(state, events)
        return
    if state["declared"] == STRELYAYU:  # §119.2.3
        order = [declarer, *fives, *helps]
    else:  # §119.2.1, §119.2.4
        order = [*fives, declarer, *helps]
    state["phase"], state["queue"] = "exchange", order
    # the first five-player leads; without one, the declarer (§119.2.1)
    state["leader"] = fives[0] if fives else declarer
    _next_exchanger(state, events, None)


def _next_exchanger(state: State, events: list[Event], rng: Draws | None) -> None:
    """The next seat in the exchange order; a five-player's four cards go and five come at
    once, the zavorachivayu declarer takes the face-up trump card (K10): each then discards."""
    if not state["queue"]:
        _start_play(state, state["leader"], events)
        return
    position = state["queue"][0]
    state["turn"], state["pending"] = position, None
    hand = state["hands"][str(position)]
    exchange = _exchange_kind(state, position)
    if exchange == FIVE:
        _draw(state, events, rng, position, FIVE_DRAWN, out=list(hand))
        state["pending"] = "discard"
    elif exchange == ZAVORACHIVAYU:
        card = state["trump_card"]
        state["turned"].remove(card)
        hand.append(card)
        state["shown"][str(position)] = [card]
        events.append({"type": "takes_trump_card", "seat": position, "card": card})
        state["pending"] = "discard"


def _draw(state, events, rng, position: int, count: int, out: list[str]) -> None:
    """``out`` leaves the hand for the discard and ``count`` cards come from the deck; a deck
    too short is refilled first (§120): the discards so far (K13: exchanged cards, cards handed
    in, turned-up cards but the trump card), shuffled and cut by the player before the marker,
    under what is left of the deck. The outgoing cards are discarded after, so nobody draws
    back what he has just thrown out."""
    hand = state["hands"][str(position)]
    if len(state["deck"]) < count:
        pile = state["discard"] + [c for c in state["turned"] if c != state["trump_card"]]
        state["turned"] = [c for c in state["turned"] if c == state["trump_card"]]
        draws = rng if rng is not None else Draws()
        draws.shuffle(pile)
        cut = draws.randrange(1, len(pile)) if len(pile) > 1 else 0
        state["committed_left"] = len(state["deck"])
        state["deck"] += pile[cut:] + pile[:cut]
        state["discard"] = []
        state["reshuffles"] += 1
        events.append(
            {"type": "reshuffle", "cards": len(pile), "cutter": state["cutter"], "cut": cut}
        )
    for card in out:
        hand.remove(card)
    drawn, state["deck"] = state["deck"][:count], state["deck"][count:]
    state["committed_left"] = max(0, state["committed_left"] - count)
    hand += drawn
    state["discard"] += out
    state["exchanged"][str(position)] = state["exchanged"].get(str(position), 0) + len(drawn)
    events.append({"type": "exchange", "seat": position, "out": len(out), "in": len(drawn)})


def _exchange(state: State, position: int, action: dict, events: list[Event], rng: Draws):
    hand = state["hands"][str(position)]
    if action["type"] == "discard":
        hand.remove(action["card"])
        state["discard"].append(action["card"])
        events.append({"type": "discard", "seat": position})
        state["pending"], state["drawn"] = None, []
    else:
        cards = action["cards"]
        if _exchange_kind(state, position) == STRELYAYU:  # three out, four in, one discarded
            _draw(state, events, rng, position, STRELYAYU_IN, out=cards)
            # §119.2.3: the card thrown away is one of these four
            state["drawn"] = state["hands"][str(position)][-STRELYAYU_IN:]
            state["pending"] = "discard"
            return
        _draw(state, events, rng, position, len(cards), out=cards)
    state["queue"].pop(0)
    _next_exchanger(state, events, rng)


def _start_play(state: State, leader: int, events: list[Event]) -> None:
    state["phase"], state["leader"], state["turn"] = "play", leader, leader
    state["pending"] = None
    state["tricks"] = {str(p): 0 for p in state["participants"]}
    events.append({"type": "play_starts", "leader": leader})


def _play(state: State, position: int, card: str, events: list[Event]) -> None:
    state["hands"][str(position)].remove(card)
    state["trick"].append([position, card])
    events.append({"type": "play", "seat": position, "card": card})
    order = clockwise(
        [p for p in state["players"] if p in state["participants"]], state["trick"][0][0]
    )
    if len(state["trick"]) < len(order):
        state["turn"] = order[len(state["trick"])]
        return
    winner, best = state["trick"][0]
    for seat_played, played in state["trick"][1:]:
        if beats(played, best, state["trump"]):
            winner, best = seat_played, played
    state["tricks"][str(winner)] += 1
    state["played"] += [c for _p, c in state["trick"]]
    state["last_trick"], state["trick"] = state["trick"], []
    events.append({"type": "trick", "winner": winner})
    if sum(state["tricks"].values()) == TRICKS:
        state["turn"] = None
        _settle(state, events)
    else:
        state["turn"] = winner
