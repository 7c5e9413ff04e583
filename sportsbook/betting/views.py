"""The player's betting pages: the bet slip (htmx, kept in the session), betting settings and
"my bets". The line's pages are `sportsbook.line.views`; all render in `sportsbook.pages`' frame.

Thin: parse the request, call the service (`services.bet_place`, one call per single), render.
Every slip action answers htmx with the slip fragment and a plain form post with a redirect.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino import references
from sportsbook.betting import services
from sportsbook.betting import slip as session_slip
from sportsbook.betting.forms import (
    AddForm,
    BettorSettingsForm,
    CurrencyForm,
    OddsPolicyForm,
    OutcomeForm,
    PlaceForm,
    SystemForm,
)
from sportsbook.betting.selectors import bet_of, bets_of, slip_view, wallet_currencies
from sportsbook.line.selectors import outcome_for_page
from sportsbook.models import Bet, BetKind, BettorSettings
from sportsbook.pages import SECTIONS, is_id, line_context, slip_context


def register_statement_links() -> None:
    """The cashier's statement links a stake ("bet:<id>") and a settlement
    ("settlement:<event>:<n>") to the bets they came from."""
    references.register(
        "bet", lambda ident: reverse("sportsbook:bet", args=[ident]) if is_id(ident) else None
    )
    references.register(
        "settlement",
        lambda ident: (
            reverse("sportsbook:my_bets") + f"?state=settled&event={ident.split(':')[0]}"
            if is_id(ident.split(":")[0])
            else None
        ),
    )


# --- the bet slip --------------------------------------------------------------------------------


def _slip_response(request, **context):
    """htmx: the slip fragment; a plain form post: back to the page it came from."""
    if request.htmx:
        return render(request, "sportsbook/_slip.html", slip_context(request, **context))
    for notices in (context.get("notices") or {}).values():
        for level, text, _bet in notices:
            messages.add_message(
                request, messages.ERROR if level == "error" else messages.SUCCESS, text
            )
    target = request.POST.get("next") or request.headers.get("referer") or ""
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("sportsbook:slip")
    return HttpResponseRedirect(target)


def _error(request, text: str, kind: str = "slip"):
    return _slip_response(request, notices={kind: [("error", text, None)]})


@login_required
def slip(request):
    if request.htmx:
        return render(request, "sportsbook/_slip.html", slip_context(request))
    return render(request, "sportsbook/slip.html", line_context(request, current="slip"))


@login_required
@require_POST
def slip_add(request):
    form = AddForm(request.POST)
    if not form.is_valid():
        return _error(request, _("That outcome is not in the line."))
    outcome = outcome_for_page(form.cleaned_data["outcome"])
    if outcome is None:
        return _error(request, _("That outcome is not in the line."))
    if len(session_slip.load(request.session).items) >= session_slip.MAX_ITEMS:
        return _error(
            request,
            _("A bet slip holds at most %(count)s outcomes.") % {"count": session_slip.MAX_ITEMS},
        )
    # The odds the button showed are the odds the player saw (SB §1.7).
    session_slip.add(request.session, outcome.pk, form.cleaned_data["odds"] or outcome.odds)
    return _slip_response(request)


@login_required
@require_POST
def slip_remove(request):
    form = OutcomeForm(request.POST)
    if not _in_slip(request, form):
        return _error(request, _("That outcome is not in your bet slip."))
    session_slip.remove(request.session, form.cleaned_data["outcome"])
    return _slip_response(request)


@login_required
@require_POST
def slip_banker(request):
    form = OutcomeForm(request.POST)
    if not _in_slip(request, form):
        return _error(request, _("That outcome is not in your bet slip."))
    session_slip.set_banker(
        request.session, form.cleaned_data["outcome"], request.POST.get("banker") == "on"
    )
    return _slip_response(request)


def _in_slip(request, form: OutcomeForm) -> bool:
    return (
        form.is_valid()
        and form.cleaned_data["outcome"] in session_slip.load(request.session).outcome_ids
    )


@login_required
@require_POST
def slip_clear(request):
    session_slip.clear(request.session)
    return _slip_response(request)


@login_required
@require_POST
def slip_system(request):
    """Choose N of the system; htmx gets the system section back with every combination and
    the stake per combination for the total typed (SB §2.4, E6)."""
    form = SystemForm(request.POST)
    if form.is_valid():
        session_slip.set_system_size(request.session, form.cleaned_data["system_size"])
    key = request.POST.get("idempotency_key", "")
    context = slip_context(
        request,
        keys={BetKind.SYSTEM: key if _is_uuid(key) else None},
        typed={BetKind.SYSTEM: request.POST.get("stake", "")[:20]},
    )
    if request.htmx:
        return render(request, "sportsbook/_slip_combos.html", context)
    return _slip_response(request)


@login_required
@require_POST
def slip_currency(request):
    form = CurrencyForm(request.POST)
    if not form.is_valid() or form.cleaned_data["currency"] not in wallet_currencies(request.user):
        return _error(
            request,
            _("You have no wallet in %(currency)s.")
            % {"currency": request.POST.get("currency", "")[:3]},
        )
    session_slip.set_currency(request.session, form.cleaned_data["currency"])
    return _slip_response(request)


@login_required
@require_POST
def slip_policy(request):
    settings_row, _created = BettorSettings.objects.get_or_create(player=request.user)
    form = OddsPolicyForm(request.POST, instance=settings_row)
    if form.is_valid():
        form.save()
    return _slip_response(request)


@login_required
@require_POST
def slip_place(request):
    """Place the singles, the express or the system of the slip (SB §2.1–§2.5)."""
    slip_now = slip_view(session_slip.load(request.session), request.user)
    if not slip_now.rows:
        placed = _placed_with(request)
        if placed:  # the form sent again after its bets emptied the slip: a double click
            return _slip_response(request, notices={"slip": placed})
        return _error(request, _("Your bet slip is empty."))
    kind = request.POST.get("kind", "")
    section = kind if kind in SECTIONS else "slip"
    form = PlaceForm(request.POST, outcome_ids=slip_now.outcome_ids, currency=slip_now.currency)
    if section == BetKind.SINGLE:
        typed = {
            section: {pk: request.POST.get(f"stake_{pk}", "")[:20] for pk in slip_now.outcome_ids}
        }
    else:
        typed = {section: request.POST.get("stake", "")[:20]}
    if not form.is_valid():
        errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
        return _slip_response(
            request,
            notices={section: [("error", text, None) for text in errors]},
            keys={section: request.POST.get("idempotency_key")}
            if _is_uuid(request.POST.get("idempotency_key", ""))
            else None,
            typed=typed,
        )
    data = form.cleaned_data
    key = str(data["idempotency_key"])
    seen = {
        row.outcome.pk: data["odds_seen"].get(row.outcome.pk, row.odds_seen)
        for row in slip_now.rows
    }
    rows = slip_now.rows
    if kind == BetKind.SINGLE:
        attempts = [
            (
                f"{key}:single:{row.outcome.pk}",
                [services.Selection(row.outcome.pk, seen[row.outcome.pk])],
                data["stakes"][row.outcome.pk],
                None,
                row,
            )
            for row in rows
            if row.outcome.pk in data["stakes"]
        ]
    else:
        selections = [
            services.Selection(
                row.outcome.pk, seen[row.outcome.pk], kind == BetKind.SYSTEM and row.banker
            )
            for row in rows
        ]
        attempts = [
            (
                f"{key}:{kind}",
                selections,
                data["stake_minor"],
                data.get("system_size") if kind == BetKind.SYSTEM else None,
                None,
            )
        ]
    notices, form_odds, accepted_odds = [], dict(seen), {}
    confirm = False
    for attempt_key, selections, stake, size, row in attempts:
        prefix = f"{row.outcome.label}: " if row is not None else ""
        try:
            bet, created = services.bet_place(
                player=request.user,
                kind=kind,
                selections=selections,
                stake=stake,
                currency=slip_now.currency,
                idempotency_key=attempt_key,
                system_size=size,
            )
        except services.OddsChanged as change:
            confirm = True
            for outcome_id, (_old, new) in change.changes.items():
                form_odds[outcome_id] = new
            labels = {r.outcome.pk: r.outcome.label for r in rows}
            changes = [(labels[pk], old, new) for pk, (old, new) in change.changes.items()]
            notices.append(("odds", prefix + str(change), changes))
            continue
        except services.BetRefused as refusal:
            notices.append(("error", prefix + str(refusal), None))
            continue
        accepted_odds.update({leg.outcome_id: leg.odds for leg in bet.legs.all()})
        text = (
            _("Bet №%(number)s accepted.") if created else _("Bet №%(number)s was already placed.")
        ) % {"number": bet.pk}
        notices.append(("success", prefix + text, bet))
    if accepted_odds:
        session_slip.set_odds_seen(request.session, accepted_odds)
    all_placed = notices and all(level == "success" for level, _t, _b in notices)
    # The selections a bet was placed on leave the slip (all of them for an express or a
    # system); what was refused, asked again or not staked stays, with its notices.
    left = session_slip.remove_placed(
        request.session, [bet for level, _t, bet in notices if level == "success"]
    )
    return _slip_response(
        request,
        keys={kind: None if all_placed else key},
        notices={kind if left.items else "slip": notices},
        form_odds={kind: form_odds},
        typed={} if all_placed else typed,
        confirm={kind: confirm},
    )


def _placed_with(request) -> list:
    """The success notices of the bets this form's key already placed (its idempotency key, as
    bet_place stores it): a form sent again once its bets emptied the slip is told so."""
    key = request.POST.get("idempotency_key", "")
    if not _is_uuid(key):
        return []
    bets = Bet.objects.filter(
        player=request.user, idempotency_key__startswith=f"{request.user.pk}:{uuid.UUID(key)}:"
    ).order_by("pk")
    return [
        ("success", _("Bet №%(number)s was already placed.") % {"number": bet.pk}, bet)
        for bet in bets
    ]


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


# --- settings and my bets -----------------------------------------------------------------------


@login_required
def bettor_settings(request):
    settings_row = BettorSettings.objects.filter(player=request.user).first() or BettorSettings(
        player=request.user
    )
    if request.method == "POST":
        form = BettorSettingsForm(request.POST, instance=settings_row)
        if form.is_valid():
            form.save()
            messages.success(request, _("Your betting settings are saved."))
            return redirect("sportsbook:settings")
    else:
        form = BettorSettingsForm(instance=settings_row)
    return render(
        request, "sportsbook/settings.html", line_context(request, form=form, current="settings")
    )


@login_required
def my_bets(request):
    settled = request.GET.get("state") == "settled"
    bets = bets_of(request.user, settled=settled)
    event_id = request.GET.get("event", "")[:20]
    if is_id(event_id):
        bets = bets.filter(legs__outcome__market__event_id=int(event_id)).distinct()
    context = line_context(
        request, bets=bets[:200], settled=settled, current="my_bets", event_filter=event_id
    )
    return render(request, "sportsbook/my_bets.html", context)


@login_required
def bet_detail(request, bet_id: int):
    bet = bet_of(request.user, bet_id)
    if bet is None:
        raise Http404
    return render(request, "sportsbook/bet.html", line_context(request, bet=bet, current="my_bets"))
