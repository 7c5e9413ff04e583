"""How a browser test starts a table's first hand (issue 26, tables/starts.py): an idle table
waits a filling window before dealing, or until every seated player says ready."""

from playwright.sync_api import Page, expect


def start_now(*pages: Page) -> None:
    """Every seated player clicks the board's "ready" button: the window ends, the hand is dealt
    to them (a player who sits after reads that he plays from the next deal)."""
    for page in pages:
        page.locator("#table-board button.start-ready").click()
    for page in pages:
        expect(page.locator("#table-board")).to_have_attribute("data-status", "playing")


def plays_from_the_next_deal(page: Page) -> None:
    expect(page.locator("#table-board #next-deal")).to_be_visible()
