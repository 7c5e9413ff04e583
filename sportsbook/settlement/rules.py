"""Event-level rules that come before any market: bets voided as a whole, whether a stopped
event's result stands, and who wins a match a participant did not finish (SB §1.8, §1.10,
§3.1, §4.1–§4.11, E10, E12, E13, E14, E28)."""

from __future__ import annotations

from sportsbook.settlement.grading import BetContext
from sportsbook.settlement.results import SET_SPORTS, EventResult

_NOT_PLAYED = ("postponed", "cancelled")  # SB §3.1, §4.1: not played, or postponed past the limit
_VOIDED = ("venue_moved_to_away_ground", "foul_play_void", "no_contest")  # §1.10, E14, §4.7
# SB §4.2, §4.3: minutes that make a stopped game's result stand.
_MINUTES_TO_STAND = {"hockey": 55}


def event_void(result: EventResult, params: dict, context: BetContext) -> bool:
    """Every bet on the event is returned at odds 1."""
    if result.ending in _NOT_PLAYED or result.ending in _VOIDED:
        return True
    if context.placed_after_start and not context.live:
        return True  # E13: a pre-match bet accepted after the actual start
    fight = result.fight
    # SB §4.7: no contest, or the scheduled length deliberately changed.
    if fight is not None and (fight.method == "no_contest" or fight.rounds_changed):
        return True
    pitchers = params.get("pitchers")
    if pitchers and result.sport == "baseball":
        # SB §4.6, E28: bets accepted subject to named starting pitchers.
        # Only the pitchers actually named count: a line may name one team's pitcher only.
        if result.starting_pitchers is None:
            return True
        return any(
            name is not None and name != started
            for name, started in zip(
                (pitchers.get("1"), pitchers.get("2")), result.starting_pitchers, strict=True
            )
        )
    return False


def minutes_to_stand(result: EventResult) -> int | None:
    if result.sport == "basketball":
        return 43 if result.nba else 35  # SB §4.3
    if result.sport == "football":
        return 90  # SB §4.1
    return _MINUTES_TO_STAND.get(result.sport)


def result_stands(result: EventResult) -> bool:
    """The result counts in full; otherwise only bets already determined are settled (E10, E11)."""
    if result.ending == "completed":
        return True
    if result.sport == "boxing":
        return result.fight is not None  # SB §4.7: the fight says how and when it ended
    if result.ending != "abandoned":
        return False  # retirements and disqualifications: see `advancing`
    if result.official_result and result.sport in ("hockey", "basketball"):
        return True  # SB §4.2(b), §4.3(b); §4.1 and §1.10 (E10) have no such clause
    if result.sport == "football" and result.is_friendly:
        return True  # SB §4.1, E12: friendlies settle on the final result as the officials ended it
    needed = minutes_to_stand(result)
    # E10: sports without their own threshold follow §1.10 (48 hours): an "abandoned" result
    # was not completed in time, so it never stands.
    return needed is not None and (result.minutes_played or 0) >= needed


def advancing(result: EventResult) -> str | None:
    """Who is the winner of a match someone did not finish (SB §4.4, §4.10, §4.11); None when
    the match-winner bets are not settled that way."""
    if result.ending not in ("retired", "disqualification"):
        return None
    quitter = result.retired or result.disqualified
    winner = result.advances or ({"1": "2", "2": "1"}.get(quitter) if quitter else None)
    if winner is None:
        return None
    if result.sport in ("tennis", "badminton"):
        # SB §4.4, §4.10: less than one set (badminton: game) played voids the match bets.
        if not any(p.finished for p in result.periods):
            return None
        return winner
    if result.sport in SET_SPORTS:
        return winner  # SB §4.11: the player who goes through wins
    return winner if result.ending == "disqualification" else None


def tennis_retirement(result: EventResult) -> bool:
    """SB §4.4: handicap bets stand only if the match is played in full."""
    return result.sport == "tennis" and result.ending in ("retired", "disqualification")
