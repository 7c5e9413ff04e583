"""Blackjack in the browser (issue 32): Anna and Boris play three rounds through the board's forms
at 1280 px and at 390 px, from a shoe scripted for the test (the table's shoe carried from a round
played in the shell): a split box with Boris's bet behind it (he stays on the first hand, then
declines Anna's double: CG §96, §98), insurance and even money offered to both at once against
the dealer's ace (§103), and a soft total hit and a bust. Each board shows the boxes' hands and
totals ("7/17"), the dealer's cards, the shoe, and the last round with each staker's payout in
BYN; nothing scrolls sideways."""

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

# round 1: box 1 (Anna) 8♠ 8♥, box 2 (Boris) 10♦ 9♦, the dealer 6♣; the split's 3♦ 10♣, the
# double's 10♥, the dealer's 4♠ K♥ (20). Round 2: box 1 10♠ 9♦, box 2 A♣ Q♠, the dealer A♦,
# his K♥ (a natural). Round 3: box 1 A♥ 6♣ (7/17) and 5♥, box 2 9♣ 7♦ and 10♣ (bust), the
# dealer 9♠ 8♦ (17).
ROUNDS = ("8S TD 6C 8H 9D 3D TC TH 4S KH", "TS AC AD 9D QS KH", "AH 9C 9S 6C 7D 5H TC 8D")
FIRST = [card for cards in ROUNDS for card in cards.split()]


def round_with_a_split(anna: Page, boris: Page, shots, width: int) -> None:
    number = hand_number(anna)
    stake(anna, "bet-form", "10")
    expect(box(boris, 0)).to_contain_text(money("10"))
    stake(boris, "behind-form", "5", 0)
    expect(box(anna, 0).locator(".tw-stakes li.behind")).to_have_count(1)
    stake(boris, "bet-form", "3")
    # dealt: before play Boris may surrender his stake behind; he plays on
    move(boris, "done")
    for page in (anna, boris):
        expect(box(page, 0).locator(".tw-total")).to_have_text("16")
        expect(box(page, 1).locator(".tw-total")).to_have_text("19")
        expect(page.locator("#table-board .tw-dealer svg.card[data-card]")).to_have_count(1)
    move(anna, "split")
    expect(boris.locator("#table-board .tw-answer")).to_contain_text(money("5"))
    expect(anna.locator("#table-board .tw-actions")).to_have_count(0)
    shot(boris, shots, "split-asked", width)
    move(boris, "stay")
    for page in (anna, boris):
        expect(box(page, 0).locator(".tw-hand")).to_have_count(2)
        expect(box(page, 0).locator(".tw-hand").first.locator(".tw-total")).to_have_text("11")
    shot(anna, shots, "split-hands", width)
    move(anna, "double")
    move(boris, "decline")
    expect(box(anna, 0).locator(".tw-hand").first.locator(".tw-total")).to_have_text("21")
    move(anna, "stand")
    move(boris, "stand")
    # settled: the next round is bet, the last one in view with each staker's payout
    next_round(anna, boris, number)
    for page in (anna, boris):
        last = page.locator("#table-board .tw-last")
        expect(last.locator(".house-box")).to_have_count(2)
        expect(last.locator(".house-box").first.locator(".tw-hand")).to_have_count(2)
        expect(last.locator(".house-box").first).to_contain_text(money("+10.00"))
        expect(last.locator(".house-box").first).to_contain_text(money("+5.00"))
        expect(last.locator(".house-box").nth(1)).to_contain_text(money("−3.00"))
        expect(last.locator(".last-hand-title .tw-total")).to_have_text("20")
    shot(anna, shots, "result-1", width)


def round_with_insurance(anna: Page, boris: Page, shots, width: int) -> None:
    number = hand_number(anna)
    stake(anna, "bet-form", "10")
    stake(boris, "bet-form", "6")
    # the dealer's ace: insurance and even money to both at once, each on his clock
    for page in (anna, boris):
        expect(page.locator("#table-board .tw-offers")).to_be_visible()
        expect(page.locator("#table-board .tw-offers .tw-clock")).to_have_count(1)
    expect(anna.locator("#table-board #insurance-form-0 input[name=amount]")).to_have_value("5")
    expect(boris.locator("#table-board button[data-action='even_money']")).to_be_visible()
    shot(boris, shots, "insurance", width)
    anna.locator("#table-board #insurance-form-0 button[type=submit]").click()
    expect(box(boris, 0).locator(".house-side")).to_contain_text(money("5"))
    move(boris, "even_money")
    expect(box(anna, 1)).to_contain_text(money("+6.00"))
    move(anna, "stand")
    next_round(anna, boris, number)
    last = anna.locator("#table-board .tw-last")
    expect(last.locator(".last-hand-title .tw-note")).to_be_visible()  # his natural
    expect(last.locator(".house-box").first).to_contain_text(money("0.00"))
    expect(last.locator(".house-box").nth(1)).to_contain_text(money("+6.00"))


def round_with_a_soft_total(anna: Page, boris: Page, shots, width: int) -> None:
    number = hand_number(anna)
    stake(anna, "bet-form", "10")
    stake(boris, "bet-form", "3")
    for page in (anna, boris):
        expect(box(page, 0).locator(".tw-total")).to_have_text("7/17")
    shot(anna, shots, "soft-total", width)
    move(anna, "hit")
    # her stand is sent from the board that shows the hit: a click on the board before it is a
    # stale version, refused by the table
    for page in (anna, boris):
        expect(box(page, 0).locator(".tw-total")).to_have_text("12")
    move(anna, "stand")
    move(boris, "hit")
    next_round(anna, boris, number)
    last = boris.locator("#table-board .tw-last")
    expect(last.locator(".house-box").nth(1)).to_contain_text(money("−3.00"))
    expect(last.locator(".last-hand-title .tw-total")).to_have_text("17")
    shot(boris, shots, "result-3", width)


@pytest.mark.parametrize("width", [1280, 390])
def test_two_players_play_three_rounds_with_a_split_a_bet_behind_and_insurance(
    browser, server_url, daphne_server, artifacts, width
):
    with two_players(browser, server_url, daphne_server, "blackjack", FIRST, width) as seated:
        anna, boris, errors = seated
        shot(anna, artifacts, "bets", width)
        round_with_a_split(anna, boris, artifacts, width)
        round_with_insurance(anna, boris, artifacts, width)
        round_with_a_soft_total(anna, boris, artifacts, width)
        assert errors == []
