"""/floor/liability/: the sportsbook's open liability per event, for the pit boss's floor (the
page and its socket, sportsbook.trading.liability_consumers, render the same rows)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required, permission_required
from django.shortcuts import render

from sportsbook.models import LINE_CURRENCY
from sportsbook.trading.liability import EventLiability, event_liabilities

FLOOR_PERMISSION = "casino.view_pit"  # the floor is the pit boss's, as the pit is
SORTS = ("worst", "start")


def ordering(query) -> tuple[str, str]:
    """(sort, currency) from the page's query: by worst case in one currency (the default, in
    the line's currency) or by start time. Worst cases in different currencies are never
    compared: the sort reads one currency only."""
    sort = query.get("sort", "worst")
    currency = (query.get("currency") or LINE_CURRENCY).upper()[:3]
    return (sort if sort in SORTS else "worst"), currency


def sorted_events(events: list[EventLiability], sort: str, currency: str):
    """The events grouped by sport (in the sports' order), each group sorted as asked."""
    for event in events:
        event.sort_value = sort_key(event, sort, currency)
    events = sorted(events, key=lambda e: -e.sort_value)  # stable: by start time among equals
    groups: dict[int, dict] = {}
    for event in events:
        sport = event.sport
        groups.setdefault(sport.pk, {"sport": sport, "events": []})["events"].append(event)
    return sorted(groups.values(), key=lambda g: (g["sport"].position, g["sport"].code))


def sort_key(event: EventLiability, sort: str, currency: str) -> int:
    """What the page's script sorts a sport's rows by, descending, after a live update."""
    if sort == "worst":
        return event.worst_payout(currency)
    return -int(event.event.starts_at.timestamp())


def page_context(sort: str, currency: str) -> dict:
    events = event_liabilities()
    present = sorted({c.currency for e in events for c in e.currencies} | {currency})
    return {
        "groups": sorted_events(events, sort, currency),
        "sort": sort,
        "currency": currency,
        "currencies": present,
    }


@login_required
@permission_required(FLOOR_PERMISSION, raise_exception=True)
def liability(request):
    sort, currency = ordering(request.GET)
    context = page_context(sort, currency)
    context["floor_tab"] = "liability"
    return render(request, "floor/liability.html", context)
