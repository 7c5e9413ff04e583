"""Blackjack Switch in the browser (issue 32): Anna and Boris play one round through the board's
forms at 1280 px and at 390 px, from a shoe scripted for the test: each bets on his two boxes
and puts a Super Match on the first (§73, §85), settled at once on the first four cards (§86);
the dealer's hole card is a back (S2); Anna switches her second cards, seeing both boxes' totals
as dealt and switched before she does (§70), then doubles the switched 11 (§77); Boris plays on
unswitched. The last round shows each box's payout in BYN; nothing scrolls sideways."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.twentyone import box, hand_number, money, move, shot, stake, two_players

pytestmark = pytest.mark.browser

# Anna: box 1 K♠ 5♦, box 2 6♣ Q♥; Boris: box 3 10♦ 9♦, box 4 7♠ 7♥; the dealer 9♣ and his hole
# card 7♦; Anna's double 9♠, Boris's hit 5♣, the dealer's 3♥ (19)
FIRST = ["KS", "6C", "TD", "7S", "9C", "5D", "QH", "9D", "7H", "7D", "9S", "5C", "3H"]
SETTINGS = {"min_bet": 500, "max_bet": 5000, "side_bets": {"super_match": [500, 5000]}}


def on_box(page: Page, number: int, action: str) -> None:
    """The move on box ``number`` once the board's prompt is that box's."""
    expect(page.locator(f"#table-board .tw-play[data-box='{number}']")).to_be_visible()
    move(page, action)


def bets_with_a_super_match(page: Page, first_box: int) -> None:
    stake(page, "bet-form", "10")
    stake(page, f"side-form-{first_box}-super_match", "5")
    move(page, "pass")


@pytest.mark.parametrize("width", [1280, 390])
def test_two_players_play_a_switch_round_with_a_switch_and_a_super_match(
    browser, server_url, daphne_server, artifacts, width
):
    with two_players(
        browser, server_url, daphne_server, "blackjack_switch", FIRST, width, SETTINGS
    ) as (anna, boris, errors):
        for page in (anna, boris):
            expect(page.locator("#table-board #bet-form")).to_contain_text("двух ваших боксов")
        number = hand_number(anna)
        shot(anna, artifacts, "bets", width)
        bets_with_a_super_match(anna, 0)
        expect(box(boris, 1)).to_contain_text(money("10"))
        bets_with_a_super_match(boris, 2)
        # dealt: the hole card a back, the Super Matches settled, the switch offered to Anna
        for page in (anna, boris):
            expect(page.locator("#table-board .tw-dealer svg.card[data-card]")).to_have_count(1)
            expect(page.locator("#table-board .tw-dealer .kit-card")).to_have_count(2)
            expect(box(page, 0).locator(".tw-total")).to_have_text("15")
            expect(box(page, 0)).to_contain_text(money("−5.00"))
            expect(box(page, 2)).to_contain_text(money("+5.00"))  # 10, 9, 7, 7: a pair
        choice = anna.locator("#table-board .tw-choice[data-choice='switch']")
        expect(choice).to_contain_text("20")
        expect(choice).to_contain_text("11")
        shot(anna, artifacts, "switch-offered", width)
        move(anna, "switch")
        move(boris, "done")
        for page in (anna, boris):
            expect(box(page, 0).locator(".tw-total")).to_have_text("20")
            expect(box(page, 1).locator(".tw-total")).to_have_text("11")
        # each move once the board asks it of that box (no click on the board before)
        on_box(anna, 0, "stand")
        on_box(anna, 1, "double")
        expect(box(boris, 1).locator(".tw-total")).to_have_text("20")
        on_box(boris, 2, "stand")
        on_box(boris, 3, "hit")
        expect(box(boris, 3).locator(".tw-hand .kit-card")).to_have_count(3)
        on_box(boris, 3, "stand")
        for page in (anna, boris):
            expect(page.locator("#table-board [data-hand-number]")).not_to_have_attribute(
                "data-hand-number", str(number)
            )
        last = anna.locator("#table-board .tw-last")
        expect(last.locator(".house-box")).to_have_count(4)
        expect(last.locator(".last-hand-title .tw-total")).to_have_text("19")
        expect(last.locator(".house-box").nth(0)).to_contain_text(money("+5.00"))
        expect(last.locator(".house-box").nth(1)).to_contain_text(money("+20.00"))
        expect(last.locator(".house-box").nth(2)).to_contain_text(money("+5.00"))
        shot(anna, artifacts, "result", width)
        assert errors == []
