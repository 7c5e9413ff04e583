"""What several browser tests do the same way."""

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS

DEMO_PASSWORD = "casino-demo"
# counts the socket frames a page has received (a test waits for the first board)
FRAME_COUNTER = """
window.socketFrames = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.socketFrames += 1; });
"""


def log_in(page: Page, username: str, password: str, next_path: str = "") -> None:
    """Sign in through the login form and land on `next_path` (the lobby by default)."""
    page.goto("/accounts/login/" + (f"?next={next_path}" if next_path else ""))
    form = page.locator("main form").filter(has=page.locator("input[name=username]"))
    form.locator("input[name=username]").fill(username)
    form.locator("input[name=password]").fill(password)
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(re.escape(next_path or "/lobby/") + "$"))


def player(browser, server_url, username: str, width: int, errors: list) -> Page:
    """A demo player signed in, in Russian, at ``width`` px; his page's script errors go to
    ``errors``."""
    context = browser.new_context(
        base_url=server_url, locale="ru-RU", viewport={"width": width, "height": 900}
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.add_init_script(FRAME_COUNTER)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(f"{username}: {error}"))
    log_in(page, username, DEMO_PASSWORD)
    return page


def sit(page: Page, table_id: int) -> None:
    """Open the table once its first board has come, and sit down from the board."""
    page.goto(f"/tables/{table_id}/")
    page.wait_for_function("() => window.socketFrames > 0")
    take_a_seat(page)


def sit_from_lobby(page: Page, table_name: str) -> None:
    """From the lobby, open the table named ``table_name`` and sit down from its board (the
    page counts its frames by socket: ``test_six_seat_table``'s counter)."""
    row = page.locator("#table-list tr.table-row").filter(has_text=table_name)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    take_a_seat(page)


def take_a_seat(page: Page) -> None:
    board = page.locator("#table-board")
    # a click that landed on a button being swapped (another's sit re-renders the board) sends
    # nothing: click again, a few times, until the board says the seat is taken
    for _attempt in range(3):
        page.locator("#table-board button.sit").click()
        try:
            expect(board).not_to_have_attribute("data-seat", "", timeout=5_000)
            return
        except AssertionError:
            if not page.locator("#table-board button.sit").count():
                break
    expect(board).not_to_have_attribute("data-seat", "")


def click_and_see(page: Page, button) -> None:
    """Click a board's button (a locator on ``page``) and wait until the page shows the board
    that answers it (its ``data-version`` moved on; static/js/table.js keeps it current).
    The player's next click is then chosen on a board that shows his last move: a click on the
    board before it carries a stale version or turn, and the table refuses it (the flake of
    issue 51, whatever the machine's load)."""
    board = page.locator("#table-board")
    before = board.get_attribute("data-version")
    button.click()
    expect(board).not_to_have_attribute("data-version", before)


def fits(page: Page) -> None:
    """The page is never wider than its window."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


# true once every card's deal-in (table-kit.css ``kit-deal``, a finite CSS animation) has ended;
# a clock's endless pulse is not waited for
DEALT_IN = """() => document.getAnimations().every(
  a => a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"""


def dealt_in(page: Page) -> None:
    """Wait until the cards have been dealt in (their CSS animations ended): what a picture
    shows is the board at rest, not a card in flight. A condition, not a fixed pause."""
    page.wait_for_function(DEALT_IN)
