"""Demo data of spread bets (issue 18 §4): three assets with a quote history from the seeded
random walk (their charts have something to show; the server's clock keeps the feed running),
and a few open bets. Idempotent."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from casino.models import Player
from sportsbook.models import SpreadAsset
from sportsbook.spread import services
from sportsbook.spread.feed import RandomWalkFeed

ASSETS = [
    # code, Russian, English, point, bid, ask, stake limits per point, margin / close-out points
    ("eurusd", "EUR/USD", "EUR/USD", "0.0001", "1.0850", "1.0853", (100, 10_000), (50, 20), 11),
    ("gold", "Золото", "Gold", "0.1", "2650.0", "2650.5", (100, 5_000), (100, 40), 12),
    (
        "imoex",
        "Индекс МосБиржи",
        "MOEX Russia index",
        "1",
        "2870",
        "2872",
        (100, 5_000),
        (60, 25),
        13,
    ),
]
HISTORY = 60  # quotes per asset, one a minute, before now
BETS = [("anna", "eurusd", "up", 500), ("boris", "gold", "down", 200), ("anna", "imoex", "up", 100)]


def load_spread_demo(now: dt.datetime | None = None) -> int:
    """Returns how many assets were created (0 on a second run)."""
    now = now or timezone.now()
    created = 0
    for code, ru, en, point, bid, ask, (low, high), (margin, level), seed in ASSETS:
        asset, new = SpreadAsset.objects.get_or_create(
            code=code,
            defaults={
                "name_ru": ru,
                "name_en": en,
                "point_size": Decimal(point),
                "bid": Decimal(bid),
                "ask": Decimal(ask),
                "min_stake": low,
                "max_stake": high,
                "margin_points": margin,
                "closeout_points": level,
                "feed_seed": seed,
                "position": created,
            },
        )
        if not new:
            continue
        created += 1
        feed = RandomWalkFeed(seed, asset.feed_step_points)
        quote = services.asset_quote(asset)
        for minute in range(HISTORY, 0, -1):
            quote = feed.next_quote(code, quote, asset.point_size) or quote
            services.spread_quote_set(
                asset_id=asset.pk,
                bid=quote.bid,
                ask=quote.ask,
                source="feed",
                now=now - dt.timedelta(minutes=minute),
                watch=False,
            )
    if created and Player.objects.filter(username="anna").exists():
        for index, (username, code, direction, stake) in enumerate(BETS):
            asset = SpreadAsset.objects.get(code=code)
            services.spread_bet(
                player=Player.objects.get(username=username),
                asset_id=asset.pk,
                direction=direction,
                stake=stake,
                level_seen=asset.ask if direction == "up" else asset.bid,
                idempotency_key=f"demo:spread:{index}",
                now=now,
            )
    return created
