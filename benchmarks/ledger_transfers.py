"""Ledger throughput: `casino.ledger.transfer_create` per second with 1 and 8 worker processes.

Scenarios (each worker is its own player, looping STAKE transfers of 1 minor unit):
  a) escrow: wallet -> the worker's OWN escrow account ("bench:<n>"): no shared rows at all;
  b) house:  wallet -> ONE house account (table bank "bench"), shared by every worker: the hot row
     that HouseBalanceShard spreads over HOUSE_SHARDS rows.

Targets (issue): a) >= 1,000 transfers/s with 8 workers; b) >= 0.5 x a) with 8 workers.

Workers are processes (spawn), not threads: the GIL would cap threads at one core of Python.
Each worker sets Django up, warms up for BENCH_WARMUP seconds, waits on a barrier with the others,
then calls transfer_create in a loop for BENCH_SECONDS. Every call is its own durable transaction
(autocommit mode outside, so transfer_create's atomic() is the whole transaction).
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass

import benchmarks as common

CURRENCY = "BYN"
FUNDING = 100_000_000  # minor units per player wallet; every transfer moves 1
SCENARIOS = {
    "a": "wallet -> own escrow (no shared rows)",
    "b": "wallet -> one shared house account (hot row, sharded)",
}
TARGET_A_PER_SECOND = 1_000
TARGET_B_RATIO = 0.5
QUERY_SAMPLE = 20  # transfers per scenario whose SQL is counted
CPU_SAMPLE = 300  # transfers whose CPU time is measured


@dataclass
class Measurement:
    scenario: str
    workers: int
    transfers: int
    failures: int
    seconds: float
    warmup_transfers: int
    latencies_ms: list[float]
    first_error: str = ""

    @property
    def per_second(self) -> float:
        return self.transfers / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, fraction: float) -> float:
        return common.percentile(sorted(self.latencies_ms), fraction)


# --- worker process ---------------------------------------------------------------------------


def _worker(
    database_url: str,
    index: int,
    wallet_id: int,
    target_id: int,
    key_prefix: str,
    warmup: float,
    seconds: float,
    barrier,
    results,
) -> None:
    report = {"index": index, "transfers": 0, "failures": 0, "warmup": 0, "error": ""}

    def prepare():
        common.django_setup(database_url, log_queries=False)
        from casino.ledger import transfer_create
        from casino.models import Account, TransferKind

        legs = [(Account.objects.get(pk=wallet_id), -1), (Account.objects.get(pk=target_id), 1)]
        serial = 0

        def book() -> None:
            nonlocal serial
            serial += 1
            transfer_create(
                idempotency_key=f"{key_prefix}:{index}:{serial}",
                kind=TransferKind.STAKE,
                legs=legs,
            )

        return book

    common.timed_worker(
        report,
        prepare,
        warmup=warmup,
        seconds=seconds,
        barrier=barrier,
        results=results,
        done_key="transfers",
    )


def _measure(context, scenario: str, workers: int, pairs: list[tuple[int, int]], tag: str):
    key_prefix = f"bench:{tag}:{scenario}:{workers}w"
    worker_args = [
        (
            context.database_url,
            n,
            pairs[n][0],
            pairs[n][1],
            key_prefix,
            context.warmup,
            context.seconds,
        )
        for n in range(workers)
    ]
    run = common.run_workers(_worker, worker_args, context)
    measurement = Measurement(
        scenario=scenario,
        workers=workers,
        transfers=sum(r["transfers"] for r in run.started),
        failures=sum(r["failures"] for r in run.started) + (workers - len(run.started)),
        seconds=run.window,
        warmup_transfers=sum(r["warmup"] for r in run.reports),
        latencies_ms=run.latencies,
        first_error=run.errors[0] if run.errors else "",
    )
    return measurement, key_prefix


# --- setup, query count, report ---------------------------------------------------------------


def _setup(workers: int, tag: str):
    from casino.ledger import cashier_deposit, escrow_account, house_account, wallet_for
    from casino.models import HousePurpose, Player

    wallets, escrows = [], []
    for n in range(workers):
        player, _created = Player.objects.get_or_create(
            username=f"bench-player-{n}", defaults={"display_name": f"Bench {n}"}
        )
        if _created:
            player.set_unusable_password()
            player.save(update_fields=["password"])
        cashier_deposit(
            player=player,
            amount=FUNDING,
            currency=CURRENCY,
            idempotency_key=f"bench:{tag}:fund:{n}",
            memo="benchmark funding",
            play_money=True,
        )
        wallets.append(wallet_for(player, CURRENCY))
        escrows.append(escrow_account(f"bench:{n}", CURRENCY))
    house = house_account(HousePurpose.TABLE, CURRENCY, "bench")
    return wallets, escrows, house


def _sample_sql(wallet, target, key_prefix: str) -> list[str]:
    """The SQL of QUERY_SAMPLE transfers, from the DEBUG query log of this process (transaction
    control included: BEGIN and COMMIT are logged too, each is a round trip of its own)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from casino.ledger import transfer_create
    from casino.models import TransferKind

    with CaptureQueriesContext(connection) as captured:
        for n in range(QUERY_SAMPLE):
            transfer_create(
                idempotency_key=f"{key_prefix}:{n}",
                kind=TransferKind.STAKE,
                legs=[(wallet, -1), (target, 1)],
            )
    return [q["sql"] for q in captured.captured_queries]


def _backend_cpu_seconds(pid: int | None) -> float | None:
    """CPU seconds used so far by a local PostgreSQL server process (None if it is not ours to
    read: another host, another OS)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _cpu_per_transfer(wallet, target, key_prefix: str) -> dict[str, float | None]:
    """CPU milliseconds per transfer, one process alone, without the query log: this (client)
    process, of which the on-commit wallet announcement, and the server process of its
    connection (when PostgreSQL runs on this machine). Less noisy than throughput on a busy
    machine, and it bounds it: cores / (client + server) is the most one machine can do."""
    from django.conf import settings
    from django.db import connection

    from casino.ledger import _announce_wallets, transfer_create
    from casino.models import TransferKind

    pid = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
    debug, settings.DEBUG = settings.DEBUG, False
    try:
        server_before = _backend_cpu_seconds(pid)
        started = time.process_time()
        for n in range(CPU_SAMPLE):
            transfer_create(
                idempotency_key=f"{key_prefix}:{n}",
                kind=TransferKind.STAKE,
                legs=[(wallet, -1), (target, 1)],
            )
        client = (time.process_time() - started) * 1000 / CPU_SAMPLE
        server_after = _backend_cpu_seconds(pid)
        change = [(wallet.owner_id, wallet.currency, 0)]
        started = time.process_time()
        for _n in range(CPU_SAMPLE):
            _announce_wallets(change)
        announce = (time.process_time() - started) * 1000 / CPU_SAMPLE
    finally:
        settings.DEBUG = debug
    server = None
    if server_before is not None and server_after is not None:
        server = (server_after - server_before) * 1000 / CPU_SAMPLE
    return {"client": client, "announce": announce, "server": server}


def _shorten(sql: str, width: int = 96) -> str:
    sql = " ".join(sql.split())
    return sql if len(sql) <= width else sql[: width - 3] + "..."


def run(context) -> bool:
    from django.db import connection

    from casino.books import books_check
    from casino.models import Transfer, TransferKind

    tag = uuid.uuid4().hex[:8]
    most = max(context.worker_counts)
    wallets, escrows, house = _setup(most, tag)
    print(f"setup: {most} players, each wallet funded with {FUNDING:,} minor units {CURRENCY}")
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    print()

    for scenario, target in (("a", escrows[0]), ("b", house)):
        statements = _sample_sql(wallets[0], target, f"bench:{tag}:sql:{scenario}")
        print(
            f"scenario {scenario}: {len(statements) / QUERY_SAMPLE:g} statements per transfer "
            "(BEGIN and COMMIT included; on PostgreSQL each is one round trip):"
        )
        for sql in statements[: len(statements) // QUERY_SAMPLE]:
            print(f"    {_shorten(sql)}")
    cpu = _cpu_per_transfer(wallets[0], escrows[0], f"bench:{tag}:cpu")
    print(
        f"CPU per transfer, one process, scenario a: client {cpu['client']:.2f} ms (of which the "
        f"on-commit wallet announcement {cpu['announce']:.2f} ms)",
        end="",
    )
    if cpu["server"] is not None:
        total = cpu["client"] + cpu["server"]
        ceiling = (os.cpu_count() or 1) * 1000 / total if total else 0.0
        print(
            f", PostgreSQL server process {cpu['server']:.2f} ms;\n"
            f"  so {os.cpu_count()} core(s) with nothing else running top out near "
            f"{ceiling:,.0f} transfers/s"
        )
    else:
        print()
    common.close_connections()

    best: dict[tuple[str, int], Measurement] = {}
    checks: list[tuple[str, Measurement]] = []
    ok = True
    print()
    print(
        f"{'scenario':<58} {'workers':>7} {'transfers/s':>11} {'count':>7} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'failed':>6}"
    )
    for round_no in range(1, context.repeat + 1):
        if context.repeat > 1:
            print(f"round {round_no} of {context.repeat}")
        for scenario, label in SCENARIOS.items():
            for workers in context.worker_counts:
                targets = [escrows[n] if scenario == "a" else house for n in range(workers)]
                pairs = [(wallets[n].pk, targets[n].pk) for n in range(workers)]
                m, prefix = _measure(context, scenario, workers, pairs, f"{tag}:r{round_no}")
                checks.append((prefix, m))
                if (scenario, workers) not in best or m.per_second > best[
                    scenario, workers
                ].per_second:
                    best[scenario, workers] = m
                print(
                    f"{scenario}) {label:<55} {workers:>7} {m.per_second:>11,.0f} "
                    f"{m.transfers:>7,} {m.percentile(0.5):>7.2f} {m.percentile(0.99):>7.2f} "
                    f"{m.failures:>6}",
                    flush=True,
                )
                if m.failures or m.first_error:
                    ok = False
                    print("   FAILED; first error:")
                    print("   " + m.first_error.strip().replace("\n", "\n   "))
    print(f"load average after: {common.load_average()}")

    # Every successful call booked exactly one transfer: nothing lost, nothing doubled.
    for prefix, m in checks:
        stored = Transfer.objects.filter(
            kind=TransferKind.STAKE, idempotency_key__startswith=prefix + ":"
        ).count()
        expected = m.warmup_transfers + m.transfers
        if stored != expected:
            ok = False
            print(f"MISMATCH: {prefix}: workers booked {expected} transfers, {stored} are stored")

    print()
    if context.repeat > 1:
        print(f"best of {context.repeat} rounds:")
    for workers in context.worker_counts:
        a, b = best["a", workers], best["b", workers]
        ratio = b.per_second / a.per_second if a.per_second else 0.0
        print(
            f"{workers} worker(s): a) {a.per_second:,.0f}/s  b) {b.per_second:,.0f}/s  "
            f"ratio b/a {ratio:.2f}"
        )
    targets_met = True
    a8, b8 = best.get(("a", 8)), best.get(("b", 8))
    if a8 and b8:
        ratio = b8.per_second / a8.per_second if a8.per_second else 0.0
        a_ok = a8.per_second >= TARGET_A_PER_SECOND
        b_ok = ratio >= TARGET_B_RATIO
        targets_met = a_ok and b_ok
        print(
            f"target a) >= {TARGET_A_PER_SECOND:,}/s with 8 workers: "
            f"{a8.per_second:,.0f}/s -> {'MET' if a_ok else 'MISSED'}"
        )
        print(
            f"target b) >= {TARGET_B_RATIO:g} x a) with 8 workers: ratio {ratio:.2f} "
            f"-> {'MET' if b_ok else 'MISSED'}"
        )
        if not context.comparable:
            print("   (SQLite fallback: these figures are not comparable with the targets)")
    else:
        print("targets are judged with 8 workers (BENCH_WORKERS does not include 8)")

    print()
    report = books_check()
    print(report.text())
    connection.close()
    if not report.clean:
        ok = False
    if context.strict and not targets_met:
        ok = False
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py ledger_transfers")
