"""Quotes (A11, A14): staff's quotes, halting and switching an asset, the feed and its tick."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.models import Player
from sportsbook.models import (
    SpreadAsset,
    SpreadQuote,
)
from sportsbook.spread import pnl as rules
from sportsbook.spread.feed import FileFeed, PriceFeed, RandomWalkFeed
from sportsbook.spread.services.margin_watch import spread_margin_watch
from sportsbook.spread.services.terms import QuoteError, _announce, asset_is_open, asset_quote

# --- quotes: the feed and staff (A11, A14) -------------------------------------------------------


def spread_quote_set(
    *,
    asset_id: int,
    bid: Decimal,
    ask: Decimal,
    source: str = "staff",
    staff: Player | None = None,
    now: dt.datetime | None = None,
    watch: bool = True,
) -> SpreadAsset:
    """Set an asset's quote (staff by hand, or a feed). Levels must be whole points (A3) with
    the ask not below the bid. The new quote is stored, pushed live, and every account with a
    bet on the asset is watched for a close-out (BK §36)."""
    roles.require(staff, roles.TRADE_LINE)
    now = now or timezone.now()
    try:
        bid, ask = Decimal(str(bid)), Decimal(str(ask))
    except (InvalidOperation, ValueError):
        raise QuoteError(_("Bid and ask must be numbers.")) from None
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.delisted_at is not None:
            raise QuoteError(_("This asset is delisted: it is quoted no more (A13)."))
        if not (bid.is_finite() and ask.is_finite()) or bid <= 0 or ask < bid:
            raise QuoteError(_("The ask must be at least the bid, and both above zero."))
        if not (rules.on_grid(bid, asset.point_size) and rules.on_grid(ask, asset.point_size)):
            raise QuoteError(
                _("Quotes are whole points of %(size)s.") % {"size": asset.point_size.normalize()}
            )
        _apply_quote(asset, rules.Quote(bid, ask), source, staff, now)
    if watch:
        spread_margin_watch(asset_id=asset_id, now=now)
    return asset


def _apply_quote(asset: SpreadAsset, quote: rules.Quote, source, staff, now) -> None:
    asset.bid, asset.ask = quote.bid, quote.ask
    asset.quote_version += 1
    asset.quoted_at = now
    asset.save(update_fields=["bid", "ask", "quote_version", "quoted_at"])
    SpreadQuote.objects.create(
        asset=asset,
        bid=quote.bid,
        ask=quote.ask,
        version=asset.quote_version,
        source=source,
        set_by=staff,
        at=now,
    )
    _announce(asset.pk)


def spread_asset_halt(*, asset_id: int, halted: bool, staff: Player | None = None) -> SpreadAsset:
    """Staff halt an asset (no orders, no feed, no close-outs) or resume it."""
    roles.require(staff, roles.TRADE_LINE)
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.delisted_at is not None:
            raise QuoteError(_("This asset is delisted: it is quoted no more (A13)."))
        if asset.halted != halted:
            asset.halted = halted
            asset.save(update_fields=["halted"])
            _announce(asset.pk)
        return asset


def spread_asset_switch(
    *, asset_id: int, auto_closeout: bool, staff: Player | None = None
) -> SpreadAsset:
    """A8: the operator's switch of automatic close-outs for an asset."""
    roles.require(staff, roles.TRADE_LINE)
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.auto_closeout != auto_closeout:
            asset.auto_closeout = auto_closeout
            asset.save(update_fields=["auto_closeout"])
            _announce(asset.pk)
    if auto_closeout:
        spread_margin_watch(asset_id=asset_id)
    return asset


_feeds: dict[str, PriceFeed] = {}


def price_feed(asset: SpreadAsset) -> PriceFeed:
    """settings.SPREAD_FEED_FILE: replay that file of quotes; otherwise a random walk per asset,
    seeded by the asset's seed (the embedded default, run by the server's clock)."""
    path = settings.SPREAD_FEED_FILE
    key = f"file:{path}" if path else f"walk:{asset.code}:{asset.feed_seed}"
    feed = _feeds.get(key)
    if feed is None:
        feed = FileFeed(path) if path else RandomWalkFeed(asset.feed_seed, asset.feed_step_points)
        _feeds[key] = feed
    return feed


def spread_feed_tick(now: dt.datetime | None = None) -> int:
    """What the clocks call: the feed's next quote for every asset in working hours and not
    halted (A9: a closed market's quotes do not move here; the first quote after reopening may
    gap), each applied and watched. Returns the number of quotes applied."""
    now = now or timezone.now()
    applied = 0
    for asset in SpreadAsset.objects.filter(halted=False).order_by("pk"):
        if not asset_is_open(asset, now):
            continue
        quote = price_feed(asset).next_quote(asset.code, asset_quote(asset), asset.point_size)
        if quote is None:
            continue
        with transaction.atomic():
            locked = SpreadAsset.objects.select_for_update().get(pk=asset.pk)
            if locked.halted:
                continue
            source = "file" if settings.SPREAD_FEED_FILE else "feed"
            _apply_quote(locked, quote, source, None, now)
        applied += 1
        spread_margin_watch(asset_id=asset.pk, now=now)
    return applied
