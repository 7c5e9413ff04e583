"""How play starts at the demo's Khrap table, in three browsers (issue 26 item 5): the first
player to sit waits for a second; when two are seated a countdown runs on the board (the
table's filling window, 10 s), a player who sits within it is dealt in too, and the deal comes
when it runs out, with nobody clicking; a player who sits during the deal reads that he plays
from the next one. Screenshots at 1280 and 390 px under /tmp/shots/starts/."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.starts import plays_from_the_next_deal
from tests.browser.test_khrap_table import TABLE_NAME
from tests.browser.test_six_seat_table import board, players  # noqa: F401 - the fixture

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's Khrap table as loaded (test_khrap_table sits at it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

SHOTS = Path("/tmp/shots/starts")


def sit(page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def test_two_seated_see_a_countdown_a_third_joins_within_it_and_the_deal_takes_all_three(
    players,  # noqa: F811
):
    open_for, errors = players
    anna, boris, vera, gleb = (open_for(name) for name in ("anna", "boris", "vera", "gleb"))
    sit(anna)
    expect(anna.locator("#start-window")).to_have_count(0)  # one player: nothing to count
    sit(boris)
    for page in (anna, boris):
        countdown = page.locator("#start-window .start-countdown[data-deadline]")
        expect(countdown).to_have_text(re.compile(r"^\d+ с$"))  # the clock ticks it, in Russian
        expect(page.locator("#start-window button.start-ready")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    anna.screenshot(path=SHOTS / "khrap-window-1280.png", full_page=True)
    anna.set_viewport_size({"width": 390, "height": 844})
    anna.screenshot(path=SHOTS / "khrap-window-390.png", full_page=True)
    assert anna.evaluate("document.documentElement.scrollWidth") <= 390
    anna.set_viewport_size({"width": 1280, "height": 900})
    sit(vera)  # within the window
    expect(vera.locator("#start-window")).to_be_visible()
    # nobody clicks "ready": the server's clock deals when the window runs out, to all three
    for page in (anna, boris, vera):
        expect(board(page)).to_have_attribute("data-status", "playing", timeout=30_000)
        expect(page.locator("#my-cards .hand-card")).to_have_count(4)
        expect(page.locator("#next-deal")).to_have_count(0)
    sit(gleb)  # during the deal
    plays_from_the_next_deal(gleb)
    gleb.set_viewport_size({"width": 390, "height": 844})
    gleb.screenshot(path=SHOTS / "khrap-next-deal-390.png", full_page=True)
    assert errors == []
