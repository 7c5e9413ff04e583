"""The floor's tabs share one socket (/ws/pit/) but not one page: a tab that does not show the
tables (the alerts) is sent their tiles too. None of it may reach the console as an error
("htmx:oobErrorNoTarget"): fragments for what a page does not hold are dropped quietly
(static/js/present-only.js). Issue 27 item 7."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 1 as loaded (test_pit_absence and test_table_page use it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

TABLE_NAME = "№ 1 · 10 BYN"


def signed_in(browser: Browser, server_url: str, username: str, password: str) -> Page:
    page = browser.new_context(base_url=server_url, locale="ru-RU").new_page()
    log_in(page, username, password)
    return page


def test_a_floor_tab_ignores_the_fragments_of_regions_it_does_not_show(browser, server_url):
    boss = signed_in(browser, server_url, "pitboss", "casino-pit")
    errors: list[str] = []
    boss.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    boss.on("pageerror", lambda e: errors.append(str(e)))
    boss.goto("/floor/alerts/")
    boss.evaluate(
        "window.framesSeen = 0; document.addEventListener('htmx:wsAfterMessage',"
        " () => { window.framesSeen += 1; });"
    )
    boss.wait_for_function("window.framesSeen >= 0")
    seen_before = boss.evaluate("window.framesSeen")

    vera = signed_in(browser, server_url, "vera", "casino-demo")
    vera.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME).locator(
        "button.sit"
    ).click()
    expect(vera).to_have_url(re.compile(r"/tables/\d+/$"))
    # the tile of the table she sat at reaches the alerts tab, which has no tiles
    boss.wait_for_function(f"window.framesSeen > {seen_before}")
    assert not [e for e in errors if "oobErrorNoTarget" in e or "htmx" in e.lower()], errors
    assert errors == []
