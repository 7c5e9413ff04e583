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
from tables.tournament.models import MatchStatus, Tournament, TournamentMatch, TournamentStatus


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
        "registration_closes": services.closing_time(tournament.registration_closes),
        "starts": services.closing_time(tournament.effective_start),
        "running": tournament.status == TournamentStatus.RUNNING,
        "my_matches": selectors.player_open_matches(request.user, tournament),
    }
    return render(request, "tables/tournament/detail.html", context)


@require_GET
@login_required
def tournament_match_play(request, tournament_id: int, match_id: int):
    """A notice's "Play" link (issue 45): to the match's table while it is open; once decided
    (a stale banner, an old tab) a sentence with its result on the tournament's page."""
    match = get_object_or_404(
        TournamentMatch.objects.select_related("entry_a__player", "entry_b__player"),
        pk=match_id,
        tournament_id=tournament_id,
    )
    if match.status == MatchStatus.OPEN and match.table_id:
        return redirect(reverse("table", args=[match.table_id]))
    if match.decided:
        messages.info(
            request,
            _("This match is decided already: %(result)s.")
            % {"result": selectors.match_result(match)},
        )
    else:
        messages.info(
            request, _("This match has no table yet: its players are told when it opens.")
        )
    return redirect(reverse("tournament", args=[tournament_id]))


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
