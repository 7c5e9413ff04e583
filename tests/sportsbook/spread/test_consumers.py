"""The spread socket changes live prices in place (issue 45): a quote of an open asset sends its
text and the prices on its buttons (inner text only) and the quotes its form sends, never the
form or a button; a change of state (a halt) re-renders the asset; the player's positions get
their figures, and are re-rendered whole only when they change."""

import re
from decimal import Decimal as D

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from casino.asgi import application
from sportsbook.spread.services import spread_asset_halt, spread_quote_set
from tests.sportsbook.spread.test_pages import HOST, ORIGIN, make_asset, order, signed_in_client


@database_sync_to_async
def setup():
    asset = make_asset()
    asset.feed_step_points = 0  # the server's clock runs the walk: this asset stands still
    asset.save(update_fields=["feed_step_points"])
    player, client = signed_in_client()
    order(client, asset, "up:1.205300", "10")
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return asset, (b"cookie", cookie.encode())


@pytest.mark.django_db(transaction=True)
async def test_a_tick_changes_text_in_place_and_never_the_buttons():
    asset, cookie = await setup()
    socket = WebsocketCommunicator(application, "/ws/sport/spread/", headers=[ORIGIN, HOST, cookie])
    connected, _code = await socket.connect()
    assert connected
    first = await socket.receive_from()  # (re)connect: every asset and the positions whole
    assert f'id="spread-asset-{asset.pk}"' in first and 'data-live="1"' in first
    assert first.count("hx-swap-oob") == 2  # the asset and the positions; none nested in them
    await database_sync_to_async(spread_quote_set)(
        asset_id=asset.pk, bid=D("1.2080"), ask=D("1.2083")
    )
    tick = await socket.receive_from()
    assert "<button" not in tick and "<form" not in tick and 'name="stake"' not in tick
    assert re.search(
        rf'<span id="spread-buy-{asset.pk}" hx-swap-oob="innerHTML">1.2083</span>', tick
    )
    assert re.search(
        rf'<span id="spread-sell-{asset.pk}" hx-swap-oob="innerHTML">1.2080</span>', tick
    )
    assert f'id="spread-seen-up-{asset.pk}" name="level_up" value="1.208300"' in tick
    assert 'id="spread-positions"' not in tick  # the same positions: their figures only
    assert re.search(
        r'<span id="spread-close-level-\d+" class="close-level" hx-swap-oob="true">1.2080</span>'
        r'<span id="spread-pnl-\d+" class="pnl gain" hx-swap-oob="true">'
        r'<span class="money">270.00\xa0BYN</span></span>',
        tick,
    )
    assert "<td" not in tick  # a bare cell would be dropped by the browser's parser
    assert 'name="level" value="1.208000"' in tick  # what the close form sends now
    # a halt changes the asset's state: it is re-rendered whole (its form goes)
    await database_sync_to_async(spread_asset_halt)(asset_id=asset.pk, halted=True)
    halted = await socket.receive_from()
    assert f'id="spread-asset-{asset.pk}"' in halted and "Halted" in halted
    assert 'class="spread-order"' not in halted
    await socket.disconnect()
