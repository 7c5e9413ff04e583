"""Three players at the demo's Belarusian poker table in three browsers (CG §22–§24): they sit
down, the third is dealt in from the next hand; each sees his own three cards and the others'
backs, only the buttons legal for him; they bet, propose and agree to open the cards, and every
hand left is shown with its score (a tie's svara offer refused splits the bank)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import test_six_seat_table as six_seats
from tests.browser.starts import plays_from_the_next_deal, start_now

# the three browsers of the six-seat test (a fixture) and its board locator
players = six_seats.players
board = six_seats.board

pytestmark = pytest.mark.browser

TABLE_NAME = "Белорусский покер · 1–50 BYN"


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def click(page: Page, action: str) -> None:
    page.locator(f'#table-board button[data-action="{action}"]').click()


@pytest.mark.timeout(300)
def test_three_players_bet_and_open_the_cards_at_a_showdown(players, artifacts):
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
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
    vera.screenshot(path=artifacts / "belarusian-poker-table.png", full_page=True)
    click(vera, "propose")
    expect(vera.locator('button[data-action="propose"]')).to_have_count(0)
    vera.locator("#bet-form input[name=amount]").fill("200")
    vera.locator("#bet-form button").click()
    # the level is now 2.00: anna's form starts there
    expect(anna.locator("#bet-form input[name=amount]")).to_have_attribute("min", "200")
    anna.locator("#bet-form button").click()
    expect(boris.locator("#bet-form")).to_be_visible()
    boris.locator("#bet-form button").click()
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
        expect(page.locator("#table-board .bp-last svg.card")).to_have_count(9)
    anna.screenshot(path=artifacts / "belarusian-poker-showdown.png", full_page=True)
    assert errors == []
