"""Blackjack Switch (CG §69-§89, ../shared/rules/blackjack-switch.md): every player plays two
boxes with equal bets and may once swap their second cards, on the shared twenty-one flow
(``tables.families.twentyone.engine``, whose docstring tells the phases and the actions). What is
Switch's own:

- the layout: five places (§69) of two boxes each (ten boxes, two a player); one plain ``bet``
  stakes both boxes of the seat's place with the same amount (§73), each box within the table's
  limits (§78); no bets behind;
- the **Super Match** (§85-§86), a side bet on the seat's first box from the table minimum to
  his bet on one box, placed after the bet (his "done" or his clock ends his betting); it is
  settled right after the deal on his first four cards (the two first cards of each box,
  before any switch, S11): a pair 1:1, three of a kind 5:1, two pairs 8:1, four of a kind
  40:1, only the best paid, nothing loses;
- the dealer shows one card (§74) and takes a face-down hole card, checked for a natural under
  an ace or a ten-value card (S2; ``hole_card``: a table may turn it off, his second card then
  coming after the boxes as at Blackjack). He draws on a soft 17 (§75, S12). A 22 stands off
  every live bet (§84); a natural was settled before, right after the check (S5); 23 or more
  busts. His natural takes every box's bet, a natural pushes (S3);
- the order (S6): the Super Match; insurance per box when he shows an ace, from half the
  table minimum to half the box's bet (§81, S10), a natural's box too; the check; then, all
  players at once, surrender per box (§79, §80, S7) and the **switch** of the second cards
  of the seat's two boxes, once (§70); no surrender or insurance after the switch (§82), no
  switch once a box is surrendered or settled (a switch needs two live boxes, S7); then the
  boxes in order, box 1 then box 2 (S6);
- a hand made by a switch (or a split) is 21, not a natural (§71); a natural pays 1:1, no
  even money (§83); ties push (S4);
- split equal ranks up to three times (§76, S8), aces once with one card each; double on any
  two cards for one card, 21 included (§77, rules section 5), after a split too (S8);
- the clocks (S13): no surrender and no switch, stand.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tables.engines import base
from tables.engines.base import IllegalAction, State, gettext_noop
from tables.families.house import boxes
from tables.families.twentyone.cards import is_natural, label, total
from tables.families.twentyone.engine import TwentyOne
from tables.families.twentyone.rules import DOUBLE, HIT, LOSE, SPLIT, STAND, SURRENDER, Rules
from tables.families.twentyone.step import Step

GAME = "blackjack_switch"
SUPER_MATCH = "super_match"
SWITCH = "switch"
PLACES = 5  # §69
BOXES_A_PLAYER = 2  # §73

RULES = Rules(
    decks=(1, 8),  # S1: six by default; one for the literal reading of §69
    boxes=(2 * PLACES, 2 * PLACES),
    hole_card=True,  # S2
    hole_card_optional=True,
    dealer_hits_soft_17=True,  # §75, S12
    natural_pays=Fraction(1),  # §83
    natural_ties="push",  # S3
    ties="push",  # S4
    dealer_22_pushes=True,  # §84
    insurance=True,  # §81
    insurance_pays=Fraction(2),
    even_money=False,  # §83
    surrender_loses_to_natural=False,  # the check comes before any surrender (S6)
    double=True,  # §77
    double_after_split=True,  # S8
    double_on_21=True,  # rules section 5, on S9
    max_splits=3,  # §76, S8
    split_by="rank",  # S8
    side_bets={SUPER_MATCH: Fraction(40)},  # §86
    defaults={"boxes_per_player": BOXES_A_PLAYER, "bets_behind": False},
)

# §86 with S11: the best combination of the first four cards, by what it pays
SUPER_MATCH_LINES = (
    (gettext_noop("four of a kind"), (4,), Fraction(40)),
    (gettext_noop("two pairs"), (2, 2), Fraction(8)),
    (gettext_noop("three of a kind"), (3, 1), Fraction(5)),
    (gettext_noop("pair"), (2, 1, 1), Fraction(1)),
)


def super_match(cards) -> tuple[str, Fraction] | None:
    """The Super Match line of four cards (§86, S11: "one card" is a pair), or None."""
    shape = tuple(sorted(Counter(card[0] for card in cards).values(), reverse=True))
    for name, wanted, ratio in SUPER_MATCH_LINES:
        if shape == wanted:
            return name, ratio
    return None


def switched_totals(first: list[str], second: list[str]) -> tuple[str, str]:
    """The two boxes' totals if their second cards were swapped (§70), as a board writes them."""
    return label([first[0], second[1]]), label([second[0], first[1]])


class BlackjackSwitch(TwentyOne):
    """Blackjack Switch's rules (module docstring) on the shared flow."""

    game = GAME
    display_name = gettext_noop("Blackjack Switch")
    seats = (1, PLACES)
    rules = RULES
    # surrender is decided before the switch, with it, never at a box's turn (§80, §82, S6)
    play_kinds = (STAND, HIT, DOUBLE, SPLIT)
    # the hand's fields this game's options are decided from (``PlayMixin.hand_fields_read``)
    hand_fields_read = ("done", "acted", "made", "switched")
    boxes_a_bet = BOXES_A_PLAYER

    example_configs = (
        # the Super Match from the table minimum, a player's cut at each new shoe
        {"min_bet": 100, "max_bet": 5_000},
        # no hole card (S2's alternative), a short two-deck shoe, no surrender, a cap and the
        # house's limit on a round
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "decks": 2,
            "hole_card": False,
            "surrender": False,
            "player_cut": False,
            "max_payout": 1_500,
            "max_exposure": 5_000,  # tight: one bet stakes two boxes (issue 47)
        },
        # one deck (S1's literal reading), no Super Match, small stakes
        {"min_bet": 20, "max_bet": 400, "decks": 1, "side_bets": {}},
    )

    def check_config(self, config: dict) -> dict:
        """Blackjack's settings, with the Super Match offered from the table minimum up to the
        table maximum by default (§85: no more than the seat's bet on one box); two boxes a
        player and no bets behind (§73)."""
        if isinstance(config, dict) and "side_bets" not in config:
            low, high = config.get("min_bet"), config.get("max_bet")
            if isinstance(low, int) and isinstance(high, int) and 0 < low <= high:
                config = {**config, "side_bets": {SUPER_MATCH: [low, high]}}
        checked = super().check_config(config)
        if checked["boxes_per_player"] != BOXES_A_PLAYER:
            raise IllegalAction(gettext_noop("Every player plays two boxes at this game."))
        if checked["bets_behind"]:
            raise IllegalAction(gettext_noop("This game takes no bets behind a box."))
        match = checked["side_bets"].get(SUPER_MATCH)
        if match is not None and match[0] < checked["min_bet"]:
            raise IllegalAction(
                gettext_noop("The Super Match starts at the table minimum of %(min_bet)s (§85)."),
                min_bet=checked["min_bet"],
            )
        return checked

    def sit_minimum(self, config: dict) -> int:
        """Enough for the smallest bet: the minimum on each of the two boxes (§73)."""
        return BOXES_A_PLAYER * int(config["min_bet"])

    def cut_card_range(self, cards: int) -> tuple[int, int]:
        """As Blackjack's (§87, S1, §104); a one-deck shoe puts it between the middle and the
        last third."""
        low, high = super().cut_card_range(cards)
        return (low, high) if high > low else (cards // 2, cards - cards // 3)

    def natural(self, hand: dict) -> bool:
        """A natural not made by a split or a switch (§71)."""
        return is_natural(hand["cards"], hand.get("made", False) or hand.get("switched", False))

    # --- the bets ------------------------------------------------------------------------------

    def plain_bet_boxes(self, state: State, position: int) -> list[int]:
        """Both boxes of the seat's place (§73): its own place if free, else the first free."""
        if boxes.boxes_of(state, position):
            raise IllegalAction(
                gettext_noop("Your two boxes are staked: add a Super Match, or say done.")
            )
        taken = {int(n) // BOXES_A_PLAYER for n in state["boxes"]}
        free = [p for p in range(state["limits"]["boxes"] // BOXES_A_PLAYER) if p not in taken]
        if not free:
            raise IllegalAction(gettext_noop("Every place is taken."))
        place = position if position in free else free[0]
        return [BOXES_A_PLAYER * place, BOXES_A_PLAYER * place + 1]

    def plain_bet_ends_betting(self, state: State, position: int) -> bool:
        return not state["limits"]["side_bets"]

    def side_bet_high(self, state: State, position: int, number: int, kind: str, high: int):
        return min(high, self._super_match_cap(state, position, number))

    def _super_match_cap(self, state: State, position: int, number: int) -> int:
        """The Super Match goes on the seat's first box, at most his bet on one box (§85)."""
        mine = boxes.boxes_of(state, position)
        if not mine or number != mine[0]:
            return 0
        return boxes.box_total(state["boxes"][str(number)])

    def check_bet(self, state: State, position: int, checked: dict) -> None:
        if checked["type"] == "bet" and not checked["plain"]:
            raise IllegalAction(
                gettext_noop("One bet stakes both your boxes alike (§73): bet without a box.")
            )
        if checked["type"] == "side":
            number = checked["boxes"][0]
            if number not in boxes.boxes_of(state, position):
                raise IllegalAction(gettext_noop("A side bet goes on a box you have a stake on."))
            placed = sum(
                s["amount"]
                for s in state["boxes"][str(number)]["side"]
                if s["seat"] == position and s["kind"] == checked["kind"]
            )
            high = self._super_match_cap(state, position, number)
            if high == 0:
                raise IllegalAction(gettext_noop("The Super Match goes on your first box."))
            if placed + checked["amount"] > high:
                raise IllegalAction(
                    gettext_noop("The Super Match is at most your bet on one box: %(high)s."),
                    high=high,
                )

    def _bet_ranges(self, state: State, position: int) -> dict:
        """Blackjack's, but a box is never staked alone (§73): the plain bet stakes both."""
        found = super()._bet_ranges(state, position)
        found["boxes"] = {}
        return found

    def after_deal(self, step: Step) -> None:
        """The Super Match is settled on the first four cards at once (§86, S6, S11)."""
        state = step.state
        for number in self._order(state):
            box_state = state["boxes"][str(number)]
            if not any(s["kind"] == SUPER_MATCH for s in box_state["side"]):
                continue
            owned = boxes.boxes_of(state, box_state["owner"])
            cards = [c for n in owned for c in state["boxes"][str(n)]["hands"][0]["cards"]]
            line = super_match(cards)
            step.box(number)
            boxes.settle_side(
                state,
                step.events,
                number,
                SUPER_MATCH,
                line[1] if line else LOSE,
                max_payout=state["limits"]["max_payout"],
            )
            step.events.append(
                {
                    "type": "side_result",
                    "seat": box_state["owner"],
                    "box": number,
                    "kind": SUPER_MATCH,
                    "cards": cards,
                    "line": line[0] if line else None,
                }
            )

    # --- insurance, surrender and the switch ---------------------------------------------------

    def insurance_range(self, state: State, box_state: dict, stake: int) -> tuple[int, int] | None:
        """From half the table minimum to half the box's bet (§81, S10); none after a switch
        (§82)."""
        if box_state["hands"][0].get("switched"):
            return None
        low, high = -(-state["limits"]["min_bet"] // 2), stake // 2
        return (low, high) if high >= low else None

    def _pair(self, state: State, position: int) -> list[int]:
        """The seat's two boxes, if both are still live with their first two cards."""
        mine = boxes.boxes_of(state, position)
        if len(mine) != BOXES_A_PLAYER:
            return []
        for number in mine:
            box_state = state["boxes"][str(number)]
            hand = box_state["hands"][0]
            if (
                len(box_state["hands"]) != 1
                or hand["settled"] is not None
                or hand.get("surrendered")
                or len(hand.get("cards", [])) != 2
            ):
                return []
        return mine

    def early_options(self, state: State, position: int, number: int) -> list[dict]:
        """Before play, all at once (S6): surrender of a box (§79, §80, S7) and, on the first
        box, the switch of the two boxes' second cards (§70); neither after a switch (§82), no
        switch once a box is surrendered or settled (S7)."""
        box_state = state["boxes"][str(number)]
        hand = box_state["hands"][0]
        if box_state["owner"] != position or hand.get("switched"):
            return []
        options = []
        if (
            state["options"]["surrender"]
            and hand["settled"] is None
            and not hand.get("surrendered")
            and len(hand["cards"]) == 2
        ):
            options.append({"type": SURRENDER, "box": number})
        pair = self._pair(state, position)
        if pair and number == pair[0]:
            options.append({"type": SWITCH, "box": number})
        return options

    def apply_early(self, step: Step, position: int, checked: dict) -> None:
        number = checked["box"]
        if checked["type"] == SURRENDER:
            self.apply_play(step, position, number, 0, SURRENDER)
            return
        first, second = self._pair(step.state, position)
        one, two = step.hand(first, 0), step.hand(second, 0)
        one["cards"][1], two["cards"][1] = two["cards"][1], one["cards"][1]
        one["switched"] = two["switched"] = True
        step.events.append(
            {
                "type": "boxes_switched",
                "seat": position,
                "boxes": [first, second],
                "hands": [list(one["cards"]), list(two["cards"])],
            }
        )

    def _offer_refusal(self, state: State, kind: str) -> str:
        if kind == SWITCH:
            return gettext_noop(
                "The switch is made once, before play, with both your boxes still in play."
            )
        if kind == SURRENDER:
            return gettext_noop("Surrender comes before the switch and any further card.")
        return super()._offer_refusal(state, kind)

    def refusal_at_turn(self, kind: str) -> IllegalAction:
        if kind in (SWITCH, SURRENDER):
            return IllegalAction(self._offer_refusal({}, kind))
        return super().refusal_at_turn(kind)

    def _hand_view(self, state: State, box_state: dict, index: int) -> dict:
        found = super()._hand_view(state, box_state, index)
        found["switched"] = bool(box_state["hands"][index].get("switched"))
        return found

    def view(self, state: State, seat: int | None) -> dict:
        """Blackjack's view; a seat that may switch also gets both arrangements' totals (the
        board shows them before the switch is confirmed)."""
        found = super().view(state, seat)
        if seat is not None and any(a["type"] == SWITCH for a in found.get("legal", [])):
            first, second = self._pair(state, seat)
            one = state["boxes"][str(first)]["hands"][0]["cards"]
            two = state["boxes"][str(second)]["hands"][0]["cards"]
            found["switch"] = {
                "boxes": [first, second],
                "now": [total(one)[0], total(two)[0]],
                "switched": [total([one[0], two[1]])[0], total([two[0], one[1]])[0]],
                "labels": list(switched_totals(one, two)),
            }
        return found


ENGINE = base.register(BlackjackSwitch())
