"""The house as counter-party of a house-banked table (issue 31, item 3): pure, no Django.

- ``check_house_config``: the settings every house-banked table shares, checked once.
- ``exposure``: the most the house can still pay on the round as it stands, and
  ``refuse_over_exposure``: a bet that would take it over ``max_exposure`` is refused.
- Fees (a card bought, a game bought) go into a pot of the hand, not to the bank at once
  (``pay_fee``), and reach the bank when the hand ends (``fees_to_bank``): so a void, which
  returns what ``state["escrowed"]`` holds, returns them too.
- ``BoxRound``: the session hooks of a round in which every dealt-in seat bets its boxes in one
  window and then plays them: the house's exposure, a round nobody bet in, a leave that keeps
  working bets, the void, the lobby's summary.

Boxes and their pots are ``tables.families.house.boxes``.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from fractions import Fraction

from tables.engines.base import (
    HOUSE_BANK,
    POT,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
    pay,
    pot,
    seat,
)
from tables.families.house import boxes

# The shared settings and their defaults; a game's own defaults (``check_house_config``'s
# ``defaults``) go over these, the table's settings over both.
HOUSE_DEFAULTS = {
    "min_unit": 1,
    "max_payout": None,  # per box and round (CG §48); None: not capped
    "max_exposure": None,  # per round, every box together; None: not limited
    "boxes": None,  # boxes on the layout; None: as many as the game deals
    "boxes_per_player": 1,
    "open_boxes_per_player": None,  # None: as many as boxes_per_player
    "dark_boxes_per_player": 0,
    "bets_behind": False,
    "side_bets": {},  # {kind: [low, high]}
}
LIMIT_KEYS = ("min_bet", "max_bet", *HOUSE_DEFAULTS)
FEE_PREFIX = "fee:"


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_positive(checked: dict, key: str, template: str) -> None:
    value = checked[key]
    if value is not None and (not _whole(value) or value <= 0):
        raise IllegalAction(template)


def check_house_config(config: dict, defaults: dict | None = None) -> dict:
    """The table's settings with the shared defaults and the game's ``defaults`` filled, or
    IllegalAction saying what is wrong. Keys it does not know (the game's own, the actor's
    clocks) pass through untouched for the game's own check."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**HOUSE_DEFAULTS, **(defaults or {}), **config}
    min_bet, max_bet = checked.get("min_bet"), checked.get("max_bet")
    if not _whole(min_bet) or min_bet <= 0:
        raise IllegalAction(
            gettext_noop("The minimum bet (min_bet) is a whole number of minor units above 0.")
        )
    if not _whole(max_bet) or max_bet < min_bet:
        raise IllegalAction(
            gettext_noop(
                "The maximum bet (max_bet) is a whole number of minor units, at least the "
                "minimum bet of %(min_bet)s."
            ),
            min_bet=min_bet,
        )
    unit = checked["min_unit"]
    if not _whole(unit) or not 1 <= unit <= min_bet:
        raise IllegalAction(
            gettext_noop(
                "The smallest stake (min_unit) is a whole number of minor units from 1 to the "
                "minimum bet of %(min_bet)s."
            ),
            min_bet=min_bet,
        )
    _optional_positive(
        checked,
        "max_payout",
        gettext_noop(
            "The maximum payout (max_payout) is a whole number of minor units above 0, or empty."
        ),
    )
    _optional_positive(
        checked,
        "max_exposure",
        gettext_noop(
            "The house's most at risk in a round (max_exposure) is a whole number of minor "
            "units above 0, or empty."
        ),
    )
    _optional_positive(
        checked,
        "boxes",
        gettext_noop("The number of boxes (boxes) is a whole number above 0, or empty."),
    )
    per_player = checked["boxes_per_player"]
    if not _whole(per_player) or per_player < 1:
        raise IllegalAction(
            gettext_noop("The boxes a player may play (boxes_per_player) are 1 or more.")
        )
    for key in ("open_boxes_per_player", "dark_boxes_per_player"):
        value = checked[key]
        if key == "open_boxes_per_player" and value is None:
            continue
        if not _whole(value) or not 0 <= value <= per_player:
            raise IllegalAction(
                gettext_noop(
                    "The open and dark boxes a player may play (%(key)s) are from 0 to the "
                    "%(count)s boxes he may play."
                ),
                key=key,
                count=per_player,
            )
    if not isinstance(checked["bets_behind"], bool):
        raise IllegalAction(gettext_noop("Bets behind (bets_behind) are allowed or not."))
    checked["side_bets"] = _side_bets(checked["side_bets"], unit)
    return checked


def _side_bets(side_bets, unit: int) -> dict:
    if not isinstance(side_bets, dict):
        raise IllegalAction(gettext_noop("The side bets' limits are a JSON object."))
    checked = {}
    for kind, bounds in side_bets.items():
        if (
            not isinstance(kind, str)
            or not boxes.SIDE_KIND.match(kind)
            or not isinstance(bounds, list | tuple)
            or len(bounds) != 2
            or not all(_whole(b) for b in bounds)
            or not unit <= bounds[0] <= bounds[1]
        ):
            raise IllegalAction(
                gettext_noop(
                    "A side bet's limits are its kind (a short lowercase word) and two whole "
                    "amounts, a low of at least %(low)s and a high."
                ),
                low=unit,
            )
        checked[kind] = [bounds[0], bounds[1]]
    return checked


# A table deals hand after hand on one config, and checking it was a sixth of a one-box hand
# (issue 50): ``checked_once`` remembers a few configs' checks, keyed by marshal's bytes of the
# config (they tell True from 1 and 1.0 from 1, as the checks do; a config in another key order
# is only checked again).
CHECKED_REMEMBERED = 32


def checked_once(check: Callable[[dict], object]) -> Callable[[dict], object]:
    """``check`` (a config's check: the checked config, or anything made of JSON values and
    tuples) that checks each config once: a config seen before gets a fresh deep copy of its
    check's result, so a caller may change it. A refusal is never remembered: a config refused
    is checked (and refused) again; one that is not plain JSON is checked every time."""
    remembered: dict[bytes, bytes] = {}

    def checked(config: dict):
        try:
            key = marshal.dumps(config, 2)
        except ValueError:  # not a JSON value: checked, never remembered
            return check(config)
        result = remembered.get(key)
        if result is None:
            value = check(config)
            try:  # version 2 writes no references: copies share no list or dict among them
                result = marshal.dumps(value, 2)
            except ValueError:  # a result not made of JSON values: given as made
                return value
            if len(remembered) >= CHECKED_REMEMBERED:
                remembered.clear()
            remembered[key] = result
        return marshal.loads(result)

    return checked


def checked_once_with_limits(check: Callable[[dict], dict]) -> Callable[[dict], tuple]:
    """``checked_once`` of a check giving the checked config and its ``box_limits``, the two
    an engine's new hand starts from."""

    def with_limits(config: dict) -> tuple[dict, dict]:
        checked = check(config)
        return checked, box_limits(checked)

    return checked_once(with_limits)


def box_limits(config: dict) -> dict:
    """The shared limits of a checked config, for an engine to keep in its state (the box
    functions take them as ``limits``)."""
    return {key: copy_json(config[key]) for key in LIMIT_KEYS if key in config}


# --- exposure ------------------------------------------------------------------------------


def _best(pay_tables: dict, kind: str) -> Fraction:
    """The most a unit staked on ``kind`` can win: the pay table's best line (a ratio or a list
    of ratios, ``boxes.ratio_of``)."""
    if kind not in pay_tables:
        raise ValueError(f"no pay table for {kind!r}")
    lines = pay_tables[kind]
    if isinstance(lines, list | tuple):
        return max((boxes.ratio_of(line) for line in lines), default=Fraction(0))
    return boxes.ratio_of(lines)


def box_exposure(
    box_state: dict, pay_tables: dict, max_payout: int | None = None, uncapped=()
) -> int:
    """The most the house can still pay on one box: every stake not yet settled at its pay
    table's best line, each rounded as it would be paid (``boxes.winnings``); the wagers the
    rules cap together at most what ``max_payout`` leaves the box this round (CG §48), the
    ``uncapped`` kinds (C9: the ante's 1:1) beside it. Doubles and splits not yet made are not
    counted: the round as it stands."""
    capped = free = 0
    for hand in box_state["hands"]:
        if hand["settled"] is None:
            best = _best(pay_tables, boxes.MAIN)
            total = sum(
                boxes.winnings(s["amount"], best) for s in hand["stakes"] if not s.get("settled")
            )
            if boxes.MAIN in uncapped:
                free += max(0, total)
            else:
                capped += max(0, total)
    for side in box_state["side"]:
        if side["settled"] is None:
            won = max(0, boxes.winnings(side["amount"], _best(pay_tables, side["kind"])))
            if side["kind"] in uncapped:
                free += won
            else:
                capped += won
    if max_payout is not None:
        capped = min(capped, max(0, max_payout - box_state.get("won", 0)))
    return capped + free


def exposure(state: State, pay_tables: dict, max_payout: int | None = None, uncapped=()) -> int:
    """The most the house can pay on the round as it stands: the sum over the boxes of
    ``box_exposure``. ``pay_tables`` is {kind: best ratio or list of ratios}, ``boxes.MAIN``
    for the hands' stakes and each side bet's kind."""
    return sum(
        box_exposure(b, pay_tables, max_payout, uncapped)
        for b in (state.get("boxes") or {}).values()
    )


def _box_with_stake(box_state: dict | None, position: int, amount: int, kind: str, dark: bool):
    """A copy of one box with one more stake, no money moved and no limit asked: what the box
    would be if the bet were taken (only this box is copied: the others do not change)."""
    box_state = copy_json(box_state) if box_state is not None else None
    if box_state is None:
        box_state = boxes.new_box(position, dark=dark)
    # added to the seat's own stake where it has one: paid as one stake, rounded once
    if kind == boxes.MAIN:
        stakes = box_state["hands"][0]["stakes"]
        stake = next((s for s in stakes if s["seat"] == position), None)
        if stake is None:
            stake = {"seat": position, "amount": 0, "doubled": 0}
            stakes.append(stake)
    else:
        sides = box_state["side"]
        stake = next((s for s in sides if s["seat"] == position and s["kind"] == kind), None)
        if stake is None:
            stake = {"seat": position, "kind": kind, "amount": 0, "settled": None}
            sides.append(stake)
    stake["amount"] += amount
    return box_state


def room_for(
    state: State,
    pay_tables: dict,
    limits: dict,
    *,
    box: int,
    position: int,
    kind: str = boxes.MAIN,
    dark: bool = False,
    uncapped=(),
    up_to: int,
) -> int:
    """The largest stake up to ``up_to`` on ``kind`` of ``box`` that keeps the round within
    ``max_exposure`` (``up_to`` itself when there is no such limit). The other boxes' exposure
    is counted once; only this box is tried with each amount."""
    limit = limits.get("max_exposure")
    if limit is None:
        return up_to
    max_payout = limits.get("max_payout")
    current = (state.get("boxes") or {}).get(str(box))
    others = sum(
        box_exposure(b, pay_tables, max_payout, uncapped)
        for n, b in (state.get("boxes") or {}).items()
        if n != str(box)
    )

    def fits(amount: int) -> bool:
        trial = _box_with_stake(current, position, amount, kind, dark)
        return others + box_exposure(trial, pay_tables, max_payout, uncapped) <= limit

    if fits(up_to):
        return up_to
    low, high = 0, up_to  # exposure grows with the stake: fits(low), not fits(high)
    if not fits(low):
        return 0
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def room_for_boxes(
    state: State,
    pay_tables: dict,
    limits: dict,
    *,
    numbers: list[int],
    position: int,
    up_to: int,
) -> int:
    """The largest stake up to ``up_to`` that one bet may put on each of ``numbers`` at once
    (a bet that stakes two boxes at once, §73) within ``max_exposure``: ``room_for`` of them
    together, 0 if none fits."""
    limit = limits.get("max_exposure")
    if limit is None:
        return up_to
    max_payout = limits.get("max_payout")
    placed = state.get("boxes") or {}
    names = {str(n) for n in numbers}
    others = sum(
        box_exposure(b, pay_tables, max_payout) for n, b in placed.items() if n not in names
    )

    def fits(amount: int) -> bool:
        return (
            others
            + sum(
                box_exposure(
                    _box_with_stake(placed.get(str(n)), position, amount, boxes.MAIN, False),
                    pay_tables,
                    max_payout,
                )
                for n in numbers
            )
            <= limit
        )

    if fits(up_to):
        return up_to
    low, high = 0, up_to
    if not fits(low):
        return 0
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def refuse_over_exposure(
    state: State,
    pay_tables: dict,
    limits: dict,
    *,
    box: int,
    position: int,
    amount: int,
    kind: str = boxes.MAIN,
    dark: bool = False,
    uncapped=(),
) -> None:
    """Raise IllegalAction, changing nothing, if a stake of ``amount`` on ``kind`` of ``box``
    would let the house owe more than ``max_exposure`` on the round (issue 31, item 3). Call
    it before ``boxes.place`` or ``boxes.place_side``."""
    if limits.get("max_exposure") is None:  # no limit: ``room_for`` would give the amount
        return
    room = room_for(
        state,
        pay_tables,
        limits,
        box=box,
        position=position,
        kind=kind,
        dark=dark,
        uncapped=uncapped,
        up_to=amount,
    )
    if room >= amount:
        return
    if room < limits.get("min_unit", 1):
        raise IllegalAction(
            gettext_noop(
                "The house takes no more of this bet this round: it would risk more than "
                "%(max_exposure_amount)s."
            ),
            max_exposure_amount=limits["max_exposure"],
        )
    raise IllegalAction(
        gettext_noop(
            "The house takes at most %(amount)s more of this bet this round: it would risk "
            "more than %(max_exposure_amount)s."
        ),
        amount=room,
        max_exposure_amount=limits["max_exposure"],
    )


# --- fees ----------------------------------------------------------------------------------


def fee_pot(position: int, kind: str) -> str:
    """The pot holding a seat's fees of one kind this hand."""
    return pot(f"{FEE_PREFIX}s{position}:{kind}")


def pay_fee(state: State, events: list[Event], position: int, amount: int, kind: str) -> None:
    """A seat pays a fee (a card changed, a game bought: CG §41, §56.3, §65; DG §5.7) into a
    pot of the hand: the house earns it when the hand ends (``fees_to_bank``), and a void
    before that returns it with the stakes."""
    if not _whole(amount) or amount <= 0:
        raise ValueError(f"a fee is a positive whole amount, not {amount!r}")
    if not isinstance(kind, str) or not boxes.SIDE_KIND.match(kind):
        raise ValueError(f"not a fee's kind: {kind!r}")
    pay(state, events, seat(position), fee_pot(position, kind), amount, f"{kind} fee")


def fees_to_bank(state: State, events: list[Event], target: str = HOUSE_BANK) -> int:
    """The hand is over: every fee pot goes to the bank (or ``target``, a house account) and
    leaves the escrow record, so nothing of it is returned afterwards. Returns the sum."""
    prefix = f"{POT}:{FEE_PREFIX}"
    total = 0
    for pot_party, amount in sorted((state.get("pots") or {}).items()):
        if pot_party.startswith(prefix) and amount:
            kind = pot_party.rsplit(":", 1)[1]
            pay(state, events, pot_party, target, amount, f"{kind} fee")
            (state.get("escrowed") or {}).pop(pot_party, None)
            total += amount
    return total


# --- a round of boxes bet in one window ---------------------------------------------------------


class BoxRound(GameEngine):
    """The session hooks of a house-banked round whose state keeps ``boxes`` (the box
    functions'), ``players`` (the dealt-in seats still in the round), ``pots``, ``phase``,
    ``over`` and ``limits`` (``max_payout``): a game gives ``pay_tables`` (each stake kind's
    best line, for ``exposure``), ``stages`` ({phase: the lobby's word}), ``bet_fact`` (the
    summary's label of the bet's range), the phase a void ends in (``over_phase``) and
    ``leave_round`` (a seat with nothing staked taken out of the round)."""

    pay_tables: dict = {}
    stages: dict = {}
    bet_fact = gettext_noop("Each box")
    over_phase = "over"

    def round_state(
        self, config: dict, players: list[int], carry: dict | None, side_bets: dict
    ) -> State:
        """What every such round's state starts with, for the seated ``players`` at a checked
        ``config``: the hand's key (the table's hand number, else the rounds dealt), the box
        limits (the shared ones, every one a number, None or a bool, and the game's own
        ``side_bets``: no deep copy needed), the seats dealt in, still in and done betting, the
        betting phase, no boxes, pots or escrow yet. The game adds its own keys."""
        players = sorted(players)
        low, high = self.seats
        if not low <= len(players) <= high or len(set(players)) != len(players):
            raise ValueError(f"{self.game} deals in {low} to {high} distinct seats")
        limits = {key: config[key] for key in LIMIT_KEYS if key in config}
        limits["side_bets"] = side_bets
        hands_dealt = (carry or {}).get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        return {
            "game": self.game,
            "hand_key": hand_number if _whole(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "limits": limits,
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the round
            "done": [],  # seats whose betting is over
            "phase": "betting",
            "boxes": {},
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    def start_events(self, state: State) -> list[Event]:
        return [{"type": "hand_started", "players": list(state["dealt_in"])}]

    def carry_over(self, state: State) -> dict:
        return {"hands_dealt": state["hands_dealt"]}

    def leave_round(self, state: State, seat: int, reason: str) -> tuple[State, list[Event]]:
        """The seat, with nothing working, leaves the round (``reason``: left, absent)."""
        raise NotImplementedError

    def exposure(self, state: State | None) -> int | None:
        """The most the house can still pay on the round: every stake not settled at its best
        line, a box's within ``max_payout``."""
        if not self.in_play(state):
            return 0 if state else None
        return exposure(state, self.pay_tables, state["limits"]["max_payout"])

    def round_without_bets(self, state: State) -> bool:
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not (state.get("result") or {}).get("void")
        )

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat with bets working keeps them after its player leaves: the seat stays his until
        the round settles them, his decisions taken by his clock."""
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with bets working costs nothing now (``holds_bets``); leaving with none leaves
        the round (nothing staked, nothing to settle)."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return None
        return self.leave_round(state, seat, "left")

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit: with bets working his clock's choices are made now; with
        none, out of the round."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return self._run_out(state, seat, "absent", rng)
        return self.leave_round(state, seat, "absent")

    def apply_void(self, state: State):
        """The staff's void: every bet still working goes back to its player."""
        state, events = super().apply_void(state)
        state["pots"] = {}
        state["phase"] = self.over_phase
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [self.bet_fact, {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stage = self.stages.get(state["phase"], "")
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}
