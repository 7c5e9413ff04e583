"""The Jinja2 templates rendered on every change of a live table: each socket's board.

Django's template language spent most of a table action's CPU on the board (benchmarks/README.md,
``table_load``); these templates are Jinja2, compiled to Python, once per language: the loader
puts each ``_("...")`` of the source in as the active catalogue's translation before compiling,
so that rendering a board makes no gettext call at all, and ``{{ _("...") }}`` becomes plain
text of the compiled template. ``make messages`` extracts them by the same pattern
(``MESSAGE``; casino/management/commands/makemessages.py): Django's template lexer misses a
``_("...")`` passed to a macro. Plurals are the presenter's (``ngettext``).
"""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.utils import translation
from jinja2 import BaseLoader, Environment, FileSystemLoader, Template
from markupsafe import escape

from casino.templatetags.money import money as money_filter
from casino.templatetags.money import money_html
from tables.folders import board_template_dirs

TEMPLATE_DIR = settings.BASE_DIR / "templates" / "jinja2"
# the shared templates first, then each game's and family's folder's (tables/folders.py)
TEMPLATE_DIRS = [TEMPLATE_DIR, *board_template_dirs()]
MESSAGE = re.compile(r'_\("([^"\\]*)"\)')
SHOWN_MESSAGE = re.compile(r'\{\{\s*_\("([^"\\]*)"\)\s*\}\}')
JINJA_SYNTAX = re.compile(r"\{[{%#]")


class TranslatingLoader(BaseLoader):
    """The templates of ``TEMPLATE_DIRS`` in ``language``: ``{{ _("msgid") }}`` becomes the
    translation as text (HTML-escaped, so it is safe inside ``{% autoescape false %}`` too), any
    other ``_("msgid")`` (one that is formatted) the Jinja string literal of the translation."""

    def __init__(self, language: str):
        self.language = language
        self.files = FileSystemLoader(TEMPLATE_DIRS)

    def get_source(self, environment, template):
        source, filename, uptodate = self.files.get_source(environment, template)
        with translation.override(self.language):
            source = SHOWN_MESSAGE.sub(_as_text, source)
            source = MESSAGE.sub(lambda m: repr(translation.gettext(m.group(1))), source)
        return source, filename, uptodate


def _as_text(match: re.Match) -> str:
    text = str(escape(translation.gettext(match.group(1))))
    # a translation that looks like Jinja syntax stays an expression
    return repr_expression(text) if JINJA_SYNTAX.search(text) else text


def repr_expression(text: str) -> str:
    return "{{ " + repr(text) + "|safe }}"


class BoardTemplate(Template):
    """A template whose ``{% import %}`` of a macro file costs a lookup: Jinja compares the
    importing context's globals with the imported template's at every import (a set built from a
    ChainMap, ~20 µs), to see whether the cached module must be made again; a board imports
    four such files at every rendering. Here the imported template's global names are kept once
    (nothing adds globals after the environment is made), and the cached module serves whenever
    the context brings no other global, as Jinja decides."""

    _global_names: frozenset | None = None

    def _get_default_module(self, ctx=None):
        if ctx is not None:
            names = self._global_names
            if names is None:
                names = self._global_names = frozenset(self.globals)
            if ctx.globals_keys <= names:
                ctx = None
        return super()._get_default_module(ctx)


@functools.cache
def environment(language: str) -> Environment:
    """The environment of one language: its templates are compiled in that language."""
    env = Environment(
        loader=TranslatingLoader(language),
        autoescape=True,
        auto_reload=settings.DEBUG,
    )
    # the one money filter of the Django templates (casino.templatetags.money): an amount in
    # minor units as the nowrap span every page shows; `amount` wraps a text already written
    env.template_class = BoardTemplate
    # a board's own parts may be drawn by the shared macro files too (imported without context)
    env.globals["own_section"] = _own_section
    env.filters["money"] = money_filter
    env.filters["amount"] = money_html
    return env


def _own_section(name: str, caller):
    from tables.presenters import own_section  # (the presenters render through this module)

    return own_section(name, caller)


def render(name: str, context: dict) -> str:
    """Render template `name` in the active language."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    return environment(language).get_template(name).render(context)
