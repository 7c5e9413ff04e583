"""``served_names``: every URL pattern, template name and static path the casino serves, one a
line, sorted, each template and static file with a hash of its content — so a dump before a
move of files (issue 48: each game into its folder) and one after show, by ``diff``, that the
names are the same and what changed in which file.

    DEBUG=1 .venv/bin/python manage.py served_names > before.txt
"""

import hashlib
from pathlib import Path

from django.contrib.staticfiles import finders
from django.core.management.base import BaseCommand
from django.template import engines
from django.urls import URLPattern, URLResolver, get_resolver

from casino import jinja2


def url_lines(resolver: URLResolver, prefix: str = "") -> list[str]:
    lines = []
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            lines += url_lines(entry, route)
        elif isinstance(entry, URLPattern):
            lines.append(f"url {route} {entry.name or '-'}")
    return lines


def _digest(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()[:12]


def template_lines() -> list[str]:
    found: dict[str, str] = {}
    django_dirs = [Path(d) for d in engines["django"].template_dirs]
    # (a checkout before the game folders had one board directory)
    board_dirs = getattr(jinja2, "TEMPLATE_DIRS", None) or [jinja2.TEMPLATE_DIR]
    for kind, directories in (("template", django_dirs), ("board", board_dirs)):
        for directory in directories:
            for path in sorted(Path(directory).rglob("*.html")):
                relative = path.relative_to(directory)
                if kind == "template" and relative.parts[0] == "jinja2":
                    continue  # the boards' directory inside templates/: Jinja2's, not Django's
                name = f"{kind} {relative}"
                # the first directory that has a name is the one it is rendered from
                found.setdefault(name, _digest(path))
    return [f"{name} {digest}" for name, digest in sorted(found.items())]


def static_lines() -> list[str]:
    found: dict[str, str] = {}
    for finder in finders.get_finders():
        for name, storage in finder.list(["admin/*", "CACHE/*"]):
            found.setdefault(name, _digest(Path(storage.path(name))))
    return [f"static {name} {digest}" for name, digest in sorted(found.items())]


class Command(BaseCommand):
    help = "Print every URL pattern, template name and static path served (with content hashes)."

    def handle(self, *args, **options):
        for line in sorted(url_lines(get_resolver())) + template_lines() + static_lines():
            self.stdout.write(line)
