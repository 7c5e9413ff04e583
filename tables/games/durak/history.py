"""Durak's words in the hand history (tables/history.py): attacks and throw-ins, each card
beaten, the cards taken or beaten off, a game's winner, the match's score, a forfeit."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tables.history import Teller, counted, plain_reasons, register


def _took(count: int) -> str:
    return ngettext("%(player)s takes %(count)s card", "%(player)s takes %(count)s cards", count)


def _beaten_off(count: int) -> str:
    return ngettext(
        "Beaten off: %(count)s card to the discards",
        "Beaten off: %(count)s cards to the discards",
        count,
    )


def _attack(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    text = _("%(player)s throws in") if event.get("throw_in") else _("%(player)s attacks")
    return [teller.line("attack", event.get("seat"), text % words, event.get("cards"))]


def _defend(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [
        teller.line(
            "defend",
            event.get("seat"),
            _("%(player)s beats") % words,
            [event.get("target")],
            beaten_with=event.get("card"),
        )
    ]


def _game_over(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    if event.get("winner") is None:
        return [teller.line("game_over", None, _("The game ends in a draw"))]
    return [teller.line("game_over", event.get("winner"), _("%(player)s wins the game") % words)]


def _match_over(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    return [teller.line("match_over", event.get("winner"), _("%(player)s wins the match") % words)]


def _score(teller: Teller, event: dict) -> list[dict]:
    score = event.get("score") or []
    words = {"score": " : ".join(str(int(s)) for s in score)}
    return [teller.line("score", None, _("Score %(score)s") % words)]


def _forfeit(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    if event.get("reason") == "absent":
        text = _("%(player)s is absent and loses by forfeit")
    else:
        text = _("%(player)s leaves and loses by forfeit")
    return [teller.line("forfeit", event.get("seat"), text % words)]


register(
    phrases={"take": gettext_noop("%(player)s takes the cards")},
    special={
        "attack": _attack,
        "defend": _defend,
        "took": counted(_took),
        "beaten_off": counted(_beaten_off),
        "game_over": _game_over,
        "match_over": _match_over,
        "score": _score,
        "forfeit": _forfeit,
    },
    reasons=plain_reasons(gettext_noop("match won")),
)
