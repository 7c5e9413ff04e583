"""Russian poker in the browser (issue 34, Tests: browser): Anna and Boris ante 10 BYN each;
Anna's K♥ Q♥ 7♣ (20 points) ties the dealer's J♠ 10♠ 8♦ (20): a svara (CG §31, R7). Boris, who
folded, joins it with Anna's ante (R8) while Anna doubles hers; the new deal gives her A♥ K♥ Q♥
(31 points) against the dealer's K♠ Q♠ 7♦, paid 3:1 on the bet, and Boris's 24 points win 1:1.
The board shows the dealer's three cards as backs until he opens them (R1), each player's cards
to him alone, the svara's panel with the earlier deal, the doubled ante's price and the join
offer, then every payout in BYN, which is what each wallet moved; at 1280 px and at 390 px,
nothing scrolling sideways.

The deck is scripted: once both are dealt in and the antes are open, the server's shell lays the
round's pack and the first svara's pack in the order above (a scripted deck, as the engine tests
use); everything after is the server's own play."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.starts import two_at_a_new_table
from tests.browser.test_caribbean_stud import click, dealt_cards, minor, money, wallets
from tests.browser.twentyone import shot

pytestmark = pytest.mark.browser

CREATE = """
import json
from tables.models import Table

settings = {"min_bet": 100, "max_bet": 2_000, "boxes": 5, "bet_seconds": 120,
            "action_seconds": 120}
table = Table.objects.create(
    name="Russian poker %(width)s · 1–20 BYN", game="russian_poker", currency="BYN",
    settings=settings,
)
print(json.dumps(table.pk))
"""
SCRIPT = """
from tables.engines.cards import pack_33
from tables.models import Table

def order(top):
    top = top.split()
    return [*top, *(c for c in pack_33() if c not in top)]

table = Table.objects.get(pk=%(table)s)
state = table.state
assert state["phase"] == "betting" and state["dealt_in"] == [0, 1], state["phase"]
state["deck"] = order("KH QH 7C 9D 8H 7S JS TS 8D")
state["packs"][0] = order("AH KH QH 9C 8C 7C KS QS 7D")
table.state = state
table.save(update_fields=["state"])
print("scripted")
"""

POINTS_20 = re.compile(r"20 (points|очков)")  # the players read Russian or English
POINTS_31 = re.compile(r"31 (point|очко)")


@pytest.mark.parametrize("width", [1280, 390])
def test_cg_31_a_russian_poker_hand_with_a_svara_joined_by_the_other_player(
    browser, server_url, daphne_server, artifacts, width
):
    create = CREATE % {"width": width}
    with two_at_a_new_table(browser, server_url, daphne_server, create, width) as seated:
        table_id, anna, boris, errors, usernames = seated
        click(anna, "#done-form button")  # dealt alone first: the next hand deals both
        expect(boris.locator("#table-board #ante-form")).to_be_visible()
        assert "scripted" in daphne_server.shell(SCRIPT % {"table": table_id})
        before = wallets(daphne_server, usernames)
        for page in (anna, boris):
            page.locator("#table-board #ante-form input[name=amount]").fill("10")
            click(page, "#ante-form button[type=submit]")
        # the deal: the dealer's three cards face down (R1); Anna's cards to her alone
        for page in (anna, boris):
            dealer = page.locator("#table-board .house-dealer")
            expect(dealer.locator(".kit-card")).to_have_count(3)
            expect(dealer.locator("[data-card]")).to_have_count(0)
        assert dealt_cards(anna, 0) == ["KH", "QH", "7C"]
        expect(anna.locator("#table-board #my-box-0")).to_contain_text(
            re.compile(r"20 (points|очков)")
        )
        for card in ("KH", "QH", "7C"):
            expect(boris.locator(f'#table-board [data-card="{card}"]')).to_have_count(0)
        expect(anna.locator("#table-board #bet-form button")).to_contain_text(money("10"))
        shot(anna, artifacts, "deciding", width)
        click(boris, "#fold-form button")
        click(anna, "#bet-form button")
        # the svara: the tie opened for all, the doubled ante's price, the join offer
        for page in (anna, boris):
            expect(page.locator("#table-board .stud-svara[data-svara='1']")).to_be_visible()
            expect(page.locator("#table-board .stud-svara-round [data-card='JS']")).to_be_visible()
        expect(anna.locator("#table-board #svara-form button")).to_contain_text(money("+10"))
        expect(boris.locator("#table-board #join-form button")).to_contain_text(money("10"))
        expect(anna.locator("#table-board #join-form")).to_have_count(0)
        shot(anna, artifacts, "svara", width)
        shot(boris, artifacts, "svara-join", width)
        click(boris, "#join-form button")
        click(anna, "#svara-form button")
        # the svara's deal: new cards to both boxes, the dealer's as backs again
        expect(anna.locator("#table-board #my-box-0")).to_have_attribute("data-cards", "AH KH QH")
        expect(boris.locator("#table-board #my-box-2")).to_have_attribute("data-cards", "9C 8C 7C")
        expect(anna.locator("#table-board #my-box-0")).to_contain_text(
            re.compile(r"31 (point|очко)")
        )
        expect(anna.locator("#table-board #bet-form button")).to_contain_text(money("10"))
        shot(anna, artifacts, "svara-deal", width)
        click(boris, "#bet-form button")
        click(anna, "#bet-form button")
        # the showdown: every box's outcome and payout in BYN, what each wallet moved
        for page in (anna, boris):
            last = page.locator("#table-board .last-hand")
            expect(last).to_be_visible()
            expect(last.locator(".house-box-result")).to_have_count(3)
        expect(
            anna.locator("#table-board .last-hand .stud-svara-round [data-card='JS']")
        ).to_be_visible()
        shot(anna, artifacts, "result", width)
        shot(boris, artifacts, "result-boris", width)
        after = wallets(daphne_server, usernames)
        called = anna.locator("#table-board .last-hand .house-payouts b").all_inner_texts()
        assert [minor(t) for t in called] == [8_000, -1_000, 2_000], called
        assert after[0] - before[0] == 8_000 and after[1] - before[1] == 1_000
        assert errors == []
