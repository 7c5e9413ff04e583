"""The live bracket: a socket per tournament page joins the tournament's group and gets the
bracket (and the results) re-rendered whenever a match opens or ends, swapped out of band. It
only listens: anything sent to it gets an error on that socket alone."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from tables.tournament.models import Tournament

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404


class TournamentConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.language = getattr(user, "language", None) or "ru"
        html = await self._render()
        if html is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = f"tournament.{self.tournament_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=html)

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        await self.send_json({"type": "error", "message": "This socket accepts no messages."})

    async def tournament_changed(self, event):
        html = await self._render()
        if html is not None:
            await self.send(text_data=html)

    @database_sync_to_async
    def _render(self) -> str | None:
        from tables.tournament.selectors import player_open_matches
        from tables.tournament.views import tournament_context

        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        if tournament is None:
            return None
        # issue 45: the reader's own open match, in his notice's words, with the bracket
        mine = player_open_matches(self.user, tournament)
        with translation.override(self.language):
            return render_to_string(
                "tables/tournament/_live.html",
                {**tournament_context(tournament), "my_matches": mine, "oob": True},
            )
