"""Registration (CG §122): registering pays the entry fee into the tournament's escrow,
unregistering before the start refunds it, withdrawing from a running tournament."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import format_amount
from casino.models import Player, TransferKind
from tables import services as table_services
from tables.tournament import bracket
from tables.tournament.models import (
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)
from tables.tournament.services.advance import _walkover
from tables.tournament.services.base import TournamentError, _announce, _locked
from tables.tournament.services.matches import _after_commit

log = logging.getLogger(__name__)


def _live_entry(tournament: Tournament, player: Player) -> TournamentEntry | None:
    return (
        TournamentEntry.objects.select_for_update()
        .filter(tournament=tournament, player=player)
        .exclude(status=EntryStatus.UNREGISTERED)
        .first()
    )


def registration_refusal(tournament: Tournament, now: dt.datetime) -> str | None:
    """Why nobody may register now (None: they may)."""
    if tournament.status != TournamentStatus.REGISTERING:
        return _("Registration for this tournament is over.")
    closes = tournament.registration_closes  # what the page says (issue 45)
    if now >= closes:
        return _("Registration for this tournament closed at %(when)s.") % {
            "when": closing_time(closes)
        }
    registered = tournament.entries.filter(status=EntryStatus.REGISTERED).count()
    if registered >= tournament.max_entrants:
        return _("The tournament is full.")
    return None


def closing_time(when: dt.datetime) -> str:
    """A closing time as the tournament page writes it: with its seconds when it has any, so
    the page and a refusal never disagree about the minute (issue 45)."""
    local = timezone.localtime(when)
    return local.strftime("%d.%m.%Y %H:%M:%S" if local.second else "%d.%m.%Y %H:%M")


def tournament_register(
    *, tournament_id: int, player: Player, now: dt.datetime | None = None
) -> TournamentEntry:
    """Register the player and pay the entry fee into the tournament's escrow (§125.3: the
    tournament is played by those who paid), in one transaction under the tournament's lock.
    Registering twice (a double click) is refused and books nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        refusal = registration_refusal(tournament, now)
        if refusal:
            raise TournamentError(refusal)
        if _live_entry(tournament, player) is not None:
            raise TournamentError(_("You are registered for this tournament already."))
        try:
            with transaction.atomic():
                entry = TournamentEntry.objects.create(
                    tournament=tournament, player=player, fee=tournament.entry_fee
                )
        except IntegrityError as clash:  # a concurrent click registered first
            raise TournamentError(_("You are registered for this tournament already.")) from clash
        try:
            ledger.stake_to_escrow(
                player=player,
                amount=tournament.entry_fee,
                currency=tournament.currency,
                escrow_reference=tournament.escrow_reference,
                idempotency_key=f"tournament:{tournament.pk}:fee:{entry.pk}",
                memo=_("Entry fee: %(name)s") % {"name": tournament.name},
            )
        except ledger.InsufficientFunds as refusal:
            raise TournamentError(
                _("You need %(amount)s for the entry fee.")
                % {"amount": format_amount(tournament.entry_fee, tournament.currency)}
            ) from refusal
        except (ledger.LedgerError, limits.StakeRefused) as refusal:
            raise TournamentError(str(refusal)) from refusal
        _count_down(tournament, now)
        _announce(tournament)
        return entry


def _count_down(tournament: Tournament, now: dt.datetime) -> None:
    """Issue 26: a tournament set to start once its minimum has registered counts down from
    the registration that reaches it (the due job starts it when the countdown ends); an
    unregistration that loses the minimum stops the countdown. Call holding its lock."""
    if tournament.start_after_minimum_seconds is None:
        return
    registered = tournament.entries.filter(status=EntryStatus.REGISTERED).count()
    reached = registered >= max(tournament.min_entrants, bracket.MIN_ENTRANTS)
    if reached and tournament.countdown_ends_at is None:
        seconds = tournament.start_after_minimum_seconds
        tournament.countdown_ends_at = now + dt.timedelta(seconds=seconds)
    elif not reached:
        tournament.countdown_ends_at = None
    tournament.save(update_fields=["countdown_ends_at"])


def _refund(tournament: Tournament, entry: TournamentEntry, kind: str) -> None:
    ledger.escrow_pay_out(
        escrow_reference=tournament.escrow_reference,
        currency=tournament.currency,
        payouts=[(entry.player, entry.fee)],
        idempotency_key=f"tournament:{tournament.pk}:{kind}:{entry.pk}",
        kind=TransferKind.REFUND,
        memo=_("Entry fee refunded: %(name)s") % {"name": tournament.name},
    )


def tournament_unregister(
    *, tournament_id: int, player: Player, now: dt.datetime | None = None
) -> TournamentEntry:
    """Before the start a player may take his entry back: the fee is refunded (issue 16)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != TournamentStatus.REGISTERING:
            raise TournamentError(
                _("The tournament has started: you may withdraw, but the fee is not refunded.")
            )
        entry = _live_entry(tournament, player)
        if entry is None:
            raise TournamentError(_("You are not registered for this tournament."))
        entry.status = EntryStatus.UNREGISTERED
        entry.left_at = now
        entry.save(update_fields=["status", "left_at"])
        _refund(tournament, entry, "refund")
        _count_down(tournament, now)
        _announce(tournament)
        return entry


def tournament_withdraw(*, tournament_id: int, player: Player, now: dt.datetime | None = None):
    """D11: a player who withdraws after the start keeps no claim on his fee; the player he
    meets advances. A match in play is left through the table actor (the table forfeits it
    and its listener advances the other player); a match not opened yet is a walkover."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != TournamentStatus.RUNNING:
            raise TournamentError(_("Only a running tournament can be withdrawn from."))
        entry = _live_entry(tournament, player)
        if entry is None or entry.status != EntryStatus.REGISTERED or entry.out:
            raise TournamentError(_("You are not playing in this tournament any more."))
        entry.status = EntryStatus.WITHDRAWN
        entry.left_at = now
        entry.save(update_fields=["status", "left_at"])
        matches = list(_undecided_matches_of(tournament, entry))
        table_id = None
        for match in matches:
            if match.status == MatchStatus.OPEN:
                table_id = match.table_id
            elif match.entry_a_id and match.entry_b_id:
                _walkover(tournament, match, now)
        _after_commit(tournament)
    if table_id is not None:
        try:
            table_services.table_leave(table_id=table_id, player=player, now=now)
        except table_services.TableError:
            # not seated there (any more): the match's own clocks and absence limit decide it
            log.warning("tournament %s: player %s withdrew, not seated", tournament_id, player.pk)


def _undecided_matches_of(tournament: Tournament, entry: TournamentEntry):
    return (
        TournamentMatch.objects.filter(tournament=tournament)
        .filter(Q(entry_a=entry) | Q(entry_b=entry))
        .filter(status__in=(MatchStatus.WAITING, MatchStatus.OPEN))
        .select_related("entry_a", "entry_b")
    )
