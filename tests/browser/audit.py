"""The page audit (issue 27 item 8): every page a role's navigation reaches, looked at in Chromium
at a phone's, a tablet's and a desktop's width, in one language at a time.

For each role (a player and each staff role of casino/roles.py) the auditor signs in and crawls
from the lobby: it follows every same-origin link (``<a href>``) of every page it visits, but visits
one page per *shape* of address (digits stand for any id: ``/tables/7/`` and ``/tables/8/`` are one
shape), so a list of a thousand bets costs one bet's page, up to ``MAX_PAGES`` a role. Each page is
loaded once, in the role's one tab (a tab a page started and ended a renderer process: a quarter
of the audit's time, issue 51), and measured at every width (the viewport resized, the layout
re-read): loaded at the width the page before ended at, the narrowest or the widest, then taken
through the others, each width read in one call to the browser (``READ``); what it finds:

- ``status``: the page answered 400 or more to a role its navigation offered it to (a link it may
  not open), or sent a signed-in person back to the login page;
- ``width``: the document is wider than the viewport (the page scrolls sideways), with the widest
  elements named;
- ``console``: a console error or an uncaught page error while it loaded;
- ``repr``: the visible text holds a Python or JSON repr or a raw ledger reference
  (``{'type': …}``, ``None``, ``table:6:bank:4``);
- ``language``: a word of the other language in the visible text: on a Russian page a Latin word
  outside the allow-list (currency codes, card ranks, units, and the proper names of the data:
  players, events, teams, sports and competitions in both their names, assets, tournaments, and
  the trader's notes of a live score, read from the database), on an English page a Cyrillic one
  outside the data's names.

Used by tests/browser/test_page_audit.py (the audit must find nothing) and by ``make screenshots``
(a full-page PNG of every page × role × width and an index.html contact sheet).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

WIDTHS = (390, 768, 1280)  # a phone, a tablet, a desktop
HEIGHT = 900
MAX_PAGES = 60  # a role's pages at most: one of each shape of address

# the kinds of finding tests/browser/test_page_audit*.py fail on (all of those above)
ENFORCED = {"status", "width", "console", "repr", "language"}

ROLES: dict[str, tuple[str, str]] = {
    "player": ("anna", "casino-demo"),
    "pit_boss": ("pitboss", "casino-pit"),
    "supervisor": ("supervisor", "casino-super"),
    "trader": ("trader", "casino-trader"),
    "cashier": ("cashier", "casino-cash"),
    "admin": ("admin", "casino-admin"),
}

# Never followed: they act (log out, switch the language) or are not pages.
SKIPPED = re.compile(
    r"^/(static/|media/|accounts/logout|i18n/|admin/logout|admin/jsi18n|admin/r/)"
    r"|/(csv|export)/?$|\.(csv|png|svg|json)$"
)
# A repr's None/True/False stand after a key, a separator or a tab (a table's cell), not at the
# start of an English sentence ("None." is the English for an empty list).
REPR = re.compile(
    r"\{'|'\w+': |(?:(?<=[:=(\[,\t] )|(?<=[:=(\[,\t]))(?:None|True|False)\b"
    r"|\b(table|tournament|hand):\d+:"
)
LATIN_WORD = re.compile(r"\b[A-Za-z][A-Za-z'’-]*[A-Za-z]\b")
CYRILLIC_WORD = re.compile(r"\b[А-Яа-яЁё][А-Яа-яЁё'’-]*[А-Яа-яЁё]\b")
# Latin words a Russian page may hold: currency codes, card ranks and suits' letters, units and
# abbreviations used in Russian text as they are.
RUSSIAN_PAGE_LATIN = {
    "BYN", "USD", "EUR", "RUB", "UAH", "Br", "CSV", "ID", "sha", "SHA", "Ante", "OK",
    "CG", "SB", "BK", "DG", "GGR", "pp", "vs", "HT", "FT", "OT", "English", "JSON",
    # Django's own Russian names these as they are: the admin's password field ("Single
    # Sign-On", spelt "Sing-On" there) and the multiple select's keys ("Control", "Command", "Mac")
    "Single", "Sign-On", "Sing-On", "LDAP", "Control", "Command", "Mac",
}  # fmt: skip
ENGLISH_PAGE_CYRILLIC = {"Русский"}  # a language offered in its own name

# The JavaScript that reads a page: its width, the widest elements, its visible text.
MEASURE = """width => {
  const doc = document.documentElement;
  // the widest elements are looked for only in a page that is too wide: they name the finding
  if (doc.scrollWidth <= width) return {width: doc.scrollWidth, wider: []};
  const wider = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 0.5
                 && getComputedStyle(e).position !== 'fixed')
    .slice(0, 4)
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
              + (typeof e.className === 'string' && e.className
                 ? '.' + e.className.split(' ')[0] : ''));
  return {width: doc.scrollWidth, wider: wider};
}"""
# the page's words; what is marked translate="no" (JSON shown as code in the admin) is data
VISIBLE_TEXT = """() => {
  if (!document.body) return '';
  let text = document.body.innerText;
  for (const data of document.body.querySelectorAll('[translate=no]')) {
    text = text.replace(data.innerText, ' ');
  }
  return text;
}"""
LINKS = """() => [...document.querySelectorAll('a[href]')]
  .filter(a => !a.closest('[hidden]'))
  .map(a => a.getAttribute('href'))"""
# The three above in one call (issue 51: each call is a round trip to the browser, and a page
# made ten of them): the width at every width, and at the widest the text and the links too.
READ = f"""({{width, whole}}) => {{
  const found = ({MEASURE})(width);
  if (whole) {{
    found.text = ({VISIBLE_TEXT})();
    found.links = ({LINKS})();
  }}
  return found;
}}"""


@dataclass(frozen=True)
class Finding:
    role: str
    path: str
    width: int | None
    kind: str
    detail: str

    def __str__(self) -> str:
        at = f" at {self.width} px" if self.width else ""
        return f"[{self.role}] {self.path}{at}: {self.kind}: {self.detail}"


@dataclass
class PageShot:
    role: str
    path: str
    width: int
    file: str


@dataclass
class AuditResult:
    findings: list[Finding] = field(default_factory=list)
    visited: dict[str, list[str]] = field(default_factory=dict)  # role -> paths
    shots: list[PageShot] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return sum(len(paths) for paths in self.visited.values())


def shape(path: str) -> str:
    """A page's address with its ids generalised: one page of each shape is visited."""
    parts = urlsplit(path)
    query = "?" + re.sub(r"=[^&]*", "=", parts.query) if parts.query else ""
    return re.sub(r"\d+", "N", parts.path) + query


def foreign_words(text: str, language: str, names: set[str]) -> list[str]:
    """The words of `text` in the other language than `language`, minus the allowed ones."""
    if language == "ru":
        words = LATIN_WORD.findall(text)
        allowed = RUSSIAN_PAGE_LATIN
    else:
        words = CYRILLIC_WORD.findall(text)
        allowed = ENGLISH_PAGE_CYRILLIC
    found = []
    for word in words:
        if word in allowed or word in names or word.lower() in names:
            continue
        if len(word) <= 2 and word.isupper() and language == "ru":  # card ranks, suits' letters
            continue  # (A, K, AH); a unit such as "s" or "h" is a word of the other language
        if word not in found:
            found.append(word)
    return found


def data_names(shell: Callable[[str], str]) -> set[str]:
    """The words of the data's proper names (players, events, teams, competitions, assets,
    tournaments), read from the server's database: a name is written as its owner wrote it."""
    code = """
import json, re
from casino.models import Player
from sportsbook.models import Competition, Event, Market, SpreadAsset, Sport
from tables.models import Tournament
texts = []
players = list(Player.objects.all())
texts += [p.username for p in players] + [p.display_name or '' for p in players]
texts += [str(e) for e in Event.objects.all()]
for attribute in ('home', 'away', 'competition', 'name'):
    texts += [str(getattr(e, attribute, '') or '') for e in Event.objects.all()]
def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)
texts += [v for m in Market.objects.all() for v in strings(m.params or {})]
texts += [v for e in Event.objects.all() for v in strings(e.participants or {})]
for model in (Sport, Competition):
    texts += [v for o in model.objects.all() for v in (o.name_ru, o.name_en)]
texts += [c.country for c in Competition.objects.all()] + [s.code for s in Sport.objects.all()]
# what the trader typed of a live score ("2nd set 2:2"): a note in his words, as written
texts += [str((e.live_score or {}).get("period") or "") for e in Event.objects.all()]
texts += [a.name for a in SpreadAsset.objects.all()] + [a.code for a in SpreadAsset.objects.all()]
texts += [t.name for t in Tournament.objects.all()]
words = {w for t in texts for w in re.findall(r"[\\w'’-]+", t)}
words |= {part for w in words for part in re.split(r"[-'’]", w)}  # "Формула-1": "Формула" too
print(json.dumps(sorted(words)))
"""
    return set(json.loads(shell(code).strip().splitlines()[-1]))


# Run in the server's database before a crawl (tests/server.py ``shell``): at every table the
# audited player (anna) and boris sit down and play through the table actor, with legal actions
# picked at random, until a hand has finished and another is in play. Prints the pages to visit
# beside what the navigation reaches: each table mid-hand, and a finished hand's detail of each.
PLAY_EVERY_TABLE = """
import json, random
from casino.models import Player
from tables import services
from tables.engines.registry import engine_for
from tables.models import Table, TableStatus

chooser = random.Random(27)
players = {p.username: p for p in Player.objects.filter(username__in=["anna", "boris"])}
paths = []
for table in Table.objects.order_by("pk"):
    engine = engine_for(table.game)
    for name in ("anna", "boris"):
        services.table_sit(table_id=table.pk, player=players[name], connected=True)
    for name in ("anna", "boris"):
        try:
            services.table_ready(table_id=table.pk, player=players[name])
        except services.TableError:
            pass
    finished = None
    for _step in range(400):
        table.refresh_from_db()
        if table.status != TableStatus.PLAYING or not table.state:
            for name in ("anna", "boris"):
                try:  # present (as an open socket would say) and ready for the next hand
                    services.table_seen(table_id=table.pk, player=players[name])
                    services.table_ready(table_id=table.pk, player=players[name])
                except services.TableError:
                    pass
            table.refresh_from_db()
            if table.status != TableStatus.PLAYING or not table.state:
                break
        # a finished hand people see: a round nobody staked in is no hand (its number is
        # taken again by the next one, which may end empty too: its page would then be gone)
        done = table.hands.shown().filter(ended_at__isnull=False).order_by("-number").first()
        finished = done.number if done else None
        if finished and not engine.is_hand_over(table.state):
            break
        seats = {s.position: s.player for s in table.seats.select_related("player")}
        awaited = [p for p in engine.to_act(table.state) if p in seats]
        if not awaited:
            break
        position = chooser.choice(awaited)
        actions = engine.legal_actions(table.state, position)
        kinds = sorted({str(a.get("type")) for a in actions})
        kind = chooser.choice(kinds)
        action = chooser.choice([a for a in actions if str(a.get("type")) == kind])
        try:
            services.table_act(table_id=table.pk, player=seats[position], action=action)
        except services.TableError:
            pass
    paths.append(f"/tables/{table.pk}/")
    if finished:
        paths.append(f"/tables/{table.pk}/hands/{finished}/")
print(json.dumps(paths))
"""


def play_every_table(shell: Callable[[str], str]) -> list[str]:
    """Play every table of the server's database to mid-hand (``PLAY_EVERY_TABLE``); returns
    the pages of each table and of a finished hand at each, for ``Auditor.audit(start=...)``."""
    return json.loads(shell(PLAY_EVERY_TABLE).strip().splitlines()[-1])


# The roles that see every table's hand (the seated player, the floor): every table's pages on
# every run. The other staff see a table as any spectator does, with the staff's own panel: a
# rotating share of the tables a run each (``start_pages``), every table over the runs.
EVERY_TABLE_ROLES = ("player", "pit_boss")
TABLE_SHARE = 4  # the other staff roles visit one table in four a run (each with its hand)


def start_pages(role: str, pages: list[str], language: str) -> list[str]:
    """The start pages `role` visits this run: all of them for ``EVERY_TABLE_ROLES`` and in the
    full matrix (``CONFORMANCE_FULL=1``); for the other roles the tables (each table's page with
    its hand's) whose turn it is, by the rotation seed (tests/rotation.py, printed in pytest's
    header), the role and the language, so that the roles and the two crawls see different
    tables. Every game's board as a spectator sees it is still visited every run, in both
    languages, by the pit boss (issue 51: the four staff roles' 34 table pages were a third of
    the audit's time)."""
    from tests.rotation import full_matrix, rotation_seed

    if role in EVERY_TABLE_ROLES or full_matrix():
        return list(pages)
    tables = sorted({_table_of(page) for page in pages})
    offset = rotation_seed() + list(ROLES).index(role) + (0 if language == "ru" else 2)
    chosen = {table for index, table in enumerate(tables) if (index + offset) % TABLE_SHARE == 0}
    return [page for page in pages if _table_of(page) in chosen]


def _table_of(page: str) -> int:
    return int(re.match(r"/tables/(\d+)/", page).group(1))


class Tab:
    """The one browser tab a role's crawl loads its pages in, and what its console said since
    the page was asked for."""

    def __init__(self, context, width: int):
        self.context = context
        self.default_width = width  # the context's viewport, a new tab's
        self.page = None
        self.width = width
        self.errors: list[str] = []
        self.open()

    def open(self) -> None:
        """A new tab, whose console errors and uncaught errors go to a list of its own."""
        errors: list[str] = []
        page = self.context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        self.page, self.errors, self.width = page, errors, self.default_width

    def resize(self, width: int) -> None:
        """The viewport at ``width`` (no call to the browser if it is there already)."""
        if width != self.width:
            self.page.set_viewport_size({"width": width, "height": HEIGHT})
            self.width = width

    def renew(self) -> None:
        """The tab closed and another opened: what the console of a page says after the crawl
        moved on (a refused page's 404, reported after its answer) is not the next page's."""
        self.page.close()
        self.open()


class Auditor:
    """Crawls one role's pages in one language and collects what is wrong with them."""

    def __init__(
        self,
        browser,
        base_url: str,
        names: set[str],
        *,
        language: str = "ru",
        widths: Iterable[int] = WIDTHS,
        shots_dir=None,
        max_pages: int = MAX_PAGES,
    ):
        self.browser = browser
        self.base_url = base_url.rstrip("/")
        self.names = names
        self.language = language
        self.widths = tuple(widths)
        self.shots_dir = shots_dir
        self.max_pages = max_pages

    def audit(self, roles: Iterable[str] = ROLES, start: Iterable[str] = ()) -> AuditResult:
        result = AuditResult()
        for role in roles:
            self.audit_role(role, result, start)
        return result

    def audit_role(self, role: str, result: AuditResult, start: Iterable[str] = ()) -> None:
        username, password = ROLES[role]
        locale = "ru-RU" if self.language == "ru" else "en-GB"
        context = self.browser.new_context(
            base_url=self.base_url,
            locale=locale,
            viewport={"width": self.widths[-1], "height": HEIGHT},
        )
        context.set_default_timeout(20_000)
        try:
            tab = Tab(context, self.widths[-1])
            self._log_in(tab.page, username, password)
            # the start pages are each visited (a table of every game, say), then one page of
            # each other shape the navigation reaches
            start = list(start)
            queue = [*start, "/lobby/"]
            seen_shapes: set[str] = set()
            linked: set[str] = set()  # what the pages visited so far offered
            visited = result.visited.setdefault(role, [])
            while queue and len(visited) < self.max_pages + len(start):
                path = queue.pop(0)
                if shape(path) in seen_shapes and path not in start:
                    continue
                seen_shapes.add(shape(path))
                visited.append(path)
                offered = path not in start or path in linked
                for link in self.visit(tab, role, path, result, offered=offered):
                    linked.add(link)
                    if shape(link) not in seen_shapes:
                        queue.append(link)
        finally:
            context.close()

    def _log_in(self, page, username: str, password: str) -> None:
        page.goto("/accounts/login/")
        form = page.locator("main form").filter(has=page.locator("input[name=username]"))
        form.locator("input[name=username]").fill(username)
        form.locator("input[name=password]").fill(password)
        form.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r"/lobby/$"))
        # one language at a time: the reader's choice, as the header's switch makes it
        page.evaluate(
            """language => fetch('/i18n/setlang/', {method: 'POST', headers: {'X-CSRFToken':
               document.cookie.replace(/(?:(?:^|.*;\\s*)csrftoken\\s*=\\s*([^;]*).*$)|^.*$/, '$1'),
               'Content-Type': 'application/x-www-form-urlencoded'},
               body: 'language=' + language + '&next=/lobby/'})""",
            self.language,
        )

    def visit(
        self, tab: Tab, role: str, path: str, result: AuditResult, *, offered: bool = True
    ) -> list[str]:
        """Load `path` as `role` in the role's tab, check it at every width; returns the page's
        links to follow. A start page no page has offered the role (a hand's detail to a
        trader, say) may be refused him: that is not a finding, and the page is not looked at."""
        page = tab.page

        def find(kind: str, detail: str, width: int | None = None) -> None:
            result.findings.append(Finding(role, path, width, kind, detail))

        # loaded at the width the tab is at (the last page's last), then narrowed or widened
        # through the others: no resize spent on the page before (issue 51)
        widths = self.widths[::-1] if tab.width == self.widths[-1] else self.widths
        tab.resize(widths[0])
        tab.errors.clear()  # what the page before said on it is its own
        response = page.goto(path, wait_until="load")
        status = response.status if response is not None else 0
        if status >= 400:
            tab.renew()  # (the console's error of this answer may come after it)
            if status in (403, 404) and not offered:
                result.visited[role].remove(path)
            else:
                find("status", f"answered {status}")
            return []
        if "/accounts/login/" in page.url and not path.startswith("/accounts/"):
            find("status", "sent back to the login page")
            return []
        read: dict = {}
        for width in widths:
            tab.resize(width)
            # the text and the links at the widest, as they were read before the widths were
            # taken in either order (what a phone's layout hides is not in innerText)
            whole = width == self.widths[-1]
            measured = page.evaluate(READ, {"width": width, "whole": whole})
            if whole:
                read = measured
            if measured["width"] > width:
                find(
                    "width",
                    f"{measured['width']} px wide: {', '.join(measured['wider'])}",
                    width,
                )
            if self.shots_dir is not None:
                name = re.sub(r"[^\w]+", "_", f"{role}_{path}_{width}").strip("_") + ".png"
                page.screenshot(path=str(self.shots_dir / name), full_page=True)
                result.shots.append(PageShot(role, path, width, name))
        text = read["text"]
        for match in sorted({m.group(0) for m in REPR.finditer(text)}):
            find("repr", repr(match))
        foreign = foreign_words(text, self.language, self.names)
        if foreign:
            find("language", ", ".join(foreign[:12]))
        for error in tab.errors:
            find("console", error[:200])
        return self._links(page, read["links"])

    def _links(self, page, hrefs: list[str]) -> list[str]:
        links = []
        for href in hrefs:
            if not href or href.startswith(("#", "javascript:", "mailto:")):
                continue
            absolute = urljoin(page.url, href)
            parts = urlsplit(absolute)
            if f"{parts.scheme}://{parts.netloc}" != self.base_url:
                continue
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            if SKIPPED.search(parts.path) or path in links:
                continue
            if parts.query and parts.path.startswith("/admin/"):
                continue  # the admin's sorting and filtering: the list itself is visited

            links.append(path)
        return links


def contact_sheet(result: AuditResult) -> str:
    """An index.html of every screenshot, a row per page and a column per width."""
    rows = []
    by_page: dict[tuple[str, str], dict[int, str]] = {}
    for shot in result.shots:
        by_page.setdefault((shot.role, shot.path), {})[shot.width] = shot.file
    for (role, path), files in by_page.items():
        cells = "".join(
            f'<td><a href="{f}"><img src="{f}" loading="lazy" width="{min(w, 320)}"></a></td>'
            for w, f in sorted(files.items())
        )
        rows.append(f"<tr><th>{role}<br><code>{path}</code></th>{cells}</tr>")
    findings = "".join(f"<li>{f}</li>" for f in result.findings)
    return (
        "<!doctype html><meta charset=utf-8><title>Page audit</title>"
        "<style>td,th{vertical-align:top;padding:4px;text-align:left}"
        "img{border:1px solid #ccc}</style>"
        f"<h1>Page audit: {result.pages} pages</h1><ul>{findings}</ul>"
        f"<table>{''.join(rows)}</table>"
    )
