"""One shoe's tables of the best-play arithmetic: every (hard total, soft) of a hand's stand, hit,
double, split and surrender values in the shoe less its first two cards and the dealer's up card,
for the blackjacks and for Pontoon (its twists, buys and five-card hands). Pure arithmetic."""

from __future__ import annotations

import functools

from tables.families.twentyone.strategy.dealer import (
    ACE,
    CARD_VALUES,
    DECKS,
    FIVE_CARDS_PAY,
    NATURAL,
    PONTOON,
    PONTOON_MAX_CARDS,
    PONTOON_STAND_FROM,
    TEN,
    TEN_RANKS,
    TRIPS_RANKS,
    Rules,
    _chances,
    _counts,
    _dealer,
    _rules,
    _soft_total,
    _stand_values,
)

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
