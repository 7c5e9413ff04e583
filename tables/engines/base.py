"""The engine contract every game follows (DESIGN.md "Game engines"). No Django here.

An engine is an object registered once (``register(MyGame())``); the table actor
(``tables/actor/``) calls exactly the hooks of ``Engine`` below and nothing else. ``GameEngine``
gives every hook but the rules themselves a default, so a simple game writes only:
``new_hand``, ``legal_actions``, ``apply``, ``view``, ``to_act``, ``timeout_action``,
``is_hand_over`` and ``hand_result``.

The hooks, by who asks:
- **Rules** (the hand): ``new_hand(config, players, rng, carry)`` builds a JSON-serialisable state
  for the seated ``players`` (their positions); ``start_events(state)`` are the events (payments
  included) of the deal; ``legal_actions(state, seat)`` and ``apply(state, seat, action, rng)``
  share one validator so they never disagree; an illegal action raises ``IllegalAction`` with a
  sentence for the player. ``apply`` draws any randomness from ``rng`` only (a ``Draws``): the
  actor records every draw beside the event, so ``hand_replay`` repeats them exactly.
- **What each may see**: ``view(state, seat | None)`` (None: a spectator; hidden cards and the
  shoe's order never leave except through it), ``full_view(state)`` (staff, after the hand:
  every seat's cards). ``private_cards`` are each seat's own; ``hidden_cards`` are shown to no
  viewer at all (a dealer's face-down card, a dark box).
- **Clocks**: ``to_act(state)`` is every seat whose decision is awaited now; each has a clock of
  its own (several at once when decisions are simultaneous), as long as the table setting
  ``clock_setting(state, seat)`` names (a bet, insurance, a shooter's roll may each have their
  own). ``turn_key(state, seat)`` names
  that seat's current decision: its clock restarts only when the key changes, and a click
  chosen for an older key is refused as stale. The key goes to that seat's own view only, but
  make it of public facts all the same. When a clock runs
  out the actor applies ``apply_timeout(state, seat, rng)`` (default: ``apply`` of
  ``timeout_action(state, seat)``, which must be legal).
- **Session rules** (who sits, leaves, what it costs, when hands start): ``sit_refusal`` (may a
  player sit now?), ``apply_leave`` (what leaving mid-hand costs: forfeit a match, fold a hand;
  None: nothing), ``holds_bets`` (after a leave, has the seat money still working: then the
  seat stays, played by its timeouts, until it has none), ``apply_absent`` (a seat away past
  the absence limit), ``next_hand`` (after a
  hand, or when a player sits or says ready: start one now, with which seats and what they
  carry), ``in_play`` (is a hand or match under way: terms may not change, staff may void),
  ``apply_void`` (staff void: what is returned), ``apply_abandon`` (the last player leaves
  between hands with money carried: where it goes; by default the void's returns),
  ``summary`` (the lobby's and the pit boss's short facts), ``round_without_bets`` (a hand
  over in which nothing at all was staked: no bet, no ante, no fee; the actor then leaves no
  hand in the history players and staff see). Before the first hand of an idle
  table the actor waits a filling window (``tables.starts``) once ``next_hand`` says a hand
  could start: engines keep deciding who is dealt in.
- **Money**: payments travel inside the events as ``Payment`` records between typed parties
  (``seat(n)``, ``pot(name)``, ``house(purpose)``, ``HOUSE_BANK``); the actor books each in the
  ledger in the same transaction. ``escrow_key(state)`` names the escrow the hand's pots sit in
  (a match's stakes may span games, a bank may span coups); ``pot_owners(state)`` names the
  pots that belong to one seat whoever paid into them (a player's bank); ``carry_over(state)``
  is what the next hand inherits (a match score, a shoe, a bank). ``exposure(state)`` is the
  most the house can still pay on the round as it stands (minor units; None: the house is no
  counter-party), shown on the pit boss's tile while a hand is in play.
- **Shuffle commitment**: ``commitment(state)`` gives the ``Commitment`` (scope key and the order it
  covers) of the cards in play: per hand, or per shoe for a shoe that spans hands; the actor
  publishes sha256(order|secret) when a new scope starts and reveals it when
  ``commitment_finished(state)`` says, at the end of a hand.
- **Config**: ``check_config(config)`` returns the table's settings with defaults filled, or
  raises ``IllegalAction`` with a readable message (shown in the admin).
"""

from __future__ import annotations

import marshal
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Event = dict[str, Any]


def gettext_noop(message: str) -> str:
    """Marks an engine message for translation (makemessages finds it); the service translates
    it into the player's language when it reaches them. Engines import no Django."""
    return message


class IllegalAction(Exception):
    """An action the rules do not allow now; str() is a sentence for the player.

    ``template`` is the untranslated message with %(name)s placeholders, ``params`` fill them,
    so the service can show it in the player's language.
    """

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


# --- money between parties ---------------------------------------------------------------------

SEAT = "seat"
POT = "pot"
HOUSE = "house"
BANK = "bank"
MAIN_POT = "main"


def seat(position: int) -> str:
    """A seated player's wallet."""
    return f"{SEAT}:{position}"


def pot(name: str = MAIN_POT) -> str:
    """One of the hand's escrow pots (a main pot, a side pot, a box's bets)."""
    return POT if name == MAIN_POT else f"{POT}:{name}"


def house(purpose: str) -> str:
    """A house account of the table by purpose (``commission``, ...)."""
    return f"{HOUSE}:{purpose}"


HOUSE_BANK = BANK  # the house's bank of a house-banked game: pays winners, collects losses


@dataclass(frozen=True)
class Party:
    """A payment party parsed: ``kind`` is seat, pot, house or bank; ``key`` the seat number,
    the pot's name or the house purpose."""

    kind: str
    key: str | int

    @classmethod
    def parse(cls, text: str) -> Party:
        kind, _sep, key = text.partition(":")
        if kind == SEAT and key.isdigit():
            return cls(SEAT, int(key))
        if kind == POT:
            return cls(POT, key or MAIN_POT)
        if kind == HOUSE and key:
            return cls(HOUSE, key)
        if kind == BANK and not key:
            return cls(BANK, "")
        raise ValueError(f"not a payment party: {text!r}")


@dataclass(frozen=True)
class Payment:
    """Money the actor books in the ledger in the same transaction as the state: ``amount``
    minor units of the table's currency from ``source`` to ``target`` (parties made by
    ``seat()``, ``pot()``, ``house()`` or ``HOUSE_BANK``)."""

    source: str
    target: str
    amount: int
    reason: str = ""

    def as_event(self) -> Event:
        # Spelled out: ``asdict`` deep-copies every field, and every payment of every action
        # passes here (it was a third of a High card hand's time, issue 31).
        return payment_event(self.source, self.target, self.amount, self.reason)


def payment_event(source: str, target: str, amount: int, reason: str = "") -> Event:
    """The event of a ``Payment``, made without one: a frozen dataclass costs more to build
    than the event itself, on a path every stake takes (issue 50)."""
    return {
        "type": "payment",
        "source": source,
        "target": target,
        "amount": amount,
        "reason": reason,
    }


def track_escrow(state: State, events: Sequence[Event]) -> None:
    """Keep ``state["escrowed"]`` ({pot: {payer: amount}}): what each party paid into each pot
    this hand and has not been paid back, so a void can return exactly the stakes; an engine
    calls it with the events it returns."""
    escrowed = state.setdefault("escrowed", {})
    for payment in payments(events):
        if payment.target.startswith(POT) and not payment.source.startswith(POT):
            payers = escrowed.setdefault(payment.target, {})
            payers[payment.source] = payers.get(payment.source, 0) + payment.amount


def pay(state: State, events: list[Event], source: str, target: str, amount: int, reason: str):
    """Append a payment to ``events`` and keep ``state["pots"]`` (each pot's balance, a pot
    that is empty dropped) and ``state["escrowed"]`` (``track_escrow``) with it."""
    # ``payment_event``'s event, written here: every payment of every hand passes
    events.append(
        {"type": "payment", "source": source, "target": target, "amount": amount, "reason": reason}
    )
    # spelled out for each side, not looped over both: every payment of every hand passes here
    pots = state["pots"]
    from_pot = source.startswith(POT)
    if from_pot:
        left = pots.get(source, 0) - amount
        if left:
            pots[source] = left
        else:
            pots.pop(source, None)
    if target.startswith(POT):
        held = pots.get(target, 0) + amount
        if held:
            pots[target] = held
        else:
            pots.pop(target, None)
        if not from_pot:  # as ``track_escrow`` keeps it
            payers = state.setdefault("escrowed", {}).setdefault(target, {})
            payers[source] = payers.get(source, 0) + amount


_CONTAINERS = (dict, list)


def copy_json(value):
    """A deep copy of a JSON value that shares no list or dict with it nor within itself,
    several times faster than copy.deepcopy (a shoe of several decks is a long list, copied
    on every action). Made by marshal's round trip (C) in its version 2, which writes no
    references: every container is written, and read back, as often as it occurs, exactly as
    ``_copy_json_walking`` copies it, one and a half times as fast (issue 50). A value marshal
    does not take (a subclass of a JSON type, an object) is copied by walking it."""
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return _copy_json_walking(value)


def _copy_json_walking(value):
    """``copy_json`` by walking the value: only containers are copied by a call of their own;
    a scalar (or any other object) is shared, and a call per scalar was most of a copy's time
    (issue 50)."""
    if isinstance(value, dict):
        return {
            key: _copy_json_walking(item) if isinstance(item, _CONTAINERS) else item
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [
            _copy_json_walking(item) if isinstance(item, _CONTAINERS) else item for item in value
        ]
    return value


def payments(events: Sequence[Event]) -> list[Payment]:
    return [
        Payment(e["source"], e["target"], e["amount"], e.get("reason", ""))
        for e in events
        if e.get("type") == "payment"
    ]


# --- randomness --------------------------------------------------------------------------------


class Draws:
    """The random source an engine's ``apply`` draws from: every draw is one integer below a
    bound, recorded in ``taken``; the actor stores them beside the event, and ``replaying``
    gives them back in order, so a hand replays exactly whatever it drew mid-hand (a card from
    a reshuffled deck, a roll, a redeal). Offers what engines use of ``random.Random``."""

    def __init__(self, source: random.Random | None = None, replay: Sequence[int] | None = None):
        self._source = source
        self._replay = list(replay) if replay is not None else None
        self.taken: list[int] = []

    @classmethod
    def replaying(cls, taken: Sequence[int]) -> Draws:
        return cls(replay=taken)

    def below(self, bound: int) -> int:
        if bound <= 0:
            raise ValueError("bound must be positive")
        if self._replay is not None:
            if len(self.taken) >= len(self._replay):
                raise RuntimeError("the replay has no more recorded draws")
            value = self._replay[len(self.taken)]
            if not 0 <= value < bound:
                raise RuntimeError("a recorded draw does not fit this replay")
        else:
            value = (self._source or random.SystemRandom()).randrange(bound)
        self.taken.append(value)
        return value

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self.below(start)
        return start + self.below(stop - start)

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for index in range(len(items) - 1, 0, -1):  # Fisher-Yates
            other = self.below(index + 1)
            items[index], items[other] = items[other], items[index]

    def sample(self, items: Sequence, count: int) -> list:
        pool = list(items)
        self.shuffle(pool)
        return pool[:count]


# --- the shuffle commitment ------------------------------------------------------------------


@dataclass(frozen=True)
class Commitment:
    """What a shuffle commitment covers: ``scope`` names it (``hand`` for one hand's deck; e.g.
    ``shoe:3`` for a shoe that spans hands, the same key for every hand dealt from it) and
    ``record`` is the order published as sha256(record|secret) and revealed when it is over."""

    scope: str
    record: str


# --- the session ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    """What an engine's session rules know of a seat: its position, whether the player says
    ready for the next hand or match, and whether the player is away."""

    position: int
    ready: bool = True
    away: bool = False


@dataclass(frozen=True)
class NextHand:
    """The engine's answer to "start a hand now?": the seats dealt in (positions) and what the
    new hand inherits (``carry``: None for a fresh match or session)."""

    players: tuple[int, ...]
    carry: dict | None = None


@runtime_checkable
class Engine(Protocol):
    """Every hook the table actor calls (module docstring above)."""

    game: str
    display_name: str  # gettext_noop'd: the lobby's and the pit boss's name of the game
    seats: tuple[int, int]  # (min, max) players

    def check_config(self, config: dict) -> dict: ...
    def new_hand(
        self, config: dict, players: list[int], rng: random.Random, carry: dict | None = None
    ) -> State: ...
    def start_events(self, state: State) -> list[Event]: ...
    def legal_actions(self, state: State, seat: int) -> list[dict]: ...
    def apply(
        self, state: State, seat: int, action: dict, rng: Draws | None = None
    ) -> tuple[State, list[Event]]: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def full_view(self, state: State) -> dict: ...
    def to_act(self, state: State) -> list[int]: ...
    def turn_key(self, state: State, seat: int) -> str: ...
    def timeout_action(self, state: State, seat: int) -> dict: ...
    def apply_timeout(
        self, state: State, seat: int, rng: Draws | None = None
    ) -> tuple[State, list[Event]]: ...
    def is_hand_over(self, state: State) -> bool: ...
    def hand_result(self, state: State) -> dict: ...
    def carry_over(self, state: State) -> dict | None: ...
    def escrow_key(self, state: State) -> str: ...
    def pot_owners(self, state: State) -> dict[str, str]: ...
    def commitment(self, state: State) -> Commitment: ...
    def commitment_finished(self, state: State) -> bool: ...
    def in_play(self, state: State | None) -> bool: ...
    def holds_bets(self, state: State | None, seat: int) -> bool: ...
    def sit_refusal(self, state: State | None, config: dict) -> str | None: ...
    def sit_minimum(self, config: dict) -> int: ...
    def apply_leave(
        self, state: State, seat: int, rng: Draws | None = None
    ) -> tuple[State, list[Event]] | None: ...
    def apply_absent(
        self, state: State, seat: int, rng: Draws | None = None
    ) -> tuple[State, list[Event]] | None: ...
    def next_hand(
        self, state: State | None, seats: list[SeatInfo], config: dict
    ) -> NextHand | None: ...
    def apply_void(self, state: State) -> tuple[State, list[Event]]: ...
    def apply_abandon(self, state: State) -> tuple[State, list[Event]] | None: ...
    def summary(self, state: State | None, config: dict) -> dict: ...
    def all_cards(self, state: State) -> list[str]: ...
    def private_cards(self, state: State) -> dict[int, list[str]]: ...
    def hidden_cards(self, state: State) -> list[str]: ...
    def clock_setting(self, state: State, seat: int) -> str: ...
    def round_without_bets(self, state: State) -> bool: ...
    def exposure(self, state: State) -> int | None: ...
    def undealt(self, state: State) -> list[str]: ...
    def undealt_committed(self, state: State) -> list[str]: ...
    def folded_hands(self, state: State) -> list[dict]: ...


class GameEngine:
    """Defaults for every hook but the rules; subclass and override what the game needs.

    The defaults describe the simplest table: a hand is dealt to every seated player who is
    present, as soon as at least ``seats[0]`` are; players sit between hands only; leaving
    mid-hand or staying away past the limit applies the seat's timeout actions until the
    hand no longer waits for it; a void returns every payment into a pot to whoever paid it.
    """

    game = ""
    display_name = ""
    seats = (2, 2)
    # the settings every table of the game accepts (the actor's clocks), beside the game's own
    # (and the filling window before an idle table's first hand, ``tables.starts``)
    clock_settings = ("action_seconds", "grace_seconds", "absence_seconds", "start_seconds")

    # --- config ------------------------------------------------------------------------------

    def check_config(self, config: dict) -> dict:
        return dict(config)

    # --- the hand ----------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        raise NotImplementedError

    def start_events(self, state: State) -> list[Event]:
        return []

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        raise NotImplementedError

    def apply(self, state, seat, action, rng=None):
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        raise NotImplementedError

    def views(self, state: State, seats: list[int | None]) -> dict[int | None, dict]:
        """Each of `seats`' ``view`` of one state (None: a spectator's), for a change told to
        every seat at once. An engine whose views share most of their facts may build those
        once: the views may then share objects, which their readers never change."""
        return {seat: self.view(state, seat) for seat in seats}

    def offered(self, state: State, seat: int) -> list[dict]:
        """The actions the seat's view offers beyond ``legal_actions``: where a view gives an
        amount's range the board lets a player type (``bounds``, ``ranges``) and the legal
        actions name fewer amounts, each range's ends as actions. Every one must be accepted
        by ``apply``: a range is computed with every house limit in it (``max_bet``,
        ``max_payout``, ``max_exposure``; issue 47). By default the legal actions name the
        ends of every range the view gives: nothing more."""
        return []

    def bet_states(self, state: State) -> dict[str, str]:
        """What the views call each bet or hand in play ({id: word}): ``"off"`` (it is neither
        won nor lost on the next decision), ``"working"``, or ``"live"`` (a hand that plays on
        to its decision whatever its player does: it ends only by being decided). The views
        read this; settlement must do what it says (``decided``; issue 47)."""
        return {}

    def decided(self, state: State, events: list[Event]) -> set[str]:
        """The ids of ``bet_states`` that a step's ``events`` won or lost (decided)."""
        return set()

    def full_view(self, state: State) -> dict:
        """Staff, after the hand: by default the public view plus each seat's own view, and the
        cards nobody was shown (``hidden_cards``)."""
        view = {
            **self.view(state, None),
            "seats": {str(p): self.view(state, p) for p in state.get("players", [])},
        }
        hidden = self.hidden_cards(state)
        if hidden and self.is_hand_over(state):
            view["hidden_cards"] = list(hidden)
        return view

    def to_act(self, state: State) -> list[int]:
        raise NotImplementedError

    def turn_key(self, state: State, seat: int) -> str:
        """The decision a seat's clock times: by default its clock restarts after any action
        of that seat (the engine counts them in ``state["acted"]``) and runs on through the
        other seats' actions."""
        return str((state.get("acted") or {}).get(str(seat), 0))

    def timeout_action(self, state: State, seat: int) -> dict:
        raise NotImplementedError

    def clock_setting(self, state: State, seat: int) -> str:
        """The table setting that times this seat's decision now (one of the game's
        ``clock_settings``: ``bet_seconds`` for a stake, ``insurance_seconds``, ``shooter_seconds``
        ...); a setting the table leaves unset falls back to ``action_seconds``."""
        return "action_seconds"

    def apply_timeout(self, state, seat, rng=None):
        if seat not in self.to_act(state):
            raise IllegalAction(gettext_noop("That seat has no clock running."))
        state, events = self.apply(state, seat, self.timeout_action(state, seat), rng)
        return state, [{"type": "timeout", "seat": seat}, *events]

    def is_hand_over(self, state: State) -> bool:
        return bool(state.get("over"))

    def hand_result(self, state: State) -> dict:
        return dict(state.get("result") or {})

    def carry_over(self, state: State) -> dict | None:
        return None

    def escrow_key(self, state: State) -> str:
        return f"hand:{state.get('hand_key', 0)}"

    def pot_owners(self, state: State) -> dict[str, str]:
        """Pots whose money belongs to one seat whoever paid it in ({pot: seat party}): a
        player's bank, which grows with the bets it wins. A void returns such a pot whole to its
        owner; every other pot goes back to its payers."""
        return {}

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state.get("deal_record", ""))

    def commitment_finished(self, state: State) -> bool:
        return True

    # --- the session -------------------------------------------------------------------------

    def in_play(self, state: State | None) -> bool:
        return bool(state) and not self.is_hand_over(state)

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """Whether the seat still has money working (a box standing, a pass line with its point
        set, a share of a deal played for him) after its player left and ``apply_leave`` took
        what leaving costs: then the seat stays his, his decisions run on their timeouts, and
        it is freed once this says no (the hand's end by default; later for bets spanning
        hands). By default: a hand is in play and the seat is still among its players."""
        return self.in_play(state) and seat in ((state or {}).get("players") or [])

    def sit_refusal(self, state: State | None, config: dict) -> str | None:
        return None  # a newcomer is dealt in from the next hand

    def sit_minimum(self, config: dict) -> int:
        """The least a player's wallet must hold to sit down (minor units)."""
        return 0

    def apply_leave(self, state, seat, rng=None):
        return self._run_out(state, seat, "left", rng)

    def apply_absent(self, state, seat, rng=None):
        return self._run_out(state, seat, "absent", rng)

    def _run_out(self, state: State, seat: int, reason: str, rng: Draws | None = None):
        """Apply the seat's timeout actions until the hand stops waiting for it."""
        if not self.in_play(state) or seat not in state.get("players", [seat]):
            return None
        events: list[Event] = [{"type": reason, "seat": seat}]
        for _step in range(1000):
            if seat not in self.to_act(state):
                break
            state, more = self.apply(state, seat, self.timeout_action(state, seat), rng)
            events += more
        return state, events

    def next_hand(self, state, seats, config):
        present = tuple(s.position for s in seats if not s.away and s.ready)
        if len(present) < self.seats[0]:
            return None
        return NextHand(present[: self.seats[1]], self.carry_over(state) if state else None)

    def apply_void(self, state: State) -> tuple[State, list[Event]]:
        """Every stake paid into a pot this hand goes back to its payer (``state["escrowed"]``,
        kept by ``track_escrow``)."""
        if not self.in_play(state):
            raise IllegalAction(gettext_noop("No hand is being played."))
        state = dict(state, over=True, result={"void": True})
        events: list[Event] = [{"type": "void"}]
        for pot_party, payers in sorted((state.get("escrowed") or {}).items()):
            for payer, amount in sorted(payers.items()):
                if amount:
                    events.append(Payment(pot_party, payer, amount, "void").as_event())
        state["escrowed"] = {}
        return state, events

    def apply_abandon(self, state: State) -> tuple[State, list[Event]] | None:
        """The last player leaves between hands while the table carries money (``in_play``
        after the hand is over: a bank, a pot carried to the next hand): nobody is left to play
        it, so it goes back now, never held on an empty table. By default as a staff void
        returns it (``apply_void``: every stake to whose money it is; a game's own void says
        where the money of players who left before goes). None: nothing is carried."""
        if not state or not self.is_hand_over(state) or not self.in_play(state):
            return None
        return self.apply_void(state)

    def round_without_bets(self, state: State) -> bool:
        """Whether the hand is over and nothing at all was staked in it (no bet, no ante, no
        fee): a betting window everybody let pass. Asked by the actor when a hand ends
        (``finish_hand``): such a round leaves no hand in the history players and staff see (it
        is kept, flagged ``Hand.empty``, for the log and a shoe's commitment, and the next hand
        takes its number). By default False: every hand dealt is a hand played."""
        return False

    def exposure(self, state: State) -> int | None:
        """The most the house can still pay on the round as it stands, in minor units (every
        stake not yet settled at its best line, within the caps), or None where the house is not
        a counter-party (players play each other). Asked while a hand is in play, after every
        change, for the pit boss's tile."""
        return None

    def summary(self, state: State | None, config: dict) -> dict:
        """The lobby's and the pit boss's facts: ``pot`` (money in play), ``stage`` (a short
        word) and ``facts`` (a list of [label, value] the game shows)."""
        return {"pot": 0, "stage": "", "facts": []}

    def all_cards(self, state: State) -> list[str]:
        """Every card of the state wherever it is (for the conformance suite's conservation)."""
        return []

    # --- for the floor ---------------------------------------------------------------------------

    def folded_hands(self, state: State) -> list[dict]:
        """The hands given up (folded, passed) in a finished hand, each ``{"seat", "cards",
        "beats"}``: ``beats`` is the whole percentage of all hands of that size (the game's own
        ranking) weaker than it. Staff are alerted to a strong hand folded where players play
        against each other (chip dumping). A game nobody folds in gives up none."""
        return []

    # --- for the conformance suite: what is secret from whom ------------------------------------

    # configs the conformance suite plays the game with (each passed through check_config)
    example_configs: tuple[dict, ...] = ({},)
    # what the game's secrets look like to the suite's checks (b) and (g), a regular expression:
    # None for card codes; dice games name ``tables.engines.dice.TOKEN_PATTERN``
    token_pattern: str | None = None

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each seat's cards nobody else may see now."""
        return {}

    def hidden_cards(self, state: State) -> list[str]:
        """The dealt cards no viewer may see now, their owner included: a dealer's face-down
        card, a dark box, a hand mucked unseen. The dealer's hand is part of the state, not a
        seat's: what is hidden of it is listed here, never in ``private_cards``. Staff see them
        once the hand is over (``full_view``)."""
        return []

    def undealt(self, state: State) -> list[str]:
        """The order of the cards still to come (deck, talon, shoe): no view may hold it."""
        return []

    def undealt_committed(self, state: State) -> list[str]:
        """The undealt cards still in the order the shuffle commitment covers: all of them,
        unless the game shuffles again mid-hand from its recorded draws (a deck refilled from
        the discards), whose order the replay proves instead."""
        return self.undealt(state)


_ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    _ENGINES[engine.game] = engine
    return engine


def engine_for(game: str) -> Engine:
    try:
        return _ENGINES[game]
    except KeyError:
        raise LookupError(f"no engine registered for {game!r}") from None


def registered_games() -> list[str]:
    return sorted(_ENGINES)
