"""The hand history's filters: `{{ hand.names|seat_name:position }}` names a seat's player
(a seat number as a string or an int; "seat 3" for a seat nobody is named at);
`{{ total|final_total }}` a finished hand's total as it counted ("7/17", a soft total written
both ways while the hand could draw, counted 17)."""

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
