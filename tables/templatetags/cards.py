"""Cards as SVG: `{% card "QH" %}`, `{% card_back %}`.

Each card is drawn once, as a symbol of the sprite `static/img/cards.svg` (DESIGN.md: cards as SVG
in static/); a board refers to it (`<use href=".../cards.svg#card-QH">`), so the browser fetches
the drawings once and caches them, and a board sent on every change carries ~130 bytes a card
instead of its whole drawing. `python manage.py cardsprite` writes the sprite from `card_sprite()`
(a test checks that the file is up to date).
"""

import functools

from django import template
from django.templatetags.static import static
from django.utils.html import format_html

from tables.engines.cards import JOKER, RANKS_52, SUIT_SYMBOLS, SUITS

register = template.Library()

RED_SUITS = {"H", "D"}
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
SPRITE = "img/cards.svg"

FACE = (
    '<symbol id="card-{code}" viewBox="0 0 60 84"><rect x="1" y="1" width="58" height="82" '
    'rx="6" fill="#fff" stroke="#888"/><text x="6" y="20" font-size="16" font-weight="700" '
    'fill="{colour}">{rank}</text><text x="6" y="36" font-size="14" fill="{colour}">{symbol}</text>'
    '<text x="30" y="62" font-size="30" text-anchor="middle" fill="{colour}">{symbol}</text>'
    "</symbol>"
)
BACK_FACE = (
    '<symbol id="card-back" viewBox="0 0 60 84"><rect x="1" y="1" width="58" height="82" rx="6" '
    'fill="#1d3f8f" stroke="#0d2356"/><rect x="7" y="7" width="46" height="70" rx="4" '
    'fill="none" stroke="#9fb4e8" stroke-dasharray="3 3"/></symbol>'
)


def _face(code: str) -> tuple[str, str, str]:
    """(colour, rank as shown, suit symbol) of a card."""
    if code == JOKER:
        return "#7a1fa2", "J", "★"
    colour = "#c62828" if code[1] in RED_SUITS else "#1b1f23"
    return colour, RANK_NAMES.get(code[0], code[0]), SUIT_SYMBOLS[code[1]]


def card_sprite() -> str:
    """The sprite: every card of a 52-card pack, the joker and the back, one symbol each."""
    faces = []
    for code in [r + s for s in SUITS for r in RANKS_52] + [JOKER]:
        colour, rank_text, symbol = _face(code)
        faces.append(FACE.format(code=code, colour=colour, rank=rank_text, symbol=symbol))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n' + "\n".join([*faces, BACK_FACE]) + "\n</svg>\n"
    )


@register.simple_tag
def card(code: str, size: str = "normal"):
    # A board shows dozens of cards and is rendered for every socket on every change.
    return _card_svg(code, size)


@functools.lru_cache(maxsize=512)
def _card_svg(code: str, size: str):
    _colour, rank_text, symbol = _face(code)
    return format_html(
        '<svg class="card card-{size}" viewBox="0 0 60 84" role="img" aria-label="{label}" '
        'data-card="{code}"><use href="{sprite}#card-{code}"/></svg>',
        size=size,
        label=f"{rank_text}{symbol}",
        code=code,
        sprite=static(SPRITE),
    )


@register.simple_tag
@functools.lru_cache(maxsize=8)
def card_back(size: str = "normal"):
    return format_html(
        '<svg class="card card-back card-{size}" viewBox="0 0 60 84" aria-hidden="true">'
        '<use href="{sprite}#card-back"/></svg>',
        size=size,
        sprite=static(SPRITE),
    )


@register.filter
def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, suit)


@register.filter
def repeat(count: int):
    return range(count or 0)
