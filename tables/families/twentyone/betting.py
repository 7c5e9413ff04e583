"""Twenty-one's bets and offers (CG §101-§104, B7, B9, B10): the bets before the deal (a box's
own, a box of one's choice, behind another's box, a side bet), each within the box's limits
and the house's exposure; the offers after it (insurance, even money, a staker behind's early
surrender), each staker for his own stake. Pure Python."""

from __future__ import annotations

import functools
from fractions import Fraction

from tables.engines.base import (
    IllegalAction,
    State,
    gettext_noop,
)
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.families.twentyone.rules import (
    DONE,
    EARLY,
    EVEN_MONEY,
    INSURANCE,
    INSURING,
    PASS,
    SURRENDER,
    _open,
    _stake,
    _whole,
)
from tables.families.twentyone.step import Step


class BettingMixin:
    """The bets' and offers' part of ``TwentyOne`` (module docstring)."""

    def plain_bet_boxes(self, state: State, position: int) -> list[int]:
        """The boxes a plain "bet" stakes, each with its amount: the seat's own box (the box of
        its number, else the first free one). Raises a sentence if there is none."""
        if boxes.boxes_of(state, position):
            raise IllegalAction(
                gettext_noop("Your box is staked: add to a box by its number, or say done.")
            )
        layout = state["limits"]["boxes"]
        if type(position) is int and 0 <= position < layout and str(position) not in state["boxes"]:
            return [position]  # its own box is free: the list of free boxes is not needed
        free = [n for n in range(layout) if str(n) not in state["boxes"]]
        if not free:
            raise IllegalAction(gettext_noop("Every box is taken."))
        return [position if position in free else free[0]]

    def plain_bet_ends_betting(self, state: State, position: int) -> bool:
        """Whether a plain bet ends the seat's betting (else "done" or its clock does: a side
        bet may follow)."""
        return True

    def side_bet_high(self, state: State, position: int, number: int, kind: str, high: int):
        """The most the seat may have on a side bet of ``kind`` on box ``number``, given the
        table's ``high`` for it (a game may hold it to the seat's stake on the box)."""
        return high

    def check_bet(self, state: State, position: int, checked: dict) -> None:
        """A game's own refusal of a bet the box rules take (raise IllegalAction)."""

    def _checked_bet(self, state: State, position: int, action: dict) -> dict:
        kind = action["type"]
        if kind == PASS:
            return {"type": PASS}
        if kind not in ("bet", "behind", "side"):
            raise IllegalAction(gettext_noop("Bet, bet behind a box or pass."))
        amount = action.get("amount")
        if not _whole(amount):
            raise IllegalAction(gettext_noop("A stake is a whole amount."))
        limits = state["limits"]
        if kind == "bet" and "box" not in action:
            checked = {"type": "bet", "boxes": self.plain_bet_boxes(state, position)}
        else:
            number = action.get("box")
            if not _whole(number) or not 0 <= number < limits["boxes"]:
                raise IllegalAction(gettext_noop("There is no such box at this table."))
            checked = {"type": kind, "boxes": [number]}
        checked["amount"] = amount
        checked["plain"] = "box" not in action
        if kind == "side":
            side = action.get("kind")
            if not isinstance(side, str) or side not in limits["side_bets"]:
                raise IllegalAction(gettext_noop("This table offers no such side bet."))
            checked["kind"] = side
        self.check_bet(state, position, checked)
        return checked

    def pay_tables(self, state: State) -> dict:
        """The best line of every bet, for the house's exposure (``house``)."""
        return self._ratios["tables"]

    @functools.cached_property
    def _ratios(self) -> dict:
        """The rules' ratios made exact once (an engine is one object per game)."""
        rules = self.rules
        natural = boxes.ratio_of(rules.natural_pays)
        return {
            "natural": natural,
            "tables": {
                boxes.MAIN: max(Fraction(1), natural),
                INSURANCE: boxes.ratio_of(rules.insurance_pays),
                **{kind: boxes.ratio_of(best) for kind, best in rules.side_bets.items()},
            },
        }

    def _room(self, state: State, position: int, number: int, kind: str = boxes.MAIN) -> int:
        """The most the seat may stake on ``kind`` of box ``number`` now: the box's limit (its
        stakes together up to ``max_bet``; a side bet's high) within ``max_exposure``."""
        limits = state["limits"]
        box_state = state["boxes"].get(str(number))
        if kind == boxes.MAIN:
            high = limits["max_bet"] - (boxes.box_total(box_state) if box_state else 0)
        else:
            placed = sum(
                s["amount"]
                for s in (box_state or {}).get("side", [])
                if s["seat"] == position and s["kind"] == kind
            )
            high = (limits["side_bets"].get(kind) or [0, 0])[1]
            high = self.side_bet_high(state, position, number, kind, high) - placed
        if high <= 0:
            return 0
        return house.room_for(
            state,
            self.pay_tables(state),
            limits,
            box=number,
            position=position,
            kind=kind,
            up_to=high,
        )

    def _bet(self, step: Step, position: int, checked: dict) -> None:
        state = step.state
        limits = state["limits"]
        kind, amount = checked["type"], checked.get("amount")
        if kind == PASS:
            state["done"].append(position)
            step.events.append({"type": PASS, "seat": position})
            return
        tables = self.pay_tables(state)
        side = checked.get("kind")
        for number in checked["boxes"]:
            # the box rules refuse first, with their sentences; then the house's risk, judged on
            # the round before this stake
            before = state["boxes"].get(str(number))  # not changed: a box changes as a copy
            if before is not None:
                step.box(number)
            if side is not None:
                boxes.place_side(state, step.events, limits, number, position, side, amount)
            else:
                boxes.place(
                    state, step.events, limits, number, position, amount, behind=kind == "behind"
                )
            # without a limit on the house's risk ``refuse_over_exposure`` refuses nothing: the
            # round's copy it judges is not made (issue 50)
            if limits.get("max_exposure") is not None:
                trial = dict(state, boxes={**state["boxes"]})
                if before is None:
                    del trial["boxes"][str(number)]
                else:
                    trial["boxes"][str(number)] = before
                house.refuse_over_exposure(
                    trial,
                    tables,
                    limits,
                    box=number,
                    position=position,
                    amount=amount,
                    kind=side or boxes.MAIN,
                )
            event = {"type": kind, "seat": position, "box": number, "amount": amount}
            if side is not None:
                event["kind"] = side
            step.events.append(event)
        if checked["plain"] and kind == "bet" and self.plain_bet_ends_betting(state, position):
            state["done"].append(position)

    def _bet_ranges(self, state: State, position: int) -> dict:
        """The seat's amounts now, each [low, high]: ``bet`` (a plain bet on its own box),
        ``boxes`` ({box: range} it may stake, its own or a free one), ``behind`` ({box: range})
        and ``side`` ({box: {kind: range}}). Keys are strings, as in JSON."""
        limits = state["limits"]
        low, unit = limits["min_bet"], limits["min_unit"]
        found: dict = {"bet": None, "boxes": {}, "behind": {}, "side": {}}
        owned = boxes.boxes_of(state, position)
        may_open = len(owned) < limits["boxes_per_player"]
        staked = state["boxes"]
        free = [n for n in range(limits["boxes"]) if str(n) not in staked]
        # an empty box adds the same to the house's risk whichever it is
        opening = self._room(state, position, free[0]) if free and may_open else 0
        sides = limits["side_bets"]
        for number in range(limits["boxes"]):
            key = str(number)
            box_state = staked.get(key)
            if box_state is None:
                if opening >= low:
                    found["boxes"][key] = [low, opening]
                continue
            mine = box_state["owner"] == position
            if mine or limits["bets_behind"]:
                high = self._room(state, position, number)
                if high >= unit:
                    found["boxes" if mine else "behind"][key] = [unit, high]
            if sides and any(s["seat"] == position for s in box_state["stakes"]):
                for kind, (side_low, _high) in sides.items():
                    high = self._room(state, position, number, kind)
                    if high >= side_low:
                        found["side"].setdefault(key, {})[kind] = [side_low, high]
        try:
            targets = self.plain_bet_boxes(state, position)
        except IllegalAction:
            targets = []
        spans = [found["boxes"].get(str(n)) for n in targets]
        if spans and all(spans):
            found["bet"] = [max(s[0] for s in spans), min(s[1] for s in spans)]
            if len(targets) > 1:  # one bet stakes them all: the house's risk of them together
                found["bet"][1] = house.room_for_boxes(
                    state,
                    self.pay_tables(state),
                    limits,
                    numbers=targets,
                    position=position,
                    up_to=found["bet"][1],
                )
            if found["bet"][0] > found["bet"][1]:
                found["bet"] = None
        return found

    def _bet_actions(self, state: State, position: int, ranges: dict | None = None) -> list[dict]:
        """The betting window's legal actions: each range by its two ends (every whole amount
        between them is legal too), then ``pass``."""
        found = ranges if ranges is not None else self._bet_ranges(state, position)
        actions: list[dict] = []
        if found["bet"]:
            actions += [{"type": "bet", "amount": a} for a in _ends(*found["bet"])]
        for key, kind in (("boxes", "bet"), ("behind", "behind")):
            for number, (low, high) in found[key].items():
                box = int(number)
                actions += [{"type": kind, "box": box, "amount": a} for a in _ends(low, high)]
        for number, kinds in found["side"].items():
            for side, (low, high) in kinds.items():
                actions += [
                    {"type": "side", "box": int(number), "kind": side, "amount": a}
                    for a in _ends(low, high)
                ]
        actions.append({"type": PASS})
        return actions

    def exposure(self, state: State | None) -> int | None:
        """The most the house can still pay on the round as it stands: each box's stakes at
        its best line now (``best_line``), insurance at 2:1, within ``max_payout``."""
        if not self.in_play(state):
            return 0 if state else None
        tables = self.pay_tables(state)
        cap = state["limits"]["max_payout"]
        return sum(
            house.box_exposure(b, {**tables, boxes.MAIN: self.best_line(state, b)}, cap)
            for b in state["boxes"].values()
        )

    def round_without_bets(self, state: State) -> bool:
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not (state.get("result") or {}).get("void")
        )

    def insurance_range(self, state: State, box_state: dict, stake: int) -> tuple[int, int] | None:
        """The insurance a staker may take on his stake of ``stake``: up to half of it, at
        least the smallest unit (CG §103, B7); None: none to offer."""
        low, high = state["limits"]["min_unit"], stake // 2
        return (low, high) if high >= low else None

    def early_options(self, state: State, position: int, number: int) -> list[dict]:
        """A seat's decisions on box ``number`` before play (all seats at once): a staker
        behind may surrender his own stake before any further card (CG §102, B9)."""
        box_state = state["boxes"][str(number)]
        hand = box_state["hands"][0]
        stake = _stake(hand, position)
        if (
            not state["options"]["surrender"]
            or position == box_state["owner"]
            or stake is None
            or not _open(stake)
            or len(box_state["hands"]) > 1
            or len(hand["cards"]) != 2
            or self.natural(hand)
        ):
            return []
        return [{"type": SURRENDER, "box": number}]

    def apply_early(self, step: Step, position: int, checked: dict) -> None:
        """Apply one of ``early_options`` (already checked)."""
        number = checked["box"]
        stake = _stake(step.hand(number, 0), position)
        stake["surrendered"] = True
        step.events.append({"type": SURRENDER, "seat": position, "box": number, "hand": 0})
        self._settle_sure(step)

    def _checked_offer(self, state: State, position: int, action: dict) -> dict:
        kind = action["type"]
        if kind == DONE:
            return {"type": DONE}
        offered = [o for o in self._offers(state, position) if o["type"] == kind]
        if not offered:
            raise IllegalAction(self._offer_refusal(state, kind))
        if kind != INSURANCE:
            for option in offered:
                if all(action.get(key) == value for key, value in option.items()):
                    return dict(option)
            raise IllegalAction(gettext_noop("You have nothing of that to decide on this box."))
        number = action.get("box")
        if not _whole(number) or not any(o["box"] == number for o in offered):
            raise IllegalAction(gettext_noop("You have no insurance to take on this box."))
        low, high = self._insurance_bounds(state, number, position)
        amount = action.get("amount")
        if low == high and amount != low:
            raise IllegalAction(
                gettext_noop("Insurance on this box is exactly %(amount)s."),
                amount=low,
            )
        if not _whole(amount) or amount < low:
            raise IllegalAction(gettext_noop("Insurance is at least %(low)s."), low=low)
        if amount > high:
            raise IllegalAction(
                gettext_noop(
                    "Insurance is at most half your stake on the box, and what the house "
                    "takes: %(high)s."
                ),
                high=high,
            )
        return {"type": INSURANCE, "box": number, "amount": amount}

    def _offer_refusal(self, state: State, kind: str) -> str:
        if kind == INSURANCE:
            return gettext_noop("There is no insurance to take on this box now.")
        if kind == EVEN_MONEY:
            return gettext_noop("Even money is for a natural against the dealer's ace.")
        if kind == SURRENDER:
            return gettext_noop("Surrender comes before any further card: not now.")
        return gettext_noop("Take insurance, even money, or say done.")

    def _insurance_bounds(self, state: State, number: int, position: int):
        """The insurance the seat may take on box ``number`` now: ``insurance_range`` of his
        stake, within what the house's exposure leaves; None if none."""
        box_state = state["boxes"][str(number)]
        stake = _stake(box_state["hands"][0], position)
        bounds = self.insurance_range(state, box_state, stake["amount"])
        if bounds is None:
            return None
        room = house.room_for(
            state,
            self.pay_tables(state),
            state["limits"],
            box=number,
            position=position,
            kind=INSURANCE,
            up_to=bounds[1],
        )
        return (bounds[0], room) if room >= bounds[0] else None

    def _insurance_amounts(self, state: State, number: int, position: int, bounds) -> list:
        """The insurance amounts a seat's legal actions name on a box: the two ends of his
        range, and the top of each other staker's range on the box that lies within his own
        (the same action is listed for every seat that may take it)."""
        low, high = bounds
        amounts = {low, high}
        for stake in state["boxes"][str(number)]["hands"][0]["stakes"]:
            if stake["seat"] != position and not stake.get("settled"):
                theirs = self._insurance_bounds(state, number, stake["seat"])
                if theirs is not None and low <= theirs[1] <= high:
                    amounts.add(theirs[1])
        return sorted(amounts)

    def _offers(
        self, state: State, position: int, *, ends: bool = False, numbers=None
    ) -> list[dict]:
        """The seat's decisions in the phase of offers, box by box: insurance (its two ends)
        and even money when the dealer shows an ace, then ``early_options``; ``done`` last
        (``ends``) when there is any. ``numbers``: the boxes to look at, in order, when the
        caller knows the seat stakes on no other (``_staked_boxes``)."""
        rules = self.rules
        phase = state["phase"]
        found: list[dict] = []
        asks_early = phase == EARLY or (phase == INSURING and not state["options"]["hole_card"])
        for number in self._order(state) if numbers is None else numbers:
            box_state = state["boxes"][str(number)]
            hand = box_state["hands"][0]
            stake = _stake(hand, position)
            if stake is None or stake.get("settled") or hand["settled"] is not None:
                continue
            if phase == INSURING:
                insured = any(
                    s["seat"] == position and s["kind"] == INSURANCE for s in box_state["side"]
                )
                # §81: insurance is at most half of what plays on the box; nothing plays on a
                # surrendered one (asked beside surrender when there is no hole card, S6)
                if rules.insurance and not insured and not hand.get("surrendered"):
                    bounds = self._insurance_bounds(state, number, position)
                    if bounds is not None:
                        found += [
                            {"type": INSURANCE, "box": number, "amount": a}
                            for a in self._insurance_amounts(state, number, position, bounds)
                        ]
                if rules.even_money and self.natural(hand) and len(box_state["hands"]) == 1:
                    found.append({"type": EVEN_MONEY, "box": number})
            if asks_early:
                found += self.early_options(state, position, number)
        if found and ends:
            found.append({"type": DONE})
        return found

    def _offer(self, step: Step, position: int, checked: dict) -> None:
        state = step.state
        kind = checked["type"]
        if kind == DONE:
            state["done"].append(position)
            step.events.append({"type": DONE, "seat": position})
            return
        number = checked["box"]
        if kind == INSURANCE:
            step.box(number)
            boxes.place_side(
                state,
                step.events,
                state["limits"],
                number,
                position,
                INSURANCE,
                checked["amount"],
            )
            step.events.append(
                {"type": INSURANCE, "seat": position, "box": number, "amount": checked["amount"]}
            )
        elif kind == EVEN_MONEY:
            stake = _stake(step.hand(number, 0), position)
            stake["even_money"] = True
            step.events.append({"type": EVEN_MONEY, "seat": position, "box": number})
            boxes.settle_stakes(
                state,
                step.events,
                number,
                0,
                1,
                seats=[position],
                max_payout=state["limits"]["max_payout"],
                reason="even money",
            )
            hand = step.hand(number, 0)
            if hand["settled"] is not None:  # every staker took it
                hand["outcome"] = "even money"
        else:
            self.apply_early(step, position, checked)
        # a seat with nothing left to decide is done: this one, and any other whose offers
        # this one took away (insurance within ``max_exposure``): an awaited seat always has
        # a legal action (issue 47)
        staked = self._staked_boxes(state)
        for player in state["players"]:
            if player not in state["done"] and not self._offers(
                state, player, numbers=staked.get(player, ())
            ):
                state["done"].append(player)

    def _staked_boxes(self, state: State) -> dict[int, list[int]]:
        """Each seat's boxes with a stake of his on their first hand, in the order of play: the
        only boxes ``_offers`` finds anything on for him (asked of every seat at once, it
        looks at each box once rather than once a seat, issue 50)."""
        staked: dict[int, list[int]] = {}
        for number in self._order(state):
            for stake in state["boxes"][str(number)]["hands"][0]["stakes"]:
                numbers = staked.setdefault(stake["seat"], [])
                if not numbers or numbers[-1] != number:
                    numbers.append(number)
        return staked

    def _open_offers(self, step: Step, phase: str) -> bool:
        """Open a phase of offers; True if anyone has one to decide (else it is passed)."""
        state = step.state
        state["phase"] = phase
        state["done"] = []
        if phase == INSURING and not state["options"]["hole_card"]:
            state["early_asked"] = True
        staked = self._staked_boxes(state)
        state["done"] = [
            p for p in state["players"] if not self._offers(state, p, numbers=staked.get(p, ()))
        ]
        return bool(self.to_act(state))


def _ends(low: int, high: int) -> tuple[int, ...]:
    """A range's two ends in order, one where they meet (``sorted({low, high})`` without the
    set: a betting window lists a dozen ranges, issue 50)."""
    if low == high:
        return (low,)
    return (low, high) if low < high else (high, low)
