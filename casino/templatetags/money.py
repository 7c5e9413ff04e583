from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from casino.currencies import SYMBOLS, format_amount, to_major

register = template.Library()


def money_html(text: str) -> SafeString:
    """An amount already written in its currency ("276.00 BYN"), as the pages show every amount:
    one span that never wraps inside the number (the class ``money``: ``white-space: nowrap`` in
    casino.css). The Jinja boards' ``money`` filter is this one too (casino.jinja2)."""
    return format_html('<span class="money">{}</span>', text)


@register.filter
def money(minor: int | None, currency: str) -> str:
    if minor is None:
        return "—"
    return money_html(format_amount(minor, currency))


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
