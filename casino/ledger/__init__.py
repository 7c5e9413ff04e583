"""The one service that moves money. Every feature books through `transfer_create` or its helpers.

Rules kept here (DESIGN.md "Money"):
- a transfer is a set of legs (account, amount in minor units) summing to zero per currency;
- each transfer has an idempotency key: the same key again returns the first transfer and moves
  nothing; the same key with different legs is refused;
- wallets and escrow accounts are locked with SELECT ... FOR UPDATE in ascending id order (so two
  transfers can never wait on each other) and can never go below zero (also a CHECK constraint);
- house accounts are credited and debited on one of HOUSE_SHARDS balance rows picked at random,
  so many concurrent transfers into one house account do not queue on a single hot row.

Where to look:
- `casino.ledger.errors`: the refusals (`LedgerError` and its kinds);
- `casino.ledger.transfers`: `transfer_create`, the hot path, and its SQL;
- `casino.ledger.accounts`: finding, making and locking accounts, and balances;
- `casino.ledger.escrow`: stakes into escrow, pay-outs, commission, closing an escrow;
- `casino.ledger.cashier`: deposits and withdrawals."""

from __future__ import annotations

from casino.ledger.accounts import (
    FoundAccounts,
    accounts_find,
    balances_of,
    escrow_account,
    house_account,
    lock_accounts,
    wallet_balances,
    wallet_for,
)
from casino.ledger.cashier import cashier_deposit, cashier_withdraw
from casino.ledger.errors import (
    ClosedAccount,
    IdempotencyConflict,
    InsufficientFunds,
    LedgerError,
    UnbalancedTransfer,
)
from casino.ledger.escrow import commission_take, escrow_close, escrow_pay_out, stake_to_escrow
from casino.ledger.transfers import (
    ENTRIES_AS_ARRAYS,
    Leg,
    TransferResult,
    _announce_wallets,
    transfer_create,
)

__all__ = [
    "ClosedAccount",
    "ENTRIES_AS_ARRAYS",
    "FoundAccounts",
    "IdempotencyConflict",
    "InsufficientFunds",
    "LedgerError",
    "Leg",
    "TransferResult",
    "UnbalancedTransfer",
    "_announce_wallets",
    "accounts_find",
    "balances_of",
    "cashier_deposit",
    "cashier_withdraw",
    "commission_take",
    "escrow_account",
    "escrow_close",
    "escrow_pay_out",
    "house_account",
    "lock_accounts",
    "stake_to_escrow",
    "transfer_create",
    "wallet_balances",
    "wallet_for",
]
