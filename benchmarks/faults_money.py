"""Money killed mid-way (benchmarks/faults.py): a child booking ledger transfers, and a settlement
run in chunks, each killed at a random moment and checked after."""

from __future__ import annotations

import random
import signal
import time
import uuid

from benchmarks.faults_kit import (
    CURRENCY,
    FUNDS,
    Figures,
    balance,
    books_clean,
    child_output,
    kill_child_at_random,
    new_funded_player,
    start_child,
)

TRANSFER_AMOUNT = 100
SETTLE_BETS = 120
SETTLE_CHUNK = 10


def transfer_once(prefix: str, index: int, source_id: int, target_id: int) -> None:
    from casino import ledger
    from casino.models import Account, TransferKind

    source, target = Account.objects.get(pk=source_id), Account.objects.get(pk=target_id)
    ledger.transfer_create(
        idempotency_key=f"{prefix}-{index}",
        kind=TransferKind.TRANSFER,
        legs=[(source, -TRANSFER_AMOUNT), (target, TRANSFER_AMOUNT)],
        memo="faults",
    )


def book_transfers(prefix: str, source: int, target: int, announce: bool) -> None:
    """Book transfers prefix-0, prefix-1, ... until killed, or until SIGTERM (then the one in
    hand is finished first); "go" once the first is booked. A lost connection (its backend
    terminated) is retried with the same key on a fresh one."""
    from django.db import InterfaceError, OperationalError, close_old_connections, connection

    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    index = 0
    while not stopping:
        try:
            transfer_once(prefix, index, source, target)
        except (OperationalError, InterfaceError):
            connection.close()
            close_old_connections()
            continue
        if index == 0:
            print("go", flush=True)
        if announce:
            print(f"booked {index}", flush=True)
        index += 1


# --- transfers ----------------------------------------------------------------------------------


def run_transfers(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from casino import ledger
    from casino.models import Transfer

    while figures.kills < runs:
        figures.runs += 1
        payer, payee = new_funded_player("tr-a"), new_funded_player("tr-b")
        source = ledger.wallet_for(payer, CURRENCY).pk
        target = ledger.wallet_for(payee, CURRENCY).pk
        prefix = f"faults-tr-{uuid.uuid4().hex[:10]}"
        child = start_child(["transfer", prefix, str(source), str(target)], env)
        if not kill_child_at_random(child, rng, 1.0):
            figures.fail(f"run {figures.runs}: the transfer process ended by itself")
            continue
        figures.kills += 1
        booked = [0, *(int(word) for word in child_output(child) if word.isdigit())]
        sent = max(booked) + 2  # the key after the last answered one was maybe sent
        for index in range(sent):  # the client retries every key it is unsure of
            transfer_once(prefix, index, source, target)
        count = Transfer.objects.filter(idempotency_key__startswith=f"{prefix}-").count()
        expected = sent * TRANSFER_AMOUNT
        ok = (
            count == sent
            and balance(payer) == FUNDS - expected
            and balance(payee) == FUNDS + expected
        )
        if not ok:
            figures.fail(f"run {figures.runs}: {count} transfers for {sent} keys, or lost money")
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
            figures.notes["transfers"] += sent


# --- settlement ---------------------------------------------------------------------------------


def settlement_event(rng: random.Random):
    """An event with SETTLE_BETS open bets of a few players, finished, with its result."""
    from sportsbook.line.services import event_set_status
    from sportsbook.models import EventStatus
    from sportsbook.settlement.services import event_result_set
    from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates

    set_rates()
    event = make_event(odds="1.90")
    choices = [("1x2", "1"), ("1x2", "X"), ("1x2", "2"), ("total", "over"), ("total", "under")]
    players = [new_funded_player("sb") for _ in range(6)]
    for _ in range(SETTLE_BETS):
        kind, code = rng.choice(choices)
        stake = rng.randrange(200, 5_000)  # above the minimum stake (1.60 BYN)
        place(rng.choice(players), [outcome(event, kind, code)], stake=stake)
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(2, 1))
    return event, players


def run_settlements(figures: Figures, runs: int, rng: random.Random, env: dict[str, str]) -> None:
    from django.db.models import Sum

    from sportsbook.models import Bet, BetSettlement, BetStatus
    from sportsbook.settlement.runner import event_settle

    upto = 1.0
    while figures.kills < runs:
        figures.runs += 1
        event, players = settlement_event(rng)
        bets = Bet.objects.filter(legs__outcome__market__event=event).distinct()
        staked = bets.aggregate(s=Sum("stake"))["s"]
        started = time.monotonic()
        child = start_child(["settle", str(event.pk)], env)
        if not kill_child_at_random(child, rng, upto):
            upto = max(0.05, (time.monotonic() - started) * 0.9)  # it was faster: aim earlier
            child_output(child)
            figures.notes["finished before the kill"] += 1
            continue
        figures.kills += 1
        child_output(child)
        settled_before = bets.exclude(status=BetStatus.OPEN).count()
        event_settle(event_id=event.pk)  # the sweeper's next pass
        event_settle(event_id=event.pk)  # and another: nothing more
        open_left = bets.filter(status=BetStatus.OPEN).count()
        paid = bets.aggregate(p=Sum("payout"))["p"] or 0
        changes = BetSettlement.objects.filter(bet__in=bets).aggregate(
            now=Sum("payout"), before=Sum("previous_payout")
        )
        booked = (changes["now"] or 0) - (changes["before"] or 0)
        wallets = sum(balance(p) for p in players)
        expected = len(players) * FUNDS - staked + paid
        ok = open_left == 0 and booked == paid and wallets == expected
        if not ok:
            figures.fail(
                f"run {figures.runs}: open {open_left}, payouts {paid}, booked {booked}, "
                f"wallets {wallets} (expected {expected})"
            )
        if ok and books_clean(figures, figures.runs):
            figures.recoveries += 1
            figures.notes["bets settled before the kill"] += settled_before
