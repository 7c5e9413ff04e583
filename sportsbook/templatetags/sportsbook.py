"""Template filters of the player's sportsbook pages."""

from decimal import ROUND_DOWN, Decimal

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from casino.currencies import MINOR_UNITS
from sportsbook.line.presenters import odds_text

register = template.Library()


@register.filter
def odds(value) -> str:
    """Decimal odds as a bettor reads them (`line.presenters.odds_text`): 1.850 -> 1.85."""
    return odds_text(value)


@register.filter
def get_item(mapping, key):
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def per_combination(stake: str, count: int) -> str:
    """E6: the total typed, shared among the combinations (shown to the minor unit, rounded
    down; the book splits it exactly)."""
    try:
        total = Decimal(str(stake).replace(",", "."))
        if not total.is_finite() or total <= 0 or not count:
            return ""
        # A typed "1e999999" is no stake: the division or the rounding would overflow.
        return str((total / count).quantize(Decimal(1).scaleb(-2), rounding=ROUND_DOWN))
    except ArithmeticError:
        return ""


@register.filter
def leg_result(code: str) -> str:
    return {
        "open": pgettext("leg result", "open"),
        "won": _("won"),
        "lost": _("lost"),
        "void": pgettext("leg result", "void"),
        "part": _("part"),
        "half_won": pgettext("leg result", "half won"),
        "half_lost": pgettext("leg result", "half lost"),
        "dead_heat": pgettext("leg result", "dead heat"),
    }.get(code, code)


@register.filter
def minor_digits(currency: str) -> int:
    return MINOR_UNITS.get(currency, 2)


@register.filter
def bet_odds(bet) -> Decimal:
    """The odds of a single or an express: the product of its legs' accepted odds."""
    total = Decimal(1)
    for leg in bet.legs.all():
        total *= leg.odds
    return total


@register.filter
def system_m(bet) -> int:
    """M of a system N of M: its legs that are not bankers (E7)."""
    return sum(1 for leg in bet.legs.all() if not leg.is_banker)


# --- the exchange (issue 18) ----------------------------------------------------------------


@register.simple_tag
def new_key() -> str:
    """A fresh idempotency key for one form: a double click on it books once."""
    import uuid

    return uuid.uuid4().hex


@register.filter
def pad_to_three(prices) -> range:
    """The empty cells that complete a ladder's three prices."""
    return range(max(0, 3 - len(prices)))


@register.filter
def add_one(net_odds) -> Decimal:
    """Net odds k as decimal odds K = k + 1 (BK A1)."""
    return Decimal(net_odds) + 1


@register.filter
def level(value, point_size) -> str:
    """A spread quote to its asset's point (BK A3): 1.2000 stays 1.2000 for a point of 0.0001."""
    if value is None or value == "":
        return "—"
    return str(Decimal(value).quantize(Decimal(point_size).normalize()))
