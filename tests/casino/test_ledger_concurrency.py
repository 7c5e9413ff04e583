"""The ledger under real concurrency, on PostgreSQL (row locks in a fixed order, CHECKs)."""

import random
import threading
import time
import uuid

import pytest
from django.db import connection, connections

from casino import ledger
from casino.models import Account, Transfer, TransferKind
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]


def run_threads(count: int, target) -> list[BaseException]:
    errors: list[BaseException] = []
    lock = threading.Lock()

    def body(n: int) -> None:
        try:
            target(n)
        except BaseException as error:  # noqa: BLE001 - every error is a finding here
            with lock:
                errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=body, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_16_threads_of_random_transfers_among_10_accounts_keep_the_books():
    players = [new_player() for _ in range(10)]
    for player in players:
        fund(player, 50_000)
    wallets = [ledger.wallet_for(p, "BYN") for p in players]
    total_before = sum(
        Account.objects.filter(pk__in=[w.pk for w in wallets]).values_list("balance", flat=True)
    )
    stop_at = time.monotonic() + 4.0
    booked = [0] * 16
    refused = [0] * 16

    def worker(n: int) -> None:
        rng = random.Random(n)
        while time.monotonic() < stop_at:
            payer, payee = rng.sample(wallets, 2)
            amount = rng.randint(1, 20_000)
            try:
                ledger.transfer_create(
                    idempotency_key=f"race:{uuid.uuid4()}",
                    kind=TransferKind.TRANSFER,
                    legs=[(payer, -amount), (payee, amount)],
                )
                booked[n] += 1
            except ledger.InsufficientFunds:
                refused[n] += 1

    errors = run_threads(16, worker)
    assert errors == []  # no deadlock, no serialization failure, nothing unexpected
    assert sum(booked) > 100
    total_after = sum(
        Account.objects.filter(pk__in=[w.pk for w in wallets]).values_list("balance", flat=True)
    )
    assert total_after == total_before
    assert Transfer.objects.filter(kind=TransferKind.TRANSFER).count() == sum(booked)
    assert_books_clean()


def test_50_threads_withdrawing_the_whole_balance_exactly_one_succeeds():
    player = new_player()
    fund(player, 77_700)
    start = threading.Barrier(50)
    outcomes: list[str] = []
    lock = threading.Lock()

    def withdraw(n: int) -> None:
        start.wait()
        try:
            ledger.cashier_withdraw(
                player=player,
                amount=77_700,
                currency="BYN",
                idempotency_key=f"withdraw-all:{n}",
                memo="cash out",
            )
            outcome = "ok"
        except ledger.InsufficientFunds:
            outcome = "refused"
        with lock:
            outcomes.append(outcome)

    errors = run_threads(50, withdraw)
    assert errors == []
    assert outcomes.count("ok") == 1
    assert outcomes.count("refused") == 49
    assert ledger.balances_of(player) == {"BYN": 0}
    assert Transfer.objects.filter(kind=TransferKind.WITHDRAWAL).count() == 1
    assert_books_clean()


def test_the_same_idempotency_key_from_20_threads_at_once_books_once():
    player = new_player()
    fund(player, 10_000)
    start = threading.Barrier(20)
    created: list[bool] = []

    def retry(n: int) -> None:
        start.wait()
        result = ledger.stake_to_escrow(
            player=player,
            amount=2_500,
            currency="BYN",
            escrow_reference="hand:race",
            idempotency_key="double-click",
        )
        created.append(result.created)

    errors = run_threads(20, retry)
    assert errors == []
    assert created.count(True) == 1 and len(created) == 20
    assert ledger.balances_of(player) == {"BYN": 7_500}
    assert_books_clean()


def test_concurrent_stakes_cannot_overdraw_a_wallet():
    player = new_player()
    fund(player, 10_000)
    start = threading.Barrier(12)
    accepted: list[int] = []

    def stake(n: int) -> None:
        start.wait()
        try:
            ledger.stake_to_escrow(
                player=player,
                amount=1_500,
                currency="BYN",
                escrow_reference=f"bet:c{n}",
                idempotency_key=f"stake:c{n}",
            )
            accepted.append(n)
        except ledger.InsufficientFunds:
            pass

    errors = run_threads(12, stake)
    assert errors == []
    assert len(accepted) == 6  # 6 x 15.00 fit in 100.00, the 7th does not
    assert ledger.balances_of(player) == {"BYN": 1_000}
    assert connection.vendor == "postgresql"
    assert_books_clean()
