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
from channels_redis.pubsub import RedisPubSubChannelLayer

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


class BatchedRedisPubSubLayer(RedisPubSubChannelLayer):
    """channels_redis' publish/subscribe layer with ``group_send_many``: the group sends of one
    change (a six-seat table: six seats' views, the lobby's and the pit boss's rows, a wallet's
    news) published in one pipeline per Redis host, one write and one read, where each PUBLISH
    was a round trip of its own. On this machine the socket writes to Redis were a quarter of a
    busy server's samples (benchmarks/README.md, ``table_load``). Built on the layer's own
    naming, sharding and serializer (channels-redis 4.3, pinned in requirements.txt)."""

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        layer = self._get_layer()
        by_shard: dict[int, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            shard = layer._get_shard(channel)
            by_shard.setdefault(id(shard), [shard]).append((channel, self.serialize(message)))
        for shard, *publishes in by_shard.values():
            async with shard._lock:
                shard._ensure_redis()
                async with shard._redis.pipeline(transaction=False) as pipe:
                    for channel, data in publishes:
                        pipe.publish(channel, data)
                    await pipe.execute()
