"""The rules pages fit a 390-px phone and a 1280-px desktop without sideways scrolling (issue 26,
item 6), in Russian and in English, and the lobby row's "Rules" link opens the game's rules with
that table's limits."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in

pytestmark = pytest.mark.browser

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
GAMES = ["baccarat_bank", "belarusian_poker", "khrap", "durak", "highcard"]
LOCALES = {"ru": "ru-RU", "en": "en-GB"}


def open_context(browser: Browser, server_url: str, language: str, width: str):
    context = browser.new_context(
        base_url=server_url,
        locale=LOCALES[language],
        timezone_id="Europe/Minsk",
        viewport=WIDTHS[width],
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


def assert_fits(page: Page, what: str, limit: int) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wider = page.evaluate(
        """limit => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > limit + 0.5)
            .slice(0, 5).map(e => e.tagName + '.' + e.className)""",
        limit,
    )
    assert width <= limit, f"{what} is {width} px wide at {limit}: {wider}"


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("language", sorted(LOCALES))
def test_every_rules_page_fits_without_sideways_scrolling(browser, server_url, language, width):
    context = open_context(browser, server_url, language, width)
    page = context.new_page()
    limit = WIDTHS[width]["width"]
    try:
        page.goto("/rules/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert_fits(page, "the index", limit)
        for game in GAMES:
            page.goto(f"/rules/{game}/")
            expect(page.locator("article.rules-page")).to_have_attribute("data-game", game)
            # the worked examples are drawn as cards, each hand in one row
            hands = page.locator("#examples .rules-hand")
            expect(hands.first).to_be_visible()
            for index in range(hands.count()):
                cards = hands.nth(index).locator("svg.card")
                tops = {round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count())}
                assert len(tops) == 1, f"{game}: a hand of the examples wraps at {limit} px"
            assert_fits(page, f"the rules of {game}", limit)
    finally:
        context.close()


def test_the_lobby_rows_rules_link_opens_the_rules_with_the_tables_limits(browser, server_url):
    context = open_context(browser, server_url, "ru", "phone")
    page = context.new_page()
    try:
        log_in(page, "anna", "casino-demo")
        page.goto("/lobby/")
        row = page.locator("#table-list tr.table-row").first
        game = row.get_attribute("data-game")
        row.locator("a.rules-link").click()
        expect(page).to_have_url(re.compile(rf"/rules/{game}/\?table=\d+$"))
        expect(page.locator("table.rules-limits")).to_be_visible()
        expect(page.locator("table.rules-limits td").first).to_contain_text(re.compile(r"\d"))
        assert_fits(page, f"the rules of {game} from a table", 390)
    finally:
        context.close()
