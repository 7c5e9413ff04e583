"""The floor's sportsbook liability tab (issue 17 §1): what its live feed costs the bet's hot path,
and what one live update costs each pit boss's socket.

1. Hot path: `bet_place` in one process, called from a running asyncio loop's worker thread as in
   Daphne (so the after-commit group send is handed to the loop, not waited for), on the
   production channel layer (Redis pub/sub at BENCH_REDIS_URL, default redis://127.0.0.1:6379/3;
   the in-memory layer with a listener joined if Redis is unreachable). Rounds alternate between
   the service as it is (one `floor.liability` group send per commit) and the same service with
   the announcement switched off; printed: bets/s of each and their ratio (the feed's cost).
2. A live update: with the bets of (1) open on LINE_EVENTS events (singles and expresses of 3),
   `event_liabilities([one event])` (what each socket reads per frame) and `event_liabilities()`
   (a (re)connect's whole list), each timed over repeats and printed in ms and as a ratio to one
   `bet_place` of the same run. Check: the stakes the selector counts equal the singles' stakes
   plus three times the expresses' (an express counts on each of its events).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid

from benchmarks.sportsbook_bets_line import _event, _new_player, _set_rates

CURRENCY = "BYN"
LINE_EVENTS = 50
ROUNDS = 6  # alternating rounds per variant
EXPRESS_SHARE = 0.2
READ_REPEATS = 20
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3")


def _use_production_layer() -> str:
    """The channel layer the bench's sends go through; returns its description."""
    from channels.layers import channel_layers

    from casino.layers import BatchedRedisPubSubLayer, LocalChannelLayer
    from sportsbook.betting.services import LIABILITY_GROUP

    try:
        import redis

        redis.Redis.from_url(REDIS_URL).ping()
    except Exception as error:  # unreachable: a listener on the in-memory layer instead
        layer = LocalChannelLayer()
        channel_layers.set("default", layer)

        async def join():
            await layer.group_add(LIABILITY_GROUP, await layer.new_channel())

        asyncio.run(join())
        return f"in-memory, one listener (Redis unreachable: {error})"
    channel_layers.set("default", BatchedRedisPubSubLayer(hosts=[REDIS_URL]))
    return f"Redis pub/sub at {REDIS_URL}"


def _line():
    events = [
        _event(f"liability-{uuid.uuid4().hex[:6]}-{n}", [("1x2", {}), ("total", {"line": "2.5"})])
        for n in range(LINE_EVENTS)
    ]
    from sportsbook.models import Outcome

    by_event = {}
    for outcome in Outcome.objects.filter(market__event__in=events).order_by("pk"):
        by_event.setdefault(outcome.market.event_id, []).append((outcome.pk, outcome.odds))
    return by_event


def _placer(player, by_event, rng, totals):
    from sportsbook.betting.services import Selection, bet_place
    from sportsbook.models import BetKind

    events = list(by_event)

    def place():
        express = rng.random() < EXPRESS_SHARE
        picks = [rng.choice(by_event[e]) for e in rng.sample(events, 3 if express else 1)]
        stake = rng.randint(200, 2_000)
        bet_place(
            player=player,
            kind=BetKind.EXPRESS if express else BetKind.SINGLE,
            selections=[Selection(pk, odds) for pk, odds in picks],
            stake=stake,
            currency=CURRENCY,
            idempotency_key=uuid.uuid4().hex,
        )
        totals["counted"] += stake * (3 if express else 1)

    return place


def _rounds(place, seconds: float) -> dict[str, tuple[int, float]]:
    """Alternating rounds with the announcement on and off: (bets, seconds) of each."""
    from asgiref.sync import sync_to_async

    from sportsbook.betting import services

    announce = services.announce_liability
    done = {"with the live feed": [0, 0.0], "feed switched off": [0, 0.0]}

    def one_round(name: str, length: float):
        services.announce_liability = announce if name == "with the live feed" else (lambda e: None)
        try:
            started = time.perf_counter()
            while time.perf_counter() - started < length:
                place()
                done[name][0] += 1
            done[name][1] += time.perf_counter() - started
        finally:
            services.announce_liability = announce

    async def main():
        for number in range(ROUNDS * 2):
            name = list(done)[number % 2]
            await sync_to_async(one_round, thread_sensitive=False)(name, seconds / ROUNDS)
        await asyncio.sleep(0.2)  # the last sends leave before the loop closes

    asyncio.run(main())
    return {name: (bets, spent) for name, (bets, spent) in done.items()}


def _timed(function, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - started)
    return best


def run(context) -> bool:
    from casino import ledger
    from sportsbook.trading.liability import event_liabilities

    _set_rates()
    print(f"channel layer: {_use_production_layer()}")
    player = _new_player(f"liability-bench-{uuid.uuid4().hex[:6]}")
    ledger.cashier_deposit(
        player=player,
        amount=10**12,
        currency=CURRENCY,
        idempotency_key=f"liability-bench:{player.pk}",
        memo="benchmark funds",
    )
    by_event = _line()
    totals = {"counted": 0}
    place = _placer(player, by_event, random.Random(17), totals)
    for _ in range(50):  # warm-up
        place()
    seconds = max(context.seconds, 2.0) * 2
    measured = _rounds(place, seconds)
    rates = {name: bets / spent for name, (bets, spent) in measured.items()}
    for name, rate in rates.items():
        print(f"bet_place {name:>20}: {rate:8.1f} bets/s ({measured[name][0]} bets)")
    ratio = rates["with the live feed"] / rates["feed switched off"]
    print(f"hot path with the feed / without: {ratio:.3f}")

    bets = sum(b for b, _s in measured.values()) + 50
    if context.vendor == "postgresql":
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # as autovacuum would have by now: the plans of production
    one_bet = 1 / rates["feed switched off"]
    some_event = next(iter(by_event))
    one = _timed(lambda: event_liabilities([some_event]), READ_REPEATS)
    whole = _timed(event_liabilities, max(3, READ_REPEATS // 4))
    print(f"{bets} open bets on {LINE_EVENTS} events")
    for label, spent in (
        ("one event's rows (a live frame)", one),
        ("the whole list (a reconnect)", whole),
    ):
        print(f"{label:>32}: {spent * 1000:7.2f} ms = {spent / one_bet:.2f} bet_place")

    listed = sum(c.stakes for e in event_liabilities() for c in e.currencies)
    ok = listed == totals["counted"]
    print(f"check: stakes counted {listed} == singles + 3 x expresses {totals['counted']}: {ok}")
    return ok
