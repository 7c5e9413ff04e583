"""The floor's tables tab: a tile per table and per tournament on the floor, kept live over the
`pit` group (tables.consumers.PitConsumer), never by polling."""

from django.contrib.auth.decorators import login_required, permission_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from floor.alerts import open_alert_counts, open_alerts
from tables import selectors
from tables.engines.registry import registered_games
from tables.presentation import presentation_for
from tables.tournament.selectors import pit_tournaments


@require_GET
@login_required
@permission_required(selectors.PIT_PERMISSION, raise_exception=True)
def floor_tables(request):
    """Every table live: game, limits, status, each seat (player, money in play, connected or
    away and since when, its clock), the pot, the hand, hands in the last hour, the last action,
    the staff acts; filters by game and status, sorted by activity or money in play; and the
    tournaments registering or running with their match tables; the open alerts (they arrive
    live over the same socket)."""
    counts = open_alert_counts()
    tables = [{**t, "open_alerts": counts.get(t["id"], 0)} for t in selectors.pit_rows()]
    context = {
        "floor_tab": "tables",
        "tables": tables,
        "tournaments": pit_tournaments(),
        "games": [(game, presentation_for(game).label) for game in registered_games()],
        "alerts": open_alerts(),
        "next": request.get_full_path(),
    }
    return render(request, "floor/tables.html", context)
