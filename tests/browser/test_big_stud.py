"""Three players at the demo's big stud table in three browsers (CG §106–§113), one of them on
a 390-px phone, the others at 1280 px: they sit down, the third is dealt in from the next hand;
each sees his own two down cards face up and the others' as backs, every open card, only the
buttons legal for him with their amounts in BYN; the best open card bets the small bet (decision
T5, §109), the others call with one click, every later street is checked through (T4), and the
hands are opened at the showdown with their names; the last hand shows each bank, its winner
and the casino's share (§113). The page is never wider than the window."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import test_six_seat_table as six_seats
from tests.browser.pages import fits, sit_from_lobby
from tests.browser.starts import plays_from_the_next_deal, start_now

players = six_seats.players
board = six_seats.board

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 15 · 1/2 BYN"
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots/bigstud")


def whose_turn(pages: list[Page]) -> Page:
    """The page whose board says it is its turn (its clock runs)."""
    pages[0].wait_for_function("() => true", timeout=1_000)  # let the last change reach every page
    for _poll in range(100):
        for page in pages:
            if board(page).get_attribute("data-my-turn") == "1":
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn")


def click(page: Page, action: str) -> None:
    version = board(page).get_attribute("data-version")
    page.locator(f'#table-board button[data-action="{action}"]').click()
    expect(board(page)).not_to_have_attribute("data-version", version)


def test_three_players_play_a_big_stud_hand_to_the_showdown(players, artifacts):
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    anna.set_viewport_size(PHONE)  # boris and vera: 1280 px wide
    for page in (anna, boris):
        sit_from_lobby(page, TABLE_NAME)
    start_now(anna, boris)
    sit_from_lobby(vera, TABLE_NAME)
    plays_from_the_next_deal(vera)
    # hand 1 (anna and boris): the best open card bets, the other folds to it
    first = whose_turn([anna, boris])
    expect(first.locator('#table-board button[data-action="bet"]')).to_contain_text(
        re.compile(r"1[.,]00.BYN")
    )
    click(first, "bet")
    click(boris if first is anna else anna, "fold")
    # hand 2 deals all three: two down cards each, face up to their owner, backs to the others
    pages = [anna, boris, vera]
    for page in pages:
        expect(page.locator("#table-board").locator("[data-street='3']").first).to_be_visible()
        expect(page.locator("#table-board .bs-hand")).to_have_count(3)
        expect(page.locator("#table-board .bs-up svg.card")).to_have_count(3)
        expect(page.locator("#table-board .bs-down svg.card:not(.card-back)")).to_have_count(2)
        expect(page.locator("#table-board .bs-down svg.card-back")).to_have_count(4)
    first = whose_turn(pages)
    others = [p for p in pages if p is not first]
    for page in others:
        expect(page.locator("#table-board button[data-action]")).to_have_count(0)
    expect(first.locator('#table-board button[data-action="check"]')).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    boris.screenshot(path=SHOTS / "big-stud-third-street-1280.png", full_page=True)
    anna.screenshot(path=SHOTS / "big-stud-third-street-390.png", full_page=True)
    fits(anna)
    click(first, "bet")
    for _caller in range(2):
        page = whose_turn(pages)
        expect(page.locator('#table-board button[data-action="call"]')).to_contain_text(
            re.compile(r"1[.,]00.BYN")
        )
        expect(page.locator('#table-board button[data-action="raise"]')).to_contain_text(
            re.compile(r"2[.,]00.BYN")
        )
        click(page, "call")
    # fourth to seventh street: everyone checks (T4)
    for page in pages:
        expect(page.locator("#table-board .bs-up svg.card")).to_have_count(6)
    anna.screenshot(path=SHOTS / "big-stud-fourth-street-390.png", full_page=True)
    for _turn in range(12):
        page = whose_turn(pages)
        click(page, "check")
    for page in pages:
        last = page.locator('#table-board .bs-last[data-hand="2"]')
        expect(last).to_be_visible()
        expect(last.locator(".bs-opened li")).to_have_count(3)
        expect(last.locator(".bs-opened .bs-rank")).to_have_count(3)
        # the bank of 3.00 and the casino's 5 % of it (the players read Russian)
        expect(last).to_contain_text(re.compile(r"3[.,]00.BYN"))
        expect(last).to_contain_text(re.compile(r"0[.,]15.BYN"))
    fits(anna)
    anna.screenshot(path=artifacts / "big-stud-showdown.png", full_page=True)
    anna.screenshot(path=SHOTS / "big-stud-showdown-390.png", full_page=True)
    boris.screenshot(path=SHOTS / "big-stud-showdown-1280.png", full_page=True)
    assert errors == []
