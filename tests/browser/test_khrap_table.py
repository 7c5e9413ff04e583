"""Three players at the demo's Khrap table in three browsers (CG §114-§121): the first deal,
dealt to the first two to sit, is passed out and redealt with new stakes (§119.1); the next one
all three play: a khrap declaration, a "help" and a "five" (§119.2.1), the exchange picked on
the board, four tricks played by clicking cards, and the payout shown to everyone."""

import re

import pytest
from playwright.sync_api import Page, expect

# the three browsers' fixture (a context each, logged in as a demo player, socket frames
# counted) and the board's locator, as the six-seat table's test has them
from tests.browser.starts import plays_from_the_next_deal, start_now
from tests.browser.test_six_seat_table import board, players  # noqa: F401

pytestmark = pytest.mark.browser

TABLE_NAME = "Храп · 2–6 игроков · 1 BYN"


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


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


@pytest.mark.timeout(300)
def test_three_players_play_a_khrap_deal_with_help_and_five_to_the_payout(players):  # noqa: F811
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
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
    # the marker moved to boris: khrap; vera helps; anna passes, then says five
    click_and_wait(boris, my_turn(boris, "declare", '[data-game="khrap"]'))
    click_and_wait(vera, my_turn(vera, "help"))
    click_and_wait(anna, my_turn(anna, "pass"))
    click_and_wait(anna, my_turn(anna, "five"))
    # the exchange: anna discards one of her five; boris keeps his cards; vera changes one
    expect(anna.locator("#my-cards button.hand-card")).to_have_count(5)
    click_and_wait(anna, anna.locator("#my-cards button.hand-card").first)
    click_and_wait(boris, my_turn(boris, "exchange"))
    expect(board(vera)).to_have_attribute("data-my-turn", "1")
    vera.locator("#exchange-form label.hand-card").first.click()
    click_and_wait(vera, vera.locator('#exchange-form button[data-action="exchange"]'))
    for page in (anna, boris, vera):
        expect(board(page)).to_have_attribute("data-phase", "play")
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
    for page in (anna, boris, vera):
        # the payouts in the player's language, and the casino's 2 % (CG §121)
        expect(page.locator("#deal-result p")).not_to_have_count(0)
        expect(page.locator("#deal-result")).to_contain_text("2 %")
    assert errors == []
