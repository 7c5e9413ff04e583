"""Blackjack Switch's words in the hand history (tables/history.py): the second cards of two
boxes switched, the Super Match settled on the cards at once."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tables.families.house.history import box_number
from tables.history import Teller, register


def _boxes_switched(teller: Teller, event: dict) -> list[dict]:
    """Two boxes' second cards swapped by their player: both hands as they now stand."""
    seat = event.get("seat")
    numbers = event.get("boxes") or []
    hands = event.get("hands") or []
    if len(numbers) != 2 or len(hands) != 2:
        return teller.plain_lines(event)
    words = {"player": teller.name(seat), "first": numbers[0] + 1, "second": numbers[1] + 1}
    text = _("%(player)s switches the second cards of boxes %(first)s and %(second)s:") % words
    return [teller.line("boxes_switched", seat, text, [*hands[0], *hands[1]])]


def _side_result(teller: Teller, event: dict) -> list[dict]:
    """A side bet settled on the cards at once: the cards it was judged on and its line."""
    seat = event.get("seat")
    words = {"player": teller.name(seat), "box": box_number(event)}
    if event.get("line"):
        words["line"] = _(event["line"])
        text = _("%(player)s’s side bet on box %(box)s wins: %(line)s, on") % words
    else:
        text = _("%(player)s’s side bet on box %(box)s loses, on") % words
    return [teller.line("side_result", seat, text, event.get("cards"))]


register(special={"boxes_switched": _boxes_switched, "side_result": _side_result})
