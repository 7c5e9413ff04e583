"""The spread bets' live socket: /ws/sport/spread/ (issue 18).

Joins `spread` (every asset's quote changes) and the player's own `spread.user.<id>` (his bets
opened, closed or closed out). On a quote: the asset's row with its chart, and the player's
positions (their P&L and equity moved); on his own news: his positions. Fragments are rendered
on the server and swapped out of band. On (re)connect the positions are sent at once. The
browser sends nothing."""

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
        await self.listen((), groups=[SPREAD_GROUP, spread_user_group(self.user.pk)])
        for html in await self._frames({"type": "spread.positions"}):
            await self.send(text_data=html)

    async def spread_quote(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    async def spread_positions(self, message):
        for html in await self._frames(message):
            await self.send(text_data=html)

    def frames(self, message: dict) -> list[str]:
        parts = []
        if message.get("type") == "spread.quote":
            row = selectors.spread_asset_row(message["asset"])
            if row is not None:
                parts.append(
                    render_to_string("sportsbook/spread/_asset.html", {"row": row, "oob": True})
                )
        parts.append(
            render_to_string(
                "sportsbook/spread/_positions.html",
                {
                    "accounts": selectors.spread_account(self.user),
                    "closed": selectors.spread_closed(self.user),
                    "oob": True,
                },
            )
        )
        return ["".join(parts)]
