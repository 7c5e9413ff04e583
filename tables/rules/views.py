"""The rules pages: the index of every game and one game's rules (tables/rules/__init__.py)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop

from casino import jinja2
from tables.engines.registry import registered_games
from tables.models import Table
from tables.rules import PAGES, SECTIONS, page_for
from tables.rules.limits import table_limits
from tables.rules.returns import computed_for, published, return_rows

# a house game's page adds its bets' returns after the money's section (issue 47)
RETURNS = ("returns", gettext_noop("Return to player"))

DOCUMENT_LANGUAGES = ("ru", "en")


def _document_language() -> str:
    language = (translation.get_language() or "ru").split("-")[0]
    return language if language in DOCUMENT_LANGUAGES else DOCUMENT_LANGUAGES[0]


def rules_index(request):
    pages = [
        {
            "page": PAGES[game],
            "title": gettext(PAGES[game].title),
            "summary": gettext(PAGES[game].summary),
        }
        for game in registered_games()
        if game in PAGES
    ]
    return render(request, "rules/index.html", {"pages": pages})


def game_rules(request, game: str):
    page = page_for(game)
    if page is None or game not in registered_games():
        raise Http404(gettext("There is no such game."))
    table = None
    table_id = request.GET.get("table", "")
    if table_id.isdigit():
        table = Table.objects.filter(pk=int(table_id), game=game).first()
    words = mark_safe(jinja2.render("rules/_words.html", {"keys": page.terms}))  # noqa: S308 - rendered with autoescape
    sections = [(anchor, gettext(page.titles.get(anchor, title))) for anchor, title in SECTIONS]
    returns = return_rows(game)
    if returns:
        at = next(i for i, (anchor, _title) in enumerate(sections) if anchor == "money") + 1
        sections.insert(at, (RETURNS[0], gettext(RETURNS[1])))
    return render(
        request,
        f"rules/{_document_language()}/{game}.html",
        {
            "page": page,
            "title": gettext(page.title),
            "sections": sections,
            "returns": returns,
            # one method for every bet: said once under the table, not in a column
            "returns_method": returns[0]["method"]
            if returns and len({r["method"] for r in returns}) == 1
            else "",
            "returns_for": computed_for(game) if returns else [],
            "returns_strategy": (published(game) or {}).get("strategy", ""),
            "table": table,
            "limits": table_limits(table) if table is not None else None,
            "words": words,
        },
    )
