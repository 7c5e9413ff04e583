"""The short version of `make faults` (benchmarks/faults.py): one kill -9 of a process booking
ledger transfers and one of a process settling a sportsbook event, each at a random moment, on
the suite's database; after each the client's retries and the sweeper's next settlement leave
every key booked once, every bet settled once, nothing lost and the books clean; and one kill
each of a process playing craps (bets riding across rolls), blackjack (splits, doubles,
insurance) and seating and unseating players (issue 46), each table settled after with every
stake paid or returned once.
(A server killed during a hand: tests/test_presence_crash.py.)"""

import os
import random
from urllib.parse import quote

import pytest
from django.db import connection

from benchmarks import faults

pytestmark = pytest.mark.django_db(transaction=True)


def database_url() -> str:
    """The suite's own database, for the child processes."""
    config = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{config['NAME']}"
    password = f":{quote(config['PASSWORD'])}" if config.get("PASSWORD") else ""
    return (
        f"postgres://{quote(config['USER'])}{password}@{config['HOST'] or '127.0.0.1'}:"
        f"{config['PORT'] or 5432}/{config['NAME']}"
    )


@pytest.fixture
def child_env():
    connection.close()  # the children open their own; nothing of ours held open meanwhile
    return {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}


def test_a_process_killed_mid_transfers_books_each_retried_key_once(child_env):
    figures = faults.Figures("transfer")
    faults.run_transfers(figures, 1, random.Random(19), child_env)
    assert figures.failures == []
    assert (figures.kills, figures.recoveries) == (1, 1)
    assert figures.notes["transfers"] >= 2


def test_a_settlement_killed_at_a_random_moment_is_finished_once_by_the_next_run(child_env):
    figures = faults.Figures("settlement")
    faults.run_settlements(figures, 1, random.Random(19), child_env)
    assert figures.failures == []
    assert figures.kills == 1 and figures.recoveries == 1


@pytest.mark.parametrize(
    ("kind", "game", "child"),
    [("craps", "craps", "house"), ("blackjack", "blackjack", "house"), ("seat", "craps", "seat")],
)
def test_a_house_table_killed_at_a_random_moment_settles_every_stake_once(
    child_env, kind, game, child
):
    figures = faults.Figures(kind)
    faults.run_house(figures, game, 1, random.Random(46), child_env, child)
    assert figures.failures == []
    assert (figures.kills, figures.recoveries) == (1, 1)
    assert figures.notes["changes before the kills"] >= 1
