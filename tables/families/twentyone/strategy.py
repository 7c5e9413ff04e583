"""Best play for the twenty-one games, computed from their rules: Blackjack (CG §90-§105),
Blackjack Switch (CG §69-§89) and Pontoon (CG §128-§137), each with the decisions of its rules
file's section 5 (``../shared/rules/blackjack.md``, ``blackjack-switch.md``, ``pontoon.md``).

Pure arithmetic: no engine is used. The per-game modules of the return harness
(``benchmarks/strategies/blackjack.py`` and the others) turn an engine's state and legal actions
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
``python benchmarks/strategies/twentyone.py`` prints the dealer's outcomes, the charts, the
insurance and even-money values and each game's expected return.

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
from dataclasses import dataclass

DECKS = 6
GAMES = ("blackjack", "blackjack_switch", "pontoon")

VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}
CARD_VALUES = range(1, 11)  # 1 is the ace, 10 every ten and picture
UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)  # the charts' column order
ACE, TEN = 1, 10
TEN_RANKS = 4  # T, J, Q, K: a pair of ten-valued cards splits only if of one rank (B4, S8, N9)

# The dealer's outcomes: a list indexed by these (a natural is his first two cards, CG §92)
NATURAL, BUST22, BUST = 0, 6, 7  # 1..5 are the totals 17..21; BUST22 is exactly 22
OUTCOME_NAMES = ("natural", "17", "18", "19", "20", "21", "22", "23+")


@dataclass(frozen=True)
class Rules:
    """The parts of a game's rules the arithmetic reads."""

    name: str
    hits_soft_17: bool  # dealer draws on a soft 17
    peek: bool  # a dealer natural is known before anyone plays (decisions exclude it)
    natural_pays: float  # a player's two-card natural (Pontoon), per unit
    push_22: bool  # dealer 22 pushes every live hand
    ties_lose: bool
    max_hands: int  # hands a pair may become (0: any number)
    double_on_21: bool
    surrender_loses_to_natural: bool


BLACKJACK = Rules(
    name="blackjack",
    hits_soft_17=False,  # CG §95, B3
    peek=False,  # B1
    natural_pays=1.5,  # CG §99
    push_22=False,
    ties_lose=False,  # CG §100
    max_hands=4,  # CG §96: split at most 3 times
    double_on_21=False,  # CG §98
    surrender_loses_to_natural=True,  # decision B6
)
SWITCH = Rules(
    name="blackjack_switch",
    hits_soft_17=True,  # CG §75, S12
    peek=True,  # S2
    natural_pays=1.0,  # CG §83
    push_22=True,  # CG §84
    ties_lose=False,  # S4
    max_hands=4,  # CG §76, S8
    double_on_21=True,  # decision S9
    surrender_loses_to_natural=False,  # after the peek (S6): half back
)
PONTOON = Rules(
    name="pontoon",
    hits_soft_17=False,  # N8
    peek=False,  # CG §131: one dealer card
    natural_pays=2.0,  # CG §134
    push_22=False,
    ties_lose=True,  # CG §135
    max_hands=0,  # CG §136: any number of times
    double_on_21=False,
    surrender_loses_to_natural=False,
)
RULES = {rules.name: rules for rules in (BLACKJACK, SWITCH, PONTOON)}

PONTOON_STAND_FROM = 15  # decision N1
PONTOON_MAX_CARDS = 5  # N2
FIVE_CARDS_PAY = 1.5  # CG §133
TRIPS_RANKS = (5, 6, 7)  # the three-of-a-kind hands a player may stand on (§135, N5 with N1)


def value(card: str) -> int:
    return VALUES[card[0]]


def _rules(game: str) -> Rules:
    try:
        return RULES[game]
    except KeyError:
        raise ValueError(f"no twenty-one game {game!r}; known: {', '.join(GAMES)}") from None


# --- the shoe -------------------------------------------------------------------------------


def _counts(removed: Iterable[int]) -> list[int]:
    """Cards left by value (index 1..10) in six decks less ``removed``."""
    counts = [0] + [4 * DECKS] * 9 + [16 * DECKS]
    for v in removed:
        counts[v] -= 1
    return counts


def _chances(counts: list[int]) -> list[float]:
    left = sum(counts)
    return [c / left for c in counts]


def _soft_total(hard: int, soft: bool) -> int:
    """A hand's total: an ace counts 11 where that makes 21 or less (CG §91, §71, §129)."""
    return hard + 10 if soft and hard <= 11 else hard


# --- the dealer -----------------------------------------------------------------------------


def _dealer(p: list[float], up: int, rules: Rules) -> list[float]:
    """The dealer's final outcomes from his up card, drawing from ``p``: [natural, 17, 18, 19,
    20, 21, 22, 23+]. With a peek (Switch S2) the outcomes are given that he has no natural."""
    memo: dict[tuple[int, bool], list[float]] = {}

    def final(hard: int, soft: bool) -> list[float]:
        key = (hard, soft)
        if key in memo:
            return memo[key]
        out = [0.0] * 8
        if hard > 21:
            out[BUST22 if hard == 22 else BUST] = 1.0
        else:
            total = _soft_total(hard, soft)
            soft_17 = total == 17 and soft and hard <= 11
            if total >= 18 or (total == 17 and not (soft_17 and rules.hits_soft_17)):
                out[total - 16] = 1.0
            else:
                for x in CARD_VALUES:
                    px = p[x]
                    if px:
                        sub = final(hard + x, soft or x == ACE)
                        for i in range(8):
                            out[i] += px * sub[i]
        memo[key] = out
        return out

    completes = TEN if up == ACE else ACE if up == TEN else None
    weights = list(p)
    if rules.peek and completes:
        weights[completes] = 0.0
        weights = [w / (1.0 - p[completes]) for w in weights]
    out = [0.0] * 8
    for x in CARD_VALUES:
        if x == completes:
            out[NATURAL] += weights[x]
            continue
        sub = final(up + x, up == ACE or x == ACE)
        for i in range(8):
            out[i] += weights[x] * sub[i]
    return out


def _stand_values(dealer: list[float], rules: Rules) -> list[float]:
    """A standing hand's expected result by its total 0..21 (below 17 all alike), per unit."""
    values = []
    for total in range(22):
        ev = -dealer[NATURAL]
        for i, dealer_total in enumerate(range(17, 22), start=1):
            if total > dealer_total:
                ev += dealer[i]
            elif total < dealer_total or rules.ties_lose:
                ev -= dealer[i]
        ev += dealer[BUST] + (0.0 if rules.push_22 else dealer[BUST22])
        values.append(ev)
    return values


# --- the blackjacks: one shoe's tables ------------------------------------------------------

# An action's (expected result, expected total stake), both per unit of the hand's first stake
Value = tuple[float, float]


class _BlackjackShoe:
    """Blackjack or Switch in the shoe less (first, second, up): the stand, hit and double
    values of every (hard total, soft) and, for a pair, its split."""

    def __init__(self, rules: Rules, first: int, second: int, up: int):
        self.rules = rules
        self.cards = (first, second)
        self.up = up
        p = self.p = _chances(_counts((first, second, up)))
        self.dealer = _dealer(p, up, rules)
        sv = self.stand = _stand_values(self.dealer, rules)
        # best[s][h]: the hand's value played on (stand or hit, no double); hit[s][h]; double
        best = [[0.0] * 22 for _ in range(2)]
        hit = [[0.0] * 22 for _ in range(2)]
        double = [[0.0] * 22 for _ in range(2)]
        for soft in (1, 0):  # a hard hand drawing an ace becomes soft: soft ones first
            for hard in range(21, 1, -1):
                drawn = dbl = 0.0
                for x in CARD_VALUES:
                    h = hard + x
                    if h > 21:
                        drawn -= p[x]
                        dbl -= p[x]
                    else:
                        s = soft or x == ACE
                        drawn += p[x] * best[s][h]
                        dbl += p[x] * sv[_soft_total(h, s)]
                hit[soft][hard] = drawn
                double[soft][hard] = 2.0 * dbl
                best[soft][hard] = max(sv[_soft_total(hard, soft)], drawn)
        self.best, self.hit, self.double = best, hit, double

    # two-card hands

    def _plays(self, hard: int, soft: bool, *, may_double: bool) -> dict[str, Value]:
        total = _soft_total(hard, soft)
        plays = {"stand": (self.stand[total], 1.0), "hit": (self.hit[soft][hard], 1.0)}
        if may_double and (total < 21 or self.rules.double_on_21):
            plays["double"] = (self.double[soft][hard], 2.0)
        return plays

    @functools.cached_property
    def natural(self) -> Value:
        """A two-card natural dealt (not switched, not split): 3:2 in blackjack, pushing with a
        dealer natural (§99, §103); 1:1 in Switch after the peek (§83, S5)."""
        if self.rules.peek:
            return (self.rules.natural_pays, 1.0)
        dealer_natural = self.dealer[NATURAL]
        return (self.rules.natural_pays * (1.0 - dealer_natural), 1.0)

    @functools.cached_property
    def surrender(self) -> Value:
        """Half the bet back (§102, §79), but in blackjack nothing if the dealer then makes a
        natural (decision B6)."""
        lost = self.dealer[NATURAL] if self.rules.surrender_loses_to_natural else 0.0
        return (-0.5 - 0.5 * lost, 1.0)

    @functools.cached_property
    def initial(self) -> dict[str, Value]:
        """The first decision's moves on the two cards dealt (a natural: only standing)."""
        a, b = self.cards
        if {a, b} == {ACE, TEN}:
            return {"stand": self.natural}
        plays = self._plays(a + b, ACE in (a, b), may_double=True)
        plays["surrender"] = self.surrender
        if a == b:
            plays["split"] = self.split
        return plays

    @functools.cached_property
    def switched_in(self) -> dict[str, Value]:
        """The two cards as a hand made by the switch: an ace and a ten are 21 (§71)."""
        a, b = self.cards
        return self._plays(a + b, ACE in (a, b), may_double=True)

    def split_hand(self, drawn: int) -> dict[str, Value]:
        """A hand of the pair's card and ``drawn`` after the split (this shoe is the pair's):
        no surrender (B6, §82), no natural (§92, §71), doubling allowed but not on split aces
        (B5, S8), which take one card and stand (§97, S8)."""
        v = self.cards[0]
        if v == ACE:
            return {"stand": (self.stand[_soft_total(ACE + drawn, True)], 1.0)}
        plays = self._plays(v + drawn, ACE in (v, drawn), may_double=True)
        if drawn == v:
            plays["split"] = self.split
        return plays

    @functools.cached_property
    def split(self) -> Value:
        """Splitting the pair (this shoe is the pair's), resplitting a card of the same rank up
        to ``max_hands`` hands (always, when splitting is right at all); aces once."""
        v = self.cards[0]
        p = self.p
        if v == ACE:
            ev = sum(p[x] * self.split_hand(x)["stand"][0] for x in CARD_VALUES)
            return (2.0 * ev, 2.0)
        # a card that may be split again: the same rank (a ten-valued pair: one rank in four)
        resplit = p[v] if v != TEN else p[TEN] * self._same_ten_rank()
        played = {
            x: max(self._plays(v + x, ACE in (v, x), may_double=True).values()) for x in CARD_VALUES
        }
        other = [0.0, 0.0]  # a hand's worth from a card that is not split again, weighted
        for x in CARD_VALUES:
            weight = p[x] - (resplit if x == v else 0.0)
            other[0] += weight * played[x][0]
            other[1] += weight * played[x][1]
        kept = played[v]  # the same rank once no more splits are allowed
        cap = self.rules.max_hands

        @functools.cache
        def hands(made: int, waiting: int) -> Value:
            """What the ``waiting`` hands of one card still to play are worth, ``made`` hands
            made so far."""
            if not waiting:
                return (0.0, 0.0)
            rest = hands(made, waiting - 1)
            if made < cap:
                again = hands(made + 1, waiting + 1)
            else:
                again = (kept[0] + rest[0], kept[1] + rest[1])
            return (
                other[0] + (1.0 - resplit) * rest[0] + resplit * again[0],
                other[1] + (1.0 - resplit) * rest[1] + resplit * again[1],
            )

        return hands(2, 2)

    def _same_ten_rank(self) -> float:
        """The chance a ten-valued card drawn is of the pair's rank (the pair's two removed)."""
        tens = sum(1 for c in (*self.cards, self.up) if c == TEN) - 2
        same = 4 * DECKS - 2 - tens / TEN_RANKS
        return same / (16 * DECKS - 2 - tens)

    # more cards

    def drawn(self, hard: int, soft: bool) -> dict[str, Value]:
        """A hand of three or more cards: stand or hit (doubles are on two cards, §98, §77)."""
        total = _soft_total(hard, soft)
        plays = {"stand": (self.stand[total], 1.0)}
        if total < 21:
            plays["hit"] = (self.hit[soft][hard], 1.0)
        return plays


# --- Pontoon: one shoe's tables -------------------------------------------------------------


class _PontoonShoe:
    """Pontoon in the shoe less (first, second, up): per unit of the stake so far, the value of
    every state (hard total, soft, cards held, may buy) by move, and a pair's split."""

    def __init__(self, first: int, second: int, up: int):
        rules = self.rules = PONTOON
        self.cards = (first, second)
        self.up = up
        p = self.p = _chances(_counts((first, second, up)))
        self.dealer = _dealer(p, up, rules)
        self.stand = _stand_values(self.dealer, rules)
        # moves[(n, may_buy)][soft][hard] -> {move: Value}; value[...] the best of them
        self.moves: dict[tuple[int, bool], list[list[dict[str, Value]]]] = {}
        self.value: dict[tuple[int, bool], list[list[Value]]] = {}
        for n, may_buy in ((4, False), (3, False), (3, True), (2, True)):
            moves = [[{} for _ in range(22)] for _ in range(2)]
            value = [[(0.0, 0.0)] * 22 for _ in range(2)]
            for soft in (0, 1):
                for hard in range(n, 22):
                    plays = self._moves(hard, bool(soft), n, may_buy)
                    moves[soft][hard] = plays
                    value[soft][hard] = max(plays.values())
            self.moves[(n, may_buy)] = moves
            self.value[(n, may_buy)] = value

    def _after_draw(self, hard: int, soft: bool, n: int, may_buy: bool, x: int) -> Value:
        """A card ``x`` taken into the state: bust loses at once (N12), five cards of 21 or
        less win 3:2 at once (§133, N3), else the next state's best."""
        h = hard + x
        if h > 21:
            return (-1.0, 1.0)
        if n + 1 == PONTOON_MAX_CARDS:
            return (FIVE_CARDS_PAY, 1.0)
        return self.value[(n + 1, may_buy)][soft or x == ACE][h]

    def _draw(self, hard: int, soft: bool, n: int, *, buy: bool, trips: int = 0) -> Value:
        """Twisting (free) or buying (one more stake; the next card may be bought if this is the
        3rd, §132) from this state, per unit of its stake. ``trips``: the pair's rank, whose card
        makes three of a kind."""
        may_buy_next = buy and n + 1 == 3
        ev = stake = 0.0
        for x in CARD_VALUES:
            if x == trips:
                got = self._trips(trips, may_buy_next)
            else:
                got = self._after_draw(hard, soft, n, may_buy_next, x)
            ev += self.p[x] * got[0]
            stake += self.p[x] * got[1]
        if buy:  # the stake grows from n - 1 units to n (the 3rd card: 1 -> 2, the 4th: 2 -> 3)
            grown = n / (n - 1)
            return (grown * ev, grown * stake)
        return (ev, stake)

    def _moves(self, hard: int, soft: bool, n: int, may_buy: bool) -> dict[str, Value]:
        total = _soft_total(hard, soft)
        plays: dict[str, Value] = {}
        if total >= PONTOON_STAND_FROM:
            plays["stand"] = (self.stand[total], 1.0)
        plays["twist"] = self._draw(hard, soft, n, buy=False)
        if may_buy:
            plays["buy"] = self._draw(hard, soft, n, buy=True)
        return plays

    def _trips(self, rank: int, may_buy: bool) -> Value:
        """Three cards of ``rank``: standing wins 1:1 unless the dealer makes Pontoon (§135, N5),
        when the total allows standing (N1)."""
        plays = dict(self.moves[(3, may_buy)][0][3 * rank]) if 3 * rank <= 21 else {}
        if 3 * rank >= PONTOON_STAND_FROM and 3 * rank <= 21:
            plays["stand"] = (1.0 - 2.0 * self.dealer[NATURAL], 1.0)
        return max(plays.values()) if plays else (-1.0, 1.0)

    @functools.cached_property
    def pontoon(self) -> Value:
        """A player's Pontoon: 2:1, lost to a dealer Pontoon (§134, N4)."""
        dealer = self.dealer[NATURAL]
        return (PONTOON.natural_pays * (1.0 - dealer) - dealer, 1.0)

    def pair_moves(self) -> dict[str, Value]:
        """A pair's moves on its two cards: twisting or buying to three of a kind as well."""
        v = self.cards[0]
        plays = dict(self.moves[(2, True)][v == ACE][2 * v])
        if v in TRIPS_RANKS:
            plays["twist"] = self._draw(2 * v, False, 2, buy=False, trips=v)
            plays["buy"] = self._draw(2 * v, False, 2, buy=True, trips=v)
        return plays

    @functools.cached_property
    def initial(self) -> dict[str, Value]:
        a, b = self.cards
        if {a, b} == {ACE, TEN}:
            return {"stand": self.pontoon}
        if a == b:
            return {**self.pair_moves(), "split": self.split}
        return dict(self.moves[(2, True)][ACE in (a, b)][a + b])

    def split_hand(self, drawn: int) -> dict[str, Value]:
        """A hand of the pair's card and ``drawn`` after a split: no Pontoon (N9); split aces
        take one card and stand (§136)."""
        v = self.cards[0]
        if v == ACE:
            return {"stand": (self.stand[_soft_total(ACE + drawn, True)], 1.0)}
        if drawn == v:
            return {**self.pair_moves(), "split": self.split}
        return dict(self.moves[(2, True)][ACE in (v, drawn)][v + drawn])

    @functools.cached_property
    def split(self) -> Value:
        """Splitting the pair, any card of the same rank split again (§136; always, when
        splitting is right at all): a hand waiting for its card is worth V = S + 2 q V."""
        v = self.cards[0]
        p = self.p
        if v == ACE:
            ev = sum(p[x] * self.split_hand(x)["stand"][0] for x in CARD_VALUES)
            return (2.0 * ev, 2.0)
        resplit = p[v] if v != TEN else p[TEN] / TEN_RANKS
        ev = stake = 0.0
        for x in CARD_VALUES:
            weight = p[x] - (resplit if x == v else 0.0)
            plays = self.split_hand(x) if x != v else self.pair_moves()
            best = max(plays.values())
            ev += weight * best[0]
            stake += weight * best[1]
        return (2.0 * ev / (1.0 - 2.0 * resplit), 2.0 * stake / (1.0 - 2.0 * resplit))

    def drawn(self, hard: int, soft: bool, n: int, may_buy: bool) -> dict[str, Value]:
        if n >= PONTOON_MAX_CARDS:
            return {"stand": (FIVE_CARDS_PAY, 1.0)}
        return dict(self.moves[(n, may_buy and n < 4)][soft][hard])


@functools.cache
def _shoe(game: str, first: int, second: int, up: int):
    first, second = sorted((first, second))
    if game == "pontoon":
        return _PontoonShoe(first, second, up)
    return _BlackjackShoe(_rules(game), first, second, up)


def _shoe_for(game: str, first: int, second: int, up: int):
    return _shoe(game, *sorted((first, second)), up)


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
    counts = _counts([value(c) for c in (*cards, up_card)])
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


# --- the charts -------------------------------------------------------------------------------

LETTERS = {
    "hit": "H",
    "stand": "S",
    "double": "D",
    "split": "P",
    "surrender": "R",
    "twist": "T",
    "buy": "B",
}


def _letter(plays: dict[str, Value], without: Iterable[str] = ()) -> str:
    chosen = {k: v for k, v in plays.items() if k not in set(without)}
    return LETTERS[max(chosen, key=chosen.get)]


def chart(game: str, *, without: Iterable[str] = ()) -> dict[str, dict[int, str]]:
    """The first decision by two-card hand and up card (columns 2..10, A): rows "hard 5".."hard
    20", "soft 13".."soft 20" (A,2..A,9), "pair 2".."pair A". A total made of several two-card
    compositions shows the most frequent one's move, in lower case where another composition's
    move differs. ``without``: moves taken away (e.g. {"surrender"} for a chart without it).
    Pontoon letters: T twist, B buy, S stand, P split."""
    without = set(without)
    rows: dict[str, dict[int, str]] = {}
    counts = _counts(())
    for total in range(5, 21):
        hands = [(a, total - a) for a in range(2, 10) if a < total - a <= 10]
        if not hands:
            continue
        hands.sort(key=lambda h: -counts[h[0]] * counts[h[1]])
        row = {}
        for up in UP_ORDER:
            letters = [_letter(_shoe_for(game, a, b, up).initial, without) for a, b in hands]
            row[up] = letters[0] if len(set(letters)) == 1 else letters[0].lower()
        rows[f"hard {total}"] = row
    for other in range(2, 10):
        rows[f"soft {11 + other}"] = {
            up: _letter(_shoe_for(game, ACE, other, up).initial, without) for up in UP_ORDER
        }
    for v in (*range(2, 11), ACE):
        name = "A" if v == ACE else str(v)
        rows[f"pair {name}"] = {
            up: _letter(_shoe_for(game, v, v, up).initial, without) for up in UP_ORDER
        }
    return rows


def format_chart(rows: dict[str, dict[int, str]]) -> str:
    head = "           " + " ".join(f"{'A' if up == ACE else up:>2}" for up in UP_ORDER)
    lines = [head]
    for name, row in rows.items():
        lines.append(f"{name:<10} " + " ".join(f"{row[up]:>2}" for up in UP_ORDER))
    return "\n".join(lines)


def pontoon_chart() -> dict[str, dict[int, str]]:
    """Pontoon's later decisions by total, cards held and whether the hand may still buy (the
    shoe of a typical first two cards, hard ten-and-something / soft ace-and-something): rows
    "3 cards may buy hard 15", "4 cards soft 17", ..."""
    rows = {}
    for n, may_buy in ((3, True), (3, False), (4, False)):
        label = f"{n} cards" + (" may buy" if may_buy else "")
        for soft in (False, True):
            for total in range(12 if not soft else 13, 22):
                hard = total - 10 if soft else total
                if hard < n or (soft and hard > 11):
                    continue
                row = {}
                for up in UP_ORDER:
                    # the shoe of the usual first two cards of such a hand
                    first, second = (TEN, 2) if not soft else (ACE, 2)
                    shoe = _shoe_for("pontoon", first, second, up)
                    row[up] = _letter(shoe.moves[(n, may_buy)][soft][hard])
                rows[f"{label} {'soft' if soft else 'hard'} {total}"] = row
    return rows


def _main() -> None:
    for game in GAMES:
        print(f"== {game} ==")
        print(
            "dealer's outcomes by up card (six decks less the up card"
            + (", given no natural after the peek" if RULES[game].peek else "")
            + "):"
        )
        names = list(dealer_outcomes(game, ACE))
        print("      " + " ".join(f"{n:>8}" for n in names))
        for up in UP_ORDER:
            row = dealer_outcomes(game, up)
            print(f"{'A' if up == ACE else up:>4}  " + " ".join(f"{row[n]:>8.5f}" for n in names))
        print()
        print("first decision (H hit, S stand, D double, P split, R surrender, T twist, B buy;")
        print("lower case: another composition of the total plays otherwise):")
        print(format_chart(chart(game)))
        if game == "blackjack":
            print()
            print("the same without surrender (to set beside a published no-hole-card chart):")
            print(format_chart(chart(game, without={"surrender"})))
        if game == "pontoon":
            print()
            print("later decisions:")
            print(format_chart(pontoon_chart()))
        if game != "blackjack_switch":
            take, decline = even_money_values(game, ["AS", "KH"], "AD")
            print(f"even money on A-K vs A: take {take:+.4f}, decline {decline:+.4f}")
        print(
            "insurance per unit insured, 10-7 vs A: "
            f"{insurance_value(game, ['TS', '7H'], 'AD'):+.4f}; 8-7 vs A: "
            f"{insurance_value(game, ['8S', '7H'], 'AD'):+.4f}"
        )
        result = expected_return(game)
        print(
            f"expected result per box and unit of first stake {result['ev']:+.5f} "
            f"(house edge {100 * result['house_edge']:.3f} %), staked per box "
            f"{result['staked']:.5f}, return per unit staked {result['return']:.5f}"
        )
        print()


if __name__ == "__main__":
    _main()
