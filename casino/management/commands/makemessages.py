"""``makemessages`` that finds every message of the Jinja2 boards.

Django's own command turns each template into Python through its *template* lexer, which knows
``{% translate %}`` and ``{{ _("...")|filter }}`` but not a ``_("...")`` passed to a Jinja macro
(``{{ act_button("pass", _("Pass")) }}``): every ``make messages`` marked those obsolete and the
boards lost their Russian. A board is turned into Python here by the very pattern that
``casino.jinja2``'s loader translates (``MESSAGE``), each call on its source line, so what is
extracted is exactly what is translated.
"""

import json
from pathlib import Path

from django.core.management.commands import makemessages

from casino.jinja2 import MESSAGE, TEMPLATE_DIRS


def jinja_messages_as_python(source: str) -> str:
    lines = [""] * (source.count("\n") + 1)
    for match in MESSAGE.finditer(source):
        line = source.count("\n", 0, match.start())
        lines[line] += f"_({json.dumps(match.group(1), ensure_ascii=False)});"
    return "\n".join(lines)


class JinjaAwareBuildFile(makemessages.BuildFile):
    def preprocess(self):
        path = Path(self.path).resolve()
        if not any(path.is_relative_to(folder.resolve()) for folder in TEMPLATE_DIRS):
            return super().preprocess()
        source = Path(self.path).read_text(encoding="utf-8")
        Path(self.work_path).write_text(jinja_messages_as_python(source), encoding="utf-8")


class Command(makemessages.Command):
    build_file_class = JinjaAwareBuildFile
    # a msgid marked in its context but not translated yet (tables.history.pgettext_noop)
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=pgettext_noop:1c,2"]
