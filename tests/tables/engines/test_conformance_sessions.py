"""The conformance suite's long sessions (issue 12, build 8): every registered engine, with each
of its example configs, at a full table played for a while in a seeded session, with the checks
of tests/tables/engines/conformance.py after every step. One seed a config on every run, rotating
with the commit (issue 51, tests/rotation.py); ``make conformance`` plays two. A file apart from
the random play of test_conformance.py, so that the test workers (a file to a worker) share the
suite out."""

import random

import pytest

from tables.engines.registry import engine_for, registered_games
from tests.rotation import full_matrix, rotation_seed
from tests.tables.engines.conformance import ConformanceTable


def long_session_seeds(game: str, number: int) -> list[int]:
    """The sessions' seeds of one example config: one a run, rotating with the commit; two in
    the full matrix (``make conformance``), as before issue 51."""
    rng = random.Random(f"{rotation_seed()}-{game}-{number}-long")
    return [rng.getrandbits(32) for _ in range(2 if full_matrix() else 1)]


LONG_SESSIONS = [
    pytest.param(game, config, seed, id=f"{game}-config{number}-seed{seed}")
    for game in registered_games()
    for number, config in enumerate(engine_for(game).example_configs)
    for seed in long_session_seeds(game, number)
]


@pytest.mark.parametrize(("game", "config", "seed"), LONG_SESSIONS)
def test_long_sessions_play_matches_and_shoes_to_their_end(game, config, seed):
    """A full table plays undisturbed for a while (often a match to its last game, a shoe to
    its cut card), then with players coming and going and staff voiding. The seed (in the
    test's id, rotating with the commit: ``long_session_seeds``) alone decides the session, so
    a failure replays from it and shrinking it teaches nothing."""
    engine = engine_for(game)
    table = ConformanceTable(engine, config, engine.seats[1], seed)
    table.play(hands=10, max_steps=600, calm=True)
    assert table.hands >= 3, "a calm table deals hand after hand"
    table.play(hands=4, max_steps=150, calm=False)
    table.close()
