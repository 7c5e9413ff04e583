"""Booking an engine's payments in the ledger, in the actor's transaction (DESIGN.md "Money").

Parties are typed (``tables.engines.base.Party``): a seat's player's wallet, one of the hand's
pots (each its own escrow account), a house account of the table by purpose, and the house bank
of a house-banked game. Any party may pay any other: a stake into a pot, a pot paying a seat or
the house, the house bank paying a winner, a seat paying a seat (a bank sold), a seat paying the
house bank directly. Every transfer's idempotency key derives from the table's version, which is
unique, so a retried transaction can never book twice.
"""

from __future__ import annotations

import logging

from casino import ledger, limits
from casino.models import Account, AccountKind, HousePurpose, TransferKind
from tables.engines.base import BANK, HOUSE, MAIN_POT, POT, SEAT, Party, payments
from tables.models import Seat, Table

log = logging.getLogger(__name__)


class PaymentRefused(Exception):
    """The ledger refused a payment (a balance too small, a limit); str() is for the player."""


def escrow_reference(table: Table, escrow_key: str, pot_name: str = MAIN_POT) -> str:
    """The escrow account of one pot of a hand (or of a match, a bank: whatever the engine's
    escrow key spans). The main pot keeps the reference tables have always used."""
    base = f"table:{table.pk}:{escrow_key}"
    return base if pot_name == MAIN_POT else f"{base}:{pot_name}"


def book(table: Table, seats: dict[int, Seat], escrow_key: str, events: list[dict]) -> None:
    """Book every payment among `events`, in order, for the table's current version."""
    for index, payment in enumerate(payments(events)):
        key = f"table:{table.pk}:v{table.version}:pay{index}"
        source, target = Party.parse(payment.source), Party.parse(payment.target)
        memo = f"{table.name}: {payment.reason}"
        try:
            _book_one(
                table,
                seats,
                escrow_key,
                source,
                target,
                payment.amount,
                key,
                memo,
                refund=payment.reason == "void",
            )
        except (ledger.LedgerError, limits.StakeRefused) as refusal:
            raise PaymentRefused(str(refusal)) from refusal


def _book_one(table, seats, escrow_key, source, target, amount, key, memo, *, refund) -> None:
    if amount <= 0 or not isinstance(amount, int):
        raise ValueError(f"a payment is a positive whole amount, not {amount!r}")
    currency = table.currency
    if source.kind == SEAT and target.kind == POT:
        ledger.stake_to_escrow(
            player=_player(seats, source),
            amount=amount,
            currency=currency,
            escrow_reference=escrow_reference(table, escrow_key, target.key),
            idempotency_key=key,
            memo=memo,
        )
        return
    if source.kind == POT and target.kind == SEAT:
        ledger.escrow_pay_out(
            escrow_reference=escrow_reference(table, escrow_key, source.key),
            currency=currency,
            payouts=[(_player(seats, target), amount)],
            idempotency_key=key,
            kind=TransferKind.REFUND if refund else TransferKind.PAYOUT,
            memo=memo,
        )
        return
    if source.kind == POT and target == Party(HOUSE, HousePurpose.COMMISSION):
        ledger.commission_take(
            escrow_reference=escrow_reference(table, escrow_key, source.key),
            currency=currency,
            amount=amount,
            idempotency_key=key,
            memo=memo,
        )
        return
    under_lock = None
    if source.kind == SEAT:
        payer = _player(seats, source)
        kind = TransferKind.TRANSFER if target.kind == SEAT else TransferKind.STAKE
        if kind == TransferKind.STAKE:  # a stake straight to the house: the same limits

            def under_lock():
                limits.check_can_stake(payer, amount, currency)
    elif target.kind == SEAT:
        kind = TransferKind.REFUND if refund else TransferKind.PAYOUT
    else:
        kind = TransferKind.PAYOUT
    ledger.transfer_create(
        idempotency_key=key,
        kind=kind,
        legs=[
            (_account(table, seats, escrow_key, source), -amount),
            (_account(table, seats, escrow_key, target), amount),
        ],
        memo=memo,
        reference=escrow_reference(table, escrow_key),
        under_lock=under_lock,
    )


def _player(seats: dict[int, Seat], party: Party):
    seat = seats.get(party.key)
    if seat is None:
        raise ValueError(f"a payment names seat {party.key}, where nobody sits")
    return seat.player


def _account(table: Table, seats: dict[int, Seat], escrow_key: str, party: Party) -> Account:
    if party.kind == SEAT:
        return ledger.wallet_for(_player(seats, party), table.currency)
    if party.kind == POT:
        return ledger.escrow_account(escrow_reference(table, escrow_key, party.key), table.currency)
    if party.kind == BANK:
        return ledger.house_account(HousePurpose.TABLE, table.currency, f"table:{table.pk}")
    return ledger.house_account(party.key, table.currency, f"table:{table.pk}")


def close_escrows(table: Table, escrow_key: str) -> None:
    """Close the pots of an escrow scope that is over (every pot empty). A pot the engine left
    holding money stays open, and the books check reports nothing closed with money in it; the
    error is logged for staff."""
    base = escrow_reference(table, escrow_key)
    pots = Account.objects.filter(
        kind=AccountKind.ESCROW, currency=table.currency, closed_at__isnull=True
    ).filter(reference__in=[base]) | Account.objects.filter(
        kind=AccountKind.ESCROW,
        currency=table.currency,
        closed_at__isnull=True,
        reference__startswith=f"{base}:",
    )
    for account in pots:
        if account.balance == 0:
            ledger.escrow_close(escrow_reference=account.reference, currency=table.currency)
        else:
            log.error(
                "table %s: escrow %s ends its scope holding %s",
                table.pk,
                account.reference,
                account.balance,
            )
