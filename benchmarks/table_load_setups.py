"""What `benchmarks/table_load.py` can run: the sizes and pace from the environment, the money at
a table, the targets, the setups and each setup's game and settings."""

from __future__ import annotations

import os

TABLES = max(1, int(os.environ.get("BENCH_TABLES", "").strip() or 50))
# Daphne processes serving the tables (issue 49 item 4), each table's sockets spread over them;
# more than one only where the channel layer spans processes (Redis): the in-memory layer's
# setups run one
DAPHNE_PROCESSES = max(1, int(os.environ.get("BENCH_DAPHNE_PROCESSES", "").strip() or 1))
MEMORY_TABLES = 2 * TABLES  # tables held open for the memory reading (100 x 2 clients)
PACE_SECONDS = 1.0  # paced scenario: each table acts once per PACE_SECONDS
# a game whose paced scenario is another (issue 35: a craps roll every ~5 s, its ~11 actions,
# the eight players' bets and "done"s and the roll, spread between)
GAME_PACE = {"craps": 0.45}
STAKE = 100  # minor units: 1.00 BYN
FUNDING = 1_000_000
ACTION_SECONDS = 3_600  # turn clock: no timeout fires while the generator thinks
ACTION_TIMEOUT = 15.0  # seconds an action may take to reach both sockets before it counts lost
CONNECT_CONCURRENCY = 8
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/5"
TARGET_RATIO = 0.5  # a Durak action against the "smallest transaction" floor (echo+write)
TARGET_P99_MS = 100.0
TARGET_P99_SIX_MS = 150.0  # 50 six-seat tables x 1 action/s, PostgreSQL + Redis
TARGET_SIX_CPU = 2.0  # a 6-seat action's Daphne CPU against a 2-seat action's
TARGET_RSS_MB = 300.0
SETUPS = {
    "sqlite": "(i) SQLite + in-memory layer",
    "postgres": "(ii) PostgreSQL + Redis",
    "sqlite6": "(iii) 6 seats, SQLite + in-mem",
    "postgres6": "(iv) 6 seats, PostgreSQL + Redis",
    "sqlitebac": "(v) baccarat 6, SQLite + in-mem",
    "postgresbac": "(vi) baccarat 6, PostgreSQL + Redis",
    # the 6-seat game at two seats: what a seat more costs, the game's own work per action
    # (a bet booked, a hand settled) being the same on both sides (issue 30)
    "sqlite2hc": "(vii) High card 2, SQLite + in-mem",
    "postgres2hc": "(viii) High card 2, PostgreSQL + Redis",
    "sqlitebj": "(ix) Blackjack 6, SQLite + in-mem",
    "postgresbj": "(x) Blackjack 6, PostgreSQL + Redis",
    "sqlitecs": "(xi) Caribbean stud 6, SQLite + in-mem",
    "postgrescs": "(xii) Caribbean stud 6, PostgreSQL + Redis",
    "sqlitebs": "(xiii) big stud 8, SQLite + in-mem",
    "postgresbs": "(xiv) big stud 8, PostgreSQL + Redis",
    "sqlitecr": "(xv) craps 8, SQLite + in-mem",
    "postgrescr": "(xvi) craps 8, PostgreSQL + Redis",
}
# the 2-seat (Durak) setup each many-seat setup's Daphne CPU per action is set beside
TWO_SEAT_OF = {
    "sqlite6": "sqlite",
    "postgres6": "postgres",
    "sqlitebac": "sqlite",
    "postgresbac": "postgres",
    "sqlitebj": "sqlite",
    "postgresbj": "postgres",
    "sqlitecs": "sqlite",
    "postgrescs": "postgres",
    "sqlitebs": "sqlite",
    "postgresbs": "postgres",
    "sqlitecr": "sqlite",
    "postgrescr": "postgres",
}
# the same game at two seats, beside each many-seat setup where it ran in the same run
SAME_GAME_TWO_SEATS_OF = {"sqlite6": "sqlite2hc", "postgres6": "postgres2hc"}
# High card's 6-seat setup on the same database, beside another game's many-seat setup where it
# ran in the same run (issue 32: the Blackjack tables' p99 and Daphne CPU per action)
SIX_SEAT_HIGH_CARD_OF = {
    "sqlitebj": "sqlite6",
    "postgresbj": "postgres6",
    "sqlitecs": "sqlite6",
    "postgrescs": "postgres6",
    "sqlitebs": "sqlite6",
    "postgresbs": "postgres6",
    "sqlitecr": "sqlite6",
    "postgrescr": "postgres6",
}
# issue 30: a 6-seat action's Daphne CPU against (the bare echo's own 6/2 ratio x the 2-seat
# action's), and the 6-seat max actions/s against the 2-seat's
TARGET_SIX_CPU_OVER_TRANSPORT = 1.5
TARGET_SIX_THROUGHPUT = 0.5
# each setup's game: (engine, seats per table, its settings); the 6-seat setups run only the
# tables (their baseline is the 2-seat tables' CPU per action in the same run)
GAMES = {
    "durak": (
        "durak",
        2,
        {"stake": STAKE, "wins_to_win": 5, "commission_percent": "5"},
    ),
    "highcard": (
        "highcard",
        6,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "ante": 10},
    ),
    "highcard2": (
        "highcard",
        2,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "ante": 10},
    ),
    "baccarat": (
        "baccarat_bank",
        6,
        {"min_bet": STAKE, "max_bank": 100 * STAKE, "commission_percent": "5"},
    ),
    # six players on seven boxes, one box each; no player's cut, so that no new shoe waits on a
    # cut (the shoe is cut at random)
    "blackjack": (
        "blackjack",
        6,
        {"min_bet": STAKE, "max_bet": 10 * STAKE, "boxes": 7, "player_cut": False},
    ),
    # issue 33: six players at seven boxes, one open box each, no bonus, the dealer's cut
    "caribbean": ("caribbean_stud", 6, {"min_bet": STAKE, "max_bet": 10 * STAKE, "boxes": 7}),
    # issue 34: players against each other, eight sockets, fixed bets of one and two stakes
    "bigstud": ("big_stud", 8, {"small_bet": STAKE, "big_bet": 2 * STAKE, "share_percent": "5"}),
    # issue 35: eight players at a craps layout, bets of one stake between rolls
    "craps": ("craps", 8, {"min_bet": STAKE, "max_bet": 100 * STAKE, "min_unit": STAKE}),
}
SETUP_GAME = {
    "sqlite": "durak",
    "postgres": "durak",
    "sqlite6": "highcard",
    "postgres6": "highcard",
    "sqlitebac": "baccarat",
    "postgresbac": "baccarat",
    "sqlite2hc": "highcard2",
    "postgres2hc": "highcard2",
    "sqlitebj": "blackjack",
    "postgresbj": "blackjack",
    "sqlitecs": "caribbean",
    "postgrescs": "caribbean",
    "sqlitebs": "bigstud",
    "postgresbs": "bigstud",
    "sqlitecr": "craps",
    "postgrescr": "craps",
}
SIX_SEAT_MEMORY = False  # the memory target is read with the 2-seat tables
APPS = {
    "table": "casino.asgi:application",
    "echo": "benchmarks.echo_consumer:application",
}
