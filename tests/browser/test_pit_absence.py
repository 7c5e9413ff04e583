"""The pit boss sees when a gone player's seat is freed (issue 46): a player sits at an open
table from the lobby and closes his browser between hands; the table's tile marks the seat away
and counts down to the moment the absence limit frees it (in the pit boss's language). Waits
are Playwright's expect(...). Screenshots at 390 and 1280 px go to the test's temporary
directory."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 1 as loaded (test_floor_console and test_table_page use it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

TABLE_NAME = "№ 1 · 10 BYN"


def signed_in(browser: Browser, server_url: str, username: str, password: str, locale: str):
    page = browser.new_context(base_url=server_url, locale=locale).new_page()
    log_in(page, username, password)
    return page


def test_the_pit_tile_counts_down_to_a_gone_players_seat_being_freed(
    browser, server_url, daphne_server, tmp_path
):
    boss = signed_in(browser, server_url, "pitboss", "casino-pit", "en-GB")
    boss.goto("/pit/")
    expect(boss.locator(".pit[data-connected='1']")).to_have_count(1)
    row = boss.locator("article.pit-row").filter(has_text=TABLE_NAME)
    expect(row).to_have_attribute("data-status", "open")

    vera: Page = signed_in(browser, server_url, "vera", "casino-demo", "en-GB")
    vera.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME).locator(
        "button.sit"
    ).click()
    expect(vera).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(vera.locator("#table-connection")).to_have_attribute("data-state", "open")
    expect(row.locator("li.pit-player")).to_have_count(1)
    expect(row.locator(".vacating")).to_have_count(0)  # she is there

    vera.context.close()  # gone between hands: no socket of hers is open
    seat = row.locator("li.pit-player.away")
    expect(seat).to_have_count(1)
    clock = seat.locator(".clock.vacating")
    # (the pit boss reads Russian, his profile's language)
    expect(clock).to_contain_text("освободится через")
    expect(clock.locator(".left")).to_have_text(re.compile(r"^\d+ (мин|с)$"))
    for width in (1280, 390):
        boss.set_viewport_size({"width": width, "height": 900})
        row.scroll_into_view_if_needed()
        row.screenshot(path=tmp_path / f"pit-seat-freed-{width}.png")
        overflow = boss.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"sideways scroll at {width} px"
