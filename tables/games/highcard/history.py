"""High card's words in the hand history (tables/history.py): a box's card switched for a fee,
a tip from seat to seat, the ante pot."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.families.house.history import box_number
from tables.history import Teller, plain_reasons, register


def _switch(teller: Teller, event: dict) -> list[dict]:
    """A box's card changed for a fee: the card given up, then the new one."""
    seat = event.get("seat")
    words = {"player": teller.name(seat), "box": box_number(event)}
    cards = [c for c in (event.get("old"), event.get("card")) if isinstance(c, str)]
    return [
        teller.line("switch", seat, _("%(player)s changes the card of box %(box)s:") % words, cards)
    ]


def _tip(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "other": teller.name(event.get("to"))}
    return [teller.line("tip", event.get("seat"), _("%(player)s tips %(other)s") % words)]


register(
    special={"switch": _switch, "tip": _tip},
    reasons=plain_reasons(
        gettext_noop("ante pot won"),
        gettext_noop("ante pot, nobody bet"),
        gettext_noop("tip"),
    ),
)
