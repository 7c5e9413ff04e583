"""The embedded default's channel layer: channels' in-memory layer with a cheaper sweep."""

import asyncio
import os
import uuid

import pytest

from casino import layers
from casino.layers import LocalChannelLayer

# The database is not used. Without the marker, these async tests fail to start when they run
# after the browser tests (Playwright's sync API keeps an event loop in this thread: "Runner.run()
# cannot be called from a running event loop"); with it they start as the other socket tests do.
pytestmark = pytest.mark.django_db


async def test_a_group_send_reaches_every_member_once_and_no_one_else():
    layer = LocalChannelLayer()
    members = [await layer.new_channel() for _ in range(3)]
    outsider = await layer.new_channel()
    for channel in members:
        await layer.group_add("table.1", channel)
    await layer.group_add("table.2", outsider)
    await layer.group_send("table.1", {"type": "table.view", "version": 7})
    for channel in members:
        assert await layer.receive(channel) == {"type": "table.view", "version": 7}
        assert channel not in layer.channels  # nothing more waits for it
    assert outsider not in layer.channels


async def test_each_member_gets_its_own_copy():
    layer = LocalChannelLayer()
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", a)
    await layer.group_add("g", b)
    message = {"type": "t", "view": {"seats": [1, 2]}}
    await layer.group_send("g", message)
    first = await layer.receive(a)
    first["view"]["seats"].append(3)
    assert (await layer.receive(b))["view"]["seats"] == [1, 2]
    assert message["view"]["seats"] == [1, 2]


async def test_a_full_member_misses_the_message_and_the_others_get_it():
    layer = LocalChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", full)
    await layer.group_add("g", free)
    await layer.send(full, {"type": "first"})
    await layer.group_send("g", {"type": "second"})
    assert await layer.receive(full) == {"type": "first"}
    assert await layer.receive(free) == {"type": "second"}
    assert full not in layer.channels


async def test_expired_messages_and_their_channel_go_at_the_next_sweep(monkeypatch):
    clock = {"wall": 1_000.0, "monotonic": 50.0}
    monkeypatch.setattr(layers.time, "monotonic", lambda: clock["monotonic"])
    monkeypatch.setattr("channels.layers.time.time", lambda: clock["wall"])
    layer = LocalChannelLayer(expiry=60)
    stale, fresh = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", stale)
    await layer.group_add("g", fresh)
    await layer.send(stale, {"type": "old"})
    clock["wall"] += 61  # the message has expired...
    await layer.group_send("g", {"type": "a"})  # ...and the first sweep removes it
    assert stale not in layer.groups["g"] and fresh in layer.groups["g"]
    assert stale not in layer.channels
    await layer.send(fresh, {"type": "b"})
    clock["wall"] += 61  # both messages of `fresh` expire, but no sweep is due yet
    await layer.group_send("g", {"type": "c"})
    assert layer.channels[fresh].qsize() == 3
    clock["monotonic"] += layers.SWEEP_SECONDS  # a second later the sweep runs again
    await layer.group_send("g", {"type": "d"})
    assert fresh not in layer.groups.get("g", {})


async def test_the_redis_layer_publishes_a_changes_sends_together_each_to_its_group_alone():
    """Production's layer (REDIS_URL): ``group_send_many`` (casino/realtime.py sends a change's
    messages with it) reaches each group's members, in order, and nobody else."""
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/7"
    layer = layers.BatchedRedisPubSubLayer(hosts=[url], prefix=f"test{uuid.uuid4().hex[:8]}")
    try:
        seat_a, seat_b, watcher = [await layer.new_channel() for _ in range(3)]
        await layer.group_add("table.1.player.1", seat_a)
        await layer.group_add("table.1.player.2", seat_b)
        await layer.group_add("table.1", watcher)
        await layer.group_send_many(
            [
                ("table.1.player.1", {"type": "table.private", "version": 8, "hand": ["AS"]}),
                ("table.1.player.2", {"type": "table.private", "version": 8, "hand": ["KD"]}),
                ("table.1", {"type": "table.view", "version": 8}),
                ("table.1.player.1", {"type": "table.private", "version": 9, "hand": []}),
            ]
        )

        async def next_of(channel):
            return await asyncio.wait_for(layer.receive(channel), timeout=10)

        assert [(await next_of(seat_a))["version"] for _ in range(2)] == [8, 9]
        assert (await next_of(seat_b))["hand"] == ["KD"]
        assert await next_of(watcher) == {"type": "table.view", "version": 8}
        # and a send after them comes after them
        await layer.group_send("table.1.player.2", {"type": "last"})
        assert (await next_of(seat_b))["type"] == "last"
    finally:
        await layer.flush()
