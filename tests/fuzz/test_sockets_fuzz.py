"""The sized fuzz (issue 19 §6): a few thousand random, oversized and malformed frames over
every websocket consumer (tests/fuzz/harness.py says what is checked); `make fuzz` sends 10^5."""

import os

import pytest
from channels.db import database_sync_to_async

from tests.fuzz.harness import build_world, fuzz

pytestmark = pytest.mark.django_db(transaction=True)

FRAMES = int(os.environ.get("FUZZ_FRAMES", 3_000))


async def test_random_and_malformed_frames_break_nothing_and_book_nothing():
    world = await database_sync_to_async(build_world)()
    figures = await fuzz(world, FRAMES, seed=19, flood_frames=150)
    print(figures.report())
    assert figures.problems() == []
    # every consumer got frames and answered every one
    assert set(figures.sent) == {endpoint.name for endpoint in world.endpoints}
    closed = {name: sum(n for (who, _c), n in figures.closed.items() if who == name)
              for name in figures.sent}  # fmt: skip
    assert all(figures.answered[name] + closed[name] == figures.sent[name] for name in figures.sent)
    assert figures.flood and all(f["slowed"] > 0 for f in figures.flood.values())
