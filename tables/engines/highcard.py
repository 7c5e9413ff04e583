"""High card: our own test game, not a casino game of the rulebook (no § applies). It exists to
exercise every feature of the table platform (issue 12) with up to six seats, while being a
real game a table can run:

- every seat dealt in pays the ante into the main pot when the hand starts;
- betting is simultaneous: every seat decides at once, each on its own clock, to bet into its
  box (``min_bet``..``max_bet``) or pass; while deciding a seat may tip another seat (a payment
  from seat to seat);
- when everyone has decided, each bettor and the house (the dealer) get one card face up from
  a shoe that spans hands; a bettor's higher rank (suits ignored) wins 1:1 from the house
  bank, a lower one loses the box to it, and equal ranks roll a die drawn mid-hand (4-6 the
  bettor wins, 1-3 the house);
- the ante pot goes to the bettor(s) with the highest card, split evenly with the remainder to
  the first (the casino's split rule), or to the house's commission if nobody bet;
- leaving (or staying away) mid-hand folds: the box is lost to the house bank, the ante stays
  in the pot, and the seat is never paid in that hand again;
- the shoe's commitment covers the whole shoe and is revealed at the end of the hand in which
  the cut card came out; the next hand opens a new shoe.
"""

from __future__ import annotations

import copy
import math

from tables.engines import base
from tables.engines.base import (
    HOUSE_BANK,
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    Payment,
    State,
    copy_json,
    gettext_noop,
    house,
    pay,
    pot,
    seat,
)
from tables.engines.cards import Shoe, rank_value, shoe_record

GAME = "highcard"
SEATS = (1, 6)
DECKS = (1, 8)
PENETRATION = (0.5, 0.9)
DEFAULTS = {"ante": 0, "decks": 2, "penetration": 0.75}
TIE_DIE_WINS_FROM = 4  # on equal ranks a die of 4, 5 or 6 wins for the bettor, 1-3 for the house
# Where a void sends the ante of a seat that has left: the player is gone, so the seat (possibly
# someone else's by then) must not be paid; the house holds it for the cashier to give back.
UNCLAIMED = house("unclaimed")


def box(position: int) -> str:
    """The pot holding a seat's bet this hand."""
    return pot(f"box{position}")


def split_evenly(amount: int, shares: int) -> list[int]:
    """The casino's split rule (casino/money.py ``split_amount`` with equal weights, copied
    because engines import nothing from the casino app): each share rounded down, the remainder
    to the first share, so the parts add up to ``amount`` exactly."""
    parts = [amount // shares] * shares
    parts[0] += amount - sum(parts)
    return parts


# --- config ------------------------------------------------------------------------------------


def _whole_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _penetration(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong. Keys
    this game does not know (the actor's clock settings) pass through untouched."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    min_bet, max_bet = checked.get("min_bet"), checked.get("max_bet")
    if not _whole_number(min_bet) or min_bet <= 0:
        raise IllegalAction(
            gettext_noop("The minimum bet (min_bet) is a whole number of minor units above 0.")
        )
    if not _whole_number(max_bet) or max_bet < min_bet:
        raise IllegalAction(
            gettext_noop(
                "The maximum bet (max_bet) is a whole number of minor units, at least the "
                "minimum bet of %(min_bet)s."
            ),
            min_bet=min_bet,
        )
    if not _whole_number(checked["ante"]) or checked["ante"] < 0:
        raise IllegalAction(gettext_noop("The ante is a whole number of minor units, 0 or more."))
    decks = checked["decks"]
    if not _whole_number(decks) or not DECKS[0] <= decks <= DECKS[1]:
        raise IllegalAction(
            gettext_noop("The shoe holds %(low)s to %(high)s decks."), low=DECKS[0], high=DECKS[1]
        )
    penetration = _penetration(checked["penetration"])
    if penetration is None or not PENETRATION[0] <= penetration <= PENETRATION[1]:
        raise IllegalAction(
            gettext_noop(
                "The penetration (the share of the shoe dealt before the cut card) is from "
                "%(low)s to %(high)s."
            ),
            low=PENETRATION[0],
            high=PENETRATION[1],
        )
    checked["penetration"] = penetration
    return checked


# --- state helpers -----------------------------------------------------------------------------


def _copy(state: State, *changing: str) -> State:
    """A new state sharing every value with ``state`` but the ``changing`` ones, copied: an
    action copies only what it changes, never the shoe, which is replaced whole when cards are
    dealt (a deep copy of every action's state was most of its cost, issue 31)."""
    state = dict(state)
    for key in changing:
        # two levels are all there are: seat lists, dicts of amounts, and the escrow's pots of
        # payers (copy_json's recursion into every amount cost more than the action itself)
        value = state[key]
        if isinstance(value, list):
            state[key] = list(value)
        else:
            state[key] = {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
    return state


def to_act(state: State) -> list[int]:
    """Every dealt-in seat still at the table that has neither bet nor passed: they all decide
    at the same time."""
    if state["over"]:
        return []
    return [p for p in state["players"] if str(p) not in state["bets"] and p not in state["passed"]]


def _validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it and ``apply``
    refuses what does not. Returns the action's meaningful fields."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in state["players"]:
        raise IllegalAction(gettext_noop("You are not dealt in this hand."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
    kind = action.get("type")
    if kind == "pass":
        return {"type": "pass"}
    if kind == "bet":
        amount = action.get("amount")
        if not _whole_number(amount) or not state["min_bet"] <= amount <= state["max_bet"]:
            raise IllegalAction(
                gettext_noop("A bet is from %(min_bet)s to %(max_bet)s."),
                min_bet=state["min_bet"],
                max_bet=state["max_bet"],
            )
        return {"type": "bet", "amount": amount}
    if kind == "tip":
        to, amount = action.get("to"), action.get("amount")
        if not _whole_number(to) or to == position or to not in state["players"]:
            raise IllegalAction(gettext_noop("Tip another player dealt in this hand."))
        if not _whole_number(amount) or not 1 <= amount <= state["max_bet"]:
            raise IllegalAction(
                gettext_noop("A tip is from %(low)s to %(max_bet)s."),
                low=1,
                max_bet=state["max_bet"],
            )
        return {"type": "tip", "to": to, "amount": amount}
    raise IllegalAction(gettext_noop("Unknown action."))


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now. Amounts are ranges (the view's ``bet_range`` and
    ``tip_range``); the list names each range's two ends, every whole amount between them is
    legal as well."""
    if state["over"] or position not in to_act(state):
        return []
    low, high = state["min_bet"], state["max_bet"]
    actions = [{"type": "bet", "amount": amount} for amount in sorted({low, high})]
    actions.append({"type": "pass"})
    for other in state["players"]:
        if other != position:
            actions += [{"type": "tip", "to": other, "amount": n} for n in sorted({1, high})]
    return actions


def _settle(state: State, rng: Draws) -> list[Event]:
    """Everyone has decided: deal, pay every box and the ante pot, discard. Only seats still in
    the hand (``players``) are dealt cards or paid."""
    events: list[Event] = []
    # the state is a copy whose containers may still be the state before's (``_copy``)
    for key in ("cards", "dice", "won"):
        state[key] = dict(state[key])
    shoe = Shoe.from_dict(state["shoe"])
    bettors = [p for p in state["players"] if str(p) in state["bets"]]
    if bettors:
        for position in bettors:
            state["cards"][str(position)] = shoe.deal()
        state["dealer_card"] = shoe.deal()
        events.append(
            {
                "type": "deal",
                "cards": {str(p): state["cards"][str(p)] for p in bettors},
                "dealer": state["dealer_card"],
            }
        )
        dealer_rank = rank_value(state["dealer_card"])
        for position in bettors:
            card_rank = rank_value(state["cards"][str(position)])
            if card_rank == dealer_rank:
                die = rng.randint(1, 6)  # drawn mid-hand: recorded by the actor for the replay
                state["dice"][str(position)] = die
                events.append({"type": "roll", "seat": position, "die": die})
                won = die >= TIE_DIE_WINS_FROM
            else:
                won = card_rank > dealer_rank
            state["won"][str(position)] = won
            amount = state["bets"][str(position)]
            if won:
                pay(state, events, HOUSE_BANK, seat(position), amount, "box won")
                pay(state, events, box(position), seat(position), amount, "box returned")
            else:
                pay(state, events, box(position), HOUSE_BANK, amount, "box lost")
        shoe.discard_cards([*state["cards"].values(), state["dealer_card"]])
    ante_pot = state["pots"].get(pot(), 0)
    if ante_pot and bettors:
        best = max(rank_value(state["cards"][str(p)]) for p in bettors)
        winners = [p for p in bettors if rank_value(state["cards"][str(p)]) == best]
        for position, share in zip(winners, split_evenly(ante_pot, len(winners)), strict=True):
            if share:
                pay(state, events, pot(), seat(position), share, "ante pot won")
        state["ante_winners"] = winners
    elif ante_pot:
        pay(state, events, pot(), house("commission"), ante_pot, "ante pot, nobody bet")
    state["shoe"] = shoe.to_dict()
    state["over"] = True
    state["escrowed"] = {}  # every pot is paid out: nothing is left for a void to return
    state["result"] = {
        "void": False,
        "won": dict(state["won"]),
        "ante_winners": list(state["ante_winners"]),
        "dealer_card": state["dealer_card"],
    }
    events.append({"type": "hand_over", "result": state["result"]})
    return events


# --- the engine --------------------------------------------------------------------------------


class HighCard(GameEngine):
    """High card's hooks (module docstring). Players sit at any time and are dealt in from the
    next hand (the GameEngine defaults for sitting and for starting hands)."""

    game = GAME
    display_name = gettext_noop("High card")
    seats = SEATS

    example_configs = (
        {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": 2},
        # one deck cut deep: a new shoe (and commitment) every few hands, and an ante of 0
        {"min_bet": 50, "max_bet": 50, "ante": 0, "decks": 1, "penetration": 0.9},
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the shoe (and the session's count of hands).
        A new shoe is opened when there is none or the last one's cut card came out. A shoe
        carried over keeps its decks and penetration even if the settings changed: new
        settings take effect with the next shoe, as a dealer would not swap a shoe midway."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"high card deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        shoe_number = carry.get("shoe_number", 0)
        shoe = Shoe.from_dict(carry["shoe"]) if carry.get("shoe") else None
        new_shoe = shoe is None or shoe.cut_card_out
        if new_shoe:
            shoe = Shoe.new(config["decks"], rng, config["penetration"])
            shoe_number += 1
        # The penetration is at most 0.9, so a shoe whose cut card is not out still holds at
        # least 7 cards (one deck: 52 - 46 + 1): enough for six bettors and the dealer.
        if shoe.remaining <= SEATS[1]:
            raise RuntimeError("the cut card leaves too few cards for a hand")
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        state: State = {
            "game": GAME,
            # the escrow's name: the actor's number of the hand when it gives one, otherwise
            # this session's count of hands
            "hand_key": hand_number if _whole_number(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "shoe_number": shoe_number,
            "new_shoe": new_shoe,
            "shoe": shoe.to_dict(),
            "ante": config["ante"],
            "min_bet": config["min_bet"],
            "max_bet": config["max_bet"],
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the hand
            "folded": [],  # seats that left or stayed away: out of the hand
            "bets": {},
            "passed": [],
            "cards": {},
            "dealer_card": None,
            "dice": {},
            "won": {},
            "ante_winners": [],
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }
        # The antes are paid as the hand starts: the pot holds them already, and
        # ``start_events`` names the same payments for the actor to book.
        for payment in self._antes(state):
            pay(state, [], payment["source"], payment["target"], payment["amount"], "ante")
        return state

    def _antes(self, state: State) -> list[Event]:
        return [
            Payment(seat(position), pot(), state["ante"], "ante").as_event()
            for position in state["dealt_in"]
            if state["ante"]
        ]

    def start_events(self, state: State) -> list[Event]:
        return [
            {
                "type": "hand_started",
                "players": list(state["dealt_in"]),
                "shoe": state["shoe_number"],
                "new_shoe": state["new_shoe"],
            },
            *self._antes(state),
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        state = _copy(state, "bets", "passed", "pots", "escrowed")
        events: list[Event] = []
        if checked["type"] == "bet":
            state["bets"][str(seat)] = checked["amount"]
            events.append({"type": "bet", "seat": seat, "amount": checked["amount"]})
            pay(state, events, base.seat(seat), box(seat), checked["amount"], "bet")
        elif checked["type"] == "pass":
            state["passed"].append(seat)
            events.append({"type": "pass", "seat": seat})
        else:
            events.append({"type": "tip", "seat": seat, "to": checked["to"]})
            pay(state, events, base.seat(seat), base.seat(checked["to"]), checked["amount"], "tip")
        if not to_act(state):
            events += _settle(state, rng if rng is not None else Draws())
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """A seat has one decision per hand, so its clock runs from the deal until it bets or
        passes: other seats' actions do not restart it, and neither do its own tips (else a
        player could hold the table forever by tipping just before the clock ran out)."""
        return f"hand {state['hand_key']}: bet or pass"

    def timeout_action(self, state: State, seat: int) -> dict:
        return {"type": "pass"}

    # every decision of the game is a stake (a bet or a pass): timed by the table's bet clock
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    def clock_setting(self, state: State, seat: int) -> str:
        return "bet_seconds"

    def carry_over(self, state: State) -> dict:
        """The shoe goes on to the next hand, whatever happened in this one (a void too)."""
        return {
            "shoe": copy_json(state["shoe"]),
            "shoe_number": state["shoe_number"],
            "hands_dealt": state["hands_dealt"],
        }

    def commitment(self, state: State) -> Commitment:
        # The shoe is never reshuffled: its order is the one it had when it was opened.
        return Commitment(f"shoe:{state['shoe_number']}", shoe_record(state["shoe"]))

    def commitment_finished(self, state: State) -> bool:
        return self.is_hand_over(state) and Shoe.from_dict(state["shoe"]).cut_card_out

    # --- what each may see -------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public but the shoe's order: bets once made, cards once dealt (face
        up). A seat also gets its legal actions and the ranges of its amounts."""
        waiting = to_act(state)
        shoe = Shoe.from_dict(state["shoe"])
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "shoe": state["shoe_number"],
            "new_shoe": state["new_shoe"],
            "shoe_remaining": shoe.remaining,
            "cut_card_out": shoe.cut_card_out,
            "phase": "over" if state["over"] else "betting",
            "ante": state["ante"],
            "pot": state["pots"].get(pot(), 0),
            "seats": {
                str(p): {
                    "deciding": p in waiting,
                    "bet": state["bets"].get(str(p)),
                    "passed": p in state["passed"],
                    "folded": p in state["folded"],
                    "card": state["cards"].get(str(p)),
                    "die": state["dice"].get(str(p)),
                    "won": state["won"].get(str(p)),
                }
                for p in state["dealt_in"]
            },
            "dealer_card": state["dealer_card"],
            "ante_winners": list(state["ante_winners"]),
            "to_act": waiting,
            "over": state["over"],
            "result": copy.deepcopy(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            deciding = seat in waiting
            public["legal"] = legal_actions(state, seat)
            public["bet_range"] = [state["min_bet"], state["max_bet"]] if deciding else None
            public["tip_range"] = [1, state["max_bet"]] if deciding else None
        return public

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {}  # every card is dealt face up

    def undealt(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).undealt

    def all_cards(self, state: State) -> list[str]:
        """The shoe's cards still to come and its discard: a hand's cards reach the discard in
        the same step they are dealt, so a card dealt and not discarded would go missing."""
        shoe = Shoe.from_dict(state["shoe"])
        return [*shoe.undealt, *shoe.discard]

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for the ante and the smallest bet of one hand."""
        return int(config.get("ante", 0)) + int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat whose box is standing (it bet) keeps it working after its player leaves: the
        seat stays his until the hand settles it (issue 31: leaving with money working)."""
        return self.in_play(state) and seat in state["players"] and str(seat) in state["bets"]

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a bet standing costs nothing now: the box plays on and is settled with
        the hand (``holds_bets``). Leaving before deciding folds (``_fold``). The player is gone,
        so a void must not return the ante to the seat (someone else may sit there): the house
        holds it for him."""
        if not self.in_play(state) or seat not in state["dealt_in"]:
            return None
        if self.holds_bets(state, seat):
            return None
        if seat in state["players"]:
            state, events = self._fold(state, seat, "left", rng)
        else:  # folded already, while away
            state, events = _copy(state, "escrowed"), [{"type": "left", "seat": seat}]
        ante_payers = state["escrowed"].get(pot(), {})
        ante = ante_payers.pop(base.seat(seat), 0)
        if ante:
            ante_payers[UNCLAIMED] = ante_payers.get(UNCLAIMED, 0) + ante
        return state, events

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit mid-hand: the same fold as leaving, but the player is
        still seated, so a void still returns the ante to the seat."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        return self._fold(state, seat, "absent", rng)

    def _fold(self, state: State, position: int, reason: str, rng: Draws | None):
        """The seat's box goes to the house bank, its ante stays in the pot, and it leaves the
        hand's players so nothing is paid to it afterwards. If it was the last seat deciding,
        the hand settles now (``rng``: a tie's die; the contract's apply_leave has no random
        source yet, so without one the die is drawn unrecorded)."""
        state = _copy(state, "players", "folded", "pots", "escrowed")
        events: list[Event] = [{"type": reason, "seat": position}]
        in_box = state["pots"].get(box(position), 0)
        if in_box:
            pay(state, events, box(position), HOUSE_BANK, in_box, "box folded")
            state["escrowed"].pop(box(position), None)  # lost, not a stake a void returns
        state["players"].remove(position)
        state["folded"].append(position)
        if not to_act(state):
            events += _settle(state, rng if rng is not None else Draws())
        return state, events

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("ante"):
            facts.append([gettext_noop("Ante"), {"money": config["ante"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        # not who has decided: that changes with every bet, and the lobby need not hear it
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        return {
            "pot": sum(state["pots"].values()),
            "stage": gettext_noop("taking bets"),
            "facts": facts,
        }


ENGINE = base.register(HighCard())
