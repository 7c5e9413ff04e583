from django.urls import path

from tables.consumers import PitConsumer, TableConsumer
from tables.tournament.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/pit/", PitConsumer.as_asgi()),
    path("ws/tournament/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
