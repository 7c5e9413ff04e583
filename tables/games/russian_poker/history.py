"""Russian poker's words in the hand history (tables/history.py): a svara opened on the boxes
tied with the dealer and each player's answer to it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tables.families.house.history import box_number
from tables.history import Teller, register


def _svara_opened(teller: Teller, event: dict) -> list[dict]:
    words = {
        "number": event.get("svara"),
        "boxes": ", ".join(str(int(n) + 1) for n in event.get("boxes") or []),
    }
    text = _("Svara %(number)s: boxes %(boxes)s tied with the dealer, the ante doubles") % words
    return [teller.line("svara_offered", None, text)]


def _svara_answer(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": box_number(event),
        "ante": teller.money(event.get("ante") or 0),
        "amount": teller.money(event.get("amount") or 0),
    }
    text = {
        "svara_doubled": _("%(player)s plays the svara on box %(box)s: the ante is %(ante)s"),
        "svara_joined": _("%(player)s joins the svara on box %(box)s with %(amount)s"),
        "svara_declined": _("%(player)s lets the svara pass"),
    }[event["type"]]
    return [teller.line(event["type"], event.get("seat"), text % words)]


register(
    special={
        "svara_opened": _svara_opened,
        "svara_doubled": _svara_answer,
        "svara_joined": _svara_answer,
        "svara_declined": _svara_answer,
    }
)
