"""The trader's live pages of the exchange and the spread assets (issue 18 §3), traders only:
/ws/trader/exchange/ and /ws/trader/spread/.

Thin, as the trader's list of events: on (re)connect the whole table body (so the page catches
up with whatever changed while no socket listened), then each row that changed, rendered on the
server and swapped out of band. The exchange's services tell `trader.exchange` the market of
every change of its book (an offer posted, taken, changed, withdrawn, lapsed, the market settled
or settled again) and a market newly listed; the spread services tell `trader.spread` the asset
whose quote, state or open bets changed. The browser sends nothing."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string

from sportsbook.exchange import selectors as exchange_selectors
from sportsbook.exchange.services import TRADER_EXCHANGE_GROUP
from sportsbook.line.consumers import LineSocket
from sportsbook.spread import selectors as spread_selectors
from sportsbook.spread.services import TRADER_SPREAD_GROUP


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
