"""The bottom of spread bets' writes: the groups told of changes and telling them, the refusals
(``SpreadRefused``, ``Requote``, ``QuoteError``) and an asset's terms, quote and opening hours."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.realtime import group_send_all
from sportsbook.models import (
    SpreadAsset,
    SpreadHold,
)
from sportsbook.spread import pnl as rules

MAX_ID = 2**63 - 1  # a bigint primary key
SPREAD_GROUP = "spread"  # every asset's quotes: the positions pages
TRADER_SPREAD_GROUP = "trader.spread"  # the trader's live page of the assets


def spread_user_group(player_id: int) -> str:
    """A player's spread pages (their own group: the lobby's `user.<id>` knows no spread news)."""
    return f"spread.user.{player_id}"


class SpreadRefused(Exception):
    """An order the bookmaker will not take; str() is for the player. Nothing was booked."""


class Requote(SpreadRefused):
    """The quote met moved from the one the player saw further than his setting takes (A11 as
    ruled in docs/rules-decisions.md): nothing was booked, and `hold` offers him the quote met
    for his order until `hold.expires_at`. `expired`: he confirmed a hold too late; this is the
    next one."""

    def __init__(self, hold: SpreadHold, point_size: Decimal, *, expired: bool = False):
        self.hold = hold
        self.seen, self.level = hold.seen, hold.level
        self.expired = expired
        places = point_size.normalize()
        values = {"seen": hold.seen.quantize(places), "now": hold.level.quantize(places)}
        if expired:
            text = _(
                "The time to confirm %(seen)s ran out: the quote now is %(now)s. "
                "It is held for you: confirm in time to take it."
            )
        else:
            text = _(
                "The quote moved from %(seen)s to %(now)s. "
                "It is held for you: confirm in time to take it."
            )
        super().__init__(text % values)


class QuoteError(Exception):
    """A quote staff or a feed cannot set; str() is for the staff member."""


# --- terms ---------------------------------------------------------------------------------------


def asset_terms(asset: SpreadAsset) -> rules.AssetTerms:
    return rules.AssetTerms(
        code=asset.code,
        point_size=asset.point_size,
        margin_points=asset.margin_points,
        closeout_points=asset.closeout_points,
        min_stake=asset.min_stake,
        max_stake=asset.max_stake,
        auto_closeout=asset.auto_closeout,
        hours=rules.Hours(
            days=frozenset(int(d) for d in asset.open_days if d.isdigit()),
            opens=asset.opens,
            closes=asset.closes,
        ),
    )


def asset_quote(asset: SpreadAsset) -> rules.Quote:
    return rules.Quote(asset.bid, asset.ask)


def asset_is_open(asset: SpreadAsset, now: dt.datetime) -> bool:
    """BK §32, A9: in working hours (local time) and not halted by staff."""
    hours = asset_terms(asset).hours
    return not asset.halted and rules.in_working_hours(hours, timezone.localtime(now))


# --- booking a close -----------------------------------------------------------------------------


def _announce(asset_id: int | None, player_ids=(), *, traded=()) -> None:
    """After commit: `asset_id`'s quote or state changed (the players' pages and the trader's
    row); `player_ids`' bets changed (their own pages); `traded`: assets whose open bets changed
    (the trader's rows)."""
    messages = []
    if asset_id is not None:
        messages.append((SPREAD_GROUP, {"type": "spread.quote", "asset": asset_id}))
    for changed in sorted(set(traded) | ({asset_id} - {None})):
        messages.append((TRADER_SPREAD_GROUP, {"type": "spread.asset", "asset": changed}))
    for player_id in sorted(set(player_ids)):
        messages.append((spread_user_group(player_id), {"type": "spread.positions"}))
    if messages:
        transaction.on_commit(lambda: group_send_all(messages))
