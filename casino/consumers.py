"""The header socket of every page: the player's balances and notices (casino.notices), and on
the lobby page the list of tables.

Thin by design: authenticate, join the player's own group (and, for the lobby page's socket,
``?tables=1``, the lobby group), render fragments. The list is sent whole on (re)connect, then a
table's row follows it; a table the page does not list yet (created or reopened since) is added
(casino.oob).
"""

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from casino.oob import LiveRows
from casino.realtime import LOBBY_GROUP, user_group
from sportsbook import clock as sportsbook_clock

CLOSE_UNAUTHENTICATED = 4401


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        sportsbook_clock.ensure_running()
        self.language = getattr(user, "language", None) or "ru"
        # every page's header opens this socket; only the lobby page lists the tables
        with_tables = parse_qs(self.scope.get("query_string", b"").decode()).get("tables") == ["1"]
        self.groups_joined = [user_group(user.pk), *([LOBBY_GROUP] if with_tables else [])]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        # issue 45: with the balances, the player's open notices, whole, on every (re)connect
        # (one frame: both are swapped out of band)
        await self.send(text_data=await self._render_balances() + await self._render_notices())
        if with_tables:
            html, self.rows = await self._render_tables()
            await self.send(text_data=html)

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        # The lobby socket only listens: anything sent to it, well-formed or not, gets an error
        # back on this socket alone and changes nothing.
        await self.send_json({"type": "error", "message": "This socket accepts no messages."})

    async def wallet_balance(self, event):
        await self.send(text_data=await self._render_balances())

    async def notice_changed(self, event):
        """A notice of the player's was sent or closed: the notices region, whole."""
        await self.send(text_data=await self._render_notices())

    async def lobby_table(self, event):
        """A table changed: its row in the lobby list, swapped out of band (or added)."""
        summary = event["summary"]
        if summary["status"] == "closed":  # the lobby lists no closed table, as on a reload
            if self.rows.outdated(summary["id"], summary.get("version")):
                return
            html = self.rows.gone(summary["id"], f"table-row-{summary['id']}")
            if html:
                await self.send(text_data=html)
            return

        def render(oob: bool) -> str:
            return render_to_string("tables/_lobby_row.html", {"t": summary, "oob": oob})

        with translation.override(self.language):
            html = self.rows.frame(summary["id"], render, summary.get("version"))
        if html:
            await self.send(text_data=html)

    async def lobby_table_gone(self, event):
        html = self.rows.gone(event["table"], f"table-row-{event['table']}")
        if html:
            await self.send(text_data=html)

    async def table_private(self, event):
        """Table views for this player go to their table sockets, not the lobby."""

    @database_sync_to_async
    def _render_tables(self) -> tuple[str, LiveRows]:
        from tables.selectors import lobby_tables

        tables = lobby_tables()
        rows = LiveRows(
            "lobby-table-rows", "no-lobby-tables", "beforeend", [t["id"] for t in tables]
        )
        with translation.override(self.language):
            html = rows.whole("tables/_lobby_rows.html", {"lobby_tables": tables})
        return html, rows

    @database_sync_to_async
    def _render_notices(self) -> str:
        from casino import notices

        opened = notices.open_notices(self.user.pk)
        notices.notices_shown(opened)
        with translation.override(self.language):
            return notices.render_notices(opened, oob=True)

    @database_sync_to_async
    def _render_balances(self) -> str:
        from casino.ledger import balances_of

        with translation.override(self.language):
            return render_to_string(
                "casino/_balances.html",
                {"balances": balances_of(self.user), "oob": True, "staff": self.user.is_staff},
            )
