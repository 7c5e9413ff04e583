"""Belarusian poker's words in the hand history (tables/history.py): a showdown proposed and
answered, the hands shown with their points, a svara offered and dealt."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tables.history import Teller, plain_reasons, register


def _showdown(teller: Teller, event: dict) -> list[dict]:
    lines = [teller.line("showdown", None, _("Showdown"))]
    scores = event.get("scores") or {}
    for position, cards in sorted((event.get("hands") or {}).items(), key=lambda i: int(i[0])):
        points = int(scores.get(position, 0))
        words = {"player": teller.name(position), "count": points}
        text = ngettext("%(player)s: %(count)s point", "%(player)s: %(count)s points", points)
        lines.append(teller.line("shown", int(position), text % words, cards, points=points))
    return lines


def _svara_offered(teller: Teller, event: dict) -> list[dict]:
    words = {
        "players": teller.names_of(event.get("tied")),
        "amount": teller.money(event.get("bank")),
    }
    return [
        teller.line(
            "svara_offered",
            None,
            _("A tie between %(players)s: a svara for %(amount)s is offered") % words,
        )
    ]


def _svara_dealt(teller: Teller, event: dict) -> list[dict]:
    words = {"players": teller.names_of(event.get("players"))}
    return [teller.line("svara_dealt", None, _("The svara is dealt to %(players)s") % words)]


PHRASES = {
    "propose": gettext_noop("%(player)s proposes a showdown"),
    "accept": gettext_noop("%(player)s agrees"),
    "join": gettext_noop("%(player)s joins the svara"),
}
register(
    phrases=PHRASES,
    # answers the engine logs no event of: the action's type alone tells them
    answers={kind: PHRASES[kind] for kind in ("accept", "join")},
    special={"showdown": _showdown, "svara_offered": _svara_offered, "svara_dealt": _svara_dealt},
    reasons=plain_reasons(
        gettext_noop("deduction"),
        gettext_noop("entry bet"),
        gettext_noop("svara joined"),
    ),
)
