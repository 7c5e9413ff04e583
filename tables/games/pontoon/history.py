"""Pontoon's words in the hand history (tables/history.py): a twist and a card bought on a box
(the family's moves, tables/families/twentyone/history.py), the stake a card bought adds."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.families.twentyone.history import add_moves
from tables.history import register

add_moves(
    {
        "twist": gettext_noop("%(player)s twists on box %(box)s"),
        "buy": gettext_noop("%(player)s buys a card on box %(box)s"),
    },
    # the card of an owner's move that asked the stakers behind first (a card event's "ask")
    asked={"buy": gettext_noop("Box %(box)s gets the card bought:")},
)
# a stake added with a card bought (the engine writes "buy")
register(reasons={"buy": gettext_noop("a stake added for a card bought")})
