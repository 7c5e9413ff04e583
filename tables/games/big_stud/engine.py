"""Big stud poker: seven-card stud between 2 to 8 players for one bank, fixed limits, table
stakes (CG §106–§113, ../shared/rules/big-stud.md with rulings T1–T13 and its section 5
decision, which overrides T5's proposal).

A hand: one 52-card deck (T1) shuffled when the hand starts (the shuffle commitment covers it);
two cards down and one up to each player ("third street"), then one up on each of the 4th, 5th
and 6th streets and the last down (§107, T2). A betting round follows each open card and the
seventh card (§108, T3) at the street's fixed size from the table's settings (§109, T6): small
on the 3rd and 4th street, big on the 5th to 7th. No ante and no forced bet (T4, decision T5):
the player whose open cards show the best poker hand acts first (the highest single card on
third street), ties to the first to the dealer's left. Check, bet (exactly the size), raise (by
exactly the size; one bet and three raises a round at most), call, fold; if everyone checks the
round ends (T4).

Table stakes (T12): a player plays for what his wallet held when the hand started (the actor
passes it in the config's ``stacks``, ``table_stakes`` below); one who cannot cover a call or a
bet puts in all he has and plays on all-in for the pots he paid into (side pots). The uncalled
part of a bet goes back to its maker and is never raked (T10). The casino's share is its
percentage of each bank (main and each side pot), capped if the table says so, taken before the
bank is paid (§113, T10), also when it is won without a showdown. Best five of seven wins
(§110, §111, T7); a tie splits the bank, the odd minor unit to the first tied player to the
dealer's left (T8). If the deck cannot give every player still in a seventh card, one card is
turned face up as a community card for all (T9). A void returns every stake (§112, T11: the
GameEngine default, from the escrow). No answer in time checks if it can, else folds (T13);
leaving mid-hand folds, but an all-in hand stays live to the showdown; a hand nobody bet in
ends with no showdown (there is no bank to open the hands for).

The croupier's chores (dealing, collecting, the showdown, paying) are automatic; players only
decide.

The engine's parts, in this folder: config.py (the settings, the casino's share), betting.py (who
acts, the moves and their amounts, the validator), streets.py (the cards of each street, the
rounds, moving the hand on), settle.py (the showdown and the banks); the class here joins them
and registers the engine.
"""

from __future__ import annotations

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    State,
    copy_json,
    gettext_noop,
)
from tables.engines.betting import clockwise_from_button, unclaim, whole_number
from tables.engines.cards import pack_52
from tables.engines.poker_hands import SHIFT, best
from tables.games.big_stud.betting import (
    FIVE_CARD_WEAKER,
    actors,
    choices,
    copy_state,
    fold,
    legal_actions,
    live,
    live_all_in_leaver,
    log,
    open_value,
    put_in,
    street_size,
    to_act,
    validated,
)
from tables.games.big_stud.config import (
    GAME,
    MAX_BETS,
    SEATS,
    STREETS,
    UNCLAIMED,
    check_config,
    street_sizes,
)
from tables.games.big_stud.settle import banks, seven_cards
from tables.games.big_stud.streets import advance, deal_cards, start_round


class BigStud(GameEngine):
    """Big stud's hooks (module docstring). Players sit at any time and are dealt in from the
    next hand; the button moves one seat clockwise each hand."""

    game = GAME
    display_name = gettext_noop("Big stud poker")
    seats = SEATS
    # The actor puts each dealt-in player's wallet balance in the table's currency in the
    # config's ``stacks`` when the hand starts (docs/architecture.md, "Big stud"): T12.
    table_stakes = True

    example_configs = (
        {"small_bet": 100, "big_bet": 200, "share_percent": "5"},
        # short stacks: all-ins and side pots (T12), a capped share (T10)
        {
            "small_bet": 100,
            "big_bet": 200,
            "share_percent": "5",
            "share_cap": 30,
            "stacks": {"0": 150, "1": 700, "2": 0, "3": 2_000, "4": 350, "5": 100, "6": 900},
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal third street to ``players``; ``carry`` brings the button (it moves clockwise to
        the next seat dealt in each hand) and the session's count of hands."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"Big stud deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        last = carry.get("button")
        button = players[0] if last is None else clockwise_from_button(players, last)[0]
        deck = pack_52()  # T1
        rng.shuffle(deck)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        number = config.get("hand_number")
        stacks = dict(config.get("stacks") or {})
        broke = [p for p in players if stacks.get(str(p)) == 0]
        if len(players) - len(broke) < 2:  # T12 needs two who can bet: the ledger judges
            for position in broke:
                stacks.pop(str(position))
            broke = []
        order = clockwise_from_button(players, button)
        state: State = {
            "game": GAME,
            "hand_key": number if whole_number(number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "button": button,
            "dealt_in": list(players),
            "order": order,
            "sizes": street_sizes(config),
            "share_percent": config["share_percent"],
            "share_cap": config["share_cap"],
            "deck": deck,
            "next": 0,
            "down": {str(p): [] for p in players},
            "up": {str(p): [] for p in players},
            "community": None,
            "street": STREETS[0],
            # T12: what each plays for (None: the ledger alone limits him)
            "stacks": {str(p): stacks.get(str(p)) for p in players},
            "paid": {},
            "round_bets": {},
            "returned": {},
            "level": 0,
            "bets": 0,
            "opener": None,
            "queue": [],
            "folded": [],
            "all_in": broke,  # an empty wallet plays all-in for nothing (T12)
            "left": [],
            "opened": {},
            "pots": {},
            "escrowed": {},
            "log": [],
            "over": False,
            "result": None,
        }
        # §107, T2: a card at a time from the dealer's left: two down, then one up
        for _down in range(2):
            for position in order:
                state["down"][str(position)] += deal_cards(state)
        for position in order:
            state["up"][str(position)] += deal_cards(state)
        start_round(state)
        return state

    def start_events(self, state: State) -> list[Event]:
        return [
            {"type": "hand_started", "players": list(state["dealt_in"]), "button": state["button"]},
            {
                "type": "street",
                "street": STREETS[0],
                "up": {str(p): state["up"][str(p)][0] for p in state["order"]},
                "players": list(state["order"]),
            },
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        kind, amount = validated(state, seat, action)
        state = copy_state(state)
        events: list[Event] = []
        if kind == "check":
            state["queue"].pop(0)
            events.append({"type": "check", "seat": seat})
        elif kind == "fold":
            fold(state, seat)
            events.append({"type": "fold", "seat": seat})
        elif kind == "call":
            put_in(state, events, seat, amount)
            state["queue"].pop(0)
            events.append({"type": "call", "seat": seat, "amount": amount})
        else:  # bet or raise: everyone else who can still bet answers it
            put_in(state, events, seat, amount)
            state["level"] = max(state["level"], state["round_bets"][str(seat)])
            state["bets"] += 1
            order = clockwise_from_button(actors(state), seat)
            state["queue"] = [p for p in order if p != seat]
            events.append({"type": kind, "seat": seat, "amount": amount})
        if seat in state["all_in"] and kind in ("call", "bet", "raise"):
            events[-1]["all_in"] = True
        log(state, seat, kind, amount)
        advance(state, events)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """A seat's decision: its turn on a street with the round's bets so far (a raise asks
        it again, with a new key)."""
        return f"hand {state['hand_key']} street {state['street']} bets {state['bets']}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """T13: check if possible, otherwise fold."""
        return {"type": "check"} if "check" in choices(state, seat) else {"type": "fold"}

    def carry_over(self, state: State) -> dict:
        return {"button": state["button"], "hands_dealt": state["hands_dealt"]}

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", ",".join(state["deck"]))

    # --- what each may see -------------------------------------------------------------------

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each seat's down cards, until the showdown opens them (a folded hand never is)."""
        return {
            int(p): list(cards)
            for p, cards in state["down"].items()
            if cards and p not in state["opened"]
        }

    def undealt(self, state: State) -> list[str]:
        return state["deck"][state["next"] :]

    def all_cards(self, state: State) -> list[str]:
        return list(state["deck"])

    def view(self, state: State, seat: int | None) -> dict:
        """Public: every seat's up cards and how many down, what it has put in this round and in
        all, its stack, folded or all-in; the community card; the street, its fixed size, the
        round's bets and who acts; the bank, the main and side pots with the casino's share of
        each; the opened hands and the result; the hand's history. A seat also sees its own down
        cards, its legal moves with their amounts."""
        waiting = to_act(state)
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "button": state["button"],
            "street": state["street"],
            "size": street_size(state),
            "sizes": list(state["sizes"]),
            "share_percent": state["share_percent"],
            "share_cap": state["share_cap"],
            "level": state["level"],
            "bets": state["bets"],
            "max_bets": MAX_BETS,
            "opener": state["opener"],
            "order": list(state["order"]),
            "seats": {
                str(p): {
                    "up": list(state["up"][str(p)]),
                    "down_count": len(state["down"][str(p)]),
                    "paid": state["paid"].get(str(p), 0),
                    "round_bet": state["round_bets"].get(str(p)),
                    "stack": state["stacks"][str(p)],
                    "folded": p in state["folded"],
                    "all_in": p in state["all_in"],
                    "left": p in state["left"],
                    "deciding": p in waiting,
                }
                for p in state["dealt_in"]
            },
            "community": state["community"],
            "bank": sum(state["paid"].values()),
            "banks": banks(state) if not state["over"] else [],
            "to_act": waiting,
            "opened": copy_json(state["opened"]),
            "log": copy_json(state["log"]),
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            public["my_down"] = self.private_cards(state).get(seat, [])
            public["legal"] = legal_actions(state, seat)
        return public

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for a small bet (§109)."""
        return int(config["small_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """An all-in player who left plays on to the showdown (his seat held until the hand
        ends); any other leaver folded at once: nothing of his is left working."""
        return bool(self.in_play(state) and live_all_in_leaver(state, seat))

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving mid-hand folds at once, whoever's turn it is; his stakes stay in the bank
        and a void returns them to the house for him, not to the seat (someone else may sit).
        An all-in hand is not folded: it has nothing more to decide and stays live to the
        showdown for the pots he paid into, as in every poker room (T12, issue 47); his seat
        is held for him until the hand ends (``holds_bets``)."""
        if not self.in_play(state) or seat not in state["dealt_in"] or seat in state["left"]:
            return None
        state = copy_state(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        state["left"].append(seat)
        log(state, seat, "left")
        if seat in state["all_in"] and seat not in state["folded"]:
            return state, events
        unclaim(state, seat, UNCLAIMED)
        if seat not in state["folded"]:
            fold(state, seat)
            advance(state, events)
        return state, events

    def bet_states(self, state: State) -> dict[str, str]:
        """Every hand still in works; an all-in one is live: it plays on to the showdown
        whatever its player does (T12); the view marks it all-in, and it ends only with the
        hand (``decided``)."""
        if state["over"]:
            return {}
        return {f"seat {p}": "live" if p in state["all_in"] else "working" for p in live(state)}

    def decided(self, state: State, events: list[Event]) -> set[str]:
        """The hand's end (a void too) decides every hand still in it."""
        if any(e.get("type") in ("hand_over", "void") for e in events):
            return {f"seat {p}" for p in state["dealt_in"]}
        return set()

    def apply_void(self, state: State):
        """§112, T11: every stake goes back (the escrow's default)."""
        state, events = super().apply_void(state)
        state["queue"] = []
        return state, events

    def folded_hands(self, state: State) -> list[dict]:
        """Every fold of a finished hand with the cards given up (staff's chip-dumping alert);
        ``beats`` by the category of the best hand those cards make (``FIVE_CARD_WEAKER``)."""
        if not state["over"]:
            return []
        folded = []
        for entry in state["log"]:
            if entry["act"] == "fold":
                position = entry["seat"]
                cards = [*state["down"][str(position)], *state["up"][str(position)]]
                kind = (best(cards)[0] >> SHIFT) if len(cards) >= 5 else open_value(cards)[0]
                folded.append({"seat": position, "cards": cards, "beats": FIVE_CARD_WEAKER[kind]})
        return folded

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [
                gettext_noop("Bets"),
                {"money_range": [config.get("small_bet"), config.get("big_bet")]},
            ]
        ]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        facts.append([gettext_noop("Street"), str(state["street"])])
        return {
            "pot": sum(state["pots"].values()),
            "stage": gettext_noop("betting round"),
            "facts": facts,
        }


ENGINE = base.register(BigStud())

__all__ = ["ENGINE", "banks", "check_config", "open_value", "seven_cards"]
