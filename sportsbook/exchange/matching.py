"""Price-then-time matching of one outcome's back and lay offers (BK §41–§46). No Django.

Terms (A1, A2, section 5): odds are **net odds** k > 0; an offer's stake is always the
**backer's stake** S in minor units. A back offer risks S; a lay offer risks S·k (its liability).

Matching (BK §43, A5, A7): a standing back offer at k_b and a lay at k_l cross when k_b <= k_l.
An incoming offer meets the standing offers of the other side best price first (a backer the
highest lay odds, a layer the lowest back odds), and at one price the earliest first (A7: the
offer recorded first wins). It is matched at the standing offer's price, so nobody is ever
matched at a price worse than he asked (a backer gets at least his k, a layer pays at most his).
Each fill may be a part of either offer (BK §43); the rest of an incoming offer stands (a post)
or is dropped (a take: it accepts what stands and nothing more, A7 "otherwise rejected").
"""

from __future__ import annotations

import bisect
import enum
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from casino.money import round_minor


class Side(enum.StrEnum):
    BACK = "back"  # BK §40: the outcome will happen
    LAY = "lay"  # BK §40: the outcome will not happen

    @property
    def other(self) -> Side:
        return Side.LAY if self is Side.BACK else Side.BACK


def liability(side: Side | str, stake: int, odds: Decimal) -> int:
    """The most a side can lose on `stake` at net odds `odds` (A3): a backer his stake (BK §50),
    a layer S·k (BK §51), rounded once toward zero (A14) as his loss will be (settle.bet_result),
    so what is reserved always covers the loss."""
    if side == Side.BACK:
        return stake
    return round_minor(Decimal(stake) * odds)


@dataclass
class Offer:
    """A standing (or incoming) offer. `seq` orders offers in time (A7: the server's order)."""

    id: int
    player: int
    side: Side
    odds: Decimal
    remaining: int
    seq: int
    open_to: frozenset[int] | None = None  # A4: the only players who may take it (None: all)

    @property
    def liability(self) -> int:
        return liability(self.side, self.remaining, self.odds)

    def admits(self, player: int) -> bool:
        """A4: the proposer may restrict his offer to named players."""
        return self.open_to is None or player in self.open_to


def may_match(incoming: Offer, standing: Offer) -> bool:
    """Whether the two offers may make a bet: two players (A4: a player cannot accept his own
    offer), each among the players the other's offer is open to (A4's named players)."""
    return (
        standing.player != incoming.player
        and standing.admits(incoming.player)
        and incoming.admits(standing.player)
    )


@dataclass(frozen=True)
class Fill:
    """A concluded bet (BK §42): `stake` of the backer's at `odds`, between two offers."""

    back_offer: int
    lay_offer: int
    back_player: int
    lay_player: int
    odds: Decimal
    stake: int
    maker: int  # the standing offer's id (its price is the bet's)
    taker: int

    @property
    def lay_liability(self) -> int:
        return liability(Side.LAY, self.stake, self.odds)


class OfferError(ValueError):
    """An offer the book cannot hold as given (a programming or validation slip upstream)."""


def crosses(incoming: Side, limit: Decimal, standing: Decimal) -> bool:
    """Whether an incoming offer at `limit` may be matched at a standing offer's price."""
    return standing >= limit if incoming is Side.BACK else standing <= limit


class _Half:
    """One side's standing offers: price levels (each a queue in time order) and the prices in
    order of preference for an incoming offer of the other side."""

    def __init__(self, side: Side):
        self.side = side
        self.levels: dict[Decimal, deque[Offer]] = {}
        # ascending; backs are met lowest first, lays highest first (iterated from the end)
        self.prices: list[Decimal] = []

    def add(self, offer: Offer) -> None:
        level = self.levels.get(offer.odds)
        if level is None:
            level = self.levels[offer.odds] = deque()
            bisect.insort(self.prices, offer.odds)
        level.append(offer)

    def remove(self, offer: Offer) -> None:
        level = self.levels[offer.odds]
        level.remove(offer)
        if not level:
            self._drop_level(offer.odds)

    def _drop_level(self, price: Decimal) -> None:
        del self.levels[price]
        del self.prices[bisect.bisect_left(self.prices, price)]

    def best_first(self) -> Iterator[Decimal]:
        return reversed(self.prices) if self.side is Side.LAY else iter(self.prices)

    def best(self) -> Decimal | None:
        if not self.prices:
            return None
        return self.prices[-1] if self.side is Side.LAY else self.prices[0]


class Book:
    """The standing offers on one outcome. Not thread-safe: the service holds the market's row
    lock while it builds and matches a book, so one change at a time is recorded (A7)."""

    def __init__(self, offers: Iterable[Offer] = ()):
        self.halves = {Side.BACK: _Half(Side.BACK), Side.LAY: _Half(Side.LAY)}
        self.offers: dict[int, Offer] = {}
        for offer in sorted(offers, key=lambda o: o.seq):
            self._rest(offer)

    def _rest(self, offer: Offer) -> None:
        if offer.id in self.offers:
            raise OfferError(f"offer {offer.id} is already in the book")
        self.offers[offer.id] = offer
        self.halves[offer.side].add(offer)

    def submit(self, offer: Offer, *, rest: bool = True) -> list[Fill]:
        """Match `offer` against the standing offers (BK §43, A5, A7); with `rest` its unmatched
        part then stands in the book (a posted offer), without it the part is dropped (a take).
        Returns the fills in the order they were concluded."""
        if offer.remaining <= 0:
            raise OfferError("a stake must be more than zero")
        if offer.odds <= 0:
            raise OfferError("net odds must be more than zero (A12)")
        fills: list[Fill] = []
        other = self.halves[offer.side.other]
        for price in list(other.best_first()):
            if not offer.remaining or not crosses(offer.side, offer.odds, price):
                break
            level = other.levels[price]
            passed: list[Offer] = []  # A4: offers it may not meet keep their places
            while offer.remaining and level:
                standing = level.popleft()
                if not may_match(offer, standing):
                    passed.append(standing)
                    continue
                stake = min(offer.remaining, standing.remaining)
                back, lay = (offer, standing) if offer.side is Side.BACK else (standing, offer)
                fills.append(
                    Fill(
                        back.id,
                        lay.id,
                        back.player,
                        lay.player,
                        price,
                        stake,
                        standing.id,
                        offer.id,
                    )
                )
                offer.remaining -= stake
                standing.remaining -= stake
                if standing.remaining:
                    level.appendleft(standing)
                else:
                    del self.offers[standing.id]
            level.extendleft(reversed(passed))
            if not level:
                other._drop_level(price)
        if rest and offer.remaining:
            self._rest(offer)
        return fills

    def cancel(self, offer_id: int) -> Offer:
        """Withdraw the unmatched part (BK §44, A6). The matched part is final (BK §45): it is no
        longer in the book, so cancelling a fully matched offer raises OfferError."""
        offer = self.offers.pop(offer_id, None)
        if offer is None:
            raise OfferError("nothing of this offer is left unmatched (BK §45)")
        self.halves[offer.side].remove(offer)
        return offer

    def edit(self, offer_id: int, *, new_id: int, odds: Decimal, stake: int, seq: int):
        """A6: an edit is a withdrawal and a new offer (new time priority). Returns the withdrawn
        offer and the fills of the new one."""
        old = self.cancel(offer_id)
        new = Offer(new_id, old.player, old.side, odds, stake, seq, old.open_to)  # same parties
        return old, self.submit(new)

    def lapse(self) -> list[Offer]:
        """BK §46, A8: at the event's start every unmatched offer is annulled."""
        lapsed = sorted(self.offers.values(), key=lambda o: o.seq)
        self.__init__()
        return lapsed

    def ladder(self, side: Side, depth: int = 3) -> list[tuple[Decimal, int]]:
        """The best `depth` prices of one side's standing offers with the stake available at
        each, best first (for a backer taking lays: highest first)."""
        half = self.halves[side]
        out = []
        for price in half.best_first():
            out.append((price, sum(o.remaining for o in half.levels[price])))
            if len(out) == depth:
                break
        return out
