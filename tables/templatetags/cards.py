"""Cards as inline SVG: `{% card "QH" %}`, `{% card_back %}`."""

import functools

from django import template
from django.utils.html import format_html

from tables.engines.cards import JOKER, SUIT_SYMBOLS

register = template.Library()

RED_SUITS = {"H", "D"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}


CARD_SVG = (
    '<svg class="card card-{size}" viewBox="0 0 60 84" role="img" aria-label="{label}" '
    'data-card="{code}"><rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" '
    'stroke="#888"/><text x="6" y="20" font-size="16" font-weight="700" fill="{colour}">'
    '{rank}</text><text x="6" y="36" font-size="14" fill="{colour}">{symbol}</text>'
    '<text x="30" y="62" font-size="30" text-anchor="middle" fill="{colour}">{symbol}</text>'
    "</svg>"
)


def _rank_text(card: str) -> str:
    return RANK_NAMES.get(card[0], card[0])


@register.simple_tag
def card(code: str, size: str = "normal"):
    # A board shows dozens of cards and is rendered for every socket on every change.
    return _card_svg(code, size)


@functools.lru_cache(maxsize=512)
def _card_svg(code: str, size: str):
    if code == JOKER:
        colour, rank_text, symbol = "#7a1fa2", "J", "★"
    else:
        colour = "#c62828" if code[1] in RED_SUITS else "#1b1f23"
        rank_text, symbol = _rank_text(code), SUIT_SYMBOLS[code[1]]
    return format_html(
        CARD_SVG,
        size=size,
        label=f"{rank_text}{symbol}",
        code=code,
        colour=colour,
        rank=rank_text,
        symbol=symbol,
    )


@register.simple_tag
@functools.lru_cache(maxsize=8)
def card_back(size: str = "normal"):
    return format_html(
        '<svg class="card card-back card-{size}" viewBox="0 0 60 84" aria-hidden="true">'
        '<rect x="1" y="1" width="58" height="82" rx="6" fill="#1d3f8f" stroke="#0d2356"/>'
        '<rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#9fb4e8" '
        'stroke-dasharray="3 3"/></svg>',
        size=size,
    )


@register.filter
def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, suit)


@register.filter
def repeat(count: int):
    return range(count or 0)
