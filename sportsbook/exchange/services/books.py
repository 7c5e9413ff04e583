"""The exchange's books check: every market's escrow holds exactly its reservations."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Sum

from casino.models import Account, AccountKind
from sportsbook.exchange.services.money import RECEIVABLE
from sportsbook.models import (
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeDebt,
    ExchangeOffer,
)

# --- the books check -------------------------------------------------------------------------


def exchange_books_check(report) -> None:
    """Every exchange escrow holds exactly the reservations of its player on its market: the
    unmatched part of his standing offers (with the minor units their bets freed) and the
    liability of his open bets (A3)."""
    expected: dict[str, int] = defaultdict(int)
    for xm_id, player_id, reserved in ExchangeOffer.objects.filter(reserved__gt=0).values_list(
        "market_id", "player_id", "reserved"
    ):
        expected[f"xm:{xm_id}:{player_id}"] += reserved
    for xm_id, back, lay, stake, lay_liability in ExchangeBet.objects.filter(
        status=ExchangeBetStatus.OPEN
    ).values_list("market_id", "back_player_id", "lay_player_id", "stake", "lay_liability"):
        expected[f"xm:{xm_id}:{back}"] += stake
        expected[f"xm:{xm_id}:{lay}"] += lay_liability
    actual = dict(
        Account.objects.filter(
            kind=AccountKind.ESCROW, reference__startswith="xm:", closed_at__isnull=True
        ).values_list("reference", "balance")
    )
    total = 0
    for reference in sorted(set(expected) | set(actual)):
        want, have = expected.get(reference, 0), actual.get(reference, 0)
        total += have
        if want != have:
            report.problems.append(
                f"exchange escrow {reference}: holds {have} but the reservations are {want}"
            )
    report.lines.append(f"exchange: {len(actual)} open escrow(s) hold {total} minor units")
    # E33: `sportsbook/exchange-receivable` is owed exactly what the players' exchange debts say
    from sportsbook.books import check_owed

    owed = dict(
        ExchangeDebt.objects.filter(amount__gt=0)
        .values("currency")
        .annotate(total=Sum("amount"))
        .values_list("currency", "total")
    )
    check_owed(report, "exchange", "owed after corrections", owed, RECEIVABLE, "exchange debts")
    from sportsbook.books import check_owed

    owed = dict(
        ExchangeDebt.objects.filter(amount__gt=0)
        .values("currency")
        .annotate(total=Sum("amount"))
        .values_list("currency", "total")
    )
    check_owed(report, "exchange", "owed after corrections", owed, RECEIVABLE, "players")
