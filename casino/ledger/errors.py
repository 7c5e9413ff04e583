"""The ledger's refusals: `LedgerError` (its message is fit to show) and its kinds."""

from __future__ import annotations


class LedgerError(Exception):
    """A transfer that cannot be booked; the message is fit to show to the user."""


class UnbalancedTransfer(LedgerError):
    pass


class InsufficientFunds(LedgerError):
    pass


class IdempotencyConflict(LedgerError):
    pass


class ClosedAccount(LedgerError):
    pass
