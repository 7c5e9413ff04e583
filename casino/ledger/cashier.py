"""The cashier: a player's deposits and withdrawals."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from casino import roles
from casino.ledger.accounts import house_account, lock_accounts, wallet_for
from casino.ledger.errors import LedgerError
from casino.ledger.transfers import TransferResult, _existing, transfer_create
from casino.models import (
    HousePurpose,
    Player,
    Transfer,
    TransferKind,
)

# --- cashier ---------------------------------------------------------------------------------


def cashier_deposit(
    *,
    player: Player,
    amount: int,
    currency: str,
    idempotency_key: str,
    memo: str = "",
    staff: Player | None = None,
    play_money: bool = False,
) -> TransferResult:
    """Money into a player's wallet: a staff deposit (from the cashier account) or, in demo mode,
    play money (from the demo bank). The daily deposit limit applies to both. A staff member
    needs the cashier's permission (casino.roles)."""
    from casino.limits import check_can_deposit

    roles.require(staff, roles.CASH_DESK)
    if amount <= 0:
        raise LedgerError(_("The amount must be more than zero."))
    source = HousePurpose.DEMO_BANK if play_money else HousePurpose.CASHIER
    kind = TransferKind.TOPUP if play_money else TransferKind.DEPOSIT
    with transaction.atomic():
        wallet = wallet_for(player, currency)
        house = house_account(source, currency)
        legs = [(house, -amount), (wallet, amount)]
        if Transfer.objects.filter(idempotency_key=idempotency_key).exists():
            return _existing(idempotency_key, kind, legs)
        lock_accounts([wallet])
        check_can_deposit(player, amount, currency)
        return transfer_create(
            idempotency_key=idempotency_key, kind=kind, legs=legs, memo=memo, created_by=staff
        )


def cashier_withdraw(
    *,
    player: Player,
    amount: int,
    currency: str,
    idempotency_key: str,
    memo: str,
    staff: Player | None = None,
) -> TransferResult:
    roles.require(staff, roles.CASH_DESK)
    if amount <= 0:
        raise LedgerError(_("The amount must be more than zero."))
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=TransferKind.WITHDRAWAL,
        legs=[
            (wallet_for(player, currency), -amount),
            (house_account(HousePurpose.CASHIER, currency), amount),
        ],
        memo=memo,
        created_by=staff,
    )
