"""The exchange and spread bets in a real browser (issue 18): two players match a back and a lay
on a market's ladder, each page following the other's move live; one player opens a spread bet
and partly closes it while the quote moves (staff quotes from another process, pushed over Redis).
Waits are Playwright's auto-waiting expect(...), never fixed sleeps."""

import json
import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in
from tests.server import DaphneServer

pytestmark = pytest.mark.browser

PASSWORD = "casino-demo"

SETUP = """
import json
from decimal import Decimal
from casino import ledger
from casino.models import Player
from sportsbook.exchange.services import exchange_market_list
from sportsbook.models import SpreadAsset
from tests.sportsbook import factories

for name in ("x-anna", "x-boris"):
    player = Player.objects.create_user(username=name, password=%(password)r, language="ru")
    ledger.cashier_deposit(
        player=player, amount=100_000, currency="BYN", idempotency_key=name, memo="test funds"
    )
event = factories.event(home="Динамо Брест", away="Ислочь", kinds=("1x2",))
home = factories.outcome(event)
exchange_market_list(market_id=home.market_id)
asset = SpreadAsset.objects.create(
    code="brent", name_ru="Нефть Brent", name_en="Brent", point_size=Decimal("0.01"),
    bid=Decimal("75.00"), ask=Decimal("75.03"), min_stake=100, margin_points=100,
    closeout_points=40, feed_step_points=0,
)
print(json.dumps({"market": home.market_id, "outcome": home.pk, "asset": asset.pk}))
"""

QUOTE_SET = """
from decimal import Decimal
from sportsbook.spread.services import spread_quote_set
spread_quote_set(asset_id=%(asset)d, bid=Decimal(%(bid)r), ask=Decimal(%(ask)r))
"""


@pytest.fixture(scope="module")
def daphne_server():
    # Redis: the staff's quote comes from another process, as a feed or a trader's would.
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/3"
    server = DaphneServer(redis_url=redis_url)
    with server:
        yield server


@pytest.fixture(scope="module")
def line(daphne_server):
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture
def second_page(browser, server_url):
    context = browser.new_context(base_url=server_url, locale="ru-RU", timezone_id="Europe/Minsk")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def live(page: Page, selector: str):
    expect(page.locator(f"{selector}[data-connected='1']")).to_have_count(1)


def test_two_players_match_a_back_and_a_lay_live(page: Page, second_page: Page, line, artifacts):
    market_path = f"/sport/exchange/{line['market']}/"
    log_in(page, "x-anna", PASSWORD, next_path=market_path)
    live(page, ".exchange-page")
    log_in(second_page, "x-boris", PASSWORD, next_path=market_path)
    live(second_page, ".exchange-page")

    # Anna backs the home team at net odds 1.5 (decimal 2.5) for 20.00
    offer = page.locator("form.exchange-post")
    offer.locator("select[name=outcome]").select_option(str(line["outcome"]))
    offer.locator("select[name=side]").select_option("back")
    offer.locator("input[name=odds]").fill("1.5")
    offer.locator("input[name=stake]").fill("20")
    offer.locator("button[type=submit]").click()
    expect(page.locator("#exchange-market .notice.success")).to_contain_text("20.00")
    expect(page.locator("#exchange-mine tr[data-offer]")).to_have_count(1)

    # Boris's ladder shows it live, available to lay at 1.50 (2.50); he lays 12.00 of it
    row = second_page.locator(f"#exchange-ladder tr[data-outcome='{line['outcome']}']")
    cell = row.locator("td.price.lay").first
    expect(cell.locator(".net-odds")).to_have_text("1.50")
    expect(cell.locator(".decimal-odds")).to_have_text("(2.50)")
    cell.locator("input[name=stake]").fill("12")
    cell.locator("button.take").click()
    expect(second_page.locator("#exchange-market .notice.success")).to_contain_text("12.00")
    expect(second_page.locator("#exchange-mine tr[data-bet]")).to_have_count(1)
    expect(second_page.locator("#exchange-mine tr[data-bet]")).to_contain_text("18.00")  # 12x1.5

    # Anna's page follows: 8.00 still unmatched, her matched bet listed; the ladder shows 8.00
    expect(page.locator("#exchange-mine tr[data-bet]")).to_have_count(1)
    expect(page.locator("#exchange-mine tr[data-offer]")).to_contain_text("8.00")
    anna_row = page.locator(f"#exchange-ladder tr[data-outcome='{line['outcome']}']")
    expect(anna_row.locator("td.price.lay .amount").first).to_contain_text("8.00")
    expect(anna_row.locator("td.matched")).to_contain_text("12.00")
    page.screenshot(path=artifacts / "exchange-matched.png", full_page=True)


def test_open_and_partly_close_a_spread_bet_while_the_quote_moves(
    page: Page, daphne_server, line, artifacts
):
    log_in(page, "x-anna", PASSWORD, next_path="/sport/spread/")
    live(page, ".spread-page")
    asset = page.locator(f"#spread-asset-{line['asset']}")
    expect(asset.locator(".ask")).to_have_text("75.03")

    # buy 2.00 per point at the ask 75.03
    asset.locator("input[name=stake]").fill("2")
    asset.locator("button.buy").click()
    positions = page.locator("#spread-positions")
    expect(asset.locator(".spread-deal .notice.success")).to_contain_text("75.03")
    expect(positions.locator("tr[data-position]")).to_have_count(1)
    expect(positions.locator(".pnl")).to_contain_text("-6.00")  # the spread: -3 x 2.00

    # the quote moves (staff, another process): the asset, its chart and the P&L follow live
    daphne_server.shell(QUOTE_SET % {"asset": line["asset"], "bid": "75.53", "ask": "75.56"})
    expect(asset.locator(".bid")).to_have_text("75.53")
    expect(positions.locator(".pnl")).to_contain_text("100.00")  # +50 points x 2.00

    # type 1.50 per point of the 2.00 to close; a tick changes the row's figures while it is
    # typed, and what was typed stays (it is what the player meant to send); it closes at the
    # new bid (within the player's default setting: the bid he saw)
    close = positions.locator("form.spread-close")
    close.locator("input[name=stake]").fill("1.5")
    daphne_server.shell(QUOTE_SET % {"asset": line["asset"], "bid": "75.43", "ask": "75.46"})
    expect(asset.locator(".bid")).to_have_text("75.43")
    expect(positions.locator(".pnl")).to_contain_text("80.00")  # +40 points x 2.00
    expect(close.locator("input[name=stake]")).to_have_value("1.5")
    close.locator("button[type=submit]").click()
    expect(page.locator("#spread-positions-deal .notice.success")).to_contain_text("75.43")
    expect(positions.locator("tr[data-position] .stake")).to_contain_text("0.50")

    # it moves again; the rest's P&L follows: +20 points x 0.50
    daphne_server.shell(QUOTE_SET % {"asset": line["asset"], "bid": "75.23", "ask": "75.26"})
    expect(positions.locator(".pnl")).to_contain_text("10.00")
    expect(positions.locator(".spread-account .equity")).to_be_visible()
    page.screenshot(path=artifacts / "spread-partly-closed.png", full_page=True)
