"""The sportsbook's part of the books check, per currency: the account `sportsbook/stakes-held`
must hold exactly the stakes of the bets not yet settled (docs/architecture.md), and the account
`sportsbook/receivable` must be owed exactly what the bets' debts say (E33)."""

from __future__ import annotations

from django.db.models import Sum

from casino.currencies import format_amount
from casino.models import AccountKind, HouseBalanceShard, HousePurpose


def _house_balances(reference: str) -> dict[str, int]:
    return dict(
        HouseBalanceShard.objects.filter(
            account__kind=AccountKind.HOUSE,
            account__purpose=HousePurpose.SPORTSBOOK,
            account__reference=reference,
        )
        .values("account__currency")
        .annotate(total=Sum("balance"))
        .values_list("account__currency", "total")
    )


def check_stakes_held(report) -> None:
    from sportsbook.betting.services import STAKES_HELD
    from sportsbook.models import Bet

    open_stakes = dict(
        Bet.objects.filter(payout__isnull=True)
        .values("currency")
        .annotate(total=Sum("stake"))
        .values_list("currency", "total")
    )
    held = _house_balances(STAKES_HELD)
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


def check_receivable(report) -> None:
    from sportsbook.betting.services import RECEIVABLE
    from sportsbook.models import Bet

    owed = dict(
        Bet.objects.filter(debt__gt=0)
        .values("currency")
        .annotate(total=Sum("debt"))
        .values_list("currency", "total")
    )
    check_owed(report, "sportsbook", "owed on bets after corrections", owed, RECEIVABLE, "bets")


def check_owed(
    report, label: str, what: str, owed: dict[str, int], reference: str, owers: str
) -> None:
    """The house account `sportsbook/<reference>` is owed exactly `owed` per currency (E33 debts,
    spread-bet deficits, A7): its balance is minus the total owed."""
    receivable = _house_balances(reference)
    for currency in sorted(set(owed) | set(receivable)):
        expected, actual = -owed.get(currency, 0), receivable.get(currency, 0)
        report.lines.append(
            f"{label} {currency}: {what} {format_amount(-expected, currency)}, "
            f"receivable {format_amount(-actual, currency)}"
        )
        if expected != actual:
            report.problems.append(
                f"{label} {currency}: receivable {actual} but the {owers} owe {-expected}"
            )
