"""The sized fuzz (issue 19 §6): a few thousand random, oversized and malformed frames over
every websocket consumer (tests/fuzz/harness.py says what is checked); `make fuzz` sends 10^5.
The frames' seed rotates with the commit (tests/rotation.py, printed in pytest's header and by
the test): ``CONFORMANCE_SEED=<seed>`` sends a failed run's frames again."""

import os

import pytest
from channels.db import database_sync_to_async

from tables import consumers
from tests.fuzz.harness import build_world, fuzz
from tests.rotation import rotation_seed

pytestmark = pytest.mark.django_db(transaction=True)

FRAMES = int(os.environ.get("FUZZ_FRAMES", 2_000))


async def test_random_and_malformed_frames_break_nothing_and_book_nothing():
    world = await database_sync_to_async(build_world)()
    seed = rotation_seed()
    figures = await fuzz(world, FRAMES, seed=seed, flood_frames=150, frozen_flood=True)
    print(f"fuzz seed {seed}")
    print(figures.report())
    assert figures.problems() == []
    # every consumer got frames and answered every one
    assert set(figures.sent) == {endpoint.name for endpoint in world.endpoints}
    closed = {name: sum(n for (who, _c), n in figures.closed.items() if who == name)
              for name in figures.sent}  # fmt: skip
    assert all(figures.answered[name] + closed[name] == figures.sent[name] for name in figures.sent)
    # a flood faster than the bucket refills: the burst served, every other frame slowed down
    assert set(figures.flood) == {e.name for e in world.endpoints if e.table_id is not None}
    burst = consumers.RATE_BURST
    assert all(f["served"] == burst and f["slowed"] == 150 - burst for f in figures.flood.values())
