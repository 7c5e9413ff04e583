"""The sportsbook's part of the books check: the account `sportsbook/stakes-held` must hold
exactly the stakes of the bets not yet settled, per currency (docs/architecture.md)."""

from __future__ import annotations

from django.db.models import Sum

from casino.currencies import format_amount
from casino.models import AccountKind, HouseBalanceShard, HousePurpose


def check_stakes_held(report) -> None:
    from sportsbook.models import Bet
    from sportsbook.services import STAKES_HELD

    open_stakes = dict(
        Bet.objects.filter(payout__isnull=True)
        .values("currency")
        .annotate(total=Sum("stake"))
        .values_list("currency", "total")
    )
    held = dict(
        HouseBalanceShard.objects.filter(
            account__kind=AccountKind.HOUSE,
            account__purpose=HousePurpose.SPORTSBOOK,
            account__reference=STAKES_HELD,
        )
        .values("account__currency")
        .annotate(total=Sum("balance"))
        .values_list("account__currency", "total")
    )
    for currency in sorted(set(open_stakes) | set(held)):
        expected, actual = open_stakes.get(currency, 0), held.get(currency, 0)
        report.lines.append(
            f"sportsbook {currency}: stakes of open bets {format_amount(expected, currency)}, "
            f"held {format_amount(actual, currency)}"
        )
        if expected != actual:
            report.problems.append(
                f"sportsbook {currency}: stakes held {actual} but open bets stake {expected}"
            )
