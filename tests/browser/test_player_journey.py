"""A demo player's journey in a real browser: log in, lobby, cashier, play-money top-up, the live
header balance over the lobby websocket, the language switcher, and a double-clicked top-up.

Each test uses its own demo player (all share one server and database), and checks results
through the pages only. Waits are Playwright's auto-waiting expect(...), never fixed sleeps.
"""

import re
import time
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo players' wallets and the lobby as loaded
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

DEMO_PASSWORD = "casino-demo"


# --- helpers ---------------------------------------------------------------------------------


def minor_units(text: str) -> int:
    """ "5 025.00 BYN" (any spacing, any currency code) -> 502500."""
    number = re.sub(r"[^\d.\-]", "", text)
    assert number, f"no amount in {text!r}"
    return int(Decimal(number) * 100)


def header_balance(page: Page, currency: str):
    return page.locator(f"#header-balances .balance[data-currency={currency}]")


def statement_rows(page: Page):
    return page.locator("#statement table.statement tbody tr")


def fill_topup(page: Page, amount: str, currency: str = "BYN"):
    form = page.locator("#topup-form")
    form.locator("select[name=currency]").select_option(currency)
    form.locator("input[name=amount]").fill(amount)
    return form.locator("button[type=submit]")


# --- (a) log in, lobby, cashier, top-up ------------------------------------------------------


def test_player_logs_in_and_tops_up_play_money(page: Page, server_url, artifacts):
    log_in(page, "anna", DEMO_PASSWORD)

    expect(page).to_have_url(f"{server_url}/lobby/")
    expect(page.locator("#header-balances")).to_be_visible()
    expect(header_balance(page, "BYN")).to_contain_text("BYN")
    expect(header_balance(page, "USD")).to_contain_text("USD")
    before = minor_units(header_balance(page, "BYN").inner_text())

    page.locator("nav.main-nav a[href='/cashier/']").click()
    expect(page).to_have_url(f"{server_url}/cashier/")
    entries_before = statement_rows(page).count()
    fill_topup(page, "25.00").click()

    expect(page).to_have_url(f"{server_url}/cashier/")
    expect(page.locator("#messages li.success")).to_contain_text("25.00")
    expect(statement_rows(page)).to_have_count(entries_before + 1)
    newest = statement_rows(page).first.locator("td")
    assert minor_units(newest.nth(2).inner_text()) == 2500
    assert newest.nth(2).inner_text().strip().endswith("BYN")
    assert minor_units(newest.nth(3).inner_text()) == before + 2500
    assert minor_units(header_balance(page, "BYN").inner_text()) == before + 2500
    page.screenshot(path=artifacts / "cashier.png", full_page=True)


# --- (b) the header balance follows a top-up made in another tab -----------------------------


def test_header_balance_updates_live_from_another_tab(new_page, artifacts):
    watcher = new_page()
    frames: list = []

    def on_websocket(socket):
        if socket.url.endswith("/ws/lobby/"):
            socket.on("framereceived", lambda payload: frames.append(payload))

    watcher.on("websocket", on_websocket)
    # Straight to the cashier, so the watcher only ever opens one lobby socket.
    log_in(watcher, "boris", DEMO_PASSWORD, next_path="/cashier/")
    # The consumer joins the player's group, then sends the balances once: after that frame,
    # a top-up is certain to be pushed to this tab.
    deadline = time.monotonic() + 15
    while not frames:
        assert time.monotonic() < deadline, "the lobby websocket sent nothing"
        watcher.wait_for_timeout(50)
    frames_on_connect = len(frames)
    watcher.evaluate("window.notReloaded = true")
    before = minor_units(header_balance(watcher, "BYN").inner_text())

    actor = new_page()
    actor.goto("/cashier/")
    fill_topup(actor, "12.34").click()
    expect(actor.locator("#messages li.success")).to_contain_text("12.34")
    expected = header_balance(actor, "BYN").inner_text()
    assert minor_units(expected) == before + 1234

    expect(header_balance(watcher, "BYN")).to_have_text(expected)
    assert watcher.evaluate("window.notReloaded") is True
    assert len(frames) > frames_on_connect
    watcher.screenshot(path=artifacts / "live-balance.png")


# --- (c) the language switcher ---------------------------------------------------------------


def test_language_switcher_changes_page_language(page: Page, server_url):
    page.goto("/accounts/login/")
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "ru")

    page.locator("form.lang-switch button[name=language][value=en]").click()

    expect(html).to_have_attribute("lang", "en")
    expect(page).to_have_url(f"{server_url}/accounts/login/")
    expect(page.locator("form.lang-switch button.current")).to_have_attribute("value", "en")
    page.reload()  # the choice is remembered (cookie), not just applied to one response
    expect(html).to_have_attribute("lang", "en")

    page.locator("form.lang-switch button[name=language][value=ru]").click()
    expect(html).to_have_attribute("lang", "ru")


# --- (d) a double-click, or the same form sent twice, books one top-up ------------------------


def credited_amounts(page: Page) -> list[int]:
    return [
        minor_units(text) for text in statement_rows(page).locator("td.credit").all_inner_texts()
    ]


def test_double_clicked_topup_books_once(page: Page):
    log_in(page, "gleb", DEMO_PASSWORD, next_path="/cashier/")
    before = minor_units(header_balance(page, "BYN").inner_text())
    entries_before = statement_rows(page).count()

    fill_topup(page, "7.77").dblclick()

    expect(page.locator("#messages li")).not_to_have_count(0)
    page.goto("/cashier/")
    expect(statement_rows(page)).to_have_count(entries_before + 1)
    assert credited_amounts(page).count(777) == 1
    assert minor_units(header_balance(page, "BYN").inner_text()) == before + 777


def test_same_topup_form_submitted_twice_books_once(page: Page):
    """Chromium itself drops the second submission of a double click (one POST leaves the
    browser), so the hidden idempotency key is proven here: the form's own data (same key, same
    CSRF token) is posted twice at once from the page, as a retrying or impatient browser would."""
    log_in(page, "vera", DEMO_PASSWORD, next_path="/cashier/")
    before = minor_units(header_balance(page, "BYN").inner_text())
    entries_before = statement_rows(page).count()
    fill_topup(page, "3.21")
    key = page.locator("#topup-form input[name=idempotency_key]").input_value()
    assert re.fullmatch(r"[0-9a-f-]{36}", key)

    statuses = page.evaluate(
        """async () => {
            const form = document.getElementById("topup-form");
            const post = () => fetch(form.action, {method: "POST", body: new FormData(form)});
            const responses = await Promise.all([post(), post()]);
            return responses.map((response) => response.status);
        }"""
    )

    assert statuses == [200, 200]  # both answered, after the redirect back to the cashier
    page.goto("/cashier/")
    expect(statement_rows(page)).to_have_count(entries_before + 1)
    assert credited_amounts(page).count(321) == 1
    assert minor_units(header_balance(page, "BYN").inner_text()) == before + 321
