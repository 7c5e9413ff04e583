"""Big stud's words in the hand history (tables/history.py): each street dealt with the open
cards, checks, calls and raises, the money nobody called returned, the hands opened."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.history import Teller, register

STREETS = {
    3: gettext_noop("Third street, the open cards:"),
    4: gettext_noop("Fourth street:"),
    5: gettext_noop("Fifth street:"),
    6: gettext_noop("Sixth street:"),
    7: gettext_noop("Seventh street: a card down to each"),
}


def _street(teller: Teller, event: dict) -> list[dict]:
    """A stud street dealt: a line, then each player's open card (a card dealt down is not
    told)."""
    street = event.get("street")
    lines = [teller.line("street", None, _(STREETS.get(street, STREETS[4])))]
    for position, card in sorted((event.get("up") or {}).items(), key=lambda i: int(i[0])):
        words = {"player": teller.name(position)}
        lines.append(teller.line("up_card", int(position), _("%(player)s:") % words, [card]))
    return lines


def _opened(teller: Teller, event: dict) -> list[dict]:
    """Poker hands opened at a showdown, each named (its category, a msgid the engine gives)."""
    lines = [teller.line("showdown", None, _("Showdown"))]
    names = event.get("names") or {}
    for position, cards in sorted((event.get("hands") or {}).items(), key=lambda i: int(i[0])):
        words = {"player": teller.name(position), "hand": _(names.get(position) or "")}
        text = _("%(player)s: %(hand)s") % words
        lines.append(teller.line("shown", int(position), text, cards))
    return lines


register(
    phrases={
        "check": gettext_noop("%(player)s checks"),
        "call": gettext_noop("%(player)s calls %(amount)s"),
        "raise": gettext_noop("%(player)s raises: %(amount)s in"),
        "returned": gettext_noop("%(amount)s nobody called goes back to %(player)s"),
    },
    special={"street": _street, "opened": _opened},
)
