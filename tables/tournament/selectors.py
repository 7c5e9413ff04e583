"""Reads for the tournament pages, the bracket's socket and the pit boss (no writes)."""

from __future__ import annotations

from django.db.models import Count, Q

from casino.currencies import format_amount
from tables.tournament import bracket
from tables.tournament.models import (
    EntryStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)
from tables.tournament.reasons import (
    FORFEITS,
    NO_WINNER_WORDS,
    forfeit_sentence,
    no_winner_sentence,
)

NO_WINNER_REASONS = tuple(NO_WINNER_WORDS)


def tournaments_by_status() -> dict[str, list[Tournament]]:
    """The lobby's three lists: upcoming (registering), running, finished or cancelled."""
    tournaments = Tournament.objects.annotate(
        registered=Count("entries", filter=~Q(entries__status=EntryStatus.UNREGISTERED))
    ).order_by("starts_at", "pk")
    upcoming = [t for t in tournaments if t.status == TournamentStatus.REGISTERING]
    running = [t for t in tournaments if t.status == TournamentStatus.RUNNING]
    over = [
        t
        for t in reversed(tournaments)
        if t.status not in (TournamentStatus.REGISTERING, TournamentStatus.RUNNING)
    ]
    return {"upcoming": upcoming, "running": running, "over": over[:20]}


def entry_of(tournament: Tournament, player) -> TournamentEntry | None:
    if not player.is_authenticated:
        return None
    return tournament.entries.filter(player=player).exclude(status=EntryStatus.UNREGISTERED).first()


def live_entries(tournament: Tournament) -> list[TournamentEntry]:
    return list(
        tournament.entries.exclude(status=EntryStatus.UNREGISTERED)
        .select_related("player")
        .order_by("place", "registered_at")
    )


def bracket_rounds(tournament: Tournament) -> list[dict]:
    """The bracket by round, the third-place match beside the final: each match with its two
    sides (name, score, winner), its state and its table."""
    matches = (
        TournamentMatch.objects.filter(tournament=tournament)
        .select_related("entry_a__player", "entry_b__player", "table")
        .order_by("round_number", "slot")
    )
    rounds: dict[int, dict] = {}
    for match in matches:
        column = rounds.setdefault(
            match.round_number, {"number": match.round_number, "matches": [], "label": ""}
        )
        if match.stage != bracket.THIRD_PLACE:
            column["label"] = match.stage_label
        score = match.score or [None, None]
        sides = []
        for index, entry in enumerate((match.entry_a, match.entry_b)):
            sides.append(
                {
                    "name": entry.player.shown_name if entry else "",
                    "score": score[index],
                    "won": entry is not None and entry.pk == match.winner_id,
                    "withdrawn": entry is not None and entry.status == EntryStatus.WITHDRAWN,
                }
            )
        column["matches"].append(
            {"match": match, "sides": sides, "reason_text": match_reason(match)}
        )
    return [rounds[number] for number in sorted(rounds)]


def match_reason(match: TournamentMatch) -> str:
    """A forfeited match's reason in words (D11, D13), or why it has no winner or no opponent
    (issue 45); "" for one won at the table or a bye."""
    if match.reason in NO_WINNER_REASONS:
        return no_winner_sentence(match.reason, names=[e.player.shown_name for e in match.entries])
    if match.reason not in FORFEITS or match.winner_id is None:
        return ""
    winner = next(e for e in match.entries if e.pk == match.winner_id)
    loser = next((e for e in match.entries if e.pk != match.winner_id), None)
    both_withdrew = all(e.status == EntryStatus.WITHDRAWN for e in match.entries)
    if loser is None or (match.reason == "withdrawn" and both_withdrew):
        loser = winner
    return forfeit_sentence(
        match.reason,
        loser=loser.player.shown_name,
        winner=winner.player.shown_name,
        played=any(match.score or []),
    )


def prize_table(tournament: Tournament) -> list[dict]:
    """The places, each with its prize; once it is over, whether a placed player played no
    card in the whole tournament (issue 45: no prize to him)."""
    from tables.tournament.services.advance import played_entries  # one lookup, one patch

    placed = tournament.entries.filter(place__isnull=False).select_related("player")
    over = tournament.status in (TournamentStatus.FINISHED, TournamentStatus.VOID)
    played = played_entries(tournament) if over else set()
    return [
        {
            "place": place_label(entry.place),
            "name": entry.player.shown_name,
            "prize": format_amount(entry.prize, tournament.currency) if entry.prize else "",
            "played_nothing": over and entry.pk not in played,
        }
        for entry in placed.order_by("place", "pk")
    ]


def player_open_matches(player, tournament: Tournament | None = None) -> list[dict]:
    """The player's matches open at their tables, as his notices say them (issue 45): for the
    lobby and the tournament page, rendered with the page."""
    from django.urls import reverse

    if not player.is_authenticated:
        return []
    matches = (
        TournamentMatch.objects.filter(status="open", table__isnull=False)
        .filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .select_related("tournament", "entry_a__player", "entry_b__player")
        .order_by("opened_at", "pk")
    )
    if tournament is not None:
        matches = matches.filter(tournament=tournament)
    rows = []
    for match in matches:
        other = match.entry_b if match.entry_a.player_id == player.pk else match.entry_a
        rows.append(
            {
                "tournament": match.tournament.name,
                "stage": match.stage,
                "opponent": other.player.shown_name,
                "table": match.table_id,
                "notice_url": reverse(
                    "tournament_match_play", args=[match.tournament_id, match.pk]
                ),
            }
        )
    return rows


def match_result(match: TournamentMatch) -> str:
    """A decided match's result in words, for whoever follows a link to it (issue 45)."""
    from django.utils.translation import gettext as _

    reason = match_reason(match)
    if reason:
        return reason
    winner = next((e for e in match.entries if e.pk == match.winner_id), None)
    if winner is None:
        return _("it has no winner")
    if match.status == "bye":
        return _("%(winner)s goes through with a bye") % {"winner": winner.player.shown_name}
    score = match.score or []
    if len(score) == 2:
        return _("won by %(winner)s, %(a)s:%(b)s") % {
            "winner": winner.player.shown_name,
            "a": score[0],
            "b": score[1],
        }
    return _("won by %(winner)s") % {"winner": winner.player.shown_name}


def pit_tournaments() -> list[dict]:
    """The pit boss's floor: every tournament registering or running, with its match tables."""
    tournaments = Tournament.objects.filter(
        status__in=(TournamentStatus.REGISTERING, TournamentStatus.RUNNING)
    ).order_by("starts_at")
    rows = []
    for tournament in tournaments:
        matches = (
            tournament.matches.filter(table__isnull=False)
            .select_related("table", "entry_a__player", "entry_b__player")
            .order_by("round_number", "slot")
        )
        rows.append({"tournament": tournament, "matches": list(matches)})
    return rows


def place_label(place: int) -> str:
    """A shared place as its range: quarter-final losers are "5–8" (D8), and so on."""
    return str(place) if place < 5 else f"{place}–{2 * (place - 1)}"
