"""Reads for the line's pages and sockets: sports with their event counts, events, an event's
markets grouped by kind, an outcome, a market or an event as a page shows it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from sportsbook.line.presenters import market_title
from sportsbook.models import Event, EventStatus, Market, MarketStatus, Outcome, Sport
from sportsbook.settlement.markets import KINDS

OPEN_EVENT = [EventStatus.SCHEDULED, EventStatus.LIVE]


SHOWN_MARKETS = [MarketStatus.OPEN, MarketStatus.SUSPENDED]


def sports_with_counts():
    return Sport.objects.annotate(
        open_events=Count(
            "competitions__events", filter=Q(competitions__events__status__in=OPEN_EVENT)
        ),
        live_events=Count(
            "competitions__events", filter=Q(competitions__events__status=EventStatus.LIVE)
        ),
    )


def events_list(*, sport: Sport | None = None, live: bool | None = None):
    events = Event.objects.filter(status__in=OPEN_EVENT).select_related("competition__sport")
    if sport is not None:
        events = events.filter(competition__sport=sport)
    if live is True:
        events = events.filter(status=EventStatus.LIVE)
    elif live is False:
        events = events.filter(status=EventStatus.SCHEDULED)
    return events.annotate(
        market_count=Count("markets", filter=Q(markets__status__in=SHOWN_MARKETS))
    ).order_by("starts_at", "pk")


def event_markets(event: Event) -> list[Market]:
    markets = list(
        Market.objects.filter(event=event, status__in=SHOWN_MARKETS)
        .prefetch_related("outcomes")
        .order_by("position", "pk")
    )
    for market in markets:
        market.event = event  # outcome labels name the event's teams: no query per market
    return markets


@dataclass
class MarketGroup:
    kind: str
    name: str
    markets: list[Market]


def event_market_groups(event: Event) -> list[MarketGroup]:
    """The event's markets grouped by kind, in the order of the first market of each kind."""
    groups: dict[str, MarketGroup] = {}
    for market in event_markets(event):
        market.event = event  # presenters read it; spare a query per market
        kind = KINDS.get(market.kind)
        if market.kind not in groups:
            name = market_title(market) if kind is None else kind.name
            groups[market.kind] = MarketGroup(market.kind, name, [])
        groups[market.kind].markets.append(market)
    return list(groups.values())


def outcome_for_page(outcome_id: int) -> Outcome | None:
    return (
        Outcome.objects.select_related("market__event__competition__sport")
        .filter(pk=outcome_id)
        .first()
    )


def market_for_page(market_id: int) -> Market | None:
    return (
        Market.objects.select_related("event__competition__sport")
        .prefetch_related("outcomes")
        .filter(pk=market_id)
        .first()
    )


def event_for_page(event_id: int) -> Event | None:
    return Event.objects.select_related("competition__sport").filter(pk=event_id).first()
