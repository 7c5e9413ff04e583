"""SB §6.1 settlement on time: the in-process clock of the embedded default, and the production
sweeper (`manage.py tableclock`)."""

import asyncio
import datetime as dt
import uuid

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.utils import timezone

from sportsbook import clock
from sportsbook.betting.services import Selection, bet_place
from sportsbook.line.services import event_set_status
from sportsbook.models import Bet, BetKind, EventStatus
from sportsbook.settlement.services import event_result_set
from tests.conftest import assert_books_clean, fund, new_player
from tests.sportsbook.line import football_result, make_event, outcome, set_rates


def finished_an_hour_ago(odds="2.00"):
    """An event with a bet, finished an hour ago with its result: its settlement is due."""
    set_rates()
    player = new_player()
    fund(player, 10_000)
    event = make_event(odds=odds)
    chosen = outcome(event, "1x2", "1")
    bet_place(
        player=player,
        kind=BetKind.SINGLE,
        selections=[Selection(chosen.pk, chosen.odds)],
        stake=1_000,
        currency="BYN",
        idempotency_key=uuid.uuid4().hex,
    )
    ended = timezone.now() - dt.timedelta(hours=1)
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED, now=ended)
    event_result_set(event_id=event.pk, result=football_result(1, 0), now=ended)
    return event


@pytest.mark.django_db(transaction=True)
async def test_sb_6_1_the_server_clock_settles_due_events():
    event = await database_sync_to_async(finished_an_hour_ago)()
    clock.ensure_running()
    assert not clock._task.done()
    assert clock._task.get_name() == "sportsbook-settlement-clock"
    # The task's first tick and this one run one after the other on the database thread:
    # once this one returns, the due event is settled, by one of them, once.
    await clock._tick()
    bet = await Bet.objects.aget(legs__outcome__market__event=event)
    assert bet.payout == 2_000
    clock._task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await clock._task
    await database_sync_to_async(assert_books_clean)()


@pytest.mark.django_db
def test_sb_6_1_the_production_sweeper_settles_due_events(capsys):
    event = finished_an_hour_ago()
    call_command("tableclock", "--once")
    assert "sportsbook settlement: 1" in capsys.readouterr().out
    assert Bet.objects.get(legs__outcome__market__event=event).payout == 2_000
    call_command("tableclock", "--once")
    assert "sportsbook settlement: 0" in capsys.readouterr().out
    assert_books_clean()


@pytest.mark.django_db(transaction=True)
async def test_bk_46_the_server_clock_lapses_exchange_offers_at_the_start():
    from sportsbook.exchange.services import exchange_market_list, exchange_offer_post
    from sportsbook.models import ExchangeOffer, OfferStatus

    def offer_on_an_event_that_has_started():
        player = new_player()
        fund(player, 10_000)
        event = make_event(starts_in=dt.timedelta(minutes=5))
        home = outcome(event, "1x2", "1")
        exchange_market_list(market_id=home.market_id)
        offer, _created = exchange_offer_post(
            player=player,
            outcome_id=home.pk,
            side="back",
            odds="2",
            stake=1_000,
            idempotency_key="k",
            now=event.starts_at - dt.timedelta(minutes=10),
        )
        type(event).objects.filter(pk=event.pk).update(starts_at=timezone.now())
        return offer

    offer = await database_sync_to_async(offer_on_an_event_that_has_started)()
    clock._task = None
    clock.ensure_running()
    await clock._tick()
    offer = await ExchangeOffer.objects.aget(pk=offer.pk)
    assert offer.status == OfferStatus.LAPSED
    clock._task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await clock._task
    await database_sync_to_async(assert_books_clean)()


def test_the_spread_feeds_pace_is_a_setting(settings):
    """SPREAD_FEED_SECONDS sets how often the feed ticks (issue 45: the browser journey runs it
    every 0.5 s); the clock then wakes at least that often."""
    settings.SPREAD_FEED_SECONDS = 0.5
    feed = dict(clock.JOBS)["sportsbook.spread.services.spread_feed_tick"]
    assert clock.period(feed) == 0.5 and clock.tick_seconds() == 0.5
    settings.SPREAD_FEED_SECONDS = 2.0
    assert clock.period(feed) == 2.0 and clock.tick_seconds() == clock.TICK_SECONDS
