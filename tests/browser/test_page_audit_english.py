"""The page audit in English (issue 27 item 8; the Russian crawl and the kinds of finding are
tests/browser/test_page_audit.py): every role crawls every page in English and finds nothing
wrong, which checks the reverse of the Russian crawl: no Russian word on an English page. It
runs at 1280 px only: a page's words do not change with its width, and the width is checked by
the Russian crawl."""

import pytest

from tests.browser.audit import ENFORCED, ROLES, Auditor, start_pages

# a server of its own: the demo as loaded, every table played to mid-hand
# (tests/browser/conftest.py)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]


@pytest.mark.parametrize("role", list(ROLES))
def test_every_page_of_the_role_is_in_english_only_in_english(
    browser, server_url, audit_names, audit_start, role
):
    auditor = Auditor(browser, server_url, audit_names, language="en", widths=(1280,))
    result = auditor.audit([role], start_pages(role, audit_start, "en"))
    print(f"audit en {role}: {len(result.visited[role])} pages x 1 width")
    assert len(result.visited[role]) > 5, result.visited[role]
    findings = [str(f) for f in result.findings if f.kind in ENFORCED]
    assert findings == [], "\n".join(findings)
