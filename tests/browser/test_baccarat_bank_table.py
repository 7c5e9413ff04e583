"""Three players at the demo's baccarat table in three browsers, one on a 390-px phone and two
at 1280 px: the first bank is auctioned, a coup is played against it, the bank is sold at auction
(CG §10–§11, B7) and a second coup is played against the buyer's bank. Amounts are typed in BYN
(a quick stake fills the box). After each coup every player sees both hands' cards, their totals
and the result in words beside the next coup's betting, at both widths, and no page scrolls
sideways. The shoe is the server's own, so each step reads what the board offers: the holder
after the first coup is whoever the cards left holding it."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.starts import plays_from_the_next_deal, start_now
from tests.browser.test_six_seat_table import board, players  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 4 · 1–1000 BYN"


def sit_at_the_table(page: Page) -> None:
    row = page.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    row.locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    page.wait_for_function("() => window.socketFrames.table > 0")
    page.locator("#table-board button.sit").click()
    expect(board(page)).not_to_have_attribute("data-seat", "")


def button(page: Page, action: str):
    return page.locator(f"#table-board button[data-action={action}]")


def click(page: Page, action: str) -> None:
    expect(button(page, action)).to_be_visible()
    version = board(page).get_attribute("data-version")
    button(page, action).click()
    expect(board(page)).not_to_have_attribute("data-version", version)  # applied


def with_amount(page: Page, action: str, amount: str) -> None:
    """Type ``amount`` (BYN, as a person writes it) into the action's money box and send it."""
    page.locator(f"#{action}-form input[name=amount]").fill(amount)
    click(page, action)


RESULT_WORDS = re.compile(r"(Bank|Банк) \d : (Punters|Понтёры) \d — .{4,}")


def sees_the_last_coup(page: Page) -> None:
    """Both hands' cards (two or three each) and totals, and the result in words."""
    coup = page.locator("#table-board .bac-coup")
    expect(coup).to_be_visible()
    for side in ("punter", "bank"):
        hand = coup.locator(f".bac-hand[data-side={side}]")
        cards = hand.locator("svg.card[data-card]")
        expect(cards.nth(1)).to_be_visible()
        assert cards.count() in (2, 3)
        expect(hand).to_have_attribute("data-total", re.compile(r"^\d$"))
    expect(coup.locator(".kit-result[data-outcome]")).to_have_text(RESULT_WORDS)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    ), page.viewport_size


def hand_number(page: Page) -> int:
    return int(board(page).locator("[data-hand-number]").get_attribute("data-hand-number"))


def play_coup(holder: Page, punter: Page, everyone, passing=()) -> None:
    """The punter bets 1.00 (the minimum, by its quick stake; the ``passing`` players pass), the
    holder deals and leaves the chocolate in; a cardholder on 5 stands. Every board then shows
    the next coup, with the last one's cards, totals and result in words."""
    hand = hand_number(holder)
    box = punter.locator("#bet-form input[name=amount]")
    box.fill("")
    punter.locator("#bet-form .kit-quick-stake").first.click()
    expect(box).to_have_value("1")
    click(punter, "bet")
    for page in passing:
        click(page, "pass")
    click(holder, "deal")
    click(holder, "no_chocolate")  # 1.00 covers less than the bank: the chocolate is offered
    next_coup = punter.locator(f'#table-board [data-hand-number="{hand + 1}"]')
    expect(next_coup.or_(button(punter, "stand"))).to_be_visible()
    if button(punter, "stand").count():
        click(punter, "stand")
    for page in everyone:
        expect(page.locator("#table-board [data-hand-number]")).to_have_attribute(
            "data-hand-number", str(hand + 1)
        )
        sees_the_last_coup(page)
        no_sideways_scroll(page)


def seat_of(page: Page) -> int:
    return int(board(page).get_attribute("data-seat"))


def test_three_players_open_play_sell_and_play_against_the_buyer(players):  # noqa: F811
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    everyone = (anna, boris, vera)
    boris.set_viewport_size({"width": 390, "height": 844})
    for page in (anna, vera):
        page.set_viewport_size({"width": 1280, "height": 900})
    for page in (anna, boris):
        sit_at_the_table(page)
    start_now(anna, boris)  # both say ready: no filling window left to wait (issue 26)
    sit_at_the_table(vera)
    plays_from_the_next_deal(vera)
    # the first two seated are dealt the auction (section 5); vera plays from the next coup
    with_amount(anna, "bid", "10")
    click(boris, "pass")
    expect(anna.locator("#table-board .badge.holder")).to_contain_text(re.compile(r"10[.,]00"))
    expect(vera.locator("#table-board .badge.holder")).to_be_visible()
    # the bounds in BYN; a bet over the bank, or one that is not an amount, is refused to boris
    # alone in words he reads
    expect(boris.locator("#bet-form .kit-bounds")).to_contain_text(re.compile(r"10[.,]00"))
    boris.locator("#bet-form input[name=amount]").fill("50")
    boris.locator("#bet-form button[data-action=bet]").click()
    expect(boris.locator("#table-error[data-error]")).to_contain_text(re.compile(r"10[.,]00"))
    boris.locator("#bet-form input[name=amount]").fill("1,2,3")
    boris.locator("#bet-form button[data-action=bet]").click()
    expect(boris.locator("#table-error[data-error]")).not_to_contain_text("10.00")
    expect(anna.locator("#table-error[data-error]")).to_have_count(0)
    play_coup(anna, boris, everyone)
    by_seat = {seat_of(page): page for page in everyone}
    if board(anna).get_attribute("data-phase") == "auction":  # the bank lost: boris opens one
        with_amount(boris, "bid", "5")
        click(vera, "pass")
        seller, buyer, third = boris, vera, anna
    else:
        seller, buyer, third = anna, boris, vera
    # the holder sells (§11): the others bid, the highest buys, paying the seller
    click(seller, "sell")
    expect(board(buyer)).to_have_attribute("data-phase", "auction")
    with_amount(buyer, "bid", "4")
    click(third, "pass")
    expect(
        buyer.locator(f'#table-board .player[data-position="{seat_of(buyer)}"]')
    ).to_contain_text(re.compile(r"4[.,]00"))
    play_coup(buyer, seller, everyone, passing=(third,))
    # the other width for everyone: the last coup is read the same on a phone and a desktop
    boris.set_viewport_size({"width": 1280, "height": 900})
    for page in (anna, vera):
        page.set_viewport_size({"width": 390, "height": 844})
    for page in everyone:
        sees_the_last_coup(page)
        no_sideways_scroll(page)
    shots = Path("/tmp/shots/kit")
    shots.mkdir(parents=True, exist_ok=True)
    anna.screenshot(path=shots / "baccarat-390.png", full_page=True)
    boris.screenshot(path=shots / "baccarat-1280.png", full_page=True)
    assert set(by_seat) == {0, 1, 2}
    assert errors == []
