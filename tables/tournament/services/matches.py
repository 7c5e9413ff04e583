"""Matches at tables: a match's table settings, opening the matches whose players are known, the
notices summoning the players, seating them through the actor, and what runs after commit."""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation

from casino import limits, notices
from tables import services as table_services
from tables.models import Table
from tables.tournament.models import (
    STAGE_LABELS,
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentMatch,
    TournamentStatus,
)
from tables.tournament.services.advance import _walkover
from tables.tournament.services.base import _announce, _locked, _matches

log = logging.getLogger(__name__)

SEATED_BY = "tournament"


# --- matches at tables --------------------------------------------------------------------------


def match_table_settings(tournament: Tournament, match: TournamentMatch) -> dict:
    """A match's table: no stake (the entry fees are the money, §126), the stage's wins
    (§124), the tournament's clocks (D13), and one match only."""
    return {
        "stake": 0,
        "wins_to_win": match.wins_to_win,
        "action_seconds": tournament.action_seconds,
        "grace_seconds": tournament.grace_seconds,
        "absence_seconds": tournament.absence_seconds,
        "close_after_session": True,
        "tournament": tournament.pk,
    }


def tournament_open_matches(*, tournament_id: int, now: dt.datetime | None = None) -> int:
    """Open a table for each match whose two players are known, and seat them there through
    the actor (they count as away until their sockets connect, so a no-show runs out by the
    match's absence limit, D11/D13). Returns how many matches were opened."""
    now = now or timezone.now()
    opened = 0
    while True:
        with transaction.atomic():
            tournament = _locked(tournament_id)
            if tournament.status != TournamentStatus.RUNNING:
                return opened
            match = (
                _matches(tournament)
                .filter(status=MatchStatus.WAITING, entry_a__isnull=False, entry_b__isnull=False)
                .first()
            )
            if match is None:
                return opened
            if _withdraw_self_excluded(tournament, match, now):
                _after_commit(tournament, open_matches=False)
                continue
            with translation.override(settings.LANGUAGE_CODE):  # stored: the casino's language
                label = str(STAGE_LABELS.get(match.stage, match.stage))
            table = Table.objects.create(
                name=f"{tournament.name} · {label} {match.slot + 1}",
                game=tournament.game,
                currency=tournament.currency,
                settings=match_table_settings(tournament, match),
            )
            match.table = table
            match.status = MatchStatus.OPEN
            match.opened_at = now
            match.save(update_fields=["table", "status", "opened_at"])
            _post_notices(tournament, match)
            _after_commit(tournament, open_matches=False)
        _seat(match)
        _summon(match)
        opened += 1


def _withdraw_self_excluded(
    tournament: Tournament, match: TournamentMatch, now: dt.datetime
) -> bool:
    """A player who has excluded himself from play since he registered cannot be seated: he
    is withdrawn (D11) and the match is a walkover. Returns whether that decided the match."""
    excluded = [e for e in match.entries if limits.is_self_excluded(e.player)]
    for entry in excluded:
        entry.status = EntryStatus.WITHDRAWN
        entry.left_at = now
        entry.save(update_fields=["status", "left_at"])
    if excluded:
        _walkover(tournament, match, now)
    return bool(excluded)


NOTICE_TEMPLATE = "tables/tournament/_notice.html"


def _post_notices(tournament: Tournament, match: TournamentMatch) -> None:
    """Issue 45: each player of a match that opens is told where to come, on every page he
    has open (casino.notices); posted with the match, sent once the table has seated them."""
    url = reverse("tournament_match_play", args=[tournament.pk, match.pk])
    for entry, other in ((match.entry_a, match.entry_b), (match.entry_b, match.entry_a)):
        notices.notice_post(
            player_id=entry.player_id,
            key=match.notice_key,
            template=NOTICE_TEMPLATE,
            context={
                "tournament": tournament.name,
                "stage": match.stage,
                "opponent": other.player.shown_name,
                "table": match.table_id,
            },
            url=url,
        )


def _summon(match: TournamentMatch, now: dt.datetime | None = None) -> None:
    """Send the match's notices to its players and count each one's absence (D13) from when
    his was first sent, not from when the table seated him (issue 45)."""
    sent = notices.notices_send(key=match.notice_key, now=now)
    players = {e.player_id: e.player for e in match.entries}
    for player_id, when in sent.items():
        if player_id not in players:
            continue
        try:
            table_services.table_presence(
                table_id=match.table_id, player=players[player_id], change="summoned", now=when
            )
        except table_services.TableError:
            log.exception("tournament match %s: the summons could not be noted", match.pk)


def _seat(match: TournamentMatch) -> None:
    try:
        table_services.table_seat_assign(
            table_id=match.table_id,
            players=[match.entry_a.player, match.entry_b.player],
            by=SEATED_BY,
        )
    except table_services.TableError:
        log.exception("tournament match %s: its players could not be seated", match.pk)


def _open_matches_by_id(match_ids: set[int]) -> list[TournamentMatch]:
    if not match_ids:
        return []
    return list(
        TournamentMatch.objects.filter(pk__in=match_ids, status=MatchStatus.OPEN)
        .exclude(table__isnull=True)
        .select_related("entry_a__player", "entry_b__player")
    )


# --- after commit -------------------------------------------------------------------------------


def _after_commit(tournament: Tournament, *, open_matches: bool = True) -> None:
    """After commit: open the matches that are ready (the tables are seated outside the
    tournament's lock) and tell the bracket's watchers."""
    tournament_id = tournament.pk
    if open_matches and tournament.status == TournamentStatus.RUNNING:
        transaction.on_commit(
            lambda: tournament_open_matches(tournament_id=tournament_id), robust=True
        )
    _announce(tournament)
