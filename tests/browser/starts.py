"""How a browser test starts a table's first hand (issue 26, tables/starts.py): an idle table
waits a filling window before dealing, or until every seated player says ready."""

import contextlib
import json
from typing import NamedTuple

from playwright.sync_api import Page, expect

from tests.browser.cast import cast


def start_now(*pages: Page) -> None:
    """Every seated player clicks the board's "ready" button: the window ends, the hand is dealt
    to them (a player who sits after reads that he plays from the next deal)."""
    for page in pages:
        page.locator("#table-board button.start-ready").click()
    for page in pages:
        expect(page.locator("#table-board")).to_have_attribute("data-status", "playing")


def plays_from_the_next_deal(page: Page) -> None:
    expect(page.locator("#table-board #next-deal")).to_be_visible()


class Seated(NamedTuple):
    table_id: int
    anna: Page
    boris: Page
    errors: list  # the pages' script errors
    usernames: list[str]  # Anna's and Boris's (tests/browser/cast.py)


@contextlib.contextmanager
def two_at_a_new_table(browser, server_url, daphne_server, create: str, width: int):
    """A table made by ``create`` (code for the server's shell that prints the table's id),
    an Anna and a Boris of this test's own (tests/browser/cast.py) logged in at ``width`` px
    and seated: Anna is dealt the first hand alone, Boris plays from the next deal. Yields
    ``Seated``; closes the pages."""
    from tests.browser.pages import player, sit

    table_id = json.loads(daphne_server.shell(create).strip().splitlines()[-1])
    usernames = cast(daphne_server, "anna", "boris")
    errors: list = []
    anna = player(browser, server_url, usernames["anna"], width, errors)
    boris = player(browser, server_url, usernames["boris"], width, errors)
    try:
        sit(anna, table_id)
        start_now(anna)
        sit(boris, table_id)
        plays_from_the_next_deal(boris)
        yield Seated(table_id, anna, boris, errors, [usernames["anna"], usernames["boris"]])
    finally:
        anna.context.close()
        boris.context.close()
