"""Reading a result for a market: which periods it covers, whether overtime counts, the score,
goals, cards and scoring plays that belong to it (SB §1.6, §3.1, §4.1–§4.6)."""

from __future__ import annotations

import re

from sportsbook.settlement.grading import BetContext
from sportsbook.settlement.results import SET_SPORTS, EventResult, Goal, Period, Score

# Regular periods per sport, to find the halves of a game stopped early.
REGULAR_PERIODS = {
    "football": 2,
    "handball": 2,
    "futsal": 2,
    "rugby": 2,
    "hockey": 3,
    "basketball": 4,
    "american_football": 4,
    "water_polo": 4,
    "baseball": 9,
}
# The 1st half as a slice of the periods; baseball's "half" is the first five innings
# (docs/rules-decisions.md).
_FIRST_HALF = {2: 1, 4: 2, 9: 5}
_PERIOD = re.compile(r"^(period|quarter|set|inning|half|game|frame):([1-9][0-9]?)$")
PERIOD_HELP = (
    '"match", "1st_half", "2nd_half", or "period:N" (also "set:N", "quarter:N", "inning:N", '
    '"half:N", "game:N", "frame:N"): the N-th regular period'
)


def check_period(period: str) -> str:
    if period in ("match", "1st_half", "2nd_half") or _PERIOD.match(period):
        return period
    raise ValueError(f"unknown period {period!r}: {PERIOD_HELP}")


def period_indexes(result: EventResult, period: str) -> range | None:
    """0-based indexes into `result.periods` of the market's periods; None if the sport has no
    such period."""
    if period == "match":
        return range(max(len(result.periods), REGULAR_PERIODS.get(result.sport, 0)))
    if period in ("1st_half", "2nd_half"):
        count = REGULAR_PERIODS.get(result.sport)
        first = _FIRST_HALF.get(count)
        if first is None:
            return None
        return range(first) if period == "1st_half" else range(first, count)
    number = int(period.split(":")[1])
    return range(number - 1, number)


def periods_of(result: EventResult, period: str) -> list[Period] | None:
    """The market's periods, None unless all of them were at least started."""
    indexes = period_indexes(result, period)
    if indexes is None or (period != "match" and indexes.stop > len(result.periods)):
        return None
    return [result.periods[i] for i in indexes if i < len(result.periods)]


def period_finished(result: EventResult, period: str) -> bool:
    """Whether play in the market's periods is over (E11: "1st-half markets after half-time")."""
    if period == "match":
        return False
    chosen = periods_of(result, period)
    return bool(chosen) and all(p.finished for p in chosen)


def overtime_included(
    result: EventResult, kind: str, includes_overtime: bool | None, context: BetContext
) -> bool:
    """The line may say ("Incl. OT"); otherwise each sport's default."""
    if includes_overtime is not None:
        return includes_overtime
    if result.sport in ("basketball", "american_football"):
        return not context.live  # SB §3.1, §4.3, §4.5: pre-match includes overtime, live not
    if result.sport == "baseball":
        if context.live:  # SB §4.6: live is regular time, except the N-th point and race bets
            return kind in ("nth_point", "race_to")
        return kind != "total"  # SB §4.6: pre-match includes extra innings, except totals
    return False  # SB §1.6, §3.1: regular time


def uses_sets(result: EventResult, unit: str | None, winner_market: bool) -> bool:
    """Set sports count sets for who wins, and games (or points) inside sets for totals and
    handicaps unless the market says `unit: "sets"`."""
    if result.sport not in SET_SPORTS:
        return False
    return unit == "sets" or (unit is None and winner_market)


def score(
    result: EventResult, period: str, with_overtime: bool, in_sets: bool = False
) -> Score | None:
    """The market's score; None if its periods were not played."""
    chosen = periods_of(result, period)
    if chosen is None:
        return None
    if in_sets:
        winners = [p.score.winner() for p in chosen if p.finished]
        return Score(winners.count("1"), winners.count("2"))
    home = sum(p.home for p in chosen)
    away = sum(p.away for p in chosen)
    if with_overtime and period == "match":
        home += sum(s.home for s in result.overtime)
        away += sum(s.away for s in result.overtime)
        if result.sport == "hockey" and result.shootout is not None:
            # SB §4.2: "incl. OT and shoot-out": the shoot-out winner gets the deciding goal.
            winner = result.shootout.winner()
            home += winner == "1"
            away += winner == "2"
    return Score(home, away)


def regular_goals(result: EventResult) -> list[Goal]:
    """Goals of regular time (stoppage time included, SB §4.1), in order."""
    return sorted(
        (g for g in result.goals if result.in_regular_time(g.minute)), key=lambda g: g.minute
    )


def needs_goal_details(result: EventResult, scorers: bool = False) -> list[Goal]:
    goals = regular_goals(result)
    regular = score(result, "match", with_overtime=False) or Score(0, 0)
    if len(goals) != regular.total():
        raise ValueError("this market needs the result's goal list (minutes and teams)")
    if scorers and any(g.scorer is None for g in goals):
        raise ValueError("this market needs every goal's scorer")
    return goals


def took_part(result: EventResult, player: str) -> bool:
    """SB §3.17: in the starting line-up or came on as a substitute."""
    return (
        player in result.lineups[0]
        or player in result.lineups[1]
        or any(s.player_in == player for s in result.substitutions)
    )


def entered_at(result: EventResult, player: str) -> int | None:
    """The minute a player took the field: 0 for starters, None if he never did."""
    if player in result.lineups[0] or player in result.lineups[1]:
        return 0
    minutes = [s.minute for s in result.substitutions if s.player_in == player]
    return min(minutes) if minutes else None


def counted_cards(result: EventResult) -> dict[tuple[str, str], tuple[int, int]]:
    """Per (team, player): (yellows, reds) shown on the pitch in regular time (SB §3.15, §3.19,
    §3.32, E19: bench, staff and after the final whistle never count)."""
    tally: dict[tuple[str, str], tuple[int, int]] = {}
    for card in result.cards:
        if card.place != "pitch" or not result.in_regular_time(card.minute):
            continue
        yellows, reds = tally.get((card.team, card.player), (0, 0))
        if card.colour == "yellow":
            yellows += 1
        else:
            reds += 1
        tally[(card.team, card.player)] = (yellows, reds)
    return tally


def scoring_plays(result: EventResult, period: str, with_overtime: bool) -> list[tuple[str, int]]:
    """(team, value) of each scoring play of the market's periods, in order (SB §3.26, §3.27):
    the result's scoring plays, or else its goals."""
    indexes = period_indexes(result, period)
    if indexes is None:
        return []
    wanted = {i + 1 for i in indexes}
    if with_overtime and period == "match":
        wanted |= {len(result.periods) + 1 + i for i in range(len(result.overtime))}
    if result.scoring:
        return [(p.team, p.value) for p in result.scoring if p.period in wanted]
    if result.goals and result.regular_minutes():
        length = result.regular_minutes() / max(REGULAR_PERIODS.get(result.sport, 1), 1)
        plays = []
        for goal in sorted(result.goals, key=lambda g: g.minute):
            if result.in_regular_time(goal.minute):
                number = min(int((max(goal.minute, 1) - 1) // length) + 1, len(result.periods))
            else:
                number = len(result.periods) + 1
            if number in wanted:
                plays.append((goal.team, 1))
        return plays
    total = score(result, period, with_overtime)
    if total is not None and total.total() > 0:
        raise ValueError("this market needs the result's scoring plays (or goals)")
    return []
