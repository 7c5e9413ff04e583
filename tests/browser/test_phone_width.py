"""Every table page fits a 390-px-wide phone without sideways scrolling (issue 12): a Durak table
as a seated player, waiting and then with a match in play, a spectator's view of it, the lobby
and the pit boss's page. Before, the Durak board measured 505 px wide at 390 (its head's chips
never wrapped) and the pit 954 px."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 2 as loaded (test_durak_table and test_pit sit at it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

PHONE = {"width": 390, "height": 844}
TABLE_NAME = "№ 2 · 5 USD"


def phone(browser: Browser, server_url: str, username: str, password: str) -> Page:
    context = browser.new_context(
        base_url=server_url, locale="ru-RU", timezone_id="Europe/Minsk", viewport=PHONE
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    log_in(page, username, password)
    return page


def scroll_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def assert_fits(page: Page, what: str, artifacts) -> None:
    page.screenshot(path=artifacts / f"phone-{what}.png", full_page=True)
    width = scroll_width(page)
    wider = page.evaluate(
        """limit => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > limit + 0.5)
            .slice(0, 5).map(e => e.tagName + '.' + e.className)""",
        PHONE["width"],
    )
    assert width <= PHONE["width"], f"{what} is {width} px wide at 390: {wider}"


def test_every_table_page_fits_a_390_px_phone(browser, server_url, artifacts):
    first = phone(browser, server_url, "anna", "casino-demo")  # in Russian: the longer words
    assert_fits(first, "lobby", artifacts)

    row = first.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("button.sit").click()
    expect(first).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(first.locator("#table-board")).to_have_attribute("data-seat", "0")
    assert_fits(first, "table-waiting", artifacts)

    second = phone(browser, server_url, "boris", "casino-demo")
    second.goto(first.url)
    # a click before the page's socket is open would submit the form as a plain GET
    expect(second.locator("#table-connection")).to_have_attribute("data-state", "open")
    second.locator("#table-board button.sit").click()
    for page in (first, second):
        expect(page.locator("#hand-form .hand-card")).to_have_count(6)
        expect(page.locator("#table-board .clock[data-deadline]")).to_have_count(1)
    assert_fits(first, "table-playing", artifacts)
    assert_fits(second, "table-playing-second-seat", artifacts)

    # a move: the bout holds a card, the defender's hand offers what beats it
    attacker = next(
        p for p in (first, second) if p.locator("#table-board").get_attribute("data-my-turn") == "1"
    )
    before = int(attacker.locator("#table-board").get_attribute("data-version"))
    attacker.locator("#hand-form .hand-card.playable").first.click()
    attacker.locator("#hand-form button.play").click()
    for page in (first, second):
        page.wait_for_function(
            "v => Number(document.getElementById('table-board').dataset.version) > v", arg=before
        )
        expect(page.locator("#table-board .pair")).to_have_count(1)
        assert_fits(page, f"table-bout-{'first' if page is first else 'second'}", artifacts)

    watcher = phone(browser, server_url, "dina", "casino-demo")  # in English
    watcher.goto(first.url)
    expect(watcher.locator("#table-board")).to_have_attribute("data-seat", "")
    assert_fits(watcher, "table-spectator", artifacts)

    boss = phone(browser, server_url, "pitboss", "casino-pit")
    boss.goto("/pit/")
    expect(boss.locator(".pit[data-connected='1']")).to_have_count(1)
    expect(boss.locator("article.pit-row").filter(has_text=TABLE_NAME)).to_have_attribute(
        "data-status", "playing"
    )
    assert_fits(boss, "pit", artifacts)
    for page in (first, second, watcher, boss):
        page.context.close()
