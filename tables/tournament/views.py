"""Tournament pages: the lobby of tournaments, one tournament's page (its terms, registering
and unregistering with the fee shown, withdrawing, the live bracket, results and prizes)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from casino.currencies import format_amount
from tables.tournament import selectors, services
from tables.tournament.models import Tournament, TournamentStatus


@require_GET
@login_required
def tournament_list(request):
    return render(request, "tables/tournament/list.html", selectors.tournaments_by_status())


def tournament_context(tournament: Tournament) -> dict:
    return {
        "tournament": tournament,
        "rounds": selectors.bracket_rounds(tournament),
        "prizes": selectors.prize_table(tournament),
    }


@require_GET
@login_required
def tournament_detail(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    entry = selectors.entry_of(tournament, request.user)
    context = {
        **tournament_context(tournament),
        "entry": entry,
        "entries": selectors.live_entries(tournament),
        "fee": format_amount(tournament.entry_fee, tournament.currency),
        "registration_refusal": services.registration_refusal(tournament, timezone.now()),
        "running": tournament.status == TournamentStatus.RUNNING,
    }
    return render(request, "tables/tournament/detail.html", context)


ACTS = {
    "register": (
        services.tournament_register,
        gettext_lazy("You are registered; the entry fee is paid."),
    ),
    "unregister": (
        services.tournament_unregister,
        gettext_lazy("Your registration is cancelled and the fee refunded."),
    ),
    "withdraw": (services.tournament_withdraw, gettext_lazy("You have withdrawn.")),
}


@require_POST
@login_required
def tournament_act(request, tournament_id: int, act: str):
    """Register, unregister or withdraw; a refusal is a message for this player only."""
    get_object_or_404(Tournament, pk=tournament_id)
    if act not in ACTS:
        messages.error(request, _("Unknown request."))
    else:
        service, done = ACTS[act]
        try:
            service(tournament_id=tournament_id, player=request.user)
        except services.TournamentError as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, str(done))
    return redirect(reverse("tournament", args=[tournament_id]))
