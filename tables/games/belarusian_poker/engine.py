"""Belarusian poker: seka with a joker, 2 to 7 players betting into one bank (CG §18–§25,
../shared/rules/belarusian-poker.md with rulings P1–P13 and its section 5 decisions).

A hand of the table is one game and any svaras it leads to (a svara continues the same bank,
section 5): the entry bets (§22), three cards each (§23), betting rounds (§24: P3–P8, P13), the
showdown, and on a tie the svara (§24, P9, P11); the bank is paid out once at the end, less the
casino's deduction (§25, P10, P12).

The croupier's chores are automatic: the engine deals, collects, opens the cards and pays.
Players only decide: bet, pass, propose or answer an early showdown, accept or refuse a svara,
join one. A player's balance is the ledger's: a bet the wallet cannot cover is refused there
(the page offers only what the player can afford, section 5), so here every amount from the
level to the table maximum is legal.

The three packs a hand may use (the game and at most two svaras, §24) are shuffled when the hand
starts and all three are covered by the shuffle commitment, so a svara draws nothing mid-hand.

The folder: rules.py (the terms, the settings, the deduction, the state's helpers), scoring.py
(seka points), play.py (the betting rounds, showdowns and svaras); this module validates an
action, lists the legal ones, and holds the engine class the platform registers.
"""

from __future__ import annotations

import json
from collections import Counter

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    Payment,
    State,
    gettext_noop,
    pot,
    seat,
)
from tables.engines.betting import clockwise_from_button, unclaim, whole_number
from tables.engines.cards import RANKS_33, SUITS, pack_33
from tables.engines.seka import (
    CARD_POINTS,
    HIGHEST_SCORE,
    LOWEST_SCORE,
    _weaker_percent,
    seka_combination,
    seka_score,
)
from tables.games.belarusian_poker.play import (
    _bet,
    _deal,
    _deal_svara,
    _end_of_turn,
    _fold,
    _leave_game,
    _offer_answered,
    _showdown,
    _start_round,
)
from tables.games.belarusian_poker.rules import (
    ANSWERS,
    GAME,
    HAND_SIZE,
    MAX_ROUNDS,
    PACKS,
    SEATS,
    UNCLAIMED,
    _copy,
    _current_cards,
    _log,
    _pay,
    check_config,
    deduction,
    to_act,
)


def folded_hands(state: State) -> list[dict]:
    """P6: every pass of a finished hand (a timed-out one too), with the hand it gave up."""
    if not state["over"]:
        return []
    folded = []
    for entry in state["log"]:
        if entry["act"] == "pass" and entry["seat"] is not None:
            cards = state["deals"][entry["game"]][str(entry["seat"])]
            beats = _weaker_percent()[seka_score(cards)]
            folded.append({"seat": entry["seat"], "cards": list(cards), "beats": beats})
    return folded


def _may_propose(state: State, position: int) -> bool:
    """P8: an early showdown is proposed during a round and asked at its end; not in the last
    round (the showdown follows anyway), not once the maximum is bet (P7), once per round."""
    return (
        state["round"] < MAX_ROUNDS
        and state["max_by"] is None
        and position not in state["proposals"]
    )


def _validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it and ``apply``
    refuses what does not. Returns the action's meaningful fields."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind, phase = action["type"], state["phase"]
    if phase == "betting":
        if kind == "pass":
            return {"type": "pass"}
        if kind == "propose":
            if not _may_propose(state, position):
                raise IllegalAction(gettext_noop("An early showdown cannot be proposed now (P8)."))
            return {"type": "propose"}
        if kind == "bet":
            low, high = bet_range(state)
            amount = action.get("amount")
            if not whole_number(amount) or not low <= amount <= high:
                if low == high:
                    raise IllegalAction(
                        gettext_noop("Bet the maximum of %(max_bet)s or pass (P7)."),
                        max_bet=high,
                    )
                raise IllegalAction(
                    gettext_noop("A bet is from the level of %(low)s to the maximum %(high)s."),
                    low=low,
                    high=high,
                )
            return {"type": "bet", "amount": amount}
    elif kind in ANSWERS.get(phase, ()):
        return {"type": kind}
    raise IllegalAction(gettext_noop("Unknown action."))


def bet_range(state: State) -> tuple[int, int]:
    """P4: a bet is at least the current level and at most the table maximum; after the
    maximum (P7 as decided) only the maximum."""
    if state["max_by"] is not None:
        return state["max_bet"], state["max_bet"]
    return state["level"], state["max_bet"]


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now. A bet's amount is a range (the view's ``bet_range``): the
    list names its two ends, every whole amount between them is legal as well."""
    if state["over"] or position not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "betting":
        low, high = bet_range(state)
        actions = [{"type": "bet", "amount": amount} for amount in sorted({low, high})]
        actions.append({"type": "pass"})
        if _may_propose(state, position):
            actions.append({"type": "propose"})
        return actions
    return [{"type": kind} for kind in ANSWERS[phase]]


def bets_this_round(state: State) -> dict[int, int]:
    """Each seat's bet in the current round of the current game (P5: one bet a round; after
    the maximum, P7, the answer to it is that seat's bet), from the hand's history."""
    bets: dict[int, int] = {}
    for entry in state["log"]:
        if (
            entry["game"] == state["svaras"]
            and entry["round"] == state["round"]
            and entry["act"] in ("bet", "max", "answer_max")
        ):
            bets[entry["seat"]] = entry["amount"]
    return bets


def join_cost(state: State) -> int:
    """P9: joining a svara costs half of the bank it is played for, rounded up to the minor
    unit (never less than half); every joiner pays the same, half of the bank as the tie left
    it (docs/rules-decisions.md)."""
    return -(-state["svara_bank"] // 2)


# --- the engine -------------------------------------------------------------------------------


class BelarusianPoker(GameEngine):
    """Belarusian poker's hooks (module docstring). Players sit at any time and are dealt in
    from the next hand; a player away between hands sits out (the GameEngine defaults)."""

    game = GAME
    display_name = gettext_noop("Belarusian poker")
    seats = SEATS

    # one config: the suite plays every seat count from 2 to 7 with each
    example_configs = ({"min_bet": 100, "max_bet": 2_000, "unit": 100},)

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the button (P3: it moves clockwise to the next
        seat dealt in each game) and the session's count of hands."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"Belarusian poker deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        last_button = carry.get("button")
        if last_button is None:
            button = players[0]
        else:
            button = clockwise_from_button(players, last_button)[0]
        packs = []
        for _pack in range(PACKS):
            cards = pack_33()
            rng.shuffle(cards)
            packs.append(cards)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        state: State = {
            "game": GAME,
            "hand_key": hand_number if whole_number(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "min_bet": config["min_bet"],
            "max_bet": config["max_bet"],
            "unit": config["unit"],
            "button": button,
            "dealt_in": list(players),
            "players": list(players),  # the players of the current game (a svara's)
            "active": list(players),  # of them, those who have not passed
            "passed": [],
            "left": [],  # dealt in, then left the table: never paid, never asked again
            "packs": packs,
            "deals": [_deal(packs[0], players, button)],
            "phase": "betting",
            "round": 1,
            "level": config["min_bet"],  # P4: the level starts at the table minimum
            "queue": [],
            "proposals": [],
            "max_by": None,
            "answered_max": [],
            "asked": [],
            "answers": {},
            "tied": [],
            "joiners": [],
            "svaras": 0,
            "svara_bank": 0,
            "bank": 0,
            "paid": {},
            "showdowns": [],
            "log": [],
            "escrowed": {},
            "over": False,
            "result": None,
        }
        _start_round(state)
        for payment in self._entry_bets(state):  # §22: the bank holds them as the hand starts
            _pay(state, [], payment["source"], payment["target"], payment["amount"], "entry bet")
        return state

    def _entry_bets(self, state: State) -> list[Event]:
        return [
            Payment(seat(position), pot(), state["min_bet"], "entry bet").as_event()
            for position in state["dealt_in"]
        ]

    def start_events(self, state: State) -> list[Event]:
        return [
            {"type": "hand_started", "players": list(state["dealt_in"]), "button": state["button"]},
            *self._entry_bets(state),
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        state = _copy(state)
        events: list[Event] = []
        kind, phase = checked["type"], state["phase"]
        if kind == "bet":
            _bet(state, events, seat, checked["amount"])
            _end_of_turn(state, events)
        elif kind == "pass":
            _fold(state, seat)
            events.append({"type": "pass", "seat": seat})
            _log(state, seat, "pass")
            _end_of_turn(state, events)
        elif kind == "propose":
            state["proposals"].append(seat)
            events.append({"type": "propose", "seat": seat})
            _log(state, seat, "propose")
        elif phase == "consent":
            state["answers"][str(seat)] = kind == "accept"
            events.append({"type": kind, "seat": seat, "to": "showdown"})
            _log(state, seat, f"showdown_{kind}")
            if kind == "refuse":  # P8: all must agree; play goes on with the next round
                state["phase"] = "betting"
                state["asked"], state["answers"] = [], {}
                state["round"] += 1
                _start_round(state)
            elif not to_act(state):
                _showdown(state, events)
        elif phase == "svara_offer":
            state["answers"][str(seat)] = kind == "accept"
            events.append({"type": kind, "seat": seat, "to": "svara"})
            _log(state, seat, f"svara_{kind}")
            _offer_answered(state, events)
        else:  # svara_join
            state["answers"][str(seat)] = kind == "join"
            if kind == "join":
                cost = join_cost(state)
                _pay(state, events, base.seat(seat), pot(), cost, "svara joined")
                state["joiners"].append(seat)
                _log(state, seat, "join", cost)
            else:
                _log(state, seat, "decline")
            events.append({"type": kind, "seat": seat})
            if not to_act(state):
                _deal_svara(state, events)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """The decision a seat's clock times: its turn in a round (a proposal does not restart
        it, else a player could hold the table by proposing), or one answer asked of several at
        once (another's answer does not restart it)."""
        phase = state["phase"]
        where = f"hand {state['hand_key']} game {state['svaras']} round {state['round']}"
        if phase == "betting":
            return f"{where}: {'answer the maximum' if state['max_by'] is not None else 'bet'}"
        return f"{where}: {phase}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """P13: a silent player passes; an unanswered proposal or svara offer is refused, an
        unanswered chance to join declined (issue 14, build 4)."""
        phase = state["phase"]
        if phase == "betting":
            return {"type": "pass"}
        if phase == "svara_join":
            return {"type": "decline"}
        return {"type": "refuse"}

    def carry_over(self, state: State) -> dict:
        """The button goes on to the next hand (P3), whatever happened in this one."""
        return {"button": state["button"], "hands_dealt": state["hands_dealt"]}

    def commitment(self, state: State) -> Commitment:
        """The three packs shuffled at the start: the game's and the svaras' (module docstring)."""
        return Commitment("hand", ",".join(card for pack in state["packs"] for card in pack))

    # --- what each may see -------------------------------------------------------------------

    def _shown(self, state: State) -> list[Counter]:
        """By deal: the cards opened at that deal's showdown."""
        shown = [Counter() for _ in state["deals"]]
        for showdown in state["showdowns"]:
            for hand in showdown["hands"].values():
                shown[showdown["game"]].update(hand["cards"])
        return shown

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each seat's cards of every deal not opened at a showdown (folded hands never are)."""
        opened = {
            (showdown["game"], int(p)) for showdown in state["showdowns"] for p in showdown["hands"]
        }
        private: dict[int, list[str]] = {}
        for number, deal in enumerate(state["deals"]):
            for position, cards in deal.items():
                if (number, int(position)) not in opened:
                    private.setdefault(int(position), []).extend(cards)
        return private

    def undealt(self, state: State) -> list[str]:
        """The rest of the current pack and the packs of svaras not yet played."""
        current = state["svaras"]
        dealt = HAND_SIZE * len(state["deals"][current])
        return [
            *state["packs"][current][dealt:],
            *(c for p in state["packs"][current + 1 :] for c in p),
        ]

    def all_cards(self, state: State) -> list[str]:
        return [card for pack in state["packs"] for card in pack]

    def view(self, state: State, seat: int | None) -> dict:
        """Public: each seat's chips in the bank and status, the bank, the level, the round,
        whose turn, the svara, the showdowns with the hands opened, the hand's history. A seat
        also sees its own cards and their score, its legal actions and its bet's range."""
        waiting = to_act(state)
        current = _current_cards(state)
        round_bets = bets_this_round(state)
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "button": state["button"],
            "bank": state["bank"],
            "level": state["level"],
            "round": state["round"],
            "max_rounds": MAX_ROUNDS,
            "min_bet": state["min_bet"],
            "max_bet": state["max_bet"],
            "max_by": state["max_by"],
            "svaras": state["svaras"],
            "seats": {
                str(p): {
                    "paid": state["paid"].get(str(p), 0),
                    "round_bet": round_bets.get(p),
                    "in_game": p in state["players"],
                    "active": p in state["active"],
                    "passed": p in state["passed"],
                    "left": p in state["left"],
                    "answered_max": p in state["answered_max"],
                    "has_cards": str(p) in current,
                    "deciding": p in waiting,
                    "proposed": p in state["proposals"],
                    "answer": state["answers"].get(str(p)),
                }
                for p in state["dealt_in"]
            },
            "to_act": waiting,
            "tied": list(state["tied"]),
            "svara_bank": state["svara_bank"],
            "join_cost": join_cost(state) if state["phase"] == "svara_join" else None,
            "joiners": list(state["joiners"]),
            "showdowns": json.loads(json.dumps(state["showdowns"])),
            "log": json.loads(json.dumps(state["log"])),
            "over": state["over"],
            "result": json.loads(json.dumps(state["result"])),
            "seat": seat,
        }
        if seat is not None:
            # the cards the seat holds, or last held if it is not in this svara; not once
            # they are opened (the showdown shows them to all)
            mine = self.private_cards(state).get(seat, [])[-HAND_SIZE:]
            public["my_cards"] = mine
            public["my_score"] = seka_score(mine) if mine else None
            public["legal"] = legal_actions(state, seat)
            betting = state["phase"] == "betting" and seat in waiting
            public["bet_range"] = list(bet_range(state)) if betting else None
        return public

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for the entry bet (§22)."""
        return int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return False  # leaving folds at once (P6): nothing of his is left working

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving mid-hand folds at once (P6), whoever's turn it is; a tied player leaving
        gives up the svara and the share. The player is gone, so a void must not return his
        stakes to the seat (someone else may sit there): the house holds them for him."""
        if not self.in_play(state) or seat not in state["dealt_in"] or seat in state["left"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        state["left"].append(seat)
        _log(state, seat, "left")
        _leave_game(state, events, seat)
        unclaim(state, seat, UNCLAIMED)
        return state, events

    def folded_hands(self, state: State) -> list[dict]:
        return folded_hands(state)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["bank"] = 0
        state["phase"] = "over"
        state["queue"], state["asked"] = [], []
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        svara = state["svaras"] or state["phase"].startswith("svara")
        stage = gettext_noop("svara") if svara else gettext_noop("betting round")
        facts.append([gettext_noop("Round"), f"{state['round']}/{MAX_ROUNDS}"])
        return {"pot": state["bank"], "stage": stage, "facts": facts}


ENGINE = base.register(BelarusianPoker())

# what the presentation, Russian poker and the tests take from the engine
__all__ = [
    "CARD_POINTS",
    "ENGINE",
    "HIGHEST_SCORE",
    "LOWEST_SCORE",
    "RANKS_33",
    "SUITS",
    "deduction",
    "seka_combination",
    "seka_score",
]
