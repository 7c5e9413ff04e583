"""Live tables under load: one Daphne process, 50 Durak tables x 2 socket clients.

For each setup, (i) SQLite + the in-memory channel layer (`make run`) and (ii) PostgreSQL + Redis
(production), this module
1. creates a fresh database (SQLite: a temporary file; PostgreSQL: `<bench database>_tables`,
   dropped and created afresh), migrates it and creates 2 x BENCH_TABLES players (funded play-money
   wallets, unusable passwords, a logged-in session each) and 2 x BENCH_TABLES Durak tables
   (stake 1.00 BYN, to 5 wins, a one-hour turn clock so that no timeout fires during the run);
2. starts ONE Daphne process on it (`casino.asgi:application`, DEBUG off as in production,
   REDIS_URL empty or set), and a load generator in a separate process (asyncio + `websockets`):
   for each of the first BENCH_TABLES tables it opens both players' sockets (session cookie),
   sends {"type": "sit"} from both, and then plays from what the frames show (never from the
   database): the socket whose board says `data-my-turn="1"` picks a legal action from its hand
   form (a playable card, "take", "done"; "ready" after a match) and sends it as an `act` frame;
3. measures, in the window after BENCH_WARMUP seconds, for BENCH_SECONDS:
   - paced: every table acts once a second (the issue's scenario), random phases;
   - max: every table acts again as soon as both sockets have seen its previous action;
   latency = from sending the `act` frame to the OTHER socket of that table receiving the board
   frame with a newer version; throughput = actions sent in the window and seen by both sockets;
4. then opens the other tables (2 x BENCH_TABLES tables, 4 x BENCH_TABLES clients in all, seated)
   and reads the Daphne process's VmRSS from /proc;
5. runs the same load against `benchmarks.echo_consumer` (a bare consumer echoing every frame to
   its table's group) on a Daphne started the same way (same settings, same channel layer).

Correctness (a failure makes the run fail): no lost frame (an action whose newer version did not
reach both sockets within ACTION_TIMEOUT seconds), no error frame in answer to an action the board
offered as legal, the database holds exactly one `engine` TableEvent per action the generator saw
applied, and `books_check()` is clean afterwards.

Targets (issue), reported and, under BENCH_STRICT=1, enforced: max table actions/s >= 0.5 x the
bare echo's on the same server and layer; p99 <= 100 ms at 50 tables acting once a second;
Daphne < 300 MB resident with 100 tables x 2 clients.

Where to look: this module holds one setup's run and the report; the setups, games and targets
are in `benchmarks.table_load_setups`, the database, the world and the Daphne server in
`benchmarks.table_load_world`, and the load generator's players (reading a board, choosing an
action, the sockets, the phases) in `benchmarks.table_load_players`."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
import time
from pathlib import Path

import benchmarks as common
from benchmarks.table_load_players import _loadgen_child
from benchmarks.table_load_setups import (
    APPS,
    DAPHNE_PROCESSES,
    DEFAULT_REDIS_URL,
    GAMES,
    MEMORY_TABLES,
    SAME_GAME_TWO_SEATS_OF,
    SETUP_GAME,
    SETUPS,
    SIX_SEAT_HIGH_CARD_OF,
    TABLES,
    TARGET_P99_MS,
    TARGET_P99_SIX_MS,
    TARGET_RATIO,
    TARGET_RSS_MB,
    TARGET_SIX_CPU,
    TARGET_SIX_CPU_OVER_TRANSPORT,
    TARGET_SIX_THROUGHPUT,
    TWO_SEAT_OF,
)
from benchmarks.table_load_world import (
    Daphne,
    _postgres_tables_database,
    _prepare_child,
    _redis_ready,
    _spawn,
    _verify_child,
)

# --- one setup: prepare, then the tables and the echo on the same kind of server ------------------


def _run_setup(context, key: str, database_url: str, redis_url: str, secret: str) -> dict:
    outcome: dict = {"key": key, "label": SETUPS[key], "runs": {}, "problems": [], "notes": []}
    started = time.monotonic()
    game = SETUP_GAME[key]
    seats = GAMES[game][1]
    two_seat_baseline = game == "durak"  # the memory reading, the floors and Durak's targets
    tables = MEMORY_TABLES if two_seat_baseline else TABLES
    status, world = _spawn(_prepare_child, database_url, secret, tables, game)
    if status != "ok":
        outcome["problems"].append(f"preparing the database failed:\n{world}")
        return outcome
    outcome["seats"] = seats
    outcome["baseline"] = two_seat_baseline
    print(
        f"  {SETUPS[key]}: migrated, {seats * tables} players and {tables} {game} tables "
        f"created in {time.monotonic() - started:.1f} s"
    )
    # six seats: the tables and the bare echo (no floor beyond it): the echo's 6-socket cost
    # against its 2-socket cost is the transport's own share of the 6-seat ratio
    for app_key, app, floor in _apps() if two_seat_baseline else _apps()[:2]:
        if redis_url:
            _redis_ready(redis_url)
        servers = [
            Daphne(app, database_url, redis_url, secret)
            for _ in range(DAPHNE_PROCESSES if redis_url else 1)
        ]
        log = ""
        status, result, notes = "error", "no server started", []
        try:
            for server in servers:
                server.env["BENCH_ECHO_FLOOR"] = floor
                server.start()
            config = {
                "pid": [server.pid for server in servers],
                "echo": app_key != "table",
                "base": [server.base for server in servers],
                "world": world,
                "game": game,
                "warmup": context.warmup,
                "seconds": context.seconds,
                "repeat": context.repeat,
                # the phases' timings of one process (each writes its own)
                "timings": servers[0].timings,
            }
            status, result = _spawn(_loadgen_child, config, timeout=900)
            if status == "ok":
                result["drain_seconds"] = max(server.wait_idle() for server in servers)
                result["processes"] = len(servers)
        finally:
            for server in servers:
                note, problem = server.stop()
                notes += [note] if note else []
                log += problem
        note = "; ".join(notes)
        if note:
            outcome["notes"].append(f"{app_key}: {note}")
        if status != "ok":
            outcome["problems"].append(f"{app_key}: the load generator failed:\n{result}")
            continue
        outcome["runs"][app_key] = result
        for phase in result["phases"]:
            outcome["problems"] += [f"{app_key} {phase['name']}: lost: {x}" for x in phase["lost"]]
            outcome["problems"] += [f"{app_key} {phase['name']}: {x}" for x in phase["failures"]]
        outcome["problems"] += [f"{app_key}: {x}" for x in result["failures"]]
        if log:
            outcome["problems"].append(f"{app_key}: daphne logged an error:\n{log}")
        print(
            f"  {SETUPS[key]}: {app_key} run done ({len(result['phases'])} phases, "
            f"load average {common.load_average()})",
            flush=True,
        )
        if app_key == "table":
            status, verdict = _spawn(_verify_child, database_url, secret, result["applied"])
            if status != "ok":
                outcome["problems"].append(f"verifying the database failed:\n{verdict}")
            else:
                outcome["problems"] += verdict["problems"]
                outcome["books"] = verdict["books"]
                if not verdict["clean"]:
                    outcome["problems"].append("books_check() is not clean:\n" + verdict["books"])
    if redis_url:
        _redis_ready(redis_url)
    return outcome


def _apps() -> list[tuple[str, str, str]]:
    """(key, ASGI application, BENCH_ECHO_FLOOR) of each server to run: the tables, the bare
    echo, then the echo with each floor of BENCH_ECHO_FLOORS (benchmarks/echo_consumer.py; all
    three unless it says otherwise, "none": no floor)."""
    chosen = os.environ.get("BENCH_ECHO_FLOORS", "hop,write,render")
    floors = [f.strip() for f in chosen.split(",") if f.strip() and f.strip() != "none"]
    runs = [("table", APPS["table"], ""), ("echo", APPS["echo"], "")]
    return runs + [(f"echo+{floor}", APPS["echo"], floor) for floor in floors]


def _best(phases: list[dict], name: str) -> dict | None:
    chosen = [p for p in phases if p["name"] == name]
    if not chosen:
        return None
    if name == "paced":
        return min(chosen, key=lambda p: p["p99_ms"])
    return max(chosen, key=lambda p: p["per_second"])


def _fmt(value, spec: str, missing: str = "n/a") -> str:
    return missing if value is None else format(value, spec)


WAITING = ("pool wait", "publish wait", "delivery", "loop lag")


def _server_figures(outcomes: list[dict], key: str):
    """(setup's label, "paced" or "max", its best phase) of every table run whose server
    reported `key`."""
    for outcome in outcomes:
        table = outcome["runs"].get("table")
        if not table:
            continue
        for name in ("paced", "max"):
            phase = _best(table["phases"], name)
            if phase is not None and phase.get(key):
                yield outcome["label"], name, phase


def _report_timings(outcomes: list[dict]) -> None:
    """Where a table action's time went in the server, per phase (casino/timings.py): waiting
    (for a thread, for the loop, in the channel layer) against working."""
    print()
    print(
        "Where the time goes in the server (casino/timings.py; ms: p50 / p99 / mean; count per "
        "action; waiting phases marked *):"
    )
    for label, name, phase in _server_figures(outcomes, "server_phases"):
        actions = max(1, phase["actions"])
        cells = []
        for key, figures in phase["server_phases"].items():
            mark = "*" if key in WAITING else ""
            cells.append(
                f"{key}{mark} {figures['p50'] * 1000:.2f}/{figures['p99'] * 1000:.1f}/"
                f"{figures['mean'] * 1000:.2f}"
                + ("" if key == "loop lag" else f" x{figures['count'] / actions:.1f}")
            )
        print(f"  {label}, {name}: " + "; ".join(cells))
    _report_accounts(outcomes)


# an action's parts in its account (casino.timings.action_account), in the order it runs
ACCOUNT_PARTS = ("statements", "engine", "transaction", "broadcast", "after the transaction")


def _report_accounts(outcomes: list[dict]) -> None:
    """Each kind of action's own account (issue 49 item 1): the statements inside its
    transaction (how many, their ms), the engine's ms, the transaction's to its commit (the
    statements and the engine are in it), the broadcast built after it, the floor's work after
    it; per action of that kind, on the table's thread (a socket's rendering and sending is the
    phases' ``render+send`` above, per socket)."""
    print()
    print(
        "Each action's account (casino.timings.action_account; per action of the kind: "
        "statements in the transaction, then ms of: " + ", ".join(ACCOUNT_PARTS) + "):"
    )
    for label, name, phase in _server_figures(outcomes, "server_accounts"):
        for kind, figures in sorted(phase["server_accounts"].items()):
            parts = " / ".join(f"{figures.get(p, 0.0) * 1000:.2f}" for p in ACCOUNT_PARTS)
            print(
                f"  {label}, {name}, {kind} (x{figures['actions']}): "
                f"{figures['statement count']:.1f} statements; {parts}"
            )


def _report_parts(outcomes: list[dict]) -> None:
    """What a socket's bytes per action were (issue 49): whole boards, and the parts of the
    frames of parts by id, the largest eight."""
    print()
    print("What a socket received per action, by part (bytes; the largest eight):")
    for label, name, phase in _server_figures(outcomes, "bytes_by_part"):
        cells = ", ".join(f"{key} {count:,.0f}" for key, count in phase["bytes_by_part"].items())
        print(f"  {label}, {name}: {cells}")


def _report(outcomes: list[dict], context) -> bool:
    targets_met = True
    print()
    print(
        f"{'setup':<30} {'app':<12} {'load':<11} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'server CPU':>10} {'CPU ms/act':>10} {'loadgen CPU':>11} {'load':>5} "
        f"{'B/socket':>9} {'frames':>6}"
    )
    for outcome in outcomes:
        for app_key, result in outcome["runs"].items():
            for name in ("paced", "max"):
                phase = _best(result["phases"], name)
                if phase is None:
                    continue
                load = "1/s/table" if name == "paced" else "max"
                print(
                    f"{outcome['label']:<30} {app_key:<12} {load:<11} "
                    f"{phase['per_second']:>9,.1f} {phase['p50_ms']:>7.1f} "
                    f"{phase['p99_ms']:>7.1f} {phase['max_ms']:>7.1f} "
                    f"{_fmt(phase['server_cpu_share'], '>10.0%')} "
                    f"{_fmt(phase['server_cpu_ms'], '>10.2f')} {phase['loadgen_cpu_share']:>11.0%} "
                    f"{phase['load']:>5.1f} {_fmt(phase.get('bytes_per_socket'), '>9,.0f')} "
                    f"{_fmt(phase.get('frames_per_socket'), '>6.2f')}"
                )
    print(
        "(server CPU: the Daphne process, share of one core; CPU ms/act: its CPU per action; "
        "loadgen CPU: the generator process, share of one core; load: 1-minute load average "
        "at the end of the window; B/socket, frames: what one socket of a table received per "
        "action of that table)"
    )
    _report_timings(outcomes)
    _report_parts(outcomes)
    print()
    for outcome in outcomes:
        runs = outcome["runs"]
        print(f"{outcome['label']}:")
        for app_key, result in runs.items():
            rss = ", ".join(
                f"{label} {kb / 1024:.0f} MB" for label, kb in result["rss_kb"].items() if kb
            )
            print(
                f"  {app_key}: Daphne VmRSS {rss}; {outcome.get('seats', 2) * TABLES} sockets "
                "connected"
                f"{' and seated' if app_key == 'table' else ''} in "
                f"{result['connect_seconds']:.1f} s; after the clients closed, the server was "
                f"busy for {result.get('drain_seconds', 0):.1f} s more"
            )
        table, echo = runs.get("table"), runs.get("echo")
        e_best = _best(echo["phases"], "max") if echo else None
        for app_key, result in runs.items():
            best = _best(result["phases"], "max")
            if app_key in ("table", "echo") or not best or not e_best or not e_best["per_second"]:
                continue
            print(
                f"  floor {app_key}: {best['per_second']:,.1f} / {e_best['per_second']:,.1f} = "
                f"{best['per_second'] / e_best['per_second']:.3f} x the bare echo "
                f"({best['server_cpu_ms'] or 0:.2f} ms of Daphne's CPU each)"
            )
        write = runs.get("echo+write")
        if table and outcome.get("seats", 2) != 2:
            targets_met = _report_six(outcome, outcomes) and targets_met
        elif table and not outcome.get("baseline", True):
            pass  # a same-game baseline: read beside its many-seat setup
        elif table and echo:
            t_max, e_max = _best(table["phases"], "max"), _best(echo["phases"], "max")
            w_max = _best(write["phases"], "max") if write else None
            paced = _best(table["phases"], "paced")
            if t_max and e_max and paced:
                ratio = t_max["per_second"] / e_max["per_second"] if e_max["per_second"] else 0
                floor = w_max["per_second"] if w_max else 0
                floor_ratio = t_max["per_second"] / floor if floor else 0
                ratio_ok = floor_ratio >= TARGET_RATIO
                p99_ok = paced["p99_ms"] <= TARGET_P99_MS and paced["per_second"] >= 0.9 * TABLES
                print(
                    f"  table actions / bare echo (max throughput): "
                    f"{t_max['per_second']:,.1f} / {e_max['per_second']:,.1f} = {ratio:.3f}"
                )
                print(
                    f"  target: a Durak action >= {TARGET_RATIO:g} x the smallest-transaction "
                    f"floor (echo+write): {t_max['per_second']:,.1f} / {floor:,.1f} = "
                    f"{floor_ratio:.3f} -> {'MET' if ratio_ok else 'MISSED'}"
                )
                print(
                    f"  target: p99 <= {TARGET_P99_MS:g} ms at {TABLES} tables x 1 action/s: "
                    f"p99 {paced['p99_ms']:.1f} ms at {paced['per_second']:.1f} actions/s -> "
                    f"{'MET' if p99_ok else 'MISSED'}"
                )
                targets_met = targets_met and ratio_ok and p99_ok
                if t_max["server_cpu_ms"]:
                    ceiling = 1000 / t_max["server_cpu_ms"]
                    print(
                        f"  one Daphne process at one full core: ~{ceiling:,.0f} table actions/s "
                        f"({t_max['server_cpu_ms']:.1f} ms of its CPU per action), i.e. "
                        f"~{ceiling:,.0f} tables acting once a second with no headroom"
                    )
        if table and outcome.get("baseline", outcome.get("seats", 2) == 2):
            key = f"{2 * MEMORY_TABLES} clients"
            kb = table["rss_kb"].get(key)
            rss_ok = kb is not None and kb / 1024 < TARGET_RSS_MB
            print(
                f"  target: Daphne < {TARGET_RSS_MB:g} MB with {MEMORY_TABLES} tables x 2 clients: "
                f"{_fmt(kb and kb / 1024, '.0f')} MB -> {'MET' if rss_ok else 'MISSED'}"
            )
            targets_met = targets_met and rss_ok
            print(
                f"  engine actions applied {sum(table['applied'].values()):,}, ready frames "
                f"{table['readies']}"
            )
        for note in outcome["notes"]:
            print(f"  note: {note}")
        if outcome.get("books"):
            print("  " + outcome["books"].strip().replace("\n", "\n  "))
    return targets_met


# what a many-seat setup prints beside High card's 6-seat one: (what, phase, figure, format)
BESIDE_FIGURES = (
    ("p99 at 1 action/s a table, ms", "paced", "p99_ms", ",.1f"),
    ("Daphne CPU per action at 1/s, ms", "paced", "server_cpu_ms", ".2f"),
    ("Daphne CPU per action at max, ms", "max", "server_cpu_ms", ".2f"),
    ("max actions/s", "max", "per_second", ",.1f"),
    ("bytes per socket per action at 1/s", "paced", "bytes_per_socket", ",.0f"),
    ("bytes per socket per action at max", "max", "bytes_per_socket", ",.0f"),
)


def _report_beside_high_card(outcome: dict, outcomes: list[dict]) -> None:
    """Another game's many-seat figures beside High card's 6-seat setup on the same database in
    the same run (SIX_SEAT_HIGH_CARD_OF), each with its ratio to High card's."""
    key = SIX_SEAT_HIGH_CARD_OF.get(outcome["key"])
    other = next((o for o in outcomes if o["key"] == key and "table" in o["runs"]), None)
    if other is None:
        return
    print(f"  beside High card's 6 seats ({other['label']}), this / High card's:")
    for what, name, figure, spec in BESIDE_FIGURES:
        mine = (_best(outcome["runs"]["table"]["phases"], name) or {}).get(figure)
        theirs = (_best(other["runs"]["table"]["phases"], name) or {}).get(figure)
        if mine is None or theirs is None:
            continue
        ratio = f"{mine / theirs:.2f}" if theirs else "n/a"
        print(f"    {what}: {mine:{spec}} / {theirs:{spec}} = {ratio}")


def _report_six(outcome: dict, outcomes: list[dict]) -> bool:
    """The 6-seat targets: p99 at 50 tables x 1 action/s (PostgreSQL + Redis), and Daphne's CPU
    per action against the 2-seat tables' on the same database in the same run."""
    table = outcome["runs"]["table"]
    paced, t_max = _best(table["phases"], "paced"), _best(table["phases"], "max")
    met = True
    if paced:
        p99_ok = paced["p99_ms"] <= TARGET_P99_SIX_MS and paced["per_second"] >= 0.9 * TABLES
        label = "target" if outcome["key"] == "postgres6" else "measure"
        print(
            f"  {label}: p99 <= {TARGET_P99_SIX_MS:g} ms at {TABLES} six-seat tables x 1 "
            f"action/s: p99 {paced['p99_ms']:.1f} ms at {paced['per_second']:.1f} actions/s -> "
            f"{'MET' if p99_ok else 'MISSED'}"
        )
        met = met and (p99_ok or outcome["key"] != "postgres6")
        rounds = [p for p in table["phases"] if p["name"] == "paced"]
        if len(rounds) > 1:  # the issue asks the p99 in every run, not the best
            each = ", ".join(f"{p['p99_ms']:.1f} ms (load {p['load']:.1f})" for p in rounds)
            print(f"  every round's p99 at the pace: {each}")
    _report_beside_high_card(outcome, outcomes)
    two = next((o for o in outcomes if o["key"] == TWO_SEAT_OF.get(outcome["key"])), None)
    two_max = (
        _best(two["runs"]["table"]["phases"], "max") if two and "table" in two["runs"] else None
    )
    if t_max and two_max and t_max["server_cpu_ms"] and two_max["server_cpu_ms"]:
        ratio = t_max["server_cpu_ms"] / two_max["server_cpu_ms"]
        cpu_ok = ratio <= TARGET_SIX_CPU
        print(
            f"  target: a 6-seat action's Daphne CPU <= {TARGET_SIX_CPU:g} x a 2-seat action's: "
            f"{t_max['server_cpu_ms']:.2f} / {two_max['server_cpu_ms']:.2f} ms = {ratio:.2f} -> "
            f"{'MET' if cpu_ok else 'MISSED'}"
        )
        met = met and cpu_ok
    echo_six = _best(outcome["runs"].get("echo", {}).get("phases", []), "max")
    echo_two = (
        _best(two["runs"]["echo"]["phases"], "max") if two and "echo" in two["runs"] else None
    )
    if echo_six and echo_two and echo_six["server_cpu_ms"] and echo_two["server_cpu_ms"]:
        transport = echo_six["server_cpu_ms"] / echo_two["server_cpu_ms"]
        print(
            "  floor: the bare echo's Daphne CPU per frame sent in, answered to 6 sockets / to "
            f"2: {echo_six['server_cpu_ms']:.2f} / {echo_two['server_cpu_ms']:.2f} ms = "
            f"{transport:.2f} (the transport alone, no database, engine or rendering)"
        )
        baselines = [("the 2-seat Durak action", two_max)]
        same = next(
            (o for o in outcomes if o["key"] == SAME_GAME_TWO_SEATS_OF.get(outcome["key"])), None
        )
        if same and "table" in same["runs"]:
            baselines.append(
                ("the same game's 2-seat action", _best(same["runs"]["table"]["phases"], "max"))
            )
        for name, baseline in baselines:
            if not (t_max and baseline and t_max["server_cpu_ms"] and baseline["server_cpu_ms"]):
                continue
            over = t_max["server_cpu_ms"] / (transport * baseline["server_cpu_ms"])
            print(
                f"  issue 30: 6-seat CPU / (echo 6/2 x {name}'s): {t_max['server_cpu_ms']:.2f} / "
                f"({transport:.2f} x {baseline['server_cpu_ms']:.2f}) = {over:.2f} (<= "
                f"{TARGET_SIX_CPU_OVER_TRANSPORT:g}: "
                f"{'MET' if over <= TARGET_SIX_CPU_OVER_TRANSPORT else 'MISSED'})"
            )
            pace = t_max["per_second"] / baseline["per_second"] if baseline["per_second"] else 0
            print(
                f"  issue 30: 6-seat max actions/s / {name}'s: {t_max['per_second']:,.1f} / "
                f"{baseline['per_second']:,.1f} = {pace:.2f} (>= {TARGET_SIX_THROUGHPUT:g}: "
                f"{'MET' if pace >= TARGET_SIX_THROUGHPUT else 'MISSED'})"
            )
    return met


def run(context) -> bool:
    secret = secrets.token_urlsafe(40)
    wanted = [
        s.strip()
        for s in (
            os.environ.get("BENCH_TABLE_SETUPS", "").strip() or "sqlite,postgres,sqlite6,postgres6"
        ).split(",")
        if s.strip()
    ]
    unknown = [s for s in wanted if s not in SETUPS]
    if unknown:
        print(f"unknown BENCH_TABLE_SETUPS {unknown}; known: {', '.join(SETUPS)}")
        return False
    games = dict.fromkeys(GAMES[SETUP_GAME[key]][:2] for key in wanted)
    print(
        f"{TABLES} tables of each setup ("
        + ", ".join(f"{engine} x {seats} sockets" for engine, seats in games)
        + f") on ONE Daphne process; load generator in its own process; memory read with "
        f"{MEMORY_TABLES} Durak tables x 2 sockets"
    )
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    outcomes = []
    ok = True
    for key in wanted:
        if key.startswith("sqlite"):
            tmp = Path(tempfile.mkdtemp(prefix="casino-bench-tables-"))
            try:
                # An experiment, off by default (`make run` closes its SQLite connection after
                # every database call): BENCH_SQLITE_CONN_MAX_AGE=600 keeps it open.
                age = os.environ.get("BENCH_SQLITE_CONN_MAX_AGE", "").strip()
                query = f"?conn_max_age={int(age)}" if age else ""
                url = f"sqlite:///{tmp / 'db.sqlite3'}{query}"
                outcomes.append(_run_setup(context, key, url, "", secret))
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            continue
        if context.vendor != "postgresql":
            print(f"  {SETUPS[key]}: skipped (PostgreSQL is not reachable)")
            continue
        redis_url = os.environ.get("BENCH_REDIS_URL", "").strip() or DEFAULT_REDIS_URL
        reachable, note = _redis_ready(redis_url)
        if not reachable:
            print(f"  {SETUPS[key]}: skipped (Redis at {redis_url} is not reachable: {note})")
            continue
        database_url, note_db = _postgres_tables_database(context.database_url)
        if database_url is None:
            print(f"  {SETUPS[key]}: skipped ({note_db})")
            continue
        print(f"  {SETUPS[key]}: {note_db}; Redis {note}")
        outcomes.append(_run_setup(context, key, database_url, redis_url, secret))
    print(f"load average after: {common.load_average()}")
    targets_met = _report(outcomes, context)
    for outcome in outcomes:
        if outcome["problems"]:
            ok = False
            print()
            print(
                f"FAILED ({outcome['label']}): {len(outcome['problems'])} problem(s); first ones:"
            )
            for problem in outcome["problems"][:8]:
                print("   " + problem.strip().replace("\n", "\n   "))
    if context.strict and not targets_met:
        ok = False
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py table_load")
