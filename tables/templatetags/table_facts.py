"""The lobby's and the pit boss's rows show each game's own short facts (an engine's
``summary()["facts"]``: [label, value] pairs) without knowing the game."""

from django import template
from django.utils.translation import gettext

from casino.currencies import format_amount

register = template.Library()


@register.filter
def fact_label(fact) -> str:
    return gettext(fact[0])


@register.filter
def fact_value(fact, currency: str) -> str:
    value = fact[1]
    if isinstance(value, dict) and "money" in value:
        return format_amount(value["money"], currency)
    if isinstance(value, dict) and "money_range" in value:
        low, high = value["money_range"]
        return f"{format_amount(low, currency)} – {format_amount(high, currency)}"
    return str(value)
