"""The house-banked round's words in the hand history (tables/history.py): a stake on a box
(one's own, behind another's, a side bet, a spot of a layout), the dealer's card, the cut, a
die or a pair of dice thrown; the reasons the box functions write
(tables/families/house/boxes.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.history import Teller, plain_reasons, register


def box_number(event: dict):
    """A house game's box as people count it (from 1), or None."""
    box = event.get("box")
    return box + 1 if isinstance(box, int) and not isinstance(box, bool) else None


def dealer_card(teller: Teller, event: dict) -> list[dict]:
    """A house game's dealer turns his card."""
    card = event.get("card")
    return [teller.line("dealer", None, _("The dealer’s card:"), [card] if card else None)]


def box_bet(teller: Teller, event: dict) -> list[dict]:
    """A stake on a box of a house game: one's own box (open or dark), behind another's, or a
    side bet on it; a bet with no box is told as any game's bet."""
    seat = event.get("seat")
    words = {
        "player": teller.name(seat),
        "amount": teller.money(event.get("amount")),
        "box": box_number(event),
    }
    kind = event["type"]
    if kind == "bet" and isinstance(event.get("bet"), str):  # a bet on a layout's spot
        words["bet"] = teller.bet(event["bet"])
        text = _("%(player)s bets %(amount)s: %(bet)s") % words
        return [teller.line(kind, seat, text, amount=words["amount"], bet=event["bet"])]
    if words["box"] is None:
        return teller.plain_lines(event)
    if kind == "ante" and event.get("dark"):
        text = _("%(player)s puts an ante of %(amount)s on box %(box)s, dark, and its bet")
    elif kind == "ante":
        text = _("%(player)s puts an ante of %(amount)s on box %(box)s")
    elif kind == "bonus":
        text = _("%(player)s puts the bonus of %(amount)s on box %(box)s")
    elif kind == "behind":
        text = _("%(player)s bets %(amount)s behind box %(box)s")
    elif kind == "side":
        text = _("%(player)s puts a side bet of %(amount)s on box %(box)s")
    elif event.get("dark"):
        text = _("%(player)s bets %(amount)s on box %(box)s, dark")
    else:
        text = _("%(player)s bets %(amount)s on box %(box)s")
    return [teller.line(kind, seat, text % words, amount=words["amount"])]


def _cut(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "at": event.get("at")}
    return [teller.line("cut", event.get("seat"), _("%(player)s cuts at card %(at)s") % words)]


def _roll(teller: Teller, event: dict) -> list[dict]:
    if isinstance(event.get("faces"), list) and len(event["faces"]) == 2:  # a pair of dice
        return _pair_thrown(teller, event)
    if event.get("seat") is None and box_number(event) is not None:  # a tie on a house's box
        words = {"box": box_number(event), "die": event.get("die")}
        return [teller.line("roll", None, _("Box %(box)s: the die shows %(die)s") % words)]
    words = {"player": teller.name(event.get("seat")), "die": event.get("die")}
    return [teller.line("roll", event.get("seat"), _("%(player)s rolls %(die)s") % words)]


def _pair_thrown(teller: Teller, event: dict) -> list[dict]:
    """A shooter throws the two dice he picked of a numbered set: which, their faces, the
    total."""
    first, second = event["faces"]
    words = {"player": teller.name(event.get("seat")), "first": first, "second": second}
    words["total"] = event.get("total", first + second)
    picked = event.get("dice") if isinstance(event.get("dice"), list) else []
    if len(picked) == 2:
        words["die"], words["other"] = picked
        text = _(
            "%(player)s throws dice No. %(die)s and No. %(other)s: %(first)s + %(second)s = "
            "%(total)s"
        )
    else:
        text = _("%(player)s throws %(first)s + %(second)s = %(total)s")
    return [teller.line("roll", event.get("seat"), text % words, faces=[first, second])]


register(
    special={
        "bet": box_bet,
        "behind": box_bet,
        "side": box_bet,
        "dealer": dealer_card,
        "cut": _cut,
        "roll": _roll,
    },
    reasons=plain_reasons(
        gettext_noop("ante"),
        gettext_noop("bet behind"),
        gettext_noop("bet moved to a split hand"),
        gettext_noop("box folded"),
        gettext_noop("box lost"),
        gettext_noop("box returned"),
        gettext_noop("box won"),
    ),
)
