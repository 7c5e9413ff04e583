"""The trader's desk: the trader page and results entry (issue 4 §1, §5), traders only, built
for speed; the supervisor's cancellations of bets (SB §1.10), on the trader's page of the event
and a page of their own.

Every change goes through a service: the line's (`line.services`: odds kept in OddsChange and
pushed live to the event's group), the results' (`settlement.services`, `settlement.runner`) or
the cancellations' (`betting.cancellations`). htmx posts get the changed fragment back (an
outcome row, a market, the event's panel); plain posts are redirected back with a message. The
forms carry what the trader saw (the odds, the event's version): a double click or a stale page
is told so and changes nothing twice. The results' forms are `settlement.forms`.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Case, Count, IntegerField, Prefetch, Value, When
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from casino import oob, roles
from casino.currencies import format_amount
from casino.ledger import LedgerError
from sportsbook.betting import cancellations
from sportsbook.line.services import (
    LineError,
    event_score_set,
    event_set_status,
    market_set_status,
    odds_set,
)
from sportsbook.models import (
    Bet,
    Event,
    EventStatus,
    Market,
    OddsChange,
    Outcome,
    SettlementReason,
    SettlementRun,
    Sport,
)
from sportsbook.settlement import runner as settlement_runner
from sportsbook.settlement.forms import JsonResultForm, ResultEntry
from sportsbook.settlement.services import event_result_set
from sportsbook.trading.forms import (
    EVENT_ACTIONS,
    CancelBetsForm,
    CancelPlayerBetsForm,
    EventStatusForm,
    MarketStatusForm,
    OddsForm,
    ScoreForm,
)

RECENT_CHANGES = 15
LIST_LIMIT = 300
RECENT_CANCELLATIONS = 50


# The trader's pages need the trader's permission; cancelling bets, the supervisor's
# (casino.roles). The services check the same permission again.
trader_only = roles.permission_required(roles.TRADE_LINE)
supervisor_only = roles.permission_required(roles.CANCEL_BETS)


def _first_error(form) -> str:
    for errors in form.errors.values():
        return errors[0]
    return _("The form is not valid.")


# --- reading ---------------------------------------------------------------------------------


def _event_markets(event: Event):
    return event.markets.prefetch_related(
        Prefetch("outcomes", queryset=Outcome.objects.order_by("position", "pk"))
    ).order_by("position", "pk")


def _recent_changes(event: Event):
    return (
        OddsChange.objects.filter(outcome__market__event=event)
        .select_related("outcome__market", "changed_by")
        .order_by("-changed_at", "-pk")[:RECENT_CHANGES]
    )


def _event_context(event: Event, **extra) -> dict:
    return {
        "event": event,
        "markets": _event_markets(event),
        "changes": _recent_changes(event),
        "actions": EVENT_ACTIONS,
        "score_form": ScoreForm(
            initial={
                "home": (event.live_score.get("score") or [0, 0])[0],
                "away": (event.live_score.get("score") or [0, 0])[1],
                "minute": event.live_score.get("minute"),
                "period": event.live_score.get("period", ""),
                "version": event.version,
            }
        ),
        **extra,
    }


def trader_events(sport: str = "", status: str = ""):
    """The trader's list: live first, then scheduled, interrupted, the rest; by start."""
    events = (
        Event.objects.select_related("competition__sport")
        .annotate(
            market_count=Count("markets", distinct=True),
            live_first=Case(
                When(status=EventStatus.LIVE, then=Value(0)),
                When(status=EventStatus.SCHEDULED, then=Value(1)),
                When(status=EventStatus.INTERRUPTED, then=Value(2)),
                default=Value(3),
                output_field=IntegerField(),
            ),
        )
        .order_by("live_first", "starts_at", "pk")
    )
    if "\x00" in sport:  # in no sport's code, and PostgreSQL refuses it in a query
        return events.none()
    if sport:
        events = events.filter(competition__sport__code=sport)
    if status in EventStatus.values:
        events = events.filter(status=status)
    return events


def trader_event_rows(sport: str, status: str) -> tuple[str, set[int]]:
    """The whole list of a filter as a socket's frame (its rows replaced), and the events in it."""
    events = list(trader_events(sport, status)[:LIST_LIMIT])
    template = "sportsbook/trader/_event_rows.html"
    rows = oob.inner("event-rows", template, {"events": events}, tag="tbody")
    return rows, {event.pk for event in events}


def trader_event_row(event_id: int, added: bool = False, first: bool = False) -> str:
    """An event's row of the trader's list as a socket's frame, swapped out of band: in place,
    or (`added`) put at the top of the list, replacing its "No events match." if it is the
    `first`; "" if the event is gone."""
    event = trader_events().filter(pk=event_id).first()
    if event is None:
        return ""
    if not added:
        return render_to_string("sportsbook/trader/_event_row.html", {"event": event, "oob": True})
    row = render_to_string("sportsbook/trader/_event_row.html", {"event": event})
    return oob.row_added(row, "event-rows", "no-events", first=first, where="afterbegin")


@require_GET
@trader_only
def event_list(request):
    sport = request.GET.get("sport", "")
    status = request.GET.get("status", "")
    context = {
        "events": trader_events(sport, status)[:LIST_LIMIT],
        "sports": Sport.objects.all(),
        "statuses": EventStatus.choices,
        "sport": sport,
        "status": status,
        # the list's socket follows the events shown (this filter's)
        "socket_query": urlencode({"sport": sport, "status": status}),
    }
    # a new filter swaps the list; going back in history (htmx restores it) gets the whole page
    partial = request.htmx and not request.htmx.history_restore_request
    template = "sportsbook/trader/_event_list.html" if partial else "sportsbook/trader/list.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _cancelled_bets(event: Event):
    """The bets with a leg on this event that staff cancelled (SB §1.10), latest first."""
    return (
        Bet.objects.filter(legs__outcome__market__event=event, cancelled_at__isnull=False)
        .select_related("player", "cancelled_by")
        .order_by("-cancelled_at", "-pk")
        .distinct()[:RECENT_CANCELLATIONS]
    )


@require_GET
@trader_only
def event_detail(request, event_id: int):
    event = get_object_or_404(Event.objects.select_related("competition__sport"), pk=event_id)
    return render(
        request,
        "sportsbook/trader/event.html",
        _event_context(
            event,
            cancel_player_form=CancelPlayerBetsForm(),
            cancel_bets_form=CancelBetsForm(),
            cancelled_bets=_cancelled_bets(event),
        ),
    )


@require_GET
@trader_only
def odds_changes(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    return render(
        request,
        "sportsbook/trader/_changes.html",
        {"event": event, "changes": _recent_changes(event)},
    )


def trader_fragments(event_id: int, change: dict) -> list[str]:
    """What a trader's open page of the event swaps out of band after `change` (a `line.changed`
    message), one frame each: the changed outcome's row and the odds-change log (apart: a row
    cannot share a fragment with a block), the changed market, or the event panel (status, score
    and their versions). Forms keep no CSRF field here (no request): the page sends its token as
    a header with every htmx request (base.html)."""
    what = change.get("what")
    if what == "odds":
        outcome = (
            Outcome.objects.select_related("market__event")
            .filter(pk=change.get("outcome"), market__event_id=event_id)
            .first()
        )
        if outcome is None:
            return []
        event = outcome.market.event
        last = outcome.odds_changes.select_related("changed_by").order_by("-changed_at", "-pk")
        setting = last.first()
        row = render_to_string(
            "sportsbook/trader/_outcome_row.html",
            {
                "outcome": outcome,
                "market": outcome.market,
                "oob_row": True,
                # who set these odds: the confirmation on the page that set them, news elsewhere
                "changed_by": setting.changed_by.shown_name
                if setting and setting.changed_by
                else "",
                "saved": setting is not None,
            },
        )
        log = {"changes": _recent_changes(event)}
        return [row, oob.inner("odds-changes", "sportsbook/trader/_changes.html", log)]
    event = Event.objects.select_related("competition__sport").filter(pk=event_id).first()
    if event is None:
        return []
    if what == "market":
        market = _event_markets(event).filter(pk=change.get("market")).first()
        if market is None:
            return []
        return [render_to_string("sportsbook/trader/_market.html", {"market": market, "oob": True})]
    context = _event_context(event)
    frames = [oob.inner("event-panel", "sportsbook/trader/_event_panel.html", context)]
    if what == "event":  # live or finished: markets close together (SB §1.1)
        frames.append(oob.inner("markets", "sportsbook/trader/_markets.html", context))
    return frames


def trader_page_fragments(event_id: int) -> list[str]:
    """The whole live part of a trader's page of the event, for a socket that (re)connects:
    whatever changed between the page's rendering and the socket's joining is shown."""
    event = Event.objects.select_related("competition__sport").filter(pk=event_id).first()
    if event is None:
        return []
    context = _event_context(event)
    return [
        oob.inner("event-panel", "sportsbook/trader/_event_panel.html", context),
        oob.inner("markets", "sportsbook/trader/_markets.html", context),
        oob.inner("odds-changes", "sportsbook/trader/_changes.html", context),
    ]


# --- the line ----------------------------------------------------------------------------------


def _back(request, event_id: int):
    return redirect(reverse("trader:event", args=[event_id]))


@require_POST
@trader_only
def odds_change(request, outcome_id: int):
    outcome = get_object_or_404(Outcome.objects.select_related("market__event"), pk=outcome_id)
    form = OddsForm(request.POST)
    error = None
    if not form.is_valid():
        error = _first_error(form)
    else:
        # `was`: the odds this page showed; the service refuses if someone moved them since.
        try:
            outcome = odds_set(
                outcome_id=outcome.pk,
                odds=form.cleaned_data["odds"],
                staff=request.user,
                expected_odds=form.cleaned_data["was"],
            )
        except LineError as refusal:
            error = str(refusal)
            outcome.refresh_from_db()
    event = outcome.market.event
    if not request.htmx:
        if error:
            messages.error(request, error)
        return _back(request, event.pk)
    return render(
        request,
        "sportsbook/trader/_outcome_row.html",
        {
            "outcome": outcome,
            "market": outcome.market,
            "error": error,
            "saved": error is None,
            "event": event,
            "changes": _recent_changes(event),
            "oob_changes": True,
        },
    )


@require_POST
@trader_only
def market_status(request, market_id: int):
    market = get_object_or_404(Market.objects.select_related("event"), pk=market_id)
    form = MarketStatusForm(request.POST)
    error = None
    if not form.is_valid():
        error = _first_error(form)
    else:
        try:
            market = market_set_status(
                market_id=market.pk, status=form.cleaned_data["status"], staff=request.user
            )
        except LineError as refusal:
            error = str(refusal)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return _back(request, market.event_id)
    market = _event_markets(market.event).get(pk=market.pk)
    return render(
        request, "sportsbook/trader/_market.html", {"market": market, "market_error": error}
    )


def _event_panel(request, event_id: int, error: str | None, notice: str | None = None):
    event = Event.objects.select_related("competition__sport").get(pk=event_id)
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif notice:
            messages.success(request, notice)
        return _back(request, event_id)
    context = _event_context(event, panel_error=error, panel_notice=notice)
    panel = render_to_string("sportsbook/trader/_event_panel.html", context, request=request)
    # the markets beside the panel: marking the event live or finished closes some (SB §1.1)
    markets = oob.inner("markets", "sportsbook/trader/_markets.html", context, request)
    return HttpResponse(panel + markets)


@require_POST
@trader_only
def event_status(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    form = EventStatusForm(request.POST)
    error = notice = None
    if not form.is_valid():
        error = _first_error(form)
    elif form.cleaned_data["version"] != event.version:
        error = _("The event was changed meanwhile (a double click?): nothing was done twice.")
    elif form.cleaned_data["status"] == event.status:
        error = _("The event is already %(status)s.") % {"status": event.get_status_display()}
    else:
        try:
            event = event_set_status(
                event_id=event.pk, status=form.cleaned_data["status"], staff=request.user
            )
        except LineError as refusal:
            error = str(refusal)
        else:
            notice = _("The event is now %(status)s.") % {"status": event.get_status_display()}
    return _event_panel(request, event_id, error, notice)


@require_POST
@trader_only
def event_score(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    form = ScoreForm(request.POST)
    error = notice = None
    if not form.is_valid():
        error = _first_error(form)
    else:
        data = form.cleaned_data
        try:
            event_score_set(
                event_id=event.pk,
                score=[data["home"], data["away"]],
                minute=data["minute"],
                period=data["period"],
                expected_version=data["version"],
                staff=request.user,
            )
        except LineError as refusal:
            error = str(refusal)
        else:
            notice = _("Score saved.")
    return _event_panel(request, event_id, error, notice)


# --- results and settlement ---------------------------------------------------------------------


def _results_context(event: Event, entry: ResultEntry, json_form: JsonResultForm, **extra) -> dict:
    runs = (
        SettlementRun.objects.filter(event=event)
        .select_related("created_by")
        .annotate(bets=Count("bet_settlements"))
        .order_by("-number")
    )
    return {
        "event": event,
        "entry": entry,
        "json_form": json_form,
        "runs": runs,
        "can_settle": event.result is not None
        and event.status in (EventStatus.FINISHED, EventStatus.CANCELLED),
        **extra,
    }


def _json_initial(event: Event) -> dict:
    result = event.result or {"sport": event.sport_code, "ending": "completed"}
    return {"result_json": json.dumps(result, ensure_ascii=False, indent=1)}


@trader_only
def result_entry(request, event_id: int):
    event = get_object_or_404(Event.objects.select_related("competition__sport"), pk=event_id)
    sport = event.sport_code
    if request.method != "POST":
        entry = ResultEntry(sport, result=event.result)
        entry.header.initial["mark_finished"] = event.status != EventStatus.FINISHED
        return render(
            request,
            "sportsbook/results/entry.html",
            _results_context(event, entry, JsonResultForm(initial=_json_initial(event))),
        )
    json_mode = "result_json" in request.POST
    more = request.POST.get("more", "")
    entry = ResultEntry(sport, data=None if json_mode else request.POST, more=more)
    json_form = JsonResultForm(request.POST if json_mode else None, initial=_json_initial(event))
    if more:  # "more rows": draw the form again, bigger, saving nothing
        return render(
            request, "sportsbook/results/entry.html", _results_context(event, entry, json_form)
        )
    if json_mode:
        result = json_form.cleaned_data["result_json"] if json_form.is_valid() else None
        mark_finished = False
    else:
        result = entry.checked if entry.is_valid() else None
        mark_finished = entry.header.is_valid() and entry.header.cleaned_data.get("mark_finished")
    if result is None:
        return render(
            request,
            "sportsbook/results/entry.html",
            _results_context(event, entry, json_form, failed=True),
            status=422,
        )
    error = None
    try:
        if mark_finished and event.status != EventStatus.FINISHED:
            event_set_status(event_id=event.pk, status=EventStatus.FINISHED, staff=request.user)
        if result == event.result:
            messages.info(request, _("The result is unchanged."))
        else:
            correction = event.settled_at is not None
            event_result_set(event_id=event.pk, result=result, staff=request.user)
            messages.success(
                request,
                _("Result corrected: the event is settled again at once.")
                if correction
                else _("Result saved."),
            )
    except LineError as refusal:
        error = str(refusal)
    if error:
        if json_mode:
            json_form.add_error(None, error)
        else:
            entry.error = error
        return render(
            request,
            "sportsbook/results/entry.html",
            _results_context(event, entry, json_form, failed=True),
            status=422,
        )
    return redirect(reverse("trader:results", args=[event.pk]))


@require_POST
@trader_only
def settle_now(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    if event.result is None or event.status not in (EventStatus.FINISHED, EventStatus.CANCELLED):
        messages.error(request, _("Only a finished or cancelled event with a result is settled."))
        return redirect(reverse("trader:results", args=[event.pk]))
    if event.payouts_held:
        messages.error(
            request, _("Payouts of this event are on hold (SB §1.10): release them to settle.")
        )
        return redirect(reverse("trader:results", args=[event.pk]))
    reason = SettlementReason.CORRECTION if event.settled_at else SettlementReason.ON_DEMAND
    run = settlement_runner.event_settle(event_id=event.pk, reason=reason, staff=request.user)
    if run is None:
        messages.info(request, _("Nothing to settle: the bets are settled on this result already."))
    else:
        messages.success(
            request,
            _("Settlement run %(number)s: %(count)s bets changed.")
            % {"number": run.number, "count": run.bets_changed},
        )
    return redirect(reverse("trader:results", args=[event.pk]))


# --- cancelling bets (SB §1.10) -----------------------------------------------------------------


def _cancel(request, event: Event, form, **selection):
    """Run the cancellation the valid `form` asks for and tell the trader what was done."""
    if not form.is_valid():
        messages.error(request, _first_error(form))
        return _back_to_cancellations(request, event.pk)
    try:
        done = cancellations.bets_cancel(
            reason=form.cleaned_data["reason"], staff=request.user, event_id=event.pk, **selection
        )
    except (cancellations.CancelRefused, LedgerError) as refusal:
        messages.error(request, str(refusal))
        return _back_to_cancellations(request, event.pk)
    if not done.cancelled:
        messages.info(request, _("Nothing to do: these bets are cancelled already."))
        return _back_to_cancellations(request, event.pk)
    money = ", ".join(
        format_amount(amount, currency) for currency, amount in sorted(done.returned.items())
    )
    messages.success(
        request,
        _("Cancelled at odds 1 (SB §1.10): bets %(numbers)s; booked to the wallets: %(money)s.")
        % {"numbers": ", ".join(str(bet.pk) for bet in done.cancelled), "money": money},
    )
    if done.already:
        messages.info(
            request,
            _("Cancelled before, left as they were: bets %(numbers)s.")
            % {"numbers": ", ".join(str(n) for n in done.already)},
        )
    if done.owed:
        messages.warning(
            request,
            _("Some wallets no longer held winnings taken back: it is owed on the bets (E33)."),
        )
    return _back_to_cancellations(request, event.pk)


def _back_to_cancellations(request, event_id: int):
    """A trader who may cancel sees the result on the event's trader page; a supervisor (no
    trader) on the page of cancellations."""
    if request.user.has_perm(roles.TRADE_LINE):
        return _back(request, event_id)
    return redirect(reverse("trader:cancellations", args=[event_id]))


@require_GET
@supervisor_only
def event_cancellations(request, event_id: int):
    """The supervisor's page of an event: its cancelled bets and the forms cancelling more."""
    event = get_object_or_404(Event.objects.select_related("competition__sport"), pk=event_id)
    return render(
        request,
        "sportsbook/trader/cancellations.html",
        {
            "event": event,
            "cancel_player_form": CancelPlayerBetsForm(),
            "cancel_bets_form": CancelBetsForm(),
            "cancelled_bets": _cancelled_bets(event),
        },
    )


@require_POST
@supervisor_only
def cancel_player_bets(request, event_id: int):
    """SB §1.10: all of one player's bets on this event (he is suspected of taking part)."""
    event = get_object_or_404(Event, pk=event_id)
    form = CancelPlayerBetsForm(request.POST)
    player_id = form.cleaned_data["player"].pk if form.is_valid() else None
    return _cancel(request, event, form, player_id=player_id)


@require_POST
@supervisor_only
def cancel_bets(request, event_id: int):
    """SB §1.10: bets chosen by number (accepted while a technical error showed wrong data)."""
    event = get_object_or_404(Event, pk=event_id)
    form = CancelBetsForm(request.POST)
    bet_ids = form.cleaned_data["bets"] if form.is_valid() else None
    return _cancel(request, event, form, bet_ids=bet_ids)
