"""The Python half of the table kit (templates/jinja2/tables/_kit.html, static/css/table-kit.css):
what a game's presenter hands to the kit's macros, computed once per board in Python.

- ``card_items(codes, size, new_from)``: cards for ``kit.cards``/``kit.hand``/``kit.pick_hand``:
  each ``{"code", "svg", "new"}``; ``new`` is the card's place in the deal (0, 1, ...) when it is
  new in this version (the CSS deals it in after the ones before it), else None.
- ``back_items(count, size)``: face-down cards, the same shape.
- ``money_box(currency, low, high, value=..., quick=[(label, minor)])``: the money input's
  bounds written in major units ("1.00 BYN – 1 000.00 BYN"), its value as a person types it,
  and the quick-stake buttons (each amount clipped to the bounds, repeats dropped).
- ``standard_quick_stakes(low, high, pot)``: min, ½ pot, pot, max.
- ``affordable(low, high, balance)``: a stake's bounds within what the player's wallet holds
  (``Presentation.balance_in_view``), or None when he cannot afford the low bound.
- ``signed(amount, currency)``: a net with its sign ("+1.00 BYN", "−1.00 BYN").

Nothing here knows a game. Card SVGs come from tables.templatetags.cards (a sprite reference,
cached per card and size)."""

from __future__ import annotations

import functools

from django.utils.translation import gettext_noop, pgettext_lazy

from casino.amounts import amount_input_value
from casino.currencies import format_amount
from tables.board_words import gettext
from tables.templatetags.cards import card as card_svg
from tables.templatetags.cards import card_back

SIZES = ("small", "normal", "large")
QUICK_WORDS = (
    gettext_noop("min"),
    gettext_noop("½ pot"),
    gettext_noop("pot"),
    gettext_noop("max"),
)


# a card in words ("the ace of hearts"), for labels and messages; the board draws it as a card
RANK_WORDS = {
    "2": pgettext_lazy("card rank", "two"),
    "3": pgettext_lazy("card rank", "three"),
    "4": pgettext_lazy("card rank", "four"),
    "5": pgettext_lazy("card rank", "five"),
    "6": pgettext_lazy("card rank", "six"),
    "7": pgettext_lazy("card rank", "seven"),
    "8": pgettext_lazy("card rank", "eight"),
    "9": pgettext_lazy("card rank", "nine"),
    "T": pgettext_lazy("card rank", "ten"),
    "J": pgettext_lazy("card rank", "jack"),
    "Q": pgettext_lazy("card rank", "queen"),
    "K": pgettext_lazy("card rank", "king"),
    "A": pgettext_lazy("card rank", "ace"),
}
SUIT_WORDS = {  # "of hearts": the suit as it follows a rank
    "H": pgettext_lazy("card suit", "of hearts"),
    "D": pgettext_lazy("card suit", "of diamonds"),
    "C": pgettext_lazy("card suit", "of clubs"),
    "S": pgettext_lazy("card suit", "of spades"),
}


class Lazy:
    """A board's fact made when a template first reads it (iterates, tests, indexes or gets
    from it): for what only shared sections show, which a board finds drawn already for its
    version (``tables.presenters.shared_section``) and so never reads."""

    __slots__ = ("_make", "_value")
    _UNMADE = object()

    def __init__(self, make):
        self._make = make
        self._value = Lazy._UNMADE

    @property
    def value(self):
        if self._value is Lazy._UNMADE:
            self._value = self._make()
        return self._value

    def __iter__(self):
        return iter(self.value)

    def __len__(self):
        return len(self.value)

    def __bool__(self):
        return bool(self.value)

    def __getitem__(self, key):
        return self.value[key]

    def get(self, key, default=None):
        return self.value.get(key, default)


def card_words(code: str) -> str:
    """ "AH" -> "ace of hearts" ("туз червей"); a code of another shape as it is."""
    if len(code) != 2 or code[0] not in RANK_WORDS or code[1] not in SUIT_WORDS:
        return code
    return f"{RANK_WORDS[code[0]]} {SUIT_WORDS[code[1]]}"


def card_items(codes, size: str = "normal", new_from: int | None = None) -> list[dict]:
    """The cards `codes` face up, for the kit's macros; the cards from index `new_from` on are
    new in this version (dealt in one after another), none if `new_from` is None."""
    items = []
    for index, code in enumerate(codes or ()):
        new = None if new_from is None or index < new_from else index - new_from
        items.append({"code": code, "svg": card_svg(code, size), "new": new})
    return items


def back_items(count: int, size: str = "small") -> list[dict]:
    """`count` face-down cards."""
    return list(_backs(int(count or 0), size))


@functools.lru_cache(maxsize=64)
def _backs(count: int, size: str) -> tuple:
    svg = card_back(size)
    return tuple({"code": "", "svg": svg, "new": None} for _ in range(count))


def signed(amount: int, currency: str) -> str:
    """A net as a board calls it: "+1.00 BYN", "−1.00 BYN", "0.00 BYN"."""
    text = format_amount(abs(int(amount)), currency)
    return f"+{text}" if amount > 0 else (f"−{text}" if amount < 0 else text)


def bounds_text(low: int | None, high: int | None, currency: str) -> str:
    """ "1.00 BYN – 1 000.00 BYN" (either bound may be missing)."""
    if low is None and high is None:
        return ""
    if high is None:
        return gettext("from %(low)s") % {"low": format_amount(low, currency)}
    if low is None:
        return gettext("up to %(high)s") % {"high": format_amount(high, currency)}
    return f"{format_amount(low, currency)} – {format_amount(high, currency)}"


def money_box(
    currency: str,
    low: int | None,
    high: int | None,
    *,
    value: int | None = None,
    quick=(),
) -> dict:
    """What ``kit.money_input`` shows: the value (minor units, default the low bound) and the
    bounds in major units, and the quick stakes ``quick`` [(label, minor)] as (label, the text
    a click types into the box), clipped to the bounds, a repeated amount shown once."""
    if value is None:
        value = low
    buttons, seen = [], set()
    for label, minor in quick or ():
        if minor is None:
            continue
        minor = int(minor)
        if low is not None:
            minor = max(minor, int(low))
        if high is not None:
            minor = min(minor, int(high))
        if minor <= 0 or minor in seen:
            continue
        seen.add(minor)
        buttons.append((label, amount_input_value(minor, currency)))
    return {
        "currency": currency,
        "value": amount_input_value(value, currency) if value is not None else "",
        "low": amount_input_value(low, currency) if low is not None else "",
        "high": amount_input_value(high, currency) if high is not None else "",
        "low_text": format_amount(low, currency) if low is not None else "",
        "high_text": format_amount(high, currency) if high is not None else "",
        "bounds": bounds_text(low, high, currency),
        "quick": buttons,
    }


def standard_quick_stakes(low: int | None, high: int | None, pot: int | None = None) -> list:
    """Min, ½ pot, pot, max (the pot's only when there is one), in the active language."""
    stakes = [(gettext("min"), low)]
    if pot:
        stakes += [(gettext("½ pot"), pot // 2), (gettext("pot"), pot)]
    stakes.append((gettext("max"), high))
    return stakes


def affordable(low: int | None, high: int | None, balance: int | None) -> tuple | None:
    """The bounds ``[low, high]`` of a stake, the high one no more than ``balance`` (the seat's
    wallet, None when the view does not carry it); None when there is no range or the wallet
    does not hold the low bound."""
    if low is None or high is None:
        return None
    if balance is not None:
        high = min(int(high), int(balance))
    if high < low:
        return None
    return int(low), int(high)
