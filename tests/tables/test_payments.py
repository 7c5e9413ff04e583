"""Payments between any parties of a table, booked by the actor in the ledger: stakes into named
pots, pots paying seats and the house, the house bank paying and collecting (house-banked
games), a seat paying a seat (a bank sold), each once per table version."""

import pytest
from django.db import IntegrityError, transaction

from casino import ledger
from casino.models import HousePurpose
from tables import payments
from tables.engines.base import HOUSE_BANK, Payment, house, pot, seat
from tables.models import Seat, Table
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_with_three(db):
    table = Table.objects.create(name="Payments", game="durak", currency="BYN", settings={})
    players = [new_player() for _ in range(3)]
    seats = {}
    for position, player in enumerate(players):
        fund(player, 10_000)
        seats[position] = Seat.objects.create(table=table, player=player, position=position)
    return table, seats, players


def wallets(players):
    return [ledger.balances_of(p).get("BYN", 0) for p in players]


def book(table, seats, *moves):
    table.version += 1
    events = [
        Payment(source, target, amount, reason).as_event()
        for source, target, amount, reason in moves
    ]
    payments.book(table, seats, "hand:1", events)


def test_every_route_books_between_the_right_accounts(table_with_three):
    table, seats, players = table_with_three
    bank = ledger.house_account(HousePurpose.TABLE, "BYN", f"table:{table.pk}")
    book(
        table,
        seats,
        (seat(0), pot(), 100, "ante"),
        (seat(1), pot(), 100, "ante"),
        (seat(1), pot("box1"), 500, "bet"),
        (seat(2), pot("box2"), 300, "bet"),
    )
    main = ledger.escrow_account(f"table:{table.pk}:hand:1", "BYN")
    box1 = ledger.escrow_account(f"table:{table.pk}:hand:1:box1", "BYN")
    assert (main.balance, box1.balance) == (200, 500)
    book(
        table,
        seats,
        (HOUSE_BANK, seat(1), 500, "bet won 1:1"),  # the house bank pays a winner
        (pot("box1"), seat(1), 500, "bet returned"),
        (pot("box2"), HOUSE_BANK, 300, "bet lost"),  # ... and collects a loser's box
        (pot(), house("commission"), 10, "commission"),
        (pot(), seat(0), 190, "ante pot won"),
        (seat(2), seat(0), 1_000, "bank sold"),  # seat to seat
        (seat(1), HOUSE_BANK, 50, "insurance"),  # a stake straight to the house bank
    )
    assert wallets(players) == [10_000 - 100 + 190 + 1_000, 10_000 - 100 + 500 - 50, 8_700]
    assert bank.current_balance() == -500 + 300 + 50
    assert ledger.house_account(HousePurpose.COMMISSION, "BYN").current_balance() >= 10
    payments.close_escrows(table, "hand:1")
    for reference in (f"table:{table.pk}:hand:1", f"table:{table.pk}:hand:1:box1"):
        assert ledger.escrow_account(reference, "BYN").closed_at is not None
    assert_books_clean()


def test_a_payment_is_booked_once_per_table_version(table_with_three):
    table, seats, players = table_with_three
    events = [Payment(seat(0), seat(1), 700, "bank sold").as_event()]
    table.version = 5
    payments.book(table, seats, "hand:1", events)
    # a second booking of the same version (the actor never makes one: its transaction holds
    # the table's lock) fails on the transfer's key and books nothing
    with pytest.raises(IntegrityError), transaction.atomic():
        payments.book(table, seats, "hand:1", events)
    assert wallets(players)[:2] == [9_300, 10_700]


def test_a_payment_the_ledger_refuses_is_a_sentence_for_the_player(table_with_three):
    table, seats, players = table_with_three
    # each in a transaction of its own, as the actor's change is: a refusal rolls it back
    with pytest.raises(payments.PaymentRefused), transaction.atomic():
        book(table, seats, (seat(0), seat(1), 50_000, "bank sold"))
    with pytest.raises(ValueError, match="where nobody sits"), transaction.atomic():
        book(table, seats, (pot(), seat(5), 10, "payout"))
    assert wallets(players) == [10_000, 10_000, 10_000]


def test_an_escrow_left_holding_money_is_not_closed(table_with_three, caplog):
    table, seats, _players = table_with_three
    book(table, seats, (seat(0), pot("side"), 100, "bet"))
    payments.close_escrows(table, "hand:1")
    assert ledger.escrow_account(f"table:{table.pk}:hand:1:side", "BYN").closed_at is None
    assert "ends its scope holding 100" in caplog.text
