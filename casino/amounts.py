"""The one parser of numbers a person types: amounts of money, odds, levels, stakes per point.

People type amounts in the currency's major units, as they write them: "50", "50.5", "50,50",
"1 000", "1 000,50" (a space, a no-break or thin space groups thousands; one dot or one comma
marks the decimals). Everything inside the casino keeps integers of minor units
(casino/currencies.py); this module is the one door between the two, for every form, view and
websocket consumer that reads a number, so that every input refuses the same things with the
same sentences: letters, two separators, an exponent ("1e30"), "Infinity" and "NaN", a sign,
non-ASCII digits, more decimals than allowed, and anything outside the bounds given (each bound
written in the person's units: "не меньше 1.00 BYN").

``parse_amount`` gives minor units; ``parse_number`` gives a ``Decimal`` (odds, levels);
``MoneyField`` is the Django form field built on ``parse_amount``; ``amount_input_value`` writes
minor units back into a field as a person would type them (the round trip: ``parse_amount`` of it
is the same amount).
"""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils.translation import gettext, gettext_lazy

from casino.currencies import MINOR_UNITS, format_amount

# No amount anywhere in the casino comes near this: a hundred billion in major units. Bigger
# numbers are refused before any arithmetic, so nothing overflows a column or a quantize.
AMOUNT_CEILING_MINOR = 10**13
# Longer text is refused unread ("1" followed by a million zeros costs nothing to refuse).
MAX_INPUT_LENGTH = 32
# Spaces that group thousands: space, no-break space, narrow no-break space, thin space, and the
# apostrophe some keyboards group with.
_GROUPING = re.compile(r"[ \u00a0\u202f\u2009']")
_NUMBER = re.compile(r"(?P<sign>[-+]?)(?P<whole>[0-9]*)(?:[.,](?P<fraction>[0-9]*))?")


class AmountError(ValueError):
    """A number a person typed that cannot be used; ``message`` is the sentence to show him, in
    the active language when it was raised."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message = message
        self.code = code


def parse_number(
    text,
    *,
    places: int,
    low: Decimal | None = None,
    high: Decimal | None = None,
    signed: bool = False,
    low_text: str | None = None,
    high_text: str | None = None,
) -> Decimal:
    """The number in ``text`` as a ``Decimal`` with at most ``places`` decimals, within
    ``low``..``high`` (inclusive; ``low_text``/``high_text`` are how the bounds are written in
    the errors, by default the plain numbers). A sign is refused unless ``signed``. Raises
    ``AmountError`` with the sentence to show."""
    if isinstance(text, bool) or text is None:
        raise AmountError(gettext("Enter a number."), "required")
    if isinstance(text, int):
        text = str(text)
    if not isinstance(text, str):
        raise AmountError(gettext("Enter a number."), "invalid")
    cleaned = _GROUPING.sub("", text.strip())
    if not cleaned:
        raise AmountError(gettext("Enter a number."), "required")
    match = _NUMBER.fullmatch(cleaned) if len(cleaned) <= MAX_INPUT_LENGTH else None
    if match is None or not (match["whole"] or match["fraction"]):
        if len(cleaned) <= MAX_INPUT_LENGTH and cleaned.count(".") + cleaned.count(",") > 1:
            raise AmountError(
                gettext("Use one decimal separator: a dot or a comma, not both."), "separators"
            )
        raise AmountError(gettext("Enter a number like 50 or 50,50."), "invalid")
    sign = match["sign"]
    if sign and not signed:
        if sign == "-":
            raise AmountError(gettext("Enter an amount above zero."), "negative")
        raise AmountError(gettext("Enter a number like 50 or 50,50."), "invalid")
    fraction = (match["fraction"] or "").rstrip("0")
    if len(fraction) > places:
        if places == 0:
            raise AmountError(gettext("Enter a whole number."), "places")
        raise AmountError(
            gettext("Use at most %(places)s decimal places.") % {"places": places}, "places"
        )
    value = Decimal(f"{sign}{match['whole'] or '0'}.{fraction or '0'}")
    if low is not None and value < low:
        shown = low_text if low_text is not None else str(low)
        raise AmountError(gettext("At least %(low)s.") % {"low": shown}, "min_value")
    if high is not None and value > high:
        shown = high_text if high_text is not None else str(high)
        raise AmountError(gettext("At most %(high)s.") % {"high": shown}, "max_value")
    return value


def parse_amount(
    text, currency: str, *, low: int | None = None, high: int | None = None, zero: bool = False
) -> int:
    """The amount a person typed in ``currency``'s major units, in minor units, within ``low``
    and ``high`` (minor units, inclusive; the errors write them in major units). Zero is refused
    unless ``zero`` (a limit may be zero; a stake may not). Raises ``AmountError``."""
    places = MINOR_UNITS[currency]
    factor = 10**places
    ceiling = AMOUNT_CEILING_MINOR if high is None else min(high, AMOUNT_CEILING_MINOR)
    floor = low if low is not None else (0 if zero else 1)
    value = parse_number(
        text,
        places=places,
        low=Decimal(floor) / factor,
        high=Decimal(ceiling) / factor,
        low_text=format_amount(floor, currency),
        high_text=format_amount(ceiling, currency),
    )
    return int(value * factor)


def amount_input_value(minor: int | None, currency: str) -> str:
    """Minor units as a person types them into an amount field: "50", "50.50" (no grouping, so
    that a browser's own checks and a copy and paste both read it)."""
    if minor is None:
        return ""
    places = MINOR_UNITS[currency]
    whole, part = divmod(int(minor), 10**places)
    return str(whole) if not part else f"{whole}.{part:0{places}d}"


class AmountInput(forms.TextInput):
    """A text box for amounts: a phone shows its decimal keypad, nothing is auto-filled."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "decimal", "autocomplete": "off", **(attrs or {})})


class MoneyField(forms.Field):
    """An amount typed in major units, cleaned to minor units (an ``int``).

    ``currency`` may be given later (``field.currency = ...`` in the form's ``__init__``, when
    it is the player's or the table's), as may the bounds ``low``/``high`` (minor units)."""

    widget = AmountInput
    default_error_messages = {"required": gettext_lazy("Enter an amount.")}

    def __init__(
        self,
        *,
        currency: str = "BYN",
        low: int | None = None,
        high: int | None = None,
        zero: bool = False,
        **kwargs,
    ):
        self.currency = currency
        self.low = low
        self.high = high
        self.zero = zero
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, int) and not isinstance(value, bool):
            return amount_input_value(value, self.currency)
        return value

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return parse_amount(value, self.currency, low=self.low, high=self.high, zero=self.zero)
        except AmountError as error:
            raise forms.ValidationError(error.message, code=error.code) from None

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs["data-currency"] = self.currency
        return attrs
