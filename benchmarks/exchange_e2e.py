"""The exchange and spread bets end to end on the benchmark database (issue 18).

1. Accepted exchange offers per second with 8 clients (`exchange_offer_post`: the market row
   lock, matching, the offer and bet rows, one ledger transfer), against the sportsbook's accepted
   bets per second (`sportsbook_bets`' own acceptance workers, same line shape) measured in the
   same run. Target: >= 0.5 x the sportsbook's rate. Each client is a player posting backs and
   lays at random net odds around 1.0 on LISTED markets' outcomes, so about half of them cross
   standing offers and are matched at once (partly or wholly). Checks: stored offers = offers the
   clients posted; the books clean (every escrow = its reservations).
2. Quotes applied per second with OPEN_POSITIONS open spread bets watched for close-out: one
   process applies staff quotes (`spread_quote_set`: the asset's lock, the quote row, the margin
   watch over every account with a bet on the asset) along a seeded walk that stays inside the
   close-out band; then one gap past the level closes out every up bet at once (timed on its
   own). Checks: the books clean after.
"""

from __future__ import annotations

import os
import random
import time
from decimal import Decimal

import benchmarks as common
from benchmarks import sportsbook_bets_accept as sb_accept
from benchmarks import sportsbook_bets_line as sb_line

CURRENCY = "BYN"
FUNDING = 100_000_000
LISTED = 12  # exchange markets (1x2: 36 outcomes) the clients spread over
TICKS = [Decimal("0.80") + Decimal("0.05") * n for n in range(9)]  # net odds 0.80 .. 1.20
OPEN_POSITIONS = 1_000
POSITION_PLAYERS = 250  # four bets each
QUOTES = 400  # quotes applied in the measured walk
WALK_BAND = 20  # points: the walk stays inside it (the close-out is 30 points against)
GAP = 40  # points: the final quote, closing every up bet out
TARGET_RATIO = 0.5


def _offer_worker(
    database_url: str,
    index: int,
    player_id: int,
    outcomes: list[int],
    key_prefix: str,
    warmup: float,
    seconds: float,
    barrier,
    results,
) -> None:
    report = {"index": index, "offers": 0, "matched": 0, "failures": 0, "warmup": 0, "error": ""}

    def prepare():
        common.django_setup(database_url, log_queries=False)
        from casino.models import Player
        from sportsbook.exchange.services import exchange_offer_post

        player = Player.objects.get(pk=player_id)
        rng = random.Random(1_000 + index)
        serial = 0

        def post() -> int:
            nonlocal serial
            serial += 1
            offer, created = exchange_offer_post(
                player=player,
                outcome_id=rng.choice(outcomes),
                side="back" if rng.random() < 0.5 else "lay",
                odds=rng.choice(TICKS),
                stake=rng.randint(100, 2_000),
                idempotency_key=f"{key_prefix}:{index}:{serial}",
            )
            if not created:
                raise RuntimeError("a fresh idempotency key returned an existing offer")
            return int(offer.matched > 0)

        return post

    common.timed_worker(
        report,
        prepare,
        warmup=warmup,
        seconds=seconds,
        barrier=barrier,
        results=results,
        done_key="offers",
        extra_key="matched",
    )


def _players(tag: str, count: int):
    from casino.ledger import cashier_deposit

    players = []
    for n in range(count):
        player = sb_line._new_player(f"{tag}-{n}")
        cashier_deposit(
            player=player,
            amount=FUNDING,
            currency=CURRENCY,
            idempotency_key=f"{tag}:fund:{n}",
            memo="benchmark funding",
            play_money=True,
        )
        players.append(player)
    return players


def _offers(context, tag: str) -> tuple[bool, dict]:
    from casino.books import books_check
    from sportsbook.exchange.services import exchange_market_list
    from sportsbook.models import ExchangeOffer, Market, Outcome

    ok = True
    workers = max(context.worker_counts)
    sb_line._set_rates()
    events = [sb_line._event(f"X {tag} {n}", [("1x2", {})]) for n in range(LISTED)]
    for market in Market.objects.filter(event__in=events):
        exchange_market_list(market_id=market.pk)
    outcomes = list(
        Outcome.objects.filter(market__event__in=events).order_by("pk").values_list("pk", flat=True)
    )
    line_events = [
        sb_line._event(f"S {tag} {n}", sb_line.SIMPLE_MARKETS) for n in range(sb_line.LINE_EVENTS)
    ]
    line = [
        (event_id, pk, str(odds))
        for pk, event_id, odds in Outcome.objects.filter(market__event__in=line_events)
        .order_by("pk")
        .values_list("pk", "market__event_id", "odds")
    ]
    exchange_players = _players(f"xe-{tag}", workers)
    book_players = _players(f"xs-{tag}", workers)
    common.close_connections()
    print(
        f"exchange: {LISTED} listed 1x2 markets ({len(outcomes)} outcomes), {workers} clients, "
        f"backs and lays at net odds {TICKS[0]}..{TICKS[-1]}; sportsbook: {len(line)} outcomes, "
        f"{workers} clients ({sb_accept.EXPRESS_SHARE:.0%} expresses of 3)"
    )
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    best_x = best_s = 0.0
    for round_no in range(1, context.repeat + 1):
        prefix = f"xe-bench:{tag}:r{round_no}"
        with sb_accept.ConnectionPeak(context.database_url) as peak:
            run = common.run_workers(
                _offer_worker,
                [
                    (
                        context.database_url,
                        n,
                        exchange_players[n].pk,
                        outcomes,
                        prefix,
                        context.warmup,
                        context.seconds,
                    )
                    for n in range(workers)
                ],  # fmt: skip
                context,
            )
            offers = sum(r["offers"] for r in run.started)
            matched = sum(r["matched"] for r in run.started)
            failures = sum(r["failures"] for r in run.started) + (workers - len(run.started))
        rate = offers / run.window if run.window else 0.0
        lat = sorted(run.latencies) or [0.0]
        print(
            f"exchange, {workers} clients: {rate:,.0f} accepted offers/s ({offers:,} offers, "
            f"{matched:,} matched at once; p50 {lat[len(lat) // 2]:.2f} ms, "
            f"p99 {lat[min(len(lat) - 1, int(0.99 * len(lat)))]:.2f} ms; {failures} failed)",
            flush=True,
        )
        if failures or run.errors:
            ok = False
            print("   FAILED; first error: " + (run.errors[0] if run.errors else "").strip())
        stored = ExchangeOffer.objects.filter(idempotency_key__contains=f":{prefix}:").count()
        posted = offers + sum(r["warmup"] for r in run.reports)
        if stored != posted:
            ok = False
            print(f"MISMATCH: clients posted {posted} offers, {stored} are stored")
        print(f"exchange, {workers} clients: " + sb_accept.budget_line(peak.peak, workers + 1))
        if context.comparable and peak.peak > (workers + 1) * sb_accept.pool_max():
            ok = False
        best_x = max(best_x, rate)
        with sb_accept.ConnectionPeak(context.database_url) as book_peak:
            m = sb_accept._measure(
                context, workers, [p.pk for p in book_players], line, f"xs-bench:{tag}:r{round_no}"
            )
        print(
            f"sportsbook, {workers} clients: {m.per_second:,.0f} accepted bets/s "
            f"({m.bets:,} bets; p50 {m.percentile(0.5):.2f} ms; {m.failures} failed)",
            flush=True,
        )
        print(
            f"sportsbook, {workers} clients: " + sb_accept.budget_line(book_peak.peak, workers + 1)
        )
        if m.failures or m.first_error:
            ok = False
        best_s = max(best_s, m.per_second)
    report = books_check()
    if not report.clean:
        ok = False
        print("BOOKS NOT CLEAN:\n" + report.text())
    else:
        print("books clean (every exchange escrow holds exactly its reservations)")
    ratio = best_x / best_s if best_s else 0.0
    met = ratio >= TARGET_RATIO
    print(
        f"exchange / sportsbook = {best_x:,.0f} / {best_s:,.0f} = {ratio:.2f} "
        f"(target >= {TARGET_RATIO}) -> {'MET' if met else 'MISSED'}"
    )
    if context.strict and not met:
        ok = False
    print(f"load average after: {common.load_average()}")
    return ok, {"exchange": best_x, "sportsbook": best_s}


def _quotes(context, tag: str) -> tuple[bool, dict]:
    from casino.books import books_check
    from sportsbook.models import SpreadAsset, SpreadClose, SpreadPosition
    from sportsbook.spread.services import spread_bet, spread_quote_set

    asset = SpreadAsset.objects.create(
        code=f"bench-{tag}"[:20],
        name_ru="Бенч",
        name_en="Bench",
        point_size=Decimal("0.0001"),
        bid=Decimal("1.2000"),
        ask=Decimal("1.2003"),
        min_stake=100,
        max_stake=100_000,
        margin_points=50,
        closeout_points=20,
    )
    players = _players(f"sq-{tag}", POSITION_PLAYERS)
    rng = random.Random(7)
    started = time.perf_counter()
    for n in range(OPEN_POSITIONS):
        index = n % POSITION_PLAYERS
        # a player's bets all go one way (an opposite bet would close them, A6): half up, half
        # down; one player in ten stakes the minimum (a small margin account, closed out first)
        direction = "up" if index % 2 == 0 else "down"
        stake = 100 if index % 10 == 0 else rng.randint(100, 300)
        spread_bet(
            player=players[index],
            asset_id=asset.pk,
            direction=direction,
            stake=stake,
            level_seen=asset.ask if direction == "up" else asset.bid,
            idempotency_key=f"sq:{tag}:{n}",
        )
    setup = time.perf_counter() - started
    open_now = SpreadPosition.objects.filter(asset=asset, stake__gt=0).count()
    print(f"spread: {open_now:,} open bets of {POSITION_PLAYERS} players opened in {setup:.1f} s")
    rng = random.Random(11)
    start_bid = asset.bid
    spread = asset.ask - asset.bid
    offset = 0  # points from the opening quote; the walk stays within +-WALK_BAND (no close-out)
    cpu0, start = time.process_time(), time.perf_counter()
    for _ in range(QUOTES):
        offset += rng.randint(-2, 2)
        offset = max(-WALK_BAND, min(WALK_BAND, offset))
        bid = start_bid + asset.point_size * offset
        spread_quote_set(asset_id=asset.pk, bid=bid, ask=bid + spread, source="feed")
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    rate = QUOTES / elapsed
    closed = SpreadClose.objects.filter(position__asset=asset).count()
    print(
        f"spread: {QUOTES} quotes in {elapsed:.1f} s -> {rate:,.0f} quotes applied/s with "
        f"{open_now:,} open bets watched ({closed} closed out; this process "
        f"{cpu / elapsed:.0%} of a core)"
    )
    # a gap of GAP points down: every up bet's account falls below its level at once
    start = time.perf_counter()
    bid = start_bid - asset.point_size * GAP
    spread_quote_set(asset_id=asset.pk, bid=bid, ask=bid + spread, source="feed")
    gap_seconds = time.perf_counter() - start
    closed_now = SpreadClose.objects.filter(position__asset=asset).count() - closed
    print(
        f"spread: a gap of {GAP} points closed out {closed_now} bets in {gap_seconds:.1f} s "
        f"({closed_now / gap_seconds if gap_seconds else 0:,.0f} close-outs/s, one process)"
    )
    report = books_check()
    ok = report.clean
    print("books clean" if ok else "BOOKS NOT CLEAN:\n" + report.text())
    return ok, {"quotes_per_s": rate, "gap_closed": closed_now, "gap_seconds": gap_seconds}


def run(context) -> bool:
    tag = f"{int(time.time())}"
    ok_x, _figures = _offers(context, tag)
    print()
    ok_q, _quotes_figures = _quotes(context, tag)
    return ok_x and ok_q


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py exchange_e2e")
