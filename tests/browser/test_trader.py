"""Two traders on the same event in two browsers: what one changes (odds, a suspension) appears
on the other's page without a reload, and the other's next change is checked against it. Waits
are Playwright's auto-waiting expect(...), never fixed sleeps."""

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import log_in

pytestmark = pytest.mark.browser

PASSWORD = "trader-pass-77"

SETUP = """
import json
from django.contrib.auth.models import Group
from casino import roles
from casino.models import Player
from tests.sportsbook import factories

for name in ("trader-a", "trader-b"):
    trader = Player.objects.create_user(
        username=name, password=%(password)r, is_staff=True, language="en"
    )
    trader.groups.add(Group.objects.get(name=roles.TRADER.group))
# ice hockey: the demo line has no live hockey, so B's list of live hockey starts empty
event = factories.event(sport_code="hockey", home="Dinamo Minsk", away="BATE", kinds=("1x2",))
outcome = factories.outcome(event)
print(json.dumps({"event": event.pk, "outcome": outcome.pk, "market": outcome.market_id}))
"""


@pytest.fixture(scope="module")
def line(daphne_server):
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])


def trader_page(browser: Browser, server_url: str, username: str, event: int) -> Page:
    page = browser.new_context(base_url=server_url, locale="en-GB").new_page()
    log_in(page, username, PASSWORD, next_path=f"/trader/event/{event}/")
    expect(page.locator(".trader[data-connected='1']")).to_have_count(1)
    return page


def test_what_one_trader_changes_appears_on_the_others_page(browser, server_url, line):
    first = trader_page(browser, server_url, "trader-a", line["event"])
    second = trader_page(browser, server_url, "trader-b", line["event"])
    row = f"#outcome-{line['outcome']}"

    # A moves the odds; B's row and change log show it
    odds = first.locator(f"{row} input[name=odds]")
    odds.fill("2.15")
    odds.press("Enter")
    expect(first.locator(f"{row}.saved")).to_have_count(1)
    expect(second.locator(f"{row} input[name=odds]")).to_have_value("2.150")
    expect(second.locator("#odds-changes")).to_contain_text("2.15")  # odds as the line writes them

    # B's next change is checked against what B now shows, so it is accepted
    odds = second.locator(f"{row} input[name=odds]")
    odds.fill("2.05")
    odds.press("Enter")
    expect(second.locator(f"{row}.saved")).to_have_count(1)
    expect(first.locator(f"{row} input[name=odds]")).to_have_value("2.050")

    # A suspends the market; B sees it suspended, with Reopen
    market = f"#market-{line['market']}"
    first.locator(f"{market} button[type=submit]").click()
    expect(second.locator(f"{market}.status-suspended")).to_have_count(1)
    expect(second.locator(f"{market} button[type=submit]")).to_have_text("Reopen")

    # B watches the live hockey (none yet); A marks this one live and it replaces B's "No events
    # match.", then its score follows
    second.goto("/trader/?status=live&sport=hockey")
    expect(second.locator("#event-list[data-connected='1']")).to_have_count(1)
    event_row = second.locator(f"#event-{line['event']}")
    expect(event_row).to_have_count(0)
    expect(second.locator("#no-events")).to_have_count(1)
    first.locator("#event-status button[value=live]").click()
    expect(event_row.locator(".badge.live")).to_have_count(1)
    expect(second.locator("#no-events")).to_have_count(0)
    # A's panel is swapped whole by the status answer: the score is typed into the new one
    expect(first.locator("#event-status button[value=live]")).to_be_disabled()
    score = first.locator("#event-score")
    score.locator("input[name=home]").fill("1")
    score.locator("input[name=away]").fill("0")
    score.locator("input[name=minute]").fill("12")
    score.locator("button[type=submit]").click()
    expect(event_row).to_contain_text("1:0 · 12′")
    first.context.close()
    second.context.close()
