"""A bettor in a real browser: builds an express and a 2/3 system in the bet slip, sees an odds
change pushed live (the trader's change is made by services.odds_set in another process, so the
server runs with Redis as its channel layer), confirms the new odds, and finds the bets in
"my bets". Waits are Playwright's auto-waiting expect(...), never fixed sleeps.
"""

import json
import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import log_in
from tests.server import DaphneServer

pytestmark = pytest.mark.browser

PASSWORD = "casino-demo"

SETUP = """
import json
from decimal import Decimal
from casino import ledger
from casino.models import Player
from sportsbook.models import ExchangeRate
from tests.sportsbook import factories

ExchangeRate.objects.update_or_create(currency="BYN", defaults={"per_usd": Decimal("3.20")})
player = Player.objects.create_user(
    username="sb-bettor", password=%(password)r, language="ru", preferred_currency="BYN"
)
ledger.cashier_deposit(
    player=player, amount=100_000, currency="BYN", idempotency_key="sb-fund", memo="test funds"
)
teams = [("Динамо Минск", "БАТЭ"), ("Неман", "Шахтёр"), ("Гомель", "Торпедо")]
picks = []
for home, away in teams:
    event = factories.event(home=home, away=away, kinds=("1x2", "total"))
    picks.append({"event": event.pk, "outcome": factories.outcome(event).pk})
print(json.dumps(picks))
"""

ODDS_SET = """
from decimal import Decimal
from sportsbook.line import services
services.odds_set(outcome_id=%(outcome)d, odds=Decimal(%(odds)r), staff=None)
"""


@pytest.fixture(scope="module")
def daphne_server():
    # Redis: the odds change comes from another process, as a trader's would in production.
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/4"
    server = DaphneServer(redis_url=redis_url)
    with server:
        yield server


@pytest.fixture(scope="module")
def picks(daphne_server):
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])


def add_again(page: Page, chosen: list) -> None:
    """Put these outcomes into the (empty) slip again, from their events' pages."""
    for number, pick in enumerate(chosen, start=1):
        page.goto(f"/sport/event/{pick['event']}/")
        expect(page.locator(".event-page[data-connected='1']")).to_have_count(1)
        page.locator(f"#outcome-{pick['outcome']}").click()
        expect(page.locator("#bet-slip .slip-row")).to_have_count(number)


def slip_connected(page: Page):
    expect(page.locator("#slip-live[data-connected='1']")).to_have_count(1)


def test_express_system_live_odds_change_confirm_and_my_bets(
    page: Page, daphne_server, picks, artifacts
):
    log_in(page, "sb-bettor", PASSWORD, next_path="/sport/")
    expect(page.locator("nav.main-nav a[href='/sport/bets/']")).to_be_visible()

    # three outcomes from three events into the slip, from the event pages
    for number, pick in enumerate(picks, start=1):
        page.locator(f"a[href='/sport/event/{pick['event']}/']").first.click()
        expect(page.locator(".event-page[data-connected='1']")).to_have_count(1)
        page.locator(f"#outcome-{pick['outcome']}").click()
        expect(page.locator("#bet-slip .slip-row")).to_have_count(number)
        page.locator("nav.sport-nav a[href='/sport/']").click()

    # the slip survives a reload; an express of all three
    page.reload()
    slip = page.locator("#bet-slip")
    expect(slip.locator(".slip-row")).to_have_count(3)
    express = slip.locator("#slip-express")
    express.locator("input[name=stake]").fill("5")
    express.locator("button[type=submit]").click()
    # the bet is placed: its notice stays, its selections leave the slip (issue 45)
    expect(slip.locator(".slip-notices .notice.success")).to_have_count(1)
    expect(slip.locator(".slip-row")).to_have_count(0)
    expect(slip.locator(".count")).to_have_text("0")

    # a system 2 of 3: every combination listed, the stake per combination shown
    add_again(page, picks)
    system = slip.locator("#slip-system")
    expect(system.locator("select[name=system_size]")).to_have_value("2")
    system.locator("input[name=stake]").fill("30")
    system.locator("select[name=system_size]").dispatch_event("change")
    expect(system.locator(".combination")).to_have_count(3)
    expect(system.locator(".per-combination")).to_contain_text("10.00")
    system.locator("button[type=submit]").click()
    expect(slip.locator(".slip-notices .notice.success")).to_have_count(1)
    expect(slip.locator(".slip-row")).to_have_count(0)

    # the trader moves the odds: the slip shows old and new, live
    first = picks[0]["outcome"]
    add_again(page, picks[:1])
    slip_connected(page)
    daphne_server.shell(ODDS_SET % {"outcome": first, "odds": "1.80"})
    expect(page.locator(f"#outcome-{first} .odds")).to_have_text("1.80")
    odds = page.locator(f"#slip-odds-{first}")
    expect(odds.locator(".old-odds")).to_have_text("1.50")
    expect(odds.locator(".new-odds")).to_have_text("1.80")
    page.screenshot(path=artifacts / "sportsbook-odds-changed.png", full_page=True)

    # a single on it asks to confirm the new odds (always ask), then is placed at 1.80
    singles = page.locator("#slip-singles")
    singles.locator(f"input[name=stake_{first}]").fill("10")
    singles.locator("button[type=submit]").click()
    notice = page.locator("#slip-singles .notice.odds")
    expect(notice.locator(".old-odds")).to_have_text("1.50")
    expect(notice.locator(".new-odds")).to_have_text("1.80")
    # beside the selection's stake too: the odds it was added at, and the odds to confirm
    requote = singles.locator(".single-stake .requote")
    expect(requote.locator(".old-odds")).to_have_text("1.50")
    expect(requote.locator(".new-odds")).to_have_text("1.80")
    page.locator("#slip-singles button[type=submit]").click()
    expect(page.locator("#bet-slip .slip-notices .notice.success")).to_have_count(1)
    expect(page.locator("#bet-slip .slip-row")).to_have_count(0)

    # my bets: the express, the system and the single, open
    page.locator("nav.main-nav a[href='/sport/bets/']").click()
    bets = page.locator("#my-bets article.bet")
    expect(bets).to_have_count(3)
    expect(page.locator("#my-bets article.bet.status-open")).to_have_count(3)
    single = bets.nth(0)
    expect(single.locator(".legs tbody tr")).to_have_count(1)
    expect(single.locator(".legs td.num")).to_have_text("1.80")
    expect(bets.nth(1).locator(".legs tbody tr")).to_have_count(3)
    expect(bets.nth(1).locator(".stake")).to_contain_text("30.00")
    expect(bets.nth(2).locator(".stake")).to_contain_text("5.00")
    page.screenshot(path=artifacts / "sportsbook-my-bets.png", full_page=True)
