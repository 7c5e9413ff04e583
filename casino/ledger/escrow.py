"""The helpers every game and the sportsbook use: a stake into escrow, pay-outs from it, the
house's commission and closing an escrow."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.currencies import format_amount
from casino.ledger.accounts import escrow_account, house_account, lock_accounts, wallet_for
from casino.ledger.errors import LedgerError
from casino.ledger.transfers import Leg, TransferResult, _existing, transfer_create
from casino.models import (
    Account,
    AccountKind,
    HousePurpose,
    Player,
    Transfer,
    TransferKind,
)

# --- helpers every game and the sportsbook use ---------------------------------------------


def stake_to_escrow(
    *,
    player: Player,
    amount: int,
    currency: str,
    escrow_reference: str,
    idempotency_key: str,
    memo: str = "",
) -> TransferResult:
    """Move a player's stake from their wallet into the escrow of a hand or bet, after the
    responsible-gaming check. The wallet is locked first so two stakes cannot both pass a limit."""
    from casino.limits import check_can_stake

    if amount <= 0:
        raise LedgerError(_("A stake must be more than zero."))
    with transaction.atomic():
        wallet = wallet_for(player, currency)
        if Transfer.objects.filter(idempotency_key=idempotency_key).exists():
            return _existing(
                idempotency_key,
                TransferKind.STAKE,
                [(wallet, -amount), (escrow_account(escrow_reference, currency), amount)],
            )
        escrow = escrow_account(escrow_reference, currency)
        lock_accounts([wallet, escrow])
        check_can_stake(player, amount, currency)
        return transfer_create(
            idempotency_key=idempotency_key,
            kind=TransferKind.STAKE,
            legs=[(wallet, -amount), (escrow, amount)],
            memo=memo,
            reference=escrow_reference,
        )


def escrow_pay_out(
    *,
    escrow_reference: str,
    currency: str,
    payouts: list[tuple[Player, int]],
    idempotency_key: str,
    house_purpose: str = "",
    house_reference: str = "",
    kind: str = TransferKind.PAYOUT,
    memo: str = "",
) -> TransferResult:
    """Pay players out of an escrow. If the payouts exceed what the escrow holds (a house-banked
    win), the difference comes from the named house account; if they are less, the rest goes to
    it. Without a house account the payouts must come from the escrow alone."""
    escrow = escrow_account(escrow_reference, currency)
    legs: list[Leg] = []
    total = 0
    for player, amount in payouts:
        if amount < 0:
            raise LedgerError(_("A payout cannot be negative."))
        if amount:
            legs.append((wallet_for(player, currency), amount))
            total += amount
    if total:
        legs.append((escrow, -total))
    if house_purpose:
        with transaction.atomic():
            held = lock_accounts([escrow, *(account for account, _amount in legs)])[
                escrow.pk
            ].balance
            difference = held - total
            if difference:
                house = house_account(house_purpose, currency, house_reference)
                legs = [leg for leg in legs if leg[0].pk != escrow.pk]
                legs.append((house, difference))
                legs.append((escrow, -held))
            return transfer_create(
                idempotency_key=idempotency_key,
                kind=kind,
                legs=legs,
                memo=memo,
                reference=escrow_reference,
            )
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=kind,
        legs=legs,
        memo=memo,
        reference=escrow_reference,
    )


def commission_take(
    *,
    escrow_reference: str,
    currency: str,
    amount: int,
    idempotency_key: str,
    memo: str = "",
) -> TransferResult:
    """Book the casino's commission out of an escrow into the commission account."""
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=TransferKind.COMMISSION,
        legs=[
            (escrow_account(escrow_reference, currency), -amount),
            (house_account(HousePurpose.COMMISSION, currency), amount),
        ],
        memo=memo,
        reference=escrow_reference,
    )


def escrow_close(*, escrow_reference: str, currency: str) -> Account:
    """Mark the escrow of a finished hand or bet closed; it must be empty. Idempotent."""
    with transaction.atomic():
        escrow = Account.objects.select_for_update().get(
            kind=AccountKind.ESCROW, reference=escrow_reference, currency=currency
        )
        if escrow.balance != 0:
            raise LedgerError(
                _("The escrow still holds %(amount)s; pay it out before closing.")
                % {"amount": format_amount(escrow.balance, currency)}
            )
        if escrow.closed_at is None:
            escrow.closed_at = timezone.now()
            escrow.save(update_fields=["closed_at"])
        return escrow
