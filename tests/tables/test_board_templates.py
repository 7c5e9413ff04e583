"""The boards' Jinja2 templates are compiled once per language (casino/jinja2.py)."""

import random
import re

import pytest
from django.utils import translation

from casino import jinja2
from tables import presenters
from tables.games.durak import engine as durak
from tests.tables.test_presenters import _view

BOARDS = sorted(jinja2.TEMPLATE_DIR.rglob("*.html"))


INCLUDE = re.compile(r'\{%-?\s*include\s+"([^"]+)"')


def _messages(path):
    """A template's messages and those of the templates it includes (a game's board that is
    every twenty-one game's board)."""
    text = path.read_text()
    found = jinja2.MESSAGE.findall(text)
    for name in INCLUDE.findall(text):
        found += _messages(jinja2.TEMPLATE_DIR / name)
    return found


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: str(p.relative_to(jinja2.TEMPLATE_DIR)))
def test_every_message_of_a_board_has_a_russian_translation(path):
    messages = _messages(path)
    # a board that only extends another (a twenty-one game's) has its messages there
    assert messages or "{% extends " in path.read_text()
    with translation.override("ru"):
        untranslated = [m for m in messages if translation.gettext(m) == m]
    assert untranslated == []


def test_a_board_is_compiled_with_its_language_and_escapes_what_players_typed():
    presenters._boards.clear()
    state = durak.new_hand({"wins_to_win": 5, "stake": 100}, [0, 1], random.Random(3), None)
    view = _view(state, None)
    view["table"]["seats"][0]["name"] = '<script>alert("x")</script>'
    russian = presenters.render_board(view, "ru")
    english = presenters.render_board(view, "en")
    assert "Козыри" in russian and "Trumps" not in russian
    assert "Trumps" in english and "Козыри" not in english
    for board in (russian, english):
        assert "<script>" not in board and "&lt;script&gt;" in board
        assert '_("' not in board
