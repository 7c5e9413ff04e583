"""Best play for the twenty-one games, computed from their rules: Blackjack (CG §90-§105),
Blackjack Switch (CG §69-§89) and Pontoon (CG §128-§137), each with the decisions of its rules
file's section 5 (``../shared/rules/blackjack.md``, ``blackjack-switch.md``, ``pontoon.md``).

Pure arithmetic: no engine is used. The per-game modules of the return harness
(``tables/games/blackjack/strategy.py`` and the others) turn an engine's state and legal actions
into the calls below.

    best_move(game, cards, up_card, allowed, *, split=False, switched=False, other_box=None)
    best_switch(box1, box2, up_card) -> bool            (Blackjack Switch, CG §70)
    switch_plan(box1, box2, up_card) -> dict            (surrender per box, then the switch)
    take_insurance(game, cards, up_card) -> bool        (CG §103, §81, §137)
    take_even_money(game, cards, up_card) -> bool       (CG §103, §134)
    action_values(game, cards, up_card, ...) -> {move: expected result per unit of stake}
    dealer_outcomes(game, up_card) -> {outcome: chance}
    expected_return(game) -> {"ev", "staked", "return", ...}

Cards are strings as in ``tables/engines/cards.py`` ("AS", "TD", "9H"); moves are "hit",
"stand", "double", "split", "surrender" (the blackjacks) and "twist", "buy", "stand", "split"
(Pontoon). ``allowed`` is the set of moves the engine offers; the move returned is the allowed
one of the highest expected result (so a double that is not offered falls back to the next best,
as a chart's "Dh"/"Ds" say).

The approximation (the same for every game): the shoe is six decks (CG §90, §128; Switch S1)
less the hand's first two cards and the dealer's up card, so every decision depends on those
three cards exactly ("two-card composition dependent"); every later card, the player's and the
dealer's, is drawn from that fixed composition (as if with replacement). A hand that came from a
split is valued in the shoe less the pair and the up card; a Blackjack Switch box in the shoe
less its own two cards and the up card (not the other box's). Against exact finite-shoe
analysis this is off by a few hundredths of a per cent of the return.

Tables are computed per (game, first two card values, up card value) the first time they are
asked for and kept (functools.cache): about 550 entries a game, each a table lookup afterwards.
``python -m tables.families.twentyone.strategy.charts`` prints the dealer's outcomes, the charts,
the insurance and even-money values and each game's expected return.

What each game's rules give (the cites are the rules files' paragraphs and letters):

Blackjack. No hole card (B1): the dealer's second card comes after the players, so a dealer
natural (CG §92) is an outcome of the dealer's draw, and it takes everything on the box: the
doubles and the splits too (B2, decision B6), the whole bet of a surrendered hand (decision B6;
half is kept only if the dealer makes no natural), a player's natural pushes with it (§103).
Dealer stands on all 17s (§95, B3). Natural 3:2 (§99). Double on any two cards (§98) but not on
21 (§98); after a split too except on split aces (B5). Equal ranks split up to 3 times, 4 hands
(§96, B4); aces once, one card each (§97); a split ace and a ten are 21 (§92). Surrender is the
first decision only (§102, B6). Insurance pays 2:1 (§103); even money 1:1 (§103).

Blackjack Switch. The dealer peeks under an ace or a ten (S2), so every decision is taken
knowing there is no dealer natural (on a natural the boxes lose their bet, a natural pushes,
S3). Dealer hits soft 17 (§75, S12). Dealer 22 pushes every live hand (§84); 23 and more busts
(S5). A two-card natural pays 1:1 (§83) and is settled before the dealer plays (S5); an ace and
a ten made by the switch or a split are 21 (§71, S8). Double on any two cards (§77), 21 included
(decision S9), after a split too (S8). Splits up to 3 times (§76, S8), aces one card each, not
resplit (S8). Surrender per box (S7) for half the bet (§79) before the switch (§80, §82): a box
surrendered cannot be switched. The switch swaps the boxes' second cards (§70). No even money
(§83). The Super Match bet (§85-§86) is independent of the play and not treated here.

Pontoon. The dealer has one card while the players play (§131) and draws to 17, standing on a
soft 17 (N8); a dealer Pontoon is his first two cards an ace and a ten (N7). Ties lose (§135).
The player must draw while below 15 and may stand from 15 (decision N1). A twist is a free card,
a buy adds one original stake (§132, N6); the 3rd card may be bought, the 4th only if the 3rd
was, the 5th is always twisted (§132); five cards at most (N2); five cards of 21 or less win 3:2
against anything at once (§133, N3). Pontoon (an ace and a ten as the first two cards, not after
a split, N9) pays 2:1 (§134, §135) and loses only to a dealer Pontoon (N4). Three cards of one
rank of 21 or less, standing, win 1:1 whatever the dealer has but a Pontoon (§135, N5): with the
must-draw rule only 5-5-5, 6-6-6 and 7-7-7 can stand. A dealer Pontoon beats everything but a
player's five cards (N7); a bust loses at once (N12). Pairs split any number of times, aces once
with one card each (§136; a split ace stands on its two cards, below 15 too). Insurance is half
the stake at 2:1 (§137, N10); even money on a Pontoon against an ace (§134, N11).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from tables.families.twentyone.strategy.dealer import (
    ACE,
    BLACKJACK,
    CARD_VALUES,
    DECKS,
    NATURAL,
    OUTCOME_NAMES,
    PONTOON,
    PONTOON_STAND_FROM,
    TEN,
    TRIPS_RANKS,
    _chances,
    _counts,
    _dealer,
    _rules,
    value,
)
from tables.families.twentyone.strategy.shoes import Value, _shoe_for

# --- the decisions --------------------------------------------------------------------------


def action_values(
    game: str,
    cards: Sequence[str],
    up_card: str,
    *,
    split: bool = False,
    switched: bool = False,
    may_buy: bool | None = None,
) -> dict[str, float]:
    """Every move's expected result for the hand, per unit of its stake so far (a double's
    or a buy's extra stake counted in). ``split``: the hand came from a split (its first card
    is the pair's); ``switched``: a Switch hand made by the switch (an ace and a ten are 21);
    ``may_buy`` (Pontoon): every extra card so far was bought and the next is the 3rd or 4th
    (by default: the hand has two cards)."""
    return {
        move: ev
        for move, (ev, _stake) in _plays(game, cards, up_card, split, switched, may_buy).items()
    }


def _plays(game, cards, up_card, split, switched, may_buy) -> dict[str, Value]:
    _rules(game)
    values = [value(card) for card in cards]
    up = value(up_card)
    if len(values) < 2:
        raise ValueError("a hand has two cards or more")
    if split:
        shoe = _shoe_for(game, values[0], values[0], up)
    else:
        shoe = _shoe_for(game, values[0], values[1], up)
    hard, soft, n = sum(values), ACE in values, len(values)
    if game == "pontoon":
        if split and n == 2:
            plays = shoe.split_hand(values[1])
            if values[1] == values[0] and cards[1][0] != cards[0][0]:
                plays.pop("split", None)  # two tens of different ranks
            return plays
        if n == 2:
            plays = shoe.initial
            if "split" in plays and cards[1][0] != cards[0][0]:
                plays = {k: v for k, v in plays.items() if k != "split"}
            return plays
        buy = bool(may_buy) and n < 4
        if n == 3 and len({card[0] for card in cards}) == 1 and values[0] in TRIPS_RANKS:
            plays = dict(shoe.moves[(3, buy)][0][hard]) if hard <= 21 else {}
            if PONTOON_STAND_FROM <= hard <= 21:
                plays["stand"] = (1.0 - 2.0 * shoe.dealer[NATURAL], 1.0)  # §135, N5
            return plays
        return shoe.drawn(hard, soft, n, buy)
    if n == 2:
        if split:
            plays = shoe.split_hand(values[1])
        elif switched:
            plays = shoe.switched_in
            if values[0] == values[1]:
                plays = {**plays, "split": shoe.split}
        else:
            plays = shoe.initial
        if "split" in plays and cards[1][0] != cards[0][0]:
            plays = {k: v for k, v in plays.items() if k != "split"}
        return plays
    return shoe.drawn(hard, soft)


def best_move(
    game: str,
    cards: Sequence[str],
    up_card: str,
    allowed: Iterable[str],
    *,
    split: bool = False,
    switched: bool = False,
    other_box: Sequence[str] | None = None,
) -> str:
    """The allowed move of the highest expected result for the hand (see ``action_values``).

    Pontoon: a buy is taken as offered only when every extra card so far was bought, so
    ``"buy" in allowed`` says whether the hand may still buy. Blackjack Switch: a surrender is
    decided before the switch (§80, S7), so with ``other_box`` (the player's other box, as
    dealt) the surrender is the one ``switch_plan`` chooses."""
    if other_box is None:
        return _best_move_of_ranks(
            game,
            tuple(card[0] for card in cards),
            up_card[0],
            frozenset(allowed),
            split,
            switched,
        )
    return _best_move(game, cards, up_card, allowed, split, switched, other_box)


# A decision reads only the ranks of the cards (``value`` and the split's same-rank test read a
# card's first letter): one per (game, ranks, up rank, moves offered, split, switched), kept,
# as a return run asks the same few thousand again and again (issue 50). A rank alone is a card
# to the arithmetic below.
@functools.lru_cache(maxsize=1 << 16)
def _best_move_of_ranks(game, ranks, up_rank, allowed, split, switched) -> str:
    return _best_move(game, ranks, up_rank, allowed, split, switched, None)


def _best_move(game, cards, up_card, allowed, split, switched, other_box) -> str:
    allowed = set(allowed)
    if game == "blackjack_switch" and "surrender" in allowed and other_box is not None:
        plan = switch_plan(cards, other_box, up_card)
        if plan["surrender"][0]:
            return "surrender"
        allowed.discard("surrender")
    may_buy = "buy" in allowed if game == "pontoon" else None
    plays = action_values(game, cards, up_card, split=split, switched=switched, may_buy=may_buy)
    choices = [(ev, move) for move, ev in plays.items() if move in allowed]
    if not choices:
        if "stand" in allowed:
            return "stand"
        raise ValueError(f"none of {sorted(allowed)} is a move for {list(cards)} vs {up_card}")
    return max(choices)[1]


# A dealt natural is settled 1:1 right after the dealer's check (S5), before the switch (S6):
# the box is no longer live, and a switch needs two live boxes (as after a surrender, S7).
NATURAL_SETTLED_BEFORE_SWITCH = True
SURRENDERED: Value = (-0.5, 1.0)  # CG §79: half the bet back (after the peek)


def _plan(
    kept: tuple[Value, Value],
    swapped: tuple[Value, Value],
    may_switch: bool,
    without: frozenset[str] = frozenset(),
) -> tuple[Value, str, tuple[bool, bool]]:
    """The best of: each box played as dealt or surrendered, or the switch (§70, §80, S7).
    ``kept``/``swapped``: the boxes' best plays without surrender, as dealt and switched."""
    surrender = "surrender" not in without
    given = tuple(surrender and box < SURRENDERED for box in kept)
    boxes = [SURRENDERED if give else box for give, box in zip(given, kept, strict=True)]
    keep = (boxes[0][0] + boxes[1][0], boxes[0][1] + boxes[1][1])
    switched = (swapped[0][0] + swapped[1][0], swapped[0][1] + swapped[1][1])
    if may_switch and "switch" not in without and switched[0] > keep[0]:
        return switched, "switch", (False, False)
    return keep, ("surrender" if any(given) else "keep"), given


def _is_natural(cards: Sequence[int]) -> bool:
    return len(cards) == 2 and {cards[0], cards[1]} == {ACE, TEN}


def switch_plan(box1: Sequence[str], box2: Sequence[str], up_card: str) -> dict:
    """The player's choice before playing his two Switch boxes (after the peek): surrender a box
    (half back, §79, S7; it can then not be switched), else switch the second cards (§70) or
    not. A dealt natural is settled first (S5) and stops the switch
    (``NATURAL_SETTLED_BEFORE_SWITCH``). Returns {"surrender": (bool, bool), "switch": bool,
    "ev": the best sum, "keep": the boxes' sum as dealt, best surrenders included, "switched":
    the sum after the switch}, per unit of one box's bet."""

    def best(cards, switched):
        plays = _plays("blackjack_switch", cards, up_card, False, switched, None)
        return max(v for move, v in plays.items() if move != "surrender")

    kept = (best(box1, False), best(box2, False))
    swapped_boxes = (box1[0], box2[1]), (box2[0], box1[1])
    swapped = (best(swapped_boxes[0], True), best(swapped_boxes[1], True))
    naturals = _is_natural([value(c) for c in box1]) or _is_natural([value(c) for c in box2])
    may_switch = not (naturals and NATURAL_SETTLED_BEFORE_SWITCH)
    chosen, choice, given = _plan(kept, swapped, may_switch)
    keep, _choice, _given = _plan(kept, swapped, False)
    return {
        "surrender": given,
        "switch": choice == "switch",
        "ev": chosen[0],
        "keep": keep[0],
        "switched": swapped[0][0] + swapped[1][0],
    }


def best_switch(box1: Sequence[str], box2: Sequence[str], up_card: str) -> bool:
    """Whether to swap the two boxes' second cards (§70): the sum of the boxes' values after
    the swap against before (a natural only as dealt, §71; a box's surrender counted)."""
    return switch_plan(box1, box2, up_card)["switch"]


def _tens_chance(game: str, cards: Sequence[str], up_card: str) -> float:
    return _tens_chance_without(tuple(sorted(value(c) for c in (*cards, up_card))))


# the shoe less the cards seen depends on their values alone, in any order: kept per values (a
# return run asks insurance of the same few hands again and again, issue 50)
@functools.lru_cache(maxsize=1 << 12)
def _tens_chance_without(values: tuple[int, ...]) -> float:
    counts = _counts(list(values))
    return counts[TEN] / sum(counts)


def insurance_value(game: str, cards: Sequence[str], up_card: str) -> float:
    """The insurance bet's expected result per unit insured (2:1 if the dealer's next card is a
    ten, CG §103, §81, §137); only against an ace."""
    if value(up_card) != ACE:
        raise ValueError("insurance is offered against an ace only")
    tens = _tens_chance(game, cards, up_card)
    return 2.0 * tens - (1.0 - tens)


def take_insurance(game: str, cards: Sequence[str], up_card: str) -> bool:
    """Never without counting: a ten comes with chance at most 96/309 < 1/3 in six decks."""
    _rules(game)
    return insurance_value(game, cards, up_card) > 0.0


def even_money_values(game: str, cards: Sequence[str], up_card: str) -> tuple[float, float]:
    """(taking even money, declining it) for a natural against an ace, per unit: 1 at once, or
    3:2 / 2:1 unless the dealer's next card is a ten (blackjack: a push, §103; Pontoon: a loss,
    N4, N11)."""
    tens = _tens_chance(game, cards, up_card)
    if game == "blackjack":
        return 1.0, BLACKJACK.natural_pays * (1.0 - tens)
    if game == "pontoon":
        return 1.0, PONTOON.natural_pays * (1.0 - tens) - tens
    raise ValueError(f"{game} offers no even money (CG §83)")


def take_even_money(game: str, cards: Sequence[str], up_card: str) -> bool:
    take, decline = even_money_values(game, cards, up_card)
    return take > decline


def dealer_outcomes(game: str, up_card: str | int) -> dict[str, float]:
    """The dealer's final outcomes from his up card, in six decks less that card (Switch: given
    no natural, after the peek)."""
    rules = _rules(game)
    up = up_card if isinstance(up_card, int) else value(up_card)
    outcomes = _dealer(_chances(_counts((up,))), up, rules)
    names = list(OUTCOME_NAMES)
    if game == "pontoon":
        names[NATURAL] = "pontoon"
    return dict(zip(names, outcomes, strict=True))


# --- the expected return ----------------------------------------------------------------------


def _deals(cards: int):
    """Every ordered deal of ``cards`` card values from the six-deck shoe with its chance."""
    counts = _counts(())

    def deal(prefix, chance, left):
        if len(prefix) == cards:
            yield tuple(prefix), chance
            return
        for x in CARD_VALUES:
            if counts[x]:
                share = counts[x] / left
                counts[x] -= 1
                prefix.append(x)
                yield from deal(prefix, chance * share, left - 1)
                prefix.pop()
                counts[x] += 1

    yield from deal([], 1.0, sum(counts))


def _same_rank(first: int, second: int) -> float:
    """The chance two cards of these values are of one rank (a pair that may be split)."""
    if first != second:
        return 0.0
    return 1.0 if first != TEN else (4 * DECKS - 1) / (16 * DECKS - 1)


def _best(plays: dict[str, Value], same_rank: float, without: frozenset[str]) -> Value:
    """The best play of a dealt hand, a ten-valued pair split only when of one rank."""
    plays = {k: v for k, v in plays.items() if k not in without}
    best = max(plays.values())
    if "split" in plays and best == plays["split"] and same_rank < 1:
        other = max(v for k, v in plays.items() if k != "split")
        return (
            same_rank * best[0] + (1 - same_rank) * other[0],
            same_rank * best[1] + (1 - same_rank) * other[1],
        )
    return best


@functools.cache
def expected_return(game: str, without: frozenset[str] = frozenset()) -> dict:
    """The game's expected result under the best play, per box and unit of the first stake:
    "ev" (minus the house edge), "staked" (every stake a box gets: doubles, splits, buys),
    "return" (returned per unit staked, stakes included: the return harness's measure) and
    the chance of each first move (Switch: of each plan, "keep", "switch", "surrender", after
    the peek). ``without``: moves never made (e.g. frozenset({"surrender"})), to set beside
    published games without them. Insurance and even money are never taken (their values are
    negative without counting: ``insurance_value``, ``even_money_values``)."""
    rules = _rules(game)
    ev = staked = 0.0
    moves: dict[str, float] = {}
    if game == "blackjack_switch":
        for (up, a1, a2, b1, b2), chance in _deals(5):
            counts = _counts((up, a1, a2, b1, b2))
            completes = TEN if up == ACE else ACE if up == TEN else None
            dealer_natural = counts[completes] / sum(counts) if completes else 0.0
            naturals = _is_natural((a1, a2)) + _is_natural((b1, b2))
            plan_value, choice = _switch_values((a1, a2), (b1, b2), up, without)
            # on a dealer natural every box loses its bet but a natural, which pushes (S3)
            ev += chance * (dealer_natural * -(2 - naturals) + (1 - dealer_natural) * plan_value[0])
            staked += chance * (dealer_natural * 2 + (1 - dealer_natural) * plan_value[1])
            moves[choice] = moves.get(choice, 0.0) + chance * (1 - dealer_natural)
        ev, staked = ev / 2, staked / 2
    else:
        for (up, first, second), chance in _deals(3):
            plays = _shoe_for(game, first, second, up).initial
            got = _best(plays, _same_rank(first, second), without)
            ev += chance * got[0]
            staked += chance * got[1]
            allowed = {k: v for k, v in plays.items() if k not in without}
            move = max(allowed, key=allowed.get)
            moves[move] = moves.get(move, 0.0) + chance
    return {
        "game": rules.name,
        "ev": ev,
        "house_edge": -ev,
        "staked": staked,
        "return": 1.0 + ev / staked,
        "first_moves": moves,
    }


@functools.cache
def _switch_values(
    box1: tuple[int, int], box2: tuple[int, int], up: int, without: frozenset[str] = frozenset()
) -> tuple[Value, str]:
    """The best plan's (ev, stake) of two Switch boxes by card values, and its name."""
    played = without | {"surrender"}

    def switched_plays(cards):
        shoe = _shoe_for("blackjack_switch", *cards, up)
        plays = dict(shoe.switched_in)
        if cards[0] == cards[1]:
            plays["split"] = shoe.split
        return plays

    kept = tuple(
        _best(_shoe_for("blackjack_switch", *box, up).initial, _same_rank(*box), played)
        for box in (box1, box2)
    )
    new = (box1[0], box2[1]), (box2[0], box1[1])
    swapped = tuple(_best(switched_plays(box), _same_rank(*box), played) for box in new)
    naturals = _is_natural(box1) or _is_natural(box2)
    may_switch = not (naturals and NATURAL_SETTLED_BEFORE_SWITCH)
    chosen, choice, _given = _plan(kept, swapped, may_switch, without)
    return chosen, choice
