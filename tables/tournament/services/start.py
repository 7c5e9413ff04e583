"""The start (section 5, D1, §126, D10): cancelled with every fee refunded below the minimum of
entrants, else the draw and the casino's share; and the due job that starts tournaments and opens
their matches (``tournament_due``)."""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger
from casino.models import Notice
from tables.tournament import bracket
from tables.tournament.models import (
    NOTICE_KEY_PREFIX,
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)
from tables.tournament.services.advance import _decide
from tables.tournament.services.base import _close_escrow, _locked, _matches
from tables.tournament.services.matches import (
    _after_commit,
    _open_matches_by_id,
    _summon,
    tournament_open_matches,
)
from tables.tournament.services.registration import _refund

# --- the start ----------------------------------------------------------------------------------


def tournament_start(*, tournament_id: int, now: dt.datetime | None = None) -> bool:
    """At the start time: cancel with every fee refunded below the minimum (section 5), else
    draw the bracket (D1), book the casino's share (§126) and open the first matches. Returns
    whether anything was done (False: not due, or done already)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != TournamentStatus.REGISTERING or tournament.effective_start > now:
            return False
        entries = list(
            tournament.entries.filter(status=EntryStatus.REGISTERED)
            .select_related("player")
            .order_by("pk")
        )
        if len(entries) < max(tournament.min_entrants, bracket.MIN_ENTRANTS):
            _cancel(tournament, entries, now)
        else:
            _draw_and_start(tournament, entries, now)
        _after_commit(tournament)
    return True


def _cancel(tournament: Tournament, entries: list[TournamentEntry], now: dt.datetime) -> None:
    for entry in entries:
        entry.status = EntryStatus.REFUNDED
        entry.left_at = now
        entry.save(update_fields=["status", "left_at"])
        _refund(tournament, entry, "cancelled")
    tournament.status = TournamentStatus.CANCELLED
    tournament.ended_at = now
    tournament.save(update_fields=["status", "ended_at"])
    _close_escrow(tournament)


def _draw_and_start(
    tournament: Tournament, entries: list[TournamentEntry], now: dt.datetime
) -> None:
    ids = [entry.pk for entry in entries]
    # D1: the draw follows from the secret committed to at creation and the entrants
    draw = bracket.make_draw(ids, random.Random(bracket.draw_seed(tournament.draw_secret, ids)))
    size = draw.size
    total = sum(entry.fee for entry in entries)
    casino_share, fund = bracket.fund_split(total, tournament.casino_percent)
    if casino_share:  # §126: the casino's share of the entry fees, booked at the start
        ledger.commission_take(
            escrow_reference=tournament.escrow_reference,
            currency=tournament.currency,
            amount=casino_share,
            idempotency_key=f"tournament:{tournament.pk}:casino",
            memo=_("Casino's share: %(name)s") % {"name": tournament.name},
        )
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = now
    tournament.bracket_size = size
    tournament.draw_record = draw.record()
    tournament.casino_share = casino_share
    tournament.prize_fund = fund
    tournament.save(
        update_fields=[
            "status",
            "started_at",
            "bracket_size",
            "draw_record",
            "casino_share",
            "prize_fund",
        ]
    )
    by_id = {entry.pk: entry for entry in entries}
    matches = []
    for round_number in range(bracket.rounds_of(size)):
        stage = bracket.stage_of(size, round_number)
        for slot in range(bracket.players_in_round(size, round_number) // 2):
            matches.append(
                TournamentMatch(
                    tournament=tournament,
                    round_number=round_number,
                    slot=slot,
                    stage=stage,
                    wins_to_win=bracket.WINS_BY_STAGE[stage],
                )
            )
    if bracket.has_third_place_match(size, len(entries)):
        matches.append(
            TournamentMatch(
                tournament=tournament,
                round_number=bracket.rounds_of(size) - 1,
                slot=1,
                stage=bracket.THIRD_PLACE,
                wins_to_win=bracket.WINS_BY_STAGE[bracket.THIRD_PLACE],
            )
        )
    for slot, (a, b) in enumerate(draw.pairs):
        matches[slot].entry_a = by_id[a]
        matches[slot].entry_b = by_id[b] if b is not None else None
    TournamentMatch.objects.bulk_create(matches)
    for match in _matches(tournament).filter(round_number=0, entry_b__isnull=True):
        _decide(tournament, match, match.entry_a, status=MatchStatus.BYE, reason="bye", now=now)


def tournament_due(now: dt.datetime | None = None) -> int:
    """The due job: start (or cancel) every tournament whose start time has come, and open any
    match whose players are known but which has no table yet (a process that stopped between
    a match's end and the next one's opening). Returns how many things were done."""
    now = now or timezone.now()
    done = 0
    due = Tournament.objects.filter(status=TournamentStatus.REGISTERING).filter(
        Q(starts_at__lte=now) | Q(countdown_ends_at__lte=now)
    )
    for tournament_id in due.values_list("pk", flat=True):
        done += tournament_start(tournament_id=tournament_id, now=now)
    waiting = TournamentMatch.objects.filter(
        tournament__status=TournamentStatus.RUNNING,
        status=MatchStatus.WAITING,
        entry_a__isnull=False,
        entry_b__isnull=False,
    )
    for tournament_id in set(waiting.values_list("tournament_id", flat=True)):
        done += tournament_open_matches(tournament_id=tournament_id, now=now)
    # a match opened but its notices not sent (the process stopped in between): send them now
    unsent = Notice.objects.filter(
        key__startswith=NOTICE_KEY_PREFIX, sent_at__isnull=True, closed_at__isnull=True
    ).values_list("key", flat=True)
    match_ids = {int(key.removeprefix(NOTICE_KEY_PREFIX)) for key in unsent}
    for match in _open_matches_by_id(match_ids):
        _summon(match)
        done += 1
    return done
