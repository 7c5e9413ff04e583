"""The spread bets' live socket: /ws/sport/spread/ (issue 18, issue 45).

Joins `spread` (every asset's quote changes) and the player's own `spread.user.<id>` (his bets
opened, closed or closed out). Fragments are rendered on the server and swapped out of band.

Live prices change text in place: a quote of an asset whose state (open, closed, halted,
delisted) is unchanged sends its quote, chart and range, the prices on its buttons (their inner
text) and the quotes its form sends (hidden inputs), never its form or buttons, which a person
may be clicking; only a change of state re-renders the asset. Likewise the player's positions:
a quote sends their figures (P&L, closing quote, equity) and the closing quote each close form
sends; the positions are re-rendered whole only when they change (his news, or a quote that
finds them changed). On (re)connect every asset and the positions are sent whole (the page may
be older than the socket). The browser sends nothing."""

from __future__ import annotations

from django.template.loader import render_to_string

from sportsbook import clock
from sportsbook.line.consumers import LineSocket
from sportsbook.spread import selectors
from sportsbook.spread.services import SPREAD_GROUP, spread_user_group


class SpreadConsumer(LineSocket):
    async def connect(self):
        if not await self.signed_in():
            return
        clock.ensure_running()
        self.asset_states: dict[int, str] = {}
        self.positions_shown: frozenset | None = None
        await self.listen((), groups=[SPREAD_GROUP, spread_user_group(self.user.pk)])
        for html in await self._frames({"type": "spread.connect"}):
            await self.send(text_data=html)

    async def spread_quote(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    async def spread_positions(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    def frames(self, message: dict) -> list[str]:
        kind = message.get("type")
        parts = []
        if kind == "spread.connect":
            for row in selectors.spread_assets():
                parts.append(self._asset(row))
        elif kind == "spread.quote":
            row = selectors.spread_asset_row(message["asset"])
            if row is not None:
                if self.asset_states.get(row.pk) == row.state:
                    parts.append(render_to_string("sportsbook/spread/_tick.html", {"row": row}))
                else:
                    parts.append(self._asset(row))
        parts.append(self._positions(whole=kind != "spread.quote"))
        return ["".join(parts)]

    def _asset(self, row) -> str:
        self.asset_states[row.pk] = row.state
        return render_to_string("sportsbook/spread/_asset.html", {"row": row, "oob": True})

    def _positions(self, *, whole: bool) -> str:
        accounts = selectors.spread_account(self.user)
        shown = frozenset(
            (row.position.pk, row.position.stake) for a in accounts for row in a.positions
        )
        if not whole and shown == self.positions_shown:
            return render_to_string("sportsbook/spread/_figures.html", {"accounts": accounts})
        self.positions_shown = shown
        return render_to_string(
            "sportsbook/spread/_positions.html",
            {
                "accounts": accounts,
                "closed": selectors.spread_closed(self.user),
                "oob": True,
                "live": True,
            },
        )
