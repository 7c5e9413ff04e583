"""Baccarat with a bank's words in the hand history (tables/history.py): the bank offered,
bid for, held, sold; the punters' and the bank's cards; the chocolate; the reasons its money
moved."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.history import Teller, plain_reasons, register


def _cards_dealt(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("cardholder"))}
    return [
        teller.line(
            "cards_dealt",
            event.get("cardholder"),
            _("The punters’ cards (%(player)s holds them):") % words,
            event.get("punter"),
            side="punter",
        ),
        teller.line(
            "cards_dealt", None, _("The bank’s cards:"), event.get("holder"), side="holder"
        ),
    ]


def _third_card(teller: Teller, event: dict) -> list[dict]:
    if event.get("side") == "holder":
        text = _("Third card to the bank:")
    else:
        text = _("Third card to the punters:")
    return [teller.line("third_card", None, text, [event.get("card")], side=event.get("side"))]


def _auction_over(teller: Teller, event: dict) -> list[dict]:
    if event.get("winner") is None:
        return [teller.line("auction_over", None, _("Nobody takes the bank"))]
    words = {"player": teller.name(event["winner"]), "amount": teller.money(event.get("amount"))}
    return [
        teller.line(
            "auction_over", event["winner"], _("%(player)s wins the bank with %(amount)s") % words
        )
    ]


def _holder(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "amount": teller.money(event.get("bank"))}
    return [
        teller.line(
            "holder", event.get("seat"), _("%(player)s holds the bank of %(amount)s") % words
        )
    ]


def _auction(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seller")), "amount": teller.money(event.get("cap"))}
    return [
        teller.line(
            "auction",
            event.get("seller"),
            _("%(player)s sells the bank, bids up to %(amount)s") % words,
        )
    ]


def _offer(teller: Teller, event: dict) -> list[dict]:
    words = {"players": teller.names_of(event.get("order"))}
    return [teller.line("offer", None, _("The bank is offered in turn: %(players)s") % words)]


register(
    phrases={
        "bid": gettext_noop("%(player)s bids %(amount)s for the bank"),
        "open": gettext_noop("%(player)s opens a bank of %(amount)s"),
        "sell": gettext_noop("%(player)s sells the bank"),
        "withdraw_half": gettext_noop("%(player)s takes %(amount)s, half the bank, out"),
        "take_chocolate": gettext_noop("%(player)s takes the chocolate"),
        "no_chocolate": gettext_noop("%(player)s leaves the chocolate in the bank"),
    },
    special={
        "cards_dealt": _cards_dealt,
        "third_card": _third_card,
        "auction_over": _auction_over,
        "holder": _holder,
        "auction": _auction,
        "offer": _offer,
    },
    reasons=plain_reasons(
        gettext_noop("bank not sold"),
        gettext_noop("bank opened"),
        gettext_noop("bank sold"),
        gettext_noop("bet against the bank"),
        gettext_noop("bet left to the bank"),
        gettext_noop("bet lost to the bank"),
        gettext_noop("bet not covered"),
        gettext_noop("bet won against the bank"),
        gettext_noop("bid for the bank"),
        gettext_noop("bid returned"),
        gettext_noop("chocolate"),
        gettext_noop("half the bank taken out"),
        gettext_noop("the bank lost the coup"),
        gettext_noop("the holder left"),
    ),
)
