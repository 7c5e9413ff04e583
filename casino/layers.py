"""The channel layer of the embedded default (`make run`): channels' in-memory layer, made cheaper
per message for a process holding many sockets.

channels' ``InMemoryChannelLayer`` sweeps expired messages and group memberships on every receive
and every group send: a pass over every channel and every group member of the process, for each
frame. With a hundred sockets that sweep was a tenth of a table action's CPU (benchmarks/README.md,
``table_load``). Here the sweep runs at most once a second; a message may therefore be dropped up
to a second after it expired (60 s after it was sent) instead of at once. A group send puts the
message on each member's queue directly, where channels made a task per member and waited for
them all, to the same effect (``send`` never waits).
"""

from __future__ import annotations

import contextlib
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

SWEEP_SECONDS = 1.0


class LocalChannelLayer(InMemoryChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_SECONDS
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):  # as channels does: a full member misses it
                await self.send(channel, message)
