"""Dice blackjack in the browser (issue 35, DG §9, §10): Anna and Boris, at 1280 px and at 390
px, play a round through the board's forms: both bet in BYN between "place your bets" and "no
more bets", then the boxes throw in turn from the dealer's left (X5): only the player whose box
throws has the buttons, his first throw stays in its recess with its total, he throws again under
7 and stops on 7 or more (the best rule, tables/games/dice_blackjack/strategy.py), a second throw
lands beside the first. The dealer throws if a box stands (X6), and the last round stays in view
with each box's dice, total and result in BYN. The dice fall as they fall (the server's own
random tape): every check holds for any throw. Nothing scrolls sideways."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.starts import two_at_a_new_table
from tests.browser.twentyone import hand_number, money, shot, stake

pytestmark = pytest.mark.browser

CREATE = """
import json
from tables.models import Table
table = Table.objects.create(
    name="Dice %(width)s · 1–50 BYN", game="dice_blackjack", currency="BYN",
    settings={"min_bet": 100, "max_bet": 5000, "bet_seconds": 120, "action_seconds": 120},
)
print(json.dumps(table.pk))
"""


def boxes(page: Page):
    return page.locator("#table-board .dbj-boxes:not(.last) .dbj-box")


def faces(box) -> list[int]:
    return [
        int(face)
        for face in box.locator(".die").evaluate_all("dice => dice.map(d => d.dataset.face)")
    ]


def press(page: Page, action: str) -> None:
    button = page.locator(f"#table-board .dbj-actions button[data-action='{action}']")
    expect(button).to_be_visible()
    version = page.locator("#table-board").get_attribute("data-version")
    button.click()
    expect(page.locator("#table-board")).not_to_have_attribute("data-version", version)


def play_box(page: Page, other: Page, index: int, shots, width: int, name: str) -> None:
    """The box's owner throws, then throws again under 7 or stops; the other page has no move."""
    expect(other.locator("#table-board .dbj-actions button")).to_have_count(0)
    expect(page.locator("#table-board .dbj-actions button[data-action='stop']")).to_have_count(0)
    press(page, "throw")
    box = boxes(page).nth(index)
    thrown = faces(box)
    assert len(thrown) == 2 and all(1 <= f <= 6 for f in thrown)
    expect(box.locator(".dbj-total")).to_have_text(str(sum(thrown)))
    expect(box.locator(".dbj-cup.empty")).to_have_count(1)
    expect(boxes(other).nth(index).locator(".die")).to_have_count(2)  # the other sees it
    shot(page, shots, f"{name}-first-throw", width)
    if sum(thrown) < 7:
        press(page, "throw")
    else:
        press(page, "stop")


@pytest.mark.parametrize("width", [1280, 390])
def test_two_players_bet_throw_in_turn_and_see_the_round_settled(
    browser, server_url, daphne_server, artifacts, width
):
    code = CREATE % {"width": width}
    with two_at_a_new_table(browser, server_url, daphne_server, code, width) as seated:
        _table_id, anna, boris, errors, _usernames = seated
        # Anna was dealt the first round alone: she passes, the next round deals both
        expect(anna.locator("#table-board #pass-form button")).to_be_visible()
        anna.locator("#table-board #pass-form button").click()
        for page in (anna, boris):
            expect(page.locator("#table-board #bet-form")).to_be_visible()
            expect(page.locator("#table-board .dbj-phase")).to_have_text("Делайте ваши ставки")
        number = hand_number(anna)
        shot(anna, artifacts, "bets", width)
        stake(anna, "bet-form", "10")
        expect(anna.locator("#table-board #bet-form")).to_have_count(0)
        stake(boris, "bet-form", "5")
        for page in (anna, boris):
            expect(page.locator("#table-board .dbj-phase")).to_have_text("Ставок больше нет")
            expect(boxes(page)).to_have_count(2)
            expect(boxes(page).nth(0)).to_contain_text(money("10.00"))
            expect(boxes(page).nth(1)).to_contain_text(money("5.00"))
        # X5: the box on the dealer's left (Anna's seat 0) throws first
        play_box(anna, boris, 0, artifacts, width, "anna")
        play_box(boris, anna, 1, artifacts, width, "boris")
        # the round is settled and the next one is bet: the last one in view
        for page in (anna, boris):
            expect(page.locator("#table-board [data-hand-number]")).not_to_have_attribute(
                "data-hand-number", str(number)
            )
            last = page.locator("#table-board .last-hand")
            expect(last.locator(".dbj-box")).to_have_count(2)
            for index in range(2):
                box = last.locator(".dbj-box").nth(index)
                thrown = faces(box)
                assert len(thrown) in (2, 4)
                expect(box.locator(".dbj-total")).to_have_text(str(sum(thrown)))
                expect(box.locator(".dbj-net")).to_have_text(
                    re.compile(r"^([+−]\d+[.,]\d\d|0[.,]00)\sBYN$")
                )
            standing = [sum(faces(last.locator(".dbj-box").nth(i))) <= 12 for i in range(2)]
            dealer = last.locator(".dbj-dealer")
            expect(dealer).to_have_count(1 if any(standing) else 0)  # X6
            if any(standing):
                dealt = faces(dealer)
                assert len(dealt) == (4 if sum(dealt[:2]) < 7 else 2)  # X3
        shot(anna, artifacts, "result", width)
        shot(boris, artifacts, "result-boris", width)
        assert errors == []


@pytest.mark.parametrize("width", [1280, 390])
def test_the_rules_page_draws_the_examples_throws_as_dice_and_fits(
    browser, server_url, artifacts, width
):
    context = browser.new_context(
        base_url=server_url, locale="ru-RU", viewport={"width": width, "height": 900}
    )
    page = context.new_page()
    try:
        page.goto("/rules/dice_blackjack/")
        example = page.locator("#example-1")
        expect(example.locator(".die")).to_have_count(14)  # seven throws of two dice
        box = example.locator(".die").first.bounding_box()
        assert box["width"] >= 16 and box["height"] >= 16, "a die is drawn, not a dot"
        page.screenshot(path=artifacts / f"dice_blackjack-rules-{width}.png", full_page=True)
        page.locator("#examples").screenshot(
            path=artifacts / f"dice_blackjack-rules-examples-{width}.png"
        )
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"the rules page is {scroll} px wide at {width}"
    finally:
        context.close()
