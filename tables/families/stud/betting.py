"""The stud flow's checks (tables/families/stud/engine.py): the one validator of every action
(the bets of the betting window, the cut, a box's decision and card change, a bought game),
the legal actions and bet ranges a seat is offered, and the house's risk a bet may not
exceed (``max_exposure``). A part of ``StudEngine``; pure, no Django."""

from __future__ import annotations

import itertools

from tables.engines.base import (
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
)
from tables.families.house import boxes
from tables.families.stud.rules import (
    BET,
    BETTING,
    BONUS,
    BUYING,
    CUT,
    CUT_FROM_EITHER_END,
    DECIDE,
    DRAWING,
    FOLDED,
    IN,
    SETTLED,
    Draw,
    _cards_list,
    _whole,
)


class StudBetting:
    """The checks of ``StudEngine`` (its part: every name it uses is the engine's)."""

    # --- the one validator -------------------------------------------------------------------

    def _validated(self, state: State, position: int, action) -> dict:
        if state["over"]:
            raise IllegalAction(gettext_noop("This hand is over."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(gettext_noop("Unknown action."))
        if position not in state["dealt_in"]:
            raise IllegalAction(gettext_noop("You are not dealt in this hand."))
        phase = state["phase"]
        if position not in self.to_act(state):
            if phase == BETTING:
                raise IllegalAction(gettext_noop("Your bets are in for this hand."))
            if phase == CUT:
                raise IllegalAction(gettext_noop("Another player cuts the deck."))
            raise IllegalAction(gettext_noop("You have no box to decide on now."))
        if phase == BETTING:
            return self._checked_bet(state, position, action)
        if phase == CUT:
            return self._checked_cut(action)
        current = self._current(state, position)
        box = action.get("box", current)
        if box != current or not _whole(box):  # True == 1: a box is a number, not a flag
            raise IllegalAction(
                gettext_noop("Decide on your boxes in order: box %(box)s first."), box=current + 1
            )
        if phase == BUYING:
            if action["type"] not in ("buy_game", "no_game"):
                raise IllegalAction(gettext_noop("Buy the dealer a game, or take the ante paid."))
            return {"type": action["type"], "box": box}
        return self._checked_decision(state, box, action)

    def _checked_cut(self, action: dict) -> dict:
        if action["type"] != "cut":
            raise IllegalAction(gettext_noop("Cut the deck first."))
        at = action.get("at")
        if at is None:
            return {"type": "cut", "at": None}
        high = self.rules.deck_size - CUT_FROM_EITHER_END
        if not _whole(at) or not CUT_FROM_EITHER_END <= at <= high:
            raise IllegalAction(
                gettext_noop("Cut at least three cards from either end: from %(low)s to %(high)s."),
                low=CUT_FROM_EITHER_END,
                high=high,
            )
        return {"type": "cut", "at": at}

    def _checked_bet(self, state: State, position: int, action: dict) -> dict:
        kind = action["type"]
        limits = state["limits"]
        if kind in ("done", "pass"):
            return {"type": "done"}
        if kind == BONUS:
            box = action.get("box")
            self._check_bonus_box(state, position, box)
            return {"type": BONUS, "box": box}
        if kind != "ante":
            raise IllegalAction(gettext_noop("Place an ante, or say done."))
        amount = action.get("amount")
        if not _whole(amount):
            raise IllegalAction(gettext_noop("A stake is a whole amount."))
        if not limits["min_bet"] <= amount <= limits["max_bet"]:
            raise IllegalAction(
                gettext_noop("An ante is from %(min_bet)s to %(max_bet)s."),
                min_bet=limits["min_bet"],
                max_bet=limits["max_bet"],
            )
        for flag in ("dark", "bonus"):  # a form's yes or no when present, nothing else
            if flag in action and not isinstance(action[flag], bool):
                raise IllegalAction(gettext_noop("Unknown action."))
        dark = action.get("dark") is True
        if "box" in action and action["box"] is None:
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        box = action.get("box")
        plain = box is None
        if plain and dark:  # the plain ante stakes your open box: a dark one is named
            raise IllegalAction(gettext_noop("Stake a dark box by its number."))
        if plain:
            if self._open_boxes(state, position):
                raise IllegalAction(
                    gettext_noop("Your box is staked: stake another by its number, or say done.")
                )
            box = self._own_box(state, position)
            if box is None:
                raise IllegalAction(gettext_noop("Every box is taken."))
            dark = False
        if not _whole(box) or not 0 <= box < limits["boxes"]:
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        if str(box) in state["boxes"]:
            raise IllegalAction(gettext_noop("That box is staked already."))
        if not self._may_own(state, position, dark):
            if dark and not limits["dark_boxes_per_player"]:
                raise IllegalAction(gettext_noop("Dark boxes are not played at this table."))
            if dark:  # §32, §40, §65: never a lone dark box (issue 47)
                owned = [state["boxes"][str(n)] for n in boxes.boxes_of(state, position)]
                boxes.refuse_dark_before_open(owned, self.rules.open_before_dark)
            raise IllegalAction(
                gettext_noop(
                    "A player may play %(open)s open and %(dark)s dark boxes here; "
                    "yours are staked."
                ),
                open=limits["open_boxes_per_player"],
                dark=limits["dark_boxes_per_player"],
            )
        bonus = action.get("bonus") is True
        if bonus and not state["options"]["bonus"]:
            raise IllegalAction(gettext_noop("This table offers no bonus bet."))
        checked = {
            "type": "ante",
            "box": box,
            "amount": amount,
            "dark": dark,
            "plain": plain,
            "bonus": bonus,
        }
        self._refuse_over_exposure(state, position, checked)
        return checked

    def _check_bonus_box(self, state: State, position: int, box) -> None:
        if not state["options"]["bonus"]:
            raise IllegalAction(gettext_noop("This table offers no bonus bet."))
        box_state = state["boxes"].get(str(box)) if _whole(box) else None
        if box_state is None or box_state["owner"] != position:
            raise IllegalAction(gettext_noop("The bonus goes on a box of yours."))
        if box_state["side"] and any(s["kind"] == BONUS for s in box_state["side"]):
            raise IllegalAction(gettext_noop("This box has its bonus bet already."))
        self._refuse_over_exposure(
            state, position, {"type": BONUS, "box": box, "amount": 0, "bonus": True}
        )

    @staticmethod
    def _open_boxes(state: State, position: int) -> list[int]:
        return [
            n
            for n in boxes.boxes_of(state, position)
            if state["boxes"][str(n)]["kind"] == boxes.OPEN
        ]

    def _bonus_fits(self, state: State, position: int, box: int) -> bool:
        if state["limits"]["max_exposure"] is None:
            return True
        try:
            self._refuse_over_exposure(
                state, position, {"type": BONUS, "box": box, "amount": 0, "bonus": True}
            )
        except IllegalAction:
            return False
        return True

    def _own_box(self, state: State, position: int) -> int | None:
        free = [n for n in range(state["limits"]["boxes"]) if str(n) not in state["boxes"]]
        if not free:
            return None
        return position if position in free else free[0]

    def _may_own(self, state: State, position: int, dark: bool) -> bool:
        # the refusals returned, not raised: every list of legal actions asks this twice
        limits = boxes.limits_of(state["limits"])
        if boxes.new_box_refusal(state, limits, position, dark) is not None:
            return False
        if dark:  # §65: Golden Oasis' dark boxes only beyond two open ones
            open_owned = sum(
                1
                for b in state["boxes"].values()
                if b["owner"] == position and b["kind"] == boxes.OPEN
            )
            needed = self.rules.open_before_dark
            return boxes.dark_before_open_refusal(open_owned, needed) is None
        return True

    # §42, §56.1: the bet is the game's multiple of the ante, no other amount
    _bet_amount_words = gettext_noop("The bet is twice the ante: %(amount)s.")

    def _bet_due(self, box_state: dict) -> int:
        """What continuing costs the box now: the game's multiple of its ante, less any bet it
        has on already (a game that raises the ante mid-round asks the bet up to it)."""
        placed = next((s["amount"] for s in box_state["side"] if s["kind"] == BET), 0)
        return self.rules.bet_multiple * box_state["ante"] - placed

    def _checked_decision(self, state: State, box: int, action: dict) -> dict:
        box_state = state["boxes"][str(box)]
        kind = action["type"]
        held = box_state["cards"]
        if kind == "fold":
            return {"type": "fold", "box": box}
        if kind == BET:
            amount = action.get("amount")
            wanted = self._bet_due(box_state)
            if amount is not None and amount != wanted:  # §42, §56.1: twice the ante, no other
                raise IllegalAction(self._bet_amount_words, amount=wanted)
            extra = len(held) - self.rules.hand_size
            returned = _cards_list(action.get("cards", []))
            if extra and (returned is None or len(returned) != extra):
                raise IllegalAction(
                    gettext_noop("Give back %(count)s card to bet on five."), count=extra
                )
            if not extra and returned:
                raise IllegalAction(gettext_noop("You hold five cards: nothing to give back."))
            self._check_own_cards(held, returned or [])
            return {"type": BET, "box": box, "cards": sorted(returned or [])}
        draw = self._draw_offered(box_state, kind)
        if draw is None:
            if any(kind == d.kind for stage in self.rules.draws for d in stage):
                raise IllegalAction(gettext_noop("That change is not yours to make now."))
            if not self.rules.draws:
                raise IllegalAction(gettext_noop("Bet or fold."))
            raise IllegalAction(gettext_noop("Bet, fold, or change cards."))
        returned = _cards_list(action.get("cards", []))
        if returned is None or len(returned) not in draw.returns:
            raise IllegalAction(
                gettext_noop("Choose %(counts)s of your cards for this change."),
                counts=", ".join(str(n) for n in draw.returns),
            )
        self._check_own_cards(held, returned)
        return {"type": kind, "box": box, "cards": sorted(returned)}

    @staticmethod
    def _check_own_cards(held: list[str], returned: list[str]) -> None:
        if len(set(returned)) != len(returned) or not set(returned) <= set(held):
            raise IllegalAction(gettext_noop("Choose cards from your own hand."))

    def _draw_offered(self, box_state: dict, kind: str) -> Draw | None:
        stage = box_state["stage"]
        if stage >= len(self.rules.draws):
            return None
        return next((d for d in self.rules.draws[stage] if d.kind == kind), None)

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self, state: State, position: int) -> list[dict]:
        if state["over"] or position not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == BETTING:
            return self._legal_bets(state, position)
        if phase == CUT:
            return [
                {"type": "cut"},
                {"type": "cut", "at": CUT_FROM_EITHER_END},
                {"type": "cut", "at": self.rules.deck_size - CUT_FROM_EITHER_END},
            ]
        box = self._current(state, position)
        if phase == BUYING:
            return [{"type": "buy_game", "box": box}, {"type": "no_game", "box": box}]
        box_state = state["boxes"][str(box)]
        held = sorted(box_state["cards"])
        extra = len(held) - self.rules.hand_size
        actions: list[dict] = [{"type": "fold", "box": box}]
        if extra:
            actions += [
                {"type": BET, "box": box, "cards": list(c)}
                for c in itertools.combinations(held, extra)
            ]
        else:
            actions.append({"type": BET, "box": box})
        stage = box_state["stage"]
        for draw in self.rules.draws[stage] if stage < len(self.rules.draws) else ():
            for count in draw.returns:
                actions += [
                    {"type": draw.kind, "box": box, "cards": list(c)}
                    for c in itertools.combinations(held, count)
                ]
        return actions

    def bet_ranges(self, state: State, position: int) -> dict:
        """The boxes a seat may stake now ({"open": [box...], "dark": [box...]}), the ante's
        [low, high], the own box a plain ante stakes and the boxes that may take the bonus."""
        limits = state["limits"]
        free = [n for n in range(limits["boxes"]) if str(n) not in state["boxes"]]
        owned = boxes.boxes_of(state, position)
        bonus_boxes = []
        if state["options"]["bonus"]:
            bonus_boxes = [
                n
                for n in owned
                if not any(s["kind"] == BONUS for s in state["boxes"][str(n)]["side"])
                and self._bonus_fits(state, position, n)
            ]
        high = self._ante_room(state, position)
        return {
            "ante": [limits["min_bet"], high] if high >= limits["min_bet"] else None,
            # a plain ante stakes your open box: offered until you have one (a dark box first
            # leaves it offered)
            "plain": None if self._open_boxes(state, position) else self._own_box(state, position),
            "open": free if self._may_own(state, position, False) else [],
            "dark": free if self._may_own(state, position, True) else [],
            "bonus": bonus_boxes,
        }

    def _legal_bets(self, state: State, position: int) -> list[dict]:
        found = self.bet_ranges(state, position)
        actions: list[dict] = [{"type": "done"}]
        ante = found["ante"]
        if ante:
            amounts = sorted(set(ante))
            if found["plain"] is not None and found["open"]:
                actions += [{"type": "ante", "amount": a} for a in amounts]
            for key, extra in (("open", {}), ("dark", {"dark": True})):
                for n in found[key]:
                    actions += [{"type": "ante", "box": n, "amount": a, **extra} for a in amounts]
        actions += [{"type": BONUS, "box": n} for n in found["bonus"]]
        return actions  # each within the limits and the house's risk by construction

    # --- the house's risk ------------------------------------------------------------------

    def _box_exposure(self, state: State, box_state: dict) -> int:
        """The most the house can pay on a box as it stands: the ante's 1:1, the bet at the best
        line (a box that may still continue counted with its bet), within ``max_payout``, and the
        bonus at its best line."""
        if box_state["status"] in (FOLDED, SETTLED):
            return 0
        ante_hand = box_state["hands"][0]
        ante = sum(s["amount"] for s in ante_hand["stakes"]) if ante_hand["settled"] is None else 0
        best_bet = self.rules.best_bet
        multiple = self.rules.bet_multiple
        bet = 0
        placed = next((s for s in box_state["side"] if s["kind"] == BET), None)
        if box_state["status"] in (DECIDE, DRAWING, "betting"):  # the bet it may still make
            bet = boxes.winnings(multiple * box_state["ante"], best_bet)
        elif placed is not None and placed["settled"] is None:
            bet = boxes.winnings(placed["amount"], best_bet)
        cap = state["limits"]["max_payout"]
        if cap is not None:
            bet = min(bet, max(0, cap - box_state.get("won", 0)))
        bonus = 0
        options = state["options"]["bonus"]
        for side in box_state["side"]:
            if side["kind"] == BONUS and side["settled"] is None and options:
                best = max(boxes.ratio_of(r) for r in options["pays"].values())
                bonus += boxes.winnings(side["amount"], best)
        return ante + bet + bonus

    def exposure(self, state: State | None) -> int | None:
        if not self.in_play(state):
            return 0 if state else None
        return sum(self._box_exposure(state, b) for b in state["boxes"].values())

    def _refuse_over_exposure(self, state: State, position: int, checked: dict) -> None:
        limit = state["limits"]["max_exposure"]
        if limit is None:
            return
        if checked["type"] == "ante":
            trial = boxes.new_box(position, dark=checked["dark"])
            trial.update(ante=checked["amount"], status="betting", won=0)
            trial["hands"][0]["stakes"].append(
                {"seat": position, "amount": checked["amount"], "doubled": 0}
            )
        else:
            trial = copy_json(state["boxes"][str(checked["box"])])
            trial["side"] = [s for s in trial["side"] if s["kind"] == BET]
            trial["hands"][0]["settled"] = {"nets": []}  # only the bonus counts here
            trial["status"] = IN
            trial["ante"] = 0
        if checked.get("bonus"):
            stake = state["options"]["bonus"]["stake"]
            trial["side"].append({"seat": position, "kind": BONUS, "amount": stake})
            trial["side"][-1]["settled"] = None
        if self.exposure(state) + self._box_exposure(state, trial) > limit:
            raise IllegalAction(
                gettext_noop(
                    "The house takes no more of this bet this round: it would risk more than "
                    "%(max_exposure_amount)s."
                ),
                max_exposure_amount=limit,
            )

    def _ante_room(self, state: State, position: int) -> int:
        """The largest ante the house's risk leaves room for (``max_bet`` without a limit)."""
        limits = state["limits"]
        high = limits["max_bet"]
        if limits["max_exposure"] is None:
            return high
        free = [n for n in range(limits["boxes"]) if str(n) not in state["boxes"]]
        if not free:
            return 0

        def fits(amount: int) -> bool:
            try:
                self._refuse_over_exposure(
                    state,
                    position,
                    {"type": "ante", "box": free[0], "amount": amount, "dark": False},
                )
            except IllegalAction:
                return False
            return True

        if fits(high):
            return high
        low = limits["min_bet"]
        if not fits(low):
            return 0
        while high - low > 1:
            middle = (low + high) // 2
            if fits(middle):
                low = middle
            else:
                high = middle
        return low
