"""/ws/floor/liability/?sort=&currency=: the floor's liability tab live, for the pit boss
(permission `casino.view_pit`). On (re)connect the whole list; then each `floor.liability`
message (sent after commit by a bet placed, settled or cancelled, naming its events) re-renders
those events' rows, swapped out of band: a listed row in place, a new event's row into its
sport's list, a row whose event has no open liability any more taken off. When a sport's list
appears or empties the whole list is sent instead (rare; it keeps the sections and the "no open
bets" line right). The browser sends nothing: any message gets an error on this socket only."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from sportsbook.betting.services import LIABILITY_GROUP
from sportsbook.line.consumers import LineSocket
from sportsbook.trading.liability import event_liabilities
from sportsbook.trading.liability_views import FLOOR_PERMISSION, ordering, page_context, sort_key

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_PIT = 4403


class LiabilityConsumer(AsyncWebsocketConsumer):
    joined = False
    flushing: asyncio.Future | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending: set[int] = set()

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        if not await database_sync_to_async(user.has_perm)(FLOOR_PERMISSION):
            await self.close(code=CLOSE_NOT_PIT)
            return
        self.user = user
        self.language = getattr(user, "language", None) or "ru"
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        self.sort, self.currency = ordering({k: v[0] for k, v in query.items()})
        self.joined = True
        await self.channel_layer.group_add(LIABILITY_GROUP, self.channel_name)
        await self.accept()
        await self.send(text_data=await self._whole())

    async def disconnect(self, code):
        if self.flushing is not None:
            self.flushing.cancel()
        if self.joined:
            await self.channel_layer.group_discard(LIABILITY_GROUP, self.channel_name)

    receive = LineSocket.receive  # "This socket accepts no messages."

    async def floor_liability(self, message):
        # Coalesced: while one render is under way the events of later messages wait for the
        # next, one for all of them, so a burst of bets costs this socket a read per render,
        # not per bet (and its channel never fills up behind a slow handler).
        self.pending.update(message["events"])
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.ensure_future(self._flush())

    async def _flush(self):
        while self.pending:
            events = sorted(self.pending)
            self.pending.clear()
            html = await self._rows(events)
            if html:
                await self.send(text_data=html)

    # --- reads and renders (in the database thread) ------------------------------------------

    @database_sync_to_async
    def _whole(self) -> str:
        return self._render_whole()

    def _render_whole(self) -> str:
        with translation.override(self.language):
            context = page_context(self.sort, self.currency)
            # which event each listed row is, and under which sport: what a change must update
            self.shown = {e.pk: g["sport"].code for g in context["groups"] for e in g["events"]}
            html = render_to_string("floor/_liability_sports.html", {**context, "user": self.user})
        return f'<div id="liability-sports" hx-swap-oob="innerHTML">{html}</div>'

    @database_sync_to_async
    def _rows(self, event_ids: list[int]) -> str:
        found = {e.pk: e for e in event_liabilities(event_ids)}
        sports = set(self.shown.values())
        after = dict(self.shown)
        for event_id in event_ids:
            after.pop(event_id, None)
        after.update({pk: e.sport.code for pk, e in found.items()})
        if set(after.values()) != sports:
            return self._render_whole()  # a sport's list appears or empties
        frames = []
        with translation.override(self.language):
            for event_id in event_ids:
                event = found.get(event_id)
                if event is None:
                    if self.shown.pop(event_id, None) is not None:
                        frames.append(
                            f'<tbody hx-swap-oob="delete:#liability-event-{event_id}"></tbody>'
                        )
                    continue
                event.sort_value = sort_key(event, self.sort, self.currency)
                listed = event_id in self.shown
                row = render_to_string(
                    "floor/_liability_row.html", {"e": event, "oob": listed, "user": self.user}
                )
                if listed:
                    frames.append(row)
                else:
                    self.shown[event_id] = event.sport.code
                    code = event.sport.code
                    frames.append(
                        f'<tbody hx-swap-oob="beforeend:#liability-rows-{code}">{row}</tbody>'
                    )
        return "".join(frames)
