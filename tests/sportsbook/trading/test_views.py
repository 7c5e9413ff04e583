"""The trader page (issue 4 §1): staff only; odds, market and event changes go through the
services, are kept (OddsChange) and pushed to the event's group; bad or repeated input changes
nothing (twice)."""

import asyncio
import threading
from decimal import Decimal

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer
from django.urls import reverse

from sportsbook.models import Event, EventStatus, Market, MarketStatus, OddsChange, Outcome
from tests.conftest import new_player
from tests.sportsbook.line import make_event, outcome

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def trader(client, staff):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.force_login(staff)
    return client


@pytest.fixture
def event(db):
    return make_event(odds="2.00")


class Listener:
    """A socket's channel in the event's group, as a player's event page holds one: on an event
    loop of its own that stays open (a thread), for the Redis publish/subscribe layer delivers
    only to subscriptions that are still there when the message is published."""

    def __init__(self, group: str):
        self.group = group
        self.layer = get_channel_layer()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.channel = self._run(self._join())

    def _run(self, coroutine):
        # a guard against a hang, not a timing: the message is sent before receive() is called
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    async def _join(self) -> str:
        channel = await self.layer.new_channel()
        await self.layer.group_add(self.group, channel)
        return channel

    def receive(self) -> dict:
        return self._run(self.layer.receive(self.channel))

    def close(self) -> None:
        try:
            self._run(self.layer.group_discard(self.group, self.channel))
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            self.loop.close()


def forget_closed_loop():
    """The sync test client runs the view through asgiref (an async middleware), which leaves its
    finished event loop as this thread's `main_event_loop`; `casino.realtime.group_send_all` then
    takes the thread for a stopping server and drops the broadcast. Under Daphne that loop is the
    running server loop. Forget the closed one so the after-commit sends run as in a command."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is not None and not loop.is_running():
        del SyncToAsync.threadlocal.main_event_loop


def odds_post(client, target: Outcome, odds: str, was: str | None = None, **extra):
    data = {"odds": odds, "was": was if was is not None else str(target.odds)}
    return client.post(reverse("trader:odds", args=[target.pk]), data, **extra)


# --- access ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["events", "event", "results", "odds", "market_status"])
def test_anonymous_goes_to_login(client, event, name):
    args = {
        "events": [],
        "event": [event.pk],
        "results": [event.pk],
        "odds": [outcome(event, "1x2", "1").pk],
        "market_status": [event.markets.first().pk],
    }[name]
    method = client.post if name in ("odds", "market_status") else client.get
    response = method(reverse(f"trader:{name}", args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["events", "event", "results", "odds", "event_status"])
def test_player_gets_403(client, event, name):
    client.force_login(new_player())
    target = outcome(event, "1x2", "1")
    args = {"events": [], "odds": [target.pk]}.get(name, [event.pk])
    method = client.post if name in ("odds", "event_status") else client.get
    response = method(reverse(f"trader:{name}", args=args), {"odds": "3.00", "status": "live"})
    assert response.status_code == 403
    target.refresh_from_db()
    assert target.odds == Decimal("2.000") and not OddsChange.objects.exists()


def test_event_list_filters_by_sport_and_status_live_first(trader):
    scheduled = make_event(sport="football")
    live = make_event(sport="football")
    Event.objects.filter(pk=live.pk).update(status=EventStatus.LIVE)
    hockey = make_event(sport="hockey")
    page = trader.get(reverse("trader:events")).content.decode()
    assert page.index(f'id="event-{live.pk}"') < page.index(f'id="event-{scheduled.pk}"')
    page = trader.get(reverse("trader:events"), {"sport": "hockey"}).content.decode()
    assert f'id="event-{hockey.pk}"' in page and f'id="event-{live.pk}"' not in page
    rows = trader.get(reverse("trader:events"), {"status": "live"}, **HTMX).content.decode()
    assert f'id="event-{live.pk}"' in rows and f'id="event-{scheduled.pk}"' not in rows
    assert "<html" not in rows  # htmx gets the list only, with its socket for that filter
    assert 'id="event-list"' in rows and 'ws-connect="/ws/trader/?sport=&amp;status=live"' in rows
    assert 'id="sport-socket-error"' in rows
    # htmx restoring the page from history (a cache miss) gets the whole page, and caches know
    # the answer depends on the HX-Request header
    restored = trader.get(
        reverse("trader:events"), {"status": "live"}, **HTMX, HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in restored.content.decode() and "HX-Request" in restored["Vary"]
    assert trader.get(reverse("trader:events"), {"sport": "foot\x00ball"}).status_code == 200


def test_event_page_shows_every_outcome_with_an_odds_input(trader, event):
    page = trader.get(reverse("trader:event", args=[event.pk])).content.decode()
    assert 'id="sport-socket-error"' in page  # where a refusal on its socket is shown
    for target in Outcome.objects.filter(market__event=event):
        assert f'id="outcome-{target.pk}"' in page
        assert reverse("trader:odds", args=[target.pk]) in page
    assert 'id="odds-changes"' in page


# --- odds ----------------------------------------------------------------------------------------


def test_odds_change_is_kept_with_the_staff_member_and_pushed_to_the_event_group(
    trader, staff, event, django_capture_on_commit_callbacks
):
    target = outcome(event, "1x2", "1")
    listener = Listener(event.group_name)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = odds_post(trader, target, "2.35", **HTMX)
            forget_closed_loop()
        message = listener.receive()
    finally:
        listener.close()
    assert response.status_code == 200
    body = response.content.decode()
    assert f'id="outcome-{target.pk}"' in body and 'value="2.350"' in body
    assert 'hx-swap-oob="innerHTML"' in body  # the last-changes list comes along
    change = OddsChange.objects.get()
    assert (change.outcome, change.old_odds, change.new_odds) == (
        target,
        Decimal("2.000"),
        Decimal("2.350"),
    )
    assert change.changed_by == staff and change.changed_at is not None
    assert message["type"] == "line.changed"
    assert message["what"] == "odds" and message["outcome"] == target.pk
    assert message["odds"] == "2.350"
    page = trader.get(reverse("trader:event", args=[event.pk])).content.decode()
    assert "2.00 → 2.35" in page  # the odds as every page writes them (issue 45)


def test_odds_accept_a_comma(trader, event):
    target = outcome(event, "1x2", "X")
    odds_post(trader, target, "3,4", **HTMX)
    target.refresh_from_db()
    assert target.odds == Decimal("3.400")


@pytest.mark.parametrize(
    ("odds", "message"),
    [
        ("1", "more than 1"),
        ("0.5", "more than 1"),
        ("-3", "more than 1"),
        ("abc", "a number"),
        ("", "required"),
        ("NaN", "a number"),
        ("1.23456", "three decimals"),
    ],
)
def test_bad_odds_are_refused_with_a_clear_error(trader, event, odds, message):
    target = outcome(event, "1x2", "1")
    response = odds_post(trader, target, odds, **HTMX)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'role="alert"' in response.content.decode()
    target.refresh_from_db()
    assert target.odds == Decimal("2.000")
    assert not OddsChange.objects.exists()


def test_bad_odds_without_htmx_redirect_with_a_message(trader, event):
    target = outcome(event, "1x2", "1")
    response = odds_post(trader, target, "0.9", follow=True)
    assert "Odds must be more than 1." in response.content.decode()
    assert not OddsChange.objects.exists()


def test_forged_forms_change_nothing(trader, event):
    assert trader.post(reverse("trader:odds", args=[999_999]), {"odds": "2"}).status_code == 404
    market = event.markets.first()
    response = trader.post(
        reverse("trader:market_status", args=[market.pk]), {"status": "settled"}, **HTMX
    )
    assert "valid choice" in response.content.decode()
    response = trader.post(
        reverse("trader:event_status", args=[event.pk]),
        {"status": "exploded", "version": event.version},
        **HTMX,
    )
    assert "valid choice" in response.content.decode()
    assert (
        trader.get(reverse("trader:odds", args=[outcome(event, "1x2", "1").pk])).status_code == 405
    )
    market.refresh_from_db()
    event.refresh_from_db()
    assert market.status == MarketStatus.OPEN and event.status == EventStatus.SCHEDULED


def test_double_submit_changes_the_odds_once(trader, event):
    target = outcome(event, "1x2", "2")
    first = odds_post(trader, target, "4.10", was="2.000", **HTMX)
    second = odds_post(trader, target, "4.10", was="2.000", **HTMX)
    assert first.status_code == second.status_code == 200
    assert OddsChange.objects.count() == 1
    target.refresh_from_db()
    assert target.odds == Decimal("4.100")


def test_a_stale_page_does_not_overwrite_someone_elses_change(trader, event):
    target = outcome(event, "1x2", "1")
    odds_post(trader, target, "1.90", was="2.000", **HTMX)
    response = odds_post(trader, target, "2.20", was="2.000", **HTMX)
    assert "changed meanwhile to 1.90" in response.content.decode()
    target.refresh_from_db()
    assert target.odds == Decimal("1.900") and OddsChange.objects.count() == 1


# --- markets and the event ---------------------------------------------------------------


def test_suspend_and_reopen_a_market_with_one_click(
    trader, event, django_capture_on_commit_callbacks
):
    market = event.markets.first()
    url = reverse("trader:market_status", args=[market.pk])
    listener = Listener(event.group_name)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = trader.post(url, {"status": "suspended"}, **HTMX)
            forget_closed_loop()
        message = listener.receive()
    finally:
        listener.close()
    assert message["what"] == "market" and message["market"] == market.pk
    market.refresh_from_db()
    assert market.status == MarketStatus.SUSPENDED
    body = response.content.decode()
    assert f'id="market-{market.pk}"' in body and 'value="open"' in body  # the reopen button
    trader.post(url, {"status": "suspended"}, **HTMX)  # a double click: still suspended
    trader.post(url, {"status": "open"}, **HTMX)
    market.refresh_from_db()
    assert market.status == MarketStatus.OPEN


def test_mark_live_closes_pre_match_markets_and_keeps_live_ones(trader, event):
    live_market = Market.objects.create(event=event, kind="1x2", params={}, in_play=True)
    Outcome.objects.create(market=live_market, code="1", odds=Decimal("2"))
    response = trader.post(
        reverse("trader:event_status", args=[event.pk]),
        {"status": "live", "version": event.version},
        **HTMX,
    )
    assert response.status_code == 200 and 'id="markets"' in response.content.decode()
    event.refresh_from_db()
    assert event.status == EventStatus.LIVE and event.started_at is not None
    statuses = dict(event.markets.values_list("pk", "status"))
    assert statuses.pop(live_market.pk) == MarketStatus.OPEN
    assert set(statuses.values()) == {MarketStatus.CLOSED}


def test_double_click_on_an_event_status_does_it_once(trader, event):
    url = reverse("trader:event_status", args=[event.pk])
    data = {"status": "live", "version": event.version}
    trader.post(url, data, **HTMX)
    event.refresh_from_db()
    version, started = event.version, event.started_at
    response = trader.post(url, data, **HTMX)
    assert "nothing was done twice" in response.content.decode()
    event.refresh_from_db()
    assert (event.version, event.started_at) == (version, started)


@pytest.mark.parametrize("status", ["finished", "interrupted", "postponed", "cancelled"])
def test_mark_the_event(trader, event, status):
    trader.post(
        reverse("trader:event_status", args=[event.pk]),
        {"status": status, "version": event.version},
    )
    event.refresh_from_db()
    assert event.status == status


def test_live_score_and_minute(trader, event, django_capture_on_commit_callbacks):
    url = reverse("trader:event_score", args=[event.pk])
    with django_capture_on_commit_callbacks(execute=True):
        trader.post(
            url, {"home": 2, "away": 1, "minute": 67, "period": "2nd half", "version": 0}, **HTMX
        )
    event.refresh_from_db()
    assert event.live_score == {"score": [2, 1], "minute": 67, "period": "2nd half"}
    response = trader.post(url, {"home": -1, "away": 1, "version": event.version}, **HTMX)
    assert "greater than or equal to 0" in response.content.decode()
    event.refresh_from_db()
    assert event.live_score["score"] == [2, 1]


def test_trader_page_is_linked_from_the_admin_for_staff(trader):
    page = trader.get(reverse("admin:index")).content.decode()
    assert reverse("trader:events") in page


def test_admin_event_list_links_each_event_to_the_trader_and_results(trader, event):
    page = trader.get(reverse("admin:sportsbook_event_changelist")).content.decode()
    assert reverse("trader:event", args=[event.pk]) in page
    assert reverse("trader:results", args=[event.pk]) in page


def test_admin_suspend_action_goes_through_the_service(trader, event):
    market = event.markets.first()
    trader.post(
        reverse("admin:sportsbook_market_changelist"),
        {"action": "suspend", "_selected_action": [market.pk]},
    )
    market.refresh_from_db()
    assert market.status == MarketStatus.SUSPENDED
