"""What every house-banked game's presenter draws alike for the box board
(jinja2/tables/_house.html draws it): every box of the layout (free or played) and the forms
that stake a box picked from a list, each option a box's number and whose it is. A game's
presenter hands over the facts it worked out from the engine's ranges; nothing here knows a
game.
"""

from __future__ import annotations

from collections.abc import Callable

from tables.board_words import gettext
from tables.kit import money_box, standard_quick_stakes


def seat_name(names: list[str], position) -> str:
    """The name of the player at ``position``, or a dash for no seat (-1, out of range)."""
    position = int(position)
    return names[position] if 0 <= position < len(names) else "—"


def layout_items(game: dict, draw: Callable[[dict, int], dict]) -> list[dict]:
    """Every box of the view's layout in order, as ``house.box_row`` draws them: a free box
    says so, a played one is ``draw(box, place)``, ``place`` its place among the played boxes
    (0, 1, ...: the order they are dealt in)."""
    by_number = {b["number"]: b for b in game.get("boxes") or []}
    items, place = [], 0
    for n in range(int(game.get("layout") or len(by_number))):
        box = by_number.get(n)
        if box is None:
            items.append({"index": n, "number": n + 1, "free": True})
        else:
            items.append(draw(box, place))
            place += 1
    return items


def own_box_label(number: int, owner) -> str:
    """A box you may stake as its owner: yours already, or free to take (``number`` from 0)."""
    if owner is not None:
        return gettext("box %(number)s (yours)") % {"number": number + 1}
    return gettext("box %(number)s (free)") % {"number": number + 1}


def box_pick_forms(
    facts: dict, names: list[str], currency: str, own: tuple = ("box",), others: tuple = ()
) -> dict:
    """The stake forms that pick a box, ``{"<key>_form": {"options": [(box, label)], "dark",
    "box": money box}}`` for each key of ``own`` (boxes the seat owns or may take) and of
    ``others`` (other players' boxes: a bet behind) found in ``facts``, each fact
    ``{"bounds": (low, high), "options": [(box, owner)], "value": minor, "dark": bool}``."""

    def other_label(number: int, owner) -> str:
        return gettext("box %(number)s · %(name)s") % {
            "number": number + 1,
            "name": seat_name(names, owner if owner is not None else -1),
        }

    forms = {}
    for keys, label_of in ((own, own_box_label), (others, other_label)):
        for key in keys:
            offer = facts.get(key)
            if not offer:
                continue
            low, high = offer["bounds"]
            forms[f"{key}_form"] = {
                "options": [(n, label_of(n, owner)) for n, owner in offer["options"]],
                "dark": offer.get("dark", False),
                "box": money_box(
                    currency,
                    low,
                    high,
                    value=offer["value"],
                    quick=standard_quick_stakes(low, high),
                ),
            }
    return forms
