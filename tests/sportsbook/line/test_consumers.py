"""The sportsbook's live sockets: an event page's, the bet slip's and a trader's event page. Odds
changes, suspensions, scores and status changes are pushed as out-of-band fragments; anonymous
sockets are refused, and the trader's socket to anyone but staff; the browser sends nothing."""

import datetime as dt
from decimal import Decimal

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from casino import roles
from casino.asgi import application
from sportsbook.line.services import event_score_set, event_set_status, market_set_status, odds_set
from sportsbook.models import EventStatus, MarketStatus
from sportsbook.settlement.services import event_result_set
from tests.conftest import new_player, new_staff
from tests.sportsbook import factories
from tests.sportsbook.line import football_result

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


@database_sync_to_async
def signed_in(language: str = "en", slip_outcomes=(), role=None):
    player = new_staff(role, language=language) if role else new_player(language=language)
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(player)
    for outcome in slip_outcomes:
        client.post(reverse("sportsbook:slip_add"), {"outcome": outcome.pk, "odds": outcome.odds})
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return player, (b"cookie", cookie.encode())


@database_sync_to_async
def make_event(**fields):
    event = factories.event(**fields)
    return event, factories.outcome(event), event.markets.get(kind="1x2")


async def connect(path: str, cookie) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST, cookie])
    connected, code = await communicator.connect()
    assert connected, code
    return communicator


async def test_an_anonymous_socket_is_refused():
    event, _outcome, _market = await make_event()
    for path in (f"/ws/sport/event/{event.pk}/", "/ws/sport/slip/"):
        communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST])
        connected, code = await communicator.connect()
        assert not connected
        assert code == 4401


async def test_an_unknown_event_is_refused():
    _player, cookie = await signed_in()
    communicator = WebsocketCommunicator(
        application, "/ws/sport/event/999999/", headers=[ORIGIN, HOST, cookie]
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4404


async def test_an_odds_change_is_pushed_to_the_event_page():
    event, outcome, _market = await make_event()
    _player, cookie = await signed_in()
    communicator = await connect(f"/ws/sport/event/{event.pk}/", cookie)
    await database_sync_to_async(odds_set)(outcome_id=outcome.pk, odds=Decimal("1.95"), staff=None)
    html = await communicator.receive_from()
    assert f'id="outcome-{outcome.pk}"' in html and 'hx-swap-oob="true"' in html
    assert ">1.95<" in html and '"odds": "1.950"' in html
    await communicator.disconnect()


async def test_a_suspension_and_a_reopening_are_pushed():
    event, _outcome, market = await make_event()
    _player, cookie = await signed_in()
    communicator = await connect(f"/ws/sport/event/{event.pk}/", cookie)
    await database_sync_to_async(market_set_status)(
        market_id=market.pk, status=MarketStatus.SUSPENDED
    )
    html = await communicator.receive_from()
    assert f'id="market-{market.pk}"' in html and "Suspended" in html and "disabled" in html
    await database_sync_to_async(market_set_status)(market_id=market.pk, status=MarketStatus.OPEN)
    html = await communicator.receive_from()
    assert "Suspended" not in html and "disabled" not in html
    await communicator.disconnect()


async def test_the_score_and_the_status_are_pushed():
    event, _outcome, _market = await make_event(in_play=True, starts_in=dt.timedelta(minutes=-1))
    _player, cookie = await signed_in()
    communicator = await connect(f"/ws/sport/event/{event.pk}/", cookie)
    await database_sync_to_async(event_set_status)(event_id=event.pk, status=EventStatus.LIVE)
    html = await communicator.receive_from()
    assert f'id="event-head-{event.pk}"' in html and "Live" in html
    assert 'id="event-markets"' in html  # markets re-rendered at the start (SB §1.1)
    await database_sync_to_async(event_score_set)(
        event_id=event.pk, score=[1, 0], minute=12, period="1st half"
    )
    html = await communicator.receive_from()
    assert 'class="live-score"' in html and "1:0" in html and "12′" in html
    await communicator.disconnect()


async def test_another_events_changes_are_not_sent():
    event, _outcome, _market = await make_event()
    _other, other_outcome, _ = await make_event()
    _player, cookie = await signed_in()
    communicator = await connect(f"/ws/sport/event/{event.pk}/", cookie)
    await database_sync_to_async(odds_set)(
        outcome_id=other_outcome.pk, odds=Decimal("3.10"), staff=None
    )
    assert await communicator.receive_nothing()
    await communicator.disconnect()


async def test_the_slip_socket_shows_old_and_new_odds():
    event, outcome, market = await make_event()
    _player, cookie = await signed_in(slip_outcomes=[outcome])
    communicator = await connect(f"/ws/sport/slip/?events={event.pk}", cookie)
    await database_sync_to_async(odds_set)(outcome_id=outcome.pk, odds=Decimal("1.65"), staff=None)
    html = await communicator.receive_from()
    assert f'id="slip-odds-{outcome.pk}"' in html and 'hx-swap-oob="true"' in html
    assert 'class="old-odds"' in html and ">1.50</s>" in html and ">1.65</strong>" in html
    assert "changed up" in html
    await database_sync_to_async(market_set_status)(
        market_id=market.pk, status=MarketStatus.SUSPENDED
    )
    html = await communicator.receive_from()
    assert f'id="slip-odds-{outcome.pk}"' in html and "Suspended" in html
    await communicator.disconnect()


async def test_a_message_from_the_browser_gets_an_error_on_that_socket_only():
    event, _outcome, _market = await make_event()
    _player, cookie = await signed_in()
    _other, other_cookie = await signed_in()
    talker = await connect(f"/ws/sport/event/{event.pk}/", cookie)
    listener = await connect(f"/ws/sport/event/{event.pk}/", other_cookie)
    await talker.send_to(text_data='{"type": "bet", "stake": 100}')
    html = await talker.receive_from()
    assert 'id="sport-socket-error"' in html and "This socket accepts no messages." in html
    await talker.send_to(text_data="garbage")
    assert "This socket accepts no messages." in await talker.receive_from()
    assert await listener.receive_nothing()
    await talker.disconnect()
    await listener.disconnect()


# --- the trader's page ----------------------------------------------------------------------------


async def trader_page(event, cookie) -> WebsocketCommunicator:
    """A trader's event page, connected: it first catches up with the panel, the markets and
    the odds-change log as they are now."""
    page = await connect(f"/ws/trader/event/{event.pk}/", cookie)
    catch_up = [await page.receive_from() for _ in range(3)]
    assert [frame[: frame.index(">") + 1] for frame in catch_up] == [
        '<div id="event-panel" hx-swap-oob="innerHTML">',
        '<div id="markets" hx-swap-oob="innerHTML">',
        '<div id="odds-changes" hx-swap-oob="innerHTML">',
    ]
    assert f'name="version" value="{event.version}"' in catch_up[0]
    return page


async def trader_list(path: str, cookie, event_ids: list[int]) -> WebsocketCommunicator:
    """A trader's list, connected: it first gets its whole list (these events' rows)."""
    page = await connect(path, cookie)
    rows = await page.receive_from()
    assert rows.startswith('<tbody id="event-rows" hx-swap-oob="innerHTML">')
    assert rows.count('<tr id="event-') == len(event_ids)
    assert all(f'<tr id="event-{pk}">' in rows for pk in event_ids)
    assert ('id="no-events"' in rows) == (not event_ids)
    return page


async def test_the_traders_socket_is_for_staff_only():
    event, _outcome, _market = await make_event()
    _player, cookie = await signed_in()
    refusals = []
    for headers in ([ORIGIN, HOST], [ORIGIN, HOST, cookie]):
        communicator = WebsocketCommunicator(
            application, f"/ws/trader/event/{event.pk}/", headers=headers
        )
        refusals.append(await communicator.connect())
    assert refusals == [(False, 4401), (False, 4403)]
    _staff, staff_cookie = await signed_in(role=roles.TRADER)
    communicator = WebsocketCommunicator(
        application, "/ws/trader/event/999999/", headers=[ORIGIN, HOST, staff_cookie]
    )
    assert await communicator.connect() == (False, 4404)


async def test_another_traders_odds_change_reaches_the_traders_page():
    event, outcome, _market = await make_event()
    staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_page(event, cookie)
    await database_sync_to_async(odds_set)(outcome_id=outcome.pk, odds=Decimal("2.35"), staff=staff)
    row, log = await page.receive_from(), await page.receive_from()
    # the row, with the odds the page's next change is checked against, and the change log
    assert row.strip().startswith(
        f'<tr id="outcome-{outcome.pk}" class="saved" hx-swap-oob="true">'
    )
    assert f"✓ {staff.shown_name}" in row  # who set them
    assert 'name="was" value="2.350"' in row and 'name="odds" value="2.350"' in row
    assert log.startswith('<div id="odds-changes" hx-swap-oob="innerHTML">') and "→ 2.35<" in log
    await page.disconnect()


async def test_a_suspension_a_status_and_a_score_reach_the_traders_page():
    event, _outcome, market = await make_event(in_play=True, starts_in=dt.timedelta(minutes=-1))
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_page(event, cookie)
    await database_sync_to_async(market_set_status)(
        market_id=market.pk, status=MarketStatus.SUSPENDED
    )
    html = await page.receive_from()
    assert f'id="market-{market.pk}" hx-swap-oob="true"' in html and "Reopen" in html
    await database_sync_to_async(event_set_status)(event_id=event.pk, status=EventStatus.LIVE)
    html = await page.receive_from()
    assert html.startswith('<div id="event-panel" hx-swap-oob="innerHTML">')
    event = await database_sync_to_async(type(event).objects.get)(pk=event.pk)
    assert f'name="version" value="{event.version}"' in html  # the forms' new version
    markets = await page.receive_from()  # going live closes the pre-match markets (SB §1.1)
    assert markets.startswith('<div id="markets" hx-swap-oob="innerHTML">')
    await database_sync_to_async(event_score_set)(
        event_id=event.pk, score=[2, 1], minute=70, period="2nd half"
    )
    html = await page.receive_from()
    assert 'id="event-panel"' in html and 'value="70"' in html
    # a score leaves the markets (and odds being typed in them) as they are
    assert 'id="markets"' not in html and await page.receive_nothing()
    # a result entered elsewhere moves the event's version on: the page's forms follow it
    await database_sync_to_async(event_result_set)(event_id=event.pk, result=football_result(2, 1))
    event = await database_sync_to_async(type(event).objects.get)(pk=event.pk)
    html = await page.receive_from()
    assert f'name="version" value="{event.version}"' in html
    await page.disconnect()


async def test_a_message_from_the_traders_page_gets_an_error_on_that_socket_only():
    event, _outcome, _market = await make_event()
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_page(event, cookie)
    await page.send_to(text_data='{"odds": "9.99"}')
    assert "This socket accepts no messages." in await page.receive_from()
    await page.disconnect()


# --- the trader's list ----------------------------------------------------------------------------


async def test_the_traders_list_socket_is_for_staff_only():
    _player, cookie = await signed_in()
    refusals = []
    for headers in ([ORIGIN, HOST], [ORIGIN, HOST, cookie]):
        communicator = WebsocketCommunicator(application, "/ws/trader/", headers=headers)
        refusals.append(await communicator.connect())
    assert refusals == [(False, 4401), (False, 4403)]


async def test_the_traders_list_follows_the_events_it_shows():
    shown, outcome, _market = await make_event(starts_in=dt.timedelta(minutes=-1))
    other, _outcome, _market = await make_event(status=EventStatus.POSTPONED)
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_list("/ws/trader/?sport=&status=scheduled", cookie, [shown.pk])
    await database_sync_to_async(event_set_status)(event_id=shown.pk, status=EventStatus.LIVE)
    row = await page.receive_from()
    assert row.startswith(f'<tr id="event-{shown.pk}" hx-swap-oob="true">') and "badge live" in row
    await database_sync_to_async(event_score_set)(event_id=shown.pk, score=[2, 1], minute=70)
    assert "2:1 · 70′" in await page.receive_from()
    # an event that does not match the filter sends nothing; nor does an odds change
    await database_sync_to_async(event_set_status)(event_id=other.pk, status=EventStatus.CANCELLED)
    await database_sync_to_async(odds_set)(outcome_id=outcome.pk, odds=Decimal("3.10"), staff=None)
    assert await page.receive_nothing()
    # an event that comes to match it is added at the top; its next change updates it in place
    await database_sync_to_async(event_set_status)(event_id=other.pk, status=EventStatus.SCHEDULED)
    added = await page.receive_from()
    assert added.startswith('<tbody hx-swap-oob="afterbegin:#event-rows">')
    assert f'<tr id="event-{other.pk}">' in added and 'id="no-events"' not in added
    await database_sync_to_async(event_set_status)(event_id=other.pk, status=EventStatus.LIVE)
    assert (await page.receive_from()).startswith(f'<tr id="event-{other.pk}" hx-swap-oob="true">')
    await page.disconnect()


async def test_the_first_event_added_to_an_empty_list_replaces_its_no_events_line():
    event, _outcome, _market = await make_event()
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_list("/ws/trader/?sport=&status=live", cookie, [])
    await database_sync_to_async(event_set_status)(event_id=event.pk, status=EventStatus.LIVE)
    frame = await page.receive_from()
    assert f'<tr id="event-{event.pk}">' in frame
    assert frame.endswith('<tbody hx-swap-oob="delete:#no-events"></tbody>')
    await page.disconnect()


async def test_a_reconnected_list_shows_what_its_filter_holds_now_and_adds_no_row_twice():
    event, _outcome, _market = await make_event(status=EventStatus.LIVE)
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_list("/ws/trader/?status=live", cookie, [event.pk])
    await database_sync_to_async(event_set_status)(
        event_id=event.pk, status=EventStatus.INTERRUPTED
    )
    assert (await page.receive_from()).startswith(f'<tr id="event-{event.pk}" hx-swap-oob')
    await page.disconnect()
    # a dropped socket comes back: its whole list is the filter's now (the interrupted row goes)
    page = await trader_list("/ws/trader/?status=live", cookie, [])
    await database_sync_to_async(event_set_status)(event_id=event.pk, status=EventStatus.LIVE)
    added = await page.receive_from()
    assert added.startswith('<tbody hx-swap-oob="afterbegin:#event-rows">')
    await page.disconnect()


async def test_a_nul_in_the_lists_filter_shows_no_event_and_breaks_nothing():
    await make_event()
    _staff, cookie = await signed_in(role=roles.TRADER)
    page = await trader_list("/ws/trader/?sport=foot%00ball", cookie, [])
    await page.disconnect()
