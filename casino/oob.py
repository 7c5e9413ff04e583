"""Out-of-band fragments for htmx's websocket extension: an element's new content, and a row
added to a live list (the lobby's tables, the pit boss's tables, the trader's events).

A live list's socket sends the whole list when it (re)connects and remembers the rows it sent;
a change to a listed row replaces that row in place (the row's own ``hx-swap-oob``), and a row
the page does not have yet is added to the list, replacing its "nothing here" placeholder if it
is the first. So a page loaded before a table or event existed, or a socket that reconnects after
missing changes, ends up with every row once.
"""

from __future__ import annotations

from django.template.loader import render_to_string


def inner(element_id: str, template: str, context: dict, request=None, tag: str = "div") -> str:
    """`template` rendered as the new content of the page's element `element_id`."""
    html = render_to_string(template, context, request=request)
    return f'<{tag} id="{element_id}" hx-swap-oob="innerHTML">{html}</{tag}>'


def row_added(
    row: str, list_id: str, placeholder_id: str, *, first: bool, where: str, tag: str = "tbody"
) -> str:
    """`row` (rendered without hx-swap-oob) added to the list `list_id` (a `tag`: a tbody, or
    a div of tiles) `where` ("afterbegin" or "beforeend"); `first`: the list shows its
    placeholder, which goes."""
    # a top-level <tr> after </tbody> would be parsed into an implied tbody without a target:
    # the placeholder is deleted by an element of its own that names it
    placeholder = f'<{tag} hx-swap-oob="delete:#{placeholder_id}"></{tag}>' if first else ""
    return f'<{tag} hx-swap-oob="{where}:#{list_id}">{row}</{tag}>{placeholder}'


class LiveRows:
    """The rows one socket's page shows, by id: what to send when one of them changes."""

    def __init__(self, list_id: str, placeholder_id: str, where: str, shown=(), tag: str = "tbody"):
        self.list_id, self.placeholder_id, self.where = list_id, placeholder_id, where
        self.tag = tag  # the list's element: a tbody of rows, a div of tiles
        self.shown = set(shown)
        self.versions: dict = {}  # row id -> the newest version sent

    def whole(self, template: str, context: dict) -> str:
        """The whole list, `template` rendered as the new content of its element."""
        return inner(self.list_id, template, context, tag=self.tag)

    def gone(self, row_id, element_id: str) -> str:
        """The frame that takes row `row_id` (the element `element_id`) off the page; "" when
        the page does not show it."""
        if row_id not in self.shown:
            return ""
        self.shown.discard(row_id)
        return f'<{self.tag} hx-swap-oob="delete:#{element_id}"></{self.tag}>'

    def outdated(self, row_id, version: int | None) -> bool:
        """Whether news of `version` of row `row_id` is older than news this page was sent
        (two changes' news may cross: several server processes, or threads, send them); if
        not, it is now the newest."""
        if version is None:
            return False
        if version < self.versions.get(row_id, -1):
            return True
        self.versions[row_id] = version
        return False

    def frame(self, row_id, render, version: int | None = None) -> str:
        """The frame for a change to row `row_id`; `render(oob)` renders the row, swapped in
        place out of band when `oob`; "" for a `version` older than one this page was sent
        (``outdated``)."""
        if self.outdated(row_id, version):
            return ""
        if row_id in self.shown:
            return render(True)
        first = not self.shown
        self.shown.add(row_id)
        return row_added(
            render(False),
            self.list_id,
            self.placeholder_id,
            first=first,
            where=self.where,
            tag=self.tag,
        )
