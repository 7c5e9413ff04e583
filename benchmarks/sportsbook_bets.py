"""Sportsbook: bets accepted per second, and settlement of 100,000 open bets on one event.

1. Acceptance: BENCH_WORKERS worker processes (spawn; default 1 and 8), each its own play-money
   player, place bets through `sportsbook.betting.services.bet_place` (the service the bet slip view
   calls) on a line of LINE_EVENTS events: singles, and a share of expresses of 3 legs on
   different events; each bet its own transaction with a unique idempotency key. After a warm-up
   all workers wait on a barrier and place bets for BENCH_SECONDS. Printed: bets/s over the common
   window, p50/p99 latency, failures; the SQL of one single and one express (DEBUG query log);
   CPU per bet of one process alone (client and PostgreSQL backend, from /proc) and the ceiling
   cores x 1000 / cpu_ms. Checks: stored bets == bets the workers reported.

2. Settlement: for BENCH_SETTLE_SIZES (default 20,000 and 100,000) open bets on one football
   event with every football market kind, created in bulk (as tests/sportsbook's `_random_bets`:
   Bet and BetLeg bulk_create, the stakes booked wallets -> stakes-held): singles on all its
   markets (a few of them live legs with a score at placement), expresses of 3 and systems 2/3
   whose other legs are on events settled beforehand. The event goes live, finishes, gets a
   result; then `event_settle` runs ONCE in a fresh process (spawn), so its peak RSS (VmHWM)
   growth belongs to the settlement alone. Printed: bets/s, SQL statements, CPU (client and
   PostgreSQL backend), peak RSS growth. Checks: every bet settled exactly once, sum of payouts
   = the wallets' increase, a sample of payouts recomputed from the pure rules, the books clean;
   then `event_settle` again must change nothing.

Targets (issue 4): >= 800 accepted bets/s with 8 clients; settlement >= 20,000 bets/s; a
100,000-bet settlement in bounded memory (the growth must not scale with the bet count).

Where to look: this module runs the two parts; the line (events, markets, rates, players) is in
`benchmarks/sportsbook_bets_line.py`, the acceptance (workers, connections, CPU per bet) in
`benchmarks/sportsbook_bets_accept.py`, and the settlement (open bets in bulk, the run in a fresh
process, its checks) in `benchmarks/sportsbook_bets_settle.py`."""

from __future__ import annotations

import uuid

from benchmarks.sportsbook_bets_accept import _acceptance
from benchmarks.sportsbook_bets_line import _set_rates
from benchmarks.sportsbook_bets_settle import _settlements


def run(context) -> bool:
    from django.db import connection

    from casino.books import books_check

    tag = uuid.uuid4().hex[:8]
    _set_rates()
    print("-- 1. acceptance: bet_place with BENCH_WORKERS clients --")
    ok, _figures = _acceptance(context, tag)
    print()
    print("-- 2. settlement: event_settle of many open bets on one event --")
    ok = _settlements(context, tag) and ok
    print()
    report = books_check()
    print(report.text())
    connection.close()
    return ok and report.clean


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py sportsbook_bets")
