"""What every part of a tournament's writes uses: its refusal (``TournamentError``), taking the
tournament's lock, a player's part in a match, its matches, closing its escrow and telling its
page."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from casino import ledger
from casino.realtime import group_send_all
from tables.outbox import PIT_GROUP
from tables.tournament.models import (
    Tournament,
    TournamentMatch,
)

# a player's part in a match at its table (TournamentMatch.turnout, issue 45)
PLAYED, CAME, ABSENT = "played", "came", "absent"


class TournamentError(Exception):
    """A request the tournament refuses; str() is a sentence for that player alone."""


# --- registration -------------------------------------------------------------------------------


def _locked(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise TournamentError(_("There is no such tournament."))
    return tournament


def _close_escrow(tournament: Tournament) -> None:
    ledger.escrow_account(tournament.escrow_reference, tournament.currency)
    ledger.escrow_close(escrow_reference=tournament.escrow_reference, currency=tournament.currency)


def _matches(tournament: Tournament):
    return TournamentMatch.objects.filter(tournament=tournament).select_related(
        "entry_a", "entry_b", "entry_a__player", "entry_b__player"
    )


def _announce(tournament: Tournament) -> None:
    """Its bracket's watchers and the pit boss's floor hear of the change."""
    message = {"type": "tournament.changed", "tournament": tournament.pk}
    floor = {"type": "pit.tournament", "tournament": tournament.pk}
    transaction.on_commit(
        lambda: group_send_all([(tournament.group_name, message), (PIT_GROUP, floor)]),
        robust=True,
    )
