"""`make fuzz`: 10^5 random, oversized and malformed frames against every websocket consumer
(issue 19 §6), through the real ASGI stack in this process (tests/fuzz/harness.py: the world,
the frames and what is checked). Prints the frames sent per consumer, answered, error frames,
legal actions applied, sockets closed by code, server errors (must be 0), the rate-limit
floods, and frames per second.

Environment:
    FUZZ_FRAMES        frames in all (default 100000)
    FUZZ_SEED          the generator's seed (default 19)
    FUZZ_DATABASE_URL  a database to use; default a fresh SQLite file (a PostgreSQL database
                       whose name contains "fuzz" is dropped and created afresh)
    REDIS_URL          as for the server: the channel layer (default in-memory)

Exit status 1 on any problem (a server error, an unanswered frame, garbage applied, an error
seen by the bystander, a rate limit that did not hold, books not clean).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _prepare_database() -> str:
    url = os.environ.get("FUZZ_DATABASE_URL", "")
    if not url:
        return f"sqlite:///{tempfile.mkdtemp(prefix='fuzz-')}/fuzz.sqlite3"
    parts = urlsplit(url)
    name = unquote(parts.path.lstrip("/"))
    if parts.scheme.startswith("postgres") and "fuzz" in name:
        import psycopg
        from psycopg import sql

        maintenance = urlunsplit(parts._replace(path="/postgres", scheme="postgresql"))
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return url


def _progress(figures) -> None:
    print(
        f"  {figures.total:,} frames: {sum(figures.answered.values()):,} answered, "
        f"{sum(figures.closed.values())} closed, {len(figures.server_errors)} server errors, "
        f"{len(figures.problems())} problems, {figures.total / figures.seconds:,.0f} frames/s",
        flush=True,
    )


def main() -> int:
    frames = int(os.environ.get("FUZZ_FRAMES", 100_000))
    seed = int(os.environ.get("FUZZ_SEED", 19))
    os.environ["DATABASE_URL"] = _prepare_database()
    os.environ.setdefault("CONN_MAX_AGE", "0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from channels.db import database_sync_to_async
    from django.core.management import call_command

    from tests.fuzz.harness import build_world, fuzz

    call_command("migrate", verbosity=0)
    layer = "Redis" if os.environ.get("REDIS_URL") else "in-memory"
    database = os.environ["DATABASE_URL"].split(":")[0]
    print(f"fuzz: {frames:,} frames, seed {seed}, {database} + the {layer} layer")

    async def run():
        world = await database_sync_to_async(build_world)()
        return await fuzz(world, frames, seed=seed, progress=_progress)

    figures = asyncio.run(run())
    print(figures.report())
    problems = figures.problems()
    for problem in problems:
        print("PROBLEM:", problem)
    print(f"fuzz: {'FAILED' if problems else 'passed'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
