"""Dice blackjack's words in the hand history (tables/history.py; DG §9, X1-X6): a box's throws,
its stop or bust, the dealer's throws."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tables.families.house.history import box_number
from tables.history import Teller, register


def _dice(event: dict) -> str:
    faces = event.get("dice") or []
    return _("%(first)s and %(second)s") % {"first": faces[0], "second": faces[1]}


def _dice_throw(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": box_number(event),
        "dice": _dice(event),
        "total": event.get("total"),
    }
    if event.get("throw") == 1:
        text = _("%(player)s throws %(dice)s on box %(box)s: %(total)s")
    else:
        text = _("%(player)s throws again on box %(box)s, %(dice)s: %(total)s in all")
    return [teller.line("throw", event.get("seat"), text % words, dice=event.get("dice"))]


def _dice_stop(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": box_number(event),
        "total": event.get("total"),
    }
    text = _("%(player)s stops on box %(box)s with %(total)s") % words
    return [teller.line("stop", event.get("seat"), text)]


def _dice_bust(teller: Teller, event: dict) -> list[dict]:
    words = {"box": box_number(event), "total": event.get("total")}
    text = _("Box %(box)s: %(total)s, over 12, loses at once") % words
    return [teller.line("bust", event.get("seat"), text)]


def _dealer_throw(teller: Teller, event: dict) -> list[dict]:
    words = {"dice": _dice(event), "total": event.get("total")}
    if event.get("throw") == 1:
        text = _("The dealer throws %(dice)s: %(total)s") % words
    else:
        text = _("The dealer throws again, %(dice)s: %(total)s in all") % words
    return [teller.line("dealer_throw", None, text, dice=event.get("dice"))]


def _no_dealer_throw(teller: Teller, event: dict) -> list[dict]:
    return [
        teller.line("no_dealer_throw", None, _("Every box is over 12: the dealer does not throw"))
    ]


register(
    special={
        "throw": _dice_throw,
        "stop": _dice_stop,
        "bust": _dice_bust,
        "dealer_throw": _dealer_throw,
        "no_dealer_throw": _no_dealer_throw,
    }
)
