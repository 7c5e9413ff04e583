from django.urls import path

from sportsbook.exchange.consumers import ExchangeConsumer
from sportsbook.line.consumers import SportConsumer
from sportsbook.spread.consumers import SpreadConsumer
from sportsbook.trading.consumers import (
    TraderConsumer,
    TraderExchangeConsumer,
    TraderListConsumer,
    TraderSpreadConsumer,
)
from sportsbook.trading.liability_consumers import LiabilityConsumer

websocket_urlpatterns = [
    path("ws/sport/event/<int:event_id>/", SportConsumer.as_asgi()),
    path("ws/sport/slip/", SportConsumer.as_asgi()),
    path("ws/sport/exchange/<int:market_id>/", ExchangeConsumer.as_asgi()),
    path("ws/sport/spread/", SpreadConsumer.as_asgi()),
    path("ws/trader/event/<int:event_id>/", TraderConsumer.as_asgi()),
    path("ws/trader/exchange/", TraderExchangeConsumer.as_asgi()),
    path("ws/trader/spread/", TraderSpreadConsumer.as_asgi()),
    path("ws/trader/", TraderListConsumer.as_asgi()),
    path("ws/floor/liability/", LiabilityConsumer.as_asgi()),
]
