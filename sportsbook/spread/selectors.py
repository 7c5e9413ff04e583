"""Spread bets' reads: the assets with their quotes and charts, a player's account (margin held,
open bets with live P&L, equity against the close-out level, debt), the trader's view."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Sum
from django.utils import timezone

from casino.models import Account, AccountKind
from sportsbook.models import SpreadAsset, SpreadPosition, SpreadQuote
from sportsbook.spread import pnl as rules
from sportsbook.spread.services import asset_is_open, asset_quote

CHART_POINTS = 120
CHART_WIDTH, CHART_HEIGHT = 320, 80


@dataclass(frozen=True)
class Chart:
    """A server-rendered SVG line of an asset's recent mid quotes."""

    points: str  # the polyline's "x,y x,y ..."
    low: Decimal | None
    high: Decimal | None
    count: int
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT


def spread_chart(asset: SpreadAsset, size: int = CHART_POINTS) -> Chart:
    rows = list(
        SpreadQuote.objects.filter(asset=asset)
        .order_by("-version")
        .values_list("bid", "ask")[:size]
    )[::-1]
    mids = [(bid + ask) / 2 for bid, ask in rows] or [(asset.bid + asset.ask) / 2]
    low, high = min(mids), max(mids)
    span = (high - low) or Decimal(1)
    step = CHART_WIDTH / max(len(mids) - 1, 1)
    points = " ".join(
        f"{n * step:.1f},{CHART_HEIGHT - 4 - float((mid - low) / span) * (CHART_HEIGHT - 8):.1f}"
        for n, mid in enumerate(mids)
    )
    return Chart(points, low, high, len(rows))


@dataclass
class AssetRow:
    asset: SpreadAsset
    open: bool
    chart: Chart

    @property
    def pk(self) -> int:
        return self.asset.pk

    @property
    def state(self) -> str:
        """What decides the asset's controls: a tick changes only its prices, a change of state
        re-renders the asset (its buttons with it)."""
        if self.asset.delisted_at is not None:
            return "delisted"
        if self.asset.halted:
            return "halted"
        return "open" if self.open else "closed"

    @property
    def deal_id(self) -> str:
        """The id of the place beside the asset where its orders' answers show."""
        return f"spread-deal-{self.pk}"


def spread_assets(now=None, *, delisted: bool = False, asset_ids=None) -> list[AssetRow]:
    """The assets quoted (players' pages); with `delisted`, those no longer quoted too (A13:
    the trader's page keeps them, with their last quote); `asset_ids`: only those."""
    now = now or timezone.now()
    assets = SpreadAsset.objects.all()
    if asset_ids is not None:
        assets = assets.filter(pk__in=asset_ids)
    if not delisted:
        assets = assets.filter(delisted_at__isnull=True)
    return [AssetRow(asset, asset_is_open(asset, now), spread_chart(asset)) for asset in assets]


def spread_asset_row(asset_id: int, now=None) -> AssetRow | None:
    asset = SpreadAsset.objects.filter(pk=asset_id).first()
    if asset is None:
        return None
    return AssetRow(asset, asset_is_open(asset, now or timezone.now()), spread_chart(asset))


@dataclass
class PositionRow:
    position: SpreadPosition
    close_level: Decimal
    unrealised: int


@dataclass
class SpreadAccount:
    currency: str
    held: int = 0
    positions: list[PositionRow] = field(default_factory=list)
    debt: int = 0

    @property
    def unrealised(self) -> int:
        return sum(row.unrealised for row in self.positions)

    @property
    def equity(self) -> int:  # A7
        return self.held + self.unrealised

    @property
    def level(self) -> int:
        return sum(r.position.closeout_points * r.position.stake for r in self.positions)

    @property
    def at_risk(self) -> bool:
        return bool(self.positions) and self.equity < self.level


def spread_account(player) -> list[SpreadAccount]:
    """Per currency: the margin account, the open bets with their P&L at the closing-side quote
    now (A2), equity and the close-out level (A7), and what the player owes (A7)."""
    accounts: dict[str, SpreadAccount] = {}
    positions = SpreadPosition.objects.filter(player=player, stake__gt=0).select_related("asset")
    for position in positions.order_by("pk"):
        asset = position.asset
        account = accounts.setdefault(asset.currency, SpreadAccount(asset.currency))
        direction = rules.Direction(position.direction)
        level = rules.close_level(direction, asset_quote(asset))
        account.positions.append(
            PositionRow(
                position,
                level,
                rules.pnl(direction, position.stake, position.open_level, level, asset.point_size),
            )
        )
    for currency, balance in Account.objects.filter(
        kind=AccountKind.ESCROW, reference=f"spread:{player.pk}"
    ).values_list("currency", "balance"):
        if balance or currency in accounts:
            accounts.setdefault(currency, SpreadAccount(currency)).held = balance
    for currency, debt in (
        SpreadPosition.objects.filter(player=player, debt__gt=0)
        .values("asset__currency")
        .annotate(total=Sum("debt"))
        .values_list("asset__currency", "total")
    ):
        accounts.setdefault(currency, SpreadAccount(currency)).debt = debt
    return list(accounts.values())


def spread_closed(player, limit: int = 20):
    return (
        SpreadPosition.objects.filter(player=player, stake=0)
        .select_related("asset")
        .order_by("-closed_at")[:limit]
    )


@dataclass(frozen=True)
class TraderAsset:
    row: AssetRow
    open_bets: int
    open_stake_up: int
    open_stake_down: int
    at_risk: int  # accounts with a bet on it whose equity is below the level


def spread_trader_assets(asset_ids: list[int] | None = None) -> list[TraderAsset]:
    """The trader's assets (issue 18 §3): quotes, halts, the close-out level and the bets at
    risk (accounts below their level that the watch has not closed: closed hours, the switch).
    `asset_ids`: only those (the live page's changed rows)."""
    open_positions = SpreadPosition.objects.filter(stake__gt=0)
    if asset_ids is not None:
        open_positions = open_positions.filter(asset_id__in=asset_ids)
    stakes: dict[int, dict[str, int]] = defaultdict(lambda: {"up": 0, "down": 0, "n": 0})
    for asset_id, direction, total, count in (
        open_positions.values("asset_id", "direction")
        .annotate(total=Sum("stake"), n=Count("pk"))
        .values_list("asset_id", "direction", "total", "n")
    ):
        stakes[asset_id][direction] = total
        stakes[asset_id]["n"] += count
    risky: dict[int, int] = defaultdict(int)
    players = open_positions.values_list("player_id", flat=True)
    from casino.models import Player

    for player in Player.objects.filter(pk__in=set(players)):
        for account in spread_account(player):
            if account.at_risk:
                for asset_id in {r.position.asset_id for r in account.positions}:
                    risky[asset_id] += 1
    return [
        TraderAsset(
            row,
            stakes[row.pk]["n"],
            stakes[row.pk]["up"],
            stakes[row.pk]["down"],
            risky[row.pk],
        )
        for row in spread_assets(delisted=True, asset_ids=asset_ids)
    ]
