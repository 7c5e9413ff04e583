import random

import pytest

from casino import ledger
from tables import outbox, presenters
from tables.games import baccarat_bank as baccarat_presenter
from tables.games.durak import engine as durak
from tables.models import Table
from tests.conftest import fund, new_player


@pytest.fixture(autouse=True)
def fresh_boards():
    """Boards are cached per process by (table, version, seat, language), their shared sections
    by (table, version, language): ids and versions are never reused in one database, but every
    test starts a fresh one."""
    caches = (
        presenters._boards,
        presenters._sections,
        presenters._public,
        baccarat_presenter._COUPS,
        outbox._paces,
        outbox._private_digests,
    )
    for cache in caches:
        cache.clear()
    yield
    for cache in caches:
        cache.clear()


@pytest.fixture
def durak_table(db):
    return Table.objects.create(
        name="Durak test",
        game="durak",
        currency="BYN",
        settings={
            "stake": 1_000,
            "wins_to_win": 5,
            "commission_percent": "5",
            "action_seconds": 30,
            "grace_seconds": 60,
            "absence_seconds": 180,
        },
    )


@pytest.fixture
def two_players(db):
    players = [new_player(), new_player()]
    for player in players:
        fund(player, 10_000)
    return players


def pick_action(state: dict, seat: int, rng: random.Random) -> dict:
    """A sensible random move: prefer beating and attacking over taking and ending."""
    legal = durak.legal_actions(state, seat)
    good = [a for a in legal if a["type"] in ("defend", "attack")]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    return rng.choice(legal)


def balances(*players):
    return [ledger.balances_of(p).get("BYN", 0) for p in players]


@pytest.fixture
def unthrottled(monkeypatch):
    """A scripted player acts as fast as the server answers, far above a person's 20 messages a
    second: without this, a fast machine trips the per-socket rate limit mid-match."""
    from tables import consumers

    monkeypatch.setattr(consumers, "RATE_PER_SECOND", 1_000_000.0)
    monkeypatch.setattr(consumers, "RATE_BURST", 1_000_000)
