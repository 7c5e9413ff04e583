"""A transfer's reference ("bet:14", "spread:3", "settlement:2") in the reader's words: what it is
and its number ("Ставка №14"), never the raw key (issue 27 item 5)."""

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

# the kinds of reference the apps write (casino/references.py resolves some to a page)
KINDS = {
    "bet": _("Bet №%(number)s"),
    "exchange": _("Exchange bet №%(number)s"),
    "spread": _("Spread position №%(number)s"),
    "settlement": _("Settlement №%(number)s"),
    "tournament": _("Tournament №%(number)s"),
    "table": _("Table №%(number)s"),
    "hand": _("Hand №%(number)s"),
}

# the house's own sub-accounts, named by a word rather than an id (sportsbook/*services.py)
ACCOUNTS = {
    "stakes-held": _("stakes held"),
    "book": _("book"),
    "receivable": _("owed by players"),
    "exchange": _("exchange commission"),
    "exchange-receivable": _("owed to the exchange"),
    "spread-book": _("spread book"),
    "spread-receivable": _("owed on spread bets"),
}


def account_words(reference: str) -> str:
    """What a house or escrow account holds in words: "Стол №7", "ставки в игре"; "" for none."""
    if not reference:
        return ""
    return str(ACCOUNTS.get(reference, "")) or reference_words(reference)


@register.filter
def reference_words(reference: str) -> str:
    """ "bet:14" -> "Bet №14"; a reference of another shape: its kind's words if known, else ""."""
    kind, _sep, rest = (reference or "").partition(":")
    words = KINDS.get(kind)
    if words is None:
        return ""
    parts = rest.split(":")
    # a settlement is "settlement:<event>:<run>": its own number is the run's
    number = parts[-1] if kind == "settlement" else parts[0]
    if not number:
        return ""
    said = str(words) % {"number": number}
    if kind == "table" and len(parts) >= 3 and parts[1] == "hand" and parts[2]:
        said += " · " + str(KINDS["hand"]) % {"number": parts[2]}  # "Стол №6 · Раздача №2"
    return said
