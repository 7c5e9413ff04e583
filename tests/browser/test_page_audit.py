"""The page audit (issue 27 item 8): as every role (a player and each staff role of
casino/roles.py), in Russian, Chromium crawls every page the role's navigation reaches (one page per
shape of address, tests/browser/audit.py) at 390, 768 and 1280 px wide and finds nothing wrong;
first, every table is played to mid-hand with the player seated, and each table's page and a
finished hand's detail are visited by the player and the pit boss, and a rotating quarter of the
tables by each other staff role (``start_pages``: a staff member sees a table as a spectator does,
with the staff's panel; the rotation seed is printed in pytest's header).

Enforced kinds of finding: ``status`` (no page the navigation offers answers 400 or more or sends
a signed-in person to the login page), ``width`` (no page is wider than the viewport at 390, 768
or 1280 px), ``console`` (no console error or uncaught page error while a page loads), ``repr``
(no Python/JSON repr or raw ledger reference in the visible text) and ``language`` (no English
word on a Russian page outside the allow-list and the data's own names, tests/browser/audit.py).

The same crawl in English is tests/browser/test_page_audit_english.py (a file of its own, so
that the other test worker runs it meanwhile).
"""

import pytest

from tests.browser.audit import ENFORCED, EVERY_TABLE_ROLES, ROLES, Auditor, start_pages

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# every table and page of the demo as loaded, played to mid-hand by the audit
pytestmark = [pytest.mark.browser, pytest.mark.own_server]


@pytest.mark.parametrize("role", list(ROLES))
def test_every_page_of_the_role_passes_the_audit_in_russian(
    browser, server_url, audit_names, audit_start, role
):
    start = start_pages(role, audit_start, "ru")
    result = Auditor(browser, server_url, audit_names, language="ru").audit([role], start)
    visited = result.visited[role]
    # the crawl reached past the lobby: the role's navigation was followed
    assert len(visited) > 5, visited
    print(f"audit ru {role}: {len(visited)} pages x 3 widths")  # the figure of benchmarks/README
    if role in EVERY_TABLE_ROLES:  # the seated player and the floor see every table's hand
        assert set(audit_start) <= set(visited), set(audit_start) - set(visited)
    else:  # a share of the tables, rotating (start_pages)
        assert any(page in visited for page in start), start
    findings = [str(f) for f in result.findings if f.kind in ENFORCED]
    assert findings == [], "\n".join(findings)
