"""The line's live sockets: an event page's and the bet slip's (`SportConsumer`), and what every
socket of the sportsbook shares (`LineSocket`; the exchange's, the spread bets', the trader's and
the floor's sockets build on it).

Thin: authenticate, join the groups `event.<id>` (the page's event; the slip's events), and on
each `line.changed` (sent by `line.services` after commit) push server-rendered fragments that
htmx swaps out of band: an outcome's odds, a market suspended or reopened, the score and status,
and the slip's odds (old and new, SB §1.7). The trader's sockets of the line are in
`trading.consumers`. The browser sends nothing: any message gets an error on this socket only, in
the user's language. When no database connection comes in time (casino.overload), the socket
gets an error frame.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from casino import roles
from casino.overload import is_overload, overload_message
from sportsbook import clock
from sportsbook.betting import slip as session_slip
from sportsbook.betting.selectors import slip_view
from sportsbook.line.selectors import (
    event_for_page,
    event_market_groups,
    market_for_page,
    outcome_for_page,
)
from sportsbook.models import Event

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_STAFF = 4403
CLOSE_NO_EVENT = 4404
CLOSE_OVERLOADED = 1013  # "try again later" (RFC 6455)


class LineSocket(AsyncWebsocketConsumer):
    """What the line's sockets share: the signed-in user's language, the groups `event.<id>`
    they listen to, no messages from the browser, and each `line.changed` rendered (in the
    database thread, `frames`) into the frames to send."""

    groups_joined: list[str] = []
    accepted = False

    async def accept(self, *args, **kwargs):
        await super().accept(*args, **kwargs)
        self.accepted = True

    async def dispatch(self, message):
        """Every handler, with the connection budget's overload (casino.overload) answered by an
        error frame on this socket instead of a crash: a socket that could not even connect is
        told so, then closed with 1013 (try again later); an open one keeps listening."""
        try:
            await super().dispatch(message)
        except Exception as error:
            if not is_overload(error):
                raise
            await self.overloaded(connecting=message.get("type") == "websocket.connect")

    async def overloaded(self, *, connecting: bool) -> None:
        with translation.override(getattr(self, "language", None) or "ru"):
            html = render_to_string(
                "sportsbook/_socket_error.html", {"message": overload_message(), "oob": True}
            )
        if connecting and not self.accepted:
            await self.accept()
        await self.send(text_data=html)
        if connecting:
            await self.close(code=CLOSE_OVERLOADED)

    async def signed_in(self) -> bool:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return False
        self.user = user
        self.language = getattr(user, "language", None) or "ru"
        return True

    async def signed_in_trader(self) -> bool:
        """A trader's socket: anyone else is closed with CLOSE_NOT_STAFF (casino.roles)."""
        if not await self.signed_in():
            return False
        if not await database_sync_to_async(self.user.has_perm)(roles.TRADE_LINE):
            await self.close(code=CLOSE_NOT_STAFF)
            return False
        return True

    async def listen(self, event_ids, groups=()) -> None:
        self.groups_joined = [f"event.{pk}" for pk in sorted(event_ids)] + list(groups)
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):
            html = render_to_string(
                "sportsbook/_socket_error.html",
                {"message": gettext("This socket accepts no messages."), "oob": True},
            )
        await self.send(text_data=html)

    async def line_changed(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    @database_sync_to_async
    def _event_exists(self, event_id: int) -> bool:
        return Event.objects.filter(pk=event_id).exists()

    @database_sync_to_async
    def _frames(self, message: dict) -> list[str]:
        with translation.override(self.language):
            return self.frames(message)

    def frames(self, message: dict) -> list[str]:
        raise NotImplementedError


class SportConsumer(LineSocket):
    """/ws/sport/event/<id>/ (the event page) and /ws/sport/slip/ (the slip's events)."""

    async def connect(self):
        if not await self.signed_in():
            return
        clock.ensure_running()
        event_id = self.scope["url_route"]["kwargs"].get("event_id")
        self.event_id = int(event_id) if event_id is not None else None
        if self.event_id is not None and not await self._event_exists(self.event_id):
            await self.close(code=CLOSE_NO_EVENT)
            return
        self.slip_outcomes = set()
        event_ids = set()
        if self.event_id is None:
            self.slip_outcomes, event_ids = await self._slip_of_session()
        else:
            event_ids = {self.event_id}
        await self.listen(event_ids)

    # --- reads and renders (in the database thread) -----------------------------------------

    @database_sync_to_async
    def _slip_of_session(self) -> tuple[set[int], set[int]]:
        session = self.scope.get("session")
        if session is None:
            return set(), set()
        slip = session_slip.load(session)
        view = slip_view(slip, self.user)
        return set(view.outcome_ids), set(view.event_ids)

    def frames(self, message: dict) -> list[str]:
        html = self._render_slip(message) if self.event_id is None else self._render_event(message)
        return [html] if html else []

    def _render_event(self, message: dict) -> str:
        what = message.get("what")
        if what == "odds":
            outcome = outcome_for_page(message["outcome"])
            if outcome is None:
                return ""
            return render_to_string(
                "sportsbook/_outcome.html",
                {"outcome": outcome, "market": outcome.market, "oob": True},
            )
        if what == "market":
            market = market_for_page(message["market"])
            if market is None:
                return ""
            return render_to_string("sportsbook/_market.html", {"market": market, "oob": True})
        event = event_for_page(self.event_id)
        if event is None:
            return ""
        parts = [render_to_string("sportsbook/_event_head.html", {"event": event, "oob": True})]
        if what == "event":  # live or finished: markets open or close together (SB §1.1)
            parts.append(
                render_to_string(
                    "sportsbook/_markets.html",
                    {"event": event, "groups": event_market_groups(event), "oob": True},
                )
            )
        return "".join(parts)

    def _render_slip(self, message: dict) -> str:
        if message.get("what") in ("score", "result") or not self.slip_outcomes:
            return ""
        slip = session_slip.load(self.scope["session"])
        view = slip_view(slip, self.user)
        return "".join(
            render_to_string("sportsbook/_slip_odds.html", {"row": row, "oob": True})
            for row in view.rows
            if row.outcome.pk in self.slip_outcomes
        )
