"""A twenty-one game in the browser: what the Blackjack and Pontoon browser tests share. A table
created in the server's shell with a scripted shoe (``CREATE``: an empty round played there, so
the table's first hand is dealt from that shoe), players logged in, seated and moving through the
board's forms, pictures at each width that must not scroll sideways."""

import contextlib
import json
import re

from playwright.sync_api import Page, expect

from tests.browser.pages import click_and_see, dealt_in
from tests.browser.starts import two_at_a_new_table

CREATE = """
import json, random
from collections import Counter
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tables.models import Table
from tests.tables.engines.scripted import ScriptedRng

first = %(first)s
order = first + sorted((Counter(pack_52() * 6) - Counter(first)).elements())
settings = {
    **%(settings)s,
    "player_cut": False, "bet_seconds": 120, "insurance_seconds": 120, "action_seconds": 120,
}
engine = engine_for(%(game)r)
# an empty round played here: the table's first hand is dealt from its shoe (carried over)
state = engine.new_hand(engine.check_config(dict(settings)), [0], ScriptedRng(order))
state, _events = engine.apply(state, 0, {"type": "pass"}, random.Random(0))
table = Table.objects.create(
    name="%(width)s · 1–50 BYN", game=%(game)r, currency="BYN",
    settings=settings, state=json.loads(json.dumps(state)),
)
print(json.dumps(table.pk))
"""


def money(text: str):
    """An amount as the board writes it ("+10.00 BYN"), the point or a comma."""
    whole, _, cents = text.partition(".")
    return re.compile(rf"{re.escape(whole)}[.,]{cents or '00'}\sBYN")


def box(page: Page, number: int):
    return page.locator(f"#table-board .tw-boxes:not(.last) .house-box[data-box='{number}']")


def move(page: Page, action: str) -> None:
    """Click the board's button of a move (hit, stand, split, stay, decline, done...)."""
    button = page.locator(f"#table-board .tw-actions button[data-action='{action}']")
    expect(button).to_be_visible()
    click_and_see(page, button.first)


def stake(page: Page, form: str, amount: str, box_number: int | None = None) -> None:
    selector = f"#table-board #{form}"
    expect(page.locator(selector)).to_be_visible()
    if box_number is not None:
        page.locator(f"{selector} select[name=box]").select_option(str(box_number))
    page.locator(f"{selector} input[name=amount]").fill(amount)
    click_and_see(page, page.locator(f"{selector} button[type=submit]"))


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the board is {scroll} px wide at {width}"


def shot(page: Page, shots, name: str, width: int) -> None:
    """A full-page picture named by the board's game, the width and ``name``; the page fits."""
    dealt_in(page)  # the cards dealt in (CSS) before the picture
    game = page.locator("#table-board").get_attribute("data-game")
    page.screenshot(path=shots / f"{game}-{width}-{name}.png", full_page=True)
    fits(page, width)


def hand_number(page: Page) -> int:
    return int(page.locator("#table-board [data-hand-number]").get_attribute("data-hand-number"))


def next_round(anna: Page, boris: Page, before: int) -> None:
    """The round after the hand numbered ``before`` is bet: both are dealt in."""
    for page in (anna, boris):
        expect(page.locator("#table-board [data-hand-number]")).not_to_have_attribute(
            "data-hand-number", str(before)
        )
        expect(page.locator("#table-board #bet-form")).to_be_visible()


@contextlib.contextmanager
def two_players(
    browser,
    server_url,
    daphne_server,
    game: str,
    first: list[str],
    width: int,
    settings: dict | None = None,
):
    """A table of ``game`` at ``settings`` (default: 1-50 BYN, seven boxes) dealt from ``first``
    (``CREATE``), Anna and Boris seated at it, each at ``width`` px: Anna is dealt the table's
    first round alone and passes, so the next one deals both and is bet when this yields (anna,
    boris, the pages' errors)."""
    settings = settings or {"min_bet": 100, "max_bet": 5000, "boxes": 7}
    code = CREATE % {
        "first": json.dumps(first),
        "width": width,
        "game": game,
        "settings": repr(settings),
    }
    with two_at_a_new_table(browser, server_url, daphne_server, code, width) as seated:
        _table_id, anna, boris, errors, _usernames = seated
        layout = anna.locator("#table-board .tw-boxes .house-box.free")
        expect(layout).to_have_count(settings.get("boxes") or 10)
        move(anna, "pass")
        expect(boris.locator("#table-board #bet-form")).to_be_visible()
        expect(anna.locator("#table-board #bet-form")).to_be_visible()
        yield anna, boris, errors
