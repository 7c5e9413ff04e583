"""Craps (DG §1–§5, ../shared/rules/craps.md, rulings C1–C17 and section 5's decisions): players
bet against the house on the rolls of one shooter among them.

A hand of the platform is one roll. Bets live across rolls: each is a pot of its own,
``pot("s<seat>:<bet>")`` (a buy or lay bet's commission beside it in ``...:vig``), in an escrow
that lasts while any bet is on the layout (``escrow_key``; a new scope once none is left), and
the layout, the point, the shooter and his pair of dice go on to the next roll (``carry_over``).

A roll, in order:
- **The dice are committed** when the hand starts: one face for each of the set's five numbered
  dice (§2.2, ``tables.engines.dice``), published before any bet of the roll and revealed when
  the hand ends.
- **The betting window** (§4: the dice are given only after the bets): every player dealt in
  bets, takes bets down, turns them on or off, and says he is done; his clock's key is the
  roll's number, which bets do not change, so concurrent bets never refuse each other. A player
  who says nothing is done when his clock runs out.
- **The throw**: once everybody is done the shooter has the dice. On the come-out he must have a
  pass or don't pass bet (§4, C14). A new shooter first picks two of the five dice (§3, §4); he
  throws them until the dice pass. He may refuse the dice, and a shooter silent past
  ``shooter_seconds`` passes them (section 5): they go to the next player on his left, who
  gets a betting turn of his own before he throws. An RNG roll is never a "no roll" (C15).
- **Settlement** of every bet at once (C16); the resolutions are listed losers first, then the
  field, big 6 and 8, come and place bets (§4, §5.6).

The game's modules, where a reader looks: ``bets`` (the layout: every kind, ``KINDS``, its
limits and pays, how a roll decides it, ``decide``, whether it works, ``is_working``; the
settings), ``exposure`` (what the house would pay on each outcome, its risk limit),
``betting`` (the betting window: what may be placed, taken down or switched now, ``_placeable``,
``_removable``, within which amounts, and ``legal_actions``), ``shooter`` (who acts, the dice
round the table), ``roll`` (the throw and its settlement); this module is the engine's class
and its hooks (the session, the views).
"""

from __future__ import annotations

from tables.engines import base, dice
from tables.engines.base import (
    Commitment,
    Event,
    GameEngine,
    IllegalAction,
    NextHand,
    State,
    gettext_noop,
)
from tables.games.craps.bets import (
    LOSE,
    ORDER,
    PLACEABLE,
    WIN,
    _seat_bets,
    _whole,
    bet_key,
    check_config,
    is_working,
)
from tables.games.craps.betting import (
    BETS,
    _after_win,
    _place,
    _place_group,
    _placeable,
    _removable,
    _return_bet,
    _switch,
    _take_down,
    legal_actions,
    offered_bounds,
)
from tables.games.craps.exposure import _paid_now, exposure_of
from tables.games.craps.roll import _throw
from tables.games.craps.shooter import (
    BETTING,
    THROW,
    _after_decision,
    _end,
    _may_throw,
    _next_shooter,
    _pass_dice,
    may_act,
    to_act,
)

GAME = "craps"
SEATS = (1, 12)


# what a step changes in place: the layout (its bets, pots and escrow record), the seats' lists
LAYOUT = ("bets", "pots", "escrowed")
SEATED = ("done", "players", "refused", "absent", "left", "results")
# what each action of ``apply`` changes in place (the rest of the state it replaces, never edits)
CHANGES = {
    "bet": LAYOUT,
    "place_group": LAYOUT,
    "take_down": LAYOUT,
    "working": ("bets",),
    "after_win": ("bets",),
    "done": ("done",),
    "refuse": ("done", "refused"),
    "roll": LAYOUT,  # the throw's lists (results, history, refused, left) are new ones
}


def _copy(state: State, changed=LAYOUT + SEATED) -> State:
    """A new state sharing what the step does not change in place (``changed``: what it does):
    a bet is replaced, never changed (``_put``), and a pot's escrow record is copied before a
    payment into it (``_pay_in``)."""
    copied = dict(state)
    for key in changed:
        copied[key] = state[key].copy()
    return copied


# the last settings ``new_hand`` checked and what ``check_config`` made of them, as one tuple so
# that threads never read one table's with another's
_LAST_SETTINGS: tuple = (None, None)
PER_HAND = {"hand_number": None, "match_number": None}  # what changes every roll


def _settings(config: dict) -> dict:
    """``check_config`` of a roll's settings, worked again only when a table's settings change
    (every roll starts with them: all but ``PER_HAND`` the same, roll after roll)."""
    global _LAST_SETTINGS
    settings = {**config, **PER_HAND}
    last, checked = _LAST_SETTINGS
    if settings != last:
        checked = check_config(settings)
        _LAST_SETTINGS = (base.copy_json(settings), checked)
    return checked


def _validated(state: State, position: int, action) -> dict:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(gettext_noop("That is not an action."))
    if not may_act(state, position):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind = action["type"]
    if state["phase"] == THROW:
        if kind not in ("roll", "refuse"):
            raise IllegalAction(gettext_noop("The bets are closed: the shooter has the dice (§4)."))
        return action
    if kind == "roll":
        if position != state["shooter"]:
            raise IllegalAction(gettext_noop("Only the shooter throws the dice."))
        raise IllegalAction(
            gettext_noop("The dice go to the shooter once every player is done betting (§4).")
        )
    if kind == "refuse" and position != state["shooter"]:
        raise IllegalAction(gettext_noop("Only the shooter may pass the dice."))
    if kind in ("bet", "take_down", "working", "after_win"):
        bet = action.get("bet")
        if not isinstance(bet, str) or bet not in ORDER:
            raise IllegalAction(gettext_noop("There is no such bet on the layout."))
    if kind not in ("bet", "take_down", "working", "after_win", "place_group", "done", "refuse"):
        raise IllegalAction(gettext_noop("That is not an action."))
    return action


class Craps(GameEngine):
    """Craps' hooks (module docstring)."""

    game = GAME
    display_name = gettext_noop("Craps")
    seats = SEATS
    token_pattern = dice.TOKEN_PATTERN
    clock_settings = (*GameEngine.clock_settings, "bet_seconds", "shooter_seconds")
    example_configs = (
        {"min_bet": 100, "max_bet": 10_000, "min_unit": 100},
        # C1's other bar, a cap per bet and a limit on the house's risk that refuses bets
        {
            "min_bet": 500,
            "max_bet": 3_000,
            "min_unit": 100,
            "barred": 2,
            "max_payout": 20_000,
            "max_exposure": 60_000,
            "limits": {"prop": [100, 1_000], "hard": [100, 1_000]},
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the roll --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        hand_number = config.get("hand_number")
        config = _settings(config)
        carry = carry or {}
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"craps deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        faces = dice.roll_set(rng)  # committed before any bet of this roll (§2.2)
        pots = dict(carry.get("pots") or {})
        session = carry.get("session", 0) + (0 if pots else 1)  # a new escrow once none is left
        rolls = carry.get("rolls", 0) + 1
        absent = [p for p in carry.get("absent_next", []) if p in players]
        state: State = {
            "game": GAME,
            "hand_key": hand_number if _whole(hand_number) else rolls,
            "rolls": rolls,
            "session": session,
            "players": players,
            "absent": absent,
            "left": [p for p in carry.get("left", []) if p not in players],
            "faces": faces,
            "dice_record": dice.record(faces),
            "phase": BETTING,
            "done": [],
            "point": carry.get("point"),
            "shooter": None,
            "chosen": None,
            "refused": [],
            # the seat the dice were last with: after every player refuses them the next
            # roll offers them on from its left (§4), not from the lowest seat (issue 47)
            "dice_from": carry.get("dice_from", -1),
            # shared with the carry: a bet and a pot's escrow record are replaced, never changed
            "bets": dict(carry.get("bets") or {}) if pots else {},
            "pots": pots,
            "escrowed": dict(carry.get("escrowed") or {}) if pots else {},
            "staked": bool(pots),
            "roll": None,
            "results": [],
            "history": list(carry.get("history") or []),
            "barred": config["barred"],
            "limits": config["limits"],
            "propositions": config["propositions"],
            "min_unit": config["min_unit"],
            "max_payout": config["max_payout"],
            "max_exposure": config["max_exposure"],
            "over": False,
            "result": None,
        }
        shooter = carry.get("shooter")
        if shooter in players and shooter not in absent:
            state["shooter"], state["chosen"] = shooter, carry.get("chosen")
        else:
            after = shooter if shooter is not None else state["dice_from"]
            state["shooter"] = _next_shooter(state, after)
        if state["shooter"] is None and not to_act(state):
            _end(state, [], {"no_shooter": True})
        # else with nobody who may shoot (mid-point, no line bet present) the players still
        # bet and take down; the roll ends unthrown once they are done (``_after_decision``)
        return state

    def start_events(self, state: State) -> list[Event]:
        return [
            {
                "type": "hand_started",
                "players": list(state["players"]),
                "shooter": state["shooter"],
                "point": state["point"],
            }
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        kind = checked["type"]
        # the house's risk now, of the state given (a bet's own is weighed against it)
        paid = _paid_now(state) if state["max_exposure"] and kind in BETS else None
        state = _copy(state, CHANGES[kind])
        events: list[Event] = []
        if kind == "bet":
            _place(state, events, seat, checked["bet"], checked.get("amount"), paid)
        elif kind == "place_group":
            _place_group(state, events, seat, checked.get("group"), checked.get("times"), paid)
        elif kind == "take_down":
            _take_down(state, events, seat, checked["bet"])
        elif kind == "working":
            _switch(state, events, seat, checked["bet"], checked.get("on"))
        elif kind == "after_win":
            _after_win(state, events, seat, checked["bet"], checked.get("choice"))
        elif kind == "done":
            state["done"].append(seat)
            events.append({"type": "done", "seat": seat})
            _after_decision(state, events)
        elif kind == "refuse":
            events.append({"type": "dice_refused", "seat": seat})
            _pass_dice(state, events)
        else:
            _throw(state, events, seat, checked)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """The roll's number: bets change no one's decision; the shooter's turn changes when the
        dice reach him or pass to another."""
        if seat == state["shooter"]:
            return f"{state['rolls']}:{state['phase']}:{len(state['refused'])}"
        return str(state["rolls"])

    def clock_setting(self, state: State, seat: int) -> str:
        return "shooter_seconds" if state["phase"] == THROW else "bet_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """A player silent in the window is done; a shooter silent with the dice passes them
        (section 5)."""
        return {"type": "refuse"} if state["phase"] == THROW else {"type": "done"}

    def hand_result(self, state: State) -> dict:
        return dict(state.get("result") or {})

    def carry_over(self, state: State) -> dict:
        """The layout, the point, the shooter and his dice, and the roll history go on."""
        return {
            "session": state["session"],
            "rolls": state["rolls"],
            "point": state["point"],
            "shooter": state["shooter"],
            "chosen": state["chosen"],
            "dice_from": state["dice_from"],
            "bets": {k: dict(v) for k, v in state["bets"].items()},
            "pots": dict(state["pots"]),
            "escrowed": {k: dict(v) for k, v in state["escrowed"].items()},
            "history": list(state["history"]),
            "left": list(state["left"]),
        }

    def escrow_key(self, state: State) -> str:
        return f"craps-layout:{state['session']}"

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["dice_record"])

    def round_without_bets(self, state: State) -> bool:
        return self.is_hand_over(state) and not state["staked"]

    def exposure(self, state: State) -> int | None:
        return exposure_of(state)

    # --- what each may see -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Everything on the layout is public; the committed faces are not until the throw
        (then the two thrown, and the hand's record reveals the rest)."""
        public = {
            "game": GAME,
            "roll_number": state["rolls"],
            "phase": "over" if state["over"] else state["phase"],
            "point": state["point"],
            "puck": "on" if state["point"] is not None else "off",
            "shooter": state["shooter"],
            "chosen": list(state["chosen"]) if state["chosen"] else None,
            "refused": list(state["refused"]),
            "players": list(state["players"]),
            "left": list(state["left"]),
            "to_act": to_act(state),
            "done": list(state["done"]),
            # what ``bet_states`` calls each bet: what settlement does (issue 47)
            "bets": [dict(b, working=is_working(b, state["point"])) for b in _all_bets(state)],
            "roll": dict(state["roll"]) if state["roll"] else None,
            "results": [dict(r) for r in state["results"]],
            "history": [list(h) for h in state["history"]],
            "barred": state["barred"],
            "limits": {k: list(v) for k, v in state["limits"].items()},
            "propositions": dict(state["propositions"]),
            "min_unit": state["min_unit"],
            "over": state["over"],
            "result": dict(state["result"]) if state["result"] else None,
            "seat": seat,
        }
        if seat is not None:
            legal = legal_actions(state, seat)
            public["legal"] = legal
            public["may_throw"] = seat == state["shooter"] and _may_throw(state) is None
            # every house limit in: max_bet, the odds' C4, max_exposure (issue 47)
            public["bounds"] = {
                kind: list(bounds)
                for kind in PLACEABLE
                if seat in to_act(state)
                and state["phase"] == BETTING
                and _placeable(state, seat, kind) is None
                and (bounds := offered_bounds(state, seat, kind))
            }
        return public

    def offered(self, state: State, seat: int) -> list[dict]:
        """The two ends of each bet's range in the view (``bounds``): ``legal_actions`` names
        the least amount of a kind only."""
        if seat not in to_act(state) or state["phase"] != BETTING:
            return []
        return [
            {"type": "bet", "bet": kind, "amount": amount}
            for kind in PLACEABLE
            if _placeable(state, seat, kind) is None
            and (bounds := offered_bounds(state, seat, kind))
            for amount in sorted(set(bounds))
        ]

    def bet_states(self, state: State) -> dict[str, str]:
        """Each bet as the view calls it: working, or off (§5.6, C5, C12: ``is_working``)."""
        point = state["point"]
        return {
            bet_key(b["seat"], b["kind"]): "working" if is_working(b, point) else "off"
            for b in state["bets"].values()
        }

    def decided(self, state: State, events: list[Event]) -> set[str]:
        return {
            bet_key(e["seat"], e["bet"])
            for e in events
            if e.get("type") == "resolved" and e.get("outcome") in (WIN, LOSE)
        }

    def all_cards(self, state: State) -> list[str]:
        return dice.tokens(state["faces"])

    def undealt(self, state: State) -> list[str]:
        return [] if state["roll"] else dice.tokens(state["faces"])

    # --- the session -------------------------------------------------------------------------

    def in_play(self, state: State | None) -> bool:
        """A roll under way, or bets on the layout between rolls (their money is in play)."""
        return bool(state) and (not state["over"] or bool(state["pots"]))

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return bool(state) and any(b["seat"] == seat for b in state["bets"].values())

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def next_hand(self, state, seats, config):
        """A roll starts when someone present may shoot; players away are dealt in too (their
        bets keep working and are paid), never awaited."""
        present = [s.position for s in seats if not s.away]
        if not present:
            return None
        players = sorted(s.position for s in seats)[: SEATS[1]]
        carry = self.carry_over(state) if state else None
        if carry is not None:
            carry["absent_next"] = [s.position for s in seats if s.away]
        else:
            carry = {"absent_next": [s.position for s in seats if s.away]}
        return NextHand(tuple(players), carry)

    def apply_absent(self, state, seat, rng=None):
        if state["over"] or seat not in state["players"] or seat in state["absent"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "absent", "seat": seat}]
        state["absent"].append(seat)
        if seat == state["shooter"]:
            _pass_dice(state, events)
        else:
            _after_decision(state, events)
        return state, events

    def apply_leave(self, state, seat, rng=None):
        """Leaving takes down every bet that may come down (C6) and passes the dice; a pass or
        come bet whose number is set stays working for him until it is decided (the seat is
        held, ``holds_bets``). With nobody else at the roll to throw, they come down too."""
        if not self.in_play(state):
            return None
        if seat not in state["players"] and not any(
            b["seat"] == seat for b in state["bets"].values()
        ):
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        others = [p for p in state["players"] if p != seat and p not in state["absent"]]
        # with nobody else at the roll to throw, every bet on the layout comes down
        leaving = _all_bets(state) if not others else _seat_bets(state, seat)
        for bet in leaving:
            if not others or _removable(state, bet) is None:
                _return_bet(state, events, bet, "taken down: the player left")
        if not others:
            state["left"] = []
        if seat in state["players"]:
            state["players"].remove(seat)
        if seat in state["done"]:
            state["done"].remove(seat)
        if any(b["seat"] == seat for b in state["bets"].values()) and seat not in state["left"]:
            state["left"].append(seat)
        if not state["over"]:
            if seat == state["shooter"]:
                _pass_dice(state, events)
            else:
                _after_decision(state, events)
        return state, events

    def apply_void(self, state: State):
        """Staff void: every bet on the layout back to whoever paid it (its commission too);
        the point is off and a new shooter comes out."""
        if not self.in_play(state):
            raise IllegalAction(gettext_noop("No roll is being played."))
        state = _copy(state)
        events: list[Event] = [{"type": "void"}]
        for pot_name, payers in sorted(state["escrowed"].items()):
            for payer, amount in sorted(payers.items()):
                if amount:
                    events.append(base.Payment(pot_name, payer, amount, "void").as_event())
        state.update(bets={}, pots={}, escrowed={}, point=None, over=True, phase="over")
        state["result"] = {"void": True}
        state["left"] = []
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [
                gettext_noop("Line bet"),
                {"money_range": [config.get("min_bet"), config.get("max_bet")]},
            ]
        ]
        if not state:
            return {"pot": 0, "stage": "", "facts": facts}
        point = state["point"]
        if point is not None:  # the puck ON (§2.4); off, the stage says "coming out"
            facts.append([gettext_noop("Point"), point])
        if state["shooter"] is not None:
            facts.append([gettext_noop("Shooter"), {"seat": state["shooter"]}])
        on_layout = sum(state["pots"].values())
        facts.append([gettext_noop("On the layout"), {"money": on_layout}])
        if self.in_play(state):
            facts.append([gettext_noop("House at risk"), {"money": exposure_of(state)}])
        stage = gettext_noop("coming out") if point is None else gettext_noop("point is on")
        return {"pot": on_layout, "stage": stage, "facts": facts}


def _all_bets(state: State) -> list[dict]:
    return sorted(state["bets"].values(), key=lambda b: (b["seat"], ORDER[b["kind"]]))


ENGINE = base.register(Craps())
