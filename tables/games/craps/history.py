"""Craps' words in the hand history (tables/history.py): each bet of the layout decided by the
roll, taken down, turned on or off, pressed; the point and the puck; the shooter and the dice
handed on."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.history import Teller, plain_reasons, register

# a layout bet's decision on a roll (%(player)s, %(bet)s, %(amount)s won, %(number)s moved to)
DECIDED = {
    "win": gettext_noop("%(player)s: %(bet)s wins %(amount)s"),
    "lose": gettext_noop("%(player)s: %(bet)s loses"),
    "move": gettext_noop("%(player)s: %(bet)s moves to %(number)s"),
    "return": gettext_noop("%(player)s: %(bet)s was off on this roll and comes back"),
}
# a place bet's choice for its next win (%(player)s, %(bet)s)
AFTER_WIN = {
    "same": gettext_noop("%(player)s: after a win %(bet)s stays up, the win paid"),
    "press": gettext_noop("%(player)s: after a win %(bet)s is pressed (doubled)"),
    "down": gettext_noop("%(player)s: after a win %(bet)s comes down with the win"),
}


def _layout_words(teller: Teller, event: dict) -> dict:
    return {
        "player": teller.name(event.get("seat")),
        "bet": teller.bet(event.get("bet")),
        "amount": teller.money(event.get("won", event.get("amount"))),
        "number": event.get("number"),
    }


def _resolved(teller: Teller, event: dict) -> list[dict]:
    """A bet on a layout decided by the roll: won (how much), lost, moved to its number, or
    back unplayed."""
    outcome = event.get("outcome")
    if outcome not in DECIDED:
        return teller.plain_lines(event)
    text = _(DECIDED[outcome]) % _layout_words(teller, event)
    extra = {"amount": teller.money(event["won"])} if outcome == "win" else {}
    return [teller.line("resolved", event.get("seat"), text, outcome=outcome, **extra)]


def _taken_down(teller: Teller, event: dict) -> list[dict]:
    words = _layout_words(teller, event)
    text = _("%(player)s: %(bet)s comes down, %(amount)s back") % words
    return [teller.line("taken_down", event.get("seat"), text, amount=words["amount"])]


def _working(teller: Teller, event: dict) -> list[dict]:
    words = _layout_words(teller, event)
    if event.get("on"):
        text = _("%(player)s turns %(bet)s on: it works on the come-out roll") % words
    else:
        text = _("%(player)s turns %(bet)s off for the come-out roll") % words
    return [teller.line("working", event.get("seat"), text)]


def _after_win(teller: Teller, event: dict) -> list[dict]:
    choice = event.get("choice")
    if choice not in AFTER_WIN:
        return teller.plain_lines(event)
    text = _(AFTER_WIN[choice]) % _layout_words(teller, event)
    return [teller.line("after_win", event.get("seat"), text, choice=choice)]


def _bet_group(teller: Teller, event: dict) -> list[dict]:
    """Several numbers of a layout bet at once (each one's bet follows as its own line)."""
    words = {"player": teller.name(event.get("seat")), "group": teller.bet(event.get("group"))}
    text = _("%(player)s places %(group)s at once:") % words
    return [teller.line("place_group", event.get("seat"), text)]


def _point(teller: Teller, event: dict) -> list[dict]:
    words = {"number": event.get("number")}
    if event["type"] == "point":
        text = _("The point is %(number)s: the puck turns ON")
    else:
        text = _("%(number)s, the winner: the point is made, the puck turns OFF")
    return [teller.line(event["type"], None, text % words, number=event.get("number"))]


def _shooter(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    text = {
        "shooter": _("The dice are offered to %(player)s: a turn to bet first"),
        "dice_to_shooter": _("No more bets: the dice go to %(player)s"),
        "dice_refused": _("%(player)s passes the dice on"),
    }[event["type"]]
    return [teller.line(event["type"], event.get("seat"), text % words)]


register(
    phrases={
        "seven_out": gettext_noop("Seven out: the puck turns OFF and the dice pass to the left"),
        "no_shooter": gettext_noop("Nobody takes the dice: no roll this time"),
    },
    special={
        "resolved": _resolved,
        "taken_down": _taken_down,
        "working": _working,
        "after_win": _after_win,
        "place_group": _bet_group,
        "point": _point,
        "point_made": _point,
        "shooter": _shooter,
        "dice_to_shooter": _shooter,
        "dice_refused": _shooter,
    },
    reasons={
        **plain_reasons(
            gettext_noop("commission earned"),
            gettext_noop("commission returned"),
            gettext_noop("taken down"),
            gettext_noop("taken down after a win"),
            gettext_noop("taken down: the player left"),
        ),
        # a bet off on a come-out roll returned unplayed (the engine writes the ruling)
        "odds off: returned (C5)": gettext_noop("off on this roll: returned"),
        # a bet moved onto its number, or doubled from its win
        "moved": gettext_noop("moved to its number"),
        "pressed": gettext_noop("pressed: the bet doubled"),
    },
)
