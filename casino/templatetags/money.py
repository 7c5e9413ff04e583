from django import template

from casino.currencies import SYMBOLS, format_amount, to_major

register = template.Library()


@register.filter
def money(minor: int | None, currency: str) -> str:
    if minor is None:
        return "—"
    return format_amount(minor, currency)


@register.filter
def major(minor: int | None, currency: str):
    return "" if minor is None else to_major(minor, currency)


@register.filter
def currency_symbol(currency: str) -> str:
    return SYMBOLS.get(currency, currency)


@register.filter
def amount_input(minor: int | None, currency: str) -> str:
    """Minor units as a person types them into an amount field (casino.amounts)."""
    from casino.amounts import amount_input_value

    return amount_input_value(minor, currency)
