"""Five-card stud against the dealer (issue 33, item 2): what Caribbean stud (CG §40–§48), Oasis
stud (§49–§60) and Golden Oasis (§61–§68) share. Pure, no Django. A game is a ``StudRules`` and
a subclass of ``StudEngine`` naming it; the flow is one:

- **the betting window** (``bet_seconds``, every seat at once): an ante on a box (§40, §54,
  §65), within ``min_bet..max_bet``. A plain "ante" stakes the seat's own box and ends its
  betting; a player may instead stake boxes by number, up to the table's open and dark boxes a
  player (a dark box's bet of twice the ante goes on at once, its cards never seen or changed:
  §40, §65, C7, G7), put the fixed bonus stake on a box where the table offers the bonus (§47,
  §68, C8), then say done;
- **the cut**, where the table offers it (``player_cut``): the seat offered it cuts the round's
  deck, at least three cards from either end (§55), or lets the dealer cut at random;
- **the deal**: one 52-card deck a round, its order committed for the hand (C1); five cards to
  each box in the layout's order, from the dealer's left, and five to the dealer, his last card
  face up (§40, §55, §65);
- **the decisions**, box by box for each owner, all owners at once (``action_seconds``):
  continue with a bet of twice the ante (§42, §56.1), fold and lose the ante (§40, §56.2), or a
  paid card change the game offers at that point (``Draw``: §41, §56.3, §65). A decision that
  draws no card is made at once; the cards changes ask for are dealt box by box from the
  dealer's left once every box has chosen (§56, §65), and those boxes decide again. A change
  forfeits the box's bonus (§47, §68, C8). Fees go to the house (C6, O3, G3): into a pot of
  the hand until it ends, so a void returns them. A clock that runs out folds (C10, O12, G10);
- **the showdown** (§43, §57, §58, §66): the dealer opens his cards. Qualified, each box is
  compared (§45, §46, §60, §68): a better hand is paid the ante 1:1 and the bet by the pay table
  (a no-pair hand beating a qualified dealer 1:1, C4), a worse one loses both, an exact tie
  pushes (C5). Not qualified: the ante is paid 1:1 and the bet returned (C3, O2, G1);
- **buying a game** (§58, §66), where the game offers it: when the dealer does not qualify, each
  open box holding a pair or better (O6, G5) may buy one for one ante; the others are paid at
  once, the buyers' decisions taken together (``action_seconds``; a clock that runs out buys
  nothing). The dealer then replaces one card once for every buyer (O7, G6): his lowest (§58,
  O8) or highest (§66). Qualified now (a pair: O6, G5), the buyers are compared as above;
  still not, ante and bet are returned and the fee kept (O5, G4). A dark box is settled on the
  dealer's hand as first opened (G7);
- **the bonus** is paid on the box's own five cards whatever the dealer holds, from the game's
  lowest paying hand up (§47, §68, C8); a folded box loses it;
- ``max_payout`` caps a box's winnings on the bet in the round (§48, C9); the ante's 1:1 and the
  bonus are not capped.

A deck can run short where every box changes many cards (Golden Oasis: six boxes may ask 30
more cards): the cards given back are then shuffled from the round's recorded draws and dealt
on (docs/rules-decisions.md). Leaving with a stake working keeps the seat until the hand
settles it; the clock then decides (a fold).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tables.engines import poker_hands
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
)
from tables.engines.cards import pack_52
from tables.engines.poker_hands import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIRS,
)
from tables.families.house import bank as house
from tables.families.house import boxes

ANTE = boxes.MAIN  # the box's hand: its stake is the ante
BET = "bet"  # the continuation, twice the ante: a side stake of the box
BONUS = "bonus"
GAME_FEE = "game"  # the fee's kind for buying the dealer a game
CUT_FROM_EITHER_END = 3  # §55: at least three cards

# §44, §59, §67: the bet's pay table, the same in all three games
PAY_TABLE = {
    PAIR: Fraction(1),
    TWO_PAIRS: Fraction(2),
    TRIPS: Fraction(3),
    STRAIGHT: Fraction(4),
    FLUSH: Fraction(5),
    FULL_HOUSE: Fraction(7),
    QUADS: Fraction(20),
    STRAIGHT_FLUSH: Fraction(50),
    ROYAL_FLUSH: Fraction(100),
}
HIGH_CARD_WIN = Fraction(1)  # C4, G1: a no-pair hand beating a qualified dealer
CATEGORY_KEYS = {
    HIGH_CARD: "high_card",
    PAIR: "pair",
    TWO_PAIRS: "two_pairs",
    TRIPS: "three_of_a_kind",
    STRAIGHT: "straight",
    FLUSH: "flush",
    FULL_HOUSE: "full_house",
    QUADS: "four_of_a_kind",
    STRAIGHT_FLUSH: "straight_flush",
    ROYAL_FLUSH: "royal_flush",
}
CATEGORY_OF_KEY = {key: category for category, key in CATEGORY_KEYS.items()}
# the lowest ace-king hand: A K 4 3 2, mixed (§43, §66)
ACE_KING = poker_hands.value(("AS", "KH", "4D", "3C", "2S"))
LOWEST_PAIR = poker_hands.value(("2S", "2H", "5D", "4C", "3S"))

BETTING, CUT, DECIDING, BUYING, OVER = "betting", "cut", "deciding", "buying", "over"
# a box's status
DECIDE, DRAWING, IN, FOLDED, BUY_ASKED, SETTLED = (
    "deciding",
    "drawing",
    "in",
    "folded",
    "buy",
    "settled",
)


@dataclass(frozen=True)
class Draw:
    """A paid card change a box may make at one point of its decisions: ``kind`` is the action's
    name (``change``, ``buy``, ``exchange``); ``returns`` the counts of cards the box may give
    back; ``takes`` how many cards each count brings (absent: as many as given back); ``fees``
    what each count costs, in antes."""

    kind: str
    returns: tuple[int, ...]
    fees: dict[int, int]
    takes: dict[int, int] = field(default_factory=dict)

    def cards_taken(self, returned: int) -> int:
        return self.takes.get(returned, returned)


def bet_ratio(box_value: int) -> Fraction:
    """The bet's pay on a box that beat a qualified dealer (§44, §59, §67; C4)."""
    return PAY_TABLE.get(poker_hands.category(box_value), HIGH_CARD_WIN)


@dataclass(frozen=True)
class StudRules:
    """What one game of the family decides (module docstring)."""

    # the changes offered by how many the box made before: draws[0] at first sight...
    draws: tuple[tuple[Draw, ...], ...]
    dealer_minimum: int  # the least value that qualifies the dealer (§43, §58, §66)
    buy_game: str | None = None  # "lowest" or "highest": the card the dealer replaces; None: no
    bonus_from: int | None = None  # the lowest category the bonus pays; None: no bonus
    layout: int = 7  # the most boxes a table may have
    boxes: int = 7  # the boxes by default
    boxes_per_player: int = 1
    open_boxes_per_player: int = 1
    dark_boxes_per_player: int = 0
    # the open boxes a player stakes before a dark one (never a lone dark box: §32, §40, §65)
    open_before_dark: int = 1
    # the cards and how they score: the five-card games' by default
    pack: Callable[[], list[str]] = pack_52
    hand_size: int = 5
    value: Callable[[Sequence[str]], int] = poker_hands.value  # higher beats lower
    hand_of: Callable[[int], int] = poker_hands.category  # what the board names of a value
    bet_pays: Callable[[int], Fraction] = bet_ratio  # the bet's ratio for a winning value
    best_bet: Fraction = Fraction(100)  # the pay table's best line, for the house's risk
    bet_multiple: int = 2  # §42, §56.1, §65: the bet is twice the ante
    dealer_up: int = 1  # the dealer's cards dealt face up (his last)
    unqualified_ante: str | int = 1  # C3, O2, G1: the ante is paid 1:1 when he has no game

    @functools.cached_property
    def deck_size(self) -> int:
        return len(self.pack())


def hand_value(cards) -> int:
    return poker_hands.value(cards)


# what an action may change: copied before it does; the rest (the limits, the options, the
# commitment's record) is shared with the state before, never changed in place
_LISTS = ("deck", "given_back", "players", "dealt_in", "done", "away")
_NESTED = ("boxes", "dealer", "pots", "escrowed")


def _copy(state: State, lists=_LISTS, nested=_NESTED) -> State:
    """A copy of ``state`` an action may change: a deep copy of what changes, the rest shared
    (a deep copy of the whole state was a fifth of a hand's time)."""
    copied = dict(state)
    for key in lists:
        copied[key] = list(state[key])
    for key in nested:
        copied[key] = copy_json(state[key])
    return copied


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards_list(value) -> list[str] | None:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        return None
    return list(value)


# --- config --------------------------------------------------------------------------------


def check_bonus(bonus, rules: StudRules, unit: int) -> dict | None:
    """The bonus: None, or {"stake": amount, "pays": {category key: "X:1"}} from the game's
    lowest paying hand up (C8, G8)."""
    if bonus is None:
        return None
    if rules.bonus_from is None:
        raise IllegalAction(gettext_noop("This game has no bonus bet."))
    if not isinstance(bonus, dict) or not isinstance(bonus.get("pays"), dict):
        raise IllegalAction(
            gettext_noop('The bonus is {"stake": amount, "pays": {hand: "X:1"}} or empty.')
        )
    stake = bonus.get("stake")
    if not _whole(stake) or stake < unit:
        raise IllegalAction(
            gettext_noop("The bonus stake is a whole amount of at least %(low)s."), low=unit
        )
    pays = {}
    for key, ratio in bonus["pays"].items():
        category = CATEGORY_OF_KEY.get(key)
        if category is None or category < rules.bonus_from:
            raise IllegalAction(
                gettext_noop("The bonus pays from %(hand)s up, named like %(example)s."),
                hand=poker_hands.NAMES[rules.bonus_from],
                example=CATEGORY_KEYS[rules.bonus_from],
            )
        try:
            exact = boxes.ratio_of(ratio) if isinstance(ratio, str) else None
        except (ValueError, ZeroDivisionError):
            exact = None
        if exact is None or exact <= 0:
            raise IllegalAction(gettext_noop('A bonus pays a ratio above 0, like "50:1".'))
        pays[key] = ratio
    if not pays:
        raise IllegalAction(gettext_noop("The bonus pays at least one hand."))
    return {"stake": stake, "pays": pays}


# --- the engine ----------------------------------------------------------------------------


class StudEngine(GameEngine):
    """The hooks of a stud game against the dealer (module docstring); a game sets ``game``,
    ``display_name`` and ``rules``."""

    rules: StudRules
    seats = (1, 7)
    uncapped = (ANTE, BONUS)  # C9: max_payout caps the bet's winnings only
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    # what an action may change, beyond the family's (``_copy``): a game's own keys
    own_lists: tuple[str, ...] = ()
    own_nested: tuple[str, ...] = ()

    def _copy(self, state: State) -> State:
        return _copy(state, _LISTS + self.own_lists, _NESTED + self.own_nested)

    # --- config ------------------------------------------------------------------------------

    def check_config(self, config: dict) -> dict:
        rules = self.rules
        checked = house.check_house_config(
            config,
            {
                "boxes": rules.boxes,
                "boxes_per_player": rules.boxes_per_player,
                "open_boxes_per_player": rules.open_boxes_per_player,
                "dark_boxes_per_player": rules.dark_boxes_per_player,
                "bonus": None,
                "player_cut": False,
            },
        )
        if not 1 <= checked["boxes"] <= rules.layout:
            raise IllegalAction(
                gettext_noop("The layout has %(low)s to %(high)s boxes."), low=1, high=rules.layout
            )
        if checked["bets_behind"]:
            raise IllegalAction(gettext_noop("Bets behind a box are not taken in this game."))
        if checked["side_bets"]:
            raise IllegalAction(gettext_noop("The only side bet here is the bonus (bonus)."))
        if checked["open_boxes_per_player"] is None:
            checked["open_boxes_per_player"] = checked["boxes_per_player"]
        if checked["open_boxes_per_player"] > rules.open_boxes_per_player:
            raise IllegalAction(
                gettext_noop("A player may play at most %(count)s open boxes here."),
                count=rules.open_boxes_per_player,
            )
        if checked["dark_boxes_per_player"] and not rules.dark_boxes_per_player:
            raise IllegalAction(gettext_noop("Dark boxes are not played at this table."))
        if not isinstance(checked["player_cut"], bool):
            raise IllegalAction(gettext_noop("The player's cut (player_cut) is offered or not."))
        checked["bonus"] = check_bonus(checked["bonus"], rules, checked["min_unit"])
        if self.cards_a_round_may_take(checked) > rules.deck_size and not self.refills:
            raise ValueError("a round may take more cards than the deck holds")
        return checked

    @property
    def refills(self) -> bool:
        """Whether a round may need more than one deck (the given-back cards are shuffled)."""
        return self.cards_a_round_may_take({"boxes": self.rules.layout}) > self.rules.deck_size

    def cards_a_round_may_take(self, config: dict) -> int:
        hand_size = self.rules.hand_size
        most_per_box = hand_size + sum(
            max((d.cards_taken(n) for d in stage for n in d.returns), default=0)
            for stage in self.rules.draws
        )
        return config["boxes"] * most_per_box + hand_size + (1 if self.rules.buy_game else 0)

    # --- the hand ----------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """A fresh deck shuffled for the round (C1), its order committed for the hand."""
        config = self.check_config(config)
        players = sorted(players)
        low, high = self.seats
        if not low <= len(players) <= high or len(set(players)) != len(players):
            raise ValueError(f"{self.game} deals in {low} to {high} distinct seats")
        carry = carry or {}
        deck = self.rules.pack()
        rng.shuffle(deck)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        return {
            "game": self.game,
            "hand_key": hand_number if _whole(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "record": ",".join(deck),
            "deck": deck,
            "given_back": [],  # cards the boxes gave back, face down
            "refilled": False,
            "cutter": carry.get("cutter"),
            "cut": None,
            "limits": house.box_limits(config),
            "options": {"bonus": copy_json(config["bonus"]), "player_cut": config["player_cut"]},
            "dealt_in": list(players),
            "players": list(players),
            "phase": BETTING,
            "done": [],
            "away": [],  # seats away past the absence limit: their clocks decide at once
            "boxes": {},
            "dealer": {
                "cards": [],
                "open": False,
                "qualified": None,
                "first": None,  # his five as first opened, when a game is bought
                "replaced": None,
                "drawn": None,
            },
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    # --- who acts --------------------------------------------------------------------------

    def _order(self, state: State) -> list[int]:
        return sorted(int(n) for n in state["boxes"])

    def _waiting_box(self, state: State, position: int, status: str) -> int | None:
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            if box_state["owner"] == position and box_state["status"] == status:
                return n
        return None

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == BETTING:
            return [p for p in state["players"] if p not in state["done"]]
        if phase == CUT:
            return [state["cutter"]]
        wanted = DECIDE if phase == DECIDING else BUY_ASKED
        return sorted({b["owner"] for b in state["boxes"].values() if b["status"] == wanted})

    def _current(self, state: State, position: int) -> int | None:
        wanted = DECIDE if state["phase"] == DECIDING else BUY_ASKED
        return self._waiting_box(state, position, wanted)

    def turn_key(self, state: State, seat: int) -> str:
        """Betting: one decision a hand (its own bets do not restart its clock). Then one
        decision a box, and again after the cards a change brought."""
        key = state["hand_key"]
        phase = state["phase"]
        if phase in (DECIDING, BUYING):
            box = self._current(state, seat)
            stage = state["boxes"][str(box)]["stage"] if box is not None else 0
            return f"hand {key}: {phase} box {box} after {stage}"
        return f"hand {key}: {phase}"

    def clock_setting(self, state: State, seat: int) -> str:
        return "bet_seconds" if state["phase"] == BETTING else "action_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: betting ends with what is staked; the dealer cuts; a box folds (C10, O12,
        G10); no game is bought."""
        phase = state["phase"]
        if phase == BETTING:
            return {"type": "done"}
        if phase == CUT:
            return {"type": "cut"}
        box = self._current(state, seat)
        if phase == BUYING:
            return {"type": "no_game", "box": box}
        return {"type": "fold", "box": box}

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
        try:
            boxes._check_new_box(
                {"boxes": state["boxes"]}, boxes.limits_of(state["limits"]), position, dark
            )
            if dark:  # §65: Golden Oasis' dark boxes only beyond two open ones
                owned = [state["boxes"][str(n)] for n in boxes.boxes_of(state, position)]
                boxes.refuse_dark_before_open(owned, self.rules.open_before_dark)
        except IllegalAction:
            return False
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

    # --- apply -----------------------------------------------------------------------------

    def apply(self, state, seat, action, rng=None):
        state, events = self._apply_one(state, seat, action, rng)
        return self._play_away(state, events, rng)

    def _play_away(self, state: State, events: list[Event], rng: Draws | None):
        """The decisions of seats away past the absence limit this hand are their clocks'
        choices, made as each comes (``apply_absent``)."""
        for _step in range(1000):
            due = [p for p in self.to_act(state) if p in state["away"]]
            if not due:
                break
            action = self.timeout_action(state, due[0])
            state, more = self._apply_one(state, due[0], action, rng)
            events = [*events, {"type": "timeout", "seat": due[0]}, *more]
        return state, events

    def _apply_one(self, state, seat, action, rng=None):
        checked = self._validated(state, seat, action)
        state = self._copy(state)
        rng = rng if rng is not None else Draws()
        events: list[Event] = []
        kind = checked["type"]
        phase = state["phase"]
        if phase == BETTING:
            self._apply_bet(state, events, seat, checked)
        elif phase == CUT:
            self._cut(state, events, checked["at"], rng)
        elif phase == BUYING:
            self._apply_buy(state, events, seat, checked)
        elif kind == "fold":
            self._fold_box(state, events, checked["box"])
        elif kind == BET:
            self._continue(state, events, seat, checked)
        else:
            self._ask_draw(state, events, seat, checked)
        events += self._advance(state, rng)
        return state, events

    def _apply_bet(self, state: State, events: list[Event], position: int, checked: dict):
        kind = checked["type"]
        limits = state["limits"]
        if kind == "done":
            state["done"].append(position)
            events.append({"type": "done", "seat": position})
            return
        box = checked["box"]
        if kind == BONUS:
            self._place_bonus(state, events, position, box)
            return
        amount = checked["amount"]
        dark = checked["dark"]
        events.append(
            {"type": "ante", "seat": position, "box": box, "amount": amount, "dark": dark}
        )
        box_state = boxes.place(state, events, limits, box, position, amount, dark=dark)
        self._new_box(box_state, amount, "betting")
        if dark:  # §40, §65, C7, G7: the dark box's bet goes on at once
            multiple = self.rules.bet_multiple
            boxes.place_side(state, events, limits, box, position, BET, multiple * amount)
        if checked["bonus"]:
            self._place_bonus(state, events, position, box)
        if checked["plain"]:
            state["done"].append(position)

    @staticmethod
    def _new_box(box_state: dict, ante: int, status: str) -> None:
        """A box just staked: its ante, no cards yet, nothing changed or shown."""
        box_state.update(
            ante=ante,
            status=status,
            stage=0,
            cards=[],
            given_back=[],
            changes=[],
            fees=0,
            shown=False,
        )

    def _place_bonus(self, state: State, events: list[Event], position: int, box: int) -> None:
        stake = state["options"]["bonus"]["stake"]
        events.append({"type": BONUS, "seat": position, "box": box, "amount": stake})
        boxes.place_side(state, events, state["limits"], box, position, BONUS, stake)

    def _cut(self, state: State, events: list[Event], at: int | None, rng: Draws) -> None:
        """§55: the seat offered the cut, or the dealer at random, moves the top ``at`` cards to
        the bottom; the commitment covers the order before it."""
        if at is None:
            at = rng.randint(CUT_FROM_EITHER_END, self.rules.deck_size - CUT_FROM_EITHER_END)
        deck = state["deck"]
        state["deck"] = deck[at:] + deck[:at]
        state["cut"] = at
        events.append({"type": "cut", "seat": state["cutter"], "at": at})
        self._deal(state, events)

    def _take(self, state: State, count: int, rng: Draws | None) -> list[str]:
        """The next ``count`` cards; a deck run short takes the cards given back, shuffled from
        the recorded draws (module docstring)."""
        if len(state["deck"]) < count:
            pile = state["given_back"]
            (rng or Draws()).shuffle(pile)
            state["deck"] += pile
            state["given_back"] = []
            state["refilled"] = True
            for box_state in state["boxes"].values():
                box_state["given_back"] = []
        taken, state["deck"] = state["deck"][:count], state["deck"][count:]
        return taken

    def _deal(self, state: State, events: list[Event]) -> None:
        """Five cards to each box from the dealer's left, then five to the dealer, his last
        face up (§40, §55, §65). Dark boxes stand with their bet; the open ones decide."""
        self._deal_to(state, events, self._order(state))

    def _deal_to(self, state: State, events: list[Event], numbers: list[int]) -> None:
        """A hand to each of the boxes ``numbers`` in the layout's order, then the dealer's."""
        size = self.rules.hand_size
        for n in numbers:
            box_state = state["boxes"][str(n)]
            box_state["cards"] = self._take(state, size, None)
            box_state["status"] = IN if box_state["kind"] == boxes.DARK else DECIDE
        state["dealer"]["cards"] = self._take(state, size, None)
        state["phase"] = DECIDING
        events.append({"type": "deal", "boxes": numbers, "dealer": self._dealer_up(state)})

    def _dealer_up(self, state: State) -> str | None:
        """The dealer's card dealt face up (his last), if the game deals one (§40, §55, §65)."""
        cards = state["dealer"]["cards"]
        return cards[-1] if cards and self.rules.dealer_up else None

    def _fold_box(self, state: State, events: list[Event], box: int) -> None:
        """§40, §56.2: the box folds and loses its ante, and its bonus (C8)."""
        box_state = state["boxes"][str(box)]
        box_state["status"] = FOLDED
        events.append({"type": "fold", "seat": box_state["owner"], "box": box})
        boxes.settle_hand(state, events, box, 0, "lose", reason="ante")
        for side in list(box_state["side"]):
            if side["settled"] is None:
                boxes.settle_side(state, events, box, side["kind"], "lose")

    def _continue(self, state: State, events: list[Event], position: int, checked: dict) -> None:
        """§42, §56.1: the bet of twice the ante; with six cards, one given back (§56.3.1)."""
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        if checked["cards"]:
            self._give_back(state, box_state, checked["cards"])
        amount = self._bet_due(box_state)
        events.append(
            {
                "type": BET,
                "seat": position,
                "box": box,
                "amount": amount,
                "returned": len(checked["cards"]),
            }
        )
        boxes.place_side(state, events, state["limits"], box, position, BET, amount)
        box_state["status"] = IN

    def _give_back(self, state: State, box_state: dict, cards: list[str]) -> None:
        box_state["cards"] = [c for c in box_state["cards"] if c not in cards]
        box_state["given_back"] += cards
        state["given_back"] += cards

    def _ask_draw(self, state: State, events: list[Event], position: int, checked: dict):
        """A paid change (§41, §56.3, §65): the fee now, the cards given back now, the new cards
        once every box has chosen (``_advance``). Any change forfeits the bonus (§47, §68)."""
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        draw = self._draw_offered(box_state, checked["type"])
        returned = checked["cards"]
        fee = draw.fees[len(returned)] * box_state["ante"]
        house.pay_fee(state, events, position, fee, draw.kind)
        box_state["fees"] += fee
        self._give_back(state, box_state, returned)
        box_state["changes"].append(
            {"kind": draw.kind, "returned": len(returned), "fee": fee, "drawn": 0}
        )
        box_state["pending"] = draw.cards_taken(len(returned))
        box_state["status"] = DRAWING
        events.append(
            {
                "type": "card_change",
                "kind": draw.kind,
                "seat": position,
                "box": box,
                "returned": len(returned),
                "count": draw.cards_taken(len(returned)),
                "fee": fee,
            }
        )
        for side in box_state["side"]:
            if side["kind"] == BONUS and side["settled"] is None:
                events.append({"type": "bonus_forfeited", "seat": position, "box": box})
                boxes.settle_side(state, events, box, BONUS, "lose")

    def _apply_buy(self, state: State, events: list[Event], position: int, checked: dict):
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        if checked["type"] == "no_game":
            events.append({"type": "no_game", "seat": position, "box": box})
            self._settle_unqualified(state, events, box)
            return
        fee = box_state["ante"]
        house.pay_fee(state, events, position, fee, GAME_FEE)
        box_state["fees"] += fee
        box_state["status"] = "bought"
        events.append({"type": "buy_game", "seat": position, "box": box, "fee": fee})

    # --- moving on -------------------------------------------------------------------------

    def _advance(self, state: State, rng: Draws | None) -> list[Event]:
        events: list[Event] = []
        if state["phase"] == BETTING and not self.to_act(state):
            if not state["boxes"]:
                self._finish(state, events)
                return events
            cutter = self._next_cutter(state)
            if cutter is not None:
                state["cutter"] = cutter
                state["phase"] = CUT
                return events
            self._deal(state, events)
        while state["phase"] == DECIDING and not self.to_act(state):
            drawing = [n for n in self._order(state) if state["boxes"][str(n)]["status"] == DRAWING]
            if not drawing:
                self._showdown(state, events)
                break
            for n in drawing:  # §56, §65: box by box from the dealer's left
                box_state = state["boxes"][str(n)]
                new = self._take(state, box_state.pop("pending"), rng)
                box_state["cards"] += new
                box_state["changes"][-1]["drawn"] = len(new)
                box_state["stage"] += 1
                box_state["status"] = DECIDE
                events.append({"type": "drawn", "box": n, "count": len(new)})
        if state["phase"] == BUYING and not self.to_act(state):
            self._buy_game(state, events, rng)
        return events

    def _next_cutter(self, state: State) -> int | None:
        """The seat offered the cut (§55): the next player with a box after the last cutter."""
        if not state["options"]["player_cut"]:
            return None
        owners = sorted(
            {b["owner"] for b in state["boxes"].values() if b["owner"] in state["players"]}
        )
        if not owners:
            return None
        last = state["cutter"]
        later = [p for p in owners if last is None or p > last]
        return (later or owners)[0]

    def _showdown(self, state: State, events: list[Event]) -> None:
        """§43, §57, §58, §66: the dealer opens his cards; every box standing is settled, or
        asked whether it buys a game."""
        dealer = state["dealer"]
        dealer["open"] = True
        rules = self.rules
        dealer_value = rules.value(dealer["cards"])
        qualified = dealer_value >= rules.dealer_minimum
        dealer["qualified"] = qualified
        events.append(
            {
                "type": "dealer_hand",
                "cards": list(dealer["cards"]),
                "hand": rules.hand_of(dealer_value),
                "qualified": qualified,
            }
        )
        asked = False
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            if box_state["status"] != IN:
                continue
            self._settle_bonus(state, events, n)
            if qualified:
                self._compare(state, events, n, dealer_value)
            elif (
                self.rules.buy_game
                and box_state["kind"] == boxes.OPEN
                and rules.value(box_state["cards"]) >= LOWEST_PAIR
            ):
                box_state["status"] = BUY_ASKED
                asked = True
            else:
                self._settle_unqualified(state, events, n)
        if asked:
            state["phase"] = BUYING
            return
        self._finish(state, events)

    def _buy_game(self, state: State, events: list[Event], rng: Draws | None) -> None:
        """§58, §66, O7, G6: one replacement card for every buyer; qualified now with a pair
        (O6, G5), each buyer is compared; else ante and bet come back, the fee is kept (O5)."""
        buyers = [n for n in self._order(state) if state["boxes"][str(n)]["status"] == "bought"]
        if not buyers:  # every box asked took its ante paid: nobody bought him a card
            self._finish(state, events)
            return
        dealer = state["dealer"]
        dealer["first"] = list(dealer["cards"])
        cards = dealer["cards"]
        by_rank = sorted(cards, key=lambda c: poker_hands.RANKS.index(c[0]))
        replaced = by_rank[0] if self.rules.buy_game == "lowest" else by_rank[-1]
        drawn = self._take(state, 1, rng)[0]
        dealer["cards"] = [c if c != replaced else drawn for c in cards]
        dealer["replaced"], dealer["drawn"] = replaced, drawn
        dealer_value = hand_value(dealer["cards"])
        qualified = dealer_value >= LOWEST_PAIR
        dealer["qualified_after"] = qualified
        events.append(
            {
                "type": "game_bought",
                "boxes": buyers,
                "replaced": replaced,
                "drawn": drawn,
                "hand": poker_hands.category(dealer_value),
                "qualified": qualified,
            }
        )
        for n in buyers:
            if qualified:
                self._compare(state, events, n, dealer_value)
            else:
                self._settle(state, events, n, "push", "push", "no game")
        self._finish(state, events)

    def _compare(self, state: State, events: list[Event], box: int, dealer_value: int) -> None:
        """§44–§46, §59–§60, §67–§68, C2, C4, C5: the better hand wins, an exact tie pushes."""
        box_state = state["boxes"][str(box)]
        box_state["shown"] = True
        value = self.rules.value(box_state["cards"])
        if value > dealer_value:
            self._settle(state, events, box, 1, self.rules.bet_pays(value), "won")
        elif value < dealer_value:
            self._settle(state, events, box, "lose", "lose", "lost")
        else:
            self._tie(state, events, box)

    def _tie(self, state: State, events: list[Event], box: int) -> None:
        """C5: an exact tie pushes."""
        self._settle(state, events, box, "push", "push", "tie")

    def _settle_unqualified(self, state: State, events: list[Event], box: int) -> None:
        """C3, O2, G1: the dealer has no game: the ante is paid 1:1, the bet returned."""
        ratio = self.rules.unqualified_ante
        outcome = "no game" if ratio != "push" else "no game push"
        self._settle(state, events, box, ratio, "push", outcome)

    def _settle(self, state, events, box: int, ante_ratio, bet_ratio_, outcome: str) -> None:
        box_state = state["boxes"][str(box)]
        boxes.settle_hand(state, events, box, 0, ante_ratio, reason="ante")
        if any(s["kind"] == BET and s["settled"] is None for s in box_state["side"]):
            boxes.settle_side(
                state, events, box, BET, bet_ratio_, max_payout=state["limits"]["max_payout"]
            )
        box_state["status"] = SETTLED
        box_state["outcome"] = outcome
        events.append({"type": "settled", "box": box, "outcome": outcome})

    def _settle_bonus(self, state: State, events: list[Event], box: int) -> None:
        """§47, §68, C8: on the box's own five cards, whatever the dealer holds."""
        box_state = state["boxes"][str(box)]
        side = next(
            (s for s in box_state["side"] if s["kind"] == BONUS and s["settled"] is None), None
        )
        if side is None:
            return
        key = CATEGORY_KEYS[poker_hands.category(hand_value(box_state["cards"]))]
        ratio = state["options"]["bonus"]["pays"].get(key, "lose")
        boxes.settle_side(state, events, box, BONUS, ratio)

    def _finish(self, state: State, events: list[Event]) -> None:
        house.fees_to_bank(state, events)
        state["phase"] = OVER
        state["over"] = True
        state["escrowed"] = {}
        state["result"] = self._result(state)
        events.append({"type": "hand_over", "result": state["result"]})

    # --- results ---------------------------------------------------------------------------

    @staticmethod
    def _nets(box_state: dict) -> dict[int, int]:
        nets: dict[int, int] = {}
        for hand in box_state["hands"]:
            for entry in (hand["settled"] or {}).get("nets", []):
                nets[entry["seat"]] = nets.get(entry["seat"], 0) + entry["net"]
        for side in box_state["side"]:
            if side["settled"] is not None:
                nets[side["seat"]] = nets.get(side["seat"], 0) + side["settled"]["net"]
        nets[box_state["owner"]] = nets.get(box_state["owner"], 0) - box_state["fees"]
        return nets

    def _result(self, state: State) -> dict:
        by_box = {}
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            shown = box_state["shown"]
            by_box[str(n)] = {
                "owner": box_state["owner"],
                "kind": box_state["kind"],
                "cards": list(box_state["cards"]) if shown else None,
                "hand": self._hand_named(box_state["cards"]) if shown else None,
                "outcome": box_state.get("outcome") or box_state["status"],
                "fees": box_state["fees"],
                "nets": {str(k): v for k, v in sorted(self._nets(box_state).items())},
            }
        dealer = state["dealer"]
        return {
            "void": False,
            "boxes": by_box,
            "dealer": list(dealer["cards"]) if dealer["open"] else None,
            "qualified": dealer["qualified"],
            "qualified_after": dealer.get("qualified_after"),
            "replaced": dealer["replaced"],
            "drawn": dealer["drawn"],
        }

    def _hand_named(self, cards) -> int:
        """What the board names of a hand: its category (a poker hand) or its points."""
        return self.rules.hand_of(self.rules.value(cards))

    def is_hand_over(self, state: State) -> bool:
        return bool(state.get("over"))

    # --- what each may see -----------------------------------------------------------------

    @staticmethod
    def _own_cards(box_state: dict, viewer: int | None) -> list | None:
        """An open box's cards for its owner, before the dealer opens them (the view's
        ``mine``: the board shows them in the owner's own part, never in the shared row)."""
        if (
            box_state["kind"] == boxes.OPEN
            and viewer == box_state["owner"]
            and not box_state["shown"]
        ):
            return list(box_state["cards"])
        return None

    def view(self, state: State, seat: int | None) -> dict:
        waiting = self.to_act(state)
        limits = state["limits"]
        dealer = state["dealer"]
        cards = dealer["cards"]
        box_views = []
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            mine = seat == box_state["owner"]
            shown_cards = list(box_state["cards"]) if box_state["shown"] else None
            side = {s["kind"]: s for s in box_state["side"]}
            complete = shown_cards and len(shown_cards) == self.rules.hand_size
            box_views.append(
                {
                    "number": n,
                    "owner": box_state["owner"],
                    "kind": box_state["kind"],
                    "ante": box_state["ante"],
                    "bet": side[BET]["amount"] if BET in side else None,
                    "bonus": side[BONUS]["amount"] if BONUS in side else None,
                    "bonus_net": (side[BONUS]["settled"] or {}).get("net")
                    if BONUS in side
                    else None,
                    "bonus_lost": bool(
                        BONUS in side and (side[BONUS]["settled"] or {}).get("net", 0) < 0
                    ),
                    "fees": box_state["fees"],
                    "status": box_state["status"],
                    "outcome": box_state.get("outcome"),
                    "stage": box_state["stage"],
                    "changes": [dict(c) for c in box_state["changes"]],
                    "dealt": len(box_state["cards"]),
                    "cards": shown_cards,  # the same for every viewer: once opened
                    "mine": self._own_cards(box_state, seat),
                    "given_back": list(box_state["given_back"]) if mine else None,
                    "hand": self._hand_named(shown_cards) if complete else None,
                    "deciding": box_state["owner"] in waiting
                    and n == self._current(state, box_state["owner"]),
                    "nets": {str(k): v for k, v in self._nets(box_state).items()}
                    if box_state["status"] in (SETTLED, FOLDED)
                    else {},
                }
            )
        dealer_view = {
            "dealt": len(cards),
            "cards": list(cards) if dealer["open"] else None,
            "up": self._dealer_up(state),
            "first": list(dealer["first"]) if dealer["first"] else None,
            "qualified": dealer["qualified"],
            "qualified_after": dealer.get("qualified_after"),
            "replaced": dealer["replaced"],
            "drawn": dealer["drawn"],
            "hand": self._hand_named(cards) if dealer["open"] else None,
        }
        public = {
            "game": self.game,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "boxes": box_views,
            "layout": limits["boxes"],
            "dealer": dealer_view,
            "cutter": state["cutter"] if state["phase"] == CUT else None,
            "cut": state["cut"],
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "open_boxes_per_player": limits["open_boxes_per_player"],
                "dark_boxes_per_player": limits["dark_boxes_per_player"],
                "bonus": copy_json(state["options"]["bonus"]),
                "player_cut": state["options"]["player_cut"],
            },
            "seats": {
                str(p): {"deciding": p in waiting, "boxes": boxes.boxes_of(state, p)}
                for p in state["dealt_in"]
            },
            "exposure": self.exposure(state),
            "to_act": waiting,
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            deciding = seat in waiting
            public["legal"] = self.legal_actions(state, seat) if deciding else []
            public["bet_ranges"] = (
                self.bet_ranges(state, seat) if deciding and state["phase"] == BETTING else None
            )
            public["my_box"] = (
                self._current(state, seat)
                if deciding and state["phase"] in (DECIDING, BUYING)
                else None
            )
            public["offers"] = self._offers(state, seat) if public["my_box"] is not None else None
        return public

    def _offers(self, state: State, position: int) -> dict:
        """What the deciding box may do, for its board: the changes with their prices."""
        box = self._current(state, position)
        box_state = state["boxes"][str(box)]
        ante = box_state["ante"]
        stage = box_state["stage"]
        draws = self.rules.draws[stage] if stage < len(self.rules.draws) else ()
        return {
            "box": box,
            "bet": self._bet_due(box_state),
            "give_back": len(box_state["cards"]) - self.rules.hand_size,
            "draws": [
                {
                    "kind": d.kind,
                    "counts": [
                        {"returns": n, "takes": d.cards_taken(n), "fee": d.fees[n] * ante}
                        for n in d.returns
                    ],
                }
                for d in draws
            ],
            "buy_fee": ante if state["phase"] == BUYING else None,
        }

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """An open box's cards are its owner's until the dealer opens them; the cards he gave
        back stay his."""
        found: dict[int, list[str]] = {}
        for box_state in state["boxes"].values():
            own = list(box_state["given_back"])
            if box_state["kind"] == boxes.OPEN and not box_state["shown"]:
                own += box_state["cards"]
            if own:
                found.setdefault(box_state["owner"], []).extend(own)
        return found

    def hidden_cards(self, state: State) -> list[str]:
        """The dealer's four face-down cards until he opens them; a dark box's cards until it
        is compared (never, when the dealer does not qualify)."""
        hidden: list[str] = []
        dealer = state["dealer"]
        if not dealer["open"]:
            hidden += dealer["cards"][: len(dealer["cards"]) - self.rules.dealer_up]
        for box_state in state["boxes"].values():
            if box_state["kind"] == boxes.DARK and not box_state["shown"]:
                hidden += box_state["cards"]
        return hidden

    def undealt(self, state: State) -> list[str]:
        return list(state["deck"])

    def undealt_committed(self, state: State) -> list[str]:
        """After a cut the committed order restarts where it was cut: the cards before that
        point; none once the given-back cards were shuffled in."""
        if state["refilled"]:
            return []
        if state["cut"] is None:
            return list(state["deck"])
        return list(state["deck"][: max(0, len(state["deck"]) - state["cut"])])

    def all_cards(self, state: State) -> list[str]:
        found = list(state["deck"]) + list(state["given_back"])
        for box_state in state["boxes"].values():
            found += box_state["cards"]
        dealer = state["dealer"]
        found += dealer["cards"]
        if dealer["replaced"]:
            found.append(dealer["replaced"])
        return found

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["record"])

    def carry_over(self, state: State) -> dict:
        return {"hands_dealt": state["hands_dealt"], "cutter": state["cutter"]}

    # --- the session -----------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """An ante and the bet of twice it (§42)."""
        return (1 + self.rules.bet_multiple) * int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working plays on, the clock deciding (a fold); with nothing
        staked the seat leaves the hand."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return None
        return self._drop(state, seat, "left", rng)

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            state = dict(state, away=[*state["away"], seat])
            return self._play_away(state, [{"type": "absent", "seat": seat}], rng)
        return self._drop(state, seat, "absent", rng)

    def _drop(self, state: State, position: int, reason: str, rng: Draws | None):
        state = self._copy(state)
        state["players"].remove(position)
        if position in state["dealt_in"] and position not in state["done"]:
            state["done"].append(position)
        events: list[Event] = [{"type": reason, "seat": position}]
        events += self._advance(state, rng)
        return self._play_away(state, events, rng)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        state["phase"] = OVER
        return state, events

    def round_without_bets(self, state: State) -> bool:
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not (state.get("result") or {}).get("void")
        )

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Ante"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stage = {
            BETTING: gettext_noop("taking antes"),
            CUT: gettext_noop("cutting the deck"),
            DECIDING: gettext_noop("players deciding"),
            BUYING: gettext_noop("buying a game"),
        }.get(state["phase"], "")
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}
