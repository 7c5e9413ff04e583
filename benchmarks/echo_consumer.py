"""The floor for `table_load`: a bare Channels consumer that echoes every message to its table's
group, and an ASGI application that serves it (Daphne: `benchmarks.echo_consumer:application`).

Same Daphne, same settings, same channel layer (in-memory or Redis, from REDIS_URL) as the casino,
but no session lookup, no database, no game and no rendering: a text frame on
`/ws/echo/<table_id>/` goes to the group `echo.<table_id>` unchanged and every socket of that group
(the sender too) gets it back. `table_load` drives it with the same load generator and pacing as
the real tables, so a table action's cost reads as a ratio against this.

``BENCH_ECHO_FLOOR`` (read by the Daphne process) adds, one at a time, the least work the issue
asks of every table action, so the ladder shows what each costs (benchmarks/README.md):

- ``hop``: each frame first makes one round trip to the database thread (a no-op there);
- ``write``: that round trip is the smallest table transaction: lock the table row, read and
  parse its state, append an event, store the state with a new version (3 statements + commit);
- ``render``: as ``write``, and each receiving socket renders its player's real board (the
  Durak board template, this table's current view, read at connect) with the frame's number as
  its version, and sends that instead of the echoed text.

HTTP goes to Django, as in `casino.asgi`, only so that the server answers the readiness probe the
same way.
"""

from __future__ import annotations

import json
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import timezone, translation  # noqa: E402

FLOOR = os.environ.get("BENCH_ECHO_FLOOR", "").strip()
FLOORS = ("", "hop", "write", "render")
if FLOOR not in FLOORS:
    raise SystemExit(f"BENCH_ECHO_FLOOR={FLOOR!r}: one of {FLOORS[1:]} or unset")


def _nothing(table_id: int, seq: int) -> None:
    return None


def _smallest_transaction(table_id: int, seq: int) -> None:
    """What any table action must do in the database, and nothing more (no seats, no engine, no
    replay check, no ledger): lock, read and parse the state, append an event, store."""
    from tables.models import Table, TableEvent

    table_sql, event_sql = Table._meta.db_table, TableEvent._meta.db_table
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "version", "state" FROM "{table_sql}" WHERE "id" = %s{lock}', [table_id]
        )
        version, state = cursor.fetchone()
        state = json.loads(state) if isinstance(state, str | bytes) else state
        cursor.execute(
            f'INSERT INTO "{event_sql}" ("table_id", "hand_id", "version", "cause", "step", '
            '"seat", "player_id", "action", "client_action_id", "events", "draws", "created_at") '
            "VALUES (%s, NULL, %s, 'system', 'table', NULL, NULL, %s, '', %s, '[]', %s)",
            [
                table_id,
                version + 1,
                json.dumps({"type": "echo", "seq": seq}),
                "[]",
                connection.ops.adapt_datetimefield_value(timezone.now()),
            ],
        )
        cursor.execute(
            f'UPDATE "{table_sql}" SET "version" = %s, "state" = %s WHERE "id" = %s',
            [version + 1, connection.ops.adapt_json_value(state, None), table_id],
        )


WORK = {"": None, "hop": _nothing, "write": _smallest_transaction, "render": _smallest_transaction}


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.group = f"echo.{self.table_id}"
        if FLOOR == "render":
            from tables import services

            self.view = await database_sync_to_async(services.table_snapshot)(
                table_id=self.table_id, player=self.scope["user"]
            )
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None:
            return
        work = WORK[FLOOR]
        if work is not None:
            seq = json.loads(text_data)["payload"]["seq"]
            await database_sync_to_async(work)(self.table_id, seq)
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event):
        if FLOOR != "render":
            await self.send(text_data=event["text"])
            return
        from tables.presenters import board_html

        seq = json.loads(event["text"])["payload"]["seq"]
        view = {**self.view, "table": {**self.view["table"], "version": seq}}
        with translation.override("ru"):
            await self.send(text_data=board_html(view, oob=True))


websocket = URLRouter([path("ws/echo/<int:table_id>/", EchoConsumer.as_asgi())])
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AuthMiddlewareStack(websocket) if FLOOR == "render" else websocket,
    }
)
