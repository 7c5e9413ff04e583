"""The trader's live pages of the exchange and the spread assets in a real browser (issue 18 §3):
a match made by players in another process shows in the exchange page's row; a quote set in
another process shows in the asset's row, and the row's forms still work after it was swapped
(they keep the staff member's CSRF token). Waits are Playwright's expect(...), never sleeps."""

import json
import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import log_in
from tests.server import DaphneServer

pytestmark = pytest.mark.browser

PASSWORD = "casino-demo"

SETUP = """
import json
from decimal import Decimal
from casino import ledger
from casino.models import Player
from sportsbook.exchange.services import exchange_market_list
from sportsbook.models import SpreadAsset
from tests.sportsbook import factories

from django.contrib.auth.models import Group
from casino import roles
staff = Player.objects.create_user(
    username="t-staff", password=%(password)r, language="en", is_staff=True
)
staff.groups.add(Group.objects.get(name=roles.TRADER.group))
for name in ("t-anna", "t-boris"):
    player = Player.objects.create_user(username=name, password=%(password)r, language="en")
    ledger.cashier_deposit(
        player=player, amount=100_000, currency="BYN", idempotency_key=name, memo="test funds"
    )
event = factories.event(home="Neman", away="Slavia", kinds=("1x2",))
home = factories.outcome(event)
exchange_market_list(market_id=home.market_id)
asset = SpreadAsset.objects.create(
    code="t-gold", name_ru="Золото (тест)", name_en="Gold (test)", point_size=Decimal("0.1"),
    bid=Decimal("2000.0"), ask=Decimal("2000.5"), min_stake=100, feed_step_points=0,
)
print(json.dumps({"market": home.market_id, "outcome": home.pk, "asset": asset.pk}))
"""

MATCH = """
import uuid
from decimal import Decimal
from casino.models import Player
from sportsbook.exchange.services import exchange_offer_post
for name, side in (("t-anna", "back"), ("t-boris", "lay")):
    exchange_offer_post(
        player=Player.objects.get(username=name), outcome_id=%(outcome)d, side=side,
        odds=Decimal("2"), stake=1_500, idempotency_key=uuid.uuid4().hex,
    )
"""

QUOTE_SET = """
from decimal import Decimal
from sportsbook.spread.services import spread_quote_set
spread_quote_set(asset_id=%(asset)d, bid=Decimal(%(bid)r), ask=Decimal(%(ask)r))
"""


@pytest.fixture(scope="module")
def daphne_server():
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/3"
    server = DaphneServer(redis_url=redis_url)
    with server:
        yield server


@pytest.fixture(scope="module")
def line(daphne_server):
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])


def test_the_exchange_row_follows_a_match_made_elsewhere(page: Page, daphne_server, line):
    log_in(page, "t-staff", PASSWORD, next_path="/trader/exchange/")
    expect(page.locator(".trader[data-connected='1']")).to_have_count(1)
    row = page.locator(f"#trader-xm-{line['market']}")
    expect(row.locator("td.matched")).to_contain_text("0.00")
    daphne_server.shell(MATCH % {"outcome": line["outcome"]})
    expect(row.locator("td.matched")).to_contain_text("15.00")
    expect(row.locator("td.held")).to_contain_text("45.00")  # 15.00 back + 30.00 lay liability


def test_the_asset_row_follows_a_quote_and_its_forms_still_work(page: Page, daphne_server, line):
    log_in(page, "t-staff", PASSWORD, next_path="/trader/spread/")
    expect(page.locator(".trader[data-connected='1']")).to_have_count(1)
    row = page.locator(f"#trader-asset-{line['asset']}")
    expect(row.locator("td.quote")).to_contain_text("2000.0 / 2000.5")
    daphne_server.shell(QUOTE_SET % {"asset": line["asset"], "bid": "2010.0", "ask": "2010.5"})
    expect(row.locator("td.quote")).to_contain_text("2010.0 / 2010.5")
    row.locator("button[value=halt]").click()  # a form of the swapped row: its token holds
    halted = page.locator(f"#trader-asset-{line['asset']}")
    expect(halted.locator("button[value=resume]")).to_have_count(1)  # not a CSRF refusal page
    expect(page.locator("#messages li.success")).to_have_count(1)
