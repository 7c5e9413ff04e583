"""Spread-bet arithmetic (BK §28–§36 with rulings A2–A12). No Django."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal


class Direction(enum.StrEnum):
    UP = "up"  # opened by buying at the ask (BK §29, §30)
    DOWN = "down"  # opened by selling at the bid

    @property
    def sign(self) -> int:
        return 1 if self is Direction.UP else -1

    @property
    def opposite(self) -> Direction:
        return Direction.DOWN if self is Direction.UP else Direction.UP


class SpreadError(ValueError):
    """Terms or a quote the rules cannot work with (checked upstream for the player's sake)."""


@dataclass(frozen=True)
class Quote:
    bid: Decimal
    ask: Decimal

    def __post_init__(self):
        if self.ask < self.bid:
            raise SpreadError("the ask is below the bid")


def open_level(direction: Direction, quote: Quote) -> Decimal:
    """BK §30: an up bet opens at the ask, a down bet at the bid."""
    return quote.ask if direction is Direction.UP else quote.bid


def close_level(direction: Direction, quote: Quote) -> Decimal:
    """A2: an up bet closes at the bid, a down bet at the ask (BK §30 + §31)."""
    return quote.bid if direction is Direction.UP else quote.ask


def on_grid(level: Decimal, point_size: Decimal) -> bool:
    """A3: quotes are whole numbers of points."""
    return (level / point_size) == (level / point_size).to_integral_value()


def points(direction: Direction, opened: Decimal, closed: Decimal, point_size: Decimal) -> int:
    """The movement in the bet's favour, in whole points (A3)."""
    moved = (closed - opened) / point_size
    if moved != moved.to_integral_value():
        raise SpreadError(f"{opened} -> {closed} is not a whole number of points of {point_size}")
    return direction.sign * int(moved)


def pnl(
    direction: Direction, stake: int, opened: Decimal, closed: Decimal, point_size: Decimal
) -> int:
    """BK §33–§35: the difference between the opening and closing quotes times the stake per point
    (minor units); > 0 the bookmaker pays (§34), < 0 the player pays (§35), equality = 0 (A4).
    A12: a partial close uses the bet's own opening quote for the `stake` closed."""
    return points(direction, opened, closed, point_size) * stake


@dataclass(frozen=True)
class Hours:
    """BK §32 working hours (local time): days of the week (Monday = 0) and a daily window; a
    window whose end is before its start runs past midnight. Empty days: always open."""

    days: frozenset[int] = frozenset(range(7))
    opens: dt.time = dt.time(0, 0)
    closes: dt.time = dt.time(0, 0)  # equal to opens: the whole day


def in_working_hours(hours: Hours, local: dt.datetime) -> bool:
    """BK §32, A9: orders (the player's and margin close-outs) execute only inside these."""
    if local.weekday() not in hours.days:
        return False
    if hours.opens == hours.closes:
        return True
    now = local.time()
    if hours.opens < hours.closes:
        return hours.opens <= now < hours.closes
    return now >= hours.opens or now < hours.closes


@dataclass(frozen=True)
class AssetTerms:
    """An asset's published terms (BK §27, §28, §36; A3, A7, A8, A10)."""

    code: str
    point_size: Decimal
    margin_points: int  # initial margin = margin_points x stake per point (A7)
    closeout_points: int  # close-out level = closeout_points x stake per point (A7)
    min_stake: int = 1  # per point, per opening bet (A10)
    max_stake: int = 10**9
    auto_closeout: bool = True  # A8: the operator's switch
    hours: Hours = field(default_factory=Hours)

    def margin(self, stake: int) -> int:
        return self.margin_points * stake

    def level(self, stake: int) -> int:
        return self.closeout_points * stake


@dataclass(frozen=True)
class Position:
    id: int
    asset: str
    direction: Direction
    stake: int  # per point, still open
    opened: Decimal  # its opening level (A12)
    margin: int  # the initial margin still held for it


@dataclass(frozen=True)
class CloseEffect:
    """Where the money of one close goes (A7): a gain is paid by the book to the wallet; a loss is
    paid out of the margin account, and what the account cannot pay is the player's debt; then
    the closed part's margin goes back to the wallet, as far as the account holds more than the
    margin of the bets still open."""

    pnl: int
    from_margin: int  # loss paid out of the margin account (>= 0)
    debt: int  # loss beyond the margin account: owed by the player (A7), >= 0
    released: int  # margin returned to the wallet (>= 0)

    @property
    def account_change(self) -> int:
        return -self.from_margin - self.released


def close_effect(*, held: int, still_required: int, part_margin: int, result: int) -> CloseEffect:
    """`held`: the margin account now; `still_required`: the margin of the bets that stay open;
    `part_margin`: the margin of the part closed; `result`: its P&L."""
    loss = max(0, -result)
    from_margin = min(loss, held)
    after = held - from_margin
    released = max(0, min(part_margin, after - still_required))
    return CloseEffect(result, from_margin, loss - from_margin, released)


def equity(held: int, positions: Iterable[Position], quotes: dict[str, Quote], terms) -> int:
    """A7: margin held + the unrealised P&L of every open bet at its closing-side quote (A2)."""
    return held + sum(unrealised(p, quotes[p.asset], terms[p.asset]) for p in positions)


def unrealised(position: Position, quote: Quote, terms: AssetTerms) -> int:
    return pnl(
        position.direction,
        position.stake,
        position.opened,
        close_level(position.direction, quote),
        terms.point_size,
    )


def closeout_level(positions: Iterable[Position], terms: dict[str, AssetTerms]) -> int:
    return sum(terms[p.asset].level(p.stake) for p in positions)


@dataclass(frozen=True)
class CloseOut:
    position: int
    level: Decimal
    effect: CloseEffect


def closeout_plan(
    *,
    held: int,
    positions: list[Position],
    quotes: dict[str, Quote],
    terms: dict[str, AssetTerms],
    tradable: set[str],
) -> list[CloseOut]:
    """BK §36, A7, A8: while the account's equity is below the close-out level of its open bets,
    close whole bets, the largest unrealised loss first, at the closing-side quote, until equity
    is at the level or no bet that may be closed is left. Only bets on assets in `tradable` (in
    working hours, A9; not halted) whose operator switch is on (A8) are closed."""
    open_now = list(positions)
    plan: list[CloseOut] = []
    while open_now:
        if equity(held, open_now, quotes, terms) >= closeout_level(open_now, terms):
            break
        candidates = [p for p in open_now if p.asset in tradable and terms[p.asset].auto_closeout]
        if not candidates:
            break
        worst = min(
            candidates, key=lambda p: (unrealised(p, quotes[p.asset], terms[p.asset]), p.id)
        )
        open_now.remove(worst)
        result = unrealised(worst, quotes[worst.asset], terms[worst.asset])
        effect = close_effect(
            held=held,
            still_required=sum(p.margin for p in open_now),
            part_margin=worst.margin,
            result=result,
        )
        held += effect.account_change
        plan.append(CloseOut(worst.id, close_level(worst.direction, quotes[worst.asset]), effect))
    return plan
