"""Part 2 of `benchmarks/sportsbook_bets.py`, settlement: many open bets on one event created in
bulk, `event_settle` run once in a fresh process (its memory), and the checks after it."""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import resource
import time
import traceback

import benchmarks as common
from benchmarks.ledger_transfers import _backend_cpu_seconds
from benchmarks.sportsbook_bets_line import (
    CURRENCY,
    LIVE_KINDS,
    SIMPLE_MARKETS,
    _all_football_markets,
    _event,
)

TARGET_SETTLE_PER_SECOND = 20_000
SETTLE_PLAYERS = 1_000
SETTLE_OTHER_EVENTS = 8
BULK_BATCH = 10_000
# Mix of the settlement bets: singles (of which a few live), expresses of 3, systems 2 of 3.
SETTLE_MIX = {"single": 0.80, "express": 0.15, "system": 0.05}
LIVE_SHARE_OF_SINGLES = 0.03


def _settle_sizes() -> list[int]:
    """BENCH_SETTLE_SIZES=0 skips the settlement scenarios (acceptance only)."""
    value = os.environ.get("BENCH_SETTLE_SIZES", "").strip() or "20000,100000"
    return [int(part) for part in value.split(",") if part.strip() and int(part) > 0]


# --- 2. settlement ------------------------------------------------------------------------------


def _fund_many(players, amount: int, key: str) -> None:
    """One play-money top-up transfer for many wallets (setup only)."""
    from casino import ledger
    from casino.models import HousePurpose, TransferKind

    bank = ledger.house_account(HousePurpose.DEMO_BANK, CURRENCY)
    ledger.transfer_create(
        idempotency_key=key,
        kind=TransferKind.TOPUP,
        legs=[(bank, -amount * len(players))]
        + [(ledger.wallet_for(p, CURRENCY), amount) for p in players],
        memo="benchmark funding",
    )


def _completed_result(seed: int) -> dict:
    from sportsbook.settlement.random_results import random_result

    rng = random.Random(seed)
    while True:
        result = random_result("football", rng)
        if result.ending == "completed" and result.to_dict().get("goals"):
            return result.to_dict()


def _score_at(result: dict, minute: int) -> list[int]:
    """The score of `result` at `minute` (what a live bet placed then saw)."""
    score = [0, 0]
    for goal in result.get("goals", []):
        if goal["minute"] <= minute:
            score[0 if goal["team"] == "1" else 1] += 1
    return score


def _bulk_bets(rng, tag: str, count: int, main, main_result, others, players) -> dict:
    """`count` open bets touching `main`, created with bulk_create in batches; the stakes of each
    batch booked wallets -> stakes-held in one transfer. Returns counts per kind."""
    from casino import ledger
    from casino.models import TransferKind
    from sportsbook.betting.services import stakes_held_account
    from sportsbook.models import Bet, BetKind, BetLeg, Outcome
    from sportsbook.settlement import bets as bet_math

    main_outcomes = list(
        Outcome.objects.filter(market__event=main).values_list("pk", "odds", "market__kind")
    )
    live_outcomes = [o for o in main_outcomes if o[2] in LIVE_KINDS]
    other_outcomes = {
        e.pk: list(Outcome.objects.filter(market__event=e).values_list("pk", "odds"))
        for e in others
    }
    other_ids = list(other_outcomes)
    wallets = {p.pk: ledger.wallet_for(p, CURRENCY) for p in players}
    held = stakes_held_account(CURRENCY)
    kinds = list(SETTLE_MIX)
    weights = list(SETTLE_MIX.values())
    counts = {"single": 0, "live single": 0, "express": 0, "system": 0}
    serial = 0
    for batch_start in range(0, count, BULK_BATCH):
        size = min(BULK_BATCH, count - batch_start)
        bets, legs, totals = [], [], {}
        for _n in range(size):
            serial += 1
            player = rng.choice(players)
            kind = rng.choices(kinds, weights)[0]
            stake = rng.randint(200, 5_000)
            leg_rows = []  # (outcome id, odds, live, score, minute)
            if kind == "single":
                live = rng.random() < LIVE_SHARE_OF_SINGLES
                pk, odds, _kind = rng.choice(live_outcomes if live else main_outcomes)
                if live:
                    minute = rng.randint(5, 85)
                    score = _score_at(main_result, minute)
                    leg_rows.append((pk, odds, True, score, minute))
                    counts["live single"] += 1
                else:
                    leg_rows.append((pk, odds, False, None, None))
                    counts["single"] += 1
            else:
                pk, odds, _kind = rng.choice(main_outcomes)
                leg_rows.append((pk, odds, False, None, None))
                for event_id in rng.sample(other_ids, 2):
                    other_pk, other_odds = rng.choice(other_outcomes[event_id])
                    leg_rows.append((other_pk, other_odds, False, None, None))
                counts[kind] += 1
            odds_list = [row[1] for row in leg_rows]
            system_size = 2 if kind == "system" else None
            bets.append(
                Bet(
                    player=player,
                    kind={"single": BetKind.SINGLE, "express": BetKind.EXPRESS}.get(
                        kind, BetKind.SYSTEM
                    ),
                    system_size=system_size,
                    stake=stake,
                    currency=CURRENCY,
                    potential_return=bet_math.potential_return(stake, odds_list, system_size, []),
                    idempotency_key=f"{player.pk}:sb-settle:{tag}:{count}:{serial}",
                )
            )
            legs.append(leg_rows)
            totals[player.pk] = totals.get(player.pk, 0) + stake
        Bet.objects.bulk_create(bets, batch_size=2_000)
        BetLeg.objects.bulk_create(
            [
                BetLeg(
                    bet=bet,
                    outcome_id=pk,
                    odds=odds,
                    live=live,
                    score_at_placement=score,
                    placed_minute=minute,
                )
                for bet, rows in zip(bets, legs, strict=True)
                for pk, odds, live, score, minute in rows
            ],
            batch_size=4_000,
        )
        ledger.transfer_create(
            idempotency_key=f"sb-settle:{tag}:{count}:stakes:{batch_start}",
            kind=TransferKind.STAKE,
            legs=[(wallets[pk], -total) for pk, total in sorted(totals.items())]
            + [(held, sum(totals.values()))],
            memo="benchmark bets (bulk)",
        )
    return counts


def _settle_child(database_url: str, event_id: int, profile: bool, results) -> None:
    """One event_settle in a process of its own, measured; then a second one."""
    report: dict = {"error": ""}
    try:
        common.django_setup(database_url, log_queries=False)
        import gc

        from django.db import connection

        from sportsbook.models import Event
        from sportsbook.settlement import runner as settlement_runner

        Event.objects.get(pk=event_id)  # connect, warm the ORM
        statements = [0]

        def count(execute, sql, params, many, context):
            statements[0] += 1
            return execute(sql, params, many, context)

        pid = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pid = cursor.fetchone()[0]
        gc.collect()
        before = _status_kb()
        maxrss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        server_before = _backend_cpu_seconds(pid)
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
        cpu = time.process_time()
        wall = time.perf_counter()
        with connection.execute_wrapper(count):
            if profiler:
                profiler.enable()
            run = settlement_runner.event_settle(event_id=event_id)
            if profiler:
                profiler.disable()
        report["seconds"] = time.perf_counter() - wall
        report["cpu"] = time.process_time() - cpu
        server_after = _backend_cpu_seconds(pid)
        report["server_cpu"] = (
            server_after - server_before
            if server_before is not None and server_after is not None
            else None
        )
        after = _status_kb()
        report["maxrss_growth_kb"] = (
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - maxrss_before
        )
        report["rss_before_kb"] = before["VmRSS"]
        report["hwm_before_kb"] = before["VmHWM"]
        report["hwm_after_kb"] = after["VmHWM"]
        report["statements"] = statements[0]
        report["run_id"] = run.pk if run is not None else None
        report["bets_changed"] = getattr(run, "bets_changed", None)
        if profiler:
            import io
            import pstats

            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("cumulative").print_stats(30)
            stats.sort_stats("tottime").print_stats(20)
            report["profile"] = out.getvalue()

        statements[0] = 0
        wall = time.perf_counter()
        with connection.execute_wrapper(count):
            again = settlement_runner.event_settle(event_id=event_id)
        report["again_seconds"] = time.perf_counter() - wall
        report["again_statements"] = statements[0]
        report["again_run"] = again.pk if again is not None else None
    except Exception:
        report["error"] = traceback.format_exc()
    results.put(report)


def _status_kb() -> dict[str, int]:
    values = {"VmRSS": 0, "VmHWM": 0}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                name, _sep, rest = line.partition(":")
                if name in values:
                    values[name] = int(rest.split()[0])
    except OSError:
        pass
    return values


def _expected_payout(bet, results: dict) -> int:
    """Recompute a bet's payout from the pure rules (pre-match legs only)."""
    from sportsbook.models import BetKind
    from sportsbook.settlement import bets as bet_math
    from sportsbook.settlement.bets import Leg
    from sportsbook.settlement.grading import PRE_MATCH
    from sportsbook.settlement.markets import KINDS
    from sportsbook.settlement.results import EventResult

    settled = []
    for leg in bet.legs.select_related("outcome__market"):
        market = leg.outcome.market
        result = EventResult.from_dict(results[market.event_id])
        outcome = KINDS[market.kind].settle(result, market.params, PRE_MATCH)[leg.outcome.code]
        settled.append(Leg(leg.odds, outcome))
    if bet.kind == BetKind.SYSTEM:
        return bet_math.system_return(bet.stake, settled, bet.system_size, bankers=[])
    return bet_math.express_return(bet.stake, settled)


def _settlement(context, tag: str, count: int, players, rng) -> tuple[bool, dict]:
    from django.db.models import Count, Sum

    from casino.models import Transfer
    from sportsbook.line.services import event_set_status
    from sportsbook.models import Bet, BetSettlement, EventStatus
    from sportsbook.settlement.runner import event_settle
    from sportsbook.settlement.services import event_result_set

    ok = True
    started = time.monotonic()
    main = _event(f"Settle {count}", _all_football_markets())
    others = [_event(f"Other {count}-{n}", SIMPLE_MARKETS) for n in range(SETTLE_OTHER_EVENTS)]
    results = {main.pk: _completed_result(count)}
    counts = _bulk_bets(rng, tag, count, main, results[main.pk], others, players)
    created = time.monotonic() - started
    # The other legs' events finish and settle first (the expresses and systems stay open).
    started = time.monotonic()
    for n, other in enumerate(others):
        results[other.pk] = _completed_result(1_000 * count + n)
        event_set_status(event_id=other.pk, status=EventStatus.FINISHED)
        event_result_set(event_id=other.pk, result=results[other.pk])
        event_settle(event_id=other.pk)
    others_seconds = time.monotonic() - started
    event_set_status(event_id=main.pk, status=EventStatus.LIVE)
    event_set_status(event_id=main.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=main.pk, result=results[main.pk])
    main.refresh_from_db()
    bet_ids = Bet.objects.filter(legs__outcome__market__event=main).distinct()
    open_before = Bet.objects.filter(pk__in=bet_ids, payout__isnull=True).count()
    markets = main.markets.count()
    print(
        f"{count:,} bets on one event ({markets} markets): {counts['single']:,} singles, "
        f"{counts['live single']:,} live singles, {counts['express']:,} expresses of 3, "
        f"{counts['system']:,} systems 2/3 (other legs on {len(others)} events settled before); "
        f"{len(players):,} players; created in {created:.1f} s, other events settled in "
        f"{others_seconds:.1f} s; {open_before:,} open"
    )
    wallets_before = _wallet_total(players)
    transfers_before = Transfer.objects.count()
    common.close_connections()

    profile = os.environ.get("BENCH_PROFILE", "") == "1"
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(
        target=_settle_child, args=(context.database_url, main.pk, profile, queue), daemon=True
    )
    child.start()
    report = queue.get(timeout=1_800)
    child.join(timeout=30)
    if report["error"]:
        print("   FAILED: " + report["error"].strip().replace("\n", "\n   "))
        return False, {}

    per_second = open_before / report["seconds"] if report["seconds"] else 0.0
    growth_mb = (report["hwm_after_kb"] - report["hwm_before_kb"]) / 1024
    server = report["server_cpu"]
    print(
        f"  event_settle: {report['seconds']:.2f} s -> {per_second:,.0f} bets/s; "
        f"{report['bets_changed']:,} bets changed; {report['statements']:,} SQL statements; "
        f"CPU client {report['cpu']:.2f} s"
        + (f", PostgreSQL backend {server:.2f} s" if server is not None else "")
    )
    print(
        f"  memory of the settling process: RSS {report['rss_before_kb'] / 1024:.0f} MB before "
        f"(peak {report['hwm_before_kb'] / 1024:.0f} MB), peak after "
        f"{report['hwm_after_kb'] / 1024:.0f} MB: peak growth {growth_mb:.1f} MB (VmHWM; "
        "ru_maxrss is no use here: a spawned child starts with its forking parent's)"
    )
    if report.get("profile"):
        print(report["profile"])

    # Every bet settled exactly once, the money adds up.
    settled = Bet.objects.filter(pk__in=bet_ids)
    still_open = settled.filter(payout__isnull=True).count()
    per_bet = (
        BetSettlement.objects.filter(bet__in=bet_ids, run__event=main)
        .values("bet")
        .annotate(n=Count("pk"))
    )
    twice = per_bet.filter(n__gt=1).count()
    recorded = BetSettlement.objects.filter(run_id=report["run_id"]).count()
    paid = settled.aggregate(total=Sum("payout"))["total"] or 0
    increase = _wallet_total(players) - wallets_before
    problems = []
    if still_open:
        problems.append(f"{still_open} bets still open")
    if twice:
        problems.append(f"{twice} bets settled more than once")
    if recorded != open_before or report["bets_changed"] != open_before:
        problems.append(
            f"{recorded} BetSettlement rows / {report['bets_changed']} changed "
            f"for {open_before} bets"
        )
    if paid != increase:
        problems.append(f"payouts {paid} but wallets rose by {increase}")
    pre_match_ids = list(settled.filter(legs__live=False).values_list("pk", flat=True))
    sample = list(Bet.objects.filter(pk__in=rng.sample(pre_match_ids, 300)))
    wrong = [b.pk for b in sample if b.payout != _expected_payout(b, results)]
    if wrong:
        problems.append(f"{len(wrong)} of {len(sample)} sampled payouts differ: {wrong[:5]}")
    # Run again: nothing to do.
    new_transfers = Transfer.objects.count() - transfers_before
    print(
        f"  checks: {open_before:,} bets, {recorded:,} settled once each, none twice, "
        f"{still_open} open; payouts {ledger_amount(paid)} = wallets' increase "
        f"{ledger_amount(increase)}; {len(sample) - len(wrong)}/{len(sample)} sampled payouts "
        f"match the pure rules; {new_transfers} payout transfers"
    )
    print(
        f"  event_settle again: {report['again_seconds'] * 1000:.0f} ms, "
        f"{report['again_statements']} statements, "
        f"{'no run (nothing to do)' if report['again_run'] is None else 'A NEW RUN'}"
    )
    if report["again_run"] is not None:
        again_rows = BetSettlement.objects.filter(run_id=report["again_run"]).count()
        if again_rows:
            problems.append(f"the second event_settle recorded {again_rows} bet settlements")
    if Transfer.objects.count() != transfers_before + new_transfers:
        problems.append("the second event_settle booked transfers")
    for problem in problems:
        ok = False
        print(f"  FAILED: {problem}")
    return ok, {"per_second": per_second, "growth_mb": growth_mb, "seconds": report["seconds"]}


def ledger_amount(minor: int) -> str:
    from casino.currencies import format_amount

    return format_amount(minor, CURRENCY)


def _wallet_total(players) -> int:
    from django.db.models import Sum

    from casino.models import Account, AccountKind

    return (
        Account.objects.filter(
            kind=AccountKind.WALLET, owner__in=[p.pk for p in players], currency=CURRENCY
        ).aggregate(total=Sum("balance"))["total"]
        or 0
    )


def _settlements(context, tag: str) -> bool:
    from casino.models import Player

    ok = True
    sizes = _settle_sizes()
    if not sizes:
        print("skipped (BENCH_SETTLE_SIZES=0)")
        return True
    Player.objects.bulk_create(
        [Player(username=f"sb-settle-{tag}-{n}", password="!") for n in range(SETTLE_PLAYERS)]
    )
    players = list(Player.objects.filter(username__startswith=f"sb-settle-{tag}-"))
    _fund_many(players, 10 * max(sizes) * 5_000 // SETTLE_PLAYERS, f"sb-settle:{tag}:fund")
    rng = random.Random(20261130)
    figures = {}
    print(f"load average before: {common.load_average()}")
    for count in sizes:
        good, figures[count] = _settlement(context, tag, count, players, rng)
        ok = good and ok
    print(f"load average after: {common.load_average()}")
    for count, figure in figures.items():
        if not figure:
            continue
        met = figure["per_second"] >= TARGET_SETTLE_PER_SECOND
        print(
            f"target >= {TARGET_SETTLE_PER_SECOND:,} settled bets/s at {count:,} bets: "
            f"{figure['per_second']:,.0f}/s -> {'MET' if met else 'MISSED'}; peak memory growth "
            f"{figure['growth_mb']:.1f} MB"
        )
        if context.strict and not met:
            ok = False
    return ok
