"""Stud against the dealer's words in the hand history (tables/history.py): the ante and the
bonus on a box, cards changed or bought for a fee, the dealer's hand and a game bought for him,
each box settled."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tables.families.house.history import box_bet, box_number
from tables.history import Teller, register


def _card_change(teller: Teller, event: dict) -> list[dict]:
    """A box gives cards back for a fee (a change, a card bought, an exchange): how many go
    and come, never which (they are the owner's)."""
    returned, taken = int(event.get("returned") or 0), int(event.get("count") or 0)
    words = {
        "player": teller.name(event.get("seat")),
        "box": box_number(event),
        "fee": teller.money(event.get("fee")),
        "returned": returned,
        "count": taken,
    }
    if not returned:
        text = ngettext(
            "%(player)s buys %(count)s card for box %(box)s, fee %(fee)s",
            "%(player)s buys %(count)s cards for box %(box)s, fee %(fee)s",
            taken,
        )
    elif returned == taken:
        text = ngettext(
            "%(player)s changes %(returned)s card on box %(box)s, fee %(fee)s",
            "%(player)s changes %(returned)s cards on box %(box)s, fee %(fee)s",
            returned,
        )
    else:
        text = ngettext(
            "%(player)s gives back %(returned)s card on box %(box)s and takes %(count)s, "
            "fee %(fee)s",
            "%(player)s gives back %(returned)s cards on box %(box)s and takes %(count)s, "
            "fee %(fee)s",
            returned,
        )
    return [teller.line("card_change", event.get("seat"), text % words)]


def _cards_drawn(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("count") or 0)
    words = {"box": box_number(event), "count": count}
    text = ngettext("Box %(box)s gets %(count)s card", "Box %(box)s gets %(count)s cards", count)
    return [teller.line("drawn", None, text % words)]


def _dealer_hand(teller: Teller, event: dict) -> list[dict]:
    """A dealer opens his hand against the boxes: whether it qualifies them for the pay table."""
    if event.get("qualified"):
        text = _("The dealer opens his cards: he qualifies")
    else:
        text = _("The dealer opens his cards: no game")
    cards = event.get("cards") if isinstance(event.get("cards"), list) else None
    return [teller.line("dealer", None, text, cards)]


def _game_bought(teller: Teller, event: dict) -> list[dict]:
    words = {"old": event.get("replaced"), "new": event.get("drawn")}
    if event.get("qualified"):
        text = _("A game bought: the dealer replaces %(old)s with %(new)s and qualifies")
    else:
        text = _("A game bought: the dealer replaces %(old)s with %(new)s, still no game")
    cards = [event["drawn"]] if isinstance(event.get("drawn"), str) else None
    return [teller.line("game_bought", None, text % words, cards)]


def _box_settled(teller: Teller, event: dict) -> list[dict]:
    words = {"box": box_number(event)}
    text = {
        "won": _("Box %(box)s beats the dealer"),
        "lost": _("Box %(box)s loses to the dealer"),
        "tie": _("Box %(box)s ties with the dealer: stakes back"),
        "no game": _("Box %(box)s: the dealer has no game, the ante is paid"),
        "no game push": _("Box %(box)s: the dealer has no game, stakes back"),
        "svara limit": _("Box %(box)s ties again at the svara's limit: stakes back"),
    }.get(event.get("outcome"), _("Box %(box)s is settled"))
    return [teller.line("settled", None, text % words)]


register(
    phrases={
        "bonus_forfeited": gettext_noop("%(player)s forfeits the bonus by changing cards"),
        "buy_game": gettext_noop("%(player)s buys the dealer a game"),
        "no_game": gettext_noop("%(player)s takes the ante paid"),
    },
    special={
        "ante": box_bet,
        "bonus": box_bet,
        "card_change": _card_change,
        "drawn": _cards_drawn,
        "dealer_hand": _dealer_hand,
        "game_bought": _game_bought,
        "settled": _box_settled,
    },
)
