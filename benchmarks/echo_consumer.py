"""The floor for `table_load`: a bare Channels consumer that echoes every message to its table's
group, and an ASGI application that serves it (Daphne: `benchmarks.echo_consumer:application`).

Same Daphne, same settings, same channel layer (in-memory or Redis, from REDIS_URL) as the casino,
but no session lookup, no database, no game and no rendering: a text frame on
`/ws/echo/<table_id>/` goes to the group `echo.<table_id>` unchanged and every socket of that group
(the sender too) gets it back. `table_load` drives it with the same load generator and pacing as
the real tables, so a table action's cost reads as a ratio against this.

HTTP goes to Django, as in `casino.asgi`, only so that the server answers the readiness probe the
same way.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
django_asgi_app = get_asgi_application()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"echo.{int(self.scope['url_route']['kwargs']['table_id'])}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is not None:
            await self.channel_layer.group_send(
                self.group, {"type": "echo.message", "text": text_data}
            )

    async def echo_message(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": URLRouter([path("ws/echo/<int:table_id>/", EchoConsumer.as_asgi())]),
    }
)
