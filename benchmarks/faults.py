"""`make faults`: faults at random points (issue 19 part 5), on PostgreSQL + Redis.

Run kinds (FAULTS_RUNS kills each, default 20; name kinds on the command line to run only
those, e.g. ``benchmarks/faults.py craps blackjack seat``):
- hand: a Daphne server with two players seated over websockets playing a durak match is
  killed with SIGKILL at a random moment of play; a new server starts on the same database,
  the players reconnect and resend the frame that got no answer (same client_action_id), and
  play on; then both leave (the match ends, its escrow is paid out).
- settlement: a process settling an event's bets (sportsbook ``event_settle``, chunks of
  SETTLE_CHUNK bets, each its own transaction) is killed at a random moment; the sweeper's call
  (``event_settle`` again) finishes it.
- transfer: a process booking ledger transfers between two wallets, each with its idempotency
  key, is killed at a random moment; the client retries every key it sent (the last one's
  answer never came).
- redis: the channel layer's Redis (a private redis-server started for this run) is killed and
  started again in the middle of play (FAULTS_REDIS_RUNS times): players reconnect as a
  browser does and the next move reaches both sockets.
- pg-terminate: while a process books ledger transfers, another connection ends its PostgreSQL
  backend (pg_terminate_backend) at random moments inside a transaction (a statement or the
  commit in flight, or between them), FAULTS_RUNS times; the process retries its key on a
  fresh connection.

- craps: a process playing a craps session through the table actor (two players betting
  what the layout takes, their bets riding from roll to roll, the shooter rolling) is killed
  at a random moment; the next process plays on from the last commit, then both leave and
  the table's clock plays out what their held seats keep working.
- blackjack: the same for blackjack hands played for their splits, doubles and insurance
  (those are chosen whenever they are legal).
- seat: a process seating and unseating two players at a craps table (each sits, bets, and
  leaves with bets on the layout, again and again) is killed at a random moment, often inside
  a sit or a leave; the players then leave (a leave that finds no seat is told so) and the
  clock settles what is held.
For these three, every stake is settled or returned once: each player's wallet equals his funds
plus what the table's event log says was paid to his seat less what his seat paid, with no
seat or bet left at the table (issue 46).

After each: the books check clean (casino.books), every table resumed (or was voided with its
refunds), no client action applied twice, no settlement or transfer booked twice, nothing
lost. Printed: runs, kills, recoveries, failures per kind. Exit status 1 on any failure.

Environment: FAULTS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
test_presence_faults, created if missing), FAULTS_RUNS, FAULTS_REDIS_RUNS (default 3),
FAULTS_SEED (the random moments; default a fresh seed, printed).

Where to look: this script holds the children's entry and `main`; the shared kit (figures,
the database, the private Redis, children started and killed, the checks, funded players) is in
`benchmarks/faults_kit.py`, transfers and settlements killed in `benchmarks/faults_money.py`,
house-banked tables in `benchmarks/faults_tables.py`, and Daphne, Redis and PostgreSQL under
the players' sockets in `benchmarks/faults_sockets.py`."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

# run as a script (`python benchmarks/faults.py`, and each child), the project's root is not on
# the path yet: put it there before the benchmarks' modules are imported
if str(Path(__file__).resolve().parent.parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.faults_kit import (  # noqa: E402
    DEFAULT_DATABASE_URL,
    Figures,
    PrivateRedis,
    no_action_applied_twice,
    prepare_database,
)
from benchmarks.faults_money import (  # noqa: E402
    SETTLE_CHUNK,
    book_transfers,
    run_settlements,
    run_transfers,
)
from benchmarks.faults_sockets import run_hands, run_redis, run_terminate  # noqa: E402
from benchmarks.faults_tables import come_and_go, play_house, run_house  # noqa: E402

# --- children: the processes that get killed ----------------------------------------------------


def child_main(argv: list[str]) -> None:
    """``faults.py child transfer PREFIX FROM TO COUNT`` or ``faults.py child settle EVENT``: the
    work a killed process was doing, each step's commit announced on stdout."""
    import benchmarks as common

    common.django_setup(os.environ["DATABASE_URL"], log_queries=False)
    kind = argv[0]
    if kind == "transfer":
        prefix, source, target = argv[1], int(argv[2]), int(argv[3])
        book_transfers(prefix, source, target, announce=True)
    elif kind == "house":
        table_id, player_ids = int(argv[1]), [int(a) for a in argv[2:]]
        play_house(table_id, player_ids, random.Random(), announce=True)
    elif kind == "seat":
        table_id, player_ids = int(argv[1]), [int(a) for a in argv[2:]]
        come_and_go(table_id, player_ids, random.Random(), announce=True)
    elif kind == "settle":
        from sportsbook.settlement import runner as settlement_runner

        settlement_runner.CHUNK = SETTLE_CHUNK  # many commits: a kill lands between or inside
        print("go", flush=True)
        settlement_runner.event_settle(event_id=int(argv[1]))
        print("done", flush=True)


# --- main ---------------------------------------------------------------------------------------


def main() -> int:
    import benchmarks as common

    url = os.environ.get("FAULTS_DATABASE_URL", DEFAULT_DATABASE_URL)
    runs = int(os.environ.get("FAULTS_RUNS", "20"))
    redis_runs = int(os.environ.get("FAULTS_REDIS_RUNS", "3"))
    seed = int(os.environ.get("FAULTS_SEED", str(random.SystemRandom().randrange(10**9))))
    rng = random.Random(seed)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the private Redis goes too
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("make faults runs on PostgreSQL: set FAULTS_DATABASE_URL")
    prepare_database(url)
    redis = PrivateRedis()
    redis.start()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": redis.url,
        "DEBUG": "1",
        "CONN_MAX_AGE": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    os.environ.update({"REDIS_URL": redis.url, "CONN_MAX_AGE": "0"})
    common.django_setup(url, log_queries=False)
    common.migrate()
    print(f"faults: {url} + private Redis on port {redis.port}; seed {seed}", flush=True)
    kinds = [
        ("hand", lambda f: run_hands(f, runs, rng, env)),
        ("settlement", lambda f: run_settlements(f, runs, rng, env)),
        ("transfer", lambda f: run_transfers(f, runs, rng, env)),
        ("redis", lambda f: run_redis(f, redis_runs, rng, env, redis)),
        ("pg-terminate", lambda f: run_terminate(f, runs, rng, env)),
        ("craps", lambda f: run_house(f, "craps", runs, rng, env, "house")),
        ("blackjack", lambda f: run_house(f, "blackjack", runs, rng, env, "house")),
        ("seat", lambda f: run_house(f, "craps", runs, rng, env, "seat")),
    ]
    only = set(sys.argv[1:])
    results = []
    try:
        for kind, run in kinds:
            if only and kind not in only:
                continue
            figures = Figures(kind)
            started = time.monotonic()
            try:
                run(figures)
            except Exception as error:  # a harness failure is a failure too, never a pass
                figures.fail(f"{type(error).__name__}: {error}")
            no_action_applied_twice(figures)
            results.append(figures)
            print(f"{figures.row()}  [{time.monotonic() - started:.0f} s]", flush=True)
    finally:
        redis.kill()
    print("\n".join(["", "faults summary:", *(f.row() for f in results)]))
    failed = sum(len(f.failures) for f in results)
    print(f"failures in all: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child_main(sys.argv[2:])
    else:
        sys.exit(main())
