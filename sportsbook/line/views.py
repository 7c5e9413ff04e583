"""The line's pages (issue 4 §2): the sports, live events, a sport's events, an event with its
markets. Each renders in the sportsbook's frame (`sportsbook.pages`: the sports menu and the
bet slip); the event's page follows the line live over its socket (`consumers`)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from sportsbook.line import selectors
from sportsbook.models import Sport
from sportsbook.pages import line_context


@login_required
def index(request):
    context = line_context(
        request,
        live_events=selectors.events_list(live=True),
        upcoming_events=selectors.events_list(live=False),
        current="index",
    )
    return render(request, "sportsbook/index.html", context)


@login_required
def live(request):
    context = line_context(request, live_events=selectors.events_list(live=True), current="live")
    return render(request, "sportsbook/live.html", context)


@login_required
def sport(request, code: str):
    chosen = get_object_or_404(Sport, code=code)
    context = line_context(
        request,
        sport=chosen,
        live_events=selectors.events_list(sport=chosen, live=True),
        upcoming_events=selectors.events_list(sport=chosen, live=False),
        current=chosen.code,
    )
    return render(request, "sportsbook/sport.html", context)


@login_required
def event(request, event_id: int):
    shown = selectors.event_for_page(event_id)
    if shown is None:
        raise Http404
    context = line_context(
        request,
        event=shown,
        groups=selectors.event_market_groups(shown),
        current=shown.sport_code,
    )
    return render(request, "sportsbook/event.html", context)
