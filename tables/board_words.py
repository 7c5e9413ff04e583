"""``gettext`` for what draws a board (the presenters, the table kit, the families' board code):
the active language's translation of a message, kept per language while a board renders.

Django's ``gettext`` looks the language up in an asgiref local and the message up through the
catalogues at every call; a six-seat board asks some twenty of them, ~15 % of rendering it
(issue 49). While ``tables.presenters.board_html`` renders, the language is in a context variable
of its own (``rendering_in``) and each message's translation is kept by (language, message);
anywhere else this is Django's ``gettext``."""

from __future__ import annotations

import contextlib
import contextvars

from django.utils import translation

WORDS_KEPT = 20_000  # far above the boards' messages: a bound, should a message ever be built
_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "board_language", default=None
)
_words: dict[tuple[str, str], str] = {}


def gettext(message: str) -> str:
    language = _language.get()
    if language is None:
        return translation.gettext(message)
    key = (language, message)
    text = _words.get(key)
    if text is None:
        if len(_words) > WORDS_KEPT:
            _words.clear()
        text = _words[key] = translation.gettext(message)
    return text


@contextlib.contextmanager
def rendering_in(language: str | None):
    """The block renders a board in `language` (the active one): ``gettext`` keeps what it
    translates for it."""
    token = _language.set(language)
    try:
        yield
    finally:
        _language.reset(token)
