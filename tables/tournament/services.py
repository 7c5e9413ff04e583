"""A knock-out tournament's writes (CG §122–§127, ../shared/rules/durak-tournament.md).

Registration pays the entry fee into the tournament's escrow (``tournament:<id>``); unregistering
before the start refunds it; at the start time (a due job of the sweeper and of the in-process
clock) the tournament is cancelled with every fee refunded if it has fewer than its minimum of
entrants (section 5), else the draw is made (D1), the casino's share is booked (§126, D10) and
each match whose two players are known opens at a table of its own. The tournament never changes
a table itself: it seats the players through the actor (``table_seat_assign``), a withdrawing
player leaves through it (``table_leave``), and it hears each match's end from the table's
listener, inside the table's transaction (``on_table_news``), where the winner advances at once.
The prizes are paid out of the escrow when the last match is over (§127, D8, D9, D12).

Locks: the tournament row (SELECT ... FOR UPDATE) guards its entries and matches. A table's
change holds its table lock and then takes the tournament's (the listener), so nothing here
takes a table's lock while holding the tournament's: tables are seated and left after commit.
"""

from __future__ import annotations

import datetime as dt
import logging
import random

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from casino import ledger, limits, notices
from casino.currencies import format_amount
from casino.models import HousePurpose, Notice, Player, TransferKind
from casino.realtime import group_send_all
from tables import services as table_services
from tables.listeners import TableNews
from tables.models import Hand, Seat, Table, TableEvent
from tables.outbox import PIT_GROUP
from tables.tournament import bracket
from tables.tournament.models import (
    NOTICE_KEY_PREFIX,
    STAGE_LABELS,
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)

log = logging.getLogger(__name__)

SEATED_BY = "tournament"
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


def _close_escrow(tournament: Tournament) -> None:
    ledger.escrow_account(tournament.escrow_reference, tournament.currency)
    ledger.escrow_close(escrow_reference=tournament.escrow_reference, currency=tournament.currency)


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


def _matches(tournament: Tournament):
    return TournamentMatch.objects.filter(tournament=tournament).select_related(
        "entry_a", "entry_b", "entry_a__player", "entry_b__player"
    )


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


def _open_matches_by_id(match_ids: set[int]) -> list[TournamentMatch]:
    if not match_ids:
        return []
    return list(
        TournamentMatch.objects.filter(pk__in=match_ids, status=MatchStatus.OPEN)
        .exclude(table__isnull=True)
        .select_related("entry_a__player", "entry_b__player")
    )


# --- the table's listener -----------------------------------------------------------------------


def on_table_news(news: TableNews) -> None:
    """A table's change, inside its transaction: when a tournament's match is over, its winner
    advances at once (issue 16). A match voided by staff is played again at a new table."""
    if not news.hand_over or "tournament" not in news.table.settings:
        return
    match = (
        TournamentMatch.objects.filter(table_id=news.table.pk, status=MatchStatus.OPEN)
        .select_related("entry_a", "entry_b")
        .first()
    )
    if match is None:
        return
    result = news.hand_result or {}
    if not news.session_over:  # a game of the match is over: the bracket shows the score
        players = Hand.objects.get(pk=news.table.state["hand_id"]).players
        score = _score_by_side(match, players, result.get("score") or [])
        TournamentMatch.objects.filter(pk=match.pk).update(score=score)
        _announce(match.tournament)
        return
    tournament = _locked(match.tournament_id)
    match.refresh_from_db()
    if match.status != MatchStatus.OPEN:
        return
    seat = result.get("match_winner")
    if seat is None:  # voided: no winner; a fresh table for the same pair
        match.table = None
        match.status = MatchStatus.WAITING
        match.save(update_fields=["table", "status"])
        notices.notice_close(key=match.notice_key)
    else:
        players = Hand.objects.get(pk=news.table.state["hand_id"]).players
        winner_player = int(players[str(seat)])
        winner = next(e for e in match.entries if e.player_id == winner_player)
        reason = _reason(result)
        turnout = _turnout(news, match, players)
        if reason != "left" and turnout[str(winner.pk)] == ABSENT:
            # issue 45 (D11, D13): the clock would give the match to a player who never came;
            # neither wins it by playing nothing
            winner, reason = None, "no_show"
        _decide(
            tournament,
            match,
            winner,
            status=MatchStatus.FINISHED,
            reason=reason,
            score=_score_by_side(match, players, result.get("score") or []),
            now=timezone.now(),
            turnout=turnout,
        )
    _after_commit(tournament)


def _turnout(news: TableNews, match: TournamentMatch, players: dict) -> dict[str, str]:
    """Each side's part in the match at its table (issue 45): "played" (made a move of his
    own, this change's included), "came" (a socket of his opened the table), else "absent"."""
    table = news.table
    movers = set(
        TableEvent.objects.filter(
            table=table, cause=TableEvent.Cause.PLAYER, step=TableEvent.Step.ENGINE
        ).values_list("player_id", flat=True)
    )
    if (
        news.cause == TableEvent.Cause.PLAYER
        and news.step == TableEvent.Step.ENGINE
        and news.seat is not None
    ):
        movers.add(int(players[str(news.seat)]))
    came = set(
        Seat.objects.filter(table=table, last_seen__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    turnout = {}
    for entry in match.entries:
        if entry.player_id in movers:
            turnout[str(entry.pk)] = PLAYED
        elif entry.player_id in came:
            turnout[str(entry.pk)] = CAME
        else:
            turnout[str(entry.pk)] = ABSENT
    return turnout


def _reason(result: dict) -> str:
    """How the table's match ended: a forfeit by leaving (D11) or absence (D13), else won."""
    reason = result.get("reason")
    return reason if reason in ("left", "absent") else "wins"


def _score_by_side(match: TournamentMatch, players: dict, score: list[int]) -> list[int]:
    """The table's score by seat, as the bracket's sides (entry a, entry b)."""
    by_player = {int(player): score[int(seat)] for seat, player in players.items()}
    return [by_player.get(e.player_id, 0) for e in (match.entry_a, match.entry_b)]


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


def _announce(tournament: Tournament) -> None:
    """Its bracket's watchers and the pit boss's floor hear of the change."""
    message = {"type": "tournament.changed", "tournament": tournament.pk}
    floor = {"type": "pit.tournament", "tournament": tournament.pk}
    transaction.on_commit(
        lambda: group_send_all([(tournament.group_name, message), (PIT_GROUP, floor)]),
        robust=True,
    )
