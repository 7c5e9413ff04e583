"""Twenty-one: what every game of "21 or nearest without going over" against the house shares
(CG §90-§105, §69-§89, §128-§137), no Django. A game is a subclass of ``TwentyOne`` with a
``Rules`` object and a few overridden hooks; this module names no game.

**Cards** (CG §91, §71, §129): an ace counts 1 or 11, a picture 10, any other card its face.
``total(cards)`` is the best total and whether it is soft (an ace counted 11); over 21 is a bust;
the aim is 21 or nearest without going over (§93, §72, §130). A *natural* is an ace and a
ten-value card as the first two cards of a box; after a split (§92) or a switch (§71) the same
two cards are only 21: a hand made so carries ``"made": True``.

**The shoe**: ``decks`` packs of 52 (six by §90, §128), one string and an index
(``cards.Shoe``). The cut card goes at random between the middle and one deck from the end
(§104, B13). At a new shoe the table may offer the cut to a player (``player_cut``): the seat
after the last shoe's cutter cuts the pack a deck or more from either end (§104), or his clock
cuts it at random; the cut moves the cards from there to the front. One shuffle commitment
covers the shoe as shuffled (``shoe:<n>``); it is revealed at the end of the hand in which the
cut card came out (§87, §104: that round is finished, the next hand opens a new shoe). A new
shoe's composition (decks, cards, each code's count, by rank and by suit: §105's check, for
the board to show before the first deal) is in ``start_events`` and the view.

**A hand** (a round), in phases, every seat on its own clock:
1. ``cut`` (a new shoe, when offered): the cutter's ``cut`` (``at``: the cards moved to the
   back; no ``at``: at random).
2. ``betting`` (``bet_seconds``, all seats at once): a plain ``bet`` stakes the seat's own box
   (``plain_bet_boxes``) and ends its betting; ``bet`` with a ``box`` stakes that box (its own,
   or a free one up to ``boxes_per_player``), ``behind`` bets behind another's box where
   ``bets_behind``, ``side`` a side bet of a ``kind`` the table offers; ``pass`` ends betting.
   A box's stakes together are within ``min_bet..max_bet`` (§101, B10), none over the house's
   ``max_exposure``. No bet is placed or taken off once the first card is dealt (§104, §89).
3. the deal: a card to each box in the layout's order (box 0 is at the dealer's left, B11),
   the dealer's up card, a second card to each box; with ``Rules.hole_card`` the dealer's
   second card face down (``hidden_cards``) after them. ``after_deal`` hook.
4. ``insurance`` (``insurance_seconds``, all at once) when the dealer shows an ace: each
   staker, owner or behind, for his own stake on each box (B9): ``insurance`` (``box``,
   ``amount`` in ``insurance_range``), ``even_money`` for a natural (paid 1:1 at once, §103),
   ``done`` for the rest (his clock's choice: nothing more, B14). With a hole card the dealer
   then peeks under an ace or a ten-value card: his natural ends the hand at once.
5. ``early`` (``action_seconds``, all at once): the decisions ``early_options`` gives before
   play; here a staker behind may surrender his own stake (B9). Without a hole card they are
   asked with the insurance when the dealer shows an ace (one clock, not two).
6. ``playing``: the boxes in order, each hand of a split box left to right (§96, B11), the
   owner deciding (§96): ``hand_options`` of ``stand``, ``hit``, ``double``, ``split``,
   ``surrender``. A double or a split by the owner asks each staker behind on that hand, each
   on his own clock (a ``pending`` decision): ``double`` / ``decline`` (§98: one card all the
   same), ``split`` / ``stay`` / ``move`` (§96); a game's own move may ask them too (``asks``,
   ``asked``, ``apply_answer``: its card comes once all have answered). A hand with no choice
   left (a natural, 21, split aces, a bust) stands by itself.
7. the dealer: his second card (or his hole card turned), the insurance settled on it; he
   draws to his rule (``Rules.dealer_hits_soft_17``) only if some hand still depends on his
   total (§103, B8), then every hand is settled (``hand_ratio``) through ``boxes``.

A hand's result is known early where it can be: a bust loses at once; a natural, and a
surrender, are settled at once when the dealer can no longer make a natural (his up card is not
an ace or a ten-value card, or he peeked), else when his second card comes.

**Leaving** with a stake working keeps the seat until the hand settles it (``holds_bets``),
his decisions taken by their clocks, none of which moves his money: a bet passes, a card
stands, insurance and doubles are declined, a split is stayed on. Leaving with nothing staked
folds out of the hand.

Money goes through ``tables.families.house.boxes`` (each stake a pot of its own, each staker paid on
his own stake, ``max_payout`` per box and round) and ``tables.families.house.bank`` (the round's
exposure). Every action copies only what it changes (``Step``): never the shoe's order.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

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
from tables.engines.cards import RANKS_52, SUITS, Shoe, split_cards
from tables.families.house import bank as house
from tables.families.house import boxes

ACE = "A"
TEN_VALUES = "TJQK"
DECK = 52
INSURANCE = "insurance"  # the side bet's kind and the action
CUT, BETTING, INSURING, EARLY, PLAYING, OVER = (
    "cut",
    "betting",
    "insurance",
    "early",
    "playing",
    "over",
)
STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
EVEN_MONEY, DONE, DECLINE, PASS = "even_money", "done", "decline", "pass"
STAY, MOVE = boxes.STAY, boxes.MOVE
OUTCOMES = ("natural", "won", "push", "lost", "bust", "surrendered", "even money")


# --- cards -------------------------------------------------------------------------------------


def points(card: str) -> int:
    """A card's count, an ace as 1 (CG §91, §71, §129)."""
    rank = card[0]
    if rank == ACE:
        return 1
    if rank in TEN_VALUES:
        return 10
    return int(rank)


def total(cards) -> tuple[int, bool]:
    """The best total of ``cards`` and whether it is soft (an ace counted 11 without going
    over)."""
    hard = 0
    ace = False
    for card in cards:
        rank = card[0]
        if rank == ACE:
            hard += 1
            ace = True
        elif rank in TEN_VALUES:
            hard += 10
        else:
            hard += int(rank)
    if ace and hard <= 11:
        return hard + 10, True
    return hard, False


def label(cards) -> str:
    """The total as a board writes it: "7/17" for a soft 17 (the ace as 1 or 11), "17" else."""
    best, soft = total(cards)
    return f"{best - 10}/{best}" if soft else str(best)


def is_bust(cards) -> bool:
    return total(cards)[0] > 21


def is_natural(cards, made: bool = False) -> bool:
    """An ace and a ten-value card as the first two cards; ``made`` by a split or a switch
    they are only 21 (CG §92, §71, §134)."""
    return not made and len(cards) == 2 and total(cards)[0] == 21


def is_pair(cards, by: str = "rank") -> bool:
    """Two cards a split may part: the same rank (B4, S8, N9), or the same count where the
    table says so (``by="value"``)."""
    if len(cards) != 2:
        return False
    if by == "value":
        return points(cards[0]) == points(cards[1])
    return cards[0][0] == cards[1][0]


def dealer_stands(cards, hits_soft_17: bool = False) -> bool:
    """The dealer's rule: he draws below 17 and stands on 17 or more (CG §95, §131), except a
    soft 17 where he hits it (§75)."""
    best, soft = total(cards)
    return best > 17 or (best == 17 and not (soft and hits_soft_17))


def compare(player: int, dealer: int) -> int:
    """1 if a player's total beats the dealer's, 0 if equal, -1 if lower (neither over 21)."""
    return (player > dealer) - (player < dealer)


# --- the rules of a game -----------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """What a twenty-one game is made of; the flow reads only these and the hooks. Ratios are
    exact (``boxes.ratio_of``). Config keys a table may change are in ``defaults``."""

    decks: tuple[int, int] = (2, 8)  # the shoe's packs a table may set
    boxes: tuple[int, int] = (5, 7)  # the layout's boxes a table may set
    hole_card: bool = False  # the dealer's second card face down, peeked under an ace or ten
    hole_card_optional: bool = False  # the table may turn the hole card off (``hole_card``)
    dealer_hits_soft_17: bool = False
    natural_pays: Fraction = Fraction(3, 2)
    natural_ties: str = "push"  # a player natural against the dealer's: push or lose
    ties: str = "push"  # equal totals: push or lose
    dealer_22_pushes: bool = False  # a dealer 22 stands off every hand left (§84)
    insurance: bool = True
    insurance_pays: Fraction = Fraction(2)
    even_money: bool = True
    surrender_loses_to_natural: bool = True  # a dealer natural after it takes the whole bet
    double: bool = True
    double_after_split: bool = True
    double_on_21: bool = False
    max_splits: int | None = 3  # None: any number
    split_by: str = "rank"
    max_cards: int | None = None  # a hand's most cards
    side_bets: dict = field(default_factory=dict)  # {kind: best ratio} the table may offer
    defaults: dict = field(default_factory=dict)  # the game's config defaults


def pack_check(order: str) -> dict:
    """§105's check of a new shoe, counted from its cards: how many decks, cards, each code's
    count (one number when every code is there equally often), by rank and by suit. No card
    code in it (a board must show none before it is dealt)."""
    counts = Counter(split_cards(order))
    each = set(counts.values())
    complete = len(counts) == len(RANKS_52) * len(SUITS) and len(each) == 1
    by_rank = Counter(card[0] for card in counts.elements())
    by_suit = Counter(card[1] for card in counts.elements())
    return {
        "cards": sum(counts.values()),
        "decks": next(iter(each)) if complete else None,
        "each": next(iter(each)) if complete else None,
        "complete": complete,
        "ranks": RANKS_52,
        "suits": SUITS,
        "by_rank": {rank: by_rank[rank] for rank in RANKS_52},
        "by_suit": {suit: by_suit[suit] for suit in SUITS},
    }


def _copy_box(box_state: dict) -> dict:
    """A box copied as deep as an action changes it (its stakes, hands, cards, side bets); a
    settlement's record, never changed once made, is shared."""
    return {
        **box_state,
        "stakes": [dict(s) for s in box_state["stakes"]],
        "hands": [
            {
                **hand,
                "stakes": [dict(s) for s in hand["stakes"]],
                **({"cards": list(hand["cards"])} if "cards" in hand else {}),
            }
            for hand in box_state["hands"]
        ],
        "side": [dict(s) for s in box_state["side"]],
    }


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stake(hand: dict, position: int) -> dict | None:
    return next((s for s in hand["stakes"] if s["seat"] == position), None)


def _open(stake: dict) -> bool:
    """A stake still riding on its hand's play: not settled on its own nor surrendered."""
    return not stake.get("settled") and not stake.get("surrendered")


# --- one change --------------------------------------------------------------------------------


class Step:
    """One change to a hand: a new state sharing with the old every part it does not change.
    The small parts every action may touch are copied at once (pots, escrow, the dealer, the
    seats deciding); a box is copied the first time it is changed (``box``); the shoe is read
    once and written back at the end (``finish``), its order a string never copied."""

    __slots__ = ("state", "events", "rng", "_copied", "_shoe")

    def __init__(self, state: State, rng: Draws | None = None):
        copied = dict(state)
        copied["pots"] = dict(state["pots"])
        copied["escrowed"] = {k: dict(v) for k, v in state["escrowed"].items()}
        copied["boxes"] = dict(state["boxes"])
        copied["done"] = list(state["done"])
        copied["players"] = list(state["players"])
        copied["dealer"] = dict(state["dealer"], cards=list(state["dealer"]["cards"]))
        if state["pending"] is not None:
            pending = state["pending"]
            copied["pending"] = dict(pending, waiting=list(pending["waiting"]))
        self.state = copied
        self.events: list[Event] = []
        self.rng = rng if rng is not None else Draws()
        self._copied: set[str] = set()
        self._shoe: Shoe | None = None

    def box(self, number: int) -> dict:
        """The box, copied before it changes (once per step)."""
        key = str(number)
        if key not in self._copied:
            self.state["boxes"][key] = _copy_box(self.state["boxes"][key])
            self._copied.add(key)
        return self.state["boxes"][key]

    def hand(self, number: int, index: int) -> dict:
        return self.box(number)["hands"][index]

    def shoe(self) -> Shoe:
        if self._shoe is None:
            self._shoe = Shoe.from_dict(self.state["shoe"])
        return self._shoe

    def deal(self) -> str:
        """The next card. A shoe dealt out before its cut card (never with a deck behind it,
        §104) reshuffles its discards by recorded draws: the replay proves that order."""
        shoe = self.shoe()
        if not shoe.remaining:
            shoe.reshuffle(self.rng)
            self.state["reshuffled"] = True
            self.events.append({"type": "reshuffle", "cards": shoe.remaining})
        return shoe.deal()

    def finish(self) -> tuple[State, list[Event]]:
        if self._shoe is not None:
            self.state["shoe"] = self._shoe.to_dict()
        return self.state, self.events


# --- the engine --------------------------------------------------------------------------------


class TwentyOne(GameEngine):
    """The table flow of every twenty-one game (module docstring); a game sets ``game``,
    ``display_name``, ``seats``, ``rules`` and ``example_configs`` and overrides the hooks its
    rules need (each says what it is for)."""

    rules = Rules()
    seats = (1, 9)
    # the owner's decisions on a hand, in the order a board offers them (``hand_options``)
    play_kinds = (STAND, HIT, DOUBLE, SPLIT, SURRENDER)
    timeout_kinds = (STAND, HIT)  # the owner's clock takes the first of these he may
    boxes_a_bet = 1  # the boxes a plain bet stakes, each with its amount
    # the owner's moves that ask each staker behind on the hand (each on his own clock, a
    # ``pending`` decision): his answers, the first what the owner did, the second his clock's
    # choice (it moves no money); and the sentence refusing any other action meanwhile. A game
    # adds its own (``asked`` narrows who is asked, ``apply_answer`` applies an answer)
    asks = {
        DOUBLE: ((DOUBLE, DECLINE), gettext_noop("Double your bet too, or decline.")),
        SPLIT: ((SPLIT, STAY, MOVE), gettext_noop("Split your bet too, keep it here or move it.")),
    }
    clock_settings = (*GameEngine.clock_settings, "bet_seconds", "insurance_seconds")

    # --- config ------------------------------------------------------------------------------

    def check_config(self, config: dict) -> dict:
        """The house-banked settings (``house.check_house_config``), then the game's: ``decks``,
        ``boxes`` (the layout), ``surrender`` (the table may turn it off, §102), ``player_cut``
        (a player cuts a new shoe, §104). Keys it does not know pass through."""
        rules = self.rules
        defaults = {
            "decks": 6,
            "boxes": rules.boxes[1],
            "bets_behind": True,
            "surrender": True,
            "player_cut": True,
            **({"hole_card": rules.hole_card} if rules.hole_card_optional else {}),
            **rules.defaults,
        }
        checked = house.check_house_config(config, defaults)
        if checked["boxes"] is None:
            checked["boxes"] = defaults["boxes"]
        low, high = rules.decks
        if not _whole(checked["decks"]) or not low <= checked["decks"] <= high:
            raise IllegalAction(
                gettext_noop("The shoe holds %(low)s to %(high)s decks."), low=low, high=high
            )
        low, high = rules.boxes
        if not low <= checked["boxes"] <= high:
            raise IllegalAction(
                gettext_noop("The layout has %(low)s to %(high)s boxes."), low=low, high=high
            )
        if checked["boxes_per_player"] > checked["boxes"]:
            raise IllegalAction(
                gettext_noop("A player may play at most the %(count)s boxes of the layout."),
                count=checked["boxes"],
            )
        if checked["dark_boxes_per_player"]:
            raise IllegalAction(gettext_noop("Boxes are played open at this game."))
        unknown = set(checked["side_bets"]) - set(rules.side_bets)
        if unknown:
            raise IllegalAction(
                gettext_noop("This game takes no side bet %(kind)s."), kind=sorted(unknown)[0]
            )
        for key in ("surrender", "player_cut", "hole_card"):
            if key in checked and not isinstance(checked[key], bool):
                raise IllegalAction(
                    gettext_noop("The setting %(key)s is on (true) or off (false)."), key=key
                )
        return checked

    # --- the hooks a game overrides ------------------------------------------------------------

    def natural(self, hand: dict) -> bool:
        """Whether a hand is a natural (CG §92, §71, §134): not one made by a split or switch."""
        return is_natural(hand["cards"], hand.get("made", False))

    def cut_card_range(self, cards: int) -> tuple[int, int]:
        """Where the dealer's cut card may go, in cards dealt before it: between the middle
        and one deck from the end (CG §104, B13)."""
        return cards // 2, max(cards // 2, cards - DECK)

    def player_cut_range(self, cards: int) -> tuple[int, int] | None:
        """Where a player may cut a new shoe: a deck or more from either end (CG §104); None
        if the shoe is too short for that."""
        return (DECK, cards - DECK) if cards >= 2 * DECK else None

    def plain_bet_boxes(self, state: State, position: int) -> list[int]:
        """The boxes a plain "bet" stakes, each with its amount: the seat's own box (the box of
        its number, else the first free one). Raises a sentence if there is none."""
        if boxes.boxes_of(state, position):
            raise IllegalAction(
                gettext_noop("Your box is staked: add to a box by its number, or say done.")
            )
        layout = state["limits"]["boxes"]
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

    def after_deal(self, step: Step) -> None:
        """Called once the first cards are out, before any decision (a side bet on the first
        cards settled at once)."""

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

    def hand_options(self, state: State, number: int, index: int) -> list[str]:
        """What the owner may do with a hand now, in the order a board offers them: stand, hit
        (not on 21 or a natural, §98), double on the first two cards (§98, B5: after a split
        too, not on split aces), split a pair (§96, §97), surrender before any further card
        (§102, B6: not after a split). An empty list or ``["stand"]``: the hand stands."""
        return [k for k in self.play_kinds if self.play_refusal(state, number, index, k) is None]

    def play_refusal(
        self, state: State, number: int, index: int, kind: str
    ) -> IllegalAction | None:
        """Why the owner may not ``kind`` the hand now (the refusal to raise), or None."""
        rules = self.rules
        box_state = state["boxes"][str(number)]
        hand = box_state["hands"][index]
        cards = hand["cards"]
        best = total(cards)[0]
        if hand["done"] or hand["settled"] is not None or best > 21:
            return IllegalAction(gettext_noop("This hand is finished."))
        natural = self.natural(hand)
        fresh = len(cards) == 2 and not hand.get("acted")
        if kind == STAND:
            return None
        if kind == HIT:
            if natural or best >= 21:
                return IllegalAction(gettext_noop("No card and no double on a natural or on 21."))
            if rules.max_cards is not None and len(cards) >= rules.max_cards:
                return IllegalAction(gettext_noop("This hand holds all the cards it may."))
            return None
        if kind == DOUBLE:
            if not rules.double:
                return IllegalAction(gettext_noop("There is no double at this game."))
            if natural or (best == 21 and not rules.double_on_21):
                return IllegalAction(gettext_noop("No card and no double on a natural or on 21."))
            if not fresh:
                return IllegalAction(gettext_noop("A double is on the first two cards only."))
            if hand.get("made") and not rules.double_after_split:
                return IllegalAction(gettext_noop("A split hand is not doubled here."))
            return None
        if kind == SPLIT:
            if not fresh or not is_pair(cards, rules.split_by):
                return IllegalAction(gettext_noop("Only two cards of the same rank are split."))
            if rules.max_splits is not None and len(box_state["hands"]) > rules.max_splits:
                return IllegalAction(
                    gettext_noop("A box is split at most %(count)s times."),
                    count=rules.max_splits,
                )
            return None
        if kind == SURRENDER:
            if not state["options"]["surrender"]:
                return IllegalAction(gettext_noop("This table offers no surrender."))
            if len(box_state["hands"]) > 1 or hand.get("made"):
                return IllegalAction(gettext_noop("A split hand is not surrendered."))
            if natural:
                return IllegalAction(gettext_noop("A natural is not surrendered."))
            if not fresh:
                return IllegalAction(
                    gettext_noop("Surrender comes before any further card: not now.")
                )
            return None
        return IllegalAction(gettext_noop("Unknown action."))

    def refusal_at_turn(self, kind: str) -> IllegalAction:
        """The refusal of a move that is never made at a hand's turn (an offer's, say)."""
        return IllegalAction(gettext_noop("Unknown action."))

    def apply_play(self, step: Step, position: int, number: int, index: int, kind: str) -> None:
        """Apply the owner's ``kind`` (one of ``play_kinds``, checked) to the hand."""
        state = step.state
        hand = step.hand(number, index)
        where = {"seat": position, "box": number, "hand": index}
        if kind == STAND:
            hand["done"] = True
            step.events.append({"type": STAND, **where})
        elif kind == HIT:
            hand["acted"] = True
            card = self._card_to(step, number, index)
            step.events.append({"type": HIT, **where, "card": card})
            self.after_card(step, number, index)
        elif kind == DOUBLE:
            boxes.double(step.state, step.events, state["limits"], number, index, position)
            hand["acted"] = hand["doubled"] = True
            step.events.append({"type": DOUBLE, **where})
            self._ask_behind(step, DOUBLE, number, index)
        elif kind == SPLIT:
            self._split(step, position, number, index)
        elif kind == SURRENDER:
            hand["surrendered"] = hand["done"] = True
            step.events.append({"type": SURRENDER, **where})
            self._settle_sure(step)

    def after_card(self, step: Step, number: int, index: int) -> None:
        """A card went to a hand: a bust loses at once (N12), a doubled hand or split ace
        takes no more (§98, §97); a game settles its special hands here (a five-card hand)."""
        hand = step.hand(number, index)
        if is_bust(hand["cards"]):
            hand["done"] = True
            hand["outcome"] = "bust"
            self._pay_hand(step, number, index, "lose")
        elif hand.get("doubled") or hand.get("aces"):
            hand["done"] = True

    def hand_ratio(self, state: State, box_state: dict, hand: dict):
        """What a hand standing to the end wins against the dealer's finished hand (CG §99,
        §100, §103, B2, B12: a dealer natural beats every hand but a natural, doubles and
        splits included; a natural pays ``natural_pays``)."""
        rules = self.rules
        dealer = state["dealer"]["cards"]
        best = total(hand["cards"])[0]
        if best > 21:
            return "lose"
        natural, dealer_natural = self.natural(hand), is_natural(dealer)
        if natural and dealer_natural:
            return rules.natural_ties
        if natural:
            return rules.natural_pays
        if dealer_natural:
            return "lose"
        dealer_total = total(dealer)[0]
        if dealer_total > 21:
            return "push" if rules.dealer_22_pushes and dealer_total == 22 else 1
        return {1: 1, 0: rules.ties, -1: "lose"}[compare(best, dealer_total)]

    def best_line(self, state: State, box_state: dict) -> Fraction:
        """The most a unit staked on the box can still win (the house's exposure): the
        natural's pay while the box may still be one, else 1:1."""
        hands = box_state["hands"]
        if not hands[0].get("cards") or (len(hands) == 1 and self.natural(hands[0])):
            return max(Fraction(1), self._ratios["natural"])
        return Fraction(1)

    # --- the hand ----------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the shoe. A new shoe is opened when there is
        none, its cut card came out or it was reshuffled; a shoe carried over keeps its decks
        even if the settings changed (new settings take effect with the next shoe)."""
        config = self.check_config(config)
        players = sorted(players)
        low, high = self.seats
        if not low <= len(players) <= high or len(set(players)) != len(players):
            raise ValueError(f"{self.game} deals in {low} to {high} distinct seats")
        carry = carry or {}
        shoe = Shoe.from_dict(carry["shoe"]) if carry.get("shoe") else None
        new_shoe = shoe is None or shoe.cut_card_out or bool(carry.get("reshuffled"))
        shoe_number = carry.get("shoe_number", 0)
        cutter = carry.get("cutter")
        if new_shoe:
            shoe = Shoe.new(config["decks"], rng)
            shoe.cut_at = rng.randint(*self.cut_card_range(len(shoe)))
            shoe_number += 1
            record, wrap, pack = shoe.record(), None, pack_check(shoe.order)
        else:
            record, wrap, pack = carry["record"], carry.get("wrap"), None
        phase = BETTING
        if new_shoe and config["player_cut"] and self.player_cut_range(len(shoe)) is not None:
            later = [p for p in players if cutter is None or p > cutter]
            cutter = (later or players)[0]
            phase = CUT
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        return {
            "game": self.game,
            "hand_key": hand_number if _whole(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "shoe_number": shoe_number,
            "new_shoe": new_shoe,
            "shoe": shoe.to_dict(),
            "record": record,  # the shoe's order as committed, before any player's cut
            "wrap": wrap,  # after a cut: where in the dealing order the committed order restarts
            "reshuffled": False,
            "pack": pack,
            "cutter": cutter,
            "cut": None,
            "limits": house.box_limits(config),
            "options": {
                "surrender": config["surrender"],
                "decks": config["decks"],
                "hole_card": bool(config.get("hole_card", self.rules.hole_card)),
            },
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the hand
            "phase": phase,
            "done": [],  # the seats whose decisions of this phase are over
            "boxes": {},
            "dealer": {"cards": [], "down": False, "peeked": False},
            "turn": None,  # [box, hand index] whose owner decides now
            "pending": None,  # the stakers behind deciding on the owner's double or split
            "early_asked": False,
            "away": [],  # seats away past the absence limit: their clocks decide at once
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    def start_events(self, state: State) -> list[Event]:
        started = {
            "type": "hand_started",
            "players": list(state["dealt_in"]),
            "shoe": state["shoe_number"],
            "new_shoe": state["new_shoe"],
        }
        if state["pack"] is not None:
            started["pack"] = dict(state["pack"])
        if state["phase"] == CUT:
            started["cutter"] = state["cutter"]
        return [started]

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == CUT:
            return [state["cutter"]] if state["cutter"] in state["players"] else []
        if phase in (BETTING, INSURING, EARLY):
            return [p for p in state["players"] if p not in state["done"]]
        if phase == PLAYING:
            if state["pending"] is not None:
                return list(state["pending"]["waiting"])
            if state["turn"] is not None:
                return [state["boxes"][str(state["turn"][0])]["owner"]]
        return []

    def turn_key(self, state: State, seat: int) -> str:
        """One clock per decision: the cut; the betting (one per hand: a seat's own bets do not
        restart it); each offers phase; the owner's decision on each card of each hand; a
        staker behind on the owner's double or split."""
        key = f"hand {state['hand_key']}: "
        phase = state["phase"]
        if phase != PLAYING:
            return key + phase
        pending = state["pending"]
        if pending is not None:
            return key + f"box {pending['box']} hand {pending['hand_id']} {pending['kind']}"
        number, index = state["turn"] or (None, None)
        if number is None:
            return key + phase
        hand = state["boxes"][str(number)]["hands"][index]
        return key + f"box {number} hand {hand['id']} card {len(hand['cards'])}"

    def clock_setting(self, state: State, seat: int) -> str:
        phase = state["phase"]
        if phase == BETTING:
            return "bet_seconds"
        if phase == INSURING:
            return "insurance_seconds"
        return "action_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time, nothing that moves his money (B14): the dealer cuts, betting ends, no
        insurance or even money, a hand stands (a game that forbids standing draws), a double
        is declined, a split is stayed on (rules-decisions: the staker behind)."""
        phase = state["phase"]
        if phase == CUT:
            return {"type": "cut"}
        if phase == BETTING:
            return {"type": PASS}
        if phase in (INSURING, EARLY):
            return {"type": DONE}
        pending = state["pending"]
        if pending is not None:
            choice = self.asks[pending["kind"]][0][1]
            return {"type": choice, "box": pending["box"]}
        number, index = state["turn"]
        options = self.hand_options(state, number, index)
        kind = next((k for k in self.timeout_kinds if k in options), options[0])
        return {"type": kind, "box": number, "hand": index}

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == CUT:
            low, high = self.player_cut_range(len(Shoe.from_dict(state["shoe"])))
            return [{"type": "cut", "at": low}, {"type": "cut", "at": high}, {"type": "cut"}]
        if phase == BETTING:
            return self._bet_actions(state, seat)
        if phase in (INSURING, EARLY):
            return self._offers(state, seat, ends=True)
        pending = state["pending"]
        if pending is not None:
            kinds = self.asks[pending["kind"]][0]
            return [{"type": kind, "box": pending["box"]} for kind in kinds]
        number, index = state["turn"]
        return [
            {"type": kind, "box": number, "hand": index}
            for kind in self.hand_options(state, number, index)
        ]

    def apply(self, state, seat, action, rng=None):
        state, events = self._apply_one(state, seat, action, rng)
        return self._play_away(state, events, rng)

    def _play_away(self, state: State, events: list[Event], rng: Draws | None):
        """The decisions of seats away past the absence limit this hand are their clocks'
        choices, made as soon as they come (``apply_absent``)."""
        for _step in range(1000):
            due = [p for p in self.to_act(state) if p in state["away"]]
            if not due:
                break
            action = self.timeout_action(state, due[0])
            state, more = self._apply_one(state, due[0], action, rng)
            events = [*events, {"type": "timeout", "seat": due[0]}, *more]
        return state, events

    def _apply_one(self, state, seat, action, rng=None):
        checked = self._checked(state, seat, action)
        step = Step(state, rng)
        kind = checked["type"]
        phase = state["phase"]
        if phase == CUT:
            self._cut(step, checked.get("at"))
        elif phase == BETTING:
            self._bet(step, seat, checked)
        elif phase in (INSURING, EARLY):
            self._offer(step, seat, checked)
        elif state["pending"] is not None:
            self._answer(step, seat, kind)
        else:
            self.apply_play(step, seat, checked["box"], checked["hand"], kind)
        self._advance(step)
        return step.finish()

    # --- checking an action ------------------------------------------------------------------

    def _checked(self, state: State, position: int, action) -> dict:
        """The one validator: ``legal_actions`` lists only what passes it, ``apply`` refuses
        what does not, with a sentence, before any change."""
        if state["over"]:
            raise IllegalAction(gettext_noop("This hand is over."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(gettext_noop("Unknown action."))
        if position not in state["dealt_in"]:
            raise IllegalAction(gettext_noop("You are not dealt in this hand."))
        kind = action["type"]
        phase = state["phase"]
        # a box or a hand is named by its number: never a boolean (False == 0 in Python)
        if any(key in action and not _whole(action[key]) for key in ("box", "hand")):
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        if kind in ("bet", "behind", "side") and phase not in (CUT, BETTING):
            raise IllegalAction(gettext_noop("Bets are closed once the first card is dealt."))
        if position not in self.to_act(state):
            if phase == BETTING:
                raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
            if phase == PLAYING and state["turn"] is not None and _whole(action.get("box")):
                self._refuse_named_hand(state, position, action)
            raise IllegalAction(gettext_noop("It is not your turn."))
        if phase == CUT:
            return self._checked_cut(state, action)
        if phase == BETTING:
            return self._checked_bet(state, position, action)
        if phase in (INSURING, EARLY):
            return self._checked_offer(state, position, action)
        pending = state["pending"]
        if pending is not None:
            kinds, refusal = self.asks[pending["kind"]]
            if kind not in kinds:
                raise IllegalAction(refusal)
            if action.get("box", pending["box"]) != pending["box"]:
                raise IllegalAction(gettext_noop("Decide on the box being played first."))
            return {"type": kind}
        number, index = state["turn"]
        if action.get("box", number) != number or action.get("hand", index) != index:
            self._refuse_named_hand(state, position, action)
            raise IllegalAction(gettext_noop("Play the hand in turn first."))
        if kind not in self.play_kinds:
            raise self.refusal_at_turn(kind)
        refusal = self.play_refusal(state, number, index, kind)
        if refusal is not None:
            raise refusal
        return {"type": kind, "box": number, "hand": index}

    def _refuse_named_hand(self, state: State, position: int, action: dict) -> None:
        """An action on a hand not in turn: say why where the hand names a reason (another's
        box, a finished hand, split aces)."""
        number, index = action.get("box"), action.get("hand", 0)
        box_state = state["boxes"].get(str(number)) if _whole(number) else None
        if box_state is None or not _whole(index) or not 0 <= index < len(box_state["hands"]):
            return
        if box_state["owner"] != position:
            raise IllegalAction(gettext_noop("This box is another player's: its owner decides."))
        hand = box_state["hands"][index]
        if hand.get("aces") and action.get("type") in (SPLIT, HIT, DOUBLE):
            raise IllegalAction(gettext_noop("Aces are split once and take one card each."))
        if hand["done"] or hand["settled"] is not None:
            raise IllegalAction(gettext_noop("This hand is finished."))

    def _checked_cut(self, state: State, action: dict) -> dict:
        if action["type"] != "cut":
            raise IllegalAction(gettext_noop("Cut the shoe first."))
        if "at" not in action:
            return {"type": "cut", "at": None}
        low, high = self.player_cut_range(len(Shoe.from_dict(state["shoe"])))
        at = action["at"]
        if not _whole(at) or not low <= at <= high:
            raise IllegalAction(
                gettext_noop("Cut a deck or more from either end: from %(low)s to %(high)s cards."),
                low=low,
                high=high,
            )
        return {"type": "cut", "at": at}

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

    # --- the cut and the bets ------------------------------------------------------------------

    def _cut(self, step: Step, at: int | None) -> None:
        """The cutter cuts the new shoe: the first ``at`` cards go to the back (the dealer's
        cut card stays where it is in the dealing order). No ``at``: at random."""
        state = step.state
        shoe = step.shoe()
        low, high = self.player_cut_range(len(shoe))
        if at is None:
            at = step.rng.randint(low, high)
        shoe.order = shoe.order[2 * at :] + shoe.order[: 2 * at]
        state["wrap"] = len(shoe) - at
        state["cut"] = at
        state["phase"] = BETTING
        step.events.append({"type": "cut", "seat": state["cutter"], "at": at})

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
        free = [n for n in range(limits["boxes"]) if str(n) not in state["boxes"]]
        # an empty box adds the same to the house's risk whichever it is
        opening = self._room(state, position, free[0]) if free and may_open else 0
        for number in range(limits["boxes"]):
            box_state = state["boxes"].get(str(number))
            if box_state is None:
                if opening >= low:
                    found["boxes"][str(number)] = [low, opening]
                continue
            mine = box_state["owner"] == position
            if mine or limits["bets_behind"]:
                high = self._room(state, position, number)
                if high >= unit:
                    found["boxes" if mine else "behind"][str(number)] = [unit, high]
            if any(s["seat"] == position for s in box_state["stakes"]):
                for kind, (side_low, _high) in limits["side_bets"].items():
                    high = self._room(state, position, number, kind)
                    if high >= side_low:
                        found["side"].setdefault(str(number), {})[kind] = [side_low, high]
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
            actions += [{"type": "bet", "amount": a} for a in sorted(set(found["bet"]))]
        for key, kind in (("boxes", "bet"), ("behind", "behind")):
            for number, (low, high) in found[key].items():
                actions += [
                    {"type": kind, "box": int(number), "amount": a} for a in sorted({low, high})
                ]
        for number, kinds in found["side"].items():
            for side, (low, high) in kinds.items():
                actions += [
                    {"type": "side", "box": int(number), "kind": side, "amount": a}
                    for a in sorted({low, high})
                ]
        actions.append({"type": PASS})
        return actions

    # --- the deal and the offers ---------------------------------------------------------------

    def _order(self, state: State) -> list[int]:
        """The boxes played, from the dealer's left (box 0) on (B11)."""
        return sorted(int(n) for n in state["boxes"])

    def _deal(self, step: Step) -> None:
        """The first cards: one to each box, the dealer's up card, a second to each box, and
        the dealer's face-down card where the game has one (CG §131, §74, B1)."""
        state = step.state
        order = self._order(state)
        hands = {n: step.hand(n, 0) for n in order}
        for hand in hands.values():
            hand.update(cards=[], done=False, acted=False)
        for n in order:
            hands[n]["cards"].append(step.deal())
        dealer = state["dealer"]
        dealer["cards"].append(step.deal())
        for n in order:
            hands[n]["cards"].append(step.deal())
        if state["options"]["hole_card"]:
            dealer["cards"].append(step.deal())
            dealer["down"] = True
        state["pack"] = None
        step.events.append(
            {
                "type": "deal",
                "hands": {str(n): list(hands[n]["cards"]) for n in order},
                "dealer": dealer["cards"][0],
            }
        )
        self.after_deal(step)

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

    def _offers(self, state: State, position: int, *, ends: bool = False) -> list[dict]:
        """The seat's decisions in the phase of offers, box by box: insurance (its two ends)
        and even money when the dealer shows an ace, then ``early_options``; ``done`` last
        (``ends``) when there is any."""
        rules = self.rules
        phase = state["phase"]
        found: list[dict] = []
        asks_early = phase == EARLY or (phase == INSURING and not state["options"]["hole_card"])
        for number in self._order(state):
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
        for player in state["players"]:
            if player not in state["done"] and not self._offers(state, player):
                state["done"].append(player)

    def _open_offers(self, step: Step, phase: str) -> bool:
        """Open a phase of offers; True if anyone has one to decide (else it is passed)."""
        state = step.state
        state["phase"] = phase
        state["done"] = []
        if phase == INSURING and not state["options"]["hole_card"]:
            state["early_asked"] = True
        state["done"] = [p for p in state["players"] if not self._offers(state, p)]
        return bool(self.to_act(state))

    # --- the flow ------------------------------------------------------------------------------

    def _advance(self, step: Step) -> None:
        """Move the hand on as far as it goes without a decision."""
        state = step.state
        if state["over"]:
            return
        phase = state["phase"]
        if phase == PLAYING:
            self._play_on(step)
            return
        if self.to_act(state):
            return
        if phase == CUT:  # the cutter is gone: the dealer cuts at random
            self._cut(step, None)
            if self.to_act(state):
                return
            phase = BETTING
        if phase == BETTING:
            if not state["boxes"]:
                self._end(step)
                return
            self._deal(step)
            if self._dealer_shows_ace(state) and self._open_offers(step, INSURING):
                return
            phase = INSURING
        if phase == INSURING:
            self._after_insurance(step)
            if state["over"]:
                return
            if not state["early_asked"] and self._open_offers(step, EARLY):
                return
        state["phase"] = PLAYING
        self._play_on(step)

    def _dealer_shows_ace(self, state: State) -> bool:
        rules = self.rules
        return (rules.insurance or rules.even_money) and state["dealer"]["cards"][0][0] == ACE

    def _after_insurance(self, step: Step) -> None:
        """With a hole card the dealer peeks under an ace or a ten-value card (S2): a natural
        ends the hand, else the insurance is lost now. Then what is sure is settled."""
        state = step.state
        dealer = state["dealer"]
        if state["options"]["hole_card"] and dealer["cards"][0][0] in ACE + TEN_VALUES:
            if is_natural(dealer["cards"]):
                self._finish(step)
                return
            dealer["peeked"] = True
            step.events.append({"type": "peek", "natural": False})
            self._settle_insurance(step, natural=False)
        self._settle_sure(step)

    def _play_on(self, step: Step) -> None:
        """The boxes in turn: a pending decision of the stakers behind first, then the next
        hand with a choice; when none is left, the dealer plays and the hand is settled."""
        state = step.state
        while True:
            pending = state["pending"]
            if pending is not None:
                if pending["waiting"]:
                    return
                self._resolve(step)
                continue
            if self._next_turn(step):
                return
            self._finish(step)
            return

    def _next_turn(self, step: Step) -> bool:
        """Find the next hand whose owner has a choice, standing those with none."""
        state = step.state
        start = state["turn"] or [-1, 0]
        for number in self._order(state):
            if number < start[0]:
                continue
            index = start[1] if number == start[0] else 0
            while index < len(state["boxes"][str(number)]["hands"]):
                hand = state["boxes"][str(number)]["hands"][index]
                if not hand["done"] and hand["settled"] is None:
                    options = self.hand_options(state, number, index)
                    if options and options != [STAND]:
                        state["turn"] = [number, index]
                        return True
                    step.hand(number, index)["done"] = True
                index += 1
        state["turn"] = None
        return False

    def _card_to(self, step: Step, number: int, index: int) -> str:
        card = step.deal()
        step.hand(number, index)["cards"].append(card)
        return card

    def _ask_behind(self, step: Step, kind: str, number: int, index: int) -> None:
        """The owner doubled or split: the stakers behind on that hand decide, each on his
        own clock (§98, §96), before its card(s) come; with none, they come now."""
        hand = step.hand(number, index)
        waiting = [
            s["seat"]
            for s in hand["stakes"]
            if s["seat"] != step.state["boxes"][str(number)]["owner"]
            and _open(s)
            and self.asked(kind, hand, s)
        ]
        step.state["pending"] = {
            "kind": kind,
            "box": number,
            "hand": index,
            "hand_id": hand["id"],
            "waiting": waiting,
        }
        if not waiting:
            self._resolve(step)

    def asked(self, kind: str, hand: dict, stake: dict) -> bool:
        """Whether the owner's ``kind`` on ``hand`` asks the staker behind of ``stake`` (open,
        not the owner's): every one of them (a game's own ask may ask fewer)."""
        return True

    def _answer(self, step: Step, position: int, kind: str) -> None:
        """A staker behind answers the owner's double, split or the game's own ask, with his
        own money."""
        state = step.state
        pending = state["pending"]
        number, index = pending["box"], pending["hand"]
        step.box(number)
        self.apply_answer(step, position, pending, kind)
        pending["waiting"].remove(position)
        step.events.append({"type": kind, "seat": position, "box": number, "hand": index})

    def apply_answer(self, step: Step, position: int, pending: dict, kind: str) -> None:
        """The money of a staker behind's answer (one of ``asks``, checked) to the owner's
        move: his own double (§98), or his part in the split (§96)."""
        state = step.state
        number, index = pending["box"], pending["hand"]
        if kind == DOUBLE:
            boxes.double(state, step.events, state["limits"], number, index, position)
        elif pending["kind"] == SPLIT:
            boxes.follow_split(state, step.events, number, index, position, kind)

    def _resolve(self, step: Step) -> None:
        """Every staker behind has answered: the double's one card (§98; a game's own ask
        its card, the event saying which ask it answers), or a card to each hand of the split
        (§96; split aces one each and no more, §97)."""
        state = step.state
        pending = state["pending"]
        state["pending"] = None
        number, index = pending["box"], pending["hand"]
        if pending["kind"] != SPLIT:
            card = self._card_to(step, number, index)
            event = {"type": "card", "box": number, "hand": index, "card": card}
            if pending["kind"] != DOUBLE:
                event["ask"] = pending["kind"]
            step.events.append(event)
            if pending["kind"] == DOUBLE:
                step.hand(number, index)["done"] = True
            self.after_card(step, number, index)
            return
        cards = []
        for at in (index, index + 1):
            cards.append(self._card_to(step, number, at))
        step.events.append({"type": "split_cards", "box": number, "hand": index, "cards": cards})
        for at in (index, index + 1):
            self.after_card(step, number, at)

    def _split(self, step: Step, position: int, number: int, index: int) -> None:
        """The owner splits his pair (§96): the stakers behind stay on the first hand until each
        decides; the two cards part, each hand gets its second card once they have."""
        state = step.state
        box_state = step.box(number)
        hand = box_state["hands"][index]
        behind = {s["seat"]: STAY for s in hand["stakes"] if s["seat"] != position}
        boxes.split(state, step.events, state["limits"], number, index, behind)
        first, second = hand["cards"]
        aces = first[0] == ACE
        for at, card in ((index, first), (index + 1, second)):
            split_hand = box_state["hands"][at]
            split_hand.update(cards=[card], made=True, aces=aces, done=False, acted=False)
        step.events.append({"type": SPLIT, "seat": position, "box": number, "hand": index})
        self._ask_behind(step, SPLIT, number, index)

    # --- settling ------------------------------------------------------------------------------

    def _dealer_natural_possible(self, state: State) -> bool:
        """Whether the dealer may still turn out to hold a natural (then a natural or a
        surrender waits for his second card)."""
        dealer = state["dealer"]
        cards = dealer["cards"]
        if dealer["peeked"] or not cards or cards[0][0] not in ACE + TEN_VALUES:
            return False
        if len(cards) >= 2 and not dealer["down"]:
            return is_natural(cards)
        return True

    def surrender_ratio(self, state: State):
        """What a surrendered stake loses once it is known: half (§102), or the whole bet to a
        dealer natural (the rules' decision on B6); None while the dealer may still have one."""
        dealer = state["dealer"]
        if len(dealer["cards"]) >= 2 and not dealer["down"]:
            if is_natural(dealer["cards"]) and self.rules.surrender_loses_to_natural:
                return "lose"
            return Fraction(-1, 2)
        return None if self._dealer_natural_possible(state) else Fraction(-1, 2)

    def _pay_hand(self, step: Step, number: int, index: int, ratio) -> None:
        """Settle a hand at ``ratio``; the stakes surrendered on their own (B9) at the
        surrender's loss when it is known, else they wait."""
        state = step.state
        hand = step.hand(number, index)
        cap = state["limits"]["max_payout"]
        alone = [s["seat"] for s in hand["stakes"] if not s.get("settled") and s.get("surrendered")]
        sur = self.surrender_ratio(state)
        if alone and sur is not None:
            boxes.settle_stakes(
                state,
                step.events,
                number,
                index,
                sur,
                seats=alone,
                max_payout=cap,
                reason="surrender",
            )
            alone = []
        if hand["settled"] is not None:
            return
        rest = [s["seat"] for s in hand["stakes"] if _open(s)]
        if alone and rest:
            boxes.settle_stakes(
                state, step.events, number, index, ratio, seats=rest, max_payout=cap
            )
        elif not alone:
            boxes.settle_hand(state, step.events, number, index, ratio, max_payout=cap)

    def _settle_sure(self, step: Step) -> None:
        """Settle now what the dealer can no longer change once he cannot make a natural:
        naturals, hands surrendered and stakes surrendered on their own."""
        state = step.state
        if self._dealer_natural_possible(state):
            return
        for number in self._order(state):
            for index, hand in enumerate(state["boxes"][str(number)]["hands"]):
                if hand["settled"] is not None or not hand.get("cards"):
                    continue
                if hand.get("surrendered"):
                    self._pay_hand(step, number, index, Fraction(-1, 2))
                    step.hand(number, index)["outcome"] = "surrendered"
                elif self.natural(hand):
                    self._pay_hand(step, number, index, self.rules.natural_pays)
                    step.hand(number, index)["outcome"] = "natural"
                elif any(s.get("surrendered") and not s.get("settled") for s in hand["stakes"]):
                    alone = [
                        s["seat"]
                        for s in hand["stakes"]
                        if s.get("surrendered") and not s.get("settled")
                    ]
                    step.box(number)
                    boxes.settle_stakes(
                        state,
                        step.events,
                        number,
                        index,
                        Fraction(-1, 2),
                        seats=alone,
                        max_payout=state["limits"]["max_payout"],
                        reason="surrender",
                    )

    def _settle_insurance(self, step: Step, natural: bool) -> None:
        """Insurance pays 2:1 on a dealer natural, else it is lost (CG §103), when his natural
        is known: his second card, or his peek."""
        state = step.state
        ratio = self.rules.insurance_pays if natural else "lose"
        for number in self._order(state):
            box_state = state["boxes"][str(number)]
            if any(s["kind"] == INSURANCE and s["settled"] is None for s in box_state["side"]):
                step.box(number)
                boxes.settle_side(
                    state,
                    step.events,
                    number,
                    INSURANCE,
                    ratio,
                    max_payout=state["limits"]["max_payout"],
                )

    def _live(self, state: State) -> bool:
        """Whether any hand still depends on the dealer's total beyond his second card: one
        not settled, bust, surrendered or a natural, with a stake of someone playing on."""
        for box_state in state["boxes"].values():
            for hand in box_state["hands"]:
                if (
                    hand["settled"] is None
                    and not hand.get("surrendered")
                    and not is_bust(hand["cards"])
                    and not self.natural(hand)
                    and any(_open(s) for s in hand["stakes"])
                ):
                    return True
        return False

    def _finish(self, step: Step) -> None:
        """The dealer's play and the settlement: his second card (or his face-down card
        turned), the insurance on it; more cards to his rule only if a hand depends on them
        (§103, B8); every hand settled; the cards to the discard."""
        state = step.state
        rules = self.rules
        dealer = state["dealer"]
        if dealer["down"]:
            dealer["down"] = False
            step.events.append({"type": "dealer", "card": dealer["cards"][1]})
        elif len(dealer["cards"]) < 2:
            card = step.deal()
            dealer["cards"].append(card)
            step.events.append({"type": "dealer", "card": card})
        natural = is_natural(dealer["cards"])
        self._settle_insurance(step, natural)
        if not natural and self._live(state):
            while not dealer_stands(dealer["cards"], rules.dealer_hits_soft_17):
                card = step.deal()
                dealer["cards"].append(card)
                step.events.append({"type": "dealer", "card": card})
        for number in self._order(state):
            box_state = step.box(number)
            for index, hand in enumerate(box_state["hands"]):
                if hand["settled"] is not None:
                    continue
                if hand.get("surrendered"):
                    ratio, word = self.surrender_ratio(state), "surrendered"
                else:
                    ratio = self.hand_ratio(state, box_state, hand)
                    word = self.outcome_word(hand, ratio)
                self._pay_hand(step, number, index, ratio)
                if "outcome" not in hand:
                    hand["outcome"] = word
        self._end(step)

    def outcome_word(self, hand: dict, ratio) -> str:
        """A hand's outcome in the engine's words, settled at ``ratio`` against the dealer (a
        game names its special hands)."""
        exact = boxes.ratio_of(ratio)
        if exact > 0:
            return "natural" if self.natural(hand) else "won"
        if exact == 0:
            return "push"
        return "bust" if is_bust(hand["cards"]) else "lost"

    def _end(self, step: Step) -> None:
        state = step.state
        shoe = step.shoe()
        if shoe.in_play:
            shoe.discard_cards(list(shoe.in_play))
        state["phase"] = OVER
        state["over"] = True
        state["turn"] = None
        state["escrowed"] = {}
        state["result"] = self._result(state)
        # the result is never changed once made: the event and the state may share it
        step.events.append({"type": "hand_over", "result": state["result"]})

    def _nets(self, box_state: dict) -> dict[str, int]:
        nets: dict[str, int] = {}
        for hand in box_state["hands"]:
            for entry in (hand["settled"] or {}).get("nets", []):
                key = str(entry["seat"])
                nets[key] = nets.get(key, 0) + entry["net"]
        for side in box_state["side"]:
            if side["settled"] is not None:
                key = str(side["seat"])
                nets[key] = nets.get(key, 0) + side["settled"]["net"]
        return nets

    def _result(self, state: State) -> dict:
        """Each box's hands (cards, total, outcome, nets) and nets by seat, the dealer's hand,
        each seat's net over the hand."""
        by_box = {}
        by_seat: dict[str, int] = {}
        for number in self._order(state):
            box_state = state["boxes"][str(number)]
            nets = self._nets(box_state)
            by_box[str(number)] = {
                "owner": box_state["owner"],
                "hands": [
                    {
                        "cards": list(h.get("cards", [])),
                        "total": label(h.get("cards", [])),
                        "outcome": h.get("outcome"),
                        "nets": {
                            str(n["seat"]): n["net"] for n in (h["settled"] or {}).get("nets", [])
                        },
                    }
                    for h in box_state["hands"]
                ],
                "nets": nets,
            }
            for key, net in nets.items():
                by_seat[key] = by_seat.get(key, 0) + net
        dealer = state["dealer"]["cards"]
        return {
            "void": False,
            "boxes": by_box,
            "nets": by_seat,
            "dealer": {
                "cards": list(dealer),
                "total": label(dealer) if dealer else None,
                "natural": is_natural(dealer),
                "bust": is_bust(dealer) if dealer else False,
            },
        }

    # --- what each may see ---------------------------------------------------------------------

    def _hand_view(self, state: State, box_state: dict, index: int) -> dict:
        hand = box_state["hands"][index]
        cards = list(hand.get("cards", []))
        best, soft = total(cards) if cards else (0, False)
        settled = hand["settled"]
        return {
            "index": index,
            "cards": cards,
            "total": best if cards else None,
            "soft": soft,
            "label": label(cards) if cards else None,
            "natural": bool(cards) and self.natural(hand),
            "bust": best > 21,
            "doubled": bool(hand.get("doubled")),
            "split": bool(hand.get("made")),
            "split_aces": bool(hand.get("aces")),
            "surrendered": bool(hand.get("surrendered")),
            "done": bool(hand.get("done")) or settled is not None,
            "outcome": hand.get("outcome"),
            "stakes": [
                {
                    "seat": s["seat"],
                    "amount": s["amount"],
                    "doubled": s["doubled"],
                    "even_money": bool(s.get("even_money")),
                    "surrendered": bool(s.get("surrendered")) or bool(hand.get("surrendered")),
                    "net": (s.get("settled") or {}).get("net"),
                }
                for s in hand["stakes"]
            ],
            "nets": {str(n["seat"]): n["net"] for n in (settled or {}).get("nets", [])},
            **self.hand_facts(hand),
        }

    def hand_facts(self, hand: dict) -> dict:
        """A game's own public facts of a hand, added to its view (its cards bought, say)."""
        return {}

    def _box_view(self, state: State, number: int) -> dict:
        box_state = state["boxes"][str(number)]
        turn = state["turn"]
        return {
            "number": number,
            "owner": box_state["owner"],
            "stakes": [dict(s) for s in box_state["stakes"]],
            "total": boxes.box_total(box_state),
            "hands": [self._hand_view(state, box_state, i) for i in range(len(box_state["hands"]))],
            "side": [
                {
                    "seat": s["seat"],
                    "kind": s["kind"],
                    "amount": s["amount"],
                    "net": (s["settled"] or {}).get("net"),
                }
                for s in box_state["side"]
            ],
            "insured": [s["seat"] for s in box_state["side"] if s["kind"] == INSURANCE],
            "playing": turn is not None and turn[0] == number,
            "nets": self._nets(box_state),
        }

    def _dealer_view(self, state: State) -> dict:
        dealer = state["dealer"]
        shown = dealer["cards"][:1] if dealer["down"] else list(dealer["cards"])
        return {
            "cards": shown,
            "face_down": 1 if dealer["down"] else 0,
            "total": total(shown)[0] if shown else None,
            "soft": total(shown)[1] if shown else False,
            "label": label(shown) if shown else None,
            "natural": not dealer["down"] and is_natural(shown),
            "bust": is_bust(shown) if shown else False,
            "peeked": dealer["peeked"],
        }

    def _shoe_view(self, state: State) -> dict:
        shoe = Shoe.from_dict(state["shoe"])
        return {
            "number": state["shoe_number"],
            "new": state["new_shoe"],
            "decks": len(shoe) // DECK,
            "cards": len(shoe),
            "cards_left": shoe.remaining,
            "dealt": shoe.position,
            "discards": shoe.position - len(shoe.in_play),
            "cut_card": {"at": shoe.cut_at, "out": shoe.cut_card_out},
            "cutter": state["cutter"] if state["new_shoe"] else None,
            "cut": state["cut"],
        }

    def view(self, state: State, seat: int | None) -> dict:
        """Everything public: every box (owner, stakes, hands with cards and totals, flags,
        results and nets), the dealer's cards in order (a face-down one counted, never shown),
        the shoe (no order: its counts and the cut card), §105's pack check at a new shoe
        before its first deal, the phase and who decides. A seat also gets its legal actions
        and their amount ranges (``ranges``)."""
        waiting = self.to_act(state)
        limits = state["limits"]
        pending = state["pending"]
        turn = state["turn"]
        public = {
            "game": self.game,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "layout": limits["boxes"],
            "boxes": [self._box_view(state, n) for n in self._order(state)],
            "dealer": self._dealer_view(state),
            "shoe": self._shoe_view(state),
            "pack": dict(state["pack"]) if state["pack"] is not None else None,
            "turn": (
                {
                    "box": turn[0],
                    "hand": turn[1],
                    "seat": state["boxes"][str(turn[0])]["owner"],
                    "asking": pending["kind"] if pending else None,
                    "asked": list(pending["waiting"]) if pending else [],
                }
                if turn is not None and state["phase"] == PLAYING
                else None
            ),
            "to_act": waiting,
            "players": list(state["players"]),
            "limits": {
                "min_bet": limits["min_bet"],
                "max_bet": limits["max_bet"],
                "min_unit": limits["min_unit"],
                "max_payout": limits["max_payout"],
                "max_exposure": limits["max_exposure"],
                "boxes_per_player": limits["boxes_per_player"],
                "bets_behind": limits["bets_behind"],
                "side_bets": copy_json(limits["side_bets"]),
                "surrender": state["options"]["surrender"],
                "natural_pays": str(boxes.ratio_of(self.rules.natural_pays)),
                "insurance_pays": str(boxes.ratio_of(self.rules.insurance_pays)),
                "boxes_a_bet": self.boxes_a_bet,
                "hole_card": state["options"]["hole_card"],
                "dealer_hits_soft_17": self.rules.dealer_hits_soft_17,
                "dealer_22_pushes": self.rules.dealer_22_pushes,
            },
            "exposure": self.exposure(state),
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            legal = self.legal_actions(state, seat)
            public["legal"] = legal
            public["deciding"] = seat in waiting
            public["ranges"] = self._ranges(state, seat) if seat in waiting else None
        return public

    def _ranges(self, state: State, seat: int) -> dict:
        """The seat's amount ranges now: the betting window's, insurance by box, the cut."""
        phase = state["phase"]
        if phase == BETTING:
            return self._bet_ranges(state, seat)
        if phase == CUT:
            return {"cut": list(self.player_cut_range(len(Shoe.from_dict(state["shoe"]))))}
        if phase == INSURING:
            found = {}
            for action in self._offers(state, seat):
                if action["type"] == INSURANCE:
                    found.setdefault(str(action["box"]), []).append(action["amount"])
            return {"insurance": {n: [min(a), max(a)] for n, a in found.items()}}
        return {}

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {}  # every box's cards are the table's to see

    def hidden_cards(self, state: State) -> list[str]:
        dealer = state["dealer"]
        return [dealer["cards"][1]] if dealer["down"] and not state["over"] else []

    def undealt(self, state: State) -> list[str]:
        return Shoe.from_dict(state["shoe"]).undealt

    def undealt_committed(self, state: State) -> list[str]:
        """The undealt cards still in the committed order: after a player's cut, those before
        the point where the committed order starts again; none after a reshuffle."""
        if state["reshuffled"]:
            return []
        shoe = Shoe.from_dict(state["shoe"])
        undealt = shoe.undealt
        wrap = state["wrap"]
        if wrap is None or shoe.position >= wrap:
            return undealt
        return undealt[: wrap - shoe.position]

    def all_cards(self, state: State) -> list[str]:
        shoe = Shoe.from_dict(state["shoe"])
        return [*shoe.undealt, *shoe.in_play, *shoe.discard]

    # --- the shoe across hands -----------------------------------------------------------------

    def carry_over(self, state: State) -> dict:
        """The shoe goes on to the next hand (a voided hand's cards to the discard)."""
        shoe = state["shoe"]
        if shoe.get("in_play"):
            shoe = dict(shoe, in_play=[])
        return {
            "shoe": dict(shoe),
            "shoe_number": state["shoe_number"],
            "hands_dealt": state["hands_dealt"],
            "record": state["record"],
            "wrap": state["wrap"],
            "reshuffled": state["reshuffled"],
            "cutter": state["cutter"],
        }

    def commitment(self, state: State) -> Commitment:
        return Commitment(f"shoe:{state['shoe_number']}", state["record"])

    def commitment_finished(self, state: State) -> bool:
        return self.is_hand_over(state) and (
            state["reshuffled"] or Shoe.from_dict(state["shoe"]).cut_card_out
        )

    # --- the house -----------------------------------------------------------------------------

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

    # --- the session ---------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat with a stake working (a box, a bet behind, insurance) keeps it after its
        player leaves, until the hand settles it."""
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working costs nothing now: it plays on (``holds_bets``), his
        decisions taken by their clocks. With nothing staked he folds out of the hand."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return None
        return self._fold(state, seat, "left", rng)

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit: with a stake working his clock's choices are made now
        and, for the rest of the hand, as each decision of his comes; with none he folds, as
        leaving."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            state = dict(state, away=[*state["away"], seat])
            return self._play_away(state, [{"type": "absent", "seat": seat}], rng)
        return self._fold(state, seat, "absent", rng)

    def _fold(self, state: State, seat: int, reason: str, rng: Draws | None):
        step = Step(state, rng)
        step.state["players"].remove(seat)
        step.events.append({"type": reason, "seat": seat})
        self._advance(step)
        state, events = step.finish()
        return self._play_away(state, events, rng)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        state["pending"] = None
        state["turn"] = None
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        shoe = Shoe.from_dict(state["shoe"])
        facts.append([gettext_noop("Boxes"), f"{len(state['boxes'])}/{state['limits']['boxes']}"])
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        facts.append([gettext_noop("Cards left"), shoe.remaining])
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stages = {
            CUT: gettext_noop("cutting the shoe"),
            BETTING: gettext_noop("taking bets"),
            INSURING: gettext_noop("insurance"),
            EARLY: gettext_noop("surrenders"),
            PLAYING: gettext_noop("playing the boxes"),
        }
        return {
            "pot": sum(state["pots"].values()),
            "stage": stages.get(state["phase"], ""),
            "facts": facts,
        }
