"""The books check: is every minor unit where the ledger says it is?

Used by tests after anything that moves money and by `python manage.py checkbooks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.apps import apps
from django.db.models import OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from casino.currencies import format_amount
from casino.models import Account, AccountKind, Entry, HouseBalanceShard


@dataclass
class BooksReport:
    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems

    def text(self) -> str:
        verdict = "BOOKS CLEAN" if self.clean else f"BOOKS WRONG: {len(self.problems)} problem(s)"
        return "\n".join([*self.lines, *(f"PROBLEM: {p}" for p in self.problems), verdict])


def _sum_of_entries():
    return Coalesce(
        Subquery(
            Entry.objects.filter(account=OuterRef("pk"))
            .values("account")
            .annotate(total=Sum("amount"))
            .values("total")
        ),
        Value(0),
    )


def _sum_of_shards():
    return Coalesce(
        Subquery(
            HouseBalanceShard.objects.filter(account=OuterRef("pk"))
            .values("account")
            .annotate(total=Sum("balance"))
            .values("total")
        ),
        Value(0),
    )


def books_check() -> BooksReport:
    report = BooksReport()

    per_currency = (
        Entry.objects.values("currency").annotate(total=Sum("amount")).order_by("currency")
    )
    for row in per_currency:
        report.lines.append(f"{row['currency']}: entries sum to {row['total']}")
        if row["total"] != 0:
            report.problems.append(f"{row['currency']} entries sum to {row['total']}, not zero")

    unbalanced = (
        Entry.objects.values("transfer_id", "currency")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .order_by("transfer_id")
    )
    for row in unbalanced[:50]:
        report.problems.append(
            f"transfer #{row['transfer_id']} is off by {row['total']} {row['currency']}"
        )

    mismatched_currency = Entry.objects.exclude(
        currency=Subquery(Account.objects.filter(pk=OuterRef("account_id")).values("currency"))
    )
    for entry in mismatched_currency[:50]:
        report.problems.append(f"entry #{entry.pk} is in {entry.currency}, its account is not")

    accounts = Account.objects.annotate(
        entries_total=_sum_of_entries(), shards_total=_sum_of_shards()
    )
    counts = {"wallet": 0, "house": 0, "escrow": 0}
    for account in accounts.iterator(chunk_size=2000):
        counts[account.kind] += 1
        stored = account.shards_total if account.kind == AccountKind.HOUSE else account.balance
        if stored != account.entries_total:
            report.problems.append(
                f"account #{account.pk} ({account}) stores {stored} but its entries sum to "
                f"{account.entries_total}"
            )
        if account.kind != AccountKind.HOUSE and account.balance < 0:
            report.problems.append(f"account #{account.pk} ({account}) is below zero")
        if account.kind == AccountKind.HOUSE and account.balance != 0:
            report.problems.append(f"house account #{account.pk} has a balance outside its shards")
        if account.closed_at is not None and account.balance != 0:
            report.problems.append(
                f"escrow #{account.pk} ({account.reference}) is closed but holds "
                f"{format_amount(account.balance, account.currency)}"
            )
    report.lines.append(
        f"accounts checked: {counts['wallet']} wallets, {counts['house']} house, "
        f"{counts['escrow']} escrow; entries: {Entry.objects.count()}"
    )
    open_escrow = Account.objects.filter(
        Q(kind=AccountKind.ESCROW) & Q(closed_at__isnull=True) & ~Q(balance=0)
    ).count()
    report.lines.append(f"escrow accounts holding stakes of open hands or bets: {open_escrow}")
    # Apps that hold money in their own way add their reconciliation (sportsbook: stakes held).
    for config in apps.get_app_configs():
        check = getattr(config, "books_check", None)
        if check is not None:
            check(report)
    return report
