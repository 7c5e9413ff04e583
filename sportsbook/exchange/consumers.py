"""The exchange's live socket: /ws/sport/exchange/<market id>/ (issue 18).

Thin, as the line's sockets: authenticate, join `exchange.<market id>`, and on every
`exchange.changed` (sent by `exchange.services` after commit: an offer posted, taken, changed,
withdrawn, lapsed, or the market settled) send this player's view of the ladder and of his own
offers and bets as server-rendered fragments that htmx swaps out of band. On (re)connect the same
fragments are sent at once, so a page that missed changes while no socket listened catches up.
The browser sends nothing: any message gets an error on this socket only.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.template.loader import render_to_string

from sportsbook import clock
from sportsbook.exchange import selectors
from sportsbook.line.consumers import CLOSE_NO_EVENT, LineSocket
from sportsbook.models import ExchangeMarket


class ExchangeConsumer(LineSocket):
    async def connect(self):
        if not await self.signed_in():
            return
        clock.ensure_running()
        self.market_id = int(self.scope["url_route"]["kwargs"]["market_id"])
        if not await self._listed():
            await self.close(code=CLOSE_NO_EVENT)
            return
        await self.listen((), groups=[f"exchange.{self.market_id}"])
        for html in await self._frames({"market": self.market_id}):
            await self.send(text_data=html)

    @database_sync_to_async
    def _listed(self) -> bool:
        return ExchangeMarket.objects.filter(market_id=self.market_id).exists()

    async def exchange_changed(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    def frames(self, message: dict) -> list[str]:
        view = selectors.exchange_market_view(self.market_id, self.user)
        if view is None:
            return []
        # As the bet slip shows a changed price (SB §1.7): the best price of a side that moved
        # since this socket last showed it is marked, with the old price struck through.
        best = {}
        for row in view.rows:
            for side, prices in (("back", row.to_back), ("lay", row.to_lay)):
                best[f"{row.outcome.pk}:{side}"] = prices[0].odds if prices else None
        shown = getattr(self, "best_shown", None)
        changed = {}
        if shown is not None:
            changed = {
                key: old
                for key, old in shown.items()
                if old is not None and best.get(key) is not None and best[key] != old
            }
        self.best_shown = best
        context = {"view": view, "oob": True, "changed": changed}
        return [
            render_to_string("sportsbook/exchange/_ladder.html", context)
            + render_to_string("sportsbook/exchange/_mine.html", context)
        ]


__all__ = ["ExchangeConsumer"]
