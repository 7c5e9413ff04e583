"""Twenty-one's words in the hand history (tables/history.py): a move on a box or on one hand
of it, the cards the dealer gives a box's hand, the dealer's peek; a game of the family adds
its own moves (``add_moves``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tables.families.house.history import box_number
from tables.history import Teller, check_claims, plain_reasons, register

# a move on a house game's box or on one hand of it (%(player)s, %(box)s, %(amount)s)
BOX_MOVES = {
    "hit": gettext_noop("%(player)s takes a card on box %(box)s:"),
    "double": gettext_noop("%(player)s doubles the bet on box %(box)s"),
    "split": gettext_noop("%(player)s splits box %(box)s"),
    "surrender": gettext_noop("%(player)s surrenders the bet on box %(box)s"),
    "stay": gettext_noop("%(player)s keeps the bet on the first hand of box %(box)s"),
    "move": gettext_noop("%(player)s moves the bet to the new hand of box %(box)s"),
    "even_money": gettext_noop("%(player)s takes even money on box %(box)s"),
    "insurance": gettext_noop("%(player)s insures box %(box)s for %(amount)s"),
    "decline": gettext_noop("%(player)s does not double on box %(box)s"),
}
# the card of an owner's move that asked the stakers behind first (a card event's "ask")
ASKED_CARDS: dict[str, str] = {}


def _box_move(teller: Teller, event: dict) -> list[dict]:
    """A player's move on a box (a card taken, a double, a split and the answers to it, a
    surrender, insurance, even money); with no box, the move as any game's."""
    seat = event.get("seat")
    words = {
        "player": teller.name(seat),
        "box": box_number(event),
        "amount": teller.money(event.get("amount")),
    }
    kind = event["type"]
    if words["box"] is None or seat is None:
        return teller.plain_lines(event)
    cards = [event["card"]] if isinstance(event.get("card"), str) else None
    extra = {"amount": words["amount"]} if event.get("amount") is not None else {}
    return [teller.line(kind, seat, _(BOX_MOVES[kind]) % words, cards, **extra)]


def _box_cards(teller: Teller, event: dict) -> list[dict]:
    """Cards to a box's hand by the dealer: a doubled hand's one card, a card bought, a card to
    each hand of a split."""
    words = {"box": box_number(event)}
    cards = event.get("cards") if isinstance(event.get("cards"), list) else [event.get("card")]
    if words["box"] is None:
        return [teller.line(event["type"], None, _("Cards are dealt"), cards)]
    if event["type"] == "split_cards":
        text = _("Box %(box)s: a card to each hand of the split:")
    elif event.get("ask") in ASKED_CARDS:
        text = _(ASKED_CARDS[event["ask"]])
    else:
        text = _("Box %(box)s gets its one card:")
    return [teller.line(event["type"], None, text % words, cards)]


def _peek(teller: Teller, event: dict) -> list[dict]:
    if event.get("natural"):
        text = _("The dealer checks his face-down card: a natural")
    else:
        text = _("The dealer checks his face-down card: no natural")
    return [teller.line("peek", None, text)]


def add_moves(moves: dict[str, str], asked: dict[str, str] | None = None) -> None:
    """A game's own moves on a box (``BOX_MOVES``: kind -> its msgid) and the cards they bring
    (``ASKED_CARDS``), each told by ``_box_move``."""
    check_claims(BOX_MOVES, moves, "move on a box")
    check_claims(ASKED_CARDS, asked or {}, "card asked for")
    register(special={kind: _box_move for kind in moves})
    BOX_MOVES.update(moves)
    ASKED_CARDS.update(asked or {})


register(
    special={
        **{kind: _box_move for kind in BOX_MOVES},
        "card": _box_cards,
        "split_cards": _box_cards,
        "peek": _peek,
    },
    reasons={
        **plain_reasons(
            gettext_noop("double"),
            gettext_noop("insurance"),
            gettext_noop("insurance lost"),
            gettext_noop("insurance returned"),
            gettext_noop("insurance won"),
            gettext_noop("surrender lost"),
            gettext_noop("surrender returned"),
            gettext_noop("even money returned"),
            gettext_noop("even money won"),
        ),
        # a stake put on the hand a split made (the engines write "split")
        "split": gettext_noop("a stake on a split hand"),
    },
)
