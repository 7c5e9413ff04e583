"""Player pages: sign-up, profile, lobby, cashier, responsible-gaming limits.

Views parse, call one service, render (HackSoft style); money moves only through casino.ledger.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from casino import ledger, limits
from casino.currencies import Currency, format_amount
from casino.forms import LimitForm, ProfileForm, SelfExclusionForm, SignUpForm, TopUpForm
from casino.models import AccountKind, Entry, GamingLimit, LimitKind
from casino.references import url_for

STATEMENT_PAGE_SIZE = 25
LOBBY_EVENTS = 6  # sportsbook events shown in the lobby


def _remember_language(response: HttpResponse, language: str) -> HttpResponse:
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
    translation.activate(language)
    return response


class CasinoLoginView(LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        return _remember_language(response, form.get_user().language)


def signup(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        login(request, player, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome to the casino, %(name)s!") % {"name": player.shown_name}
        )
        return _remember_language(redirect("lobby"), player.language)
    return render(request, "registration/signup.html", {"form": form})


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("Profile saved."))
        return _remember_language(redirect("profile"), player.language)
    return render(request, "casino/profile.html", {"form": form})


@require_POST
def language_switch(request):
    """Django's set_language, plus: a logged-in player's choice is kept in their profile."""
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        request.user.language = language
        request.user.save(update_fields=["language"])
    return set_language(request)


@login_required
def lobby(request):
    from sportsbook.line.selectors import events_list
    from tables.selectors import lobby_tables
    from tables.tournament.selectors import player_open_matches, tournaments_by_status

    # live events first, then the next to start
    live = list(events_list(live=True)[:LOBBY_EVENTS])
    upcoming = (
        list(events_list(live=False)[: LOBBY_EVENTS - len(live)])
        if len(live) < LOBBY_EVENTS
        else []
    )
    return render(
        request,
        "casino/lobby.html",
        {
            "lobby_tables": lobby_tables(),
            "lobby_events": live + upcoming,
            # issue 45: the player's open matches, and the tournaments taking entries
            "my_matches": player_open_matches(request.user),
            "lobby_tournaments": tournaments_by_status()["upcoming"],
        },
    )


@login_required
def cashier(request):
    currency = request.GET.get("currency", "")
    if currency not in Currency.values:
        currency = ""
    entries = (
        Entry.objects.filter(account__kind=AccountKind.WALLET, account__owner=request.user)
        .select_related("transfer")
        .order_by("-created_at", "-pk")
    )
    if currency:
        entries = entries.filter(currency=currency)
    page = Paginator(entries, STATEMENT_PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [(entry, url_for(entry.transfer.reference)) for entry in page.object_list]
    topup_form = TopUpForm.fresh(initial={"currency": request.user.preferred_currency})
    context = {
        "balances": ledger.balances_of(request.user),
        "page": page,
        "rows": rows,
        "currency": currency,
        "currencies": Currency.choices,
        "topup_form": topup_form,
    }
    template = "casino/_statement.html" if request.htmx and request.GET.get("page") else None
    return render(request, template or "casino/cashier.html", context)


@login_required
@require_POST
def topup(request):
    """Play money in demo mode only (DEBUG or DEMO=1)."""
    if not settings.DEMO_MODE:
        return HttpResponse(_("Play money is only available in demo mode."), status=403)
    form = TopUpForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("cashier")
    data = form.cleaned_data
    try:
        result = ledger.cashier_deposit(
            player=request.user,
            amount=data["amount_minor"],
            currency=data["currency"],
            idempotency_key=f"topup:{request.user.pk}:{data['idempotency_key']}",
            memo="",
            play_money=True,
        )
    except (ledger.LedgerError, limits.StakeRefused) as refusal:
        messages.error(request, str(refusal))
    else:
        if result.created:
            messages.success(
                request,
                _("%(amount)s of play money added.")
                % {"amount": format_amount(data["amount_minor"], data["currency"])},
            )
        else:
            messages.info(request, _("This top-up was already made; nothing was added twice."))
    return redirect("cashier")


@login_required
def gaming_limits(request):
    player = request.user
    limit_form = LimitForm(
        request.POST if request.POST.get("form") == "limit" else None,
        initial={"currency": player.preferred_currency},
    )
    exclusion_form = SelfExclusionForm(
        request.POST if request.POST.get("form") == "exclude" else None
    )
    if request.method == "POST":
        if limit_form.is_bound and limit_form.is_valid():
            change = limits.limit_set(
                player=player,
                kind=limit_form.cleaned_data["kind"],
                currency=limit_form.cleaned_data["currency"],
                amount=limit_form.amount_minor(),
                by=player,
            )
            if change.immediate:
                messages.success(request, _("The limit applies now."))
            else:
                messages.info(
                    request,
                    _("A higher limit or no limit takes effect after 24 hours, at %(when)s.")
                    % {"when": change.effective_from.strftime("%d.%m.%Y %H:%M")},
                )
            return redirect("limits")
        if exclusion_form.is_bound and exclusion_form.is_valid():
            try:
                limits.self_exclusion_set(
                    player=player, until=exclusion_form.cleaned_data["until"], by=player
                )
            except limits.StakeRefused as refusal:
                messages.error(request, str(refusal))
            else:
                messages.success(request, _("You are excluded from play until the chosen date."))
            return redirect("limits")
    rows = []
    for kind, label in LimitKind.choices:
        for currency in Currency.values:
            limit = GamingLimit.objects.filter(player=player, kind=kind, currency=currency).first()
            if limit is None:
                continue
            limits.effective_limit(player, kind, currency)
            limit.refresh_from_db()
            used = (
                limits.deposits_today(player, currency)
                if kind == LimitKind.DEPOSIT
                else limits.loss_today(player, currency)
            )
            rows.append({"label": label, "currency": currency, "limit": limit, "used": used})
    return render(
        request,
        "casino/limits.html",
        {
            "limit_form": limit_form,
            "exclusion_form": exclusion_form,
            "rows": rows,
            "self_excluded": limits.is_self_excluded(player),
        },
    )


def home(request):
    return redirect(reverse("lobby") if request.user.is_authenticated else reverse("login"))
