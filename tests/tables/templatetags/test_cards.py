"""Cards are symbols of one SVG sprite in static/ (DESIGN.md); boards refer to them."""

import io
import re
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from tables.engines.cards import JOKER, pack_52
from tables.templatetags import cards

SYMBOL = re.compile(r'<symbol id="card-([^"]+)"')


def _sprite_file() -> Path:
    return Path(settings.BASE_DIR) / "static" / cards.SPRITE


def test_the_sprite_in_static_is_the_one_the_code_draws():
    # after changing a drawing: python manage.py cardsprite
    assert _sprite_file().read_text(encoding="utf-8") == cards.card_sprite()


def test_the_sprite_has_every_card_and_the_back_once():
    symbols = SYMBOL.findall(cards.card_sprite())
    assert sorted(symbols) == sorted([*pack_52(), JOKER, "back"])


def test_a_card_refers_to_its_symbol_and_says_what_it_is():
    html = cards.card("TH", "small")
    assert 'href="/static/img/cards.svg#card-TH"' in html
    assert 'aria-label="10♥"' in html and 'data-card="TH"' in html and "card-small" in html
    assert 'href="/static/img/cards.svg#card-back"' in cards.card_back()
    assert "data-card" not in cards.card_back()  # a back tells nothing


def test_cardsprite_writes_the_sprite(tmp_path, settings):
    settings.BASE_DIR = tmp_path
    (tmp_path / "static" / "img").mkdir(parents=True)
    call_command("cardsprite", stdout=io.StringIO())
    assert (tmp_path / "static" / cards.SPRITE).read_text(encoding="utf-8") == cards.card_sprite()
