"""Baccarat with a player-held bank (CG §4–§17, ../shared/rules/baccarat-bank.md): one player
holds the bank with his own money, the others bet against it, and the bank changes hands by
loss, sale or passing.

A hand of the platform is one coup, with what comes before its deal: the bank's auction when
nobody holds it (section 5; B7), the bets, the chocolate (§16, B9), the deal and the draws
(§12–§14, B1, B2, B5), the result (§15, B3, B4, B11). The bank spans coups: it sits in the pot
``bank`` of an escrow that lasts the table's session (``escrow_key``), carried from hand to hand
with the shoe, so after each coup the escrow holds exactly the current bank. The six-deck shoe
spans coups too: one commitment for the whole shoe, revealed at the end of the coup in which the
cut card (seven from the end, §12) came out; the next coup opens a new shoe (B14).

Phases of a hand, in order (a hand may end early, e.g. nobody takes the bank):
- ``auction``: nobody holds the bank, or the holder sells it. Every other player dealt in bids
  at once, each on his own clock, or passes; a bid is put into escrow as it is made (so no bid
  is larger than the bidder's balance). The highest bid wins, ties to the first seat counting
  from the seller's right (from the dealer's right when there is no seller). With a seller the
  buyer pays him the bid, seat to seat, and takes over that much of the bank, the rest of it
  going back to the seller (§10: the price is capped at the bank before the sale; the seller
  keeps all the money of his old bank, B7). With nobody bidding the seller takes his bank back
  and it is offered seat by seat from his right (§11);
- ``offer``: one seat at a time may open a bank of his choosing (≥ the table minimum) or decline;
- ``betting``: the players against the bank each bet or pass on their own clock; the holder says
  "deal" (or sells, or takes half the bank after a shoe, B10). The bets are covered in seat order
  from the holder's right: the bet that overflows the bank is cut to the cover left, later bets
  are refused and returned (§13, B6);
- ``chocolate``: when the bets cover less than the bank, the holder may take the difference out
  (§16, B9) before the first card;
- ``draw``: the cardholder (the largest bet, ties to the first from the holder's right, B5)
  decides on a total of 5 (§14); every other draw follows the rules (§14, B1).

The folder: rules.py (the terms, settings, pots, seat order, the coup's end), bank.py (the bank's
life: auction, offer, holder, return), coup.py (the cards, the bets covered, the deal, the draws
and the settlement); this module says who acts, validates and applies an action, and holds the
engine class the platform registers.
"""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    NextHand,
    State,
    copy_json,
    gettext_noop,
    pay,
    seat,
)
from tables.engines.cards import Shoe, shoe_record
from tables.games.baccarat_bank.bank import (
    _auction_over,
    _begin_auction,
    _begin_betting,
    _return_bank,
    _set_holder,
)
from tables.games.baccarat_bank.coup import _close_bets, _deal, _draw, _holder_turn, total
from tables.games.baccarat_bank.rules import (
    BANK,
    COUP_STAGES,
    GAME,
    SEATS,
    _copy,
    _end,
    _whole,
    bet_pot,
    bid_pot,
    bidders,
    check_config,
    new_shoe,
    punters,
)

# --- who acts -------------------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "auction":
        decided = set(state["bids"]) | set(state["passed"])
        return [p for p in bidders(state) if str(p) not in decided]
    if phase == "offer":
        return [state["offer"][0]] if state["offer"] else []
    if phase == "betting":
        decided = set(state["bets"]) | set(state["passed"])
        waiting = [p for p in punters(state) if str(p) not in decided]
        if not state["holder_ready"]:
            waiting.append(state["holder"])
        return sorted(waiting)
    if phase == "chocolate":
        return [state["holder"]]
    if phase == "draw":
        return [state["cardholder"]]
    return []


def _bank_room(state: State) -> tuple[int, int]:
    """A bet's range: the table minimum (or the whole bank, when smaller) to the bank (§13)."""
    bank = state["bank"]
    return min(state["min_bet"], bank), bank


def _auction_range(state: State) -> tuple[int, int]:
    """A bid's range: the table minimum to the bank before the sale (§10), or to the table's
    largest bank when nobody sells."""
    cap = state["auction_cap"] if state["seller"] is not None else state["max_bank"]
    return state["min_bet"], cap


def _amount(action: dict, low: int, high: int, message: str) -> int:
    amount = action.get("amount")
    if not _whole(amount) or not low <= amount <= high:
        raise IllegalAction(message, low=low, high=high)
    return amount


def _validated(state: State, position: int, action) -> dict:
    """The one validator: ``legal_actions`` lists only what passes it, ``apply`` refuses what
    does not."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This coup is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["players"]:
        raise IllegalAction(gettext_noop("You are not dealt in this coup."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your decision now."))
    kind, phase = action.get("type"), state["phase"]
    if phase == "auction" and kind == "bid":
        low, high = _auction_range(state)
        message = gettext_noop("A bid for the bank is from %(low)s to %(high)s.")
        return {"type": "bid", "amount": _amount(action, low, high, message)}
    if phase in ("auction", "betting") and kind == "pass" and position != state["holder"]:
        return {"type": "pass"}
    if phase == "offer" and kind == "open":
        low, high = state["min_bet"], state["max_bank"]
        message = gettext_noop("A bank is from %(low)s to %(high)s.")
        return {"type": "open", "amount": _amount(action, low, high, message)}
    if phase == "offer" and kind == "decline":
        return {"type": "decline"}
    if phase == "betting" and position == state["holder"]:
        if kind in ("deal", "sell"):
            return {"type": kind}
        if kind == "withdraw_half" and _half_allowed(state):
            message = gettext_noop("You may take out from %(low)s to %(high)s (half the bank).")
            return {"type": kind, "amount": _amount(action, 1, state["bank"] // 2, message)}
    elif phase == "betting" and kind == "bet":
        low, high = _bank_room(state)
        message = gettext_noop("A bet against the bank is from %(low)s to %(high)s.")
        return {"type": "bet", "amount": _amount(action, low, high, message)}
    if phase == "chocolate" and kind in ("take_chocolate", "no_chocolate"):
        return {"type": kind}
    if phase == "draw" and kind in ("draw", "stand"):
        return {"type": kind}
    raise IllegalAction(gettext_noop("Unknown action."))


def _half_allowed(state: State) -> bool:
    """B10: after the coup in which the cut card came out, if the bank did not lose it, once,
    before the first deal of the new shoe."""
    return state["half_bank_right"] and state["bank"] >= 2


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now; an amount's range is named by its two ends (the view's
    ``amount_range``): every whole amount between them is legal too."""
    if state["over"] or position not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "auction":
        low, high = _auction_range(state)
        bids = [{"type": "bid", "amount": a} for a in sorted({low, high})] if low <= high else []
        return [*bids, {"type": "pass"}]
    if phase == "offer":
        amounts = sorted({state["min_bet"], state["max_bank"]})
        return [*({"type": "open", "amount": a} for a in amounts), {"type": "decline"}]
    if phase == "betting" and position == state["holder"]:
        actions = [{"type": "deal"}, {"type": "sell"}]
        if _half_allowed(state):
            amounts = sorted({1, state["bank"] // 2})
            actions += [{"type": "withdraw_half", "amount": a} for a in amounts]
        return actions
    if phase == "betting":
        low, high = _bank_room(state)
        return [*({"type": "bet", "amount": a} for a in sorted({low, high})), {"type": "pass"}]
    if phase == "chocolate":
        return [{"type": "take_chocolate"}, {"type": "no_chocolate"}]
    return [{"type": "draw"}, {"type": "stand"}]


def amount_range(state: State, position: int) -> list[int] | None:
    if state["over"] or position not in to_act(state):
        return None
    phase = state["phase"]
    if phase == "auction":
        low, high = _auction_range(state)
        return [low, high] if low <= high else None
    if phase == "offer":
        return [state["min_bet"], state["max_bank"]]
    if phase == "betting" and position == state["holder"]:
        return [1, state["bank"] // 2] if _half_allowed(state) else None
    if phase == "betting":
        return list(_bank_room(state))
    return None


def _refund_stakes(state: State, events: list[Event], reason: str) -> None:
    """Every bet and bid deposit of the coup back to its payer."""
    for party in sorted(state["pots"]):
        if party == BANK:
            continue
        position = int(party.partition(":")[2][len("bet") :])  # pot:bet3, pot:bid3
        pay(state, events, party, seat(position), state["pots"][party], reason)


def _after_decision(state: State, events: list[Event], rng: Draws) -> None:
    """Move on once nobody of this phase is still to decide."""
    if to_act(state):
        return
    phase = state["phase"]
    if phase == "auction":
        _auction_over(state, events)
    elif phase == "betting":
        _close_bets(state, events, rng)


# --- the engine -----------------------------------------------------------------------------------


class BaccaratBank(GameEngine):
    """The hooks of baccarat with a player-held bank (module docstring)."""

    game = GAME
    display_name = gettext_noop("Baccarat (player bank)")
    seats = SEATS
    example_configs = ({"min_bet": 100, "max_bank": 2_000, "commission_percent": "5"},)

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    def new_hand(self, config, players, rng, carry=None) -> State:
        config = check_config(config)
        carry = carry or {}
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"baccarat deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        shoe_number = carry.get("shoe_number", 0)
        shoe = Shoe.from_dict(carry["shoe"]) if carry.get("shoe") else None
        opened = shoe is None or shoe.cut_card_out
        if opened:  # B14: after the coup in which the cut card came out, a new shoe
            shoe, shoe_number = new_shoe(rng), shoe_number + 1
        hands = carry.get("hands_dealt", 0) + 1
        # the shoe's coups so far, for the bead road: "bank", "punter", "tie"
        road = [] if opened else list(carry.get("road") or [])
        holder = carry.get("holder")
        session = carry.get("session", config.get("match_number", 1))
        state: State = {
            "game": GAME,
            "session": session,
            "hand_key": config.get("hand_number", hands),
            "hands_dealt": hands,
            "coups": carry.get("coups", 0),
            "holding": carry.get("holding", 0),
            "shoe_number": shoe_number,
            "new_shoe": opened,
            "shoe": shoe.to_dict(),
            "min_bet": config["min_bet"],
            "max_bank": config["max_bank"],
            "commission_percent": config["commission_percent"],
            "players": players,
            "dealt_in": list(players),
            "left": [],
            "holder": holder,
            "bank": carry.get("bank", 0) if holder is not None else 0,
            "excluded": carry.get("excluded"),
            "half_bank_right": bool(carry.get("half_bank_right")) and holder is not None,
            "seller": None,
            "auction_cap": None,
            "bids": {},
            "offer": [],
            "bets": {},
            "passed": [],
            "holder_ready": False,
            "accepted": {},
            "cardholder": None,
            "punter_cards": [],
            "holder_cards": [],
            "punter_stood": False,
            "chocolate": 0,
            "chocolate_left": 0,
            "half_taken": 0,
            "punter_choice": None,
            "road": road,
            "acted": {},
            "pots": {BANK: carry["bank"]} if holder is not None and carry.get("bank") else {},
            "phase": "",
            "over": False,
            "result": None,
        }
        if holder is not None:
            _begin_betting(state)
        else:
            _begin_auction(state, None, [])
        return state

    def start_events(self, state: State) -> list[Event]:
        return [
            {
                "type": "hand_started",
                "players": list(state["dealt_in"]),
                "holder": state["holder"],
                "bank": state["bank"],
                "shoe": state["shoe_number"],
                "new_shoe": state["new_shoe"],
            }
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        state = _copy(state)
        rng = rng if rng is not None else Draws()
        events: list[Event] = [{"type": checked["type"], "seat": seat}]
        acted = state["acted"]
        acted[str(seat)] = acted.get(str(seat), 0) + 1
        kind, position = checked["type"], base.seat(seat)
        if kind == "bid":
            state["bids"][str(seat)] = checked["amount"]
            events[0]["amount"] = checked["amount"]
            pay(state, events, position, bid_pot(seat), checked["amount"], "bid for the bank")
        elif kind == "pass":
            state["passed"].append(str(seat))
        elif kind == "open":
            events[0]["amount"] = checked["amount"]
            pay(state, events, position, BANK, checked["amount"], "bank opened")
            state["bank"] = checked["amount"]
            _set_holder(state, seat, events)
        elif kind == "decline":
            state["offer"].pop(0)
            if not state["offer"]:
                _end(state, events, {"no_bank": True})
        elif kind == "bet":
            state["bets"][str(seat)] = checked["amount"]
            events[0]["amount"] = checked["amount"]
            pay(state, events, position, bet_pot(seat), checked["amount"], "bet against the bank")
        elif kind == "deal":
            state["holder_ready"] = True
        elif kind == "sell":  # §11: up to the next deal; the bets placed go back
            _refund_stakes(state, events, "bets returned: the bank is for sale")
            _begin_auction(state, seat, events)
        elif kind == "withdraw_half":  # B10
            events[0]["amount"] = checked["amount"]
            pay(state, events, BANK, position, checked["amount"], "half the bank taken out")
            state["bank"] -= checked["amount"]
            state["half_bank_right"] = False
            state["half_taken"] = checked["amount"]
        elif kind == "take_chocolate":  # §16, B9
            chocolate = state["bank"] - sum(state["accepted"].values())
            pay(state, events, BANK, position, chocolate, "chocolate")
            state["bank"] -= chocolate
            state["chocolate"] = chocolate
            _deal(state, events)
        elif kind == "no_chocolate":
            state["chocolate_left"] = state["bank"] - sum(state["accepted"].values())
            _deal(state, events)
        elif kind == "draw":
            state["punter_choice"] = "draw"
            _draw(state, "punter", events)
            _holder_turn(state, events)
        else:  # stand
            state["punter_stood"] = True
            state["punter_choice"] = "stand"
            _holder_turn(state, events)
        _after_decision(state, events, rng)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """One decision per seat and phase: other seats' moves do not restart its clock."""
        acted = state["acted"].get(str(seat), 0)
        return f"coup {state['hand_key']}: {state['phase']} {acted}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """B13, section 5: no bid, no bank, no bet; the holder deals (keeps the bank) and takes
        no chocolate; the cardholder stands on 5."""
        phase = state["phase"]
        if phase == "offer":
            return {"type": "decline"}
        if phase == "betting":
            return {"type": "deal"} if seat == state["holder"] else {"type": "pass"}
        if phase == "chocolate":
            return {"type": "no_chocolate"}
        if phase == "draw":
            return {"type": "stand"}
        return {"type": "pass"}

    def carry_over(self, state: State) -> dict:
        """The shoe, the holder and his bank go on to the next coup."""
        return {
            "shoe": copy_json(state["shoe"]),
            "shoe_number": state["shoe_number"],
            "hands_dealt": state["hands_dealt"],
            "coups": state["coups"],
            "holding": state["holding"],
            "session": state["session"],
            "holder": state["holder"],
            "bank": state["bank"],
            "excluded": state["excluded"],
            "half_bank_right": state["half_bank_right"],
            "road": list(state.get("road", ())),
        }

    def escrow_key(self, state: State) -> str:
        """The bank lives from coup to coup: one escrow for the table's session."""
        return f"bank-session:{state['session']}"

    def pot_owners(self, state: State) -> dict[str, str]:
        return {BANK: seat(state["holder"])} if state["holder"] is not None else {}

    def commitment(self, state: State) -> Commitment:
        return Commitment(f"shoe:{state['shoe_number']}", shoe_record(state["shoe"]))

    def commitment_finished(self, state: State) -> bool:
        return self.is_hand_over(state) and Shoe.from_dict(state["shoe"]).cut_card_out

    # --- what each may see ---------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public but the shoe's order: the bank, bids, bets and the cards (dealt
        face up, §13)."""
        shoe = Shoe.from_dict(state["shoe"])
        waiting = to_act(state)
        public = {
            "game": GAME,
            "coup": state["hand_key"],
            "phase": state["phase"],
            "holder": state["holder"],
            "bank": state["bank"],
            "seller": state["seller"],
            "auction_cap": state["auction_cap"],
            "bids": dict(state["bids"]),
            "offered": state["offer"][0] if state["offer"] and state["phase"] == "offer" else None,
            "bets": dict(state["bets"]),
            "passed": [int(p) for p in state["passed"]],
            "accepted": dict(state["accepted"]),
            "cardholder": state["cardholder"],
            "punter_cards": list(state["punter_cards"]),
            "holder_cards": list(state["holder_cards"]),
            "punter_total": total(state["punter_cards"]) if state["punter_cards"] else None,
            "holder_total": total(state["holder_cards"]) if state["holder_cards"] else None,
            "chocolate": state["chocolate"],
            "chocolate_left": state.get("chocolate_left", 0),
            "half_taken": state.get("half_taken", 0),
            "punter_choice": state.get("punter_choice"),
            "half_bank_right": state["half_bank_right"],
            "road": list(state.get("road", ())),
            # decisions taken in this coup so far: none yet, and the last coup (shown beside
            # this one's betting) was decided in the change that dealt this one in
            "decisions": sum(state["acted"].values()),
            "shoe": state["shoe_number"],
            "shoe_remaining": shoe.remaining,
            "cut_card_out": shoe.cut_card_out,
            "min_bet": state["min_bet"],
            "players": list(state["players"]),
            "to_act": waiting,
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            public["legal"] = legal_actions(state, seat)
            public["amount_range"] = amount_range(state, seat)
        return public

    def undealt(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).undealt

    def all_cards(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).cards  # the undealt and the dealt

    # --- the session -----------------------------------------------------------------------------

    def in_play(self, state: State | None) -> bool:
        """A coup under way, or a bank held between coups (its money is in play)."""
        return bool(state) and (not state["over"] or bool(state["pots"]))

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def next_hand(self, state, seats, config):
        """A coup starts with two players or more: the holder (away or not, his bank is at the
        table) and the players present."""
        seated = {s.position: s for s in seats}
        holder = state["holder"] if state else None
        players = {p for p, s in seated.items() if not s.away}
        if holder in seated:
            players.add(holder)
        if len(players) < SEATS[0] or (holder is not None and len(players - {holder}) < 1):
            return None
        chosen = tuple(sorted(players)[: SEATS[1]])
        if holder is not None and holder not in chosen:
            chosen = (*chosen[:-1], holder)
        return NextHand(tuple(sorted(chosen)), self.carry_over(state) if state else None)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving costs nothing before the cards (a bet or bid goes back); after the deal a
        player's bet stays with the bank. A holder who leaves passes the bank as if sold with no
        bids (section 5): before the cards his bank goes back to him with every bet; after the
        deal the coup is lost by the bank."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        rng = rng if rng is not None else Draws()
        if state["over"]:  # between coups: only a holder has money here
            if seat == state["holder"]:
                _return_bank(state, events, "the holder left")
            state["players"].remove(seat)
            return state, events
        dealt = bool(state["punter_cards"])
        if seat == state["holder"]:
            if dealt:
                self._holder_forfeits(state, events)
            else:
                _refund_stakes(state, events, "bets returned: the holder left")
                _return_bank(state, events, "the holder left")
                _end(state, events, {"holder_left": seat})
            state["players"].remove(seat)
            return state, events
        for party, reason in ((bid_pot(seat), "bid returned"), (bet_pot(seat), "bet returned")):
            if state["pots"].get(party) and not dealt:
                pay(state, events, party, base.seat(seat), state["pots"][party], reason)
        if dealt and state["accepted"].get(str(seat)):
            amount = state["accepted"].pop(str(seat))
            pay(state, events, bet_pot(seat), BANK, amount, "bet left to the bank")
            state["bank"] += amount
        state["bids"].pop(str(seat), None)
        state["bets"].pop(str(seat), None)
        state["accepted"].pop(str(seat), None)
        state["players"].remove(seat)
        state["left"].append(seat)
        if state["seller"] == seat:
            state["seller"] = None
        if seat in state["offer"]:
            state["offer"].remove(seat)
            if state["phase"] == "offer" and not state["offer"]:
                _end(state, events, {"no_bank": True})
        phase = state["phase"]
        if phase == "chocolate" and not state["accepted"]:
            _end(state, events, {"no_bets": True})
        elif phase == "draw" and seat == state["cardholder"]:
            _holder_turn(state, events)  # nobody may choose on 5: the cardholder stands
        elif phase in ("auction", "betting"):
            _after_decision(state, events, rng)
        return state, events

    def _holder_forfeits(self, state: State, events: list[Event]) -> None:
        """The holder left after the deal: every bet is paid as won, the rest of the bank goes
        back to him, the holding ends."""
        for position, amount in sorted((int(p), a) for p, a in state["accepted"].items()):
            pay(state, events, bet_pot(position), seat(position), amount, "bet returned")
            pay(state, events, BANK, seat(position), amount, "bet won: the holder left")
            state["bank"] -= amount
        shoe = Shoe.from_dict(state["shoe"])
        shoe.discard_cards([*state["punter_cards"], *state["holder_cards"]])
        state["shoe"] = shoe.to_dict()
        _return_bank(state, events, "the holder left")
        _end(state, events, {"holder_left": state["excluded"], "shoe_over": shoe.cut_card_out})

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        if not self.in_play(state) or state["over"]:
            return None
        return super().apply_absent(state, seat, rng)

    def apply_void(self, state: State):
        """Staff void: every bet and bid of the coup back to its payer, the bank back to its
        holder (the holding ends; the next coup auctions the bank)."""
        if not self.in_play(state):
            raise IllegalAction(gettext_noop("No coup is being played."))
        state = _copy(state)
        events: list[Event] = [{"type": "void"}]
        _refund_stakes(state, events, "void")
        if state["holder"] is not None:
            _return_bank(state, events, "void")
        if state["punter_cards"] and not state["over"]:
            shoe = Shoe.from_dict(state["shoe"])
            shoe.discard_cards(shoe.in_play)
            state["shoe"] = shoe.to_dict()
        state.update(over=True, phase="over", result={"void": True}, excluded=None)
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [[gettext_noop("Minimum"), {"money": config.get("min_bet")}]]
        if not state:
            return {"pot": 0, "stage": "", "facts": facts}
        if state["holder"] is not None:
            facts.append([gettext_noop("Holder"), {"seat": state["holder"]}])
            facts.append([gettext_noop("Bank"), {"money": state["bank"]}])
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        stage = COUP_STAGES.get(state["phase"] or "over", state["phase"])
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}


ENGINE = base.register(BaccaratBank())
