"""Demo data of the exchange (issue 18 §4): two markets of the coming line listed on the
exchange, with standing back and lay offers from several players on both sides and a few bets
already matched. Idempotent: every offer has its own key."""

from __future__ import annotations

from decimal import Decimal

from casino.models import Player
from sportsbook.exchange import services
from sportsbook.models import Market

# (home team of the demo event, market kind) listed on the exchange
LISTED = [("Arsenal", "1x2"), ("Зенит", "1x2")]
# (player, outcome code, side, net odds, stake in kopecks); in this order, so some cross
OFFERS = [
    ("anna", "1", "back", "1.20", 5_000),
    ("boris", "1", "back", "1.30", 8_000),
    ("vera", "1", "lay", "1.05", 6_000),
    ("gleb", "1", "lay", "1.00", 12_000),
    ("dina", "X", "back", "2.60", 3_000),
    ("egor", "X", "lay", "2.30", 4_000),
    ("anna", "2", "lay", "1.90", 2_500),
    ("boris", "2", "back", "2.10", 4_000),
    ("egor", "1", "lay", "1.20", 2_000),  # crosses anna's back at 1.20: a matched bet
    ("gleb", "2", "back", "1.90", 1_000),  # crosses anna's lay at 1.90: another
]


def load_exchange_demo() -> int:
    """Returns how many offers were posted (0 on a second run)."""
    if not Player.objects.filter(username="anna").exists():
        return 0
    posted = 0
    for home, kind in LISTED:
        market = Market.objects.filter(event__home=home, kind=kind).order_by("pk").first()
        if market is None:
            continue
        xm = services.exchange_market_list(market_id=market.pk)
        if xm.settled_at is not None or xm.lapsed_at is not None:
            continue
        for index, (username, code, side, odds, stake) in enumerate(OFFERS):
            outcome = market.outcomes.get(code=code)
            _offer, created = services.exchange_offer_post(
                player=Player.objects.get(username=username),
                outcome_id=outcome.pk,
                side=side,
                odds=Decimal(odds),
                stake=stake,
                idempotency_key=f"demo:exchange:{market.pk}:{index}",
            )
            posted += created
    return posted


__all__ = ["load_exchange_demo"]
