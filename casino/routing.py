from django.urls import path

from casino.consumers import LobbyConsumer
from sportsbook.routing import websocket_urlpatterns as sportsbook_sockets
from tables.routing import websocket_urlpatterns as table_sockets

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    *table_sockets,
    *sportsbook_sockets,
]
