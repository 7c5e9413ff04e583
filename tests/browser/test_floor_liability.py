"""The pit boss has the floor's sportsbook liability tab open; a player places a single in another
browser context and the event's row shows the new stakes and worst case without a reload. Waits
are Playwright's auto-waiting expect(...), never fixed sleeps."""

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the sportsbook's liability as loaded: every bet on the event is in it
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

PASSWORD = "casino-demo"

# An event whose home win pays 1.50, a bettor with 1,000.00 BYN, and a first single of 10.00 on
# it already (placed here, before the boss's page loads: it is on the page's whole list).
SETUP = """
import json
from decimal import Decimal
from casino import ledger
from casino.models import Player
from sportsbook.betting import services
from sportsbook.models import ExchangeRate
from tests.sportsbook import factories

ExchangeRate.objects.update_or_create(currency="BYN", defaults={"per_usd": Decimal("3.20")})
player = Player.objects.create_user(
    username="liability-bettor", password=%(password)r, language="en", preferred_currency="BYN"
)
ledger.cashier_deposit(
    player=player, amount=100_000, currency="BYN", idempotency_key="lb-fund", memo="test funds"
)
event = factories.event(home="Liability Home", away="Liability Away", kinds=("1x2",))
home = factories.outcome(event)
services.bet_place(
    player=player, kind="single", selections=[services.Selection(home.pk, home.odds)],
    stake=1_000, currency="BYN", idempotency_key="lb-first",
)
print(json.dumps({"event": event.pk, "outcome": home.pk}))
"""


@pytest.fixture(scope="module")
def line(daphne_server):
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])


def signed_in(browser: Browser, server_url: str, username: str, password: str, path="") -> Page:
    page = browser.new_context(base_url=server_url, locale="en-GB").new_page()
    log_in(page, username, password, next_path=path)
    return page


def test_the_liability_row_follows_a_bet_placed_in_another_browser(
    browser, server_url, line, artifacts
):
    boss = signed_in(browser, server_url, "pitboss", "casino-pit", "/floor/liability/")
    expect(boss.locator(".floor-liability[data-connected='1']")).to_have_count(1)
    byn = boss.locator(f"#liability-event-{line['event']} .liability-currency[data-currency=BYN]")
    expect(byn).to_have_attribute("data-stakes", "1000")
    expect(byn).to_have_attribute("data-worst", "1500")  # 10.00 at 1.50
    boss.evaluate("window.notReloaded = true")

    bettor = signed_in(browser, server_url, "liability-bettor", PASSWORD, "/sport/")
    bettor.goto(f"/sport/event/{line['event']}/")
    expect(bettor.locator(".event-page[data-connected='1']")).to_have_count(1)
    bettor.locator(f"#outcome-{line['outcome']}").click()
    expect(bettor.locator("#bet-slip .slip-row")).to_have_count(1)
    singles = bettor.locator("#slip-singles")
    singles.locator(f"input[name=stake_{line['outcome']}]").fill("20")
    singles.locator("button[type=submit]").click()
    # the placed bet leaves the slip; its notice stays in the slip's notices
    expect(bettor.locator("#bet-slip .slip-notices .notice.success")).to_have_count(1)

    expect(byn).to_have_attribute("data-stakes", "3000")
    expect(byn).to_have_attribute("data-worst", "4500")  # 30.00 at 1.50
    outcome_row = byn.locator(f"tr.liability-outcome[data-outcome='{line['outcome']}']")
    expect(outcome_row).to_have_attribute("data-net", str(3000 - 4500))
    assert boss.evaluate("window.notReloaded") is True  # the row changed, the page stayed
    boss.screenshot(path=artifacts / "floor-liability.png", full_page=True)
    for page in (boss, bettor):
        page.context.close()
