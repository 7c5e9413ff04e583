"""The hand history's filters: `{{ hand.names|seat_name:position }}` names a seat's player
(a seat number as a string or an int; "seat 3" for a seat nobody is named at);
`{{ total|final_total }}` a finished hand's total as it counted ("7/17", a soft total written
both ways while the hand could draw, counted 17); `{{ face|die_face }}` a die's face as its
sign; `{{ amount|signed_money:currency }}` an amount won or lost, with its sign."""

from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def seat_name(names, position) -> str:
    try:
        position = int(position)
    except (TypeError, ValueError):
        return ""
    return (names or {}).get(position) or gettext("seat %(number)s") % {"number": position + 1}


@register.filter
def final_total(total) -> str:
    text = "" if total is None else str(total)
    return text.rsplit("/", 1)[-1]


# a die's face as its sign (⚀ to ⚅), for the hand pages of a dice game
DIE_FACES = {face: chr(0x267F + face) for face in range(1, 7)}


@register.filter
def die_face(face) -> str:
    try:
        return DIE_FACES.get(int(face), "")
    except (TypeError, ValueError):
        return ""


@register.filter
def signed_money(amount, currency: str) -> str:
    """An amount won (+) or lost (−) in the currency."""
    from casino.currencies import format_amount

    amount = int(amount or 0)
    sign = "+" if amount > 0 else "\u2212" if amount < 0 else ""
    return f"{sign}{format_amount(abs(amount), currency)}"
