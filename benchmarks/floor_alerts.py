"""The floor's alerts (issue 17, part 4): what evaluating the hand rules costs a table.

Two seated players play Belarusian poker hands through the table services (`table_act`, the
actor's whole path: lock, engine, ledger, event log), each hand a bet and a pass, alternately
with the floor's listener subscribed ("with alerts": after each hand's transaction, its result
read from the ledger, kept, every hand rule evaluated) and unsubscribed (the baseline), in
alternating windows of BENCH_SECONDS so both see the same machine. Printed: hands per second
of each and their ratio; the strong hands the blind passes gave up (flagged, as they should be);
then one pass of the periodic checks (`floor_checks`) over BENCH_TABLES tables holding escrow
with a seat away at each, and one `books_job`, in milliseconds.

Checks (a failure fails the run): every hand played with alerts kept each player's result
(`HandMoney` rows = 2 per hand), none of the baseline's did, no alert but strong folds was
raised (an ordinary session), and the books are clean.
"""

from __future__ import annotations

import datetime as dt
import os
import time
import uuid

TABLES = int(os.environ.get("BENCH_TABLES", "50"))
FUNDS = 10**12


def _player(name: str):
    from casino import ledger
    from casino.models import Player

    player = Player.objects.create_user(username=f"{name}-{uuid.uuid4().hex[:8]}", password="x")
    ledger.cashier_deposit(
        player=player, amount=FUNDS, currency="BYN", idempotency_key=f"bench:{uuid.uuid4()}"
    )
    return player


def _table(players: int = 2):
    from tables import services
    from tables.models import Table

    table = Table.objects.create(
        name=f"bench {uuid.uuid4().hex[:6]}",
        game="belarusian_poker",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 5_000,
            "unit": 1,
            "action_seconds": 3600,
            "start_seconds": 0,  # no filling window (tables.starts): dealt as they sit
        },
    )
    people = [_player("floor") for _ in range(players)]
    for person in people:
        services.table_sit(table_id=table.pk, player=person, connected=True)
    return table, people


def _hand(table, by_seat) -> None:
    """One hand: whoever acts first bets 500, the other passes."""
    from tables import services
    from tables.games.belarusian_poker import engine as belarusian_poker

    table.refresh_from_db()
    number = table.hand_number
    while True:
        table.refresh_from_db()
        if table.hand_number != number:
            return
        (position,) = belarusian_poker.to_act(table.state)
        paid = table.state["paid"].get(str(position), 0)
        opening = paid == table.state["level"]  # nobody has bet yet
        action = {"type": "bet", "amount": 500} if opening else {"type": "pass"}
        services.table_act(table_id=table.pk, player=by_seat[position], action=action)


def _window(table, by_seat, seconds: float) -> tuple[int, float, list[int]]:
    from tables.models import Hand

    first = Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True)[0]
    played, start = 0, time.perf_counter()
    while time.perf_counter() < start + seconds:
        _hand(table, by_seat)
        played += 1
    elapsed = time.perf_counter() - start
    hands = list(
        Hand.objects.filter(table=table, number__gte=first, number__lt=first + played).values_list(
            "pk", flat=True
        )
    )
    return played, elapsed, hands


def run(context) -> bool:
    from django.conf import settings

    import benchmarks as common
    from casino.books import books_check
    from floor import alerts
    from floor.models import Alert, AlertKind, AlertRule, HandMoney
    from tables import listeners, services
    from tables.models import Seat

    # the listener's cost is measured where it runs: inline, on the thread that committed (a
    # server on PostgreSQL runs it on a thread of its own, tables/listeners.py)
    settings.AFTER_TABLE_THREAD = False
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    AlertRule.objects.all().delete()  # the defaults (a database kept from an earlier run)
    alerts.ensure_rules()
    started = dt.datetime.now(dt.UTC)
    spent: list[float] = []

    def timed_listener(news):
        start = time.perf_counter()
        alerts.after_hands(news)
        if any(item.hand_over for item in news):
            spent.append(time.perf_counter() - start)

    table, _people = _table()
    by_seat = {
        s.position: s.player for s in Seat.objects.filter(table=table).select_related("player")
    }
    ok = True
    for _warm in range(5):
        _hand(table, by_seat)
    rates = {"with alerts": [], "baseline": []}
    kept = {"with alerts": [], "baseline": []}
    for round_no in range(1, 2 * context.repeat + 1):
        for name in ("baseline", "with alerts") if round_no % 2 else ("with alerts", "baseline"):
            if name == "baseline":
                listeners.unsubscribe_after("floor alerts")
            else:
                listeners.subscribe_after("floor alerts", timed_listener)
            played, elapsed, hands = _window(table, by_seat, context.seconds)
            rates[name].append(played / elapsed)
            kept[name] += hands
            print(
                f"{name:>12}: {played} hands in {elapsed:.1f} s -> {played / elapsed:,.1f} hands/s"
            )
    listeners.subscribe_after("floor alerts", alerts.after_hands)
    best = {name: max(values) for name, values in rates.items()}
    print(
        f"hands/s with the alerts / without: {best['with alerts']:,.1f} / {best['baseline']:,.1f}"
        f" = {best['with alerts'] / best['baseline']:.2f}"
    )
    spent.sort()
    print(
        f"the alerts of one hand (the listener at a hand's end): median "
        f"{spent[len(spent) // 2] * 1000:.1f} ms, slowest {spent[-1] * 1000:.1f} ms; a hand "
        f"here (a bet, a pass, the next deal) took {1000 / best['baseline']:.0f} ms without"
    )
    rows_with = HandMoney.objects.filter(hand__in=kept["with alerts"]).count()
    rows_without = HandMoney.objects.filter(hand__in=kept["baseline"]).count()
    if rows_with != 2 * len(kept["with alerts"]) or rows_without:
        print(f"MISMATCH: results kept {rows_with} (with) and {rows_without} (baseline)")
        ok = False

    # the periodic checks over many tables holding escrow, a seat away at each
    now = dt.datetime.now(dt.UTC)
    for _n in range(TABLES):
        other, (away, _stays) = _table()
        services.table_presence(table_id=other.pk, player=away, change="disconnect", now=now)
    start = time.perf_counter()
    alerts.floor_checks(now + dt.timedelta(minutes=5))  # nobody away long enough yet
    checks = time.perf_counter() - start
    start = time.perf_counter()
    alerts.books_job(force=True)
    books = time.perf_counter() - start
    print(
        f"floor_checks over {TABLES + 1} tables holding escrow: {checks * 1000:,.0f} ms; "
        f"books_job: {books * 1000:,.0f} ms"
    )
    # the benchmark passes whatever it holds: a strong hand given up is rightly flagged
    raised = Alert.objects.filter(raised_at__gte=started)
    folds = raised.filter(kind=AlertKind.STRONG_FOLD).count()
    played = len(kept["with alerts"])
    print(f"strong hands given up, flagged: {folds} in {played} hands played with alerts")
    if raised.exclude(kind=AlertKind.STRONG_FOLD).exists():
        print(f"MISMATCH: an ordinary session raised {raised.count() - folds} alert(s)")
        ok = False
    report = books_check()
    if not report.clean:
        print(report.text())
        ok = False
    print(f"load average after: {common.load_average()}")
    return ok
