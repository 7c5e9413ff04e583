from django.urls import path

from tables.consumers import PitConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/pit/", PitConsumer.as_asgi()),
]
