"""The exchange's pure matching (sportsbook.exchange.matching): offers matched per second, one
process, one core, no database (issue 18: target >= 20,000 offers/s).

A seeded stream of offers on one outcome: backs and lays at net odds around 1.5 (ticks of 0.05),
stakes of 1.00-100.00, half posted (the rest stands) and half taken (the rest is dropped), and the
oldest standing offer cancelled after one offer in 50: the book deepens through a round (about
10,000 standing offers over ~20 prices after 3 s). An "offer" is one `Book.submit`, whatever
it fills.

Correctness checks (a failure makes the run fail): no fill at a price worse than either side
asked, and every stake accounted for (matched + standing + dropped/cancelled = submitted).
"""

from __future__ import annotations

import os
import random
import time
from decimal import Decimal

import benchmarks as common

SEED = 20261202
TICKS = [Decimal("1.5") + Decimal("0.05") * n for n in range(-10, 11)]


def stream(rng: random.Random, count: int, first_id: int):
    from sportsbook.exchange.matching import Offer, Side

    out = []
    for n in range(count):
        side = Side.BACK if rng.random() < 0.5 else Side.LAY
        odds = TICKS[rng.randrange(len(TICKS))]
        out.append(
            (
                Offer(first_id + n, rng.randrange(200), side, odds, rng.randrange(100, 10_001), 0),
                rng.random() < 0.5,  # rest (post) or not (take)
                rng.random() < 0.02,  # cancel the oldest standing offer after it
            )
        )
    return out


def run_round(seconds: float, rng: random.Random) -> dict:
    from sportsbook.exchange.matching import Book, Side

    book = Book()
    offers = fills = submitted_stake = matched_stake = dropped = 0
    problems: list[str] = []
    next_id = 1
    batch = 20_000
    elapsed = 0.0
    cpu = 0.0
    while elapsed < seconds:
        items = stream(rng, batch, next_id)  # built outside the clock
        next_id += batch
        cpu0, start = time.process_time(), time.perf_counter()
        for offer, rest, cancel in items:
            limit = offer.odds
            side = offer.side
            offer.seq = offer.id
            submitted_stake += offer.remaining
            done = book.submit(offer, rest=rest)
            for fill in done:
                matched_stake += 2 * fill.stake
                worse = fill.odds < limit if side is Side.BACK else fill.odds > limit
                if worse:
                    problems.append(f"offer {offer.id} matched at {fill.odds}, asked {limit}")
            fills += len(done)
            if not rest:
                dropped += offer.remaining
            if cancel and book.offers:
                dropped += book.cancel(next(iter(book.offers))).remaining
        offers += len(items)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - cpu0
    standing = sum(o.remaining for o in book.offers.values())
    if matched_stake + standing + dropped != submitted_stake:
        problems.append(
            f"stakes do not add up: {matched_stake} matched + {standing} standing + "
            f"{dropped} dropped != {submitted_stake} submitted"
        )
    return {
        "offers": offers,
        "fills": fills,
        "seconds": elapsed,
        "offers_per_s": offers / elapsed,
        "fills_per_s": fills / elapsed,
        "cpu_share": cpu / elapsed if elapsed else 0.0,
        "depth": len(book.offers),
        "problems": problems,
    }


def run(context) -> bool:
    rng = random.Random(SEED)
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    run_round(min(context.warmup, 1.0), rng)
    ok = True
    best = None
    for round_no in range(1, context.repeat + 1):
        figures = run_round(context.seconds, rng)
        print(
            f"round {round_no}: {figures['offers']:,} offers, {figures['fills']:,} fills in "
            f"{figures['seconds']:.1f} s -> {figures['offers_per_s']:,.0f} offers/s, "
            f"{figures['fills_per_s']:,.0f} fills/s (book depth at the end "
            f"{figures['depth']} offers; this process got {figures['cpu_share']:.0%} of a core)"
        )
        if figures["problems"]:
            ok = False
            print(
                f"   FAILED: {len(figures['problems'])} problem(s); first: {figures['problems'][0]}"
            )
        if best is None or figures["offers_per_s"] > best["offers_per_s"]:
            best = figures
    target = 20_000
    verdict = "meets" if best["offers_per_s"] >= target else "MISSES"
    print(f"best: {best['offers_per_s']:,.0f} offers matched/s, one core ({verdict} {target:,}/s)")
    if best["offers_per_s"] < target and os.environ.get("BENCH_STRICT") == "1":
        ok = False
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    raise SystemExit("run it with: .venv/bin/python benchmarks/run.py exchange_matching")
