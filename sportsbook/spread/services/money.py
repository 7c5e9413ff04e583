"""Spread bets' money: the book, receivable and margin accounts, booking a close (gain, loss, debt,
margin back), and the books check of the receivable against the players' debts."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from django.db.models import Sum
from django.utils.translation import gettext as _

from casino import ledger
from casino.models import Account, HousePurpose, TransferKind
from sportsbook.models import (
    SpreadClose,
    SpreadOrder,
    SpreadPosition,
)
from sportsbook.spread import pnl as rules

BOOK = "spread-book"
RECEIVABLE = "spread-receivable"


def book_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, BOOK)


def receivable_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def margin_account(player_id: int, currency: str) -> Account:
    return ledger.escrow_account(f"spread:{player_id}", currency)


def _book_close(
    *,
    position: SpreadPosition,
    stake: int,
    level: Decimal,
    effect: rules.CloseEffect,
    reason: str,
    order: SpreadOrder | None,
    currency: str,
    now: dt.datetime,
) -> SpreadClose:
    """Record one close and book its money (see the module's docstring). Call while holding the
    position's lock and, through the ledger, its accounts'."""
    close = SpreadClose.objects.create(
        position=position,
        order=order,
        stake=stake,
        level=level,
        pnl=effect.pnl,
        from_margin=effect.from_margin,
        debt=effect.debt,
        released=effect.released,
        reason=reason,
        at=now,
    )
    net: dict[str, int] = defaultdict(int)  # account role -> amount
    gain = max(0, effect.pnl)
    repaid = 0
    if gain:
        owed = list(
            SpreadPosition.objects.select_for_update()
            .filter(player_id=position.player_id, asset__currency=currency, debt__gt=0)
            .order_by("pk")
        )
        for debtor in owed:  # A7: what the player owes is repaid from his next gains
            if debtor.pk == position.pk:
                debtor = position
            part = min(debtor.debt, gain - repaid)
            if not part:
                break
            debtor.debt -= part
            repaid += part
            if debtor is not position:
                debtor.save(update_fields=["debt"])
        net["book"] -= gain
        net["receivable"] += repaid
        net["wallet"] += gain - repaid
    net["margin"] -= effect.from_margin + effect.released
    net["receivable"] -= effect.debt
    net["book"] += effect.from_margin + effect.debt
    net["wallet"] += effect.released
    accounts = {
        "book": lambda: book_account(currency),
        "receivable": lambda: receivable_account(currency),
        "margin": lambda: margin_account(position.player_id, currency),
        "wallet": lambda: ledger.wallet_for(position.player, currency),
    }
    legs = [(accounts[role](), amount) for role, amount in net.items() if amount]
    if legs:
        ledger.transfer_create(
            idempotency_key=f"spreadclose:{close.pk}",
            kind=TransferKind.PAYOUT if effect.pnl >= 0 else TransferKind.TRANSFER,
            legs=legs,
            memo=_("Spread bet %(number)s closed") % {"number": position.pk},
            reference=f"spread:{position.pk}",
        )
    position.stake -= stake
    position.realised += effect.pnl
    position.debt += effect.debt
    if not position.stake:
        position.closed_at = now
    position.save(update_fields=["stake", "realised", "debt", "closed_at"])
    return close


# --- the books check -------------------------------------------------------------------------


def spread_books_check(report) -> None:
    """Per currency: `sportsbook/spread-receivable` is owed exactly the debts on positions (A7)."""
    from sportsbook.books import check_owed

    owed = dict(
        SpreadPosition.objects.filter(debt__gt=0)
        .values("asset__currency")
        .annotate(total=Sum("debt"))
        .values_list("asset__currency", "total")
    )
    check_owed(report, "spread bets", "owed by players", owed, RECEIVABLE, "positions")
