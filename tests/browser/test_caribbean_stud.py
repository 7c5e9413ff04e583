"""Caribbean stud in the browser (issue 33, Tests: browser): at a table with the bonus and a dark
box, Anna antes with the bonus and Boris stakes a dark box and an open one; Anna picks a card and
changes it for a fee of her ante (CG §41), which forfeits her bonus (§47), then bets twice the
ante (§42); Boris bets on his open box. The board shows the dealer's last card up and the other
four as backs (§40), Anna's cards to her alone, the dark box as backs to everyone (C7), then the
dealer's hand opened, every box's outcome and payout in BYN; at 1280 px and at 390 px, nothing
scrolling sideways. The deck is the server's own: the test reads what was dealt and checks the
change brought a new card, whatever the cards are."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import click_and_see, dealt_in
from tests.browser.starts import two_at_a_new_table

pytestmark = pytest.mark.browser

CREATE = """
import json
from tables.models import Table

settings = {
    "min_bet": 100, "max_bet": 2_000, "boxes": 5, "max_payout": 50_000,
    "bonus": {"stake": 100, "pays": {"straight": "5:1", "flush": "10:1", "royal_flush": "1000:1"}},
    "bet_seconds": 120, "action_seconds": 120,
}
table = Table.objects.create(
    name="Caribbean %(width)s · 1–20 BYN", game="caribbean_stud", currency="BYN",
    settings=settings,
)
print(json.dumps(table.pk))
"""
BALANCES = """
import json
from casino.ledger import balances_of
from casino.models import Player
print(json.dumps([balances_of(Player.objects.get(username=n)).get("BYN", 0) for n in %(names)s]))
"""


def money(whole: str):
    """An amount as the Russian board writes it ("10.00 BYN" or "10,00 BYN")."""
    return re.compile(rf"{re.escape(whole)}[.,]00\sBYN")


def minor(text: str) -> int:
    """ "−40,00 BYN" -> -4000."""
    sign = -1 if text.strip().startswith(("−", "-")) else 1
    digits = re.sub(r"[^0-9]", "", text)
    return sign * int(digits)


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the board is {scroll} px wide at {width}"


def shot(page: Page, shots, name: str, width: int) -> None:
    dealt_in(page)  # the cards dealt in (CSS) before the picture
    page.screenshot(path=shots / f"caribbean_stud-{width}-{name}.png", full_page=True)
    fits(page, width)


def click(page: Page, selector: str) -> None:
    button = page.locator(f"#table-board {selector}")
    expect(button).to_be_visible()
    click_and_see(page, button.first)


def dealt_cards(page: Page, box: int) -> list[str]:
    hand = page.locator(f"#table-board #my-box-{box}")
    expect(hand).to_be_visible()
    return (hand.get_attribute("data-cards") or "").split()


def wallets(daphne_server, usernames: list[str]) -> list[int]:
    out = daphne_server.shell(BALANCES % {"names": repr(usernames)})
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("width", [1280, 390])
def test_cg_41_a_caribbean_hand_with_a_card_change_and_a_dark_box(
    browser, server_url, daphne_server, artifacts, width
):
    create = CREATE % {"width": width}
    with two_at_a_new_table(browser, server_url, daphne_server, create, width) as seated:
        table_id, anna, boris, errors, usernames = seated
        click(anna, "#done-form button")  # dealt alone first: the next hand deals both
        expect(boris.locator("#table-board #ante-form")).to_be_visible()
        before = wallets(daphne_server, usernames)
        shot(anna, artifacts, "antes", width)
        # Anna: an ante of 10 with the bonus, on her own box (box 1)
        anna.locator("#table-board #ante-form input[name=amount]").fill("10")
        anna.locator("#table-board #ante-form input[name=bonus]").check()
        click(anna, "#ante-form button[type=submit]")
        # Boris: his open box, then a dark box beside it (§40: one more bet beside the ante
        # box, never alone; its bet of 20 at once), then done
        taken = "#table-board .house-boxes:not(.last) .house-box[data-box='0']:not(.free)"
        expect(boris.locator(taken)).to_have_count(1)  # Anna's box, seen before he picks one
        expect(boris.locator("#table-board #box-form input[name=dark]")).to_have_count(0)
        boris.locator("#table-board #box-form select[name=box]").select_option("1")
        boris.locator("#table-board #box-form input[name=amount]").fill("10")
        click(boris, "#box-form button[type=submit]")
        mine = "#table-board .house-boxes:not(.last) .house-box[data-box='1']:not(.free)"
        expect(boris.locator(mine)).to_have_count(1)
        boris.locator("#table-board #box-form select[name=box]").select_option("3")
        boris.locator("#table-board #box-form input[name=amount]").fill("10")
        boris.locator("#table-board #box-form input[name=dark]").check()
        click(boris, "#box-form button[type=submit]")
        expect(boris.locator("#table-board .house-box.dark")).to_have_count(1)
        click(boris, "#done-form button")
        # the deal: the dealer's last card up, four backs (§40); Anna's cards to her alone
        for page in (anna, boris):
            dealer = page.locator("#table-board .house-dealer")
            expect(dealer.locator(".kit-card")).to_have_count(5)
            expect(dealer.locator("[data-card]")).to_have_count(1)
        anna_cards = dealt_cards(anna, 0)
        assert len(anna_cards) == 5
        for card in anna_cards:
            expect(boris.locator(f'#table-board [data-card="{card}"]')).to_have_count(0)
        # the dark box: backs for everyone, its owner too (C7)
        dark = boris.locator("#table-board .house-boxes:not(.last) .house-box.dark")
        expect(dark.locator("[data-card]")).to_have_count(0)
        expect(dark.locator(".kit-card")).to_have_count(5)
        # the change: its price is the ante (§41)
        change = anna.locator("#table-board #pick-form button[data-move='change']")
        expect(change).to_contain_text(money("10"))
        shot(anna, artifacts, "deciding", width)
        shot(boris, artifacts, "deciding-boris", width)
        given = anna_cards[0]
        anna.locator(f'#table-board #pick-form label[data-card="{given}"]').click()
        change.click()
        # Boris bets on his open box; then the new card comes to Anna
        click(boris, "#bet-form button")
        # her hand of five again, without the card given back: the change dealt once both chose
        # (the hand as dealt holds the kept cards too: the card given back must be gone)
        kept = [card for card in anna_cards if card != given]
        dealt_back = re.compile(
            rf"^(?!.*\b{given}\b)"
            + r"".join(rf"(?=.*\b{card}\b)" for card in kept)
            + r"(\S\S ?){5}$"
        )
        expect(anna.locator("#table-board #my-box-0")).to_have_attribute("data-cards", dealt_back)
        new_cards = dealt_cards(anna, 0)
        assert len(new_cards) == 5 and given not in new_cards, "one card changed (§41)"
        assert len(set(new_cards) - set(anna_cards)) == 1
        expect(anna.locator("#table-board #pick-form")).to_have_count(0), "only one change"
        expect(anna.locator("#table-board .stud-given")).to_be_visible()
        shot(anna, artifacts, "changed", width)
        click(anna, "#bet-form button")
        # the showdown: the hand over, the next one taking antes; the last hand's boxes called
        for page in (anna, boris):
            last = page.locator("#table-board .last-hand")
            expect(last).to_be_visible()
            expect(last.locator(".last-hand-title [data-card]")).to_have_count(5)
            expect(last.locator(".house-box")).to_have_count(3)
            expect(last.locator(".house-box-result")).to_have_count(3)
        shot(anna, artifacts, "result", width)
        shot(boris, artifacts, "result-boris", width)
        # each box's payout called in BYN is what its owner's wallet moved: Anna's one box (her
        # fee and lost bonus in it), Boris's two
        after = wallets(daphne_server, usernames)
        last_boxes = anna.locator("#table-board .last-hand .house-payouts b").all_inner_texts()
        assert len(last_boxes) == 3, last_boxes  # box 1 Anna's, boxes 2 and 3 Boris's
        anna_paid = [minor(t) for t in last_boxes[:1]]
        boris_paid = [minor(t) for t in last_boxes[1:]]
        assert after[0] - before[0] == sum(anna_paid)
        assert after[1] - before[1] == sum(boris_paid)
        assert errors == []
