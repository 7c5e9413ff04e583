"""The casino's currencies and their minor units; amounts are always integers of minor units."""

from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from casino.money import percentage_of, round_minor, split_amount

__all__ = ["Currency", "format_amount", "percentage_of", "round_minor", "split_amount"]


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
