"""`make messages` keeps every message of the Jinja2 boards (they were marked obsolete once)."""

import json
import re

from casino.jinja2 import MESSAGE, TEMPLATE_DIR
from casino.management.commands.makemessages import jinja_messages_as_python

EXTRACTED = re.compile(r'_\(("[^"]*")\);')  # MESSAGE admits no quote or backslash


def test_a_message_passed_to_a_macro_is_extracted_on_its_own_line():
    source = (
        '<p>{{ act_button("pass", _("Pass"), "p") }}</p>\n'
        '<p>Don\'t {{ _("to %(wins)s wins")|format(wins=3) }}</p>\n'
        '{% if seated %}{{ shared.seat_actions(me, _("Leaving \u2014 folds.")) }}{% endif %}'
    )
    assert jinja_messages_as_python(source).split("\n") == [
        '_("Pass");',
        '_("to %(wins)s wins");',
        '_("Leaving \u2014 folds.");',
    ]


def test_every_board_message_is_in_the_python_given_to_xgettext():
    for path in TEMPLATE_DIR.rglob("*.html"):
        source = path.read_text(encoding="utf-8")
        python = jinja_messages_as_python(source)
        assert python.count("\n") == source.count("\n")  # xgettext's line numbers stay true
        extracted = [json.loads(call) for call in EXTRACTED.findall(python)]
        assert extracted == MESSAGE.findall(source), path
