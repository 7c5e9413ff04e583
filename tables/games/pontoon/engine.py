"""Pontoon (CG §128-§137, ../shared/rules/pontoon.md): twenty-one against the croupier from a
six-deck shoe, on the shared twenty-one flow (``tables.families.twentyone.engine``, whose docstring
tells the phases and the actions). Section 5 of the rules ("Decisions") overrides the proposals
of section 3: below 15 a player must draw (N1). What is Pontoon's own:

- the shoe: six decks without jokers (§128); the layout 5 to 7 boxes (``boxes``, default 7) and
  up to nine seats, so that players beyond the boxes bet behind (``bets_behind``, default on);
- the deal: two cards to each box and one face up to the dealer, no hole card (§131); his second
  card comes after every box has played;
- a player **twists** (a card, the stake as it is) or **buys** (a card, adding his original
  stake) (§132, N6): the 3rd card may be bought or twisted, the 4th bought only if the 3rd was,
  the 5th is always twisted; every stake bought shares the hand's fate and its pay; no card
  goes to a Pontoon, nor to a hard 21 (it could only bust: it stands by itself), but a soft 21
  may draw (a fifth card of 21 or less pays 3:2);
- below 15 he must draw, he may stand from 15 (decision N1): a stand below 15 is refused with a
  sentence, and his clock twists below 15, else stands; split aces take one card each and stand
  whatever their total (§136);
- a bust loses at once (N12); five cards of 21 or less (the most a hand holds, N2) win 3:2 at
  once, whatever the dealer makes (§133, N3);
- a Pontoon (an ace and a ten-value card as the first two cards of a box, not after a split, N9)
  pays 2:1 (§134, §135) and beats the dealer's five cards (§134); against the dealer's Pontoon it
  loses (N4);
- three cards of one rank, 21 or less, standing, win 1:1 whatever the dealer's total, except
  against his Pontoon (§135, N5): with N1 only 5-5-5, 6-6-6 and 7-7-7 can stand;
- the dealer draws to 17 and stands on every 17, soft ones too (§131, N8); he wins ties (§135);
  his Pontoon takes every stake left on the table, the bought ones too (N7);
- pairs of one rank split any number of times, aces once with one card each (§136, N9); each
  split hand carries a stake equal to the original and twists or buys on its own;
- insurance is exactly half the original stake (rounded down to the minor unit), offered
  against the dealer's ace before anyone plays, paying 2:1 on his Pontoon (§137, N10); even
  money pays a Pontoon against his ace 1:1 at once (§134, N11);
- no double, no surrender;
- a box shared (docs/rules-decisions.md, Pontoon): the owner decides for the box; each staker
  decides insurance and even money for his own stake; on the owner's split each splits too,
  stays or moves his bet (as §96 of Blackjack); on the owner's buy each staker behind who
  bought every earlier card of the hand buys too (his own original stake) or twists (his
  stake stays; the card is twisted for him, so he buys no later card of the hand, §132);
  his clock twists.
"""

from __future__ import annotations

from fractions import Fraction

from tables.engines import base
from tables.engines.base import IllegalAction, gettext_noop
from tables.families.house import boxes
from tables.families.twentyone.cards import is_natural, total
from tables.families.twentyone.engine import TwentyOne
from tables.families.twentyone.play import FINISHED, PlayFacts, Reason
from tables.families.twentyone.rules import SPLIT, STAND, Rules
from tables.families.twentyone.step import Step

GAME = "pontoon"
TWIST, BUY = "twist", "buy"
STAND_FROM = 15  # decision N1: below it a player must draw
MAX_CARDS = 5  # N2
FIVE_CARDS_PAY = Fraction(3, 2)  # §133
FIVE_CARDS, THREE_OF_A_KIND = "five cards", "three of a kind"  # the outcomes of §133, §135

RULES = Rules(
    decks=(6, 6),  # §128
    boxes=(5, 7),
    hole_card=False,  # §131: one card to the dealer
    dealer_hits_soft_17=False,  # §131, N8
    natural_pays=Fraction(2),  # §134, §135
    natural_ties="lose",  # N4
    ties="lose",  # §135
    dealer_22_pushes=False,
    insurance=True,  # §137
    insurance_pays=Fraction(2),  # §137
    even_money=True,  # §134, N11
    double=False,
    max_splits=None,  # §136: any number of times
    split_by="rank",  # N9
    max_cards=MAX_CARDS,  # N2
    defaults={"surrender": False},
)


def three_of_a_kind(cards) -> bool:
    """Three cards of one rank totalling 21 or less (§135, N5: A-A-A counts 13)."""
    return len(cards) == 3 and len({card[0] for card in cards}) == 1 and total(cards)[0] <= 21


def original_stake(stake: dict) -> int:
    """A stake's amount before its buys (each buy adds exactly this, N6)."""
    return stake["amount"] // (stake.get("bought", 0) + 1)


class Pontoon(TwentyOne):
    """Pontoon's rules (module docstring) on the shared flow."""

    game = GAME
    display_name = gettext_noop("Pontoon")
    seats = (1, 9)
    rules = RULES
    play_kinds = (STAND, TWIST, BUY, SPLIT)
    # the hand's fields this game's options are decided from (``PlayMixin.hand_fields_read``)
    hand_fields_read = ("done", "acted", "made", "aces", "twisted")
    timeout_kinds = (STAND, TWIST)  # N1: stands from 15, twists below
    asks = {
        **TwentyOne.asks,
        BUY: ((BUY, TWIST), gettext_noop("Buy your card too, or twist it.")),
    }

    def check_config(self, config: dict) -> dict:
        """The shared settings (``TwentyOne.check_config``); six decks only (§128), and no
        surrender."""
        if isinstance(config, dict) and config.get("decks", 6) != 6:
            raise IllegalAction(gettext_noop("Pontoon is dealt from a shoe of six decks."))
        checked = super().check_config(config)
        if checked["surrender"]:
            raise IllegalAction(gettext_noop("This game has no surrender."))
        return checked

    # --- the moves on a hand (§132, N1, N6) -----------------------------------------------------

    def play_reason(self, state, facts: PlayFacts, kind: str) -> Reason | None:
        """Stand from 15 (N1; split aces stand on their one card, §136); twist or buy on any
        hand of four cards or fewer but a Pontoon and a hard 21 (which any card would bust: it
        stands by itself; a soft 21 may still draw for five cards, §133); buy the 3rd card, the
        4th if the 3rd was bought, never the 5th (§132, N6); split as the shared rules say
        (§136)."""
        if kind not in (TWIST, BUY):
            reason = super().play_reason(state, facts, kind)
            if reason is not None or kind != STAND:
                return reason
            if facts.best < STAND_FROM and not facts.hand.get("aces"):
                return (gettext_noop("Below 15 you must draw: twist or buy a card."), {})
            return None
        if facts.finished:
            return FINISHED
        if facts.natural:
            return (gettext_noop("A Pontoon takes no card."), {})
        if facts.best == 21 and not facts.soft:
            return (gettext_noop("A hard 21 takes no card: any card would bust it."), {})
        cards = len(facts.hand["cards"])
        if cards >= MAX_CARDS:
            return (gettext_noop("This hand holds all the cards it may."), {})
        if kind == BUY:
            if cards == MAX_CARDS - 1:
                return (gettext_noop("The fifth card is always twisted."), {})
            if facts.hand.get("twisted"):
                return (gettext_noop("A card after a twisted one is not bought: twist it."), {})
        return None

    def apply_play(self, step: Step, position: int, number: int, index: int, kind: str) -> None:
        if kind not in (TWIST, BUY):
            super().apply_play(step, position, number, index, kind)
            return
        hand = step.hand(number, index)
        hand["acted"] = True
        where = {"seat": position, "box": number, "hand": index}
        if kind == TWIST:
            hand["twisted"] = True
            card = self._card_to(step, number, index)
            step.events.append({"type": TWIST, **where, "card": card})
            self.after_card(step, number, index)
            return
        hand["bought"] = hand.get("bought", 0) + 1
        amount = self._buy(step, number, index, position)
        step.events.append({"type": BUY, **where, "amount": amount})
        self._ask_behind(step, BUY, number, index)

    def _buy(self, step: Step, number: int, index: int, position: int) -> int:
        """The seat adds its original stake on the hand (N6); returns the amount."""
        hand = step.hand(number, index)
        stake = next(s for s in hand["stakes"] if s["seat"] == position)
        amount = original_stake(stake)
        pot = boxes.stake_pot(number, position, hand["id"])
        base.pay(step.state, step.events, base.seat(position), pot, amount, BUY)
        stake["amount"] += amount
        stake["bought"] = stake.get("bought", 0) + 1
        return amount

    def asked(self, kind: str, hand: dict, stake: dict) -> bool:
        """A buy asks the stakers behind who bought every earlier card of the hand: one who
        twisted a card buys no later one (§132)."""
        if kind == BUY:
            return stake.get("bought", 0) == hand.get("bought", 0) - 1
        return True

    def apply_answer(self, step: Step, position: int, pending: dict, kind: str) -> None:
        if pending["kind"] != BUY:
            super().apply_answer(step, position, pending, kind)
        elif kind == BUY:
            self._buy(step, pending["box"], pending["hand"], position)

    def after_card(self, step: Step, number: int, index: int) -> None:
        """A bust loses at once (N12); five cards of 21 or less win 3:2 at once (§133, N3)."""
        super().after_card(step, number, index)
        hand = step.hand(number, index)
        if hand["settled"] is None and len(hand["cards"]) >= MAX_CARDS:
            hand["done"] = True
            hand["outcome"] = FIVE_CARDS
            self._pay_hand(step, number, index, FIVE_CARDS_PAY)

    # --- the pay (§133-§137) --------------------------------------------------------------------

    def hand_ratio(self, state, box_state: dict, hand: dict):
        """Three of a kind standing wins 1:1 but against the dealer's Pontoon (§135, N5); else
        as the shared rules: a Pontoon 2:1 beating his five cards, losing to his Pontoon (§134,
        N4), ties lost (§135)."""
        if three_of_a_kind(hand["cards"]) and not is_natural(state["dealer"]["cards"]):
            return 1
        return super().hand_ratio(state, box_state, hand)

    def outcome_word(self, hand: dict, ratio) -> str:
        if three_of_a_kind(hand["cards"]) and boxes.ratio_of(ratio) > 0:
            return THREE_OF_A_KIND
        return super().outcome_word(hand, ratio)

    def insurance_range(self, state, box_state: dict, stake: int) -> tuple[int, int] | None:
        """Exactly half the stake, rounded down to the minor unit, at least ``min_unit``
        (§137, N10)."""
        half = stake // 2
        return (half, half) if half >= state["limits"]["min_unit"] else None

    def best_line(self, state, box_state: dict) -> Fraction:
        """The most a unit on the box can still win: a Pontoon's 2:1 while the box may be one,
        3:2 while a hand may still take cards (five cards, §133), else 1:1."""
        hands = box_state["hands"]
        if not hands[0].get("cards") or (len(hands) == 1 and self.natural(hands[0])):
            return self.rules.natural_pays
        if any(
            h["settled"] is None and not h.get("done") and len(h["cards"]) < MAX_CARDS
            for h in hands
        ):
            return FIVE_CARDS_PAY
        return Fraction(1)

    def hand_facts(self, hand: dict) -> dict:
        """The cards bought on the hand and whether one was twisted; each staker's buys and
        what a buy (or a split) costs him: his original stake (N6)."""
        return {
            "bought": hand.get("bought", 0),
            "twisted": bool(hand.get("twisted")),
            "buys": {str(s["seat"]): s.get("bought", 0) for s in hand["stakes"]},
            "costs": {str(s["seat"]): original_stake(s) for s in hand["stakes"]},
        }


ENGINE = base.register(Pontoon())
