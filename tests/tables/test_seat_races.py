"""Two players sit or leave at the same moment (issue 46): threads holding connections of their
own, released together by a barrier, each run many times, the books checked after.

On PostgreSQL (CI) the changes really overlap: one waits for the table's row lock while the
other commits, which is where a statement that locked the table and read its seats in one go
saw the seats as they were before (a second sit took a taken position, a second leave saved a
seat that was gone). On SQLite the same runs are serialised by the database's write lock and
check the same outcomes. Every outcome is a seat or a sentence for that player; anything else
(an IntegrityError, a DatabaseError) is a failure. The counts are printed (``-s``) for
benchmarks/README.md."""

from __future__ import annotations

import contextlib
import datetime as dt
import threading

import pytest
from django.db import connection, connections
from django.utils import timezone

from tables import services
from tables.actor import change as actor_change
from tables.engines.registry import engine_for, registered_games
from tables.games.craps import engine as craps
from tables.models import Seat, Table
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db(transaction=True)

RUNS = 2  # races per game, config and kind (33 configs: 198 races in all); craps runs more
FUNDS = 10_000_000  # enough for any game's sit minimum and stakes

GAMES = [
    (game, config) for game in registered_games() for config in engine_for(game).example_configs
]
COUNTS: dict[str, list[int]] = {}  # kind -> [runs, conflicts met, failures]


@pytest.fixture(scope="module", autouse=True)
def counts():
    """The counts of every race of this module, printed once at its end (``-s``)."""
    COUNTS.clear()
    yield
    lines = [
        f"{kind}: runs {r}, conflicts met {c}, failures {f}" for kind, (r, c, f) in COUNTS.items()
    ]
    print(f"\n[seat races on {connection.vendor}]\n" + "\n".join(lines))


def race(*bodies) -> list:
    """Run the bodies at once, each in a thread with its own database connection; each one's
    result, or the exception it raised."""
    results: list = [None] * len(bodies)
    barrier = threading.Barrier(len(bodies))

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = bodies[index]()
        except BaseException as error:  # noqa: BLE001 - every outcome is looked at
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def unexpected(results) -> list[BaseException]:
    """What is neither a change applied nor a sentence for the player."""
    return [r for r in results if isinstance(r, BaseException) and not told(r)]


def told(result) -> bool:
    return isinstance(result, services.TableError) and bool(str(result))


def report(kind: str, runs: int, conflicts: int, failures: int) -> None:
    total = COUNTS.setdefault(kind, [0, 0, 0])
    for index, count in enumerate((runs, conflicts, failures)):
        total[index] += count


def players(count: int) -> list:
    made = [new_player(language="en") for _ in range(count)]
    for player in made:
        fund(player, FUNDS)
    return made


def new_table(game: str, config: dict, **extra) -> Table:
    # a long filling window: the table stays open while it fills, so every seat is free to race
    settings_ = {**config, "start_seconds": 600, **extra}
    return Table.objects.create(name=f"Race {game}", game=game, currency="BYN", settings=settings_)


def sit(table: Table, player):
    return lambda: services.table_sit(table_id=table.pk, player=player, connected=True)


def leave(table: Table, player):
    return lambda: services.table_leave(table_id=table.pk, player=player)


def test_two_sit_at_once_at_an_empty_table_and_at_its_last_seat_of_every_game(caplog):
    """Both at an empty table: both seated, at two positions. Both at the last free seat: one
    is seated, the other is told the table is full (or why nobody may sit now). For every
    registered game's example configs."""
    people = players(max(engine_for(game).seats[1] for game, _config in GAMES) + 1)
    failures = []
    for game, config in GAMES:
        failures += two_sits(game, config, people)
    assert failures == []
    assert not stale_seat_reads(caplog)  # no seat read before the lock: no conflict met
    assert_books_clean()


def two_sits(game: str, config: dict, people: list) -> list:
    capacity = engine_for(game).seats[1]
    failures, conflicts = [], 0
    for _run in range(RUNS):
        table = new_table(game, config)
        results = race(sit(table, people[0]), sit(table, people[1]))
        failures += unexpected(results)
        seated = list(Seat.objects.filter(table=table).values_list("player_id", "position"))
        if not any(told(r) for r in results):
            assert sorted(p for p, _ in seated) == sorted(p.pk for p in people[:2]), game
            assert len({position for _, position in seated}) == 2, game
        if capacity < 2:
            continue
        # the last seat: the others sit first, then two race for it
        table = new_table(game, config)
        for person in people[2 : capacity + 1]:
            services.table_sit(table_id=table.pk, player=person, connected=True)
        results = race(sit(table, people[0]), sit(table, people[1]))
        failures += unexpected(results)
        conflicts += sum(told(r) for r in results)
        racers = Seat.objects.filter(table=table, player__in=people[:2]).count()
        assert racers == sum(not isinstance(r, BaseException) for r in results), game
        assert Seat.objects.filter(table=table).count() <= capacity, game
    report(
        "two sits at one table, and at its last seat (every game)",
        2 * RUNS,
        conflicts,
        len(failures),
    )
    return failures


def test_a_sit_and_a_leave_at_once_at_every_game():
    """One player leaves as another sits down: the leaver is gone (or held with bets working),
    the newcomer seated, whichever came first."""
    people = players(2)
    failures = []
    for game, config in GAMES:
        assert engine_for(game).seats[1] >= 2, game
        failed = []
        for _run in range(RUNS):
            table = new_table(game, config)
            services.table_sit(table_id=table.pk, player=people[0], connected=True)
            results = race(leave(table, people[0]), sit(table, people[1]))
            failed += unexpected(results)
            assert not Seat.objects.filter(
                table=table, player=people[0], leaving_since=None
            ).exists(), game
            assert Seat.objects.filter(table=table, player=people[1]).exists(), game
        report("a sit and a leave (every game)", RUNS, 0, len(failed))
        failures += failed
    assert failures == []
    assert_books_clean()


def test_a_seat_conflict_the_actor_still_meets_chooses_another_seat_or_tells_the_player(
    monkeypatch,
):
    """Should the seats read be stale anyway (a writer outside the actor), the unique
    constraint's conflict is no failed change: another free seat is chosen for the player, and
    at a full table he is told so."""
    people = players(3)
    table = new_table("highcard", engine_for("highcard").example_configs[0])
    services.table_sit(table_id=table.pk, player=people[0], connected=True)
    opened = actor_change.open_table  # looked up where the actor opens a change

    def stale(table_id, replay=None):  # as if the seat taken just now were not committed
        table_, seats, replayed = opened(table_id, replay=replay)
        return table_, {}, replayed

    monkeypatch.setattr(actor_change, "open_table", stale)
    services.table_sit(table_id=table.pk, player=people[1], connected=True)
    positions = dict(Seat.objects.filter(table=table).values_list("player_id", "position"))
    assert positions == {people[0].pk: 0, people[1].pk: 1}
    with pytest.raises(services.TableError, match="already seated"):
        services.table_sit(table_id=table.pk, player=people[1], connected=True)
    monkeypatch.setattr(engine_for("highcard"), "seats", (1, 2))
    with pytest.raises(services.TableError, match="table is full"):
        services.table_sit(table_id=table.pk, player=people[2], connected=True)
    assert Seat.objects.filter(table=table).count() == 2
    assert_books_clean()


CRAPS = {
    "min_bet": 100,
    "max_bet": 10_000,
    "min_unit": 100,
    "start_seconds": 0,
    "bet_seconds": 5,
    "shooter_seconds": 600,
    "action_seconds": 600,
}
CRAPS_RUNS = 6


def test_two_leaves_at_once_at_craps_with_bets_on_the_layout_and_missed_windows(caplog):
    """Anna (the shooter) and Boris have bets riding across rolls and let this roll's betting
    window pass (noted, counted at the roll's end), then both leave at once: both leaves are
    applied (a seat freed, or held while a bet of his is decided), none is lost, the clock
    plays out what is held, and every stake is settled or returned once (books clean)."""
    anna, boris = players(2)
    failures, conflicts = [], 0
    for _run in range(CRAPS_RUNS):
        table = Table.objects.create(name="Craps", game="craps", currency="BYN", settings=CRAPS)
        now = timezone.now()
        for player in (anna, boris):
            services.table_sit(table_id=table.pk, player=player, connected=True, now=now)
        bets_riding(table, now)
        # the betting window passes on its clock: both noted as letting it pass
        now += dt.timedelta(seconds=CRAPS["bet_seconds"] + 1)
        services.table_apply_overdue(table_id=table.pk, now=now)
        state = Table.objects.get(pk=table.pk).state
        assert state["bets"], "bets ride on the layout"
        assert state["windows_missed"], "the window passed for them"
        results = race(*(leaving(table, player, now) for player in (anna, boris)))
        failures += unexpected(results)
        conflicts += sum(told(r) for r in results)
        assert not Seat.objects.filter(table=table, leaving_since=None).exists()
        for _tick in range(200):  # the clock plays out what the held seats keep working
            if not Seat.objects.filter(table=table).exists():
                break
            now += dt.timedelta(seconds=700)
            services.table_apply_overdue(table_id=table.pk, now=now)
        assert not Seat.objects.filter(table=table).exists()
        assert not Table.objects.get(pk=table.pk).state["bets"]
    report("two leaves at craps, bets riding, windows missed", CRAPS_RUNS, conflicts, len(failures))
    assert failures == []
    assert not stale_seat_reads(caplog)
    assert_books_clean()


def leaving(table, player, now):
    return lambda: services.table_leave(table_id=table.pk, player=player, now=now)


def bets_riding(table, now) -> None:
    """Every player bets what the layout takes, roll after roll, until a roll begins with a
    point set and three or more bets riding on it from the rolls before."""
    by_seat = {s.position: s.player for s in Seat.objects.filter(table=table)}
    for _roll in range(30):
        state = Table.objects.get(pk=table.pk).state
        if state["point"] is not None and len(state["bets"]) >= 3:
            return  # riding from the rolls before; nobody has acted in this one
        for player in by_seat.values():
            for bet in ("pass",) if state["point"] is None else ("place_6", "place_8"):
                with contextlib.suppress(services.TableError):  # not on the layout now
                    services.table_act(
                        table_id=table.pk,
                        player=player,
                        action={"type": "bet", "bet": bet, "amount": 600},
                        now=now,
                    )
        state = Table.objects.get(pk=table.pk).state
        for position in craps.to_act(state):
            services.table_act(
                table_id=table.pk, player=by_seat[position], action={"type": "done"}, now=now
            )
        state = Table.objects.get(pk=table.pk).state
        roll_ = {"type": "roll"} if state["chosen"] else {"type": "roll", "dice": [1, 2]}
        services.table_act(
            table_id=table.pk, player=by_seat[state["shooter"]], action=roll_, now=now
        )


def stale_seat_reads(caplog) -> list[str]:
    """Warnings of a seat conflict the actor met (``services._take_seat``): a seat read before
    the table's lock was held. None, since the seats are read after it."""
    return [r.getMessage() for r in caplog.records if "taken meanwhile" in r.getMessage()]
