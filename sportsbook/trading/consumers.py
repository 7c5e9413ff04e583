"""The trader's live pages, traders only: an event's page (/ws/trader/event/<id>/) and the list
of events (/ws/trader/), issue 4 §1; the exchange's and the spread assets' pages
(/ws/trader/exchange/, /ws/trader/spread/), issue 18 §3.

An event's page gets what another trader changed: the outcome's row with its new odds (and the
odds-change log), a market suspended or reopened, the event's status and score with their forms'
new versions, so the page's next change is checked against what it now shows. The list of
events follows its events. The exchange's and the spread's pages are thin, as the list of
events: on (re)connect the whole table body (so the page catches
up with whatever changed while no socket listened), then each row that changed, rendered on the
server and swapped out of band. The exchange's services tell `trader.exchange` the market of
every change of its book (an offer posted, taken, changed, withdrawn, lapsed, the market settled
or settled again) and a market newly listed; the spread services tell `trader.spread` the asset
whose quote, state or open bets changed. The browser sends nothing."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from sportsbook.exchange import selectors as exchange_selectors
from sportsbook.exchange.services import TRADER_EXCHANGE_GROUP
from sportsbook.line import services as line_services
from sportsbook.line.consumers import CLOSE_NO_EVENT, LineSocket
from sportsbook.spread import selectors as spread_selectors
from sportsbook.spread.services import TRADER_SPREAD_GROUP
from sportsbook.trading import views


class _TraderRowsSocket(LineSocket):
    """A staff page's table that follows its rows. Subclasses name the group, the message's key
    of the changed row, and render rows (all of them for None)."""

    group: str
    key: str

    async def connect(self):
        if not await self.signed_in_trader():
            return
        await self.listen((), groups=[self.group])
        for html in await self._frames({}):
            await self.send(text_data=html)

    def frames(self, message: dict) -> list[str]:
        changed = message.get(self.key)
        whole = changed is None or message.get("listed")
        return [self.render(None if whole else [changed])]

    def render(self, ids: list[int] | None) -> str:
        raise NotImplementedError


class TraderExchangeConsumer(_TraderRowsSocket):
    group, key = TRADER_EXCHANGE_GROUP, "market"

    async def exchange_changed(self, message):
        await self.line_changed(message)

    def render(self, ids):
        rows = exchange_selectors.exchange_trader_rows(ids)
        if ids is None:
            return render_to_string(
                "sportsbook/trader/_exchange_rows.html", {"rows": rows, "oob": True}
            )
        return "".join(
            render_to_string("sportsbook/trader/_exchange_row.html", {"row": row, "oob": True})
            for row in rows
        )


class TraderSpreadConsumer(_TraderRowsSocket):
    group, key = TRADER_SPREAD_GROUP, "asset"

    async def spread_asset(self, message):
        await self.line_changed(message)

    def render(self, ids):
        # The row's forms post without htmx: they carry the staff member's own CSRF secret
        # from his cookie (a form token Django accepts), sent to his socket only.
        cookies = self.scope.get("cookies") or {}
        context = {"csrf_token": cookies.get(settings.CSRF_COOKIE_NAME, ""), "oob": True}
        rows = spread_selectors.spread_trader_assets(ids)
        if ids is None:
            template = "sportsbook/trader/_spread_rows.html"
            return render_to_string(template, {"rows": rows, **context})
        return "".join(
            render_to_string("sportsbook/trader/_spread_row.html", {"item": item, **context})
            for item in rows
        )


__all__ = ["TraderExchangeConsumer", "TraderSpreadConsumer"]


class TraderConsumer(LineSocket):
    """/ws/trader/event/<id>/: the trader's page of an event, for traders only."""

    async def connect(self):
        if not await self.signed_in_trader():
            return
        self.event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        if not await self._event_exists(self.event_id):
            await self.close(code=CLOSE_NO_EVENT)
            return
        await self.listen([self.event_id])
        # (re)connected: the page catches up with whatever changed while no socket listened
        for html in await self._page():
            await self.send(text_data=html)

    @database_sync_to_async
    def _page(self) -> list[str]:
        with translation.override(self.language):
            return views.trader_page_fragments(self.event_id)

    def frames(self, message: dict) -> list[str]:
        return views.trader_fragments(self.event_id, message)


class TraderListConsumer(LineSocket):
    """/ws/trader/?sport=&status=: the trader's list of events, for traders only. On (re)connect it
    sends the whole list, so the page and the events this socket knows to be on it agree; then
    each row follows its event (status, score, result, settled; a row that no longer matches the
    filter stays, showing why), and an event that comes to match the filter (goes live, say) is
    added at the top."""

    async def connect(self):
        if not await self.signed_in_trader():
            return
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        self.sport, self.status = query.get("sport", [""])[0], query.get("status", [""])[0]
        await self.listen((), groups=[line_services.TRADER_EVENTS_GROUP])
        html, self.shown = await self._list()
        await self.send(text_data=html)

    @database_sync_to_async
    def _list(self) -> tuple[str, set[int]]:
        with translation.override(self.language):
            return views.trader_event_rows(self.sport, self.status)

    async def trader_event(self, message):
        event_id = message["event"]
        html, added = await self._row(event_id)
        if html:
            if added:
                self.shown.add(event_id)
            await self.send(text_data=html)

    @database_sync_to_async
    def _row(self, event_id: int) -> tuple[str, bool]:
        with translation.override(self.language):
            if event_id in self.shown:
                return views.trader_event_row(event_id), False
            if not views.trader_events(self.sport, self.status).filter(pk=event_id).exists():
                return "", False
            first = not self.shown  # the list says "No events match."
            return views.trader_event_row(event_id, added=True, first=first), True
