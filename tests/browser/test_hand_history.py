"""A hand's history in the browser (issue 26, item 4): the hand detail page of a baccarat coup
(worked example 3 of the rules file), a Khrap deal and a Durak game, as the demo player Anna
reads it on a 390-px phone and a 1280-px screen: the steps in words with their cards, no Python
or JSON repr anywhere on the page, and no sideways scrolling (the long deck order and secret
wrap inside their own box). Before, the detail listed `{'amount': 1000, 'type': 'bet'}` and was
2,708 px wide at 390."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in

pytestmark = pytest.mark.browser

# the hands are recorded in the server's database (another process, as the table actor would):
# scripted through the engines by each game's history tests (tests/tables/games/<game>/
# test_history_<game>.py), dealt to the demo players
SETUP = """
import json
from pathlib import Path
from casino.models import Player
from tests.tables.games.baccarat_bank.test_history_baccarat_bank import coup_3
from tests.tables.games.durak.test_history_durak import durak_game
from tests.tables.games.khrap.test_history_khrap import khrap_hand

anna, boris, vera = (Player.objects.get(username=n) for n in ("anna", "boris", "vera"))
hands = {
    "baccarat_bank": coup_3(players={0: anna, 1: boris, 2: vera}),
    "khrap": khrap_hand(players={0: anna, 1: boris}),
    "durak": durak_game(players={0: anna, 1: boris}),
}
print(json.dumps({g: [r.table.pk, r.hand.number] for g, r in hands.items()}))
"""
REPR = re.compile(
    r"\{'|': |\bNone\b|\bTrue\b|\bFalse\b|\b(seat|pot|house|table):\d"
    r"|\b(take_chocolate|no_chocolate|cards_dealt|third_card|hand_started|bets_closed"
    r"|auction_over|beaten_off|play_starts|game_over|hand_over)\b"
)
WIDTHS = (390, 1280)


@pytest.fixture(scope="module")
def hands(daphne_server) -> dict:
    return json.loads(daphne_server.shell(SETUP).strip().splitlines()[-1])


def reader(browser: Browser, server_url: str, width: int):
    context = browser.new_context(
        base_url=server_url,
        locale="ru-RU",
        timezone_id="Europe/Minsk",
        viewport={"width": width, "height": 900},
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    log_in(page, "anna", "casino-demo")
    return context, page


def fits(page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    wider = page.evaluate(
        """limit => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > limit + 0.5)
            .slice(0, 5).map(e => e.tagName + '.' + e.className)""",
        width,
    )
    assert scroll <= width, f"{page.url} is {scroll} px wide at {width}: {wider}"


@pytest.mark.parametrize("width", WIDTHS)
def test_hand_pages_read_in_words_and_fit_the_screen(browser, server_url, hands, width, artifacts):
    context, page = reader(browser, server_url, width)
    try:
        for game, (table_id, number) in hands.items():
            page.goto(f"/tables/{table_id}/hands/{number}/")
            expect(page.locator("#steps .step").first).to_be_visible()
            expect(page.locator("#verified, #shuffle .muted").first).to_be_visible()
            page.screenshot(path=artifacts / f"hand-{game}-{width}.png", full_page=True)
            page.locator("#steps").scroll_into_view_if_needed()
            page.screenshot(path=artifacts / f"hand-{game}-{width}-steps.png")
            shown = page.locator("main").inner_text()
            found = REPR.search(shown)
            assert not found, f"{game}: {found.group(0)!r} on the page"
            assert page.locator("#steps svg.card").count() > 0  # cards drawn as cards
            fits(page, width)
            page.goto(f"/tables/{table_id}/hands/")
            expect(page.locator(".hand-row").first).to_be_visible()
            page.screenshot(path=artifacts / f"hands-{game}-{width}.png", full_page=True)
            assert not REPR.search(page.locator("main").inner_text())
            fits(page, width)
        # baccarat: the result in words, the hands with their totals (worked example 3)
        table_id, number = hands["baccarat_bank"]
        page.goto(f"/tables/{table_id}/hands/{number}/")
        result = page.locator("#hand-result")
        expect(result).to_contain_text("Банк 7 : Понтёры 5 — банк выигрывает")
        expect(result.locator(".coup")).to_have_attribute("data-holder-total", "7")
        expect(page.locator("#steps")).to_contain_text("ставит 2.00 BYN против банка")
    finally:
        context.close()


GOLDEN_OASIS = """
import json
from pathlib import Path
from tables.models import Table
table = Table.objects.create(
    name="Golden Oasis history", game="golden_oasis", currency="BYN",
    settings={"min_bet": 100, "max_bet": 2_000, "bet_seconds": 120, "action_seconds": 120},
)
print(json.dumps(table.pk))
"""
COUNT_HAND_OVERS = """window.handOvers = 0;
window.addEventListener("table:hand-over", () => { window.handOvers += 1; }, true);"""


def test_a_lost_golden_oasis_round_is_in_the_panel_as_it_ends_with_its_amounts(
    browser, server_url, daphne_server
):
    """Issue 45: "No finished hands you played in yet." just after a lost Golden Oasis round:
    the panel asked every 10 s only, and a page opened before the first hand never learnt that
    one had ended. Vera antes 1 BYN and folds (CG §65): the hand's end refreshes the panel
    (the page's "table:hand-over"), which lists it with her stake and result."""
    from tests.browser.pages import player, sit
    from tests.browser.starts import start_now

    table_id = json.loads(daphne_server.shell(GOLDEN_OASIS).strip().splitlines()[-1])
    errors: list = []
    vera = player(browser, server_url, "vera", 1280, errors)
    vera.context.add_init_script(COUNT_HAND_OVERS)
    try:
        sit(vera, table_id)
        panel = vera.locator("#hand-history")
        expect(panel).to_contain_text("Пока нет завершённых раздач")
        start_now(vera)
        vera.locator("#table-board #ante-form input[name=amount]").fill("1")
        vera.locator("#table-board #ante-form button[type=submit]").click()
        vera.locator("#table-board #fold-form button").click()
        vera.wait_for_function("() => window.handOvers > 0")
        row = panel.locator(".hand-panel li").first
        expect(row).to_contain_text("#1")
        expect(row.locator(".hand-amount.lost")).to_contain_text(
            re.compile(r"Вера: ставки 1[.,]00\sBYN, итог −1[.,]00\sBYN")
        )
        shots = Path("/work/notes/shots/details")
        shots.mkdir(parents=True, exist_ok=True)
        for width in WIDTHS:
            vera.set_viewport_size({"width": width, "height": 900})
            panel.scroll_into_view_if_needed()
            panel.screenshot(path=shots / f"golden-oasis-history-panel-{width}.png")
            fits(vera, width)
        assert errors == []
    finally:
        vera.context.close()
