"""The pit boss watches the floor live while two players sit down and start a match, pauses it
with a reason (the players' boards say so at once, reason and all) and resumes it; the tile
follows without a reload. Waits are Playwright's auto-waiting expect(...), never fixed sleeps."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 2 as loaded (test_durak_table and test_phone_width sit at it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

TABLE_NAME = "№ 2 · 5 USD"


def signed_in(browser: Browser, server_url: str, username: str, password: str) -> Page:
    page = browser.new_context(base_url=server_url, locale="en-GB").new_page()
    log_in(page, username, password)
    return page


def usd(page: Page) -> str:
    return page.locator("#header-balances .balance[data-currency=USD]").inner_text()


def test_the_pit_boss_watches_the_floor_and_pauses_a_match(browser, server_url, daphne_server):
    boss = signed_in(browser, server_url, "pitboss", "casino-pit")
    # the pit boss tightens the "seat away" alert to one minute (its rule's threshold)
    boss.goto("/floor/alerts/")
    rule = boss.locator("#rule-away form")
    rule.locator("input[name=threshold]").fill("1")
    rule.locator("button[type=submit]").click()
    expect(boss.locator("#rule-away input[name=threshold]")).to_have_value("1")
    boss.locator("nav.main-nav a[href='/pit/']").click()
    expect(boss.locator(".pit[data-connected='1']")).to_have_count(1)
    row = boss.locator("article.pit-row").filter(has_text=TABLE_NAME)
    expect(row).to_have_attribute("data-status", "open")
    tile_id = row.get_attribute("id")

    dina = signed_in(browser, server_url, "dina", "casino-demo")
    before = usd(dina)
    dina.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME).locator(
        "button.sit"
    ).click()
    expect(dina).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(row).to_contain_text("1/2")

    # the boss starts typing a reason; the row's live update (a match starts) keeps it
    row.locator("input[name=reason]").fill("dealer change")
    egor = signed_in(browser, server_url, "egor", "casino-demo")
    egor.goto(dina.url)
    # a click before the page's socket is open would submit the form as a plain GET
    expect(egor.locator("#table-connection")).to_have_attribute("data-state", "open")
    egor.locator("#table-board button.sit").click()
    expect(row).to_have_attribute("data-status", "playing")
    expect(row).to_contain_text("2/2")
    expect(row.locator("input[name=reason]")).to_have_value("dealer change")

    row.locator("button[value=pause]").click()
    expect(row).to_have_attribute("data-status", "paused")
    for player in (dina, egor):
        board = player.locator("#table-board")
        expect(board).to_have_attribute("data-status", "paused")
        expect(board.locator(".staff-notice")).to_contain_text("dealer change")
    # the table's staff view: the staff log names the act and the reason
    boss.locator(f"#{tile_id} h3 a").click()
    expect(boss.locator("#staff-log")).to_contain_text("dealer change")
    boss.locator("#staff-act-form input[name=reason]").fill("new dealer seated")
    boss.locator("#staff-act-form button[value=resume]").click()
    expect(boss.locator("#staff-log")).to_contain_text("new dealer seated")
    expect(dina.locator("#table-board")).to_have_attribute("data-status", "playing")
    expect(dina.locator("#table-board .staff-notice")).to_contain_text("new dealer seated")
    assert usd(dina) != before  # the stake is in play

    # egor walks away with his stake in play: the floor's alert arrives live, and the badge
    boss.goto("/pit/")
    expect(boss.locator(".pit[data-connected='1']")).to_have_count(1)
    egor.context.close()
    expect(boss.locator(f"#{tile_id} li.pit-player.away")).to_have_count(1)
    # the minute passes (his spell away moved back; the server's floor checks run each second)
    moved = daphne_server.shell(
        "import datetime as dt; from django.db.models import F; from tables.models import Seat; "
        "print(Seat.objects.filter(player__username='egor', away_since__isnull=False)"
        ".update(away_since=F('away_since') - dt.timedelta(seconds=90)))"
    )
    assert moved.split()[-1] == "1"
    alert = boss.locator("#floor-alerts li[data-kind=away]")
    expect(alert).to_contain_text(TABLE_NAME)
    expect(boss.locator(f"#{tile_id} .alert-badge")).to_have_text("1")
    for page in (boss, dina):
        page.context.close()
