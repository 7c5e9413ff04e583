"""The margin watch (BK §36, A7, A8, A9): the accounts below their close-out level and closing
them out."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from casino.models import Account
from sportsbook.models import (
    SpreadAsset,
    SpreadCloseReason,
    SpreadPosition,
)
from sportsbook.spread import pnl as rules
from sportsbook.spread.services.money import _book_close
from sportsbook.spread.services.orders import _held, _lock_debts, _open_positions_in
from sportsbook.spread.services.terms import _announce, asset_is_open, asset_quote, asset_terms

# --- the margin watch (BK §36, A7, A8, A9) -------------------------------------------------------


_ROW_FIELDS = (
    "pk",
    "asset_id",
    "direction",
    "stake",
    "open_level",
    "margin_points",
    "closeout_points",
)


def _row(position: SpreadPosition) -> tuple:
    return tuple(getattr(position, name) for name in _ROW_FIELDS)


def _plan(rows, assets: dict[int, SpreadAsset], held: int, now) -> list[rules.CloseOut]:
    """The pure close-out plan of one account. `rows`: its open positions as _ROW_FIELDS
    tuples. Each position is its own key in the plan: it keeps the margin and level it was
    opened on (A3); the asset's point size, quote, switch (A8) and hours (A9) are shared."""
    per_asset = {}
    positions, quotes, terms, tradable = [], {}, {}, set()
    for pk, asset_id, direction, stake, opened, margin_points, closeout_points in rows:
        if asset_id not in per_asset:
            asset = assets[asset_id]
            per_asset[asset_id] = (
                asset_terms(asset),
                asset_quote(asset),
                asset_is_open(asset, now),
            )
        base, quote, is_open = per_asset[asset_id]
        key = f"{asset_id}#{pk}"
        positions.append(
            rules.Position(
                pk, key, rules.Direction(direction), stake, opened, margin_points * stake
            )
        )
        quotes[key] = quote
        terms[key] = rules.AssetTerms(
            code=key,
            point_size=base.point_size,
            margin_points=margin_points,
            closeout_points=closeout_points,
            auto_closeout=base.auto_closeout,
        )
        if is_open:
            tradable.add(key)
    return rules.closeout_plan(
        held=held, positions=positions, quotes=quotes, terms=terms, tradable=tradable
    )


def _accounts_below_level(asset_id: int | None, now) -> list[tuple[int, str]]:
    """Read without locks: the (player, currency) accounts whose equity is below their close-out
    level now and that have a bet that may be closed (a set-based first pass: two queries and
    the pure rules; each account found is then checked again under its locks)."""
    assets = {a.pk: a for a in SpreadAsset.objects.all()}
    open_positions = SpreadPosition.objects.filter(stake__gt=0)
    if asset_id is not None:
        players = open_positions.filter(asset_id=asset_id).values("player_id")
        open_positions = open_positions.filter(player_id__in=players)
    by_account: dict[tuple[int, str], list] = defaultdict(list)
    for player_id, *row in open_positions.values_list("player_id", *_ROW_FIELDS):
        by_account[(player_id, assets[row[1]].currency)].append(row)
    if not by_account:
        return []
    held = {
        (int(reference.split(":")[1]), currency): balance
        for reference, currency, balance in Account.objects.filter(
            reference__in=[f"spread:{player_id}" for player_id, _c in by_account], kind="escrow"
        ).values_list("reference", "currency", "balance")
    }
    return [
        account
        for account, rows in by_account.items()
        if _plan(rows, assets, held.get(account, 0), now)
    ]


def _close_out_account(player_id: int, currency: str, now) -> int:
    with transaction.atomic():
        positions = _open_positions_in(player_id, currency, lock=True)
        if not positions:
            return 0
        assets = {
            a.pk: a for a in SpreadAsset.objects.filter(pk__in={p.asset_id for p in positions})
        }
        _lock_debts(player_id, currency)
        plan = _plan([_row(p) for p in positions], assets, _held(player_id, currency), now)
        by_id = {p.pk: p for p in positions}
        for close in plan:
            position = by_id[close.position]
            _book_close(
                position=position,
                stake=position.stake,
                level=close.level,
                effect=close.effect,
                reason=SpreadCloseReason.CLOSEOUT,
                order=None,
                currency=currency,
                now=now,
            )
        if plan:
            _announce(None, [player_id], traded={by_id[c.position].asset_id for c in plan})
        return len(plan)


def spread_margin_watch(*, asset_id: int | None = None, now: dt.datetime | None = None) -> int:
    """BK §36, A7, A8: close out every account (of the players with a bet on `asset_id`, or all)
    whose equity is below its close-out level, largest loss first, at the current quotes, on the
    assets that are open (A9) and whose switch is on (A8). Returns the number of bets closed.
    The clocks call it with no asset too, so an asset that reopens after closed hours is acted
    on at its first quote, even past the level (A9)."""
    now = now or timezone.now()
    closed = 0
    for player_id, currency in _accounts_below_level(asset_id, now):
        closed += _close_out_account(player_id, currency, now)
    return closed
