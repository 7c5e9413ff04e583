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
        column["matches"].append({"match": match, "sides": sides})
    return [rounds[number] for number in sorted(rounds)]


def prize_table(tournament: Tournament) -> list[dict]:
    placed = tournament.entries.filter(place__isnull=False).select_related("player")
    return [
        {
            "place": place_label(entry.place),
            "name": entry.player.shown_name,
            "prize": format_amount(entry.prize, tournament.currency) if entry.prize else "",
        }
        for entry in placed.order_by("place", "pk")
    ]


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
