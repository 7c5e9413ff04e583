"""High card: our own test game, not a casino game of the rulebook (no § applies). It exists to
exercise every feature of the table platform (issues 12 and 31) with up to six seats and seven
boxes, while being a real house-banked game a table can run:

- every seat dealt in pays the ante into the main pot when the hand starts;
- **the betting window**: every seat decides at once, each on its own clock (``bet_seconds``).
  "Bet" puts a stake on the seat's own box (the box of its number, else the first free one) and
  ends its betting, as a one-box player wants. A player may also stake boxes one by one (up to
  ``boxes_per_player``, one of them dark where ``dark_boxes_per_player`` allows: its card is
  dealt face down and stays hidden from its owner too until the dealer turns his), bet behind
  another player's box where ``bets_behind`` allows, and put a "same rank" side bet on a box he
  has a stake on where the table offers it (``side_bets: {"same": [low, high]}``); then
  "done" (or his clock) ends his betting. A box's stakes together are within
  ``min_bet..max_bet``; a stake that would let the house risk more than ``max_exposure`` on
  the round is refused. While deciding a seat may tip another seat (seat to seat);
- **the deal**, once every seat has decided: the dealer's card first, face down, then one card
  face up to each box in the layout's order (a dark box's face down);
- **card changes**, where the table offers them (``switch``): each open box's owner, box by
  box on his own clock (``action_seconds``), keeps the card or changes it once for a fee of
  half his own stake on the box (rounded up, into a pot of the hand: a void returns it);
- **the settlement**: the dealer turns his card. A box of a higher rank (suits ignored, aces
  high) wins 1:1 from the house bank, a lower one loses; equal ranks roll a die drawn mid-hand
  (4-6 the box wins, 1-3 the house), or go to the house where the table says so (``ties:
  "house"``, required with card changes: a change bought after seeing one's card would
  otherwise give the player the edge). A same-rank side bet pays 11:1 when the box's rank is
  the dealer's, else loses. Every staker of a box is paid in proportion to his stake; a box's
  winnings in a round are at most ``max_payout`` (winnings above it are not paid);
- the ante pot goes to the owners of the box(es) with the highest card, split evenly with the
  remainder to the first (the casino's split rule), or to the house's commission if nobody bet;
- leaving (or staying away) with nothing staked folds: the ante stays in the pot and the seat
  is never paid in that hand again. Leaving with a stake working keeps the seat until the hand
  settles it; the player's decisions are taken by his clock;
- the shoe's commitment covers the whole shoe and is revealed at the end of the hand in which
  the cut card came out; the next hand opens a new shoe.

The engine's parts, in this folder: config.py (the settings and their check), moves.py (who acts,
the ranges, the validator), settle.py (the deal, card changes, the settlement, the result); the
class here joins them and registers the engine.
"""

from __future__ import annotations

import copy

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    State,
    copy_json,
    gettext_noop,
    pay,
    payment_event,
    pot,
    seat,
)
from tables.engines.cards import Shoe, shoe_record
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.games.highcard.config import (
    BETTING,
    GAME,
    PAY_TABLES,
    PLAYING,
    SAME,
    SAME_RANK_PAYS,
    SEATS,
    SWITCH,
    UNCLAIMED,
    cards_a_hand_may_take,
    check_config,
    whole_number,
)
from tables.games.highcard.moves import (
    box_order,
    changing_box,
    copy_state,
    current_box,
    legal_actions,
    refuse_over_exposure,
    seat_ranges,
    to_act,
    validated,
)
from tables.games.highcard.settle import advance, box_nets, change_card

# each hand's config checked once for the table (``house.checked_once``)
_checked_once = house.checked_once_with_limits(check_config)


class HighCard(GameEngine):
    """High card's hooks (module docstring). Players sit at any time and are dealt in from the
    next hand (the GameEngine defaults for sitting and for starting hands)."""

    game = GAME
    display_name = gettext_noop("High card")
    seats = SEATS

    example_configs = (
        {"min_bet": 100, "max_bet": 5_000, "ante": 25, "decks": 2},
        # one deck cut deep: a new shoe (and commitment) every few hands, and an ante of 0
        {"min_bet": 50, "max_bet": 50, "ante": 0, "decks": 1, "penetration": 0.9, "boxes": 6},
        # the house-banked table in full: three boxes a player, one of them dark, bets behind,
        # the same-rank side bet, card changes, a payout cap and a limit on the house's risk
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "ante": 10,
            "decks": 2,
            "boxes_per_player": 3,
            "dark_boxes_per_player": 1,
            "bets_behind": True,
            "side_bets": {SAME: [10, 200]},
            "switch": True,
            "ties": "house",
            "max_payout": 1_500,
            "max_exposure": 6_000,
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the shoe (and the session's count of hands).
        A new shoe is opened when there is none or the last one's cut card came out. A shoe
        carried over keeps its decks and penetration even if the settings changed: new
        settings take effect with the next shoe, as a dealer would not swap a shoe midway."""
        config, limits = _checked_once(config)
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
        # check_config keeps enough cards behind the cut card for the most a hand can take
        if shoe.remaining < cards_a_hand_may_take(config):
            raise RuntimeError("the cut card leaves too few cards for a hand")
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        state: State = {
            "game": GAME,
            # the escrow's name: the actor's number of the hand when it gives one, otherwise
            # this session's count of hands
            "hand_key": hand_number if whole_number(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "shoe_number": shoe_number,
            "new_shoe": new_shoe,
            "shoe": shoe.to_dict(),
            "ante": config["ante"],
            "limits": limits,
            "switch": config["switch"],
            "ties": config["ties"],
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the hand
            "folded": [],  # seats that left or stayed away: out of the hand
            "done": [],  # seats whose betting is over
            "phase": BETTING,
            "boxes": {},
            "decided": [],  # boxes whose card is final (kept or changed)
            "dealer": None,
            "tipped": False,
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
        ante, main = state["ante"], pot()
        if not ante:
            return []
        return [payment_event(seat(position), main, ante, "ante") for position in state["dealt_in"]]

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
        checked = validated(state, seat, action)
        before = state
        state = copy_state(state, "boxes", "done", "decided", "pots", "escrowed")
        events: list[Event] = []
        kind = checked["type"]
        limits = state["limits"]
        if kind in ("bet", "behind", "side", SWITCH):
            changing_box(state, checked["box"])
        # a refused stake raises before any change to the copy, and the copy is dropped
        if kind in ("bet", "behind"):
            boxes.place(
                state,
                events,
                limits,
                checked["box"],
                seat,
                checked["amount"],
                behind=kind == "behind",
                dark=checked["dark"],
            )
            events.insert(
                0,
                {
                    "type": kind,
                    "seat": seat,
                    "box": checked["box"],
                    "amount": checked["amount"],
                    "dark": checked["dark"],
                },
            )
            refuse_over_exposure(before, seat, checked)
            if checked["plain"]:
                state["done"].append(seat)
        elif kind == "side":
            boxes.place_side(state, events, limits, checked["box"], seat, SAME, checked["amount"])
            refuse_over_exposure(before, seat, checked)
            events.insert(
                0,
                {"type": "side", "seat": seat, "box": checked["box"], "amount": checked["amount"]},
            )
        elif kind == "pass":
            state["done"].append(seat)
            events.append({"type": "pass", "seat": seat})
        elif kind == "tip":
            state["tipped"] = True
            events.append({"type": "tip", "seat": seat, "to": checked["to"]})
            pay(state, events, base.seat(seat), base.seat(checked["to"]), checked["amount"], "tip")
        else:  # a decision on a box's card
            if kind == SWITCH:
                change_card(state, events, seat, checked["box"])
            else:
                events.append({"type": "stand", "seat": seat, "box": checked["box"]})
            state["decided"].append(checked["box"])
        events += advance(state, rng)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """Betting: a seat has one decision per hand, so its clock runs from the deal until it
        is done: other seats' actions do not restart it, and neither do its own bets and tips
        (else a player could hold the table forever by tipping just before the clock ran out).
        Card changes: one decision per box, so a player of several boxes has a clock for each."""
        if state["phase"] == PLAYING:
            return f"hand {state['hand_key']}: box {current_box(state, seat)}"
        return f"hand {state['hand_key']}: bet or pass"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: betting ends with what is staked; a card is kept."""
        if state["phase"] == PLAYING:
            return {"type": "stand", "box": current_box(state, seat)}
        return {"type": "pass"}

    # the bets are timed by the table's bet clock, a card change by its action clock
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    def clock_setting(self, state: State, seat: int) -> str:
        return "action_seconds" if state["phase"] == PLAYING else "bet_seconds"

    def carry_over(self, state: State) -> dict:
        """The shoe goes on to the next hand, whatever happened in this one (a void too: the
        cards of a voided hand go to the discard)."""
        shoe = state["shoe"]
        if shoe.get("in_play"):
            shoe = dict(shoe, in_play=[])
        return {
            "shoe": copy_json(shoe),
            "shoe_number": state["shoe_number"],
            "hands_dealt": state["hands_dealt"],
        }

    def commitment(self, state: State) -> Commitment:
        # The shoe is never reshuffled: its order is the one it had when it was opened.
        return Commitment(f"shoe:{state['shoe_number']}", shoe_record(state["shoe"]))

    def commitment_finished(self, state: State) -> bool:
        return self.is_hand_over(state) and Shoe.from_dict(state["shoe"]).cut_card_out

    # --- what each may see -------------------------------------------------------------------

    def _shown_card(self, state: State, box_state: dict) -> str | None:
        """A box's card as the table sees it: a dark box's only once the dealer turns his."""
        card = box_state.get("card")
        if card is None or (box_state["kind"] == boxes.DARK and not state["over"]):
            return None
        return card

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public but the shoe's order, the dealer's card until he turns it and a
        dark box's card until then: bets once made, open boxes' cards once dealt. A seat also
        gets its legal actions and the ranges of its amounts."""
        waiting = to_act(state)
        return self._seat_view(state, self._shared_view(state, waiting), waiting, seat)

    def views(self, state: State, seats: list[int | None]) -> dict[int | None, dict]:
        # what every viewer sees is built once for all of them (``GameEngine.views``); an engine
        # built on this one that changes ``view`` gets its views from its own ``view``
        if type(self).view is not HighCard.view:
            return super().views(state, seats)
        waiting = to_act(state)
        shared = self._shared_view(state, waiting)
        return {seat: self._seat_view(state, shared, waiting, seat) for seat in seats}

    def _shared_view(self, state: State, waiting: list[int]) -> dict:
        shoe = Shoe.from_dict(state["shoe"])
        box_views = []
        by_owner: dict[int, list[dict]] = {}
        for n in box_order(state):
            box_state = state["boxes"][str(n)]
            shown = {
                "number": n,
                "owner": box_state["owner"],
                "kind": box_state["kind"],
                "stakes": [dict(s) for s in box_state["stakes"]],
                "total": boxes.box_total(box_state),
                "side": [
                    {
                        "seat": s["seat"],
                        "amount": s["amount"],
                        "net": (s["settled"] or {}).get("net"),
                    }
                    for s in box_state["side"]
                ],
                "dealt": "card" in box_state,
                "card": self._shown_card(state, box_state),
                "old_card": box_state.get("old_card"),
                "deciding": state["phase"] == PLAYING
                and n == current_box(state, box_state["owner"])
                and box_state["owner"] in waiting,
                "die": box_state.get("die"),
                "won": box_state.get("beat_dealer") if state["over"] else None,
                "nets": {str(k): v for k, v in box_nets(box_state).items()}
                if state["over"]
                else {},
            }
            box_views.append(shown)
            by_owner.setdefault(box_state["owner"], []).append(shown)
        seats = {}
        for p in state["dealt_in"]:
            first = (by_owner.get(p) or [None])[0]
            staked = sum(
                s["amount"] for b in state["boxes"].values() for s in b["stakes"] if s["seat"] == p
            )
            seats[str(p)] = {
                "deciding": p in waiting,
                "bet": staked or None,
                "passed": p in state["done"] and not staked,
                "folded": p in state["folded"],
                "boxes": [b["number"] for b in by_owner.get(p, [])],
                "card": first["card"] if first else None,
                "die": first["die"] if first else None,
                "won": first["won"] if first else None,
            }
        dealer = state["dealer"]
        limits = state["limits"]
        return {
            "game": GAME,
            "hand": state["hand_key"],
            "shoe": state["shoe_number"],
            "new_shoe": state["new_shoe"],
            "shoe_remaining": shoe.remaining,
            "cut_card_out": shoe.cut_card_out,
            "phase": state["phase"],
            "ante": state["ante"],
            "pot": state["pots"].get(pot(), 0),
            "seats": seats,
            "boxes": box_views,
            "layout": limits["boxes"],
            "dealer": {
                "dealt": dealer is not None,
                "card": dealer["card"] if dealer and dealer["shown"] else None,
            },
            "dealer_card": dealer["card"] if dealer and dealer["shown"] else None,
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "side": list(limits["side_bets"].get(SAME) or []) or None,
                "same_rank_pays": str(SAME_RANK_PAYS),
                "switch": state["switch"],
                "ties": state["ties"],
                "boxes_per_player": limits["boxes_per_player"],
                "dark_boxes_per_player": limits["dark_boxes_per_player"],
                "bets_behind": limits["bets_behind"],
            },
            "exposure": self.exposure(state),
            "ante_winners": list(state["ante_winners"]),
            "to_act": waiting,
            "over": state["over"],
            "result": copy.deepcopy(state["result"]),
        }

    def _seat_view(self, state: State, shared: dict, waiting: list[int], seat: int | None) -> dict:
        public = {**shared, "seat": seat}
        limits = state["limits"]
        if seat is not None:
            deciding = seat in waiting
            betting = deciding and state["phase"] == BETTING
            ranges = seat_ranges(state, seat) if betting else {}
            public["legal"] = legal_actions(state, seat, ranges if betting else None)
            public["bet_range"] = ranges.get("bet") if betting else None
            public["ranges"] = ranges or None
            public["tip_range"] = [1, limits["max_bet"]] if betting else None
            public["my_box"] = (
                current_box(state, seat) if deciding and state["phase"] == PLAYING else None
            )
        return public

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {}  # an open box's card is everyone's to see

    def hidden_cards(self, state: State) -> list[str]:
        """Until the dealer turns his card: his card and every dark box's."""
        if state["over"] or state["dealer"] is None:
            return []
        dark = [
            b["card"] for b in state["boxes"].values() if b["kind"] == boxes.DARK and "card" in b
        ]
        return [state["dealer"]["card"], *dark]

    def undealt(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).undealt

    def all_cards(self, state: State) -> list[str]:
        """The shoe's cards still to come, those in play and its discard."""
        shoe = Shoe.from_dict(state["shoe"])
        return [*shoe.undealt, *shoe.in_play, *shoe.discard]

    # --- the house ---------------------------------------------------------------------------

    def exposure(self, state: State | None) -> int | None:
        """The most the house can still pay on the round as it stands (the pit tile's figure):
        every stake not yet settled at its best line, a box's within ``max_payout``."""
        if not self.in_play(state):
            return 0 if state else None
        return house.exposure(state, PAY_TABLES, state["limits"]["max_payout"])

    def round_without_bets(self, state: State) -> bool:
        """Nothing at all was staked in the hand: no box, no ante, no tip, so the round leaves no
        hand in the history."""
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not state["ante"]
            and not state["tipped"]
            and not (state.get("result") or {}).get("void")
        )

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for the ante and the smallest bet of one hand."""
        return int(config.get("ante", 0)) + int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat with a stake working (its box, a bet behind, a side bet) keeps it after its
        player leaves: the seat stays his until the hand settles it (issue 31: leaving with money
        working)."""
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working costs nothing now: it plays on and is settled with the
        hand (``holds_bets``), the player's decisions taken by his clock. Leaving with nothing
        staked folds (``_fold``). The player is gone, so a void must not return the ante to the
        seat (someone else may sit there): the house holds it for him."""
        if not self.in_play(state) or seat not in state["dealt_in"]:
            return None
        if self.holds_bets(state, seat):
            return None
        if seat in state["players"]:
            state, events = self._fold(state, seat, "left", rng)
        else:  # folded already, while away
            state, events = copy_state(state, "escrowed"), [{"type": "left", "seat": seat}]
        ante_payers = state["escrowed"].get(pot(), {})
        ante = ante_payers.pop(base.seat(seat), 0)
        if ante:
            ante_payers[UNCLAIMED] = ante_payers.get(UNCLAIMED, 0) + ante
        return state, events

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit mid-hand: with a stake working it plays on, his clock's
        choices made now (betting done, cards kept); with none, the same fold as leaving, but
        the player is still seated, so a void still returns the ante to the seat."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):  # his clock's choices now: done, cards kept
            return self._run_out(state, seat, "absent", rng)
        return self._fold(state, seat, "absent", rng)

    def _fold(self, state: State, position: int, reason: str, rng: Draws | None):
        """The seat, with nothing staked, leaves the hand's players so nothing is paid to it
        afterwards; its ante stays in the pot. If it was the last seat awaited, the hand moves
        on now (``rng``: a tie's die; without one the die is drawn unrecorded)."""
        # the hand may move on (a deal, a settlement): everything that changes then is copied
        state = copy_state(
            state, "players", "folded", "done", "boxes", "decided", "pots", "escrowed"
        )
        events: list[Event] = [{"type": reason, "seat": position}]
        state["players"].remove(position)
        state["folded"].append(position)
        events += advance(state, rng)
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
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        # not who has decided: that changes with every bet, and the lobby need not hear it
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stage = (
            gettext_noop("taking bets")
            if state["phase"] == BETTING
            else gettext_noop("changing cards")
        )
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}


ENGINE = base.register(HighCard())
