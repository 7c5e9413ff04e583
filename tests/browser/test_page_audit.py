"""The page audit (issue 27 item 8): as every role (a player and each staff role of
casino/roles.py), in Russian, Chromium crawls every page the role's navigation reaches (one page per
shape of address, tests/browser/audit.py) at 390 and 1280 px wide and finds nothing wrong.

Enforced kinds of finding: ``status`` (no page the navigation offers answers 400 or more or sends
a signed-in person to the login page), ``width`` (no page is wider than the viewport at 390 or
1280 px), ``console`` (no console error or uncaught page error while a page loads) and ``repr``
(no Python/JSON repr or raw ledger reference in the visible text).

Not enforced: ``language`` (words of the other language are still left: the demo's two English
table names, admin account purposes and some admin field labels on Russian pages; Cyrillic
demo names on English pages). The English crawl is not run here, to keep CI short (it doubles the
module's ~200 s); run by hand on 2026-12-03 it found no status, width, console or repr finding
either. `make screenshots` reports every kind in both languages.
"""

import pytest

from tests.browser.audit import ROLES, Auditor, data_names

pytestmark = pytest.mark.browser

ENFORCED = {"status", "width", "console", "repr"}


@pytest.fixture(scope="module")
def names(daphne_server) -> set[str]:
    return data_names(daphne_server.shell)


@pytest.mark.parametrize("role", list(ROLES))
def test_every_page_of_the_role_passes_the_audit_in_russian(browser, server_url, names, role):
    result = Auditor(browser, server_url, names, language="ru").audit([role])
    visited = result.visited[role]
    # the crawl reached past the lobby: the role's navigation was followed
    assert len(visited) > 5, visited
    findings = [str(f) for f in result.findings if f.kind in ENFORCED]
    assert findings == [], "\n".join(findings)
