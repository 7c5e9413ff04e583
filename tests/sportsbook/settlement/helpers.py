"""Builders of results and shorthands for the settlement tests."""

from decimal import Decimal

from sportsbook.settlement.grading import BetContext
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.results import EventResult, Goal, Period

D = Decimal
STARTERS = (tuple(f"1-p{n}" for n in range(1, 12)), tuple(f"2-p{n}" for n in range(1, 12)))


def football(*goals: tuple, **fields) -> EventResult:
    """A football match from its goals: (minute, team[, scorer[, own_goal]]). Periods come
    from the minutes unless given."""
    made = tuple(Goal(g[0], g[1], *(g[2:] or (f"{g[1]}-p9",))) for g in goals)
    if "periods" not in fields:
        halves = [[0, 0], [0, 0]]
        for goal in made:
            if goal.minute <= 90:
                halves[0 if goal.minute <= 45 else 1][goal.team == "2"] += 1
        fields["periods"] = tuple(Period(h, a) for h, a in halves)
    fields.setdefault("lineups", STARTERS)
    return EventResult(sport="football", goals=made, **fields)


def score_only(sport: str, *periods: tuple, **fields) -> EventResult:
    return EventResult(sport=sport, periods=tuple(Period(*p) for p in periods), **fields)


def settle(code: str, result: EventResult, context: BetContext | None = None, **params):
    return KINDS[code].settle(result, params, context or BetContext())


def states(code: str, result: EventResult, context: BetContext | None = None, **params):
    """Outcome -> "won" / "lost" / "void" / "half_won" / "half_lost" / "dead_heat"."""
    return {o: s.state for o, s in settle(code, result, context, **params).items()}
