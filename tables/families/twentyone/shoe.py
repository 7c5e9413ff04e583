"""Twenty-one's shoe across hands (CG §90, §104, §105, §128, B13): the cut card between the
middle and one deck from the end, a player's cut of a new shoe (a deck or more from either
end), §105's check of its composition, the cards still to deal, the shoe carried to the next
hand and its shuffle commitment, revealed at the end of the hand in which the cut card came
out. Pure Python."""

from __future__ import annotations

from collections import Counter

from tables.engines.base import (
    Commitment,
    IllegalAction,
    State,
    gettext_noop,
)
from tables.engines.cards import RANKS_52, SUITS, Shoe, split_cards
from tables.families.twentyone.cards import (
    DECK,
)
from tables.families.twentyone.rules import (
    BETTING,
    _whole,
)
from tables.families.twentyone.step import Step


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


class ShoeMixin:
    """The shoe's part of ``TwentyOne``: the cut card, the player's cut, the cards to
    deal and the shoe carried over (module docstring)."""

    def cut_card_range(self, cards: int) -> tuple[int, int]:
        """Where the dealer's cut card may go, in cards dealt before it: between the middle
        and one deck from the end (CG §104, B13)."""
        return cards // 2, max(cards // 2, cards - DECK)

    def player_cut_range(self, cards: int) -> tuple[int, int] | None:
        """Where a player may cut a new shoe: a deck or more from either end (CG §104); None
        if the shoe is too short for that."""
        return (DECK, cards - DECK) if cards >= 2 * DECK else None

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
