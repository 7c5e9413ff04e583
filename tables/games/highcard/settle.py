"""High card's round after the betting (tables/games/highcard/engine.py has the rules): the
deal, a card change, the settlement of every box and side bet, the ante pot split, the hand's
result, and moving the hand on once nobody is awaited."""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import Draws, Event, State, pay, pot, seat
from tables.engines.cards import Shoe, rank_value
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.games.highcard.config import (
    BETTING,
    OVER,
    PLAYING,
    SAME,
    SAME_RANK_PAYS,
    SWITCH,
    TIE_DIE_WINS_FROM,
)
from tables.games.highcard.moves import box_order, changing_boxes, to_act


def split_evenly(amount: int, shares: int) -> list[int]:
    """The casino's split rule (casino/money.py ``split_amount`` with equal weights, copied
    because engines import nothing from the casino app): each share rounded down, the remainder
    to the first share, so the parts add up to ``amount`` exactly."""
    parts = [amount // shares] * shares
    parts[0] += amount - sum(parts)
    return parts


def deal(state: State) -> list[Event]:
    """Every seat has decided: the dealer's card first, face down, then a card to each box in
    the layout's order. Card changes follow where offered, else the settlement."""
    shoe = Shoe.from_dict(state["shoe"])
    state["dealer"] = {"card": shoe.deal(), "shown": False}
    order = box_order(state)
    for n in order:
        state["boxes"][str(n)]["card"] = shoe.deal()
    state["shoe"] = shoe.to_dict()
    events: list[Event] = [
        {
            "type": "deal",
            "boxes": {
                str(n): state["boxes"][str(n)]["card"]
                for n in order
                if state["boxes"][str(n)]["kind"] == boxes.OPEN
            },
        }
    ]
    state["phase"] = PLAYING
    if not state["switch"] or not to_act(state):
        state["decided"] = list(order)
    return events


def change_card(state: State, events: list[Event], position: int, box: int) -> None:
    """The owner changes the box's card once for a fee of half his own stake, rounded up; the
    card given up is shown and goes to the discard."""
    box_state = state["boxes"][str(box)]
    own = next(s["amount"] for s in box_state["stakes"] if s["seat"] == position)
    house.pay_fee(state, events, position, -(-own // 2), SWITCH)
    shoe = Shoe.from_dict(state["shoe"])
    old = box_state["card"]
    shoe.discard_cards([old])
    box_state["card"] = shoe.deal()
    box_state["old_card"] = old
    state["shoe"] = shoe.to_dict()
    events.append(
        {"type": SWITCH, "seat": position, "box": box, "old": old, "card": box_state["card"]}
    )


def settle(state: State, rng: Draws) -> list[Event]:
    """Every decision is made: the dealer turns his card, every box and side bet is paid, the
    ante pot goes to the best card(s), the fees to the bank, the cards to the discard."""
    events: list[Event] = []
    limits = state["limits"]
    ante_pot = state["pots"].get(pot(), 0)
    if state["boxes"]:
        state["dealer"] = dict(state["dealer"], shown=True)
        dealer_card = state["dealer"]["card"]
        dealer_rank = rank_value(dealer_card)
        events.append({"type": "dealer", "card": dealer_card})
        order = box_order(state)  # the boxes stay as they are while they are settled
        for n in order:
            box_state = state["boxes"][str(n)]
            card_rank = rank_value(box_state["card"])
            if card_rank == dealer_rank and state["ties"] == "die":
                die = rng.randint(1, 6)  # drawn mid-hand: recorded by the actor for the replay
                box_state["die"] = die
                events.append({"type": "roll", "box": n, "die": die})
                won = die >= TIE_DIE_WINS_FROM
            else:
                won = card_rank > dealer_rank
            box_state["beat_dealer"] = won  # ("won" is the cap's running total, boxes.cap)
            boxes.settle_box(
                state,
                events,
                n,
                1 if won else "lose",
                max_payout=limits["max_payout"],
                reason="box",
            )
            if box_state["side"]:  # every staker's together: the cap is shared, not raced
                ratio = SAME_RANK_PAYS if card_rank == dealer_rank else "lose"
                boxes.settle_side(state, events, n, SAME, ratio, max_payout=limits["max_payout"])
        shoe = Shoe.from_dict(state["shoe"])
        shoe.discard_cards([*(state["boxes"][str(n)]["card"] for n in order), dealer_card])
        state["shoe"] = shoe.to_dict()
        if ante_pot:
            best = max(rank_value(state["boxes"][str(n)]["card"]) for n in order)
            winners = []
            for n in order:
                owner = state["boxes"][str(n)]["owner"]
                if rank_value(state["boxes"][str(n)]["card"]) == best and owner not in winners:
                    winners.append(owner)
            for position, share in zip(winners, split_evenly(ante_pot, len(winners)), strict=True):
                if share:
                    pay(state, events, pot(), seat(position), share, "ante pot won")
            state["ante_winners"] = winners
    elif ante_pot:
        pay(state, events, pot(), base.house("commission"), ante_pot, "ante pot, nobody bet")
    house.fees_to_bank(state, events)
    state["phase"] = OVER
    state["over"] = True
    state["escrowed"] = {}  # every pot is paid out: nothing is left for a void to return
    state["result"] = _result(state)
    events.append({"type": "hand_over", "result": state["result"]})
    return events


def box_nets(box_state: dict) -> dict[int, int]:
    nets: dict[int, int] = {}
    for hand in box_state["hands"]:
        for entry in (hand["settled"] or {}).get("nets", []):
            nets[entry["seat"]] = nets.get(entry["seat"], 0) + entry["net"]
    for side in box_state["side"]:
        if side["settled"] is not None:
            nets[side["seat"]] = nets.get(side["seat"], 0) + side["settled"]["net"]
    return nets


def _result(state: State) -> dict:
    """The hand's result: each box (owner, card, won, every staker's net) and, per seat that
    owned a box, whether its first box won (``won``: what a one-box player reads)."""
    by_box = {}
    won: dict[str, bool] = {}
    for n in box_order(state):
        box_state = state["boxes"][str(n)]
        by_box[str(n)] = {
            "owner": box_state["owner"],
            "kind": box_state["kind"],
            "card": box_state["card"],
            "won": box_state["beat_dealer"],
            "die": box_state.get("die"),
            "nets": {str(k): v for k, v in sorted(box_nets(box_state).items())},
        }
        won.setdefault(str(box_state["owner"]), box_state["beat_dealer"])
    return {
        "void": False,
        "won": won,
        "boxes": by_box,
        "ante_winners": list(state["ante_winners"]),
        "dealer_card": (state["dealer"] or {}).get("card"),
    }


def advance(state: State, rng: Draws | None) -> list[Event]:
    """Move the hand on once nobody is awaited: deal after the betting, settle after the
    decisions (both may follow one another in one step)."""
    events: list[Event] = []
    rng = rng if rng is not None else Draws()
    awaited = to_act(state)  # asked again only after a change of phase
    if awaited:
        return events
    changing_boxes(state)  # the deal or the settlement changes every box
    if state["phase"] == BETTING:
        if state["boxes"]:
            events += deal(state)
        else:
            state["phase"] = PLAYING
        awaited = to_act(state)
    if state["phase"] == PLAYING and not awaited:
        events += settle(state, rng)
    return events
