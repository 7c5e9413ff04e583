"""Entry point of `make bench`: prepare a dedicated database, then run every benchmark module.

Usage:
    .venv/bin/python benchmarks/run.py                   # all modules in BENCHMARKS
    .venv/bin/python benchmarks/run.py ledger_transfers  # only the named ones

Environment (see benchmarks/README.md):
    BENCH_DATABASE_URL  database to create and use (default
                        postgres://postgres@127.0.0.1:5432/casino_bench); a database whose name
                        contains "bench" is dropped and created afresh on every run
    BENCH_SECONDS       measured seconds per scenario (default 5)
    BENCH_WARMUP        warm-up seconds per scenario before measuring (default 1)
    BENCH_WORKERS       comma-separated worker counts (default "1,8")
    BENCH_REPEAT        rounds of every scenario; the best round counts (default 1)

    BENCH_STRICT        1: a missed throughput target also makes the exit status 1

Exit status: 1 when a benchmark failed a correctness check (books not clean, failed transfers,
lost or doubled transfers) or, with BENCH_STRICT=1, missed a target; 0 otherwise.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import benchmarks as common  # noqa: E402

# The platform's benchmark modules, run in this order (explicit, so the order and the set are
# reviewed rather than discovered); each game's and each family's engine benchmark, its folder's
# ``bench.py`` (named ``<folder>_engine``), runs after the ledger's. A benchmark has a
# `run(context: common.BenchContext) -> bool` function.
PLATFORM_BEFORE_ENGINES = ["ledger_transfers"]
PLATFORM_AFTER_ENGINES = [
    "poker_hands",
    "board_bytes",
    "table_load",
    "sportsbook_bets",
    "exchange_matching",
    "exchange_e2e",
    "floor_liability",
    "floor_alerts",
]


def engine_benchmarks() -> dict[str, str]:
    """``<folder>_engine`` -> the module of every game's and family's ``bench.py``."""
    from tables.folders import folders, packages

    found = {
        f"{path.name}_engine": f"{package}.bench"
        for package, path in zip(packages(), folders(), strict=True)
        # a family's bench.py may only lend its games' benchmarks their loop (no run of its own)
        if (path / "bench.py").exists() and "\ndef run(" in (path / "bench.py").read_text()
    }
    return found


def module_name(name: str) -> str:
    return engine_benchmarks().get(name, f"benchmarks.{name}")


BENCHMARKS = [*PLATFORM_BEFORE_ENGINES, *engine_benchmarks(), *PLATFORM_AFTER_ENGINES]

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/casino_bench"


def _postgres_prepare(url: str) -> tuple[bool, str]:
    """Create the benchmark database afresh (only when its name says it is a bench database).

    Returns (reachable, message)."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = unquote(parts.path.lstrip("/"))
    if not name:
        return False, f"no database name in {url}"
    maintenance = urlunsplit(parts._replace(path="/postgres", scheme="postgresql", query=""))
    try:
        conn = psycopg.connect(maintenance, autocommit=True, connect_timeout=3)
    except psycopg.Error as exc:
        return False, str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
    with conn:
        if "bench" in name:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            return True, f"database {name!r} created afresh"
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            return True, f"database {name!r} created"
        return True, f"database {name!r} reused as it is (its name lacks 'bench', so not dropped)"


def _choose_database() -> common.BenchContext:
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    if url.startswith(("postgres://", "postgresql://", "pgsql://")):
        reachable, message = _postgres_prepare(url)
        if reachable:
            return common.BenchContext(database_url=url, vendor="postgresql", note=message)
        print(f"!! PostgreSQL is unreachable ({message}).")
        print("!! Falling back to SQLite in a temporary file: the figures are NOT comparable")
        print("!! with the PostgreSQL targets (SQLite has one writer at a time).")
    elif not url.startswith("sqlite"):
        raise SystemExit(f"unsupported BENCH_DATABASE_URL: {url}")
    else:
        return common.BenchContext(database_url=url, vendor="sqlite", note="SQLite as asked")
    handle, path = tempfile.mkstemp(prefix="casino-bench-", suffix=".sqlite3")
    os.close(handle)
    return common.BenchContext(
        database_url=f"sqlite:///{path}",
        vendor="sqlite",
        note=f"temporary SQLite file {path} (figures not comparable)",
        temp_file=path,
    )


def main(argv: list[str]) -> int:
    names = argv or BENCHMARKS
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
        return 2

    context = _choose_database()
    print("== casino benchmarks ==")
    print(
        f"machine: {os.cpu_count()} CPU core(s), {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}"
    )
    print(f"database: {context.vendor} ({context.display_url()}): {context.note}")
    print(
        f"settings: BENCH_SECONDS={context.seconds:g} BENCH_WARMUP={context.warmup:g} "
        f"BENCH_WORKERS={','.join(map(str, context.worker_counts))} BENCH_REPEAT={context.repeat}"
    )

    started = time.monotonic()
    common.django_setup(context.database_url)
    if context.vendor == "postgresql":
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
            cursor.execute("SHOW synchronous_commit")
            sync = cursor.fetchone()[0]
            cursor.execute("SHOW fsync")
            fsync = cursor.fetchone()[0]
        print(f"server: PostgreSQL {version}, synchronous_commit={sync}, fsync={fsync}")
    common.migrate()
    print(f"migrated in {time.monotonic() - started:.1f} s")

    ok = True
    try:
        for name in names:
            module = importlib.import_module(module_name(name))
            print()
            print(f"== {name} ==")
            ok = bool(module.run(context)) and ok
    finally:
        if context.temp_file:
            for suffix in ("", "-wal", "-shm"):
                Path(context.temp_file + suffix).unlink(missing_ok=True)
    print()
    print("ALL BENCHMARKS PASSED" if ok else "SOME BENCHMARK MISSED A TARGET OR FAILED A CHECK")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
