"""Three players at the demo's Belarusian poker table in three browsers (CG §22–§24), one of
them on a 390-px phone: they sit down, the third is dealt in from the next hand; each sees his
own three cards and the others' backs, only the buttons legal for him; one proposes to open the
cards (its own click) and raises to 2 BYN typed in the money box, the others call with one click
each (the button carries the amount; after it the seat's bet this round is the last bet), they
agree to open the cards, and every hand left is shown with its points and what scored them (a
tie's svara offer refused splits the bank). The page is never wider than the window."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import test_six_seat_table as six_seats
from tests.browser.pages import click_and_see
from tests.browser.starts import plays_from_the_next_deal, start_now

# the three browsers of the six-seat test (a fixture) and its board locator
players = six_seats.players
board = six_seats.board

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 5 · 1–50 BYN"
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots/pokerkhrap")


def fits(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


def call_with_one_click(page: Page, amount: str) -> None:
    """The call button carries the last bet; one click, and the seat's bet this round is it."""
    button = page.locator('#table-board button[data-action="call"]')
    expect(button).to_contain_text(amount)
    position = board(page).get_attribute("data-seat")
    button.click()
    plate = page.locator(f'#table-board .player[data-position="{position}"] .seat-said')
    expect(plate).to_contain_text(re.compile(amount.replace(".", "[.,]") + r".{0,3}BYN"))


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def click(page: Page, action: str) -> None:
    click_and_see(page, page.locator(f'#table-board button[data-action="{action}"]'))


def test_three_players_bet_and_open_the_cards_at_a_showdown(players, artifacts):
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    anna.set_viewport_size(PHONE)  # boris and vera: 1280 px wide
    for page in (anna, boris):
        sit_at_the_table(page)
    start_now(anna, boris)  # both say ready: no filling window left to wait (issue 26)
    sit_at_the_table(vera)
    plays_from_the_next_deal(vera)
    # anna and boris were dealt the first hand; boris (left of anna's button) passes
    expect(boris.locator('button[data-action="pass"]')).to_be_visible()
    click(boris, "pass")
    # hand 2 deals all three; the button moved to boris, so vera acts first (P3)
    for page in (anna, boris, vera):
        expect(page.locator(".bp-my-hand svg.card")).to_have_count(3)
        expect(page.locator("#table-board .bp-hand.bp-backs svg.card-back")).to_have_count(6)
    expect(vera.locator("#bet-form")).to_be_visible()
    expect(anna.locator("#table-board button[data-action]")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    vera.screenshot(path=SHOTS / "poker-table-1280.png", full_page=True)
    # proposing to open is its own click: no amount asked
    click(vera, "propose")
    expect(vera.locator('button[data-action="propose"]')).to_have_count(0)
    expect(vera.locator(".bp-proposed")).to_be_visible()
    # raise to 2 BYN, typed as a person writes it
    vera.locator("#bet-form input[name=amount]").fill("2")
    vera.locator('#bet-form button[data-action="raise"]').click()
    # anna (on the phone) and boris call with one click each
    anna.screenshot(path=SHOTS / "poker-call-390.png", full_page=True)
    fits(anna)
    call_with_one_click(anna, "2.00")
    expect(boris.locator('#table-board button[data-action="call"]')).to_be_visible()
    call_with_one_click(boris, "2.00")
    # the round is over: anna and boris are asked to open the cards (P8)
    for page in (anna, boris):
        click(page, "accept")
    # the cards are opened: the hand is paid, or a tie offers a svara, which the tied refuse
    # (the bank is split)
    opened = (
        "() => document.querySelector('#table-board[data-phase=\"svara_offer\"]')"
        " || document.querySelector('#table-board .bp-last[data-hand=\"2\"]')"
    )
    vera.wait_for_function(opened)
    if board(vera).get_attribute("data-phase") == "svara_offer":
        for page in (anna, boris, vera):
            expect(board(page)).to_have_attribute("data-phase", "svara_offer")
            if page.locator('button[data-action="refuse"]').count():
                click(page, "refuse")
                break
    for page in (anna, boris, vera):
        expect(page.locator('#table-board .bp-last[data-hand="2"]')).to_be_visible()
        expect(page.locator("#table-board .bp-last .bp-showdown li")).to_have_count(3)
        expect(page.locator("#table-board .bp-last .bp-score")).to_have_count(3)
        expect(page.locator("#table-board .bp-last .bp-combination")).to_have_count(3)
        expect(page.locator("#table-board .bp-last svg.card")).to_have_count(9)
    fits(anna)
    anna.screenshot(path=artifacts / "belarusian-poker-showdown.png", full_page=True)
    anna.screenshot(path=SHOTS / "poker-showdown-390.png", full_page=True)
    boris.screenshot(path=SHOTS / "poker-showdown-1280.png", full_page=True)
    assert errors == []
