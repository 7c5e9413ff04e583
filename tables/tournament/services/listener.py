"""The table's listener (``on_table_news``): a match's end heard inside the table's transaction,
where the winner advances at once, and who played, came or was absent (issue 45)."""

from __future__ import annotations

from django.utils import timezone

from casino import notices
from tables.listeners import TableNews
from tables.models import Hand, Seat, TableEvent
from tables.tournament.models import (
    MatchStatus,
    TournamentMatch,
)
from tables.tournament.services.advance import _decide
from tables.tournament.services.base import ABSENT, CAME, PLAYED, _announce, _locked
from tables.tournament.services.matches import _after_commit

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
