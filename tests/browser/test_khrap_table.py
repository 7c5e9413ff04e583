"""Three players at the demo's Khrap table in three browsers (CG §114-§121), one of them on a
390-px phone: the first deal, dealt to the first two to sit, is passed out and redealt with new
stakes (§119.1); the next one all three play: a khrap declaration, a "help" and a "five"
(§119.2.1), the exchange picked on the board, four tricks played by clicking cards, and what
each takes or owes shown to everyone. At 390 and 1280 px the hand is one row (its cards share
one top) and the page is never wider than the window."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

# the three browsers' fixture (a context each, logged in as a demo player, socket frames
# counted) and the board's locator, as the six-seat table's test has them
from tests.browser.starts import plays_from_the_next_deal, start_now
from tests.browser.test_six_seat_table import board, players  # noqa: F401

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 6 · 1 BYN"


def version(page: Page) -> int:
    return int(board(page).get_attribute("data-version"))


def click_and_wait(page: Page, button) -> None:
    """Click one of the board's buttons and wait for the board that answers it."""
    before = version(page)
    button.click()
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table-board').dataset.version) > v", arg=before
    )


def my_turn(page: Page, action: str, extra: str = ""):
    expect(board(page)).to_have_attribute("data-my-turn", "1")
    return board(page).locator(f'button[data-action="{action}"]{extra}')


PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots/pokerkhrap")


def hand_in_one_row(page: Page) -> None:
    """The hand's cards share one top coordinate, and the page is no wider than the window."""
    cards = page.locator("#my-cards .hand-card")
    expect(cards.first).to_be_visible()
    # the row's layout, not a card lifted under the mouse (hover moves it up, CSS only)
    page.mouse.move(0, 0)
    tops = page.evaluate(
        "() => [...document.querySelectorAll('#my-cards .hand-card')]"
        ".map((c) => Math.round(c.getBoundingClientRect().top"
        " - new DOMMatrixReadOnly(getComputedStyle(c).transform).m42))"
    )
    assert len(tops) >= 4 and len(set(tops)) == 1, tops
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def test_three_players_play_a_khrap_deal_with_help_and_five_to_the_payout(players):  # noqa: F811
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    anna.set_viewport_size(PHONE)  # boris and vera: 1280 px wide
    for page in (anna, boris):
        sit_at_the_table(page)
    start_now(anna, boris)  # both say ready: no filling window left to wait (issue 26)
    sit_at_the_table(vera)
    plays_from_the_next_deal(vera)
    # the first deal went to anna and boris: they pass on three trumps, a redeal follows
    for _trump in range(3):
        for page in (anna, boris):
            click_and_wait(page, my_turn(page, "pass"))
    for page in (anna, boris, vera):
        expect(board(page).locator(".chip.bank")).to_have_attribute("data-bank", "500")
    # every hand of the new deal in one row, on the phone and on the desktop
    SHOTS.mkdir(parents=True, exist_ok=True)
    for page, name in ((anna, "390"), (boris, "1280")):
        expect(page.locator("#my-cards .hand-card")).to_have_count(4)
        hand_in_one_row(page)
        page.screenshot(path=SHOTS / f"khrap-deal-{name}.png", full_page=True)
    # the trump card and the marker are on the board, each with its word explained
    for page in (anna, boris):
        expect(board(page).locator(".chip.trump svg.card")).to_have_count(1)
        expect(board(page).locator('.chip.marker-chip [data-term="marker"]')).to_have_count(1)
    # the marker moved to boris: khrap; vera helps; anna passes, then says five
    click_and_wait(boris, my_turn(boris, "declare", '[data-game="khrap"]'))
    for page in (anna, vera):
        expect(board(page).locator('.chip.declared[data-declared="khrap"]')).to_contain_text("Храп")
    click_and_wait(vera, my_turn(vera, "help"))
    click_and_wait(anna, my_turn(anna, "pass"))
    click_and_wait(anna, my_turn(anna, "five"))
    # the exchange: anna discards one of her five; boris keeps his cards; vera changes one
    expect(anna.locator("#my-cards button.hand-card")).to_have_count(5)
    click_and_wait(anna, anna.locator("#my-cards button.hand-card").first)
    click_and_wait(boris, my_turn(boris, "exchange"))
    expect(board(vera)).to_have_attribute("data-my-turn", "1")
    hand_in_one_row(vera)
    vera.locator("#exchange-form label.hand-card").first.click()
    click_and_wait(vera, vera.locator('#exchange-form button[data-action="exchange"]'))
    for page in (anna, boris, vera):
        expect(board(page)).to_have_attribute("data-phase", "play")
    hand_in_one_row(anna)
    anna.screenshot(path=SHOTS / "khrap-play-390.png", full_page=True)
    # four tricks: whoever's turn it is plays the first card the board lets him play
    pages = (anna, boris, vera)
    for _card in range(12):
        playing = None
        for _poll in range(100):
            playing = next(
                (p for p in pages if board(p).get_attribute("data-my-turn") == "1"), None
            )
            if playing is not None:
                break
            anna.wait_for_timeout(100)
        assert playing is not None, "someone is to play"
        click_and_wait(playing, playing.locator("#my-cards button.hand-card.playable").first)
        # every board at the card played before the next turn is read off them (a board not
        # yet updated would still show the last player's turn: his click would be stale)
        for page in pages:
            page.wait_for_function(
                "(v) => Number(document.querySelector('#table-board').dataset.version) >= v",
                arg=version(playing),
            )
    for page in (anna, boris, vera):
        # what each takes or owes, in the player's language, and the casino's 2 % (CG §121);
        # it stays on the board beside the next deal
        result = page.locator("#table-board .khrap-result").first
        expect(result.locator("tr[data-seat]")).to_have_count(3)
        expect(result).to_contain_text("2 %")
    anna.screenshot(path=SHOTS / "khrap-result-390.png", full_page=True)
    boris.screenshot(path=SHOTS / "khrap-result-1280.png", full_page=True)
    assert errors == []
