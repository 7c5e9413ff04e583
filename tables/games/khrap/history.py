"""Khrap's words in the hand history (tables/history.py): a game declared and helped, the
trumps turned, cards changed, tricks led and taken, a redeal; the pledges and the tricks'
money."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tables.history import Teller, plain_reasons, register


def _trick(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    return [teller.line("trick", event.get("winner"), _("%(player)s takes the trick") % words)]


def _play_starts(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("leader"))}
    return [teller.line("play_starts", event.get("leader"), _("%(player)s leads") % words)]


def _exchange(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("out") or 0)
    words = {"player": teller.name(event.get("seat")), "count": count}
    if not count:
        text = _("%(player)s keeps the cards") % words
    else:
        text = (
            ngettext(
                "%(player)s changes %(count)s card", "%(player)s changes %(count)s cards", count
            )
            % words
        )
    return [teller.line("exchange", event.get("seat"), text)]


def _turned(teller: Teller, event: dict) -> list[dict]:
    text = _("Turned up again:") if event.get("repeat") else _("Trumps:")
    return [teller.line("turned", None, text, [event.get("card")])]


def _redeal(teller: Teller, event: dict) -> list[dict]:
    words = {"amount": teller.money(event.get("bank"))}
    return [
        teller.line(
            "redeal", None, _("Everyone passed: a new deal, the bank of %(amount)s stays") % words
        )
    ]


def _takes_trump(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [
        teller.line(
            "takes_trump_card",
            event.get("seat"),
            _("%(player)s takes the trump card") % words,
            [event.get("card")],
        )
    ]


register(
    phrases={
        "help": gettext_noop("%(player)s helps"),
        "five": gettext_noop("%(player)s: “five”"),
        "declare": gettext_noop("%(player)s declares a game"),
        "alone": gettext_noop("%(player)s plays alone"),
        "discard": gettext_noop("%(player)s discards a card"),
        "play": gettext_noop("%(player)s plays"),
    },
    special={
        "trick": _trick,
        "play_starts": _play_starts,
        "exchange": _exchange,
        "turned": _turned,
        "redeal": _redeal,
        "takes_trump_card": _takes_trump,
    },
    reasons=plain_reasons(
        gettext_noop("pledge"),
        gettext_noop("pledge back"),
        gettext_noop("tricks"),
    ),
)
