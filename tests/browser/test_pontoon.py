"""Pontoon in the browser (issue 32): Anna and Boris play two rounds through the board's forms at
1280 px and at 390 px, from a shoe scripted for the test: a buy on Anna's box with Boris's bet
behind it (below 15 she is offered no stand and told why, decision N1; he buys the 3rd card too
and twists the 4th, CG §132), a tie lost (§135); then insurance of exactly half the stake and even
money against the dealer's ace (§134, §137) and five cards twisted, paid 3:2 before the dealer's
Pontoon (§133). Each board shows the cards bought, the totals, the dealer's cards and the last
round with each staker's payout in BYN; nothing scrolls sideways."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.twentyone import (
    box,
    hand_number,
    money,
    move,
    next_round,
    shot,
    stake,
    two_players,
)

pytestmark = pytest.mark.browser

# round 1: box 1 (Anna) 9♠ 4♦ = 13, box 2 (Boris) 10♦ 7♦, the dealer 10♣; the cards bought 3♣ and
# 2♥; the dealer's 7♠ (17). Round 2: box 1 2♠ 3♥, box 2 A♣ Q♠ (a Pontoon), the dealer A♦; Anna
# twists 4♦ 5♣ 6♥; the dealer's K♥ (a Pontoon).
ROUNDS = ("9S TD TC 4D 7D 3C 2H 7S", "2S AC AD 3H QS 4D 5C 6H KH")
FIRST = [card for cards in ROUNDS for card in cards.split()]


def round_with_buys(anna: Page, boris: Page, shots, width: int) -> None:
    number = hand_number(anna)
    stake(anna, "bet-form", "10")
    stake(boris, "behind-form", "5", 0)
    stake(boris, "bet-form", "3")
    for page in (anna, boris):
        expect(box(page, 0).locator(".tw-total")).to_have_text("13")
        expect(box(page, 0).locator(".tw-flag.must-draw")).to_be_visible()
    play = anna.locator("#table-board .tw-play")
    expect(play.locator("button[data-action='stand']")).to_have_count(0)
    expect(play.locator(".tw-prompt-note")).to_be_visible()
    expect(play.locator("button[data-action='buy']")).to_contain_text(money("10"))
    shot(anna, shots, "must-draw", width)
    move(anna, "buy")
    expect(boris.locator("#table-board .tw-answer")).to_contain_text(money("5"))
    expect(anna.locator("#table-board .tw-actions")).to_have_count(0)
    shot(boris, shots, "buy-asked", width)
    move(boris, "buy")
    expect(box(anna, 0).locator(".tw-total")).to_have_text("16")
    expect(box(anna, 0).locator(".tw-flag.bought")).to_be_visible()
    move(anna, "buy")
    move(boris, "twist")
    expect(box(boris, 0).locator(".tw-total")).to_have_text("18")
    shot(anna, shots, "bought", width)
    move(anna, "stand")
    move(boris, "stand")
    next_round(anna, boris, number)
    for page in (anna, boris):
        last = page.locator("#table-board .tw-last")
        expect(last.locator(".house-box").first).to_contain_text(money("+30.00"))
        expect(last.locator(".house-box").first).to_contain_text(money("+10.00"))
        expect(last.locator(".house-box").nth(1)).to_contain_text(money("−3.00"))
        expect(last.locator(".last-hand-title .tw-total")).to_have_text("17")
    shot(boris, shots, "result-1", width)


def round_with_insurance_and_five_cards(anna: Page, boris: Page, shots, width: int) -> None:
    number = hand_number(anna)
    stake(anna, "bet-form", "10")
    stake(boris, "bet-form", "6")
    for page in (anna, boris):
        expect(page.locator("#table-board .tw-offers")).to_be_visible()
    insurance = anna.locator("#table-board #insurance-form-0 button[type=submit]")
    expect(insurance).to_contain_text(money("5.00"))  # exactly half (§137): one amount
    expect(boris.locator("#table-board button[data-action='even_money']")).to_be_visible()
    shot(anna, shots, "insurance", width)
    anna.locator("#table-board #insurance-form-0 button[type=submit]").click()
    move(boris, "even_money")
    expect(box(anna, 1)).to_contain_text(money("+6.00"))
    for cards in (3, 4):  # each twist seen dealt before the next click (no stale click)
        move(anna, "twist")
        expect(box(anna, 0).locator(".tw-hand .kit-card")).to_have_count(cards)
    move(anna, "twist")  # the fifth card: the hand is paid and the round ends
    next_round(anna, boris, number)
    last = anna.locator("#table-board .tw-last")
    expect(last.locator(".house-box").first.locator(".kit-card")).to_have_count(5)
    expect(last.locator(".house-box").first).to_contain_text(money("+25.00"))  # 15 + 10
    expect(last.locator(".house-box").nth(1)).to_contain_text(money("+6.00"))
    expect(last.locator(".last-hand-title .tw-note")).to_be_visible()  # his Pontoon
    shot(anna, shots, "result-2", width)


@pytest.mark.parametrize("width", [1280, 390])
def test_two_players_buy_and_twist_on_a_shared_box_and_insure_against_an_ace(
    browser, server_url, daphne_server, artifacts, width
):
    with two_players(browser, server_url, daphne_server, "pontoon", FIRST, width) as seated:
        anna, boris, errors = seated
        shot(anna, artifacts, "bets", width)
        round_with_buys(anna, boris, artifacts, width)
        round_with_insurance_and_five_cards(anna, boris, artifacts, width)
        assert errors == []
