"""High card on boxes in the browser (issue 31): at a table with everything on (three boxes a
player, a dark one, bets behind, the same-rank bet, card changes, a payout cap), Anna plays two
boxes and Boris bets behind her first box; two hands are played through the board's forms at
1280 px and at 390 px. Each board shows the stakes on the boxes (names and amounts in BYN), the
cards once dealt (the dealer's face down until the end), the card-change choice with its fee,
and the last hand's results in BYN; nothing scrolls sideways."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import click_and_see, dealt_in
from tests.browser.starts import two_at_a_new_table

pytestmark = pytest.mark.browser

# HighCard.example_configs[2] (min 1, max 10 BYN, ante 0.10, same rank 0.10-2.00, cap 15 BYN),
# with clocks long enough for a test
CREATE = """
import json
from tables.games.highcard.engine import HighCard
from tables.models import Table

settings = dict(HighCard.example_configs[2], bet_seconds=120, action_seconds=120)
table = Table.objects.create(
    name="Boxes %(width)s · 1–10 BYN", game="highcard", currency="BYN", settings=settings
)
print(json.dumps(table.pk))
"""


def money(whole: str):
    """An amount as the Russian board writes it ("2.00 BYN" or "2,00 BYN")."""
    return re.compile(rf"{whole}[.,]00\sBYN")


def stake(page: Page, form: str, box: int, amount: str) -> None:
    selector = f"#{form}"
    expect(page.locator(selector)).to_be_visible()
    page.locator(f"{selector} select[name=box]").select_option(str(box))
    page.locator(f"{selector} input[name=amount]").fill(amount)
    click_and_see(page, page.locator(f"{selector} button[type=submit]"))


def box(page: Page, number: int):
    return page.locator(f"#table-board .house-boxes:not(.last) .house-box[data-box='{number}']")


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the board is {scroll} px wide at {width}"


def hand_number(page: Page) -> int:
    return int(page.locator("#table-board [data-hand-number]").get_attribute("data-hand-number"))


def play_a_hand(anna: Page, boris: Page, shots, width: int, hand: int) -> None:
    """Anna stakes boxes 1 and 3, Boris bets behind box 1; the first hand Anna keeps box 1's
    card and changes box 3's for its fee, the second she plays box 3 dark (its card hidden from
    her too until the dealer turns his) and Boris adds a same-rank bet on box 1. The hand
    settles and shows in the last hand's boxes, each staker's result in BYN."""
    dark = hand == 2
    number = hand_number(anna)
    stake(anna, "box-form", 0, "2")
    expect(box(boris, 0)).to_contain_text(money("2"))
    expect(box(anna, 0)).to_contain_text(money("2"))  # her board has the box: its form anew
    anna.locator("#box-form select[name=box]").select_option("2")
    if dark:
        anna.locator("#box-form input[name=dark]").check()
    stake(anna, "box-form", 2, "4")
    expect(box(anna, 2)).to_contain_text(money("4"))
    if dark:
        expect(box(boris, 2)).to_have_class(re.compile(r"\bdark\b"))
    stake(boris, "behind-form", 0, "1")
    for page in (anna, boris):
        expect(box(page, 0).locator(".house-stakes li")).to_have_count(2)
        expect(box(page, 0)).to_contain_text(money("1"))
    if dark:
        stake(boris, "side-form", 0, "0,5")
        expect(box(anna, 0).locator(".house-side li")).to_have_count(1)
    expect(anna.locator("#pass-form button")).to_have_text("Готово")
    expect(boris.locator("#pass-form button")).to_have_text("Готово")
    anna.screenshot(path=shots / f"highcard-boxes-{width}-hand{hand}-bets.png", full_page=True)
    fits(anna, width)
    boris.locator("#pass-form button").click()
    anna.locator("#pass-form button").click()
    # the cards are dealt: the dealer's face down (a dark box's too), Anna decides on box 1
    for page in (anna, boris):
        expect(page.locator("#table-board .house-dealer .card-back")).to_have_count(1)
        expect(box(page, 0).locator("svg.card[data-card]")).to_have_count(1)
        if dark:
            expect(box(page, 2).locator("svg.card[data-card]")).to_have_count(0)
            expect(box(page, 2).locator(".card-back")).to_have_count(1)
    expect(anna.locator("#keep-form")).to_be_visible()
    expect(anna.locator("#switch-form button")).to_contain_text(money("1"))
    expect(boris.locator("#keep-form")).to_have_count(0)
    dealt_in(anna)  # the cards dealt in (CSS) before the picture
    anna.screenshot(path=shots / f"highcard-boxes-{width}-hand{hand}-deal.png", full_page=True)
    fits(anna, width)
    anna.locator("#keep-form button").click()
    if not dark:  # a dark box's card is not changed: the hand settles at once
        expect(anna.locator("#switch-form button")).to_contain_text(money("2"))
        anna.locator("#switch-form button").click()
    # settled: the next hand is dealt and the last one's boxes show what each was paid
    for page in (anna, boris):
        expect(page.locator("#table-board [data-hand-number]")).to_have_attribute(
            "data-hand-number", str(number + 1)
        )
        last = page.locator("#table-board .last-hand .house-box")
        expect(last).to_have_count(2)
        expect(last.locator(".house-box-result")).to_have_count(2)
        expect(last.first.locator(".house-payouts li")).to_have_count(2)
        expect(last.first.locator(".house-payouts")).to_contain_text(
            re.compile(r"[+−]\d+[.,]\d\d\sBYN")
        )
        expect(page.locator("#table-board .last-hand svg.card[data-card]")).to_have_count(3)
    dealt_in(anna)
    anna.screenshot(path=shots / f"highcard-boxes-{width}-hand{hand}-result.png", full_page=True)
    boris.screenshot(
        path=shots / f"highcard-boxes-{width}-hand{hand}-result-boris.png", full_page=True
    )
    fits(anna, width)
    fits(boris, width)


@pytest.mark.parametrize("width", [1280, 390])
def test_two_boxes_and_a_bet_behind_play_two_hands(
    browser, server_url, daphne_server, artifacts, width
):
    create = CREATE % {"width": width}
    with two_at_a_new_table(browser, server_url, daphne_server, create, width) as seated:
        _table_id, anna, boris, errors, _usernames = seated
        # anna was dealt the first hand alone: she passes, the next deals both
        anna.locator("#pass-form button").click()
        expect(boris.locator("#box-form")).to_be_visible()
        expect(boris.locator("#pass-form button")).to_have_text("Пас")
        # seven boxes on the layout, every one free
        expect(anna.locator("#table-board .house-boxes .house-box.free")).to_have_count(7)
        anna.screenshot(path=artifacts / f"highcard-boxes-{width}-empty.png", full_page=True)
        fits(anna, width)
        for hand in (1, 2):
            play_a_hand(anna, boris, artifacts, width, hand)
        assert errors == []
