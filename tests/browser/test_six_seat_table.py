"""Three players at the demo's six-seat table (High card) in three browsers: they sit down, are
dealt in from the next hand, decide at the same time each on a clock of their own, and see each
other's bets at once; a hand ends and the next is dealt with the last one's dealer card shown."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in
from tests.browser.starts import plays_from_the_next_deal, start_now

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 3 · 1–10 BYN"
DEMO_PASSWORD = "casino-demo"
FRAME_COUNTER = """
window.socketFrames = {table: 0, lobby: 0};
document.addEventListener("htmx:wsAfterMessage", (event) => {
    const onTable = event.target.closest && event.target.closest(".table-page");
    window.socketFrames[onTable ? "table" : "lobby"] += 1;
});
"""


@pytest.fixture
def players(browser, server_url):
    contexts, errors = [], []

    def open_for(username: str) -> Page:
        context = browser.new_context(base_url=server_url, locale="en-GB")
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.add_init_script(FRAME_COUNTER)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{username}: {error}"))
        log_in(page, username, DEMO_PASSWORD)
        return page

    yield open_for, errors
    for context in contexts:
        context.close()


def board(page: Page):
    return page.locator("#table-board")


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    # a click before the page's socket is open would submit the form as a plain GET
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def test_three_players_decide_at_once_each_on_their_own_clock(players, artifacts):
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    sit_at_the_table(anna)
    start_now(anna)  # she says ready: no filling window left to wait (issue 26)
    for page in (boris, vera):
        sit_at_the_table(page)
        plays_from_the_next_deal(page)
    # anna sat first and was dealt the first hand alone: she passes, the next deals all three
    expect(anna.locator("#pass-form")).to_be_visible()
    anna.locator("#pass-form button").click()
    for page in (anna, boris, vera):
        expect(page.locator("#bet-form")).to_be_visible()
        # a clock on each of the three deciding seats
        expect(
            page.locator("#table-board .player[data-position] .clock[data-deadline]")
        ).to_have_count(3)
    # vera bets 2.00 through the form: the others see her bet at once and keep deciding. Their
    # own moves did not change, so their sockets get only the parts of the board that did
    # (issue 30): the bet form they are typing in stays the element it was
    console_errors = []
    for page in (anna, boris):
        page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
        page.evaluate("document.getElementById('bet-form').dataset.kept = 'yes'")
    vera.locator("#bet-form input[name=amount]").fill("2")
    vera.locator("#bet-form button[data-action=bet]").click()
    expect(vera.locator("#bet-form")).to_have_count(0)
    for page in (anna, boris):
        expect(page.locator("#table-board .badge.bet")).to_contain_text(re.compile(r"2[.,]00"))
        expect(
            page.locator("#table-board .player[data-position] .clock[data-deadline]")
        ).to_have_count(2)
        expect(page.locator("#bet-form[data-kept=yes]")).to_have_count(1)
        # the board shows the version its parts brought
        expect(board(page)).to_have_attribute(
            "data-version", page.locator("#board-version").get_attribute("data-version")
        )
    assert console_errors == []
    # an amount off the limits is refused to boris alone, in a banner he can read
    boris.locator("#bet-form input[name=amount]").fill("0,05")
    boris.locator("#bet-form button[data-action=bet]").click()
    expect(boris.locator("#table-error[data-error]")).to_contain_text("1.00")
    expect(anna.locator("#table-error[data-error]")).to_have_count(0)
    # boris passes, anna bets: the hand is settled and the next one dealt, the last dealer card
    # shown to everybody
    hand = int(board(anna).locator("[data-hand-number]").get_attribute("data-hand-number"))
    boris.locator("#pass-form button").click()
    anna.locator("#bet-form button[data-action=bet]").click()
    for page in (anna, boris, vera):
        expect(page.locator("#table-board [data-hand-number]")).to_have_attribute(
            "data-hand-number", str(hand + 1)
        )
        expect(page.locator("#table-board .last-hand")).to_be_visible()
        expect(page.locator("#bet-form")).to_be_visible()
    # vera bets and leaves while her box stands (issue 31): her seat is held for it, the others
    # see it so, she watches as a spectator, and once the hand settles the seat is free
    vera.locator("#bet-form input[name=amount]").fill("1")
    vera.locator("#bet-form button[data-action=bet]").click()
    expect(vera.locator("#bet-form")).to_have_count(0)
    vera.locator("#table-board button.leave").click()
    expect(board(vera)).to_have_attribute("data-seat", "")
    held = anna.locator("#table-board .player[data-position] .badge.leaving")
    expect(held).to_have_count(1)
    anna.screenshot(path=artifacts / "six-seat-held-seat.png", full_page=True)
    hand = int(board(anna).locator("[data-hand-number]").get_attribute("data-hand-number"))
    boris.locator("#pass-form button").click()
    anna.locator("#pass-form button").click()
    for page in (anna, boris, vera):
        expect(page.locator("#table-board [data-hand-number]")).to_have_attribute(
            "data-hand-number", str(hand + 1)
        )
    expect(held).to_have_count(0)
    assert errors == []


def test_the_six_seat_table_fits_a_390_px_phone(browser, server_url, artifacts):
    """After the test above, two players still hold seats (away): a third sits down on a
    phone and the felt with its seats and his moves fits without sideways scrolling."""
    context = browser.new_context(
        base_url=server_url, locale="ru-RU", viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.add_init_script(FRAME_COUNTER)
    try:
        page = context.new_page()
        log_in(page, "gleb", DEMO_PASSWORD)
        sit_at_the_table(page)
        expect(page.locator("#table-board .player[data-position]")).not_to_have_count(0)
        page.screenshot(path=artifacts / "phone-six-seat-table.png", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the six-seat table is {width} px wide at 390"
    finally:
        context.close()
