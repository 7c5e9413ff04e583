"""The casino's currencies and their minor units; amounts are always integers of minor units."""

from decimal import ROUND_DOWN, Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _


class Currency(models.TextChoices):
    BYN = "BYN", _("Belarusian rouble")
    USD = "USD", _("US dollar")
    EUR = "EUR", _("Euro")
    RUB = "RUB", _("Russian rouble")
    UAH = "UAH", _("Ukrainian hryvnia")


# Digits after the decimal point: BYN kopecks, cents, kopecks, kopiyky.
MINOR_UNITS: dict[str, int] = {"BYN": 2, "USD": 2, "EUR": 2, "RUB": 2, "UAH": 2}
SYMBOLS: dict[str, str] = {"BYN": "Br", "USD": "$", "EUR": "€", "RUB": "₽", "UAH": "₴"}


def minor_factor(currency: str) -> int:
    return 10 ** MINOR_UNITS[currency]


def to_minor(major: Decimal | str | int, currency: str) -> int:
    """Convert an amount typed in major units ("12.34") to minor units, refusing fractions."""
    value = Decimal(str(major)) * minor_factor(currency)
    if value != value.to_integral_value():
        raise ValueError(f"{major} has more than {MINOR_UNITS[currency]} decimal places")
    return int(value)


def to_major(minor: int, currency: str) -> Decimal:
    return (Decimal(minor) / minor_factor(currency)).quantize(
        Decimal(1).scaleb(-MINOR_UNITS[currency])
    )


def format_amount(minor: int, currency: str) -> str:
    major = to_major(minor, currency)
    return f"{major:,.{MINOR_UNITS[currency]}f}".replace(",", "\u00a0") + f"\u00a0{currency}"


def round_minor(exact: Decimal) -> int:
    """THE rounding rule of the casino (docs/architecture.md, "Rounding").

    Amounts derived from percentages, odds or shares are computed exactly in Decimal (in minor
    units) and rounded once, toward zero, to a whole minor unit. A commission is therefore rounded
    down in the player's favour, a payout rounded down as the rules ask (SB E34, CG D12, K8).
    """
    return int(Decimal(exact).to_integral_value(rounding=ROUND_DOWN))


def percentage_of(amount: int, percent: Decimal | str) -> int:
    """`percent` % of `amount` minor units, rounded by `round_minor`."""
    return round_minor(Decimal(amount) * Decimal(str(percent)) / 100)


def split_amount(amount: int, weights: list[Decimal | int]) -> list[int]:
    """Split `amount` in proportion to `weights`; each share is rounded down by `round_minor`
    and the remainder (fewer minor units than there are shares) goes to the first share, so the
    parts always add up to `amount` exactly (dead heat, split pots, prize funds)."""
    total = sum(Decimal(w) for w in weights)
    if total <= 0:
        raise ValueError("weights must add up to more than zero")
    shares = [round_minor(Decimal(amount) * Decimal(w) / total) for w in weights]
    shares[0] += amount - sum(shares)
    return shares
