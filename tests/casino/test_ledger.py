"""The ledger service and its database guards (DESIGN.md "Money")."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction

from casino import ledger
from casino.books import books_check
from casino.models import (
    HOUSE_SHARDS,
    Account,
    Entry,
    HouseBalanceShard,
    HousePurpose,
    ImmutableLedgerError,
    Transfer,
    TransferKind,
)
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres

pytestmark = pytest.mark.django_db


def snapshot():
    return (
        Transfer.objects.count(),
        Entry.objects.count(),
        sorted(Account.objects.values_list("pk", "balance")),
        sorted(HouseBalanceShard.objects.values_list("pk", "balance")),
    )


@pytest.fixture
def funded(player):
    fund(player, 10_000)
    return player


def test_unbalanced_transfer_is_refused_and_nothing_changes(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:1", "BYN")
    before = snapshot()
    with pytest.raises(ledger.UnbalancedTransfer, match="does not balance in BYN"):
        ledger.transfer_create(
            idempotency_key="k1", kind=TransferKind.STAKE, legs=[(wallet, -100), (escrow, 90)]
        )
    assert snapshot() == before


def test_transfer_must_balance_per_currency_not_across_currencies(funded):
    fund(funded, 5_000, "USD")
    byn = ledger.wallet_for(funded, "BYN")
    usd = ledger.wallet_for(funded, "USD")
    with pytest.raises(ledger.UnbalancedTransfer):
        ledger.transfer_create(
            idempotency_key="fx", kind=TransferKind.TRANSFER, legs=[(byn, -100), (usd, 100)]
        )
    # Balanced in each currency separately is fine.
    result = ledger.transfer_create(
        idempotency_key="two-currencies",
        kind=TransferKind.STAKE,
        legs=[
            (byn, -100),
            (ledger.escrow_account("hand:2", "BYN"), 100),
            (usd, -50),
            (ledger.escrow_account("hand:2", "USD"), 50),
        ],
    )
    assert result.created
    assert_books_clean()


def test_zero_and_fractional_entries_are_refused(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:3", "BYN")
    with pytest.raises(ledger.UnbalancedTransfer, match="cannot be zero"):
        ledger.transfer_create(idempotency_key="z", kind="stake", legs=[(wallet, 0), (escrow, 0)])
    with pytest.raises(ledger.UnbalancedTransfer, match="whole numbers"):
        ledger.transfer_create(
            idempotency_key="f", kind="stake", legs=[(wallet, -1.5), (escrow, 1.5)]
        )


def test_overdraft_is_refused_with_a_clear_error_and_nothing_changes(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:4", "BYN")
    before = snapshot()
    with pytest.raises(ledger.InsufficientFunds) as refusal:
        ledger.transfer_create(
            idempotency_key="over", kind="stake", legs=[(wallet, -10_001), (escrow, 10_001)]
        )
    assert "100.01" in str(refusal.value) and "100.00" in str(refusal.value)
    assert snapshot() == before
    # The key was not used up by the refused attempt.
    ok = ledger.transfer_create(
        idempotency_key="over", kind="stake", legs=[(wallet, -10_000), (escrow, 10_000)]
    )
    assert ok.created


def test_the_same_idempotency_key_twice_moves_money_once(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:5", "BYN")
    legs = [(wallet, -300), (escrow, 300)]
    first = ledger.transfer_create(idempotency_key="once", kind="stake", legs=legs)
    again = ledger.transfer_create(idempotency_key="once", kind="stake", legs=legs)
    assert first.created and not again.created
    assert again.transfer.pk == first.transfer.pk
    wallet.refresh_from_db()
    assert wallet.balance == 10_000 - 300
    assert Transfer.objects.filter(idempotency_key="once").count() == 1
    assert_books_clean()


def test_the_same_key_with_other_amounts_is_refused_not_ignored(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:6", "BYN")
    ledger.transfer_create(idempotency_key="k", kind="stake", legs=[(wallet, -300), (escrow, 300)])
    before = snapshot()
    with pytest.raises(ledger.IdempotencyConflict):
        ledger.transfer_create(
            idempotency_key="k", kind="stake", legs=[(wallet, -900), (escrow, 900)]
        )
    assert snapshot() == before


def test_entries_and_transfers_cannot_be_changed_or_deleted_through_the_orm(funded):
    entry = Entry.objects.first()
    entry.amount = 1
    with pytest.raises(ImmutableLedgerError):
        entry.save()
    with pytest.raises(ImmutableLedgerError):
        entry.delete()
    with pytest.raises(ImmutableLedgerError):
        Entry.objects.filter(pk=entry.pk).update(amount=5)
    with pytest.raises(ImmutableLedgerError):
        Entry.objects.all().delete()
    with pytest.raises(ImmutableLedgerError):
        Transfer.objects.all().update(memo="changed")
    assert_books_clean()


def test_the_database_refuses_an_update_of_an_entry(funded):
    entry = Entry.objects.first()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE casino_entry SET amount = amount + 1 WHERE id = %s", [entry.pk])
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE casino_transfer SET memo = 'x' WHERE id = %s", [entry.transfer_id]
            )
    assert_books_clean()


@requires_postgres
def test_postgres_refuses_a_delete_of_an_entry_or_transfer(funded):
    entry = Entry.objects.first()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM casino_entry WHERE id = %s", [entry.pk])
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM casino_transfer WHERE id = %s", [entry.transfer_id])
    assert Entry.objects.filter(pk=entry.pk).exists()


@requires_postgres
def test_postgres_refuses_an_unbalanced_transfer_written_around_the_service(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        transfer = Transfer.objects.create(
            idempotency_key="raw", kind="stake", fingerprint="-", memo="around the service"
        )
        Entry.objects.bulk_create(
            [
                Entry(
                    transfer=transfer,
                    account=wallet,
                    currency="BYN",
                    amount=-5,
                    created_at=transfer.created_at,
                )
            ]
        )
    assert not Transfer.objects.filter(idempotency_key="raw").exists()


@requires_postgres
def test_postgres_refuses_an_entry_added_later_to_a_balanced_transfer(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    house = ledger.house_account("cashier", "BYN")
    booked = ledger.transfer_create(
        idempotency_key="balanced", kind="transfer", legs=[(wallet, -5), (house, 5)]
    ).transfer
    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        Entry.objects.bulk_create(
            [
                Entry(
                    transfer=booked,
                    account=wallet,
                    currency="BYN",
                    amount=-1,
                    created_at=booked.created_at,
                )
            ]
        )
    assert booked.entries.count() == 2


def test_the_database_refuses_an_entry_in_another_currency_than_its_account(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    with pytest.raises(IntegrityError), transaction.atomic():
        transfer = Transfer.objects.create(idempotency_key="cur", kind="stake", fingerprint="-")
        Entry.objects.bulk_create(
            [
                Entry(
                    transfer=transfer,
                    account=wallet,
                    currency="USD",
                    amount=5,
                    created_at=transfer.created_at,
                )
            ]
        )


def test_the_database_refuses_a_negative_wallet_or_escrow_balance(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(pk=wallet.pk).update(balance=-1)
    escrow = ledger.escrow_account("hand:7", "BYN")
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(pk=escrow.pk).update(balance=-1)
    # A house account may go below zero: the house pays winnings out of its bank.
    house = ledger.house_account(HousePurpose.TABLE, "BYN", "table:1")
    ledger.transfer_create(
        idempotency_key="house-pays",
        kind=TransferKind.PAYOUT,
        legs=[(house, -500), (wallet, 500)],
    )
    assert house.current_balance() == -500


def test_house_account_spreads_its_balance_over_shards(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    house = ledger.house_account(HousePurpose.TABLE, "BYN", "table:9")
    assert house.shards.count() == HOUSE_SHARDS
    for n in range(40):
        ledger.transfer_create(
            idempotency_key=f"h{n}", kind="stake", legs=[(wallet, -10), (house, 10)]
        )
    assert house.current_balance() == 400
    assert house.shards.exclude(balance=0).count() > 1
    house.refresh_from_db()
    assert house.balance == 0  # kept in the shards only
    entries = Entry.objects.filter(account=house)
    assert entries.count() == 40 and all(e.balance_after is None for e in entries)
    assert_books_clean()


def test_wallet_entries_carry_the_running_balance(funded):
    wallet = ledger.wallet_for(funded, "BYN")
    escrow = ledger.escrow_account("hand:8", "BYN")
    for n, amount in enumerate([100, 250, 50]):
        ledger.transfer_create(
            idempotency_key=f"r{n}", kind="stake", legs=[(wallet, -amount), (escrow, amount)]
        )
    running = list(
        Entry.objects.filter(account=wallet).order_by("pk").values_list("balance_after", flat=True)
    )
    assert running == [10_000, 9_900, 9_650, 9_600]


def test_a_player_vs_player_hand_settles_through_escrow_with_commission():
    """Two stakes to escrow; the winner gets the pot less 5 % commission; the escrow closes."""
    alice, bob = new_player(), new_player()
    fund(alice, 1_000)
    fund(bob, 1_000)
    for who in (alice, bob):
        ledger.stake_to_escrow(
            player=who,
            amount=500,
            currency="BYN",
            escrow_reference="hand:10",
            idempotency_key=f"stake:10:{who.pk}",
        )
    escrow = ledger.escrow_account("hand:10", "BYN")
    escrow.refresh_from_db()
    assert escrow.balance == 1_000
    commission = 50  # 5 % of 1,000
    ledger.commission_take(
        escrow_reference="hand:10", currency="BYN", amount=commission, idempotency_key="c:10"
    )
    ledger.escrow_pay_out(
        escrow_reference="hand:10", currency="BYN", payouts=[(alice, 950)], idempotency_key="p:10"
    )
    ledger.escrow_close(escrow_reference="hand:10", currency="BYN")
    assert ledger.balances_of(alice) == {"BYN": 1_450}
    assert ledger.balances_of(bob) == {"BYN": 500}
    assert ledger.house_account(HousePurpose.COMMISSION, "BYN").current_balance() == 50
    # A closed escrow takes no more money.
    with pytest.raises(ledger.ClosedAccount):
        ledger.stake_to_escrow(
            player=bob,
            amount=100,
            currency="BYN",
            escrow_reference="hand:10",
            idempotency_key="late",
        )
    assert_books_clean()


def test_escrow_cannot_close_while_it_holds_stakes(funded):
    ledger.stake_to_escrow(
        player=funded, amount=100, currency="BYN", escrow_reference="bet:1", idempotency_key="s1"
    )
    with pytest.raises(ledger.LedgerError, match="still holds 1.00"):
        ledger.escrow_close(escrow_reference="bet:1", currency="BYN")


def test_house_banked_payout_takes_the_difference_from_the_house(funded):
    ledger.stake_to_escrow(
        player=funded,
        amount=1_000,
        currency="BYN",
        escrow_reference="hand:20",
        idempotency_key="s20",
    )
    # Won 3:2 -> 2,500 back; the house table bank pays the 1,500 that escrow does not hold.
    ledger.escrow_pay_out(
        escrow_reference="hand:20",
        currency="BYN",
        payouts=[(funded, 2_500)],
        idempotency_key="p20",
        house_purpose=HousePurpose.TABLE,
        house_reference="table:3",
    )
    ledger.escrow_close(escrow_reference="hand:20", currency="BYN")
    assert ledger.balances_of(funded)["BYN"] == 11_500
    table = ledger.house_account(HousePurpose.TABLE, "BYN", "table:3")
    assert table.current_balance() == -1_500
    # A lost stake goes to the house in full.
    ledger.stake_to_escrow(
        player=funded,
        amount=700,
        currency="BYN",
        escrow_reference="hand:21",
        idempotency_key="s21",
    )
    ledger.escrow_pay_out(
        escrow_reference="hand:21",
        currency="BYN",
        payouts=[],
        idempotency_key="p21",
        house_purpose=HousePurpose.TABLE,
        house_reference="table:3",
    )
    ledger.escrow_close(escrow_reference="hand:21", currency="BYN")
    assert table.current_balance() == -800
    assert_books_clean()


def test_books_check_finds_a_tampered_balance_and_the_command_fails(funded, capsys):
    call_command("checkbooks")
    assert "BOOKS CLEAN" in capsys.readouterr().out
    wallet = ledger.wallet_for(funded, "BYN")
    Account.objects.filter(pk=wallet.pk).update(balance=wallet.balance + 1)
    report = books_check()
    assert not report.clean
    assert any("stores 10001 but its entries sum to 10000" in p for p in report.problems)
    with pytest.raises(CommandError, match="discrepancy"):
        call_command("checkbooks")
    assert "BOOKS WRONG" in capsys.readouterr().out


def test_books_check_finds_a_closed_escrow_that_is_not_empty(funded):
    ledger.stake_to_escrow(
        player=funded, amount=100, currency="BYN", escrow_reference="bet:2", idempotency_key="s2"
    )
    from django.utils import timezone

    Account.objects.filter(reference="bet:2").update(closed_at=timezone.now())
    report = books_check()
    assert any("closed but holds 1.00" in p for p in report.problems)


def test_with_rows_joins_only_a_claim_that_locks_accounts_on_postgresql():
    """`with_rows` rides on the statement that claims the key and locks wallets or escrow: a
    transfer between house accounts has no such statement (nor has SQLite), so it is refused
    before anything is written, rather than the caller's rows being silently dropped."""
    before = snapshot()
    legs = [
        (ledger.house_account(HousePurpose.CASHIER, "BYN"), -500),
        (ledger.house_account(HousePurpose.COMMISSION, "BYN"), 500),
    ]
    before = snapshot()
    with pytest.raises(ValueError, match="with_rows"):
        ledger.transfer_create(
            idempotency_key="house-with-rows",
            kind=TransferKind.TRANSFER,
            legs=legs,
            with_rows=('"noted" AS (SELECT 1)', []),
        )
    assert snapshot() == before


@pytest.mark.parametrize("returning", [True, False], ids=["insert-returning", "insert-then-read"])
def test_accounts_are_found_together_and_missing_escrows_created_once(
    player, monkeypatch, returning
):
    """ledger.accounts_find: wallets, escrows and house accounts in one read; escrows that do not
    exist yet are created (with RETURNING, or read back where the database lacks it)."""
    from django.db import connection

    wallet = ledger.wallet_for(player, "BYN")
    box = ledger.escrow_account("table:9:hand:1:box0", "BYN")
    commission = ledger.house_account(HousePurpose.COMMISSION, "BYN")
    # only accounts_find's own INSERT runs without RETURNING (the ORM's would need lastrowid)
    monkeypatch.setattr(connection.features, "can_return_columns_from_insert", returning)
    found = ledger.accounts_find(
        "BYN",
        owners=[player.pk],
        escrows=["table:9:hand:1:box0", "table:9:hand:1:box1", "table:9:hand:1:box2"],
        house=[(HousePurpose.COMMISSION, "")],
    )
    assert found.wallets[player.pk].pk == wallet.pk
    assert found.escrows["table:9:hand:1:box0"].pk == box.pk
    new = [found.escrows[f"table:9:hand:1:box{n}"] for n in (1, 2)]
    assert all(a.kind == "escrow" and a.balance == 0 and a.closed_at is None for a in new)
    again = ledger.accounts_find("BYN", escrows=["table:9:hand:1:box1", "table:9:hand:1:box2"])
    assert sorted(a.pk for a in again.escrows.values()) == sorted(a.pk for a in new)
    assert found.house[(HousePurpose.COMMISSION, "")].pk == commission.pk
