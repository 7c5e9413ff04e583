"""A spread bet opened and closed while the price moves (issue 45), in Chromium, against a server
whose feed ticks every 0.5 s (SPREAD_FEED_SECONDS) with its clock running: nothing is frozen.

Two journeys of one player each, in Russian: with the default setting for moved quotes (at most
5 points against him, or any in his favour) the order is taken at the quote it meets; with
"confirm every change" a quote that jumps while his click is in flight comes back held beside
the asset he clicked, its countdown running, and confirming in time opens at the held quote;
the close is the same. Each time the wallet shown on the page before and after differs by
exactly what the position settled. Waits are Playwright's auto-waiting expect(...), never fixed
sleeps; the screenshots of the journey's end go to artifacts/journeys/spread/ at 1280
and 390 px."""

import json
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import log_in
from tests.browser.test_player_journey import header_balance, minor_units
from tests.server import DaphneServer, ServerError

pytestmark = pytest.mark.browser

PASSWORD = "casino-demo"
POINT = Decimal("0.1")
SHOTS = ARTIFACTS / "journeys" / "spread"

SETUP = """
import json
from decimal import Decimal
from casino import ledger
from casino.models import Player
from sportsbook.models import SpreadAsset

for name in ("j-gleb", "j-dina"):
    player = Player.objects.create_user(username=name, password=%(password)r, language="ru")
    ledger.cashier_deposit(
        player=player, amount=500_000, currency="BYN", idempotency_key="journey:" + name,
        memo="test funds",
    )
# a step of one point a tick: the default setting's 5 points are a few ticks of a slow click
asset = SpreadAsset.objects.create(
    code="platinum", name_ru="Платина", name_en="Platinum", point_size=Decimal("0.1"),
    bid=Decimal("950.0"), ask=Decimal("950.5"), min_stake=100, max_stake=10_000,
    margin_points=100, closeout_points=40, feed_step_points=1, feed_seed=7,
)
print(json.dumps({"asset": asset.pk}))
"""

# The quote jumps (as a trader's or a feed's would) while an order is on its way.
JUMP = """
from sportsbook.models import SpreadAsset
from sportsbook.spread.services import spread_quote_set
asset = SpreadAsset.objects.get(pk=%(asset)d)
move = asset.point_size * %(points)d
spread_quote_set(asset_id=asset.pk, bid=asset.bid + move, ask=asset.ask + move)
print(asset.bid + move, asset.ask + move)
"""


@pytest.fixture(scope="module")
def daphne_server():
    server = DaphneServer(
        extra_env={
            "SPREAD_FEED_SECONDS": "0.5",
            "DJANGO_SETTINGS_MODULE": "tests.browser.server_settings",
        }
    )
    with server:
        yield server


@pytest.fixture(scope="module")
def asset_id(daphne_server) -> int:
    output = daphne_server.shell(SETUP % {"password": PASSWORD})
    return json.loads(output.strip().splitlines()[-1])["asset"]


def level(text: str) -> Decimal:
    """The quote a notice or a button names: its last number ("... 2.00 BYN ... по 950.4.")."""
    return Decimal(re.findall(r"\d+\.\d+", text)[-1])


def open_spread_page(page: Page, asset_id: int):
    page.goto("/sport/spread/")
    # the socket's first frame: every asset and the positions, whole; from then on ticks
    expect(page.locator("#spread-positions[data-live='1']")).to_have_count(1)
    asset = page.locator(f"#spread-asset-{asset_id}")
    ask = asset.locator(".quote .ask")
    first = ask.inner_text()
    expect(ask).not_to_have_text(first)  # the feed is running: the price moves on the page
    return asset


def wallet(page: Page) -> int:
    return minor_units(header_balance(page, "BYN").inner_text())


WALLET_IS = """([expected, same]) => {
  const shown = document.querySelector("#header-balances .balance[data-currency=BYN]");
  const minor = Math.round(parseFloat(shown.textContent.replace(/[^\\d.-]/g, "")) * 100);
  return same ? minor === expected : minor !== expected;
}"""


def wallet_shows(page: Page, amount: int, *, same: bool = True) -> None:
    """Wait until the header's BYN wallet shows `amount` (or, `same=False`, anything else)."""
    page.wait_for_function(WALLET_IS, arg=[amount, same])


def settled_in_wallet(page: Page, before: int) -> int:
    """The closed position's result, and the wallet shown once it is booked: the difference is
    that result (its margin all back)."""
    realised = minor_units(page.locator(".spread-closed .realised").first.inner_text())
    wallet_shows(page, before + realised)
    assert wallet(page) - before == realised
    return realised


def jump_while_sent(page: Page, daphne_server, asset_id: int, points: int) -> list:
    """The next order reaches the server only after the quote jumped `points` (another process
    writes it: on a busy SQLite file it may wait its turn, so it is tried again). Returns the
    list the jump's quote is put in, for the test to check it happened."""
    jumped = []

    def jump_then_send(route):
        for _attempt in range(5):
            try:
                jumped.append(daphne_server.shell(JUMP % {"asset": asset_id, "points": points}))
                break
            except ServerError:
                continue
        route.continue_()

    page.route("**/sport/spread/order/", jump_then_send)
    return jumped


def test_the_default_setting_takes_the_quote_met_while_it_ticks(
    page: Page, daphne_server, asset_id
):
    log_in(page, "j-gleb", PASSWORD, next_path="/sport/spread/")
    asset = open_spread_page(page, asset_id)
    before = wallet(page)

    asset.locator("input[name=stake]").fill("2")
    buy = asset.locator("button.buy")
    buy.click()
    deal = page.locator(f"#spread-deal-{asset_id}")
    expect(deal.locator(".notice.success")).to_contain_text("Открыта: на повышение 2.00")
    opened_at = level(deal.locator(".notice.success").inner_text())
    expect(deal.locator("form.spread-requote")).to_have_count(0)
    row = page.locator("#spread-positions tr[data-position]")
    expect(row).to_have_count(1)
    expect(row.locator("td.opened")).to_have_text(str(opened_at))
    # the initial margin (100 points x 2.00) left the wallet: the page shows it
    wallet_shows(page, before - 100 * 200)
    # the price keeps moving in place: the same button is on the page, its price changed
    handle = buy.element_handle()
    price = buy.locator(".price").inner_text()
    expect(buy.locator(".price")).not_to_have_text(price)
    assert handle.evaluate("button => button.isConnected")
    # and the position's P&L follows the quote, in place too
    pnl = row.locator(".pnl")
    expect(pnl).not_to_have_text(pnl.inner_text())
    shoot(page, "position-open")  # the positions' table fits its card, "Закрыть" inside it

    page.locator("#spread-positions form.spread-close button[type=submit]").click()
    closing = page.locator("#spread-positions-deal .notice.success")
    expect(closing).to_contain_text("Закрыт: на понижение 2.00")
    closed_at = level(closing.inner_text())
    expect(page.locator("#spread-positions tr[data-position]")).to_have_count(0)
    realised = settled_in_wallet(page, before)
    assert realised == int((closed_at - opened_at) / POINT) * 200  # BK §34/§35: points x stake
    shoot(page, "default-setting")


def test_confirm_every_change_holds_the_quote_beside_the_asset_with_a_countdown(
    page: Page, daphne_server, asset_id
):
    log_in(page, "j-dina", PASSWORD, next_path="/sport/settings/")
    form = page.locator("#bettor-settings")
    form.locator("select[name=spread_policy]").select_option("ask")
    form.locator("button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text("Настройки ставок сохранены.")
    asset = open_spread_page(page, asset_id)
    expect(page.locator(".spread-page")).to_contain_text("подтверждать каждое изменение")
    before = wallet(page)

    # the quote jumps 30 points while the click is on its way: the quote met is held for her,
    # beside this asset (not another's), with its countdown
    asset.locator("input[name=stake]").fill("2")
    jumped = jump_while_sent(page, daphne_server, asset_id, 30)
    asset.locator("button.buy").click()
    deal = page.locator(f"#spread-deal-{asset_id}")
    expect(deal.locator(".notice")).to_contain_text("Котировка изменилась")
    page.unroute("**/sport/spread/order/")
    assert jumped
    expect(page.locator(".spread-deal form.spread-requote")).to_have_count(1)
    confirm = deal.locator("form.spread-requote button.confirm")
    held = level(confirm.inner_text())
    countdown = deal.locator(".hold-countdown")
    expect(countdown).to_have_text(re.compile(r"^\d+ с$"))
    shown = countdown.inner_text()
    expect(countdown).not_to_have_text(shown)  # it counts down
    shoot(page, "requote-held")
    confirm.click()
    expect(deal.locator(".notice.success")).to_contain_text(f"по {held}")
    row = page.locator("#spread-positions tr[data-position]")
    expect(row).to_have_count(1)
    expect(row.locator("td.opened")).to_have_text(str(held))  # opened at the held quote

    # the close: the quote jumps again under the click; held above her positions, confirmed
    jumped = jump_while_sent(page, daphne_server, asset_id, 30)
    page.locator("#spread-positions form.spread-close button[type=submit]").click()
    above = page.locator("#spread-positions-deal")
    expect(above.locator(".notice")).to_contain_text("Платина: Котировка изменилась")
    page.unroute("**/sport/spread/order/")
    assert jumped
    close_confirm = above.locator("form.spread-requote button.confirm")
    closed_at = level(close_confirm.inner_text())
    close_confirm.click()
    expect(above.locator(".notice.success")).to_contain_text("Закрыт: на понижение 2.00")
    expect(page.locator("#spread-positions tr[data-position]")).to_have_count(0)
    realised = settled_in_wallet(page, before)
    assert realised == int((closed_at - held) / POINT) * 200
    shoot(page, "confirm-every-change")


def shoot(page: Page, name: str) -> None:
    """The page at 1280 and 390 px: no sideways scroll, the positions inside their card."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), width
        card = page.locator(".spread-positions.card").bounding_box()
        for inner in page.locator(".spread-positions .spread-table").all():
            box = inner.bounding_box()
            assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
        page.screenshot(path=SHOTS / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
