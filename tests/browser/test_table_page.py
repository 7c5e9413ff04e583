"""The shared table page's script (static/js/table.js): a board older than the one shown is never
swapped in (frames of two sockets, or a reconnect's snapshot racing a broadcast, may arrive out of
order), a newer or equal one is."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 1 as loaded (test_floor_console and test_pit_absence use it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

TABLE_NAME = "№ 1 · 10 BYN"

SWAP = """([version, mark]) => {
    const html = `<div id="table-board" hx-swap-oob="true" data-version="${version}"
        class="${mark}">${mark}</div>`;
    htmx.swap(document.body, html, {swapStyle: "none"});
    const board = document.getElementById("table-board");
    return [Number(board.dataset.version), board.classList.contains(mark)];
}"""


def test_the_version_guard_keeps_the_newest_board(page):
    log_in(page, "dina", "casino-demo")
    page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME).locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(page.locator("#table-connection")).to_have_attribute("data-state", "open")
    shown = int(page.locator("#table-board").get_attribute("data-version"))
    assert page.evaluate(SWAP, [shown - 1, "older"]) == [shown, False]
    assert page.evaluate(SWAP, [shown, "same"]) == [shown, True]
    assert page.evaluate(SWAP, [shown + 1, "newer"]) == [shown + 1, True]
    assert page.evaluate(SWAP, [shown, "stale"]) == [shown + 1, False]
