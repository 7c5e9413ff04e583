"""The Jinja2 environment of the templates rendered on every change of a live table.

A table's board is rendered for each socket on each card played; Django's template language
spent most of a table action's CPU on it (benchmarks/README.md, ``table_load``), so the boards
are Jinja2 templates, which compile to Python. Everything else stays in Django templates.

Translations are Django's: ``_("...")`` is ``gettext`` in the active language (the caller
overrides it per socket), and ``makemessages`` finds ``{{ _("...") }}`` in these ``.html`` files as
it finds ``{% translate %}`` in the others. Plurals are computed by the presenter (``ngettext``).
"""

from __future__ import annotations

from django.utils.translation import gettext
from jinja2 import Environment

from casino.templatetags.money import money
from tables.templatetags.cards import card, card_back


def environment(**options) -> Environment:
    env = Environment(**options)
    env.globals.update({"_": gettext, "card": card, "card_back": card_back, "money": money})
    return env
