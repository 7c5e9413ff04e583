"""The bracket moving on: deciding a match, placing its winner, walkovers, and the finish that pays
the prizes (§127, D8, D9, D12) or voids a tournament nobody played."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from casino import ledger, notices
from casino.models import HousePurpose, TransferKind
from tables.tournament import bracket
from tables.tournament.models import (
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)
from tables.tournament.services.base import PLAYED, _close_escrow, _matches

# --- the bracket moving on ----------------------------------------------------------------------


def _decide(
    tournament: Tournament,
    match: TournamentMatch,
    winner: TournamentEntry | None,
    *,
    status: str,
    reason: str,
    now: dt.datetime,
    score: list[int] | None = None,
    turnout: dict | None = None,
) -> None:
    """The match is decided: the winner advances at once to his next match (D1), the loser is
    placed (and a semi-final loser goes to the third-place match, §124); when every match is
    decided the prizes are paid (§127). ``winner`` None (issue 45): nobody wins it (neither
    player came, or nobody reached it); its players are both out, placed as its losers, and a
    semi-final's pair does not play the third-place match (4th). Call holding the tournament's
    lock."""
    match.winner = winner
    match.status = status
    match.reason = reason
    match.score = score
    match.finished_at = now
    # a match decided away from its table (a withdrawal, staff) keeps what its table recorded
    match.turnout = turnout if turnout is not None else (match.turnout or {})
    match.save(update_fields=["winner", "status", "reason", "score", "finished_at", "turnout"])
    notices.notice_close(key=match.notice_key, now=now)
    losers = [e for e in match.entries if winner is None or e.pk != winner.pk]
    size = tournament.bracket_size
    final_round = bracket.rounds_of(size) - 1
    third_place = _matches(tournament).filter(stage=bracket.THIRD_PLACE).first()
    if match.stage == bracket.THIRD_PLACE:
        _place(winner, 3)
        for loser in losers:
            _place(loser, 4)
    elif match.round_number == final_round:
        _place(winner, 1)
        for loser in losers:
            _place(loser, 2)
    else:
        if match.stage == bracket.SEMI_FINAL and third_place is not None:
            if winner is not None and losers:
                _fill(tournament, third_place, match.slot % 2, losers[0], now)
            else:  # nobody to send: the third-place match's side is settled empty
                for loser in losers:
                    _place(loser, 4)
                _fill(tournament, third_place, match.slot % 2, None, now)
        else:
            for loser in losers:
                _place(loser, bracket.loser_place(size, match.round_number))
        following = _matches(tournament).get(
            round_number=match.round_number + 1, slot=match.slot // 2
        )
        _fill(tournament, following, match.slot % 2, winner, now)
    if not _matches(tournament).exclude(
        status__in=(MatchStatus.FINISHED, MatchStatus.BYE, MatchStatus.WALKOVER)
    ):
        _finish(tournament, now)


def _place(entry: TournamentEntry | None, place: int) -> None:
    if entry is None:
        return
    entry.place = place
    entry.out = True
    entry.save(update_fields=["place", "out"])


def _fill(
    tournament: Tournament,
    match: TournamentMatch,
    side: int,
    entry: TournamentEntry | None,
    now: dt.datetime,
) -> None:
    """Put the entry on its side of the match (None: nobody comes from that side); once both
    are known the match opens (after commit, ``tournament_open_matches``), or is a walkover if
    one of them withdrew (D11); once both sides are settled with one player or none it is
    decided without being played (issue 45)."""
    if entry is not None:
        if side == 0:
            match.entry_a = entry
        else:
            match.entry_b = entry
        match.save(update_fields=["entry_a" if side == 0 else "entry_b"])
    if match.entry_a_id and match.entry_b_id:
        _walkover(tournament, match, now)
    elif match.status == MatchStatus.WAITING and all(
        feeder.decided for feeder in _feeders(tournament, match)
    ):
        alone = match.entries
        if alone:  # nobody came out of the other match: he goes through unopposed
            walkover = MatchStatus.WALKOVER
            _decide(tournament, match, alone[0], status=walkover, reason="unopposed", now=now)
        else:
            _decide(tournament, match, None, status=MatchStatus.WALKOVER, reason="nobody", now=now)


def _feeders(tournament: Tournament, match: TournamentMatch) -> list[TournamentMatch]:
    """The matches whose players (winners; the semi-finals' losers for the third-place match)
    fill this one's sides; none for the first round."""
    if match.stage == bracket.THIRD_PLACE:
        return list(_matches(tournament).filter(stage=bracket.SEMI_FINAL))
    if match.round_number == 0:
        return []
    return list(
        _matches(tournament)
        .filter(round_number=match.round_number - 1, slot__in=(2 * match.slot, 2 * match.slot + 1))
        .exclude(stage=bracket.THIRD_PLACE)
    )


def _walkover(tournament: Tournament, match: TournamentMatch, now: dt.datetime) -> None:
    """D11: a player who withdrew loses the match he would play without it being opened."""
    withdrawn = [e for e in match.entries if e.status == EntryStatus.WITHDRAWN]
    if withdrawn and match.status == MatchStatus.WAITING:
        stays = next((e for e in match.entries if e.status != EntryStatus.WITHDRAWN), None)
        winner = stays or match.entry_a  # both withdrew: the first of the pair goes through
        _decide(tournament, match, winner, status=MatchStatus.WALKOVER, reason="withdrawn", now=now)


def played_entries(tournament: Tournament) -> set[int]:
    """The entries that made a move of their own at a table of the tournament (issue 45)."""
    played = set()
    for turnout in TournamentMatch.objects.filter(tournament=tournament).values_list(
        "turnout", flat=True
    ):
        played |= {int(entry) for entry, took in (turnout or {}).items() if took == PLAYED}
    return played


def _finish(tournament: Tournament, now: dt.datetime) -> None:
    """§127 after the final (and the third-place match): the fund paid to the places that
    exist (D8, D9), rounded down with the remainder to first place (D12); the escrow ends
    empty and is closed. Issue 45: a player who played no card in the whole tournament is
    paid nothing (his place's share goes to the others as D9 shares a place that does not
    exist); with nobody who played in a prize place, the tournament is void and every fee is
    refunded (``_void``)."""
    if tournament.status != TournamentStatus.RUNNING:  # finished by a match decided within
        return
    placed = list(
        tournament.entries.filter(place__isnull=False, place__lte=8)
        .select_related("player")
        .order_by("place", "pk")
    )
    played = played_entries(tournament)
    eligible = [entry.pk in played for entry in placed]
    if tournament.prize_fund and not any(eligible):
        _void(tournament, now)
        return
    shares = bracket.prize_shares(
        tournament.prize_fund, [entry.place for entry in placed], eligible=eligible
    )
    payouts = []
    for entry, prize in zip(placed, shares, strict=True):
        entry.prize = prize
        entry.save(update_fields=["prize"])
        if prize:
            payouts.append((entry.player, prize))
    if payouts:
        ledger.escrow_pay_out(
            escrow_reference=tournament.escrow_reference,
            currency=tournament.currency,
            payouts=payouts,
            idempotency_key=f"tournament:{tournament.pk}:prizes",
            memo=_("Prize: %(name)s") % {"name": tournament.name},
        )
    _close_escrow(tournament)
    tournament.status = TournamentStatus.FINISHED
    tournament.ended_at = now
    tournament.save(update_fields=["status", "ended_at"])


def _void(tournament: Tournament, now: dt.datetime) -> None:
    """Issue 45: nobody who played a card holds a prize place (nobody played at all): every
    entry fee paid at the start comes back whole, the casino's share (§126) out of the
    commission account and the fund out of the escrow, in one transfer (its key makes a
    retry book nothing)."""
    entries = list(
        tournament.entries.filter(status__in=(EntryStatus.REGISTERED, EntryStatus.WITHDRAWN))
        .select_related("player")
        .order_by("pk")
    )
    currency = tournament.currency
    legs = [(ledger.wallet_for(entry.player, currency), entry.fee) for entry in entries]
    if tournament.prize_fund:
        escrow = ledger.escrow_account(tournament.escrow_reference, currency)
        legs.append((escrow, -tournament.prize_fund))
    if tournament.casino_share:
        commission = ledger.house_account(HousePurpose.COMMISSION, currency)
        legs.append((commission, -tournament.casino_share))
    ledger.transfer_create(
        idempotency_key=f"tournament:{tournament.pk}:void",
        kind=TransferKind.REFUND,
        legs=legs,
        memo=_("Entry fee refunded, nobody played: %(name)s") % {"name": tournament.name},
        reference=tournament.escrow_reference,
    )
    _close_escrow(tournament)
    tournament.status = TournamentStatus.VOID
    tournament.ended_at = now
    tournament.save(update_fields=["status", "ended_at"])
