"""Totals and handicaps: over/under on a count (goals or points, corners, booking points,
substitutions, rounds, cards: SB §3.3, §3.13, §3.19, §3.21, §3.23, §3.32), odd/even
(§3.11) and the handicaps (§3.4, §3.5). Each kind's rule is written just above its registry
entry; the counts share one over/under (`_count_market`)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import (
    VOID,
    BetContext,
    check_line,
    handicap,
    over_under,
    over_under_fixed,
    pick,
)
from sportsbook.settlement.markets.kind import (
    FOOTBALL,
    LINE,
    OVER_UNDER,
    OVERTIME,
    PERIOD,
    SCORE_SPORTS,
    TEAM_OPTIONAL,
    THREE_WAY,
    TWO_WAY,
    UNIT,
    Param,
    fixed_list,
    int_between,
    market_kind,
    market_score,
    period_fixed,
)
from sportsbook.settlement.results import EventResult


def _line_param(params: dict) -> Decimal:
    return params["line"]


def _count_market(
    count_of: Callable[[EventResult, dict, BetContext], int | None],
    line_of: Callable[[dict], Decimal] = _line_param,
):
    """Over/under on a count (the one helper for totals, corners, cards, booking points,
    substitutions and rounds) and E11 for it: a count only grows."""

    def settle(result, params, context):
        count = count_of(result, params, context)
        if count is None:
            return dict.fromkeys(OVER_UNDER, VOID)
        return over_under(count, line_of(params))

    def fixed(result, params, context, settled):
        count = count_of(result, params, context)
        if count is not None and over_under_fixed(count, line_of(params)):
            return set(settled)
        return period_fixed(result, params, context, settled)

    return settle, fixed


def _team_count(home: int, away: int, team: str | None) -> int:
    return home if team == "1" else away if team == "2" else home + away


def _total_count(result, params, context):
    score, _ = market_score(result, params, context, "total", winner=False)
    return None if score is None else _team_count(score.home, score.away, params["team"])


_total_settle, _total_fixed = _count_market(_total_count)


TOTAL = market_kind(
    "total",
    "SB §3.3",
    "Total over/under",
    [LINE, PERIOD, OVERTIME, TEAM_OPTIONAL, UNIT],
    [{"line": "2.5"}, {"line": "3"}, {"line": "2.25"}, {"line": "1.5", "team": "1"}],
    fixed_list(OVER_UNDER),
    _total_settle,
    _fixed=_total_fixed,
    sports=SCORE_SPORTS,
)


def _with_line(params: dict, code: str) -> str:
    line = params["line"]
    sign = line if code == "1" else -line
    return f"Team {code} ({sign:+})"


def _handicap_settle(result, params, context):
    score, _ = market_score(result, params, context, "asian_handicap", winner=False)
    if score is None:
        return dict.fromkeys(TWO_WAY, VOID)
    return handicap(score.home, score.away, params["line"])


ASIAN_HANDICAP = market_kind(
    "asian_handicap",
    "SB §3.4",
    "Asian handicap",
    [LINE, PERIOD, OVERTIME, UNIT],
    [{"line": "-1"}, {"line": "0.5"}, {"line": "-0.75"}, {"line": "0.25"}],
    fixed_list(TWO_WAY),
    _handicap_settle,
    _label=_with_line,
    sports=SCORE_SPORTS,
    handicap=True,
)


def _whole_line(value) -> Decimal:
    line = check_line(value, whole_or_half=True)
    if line % 1:
        raise ValueError("must be a whole number (a three-way handicap has a draw)")
    return line


def _handicap_3way_settle(result, params, context):
    score, _ = market_score(result, params, context, "handicap_3way", winner=False)
    if score is None:
        return dict.fromkeys(THREE_WAY, VOID)
    margin = score.home + params["line"] - score.away
    return pick(THREE_WAY, "1" if margin > 0 else "2" if margin < 0 else "X")


HANDICAP_3WAY = market_kind(
    "handicap_3way",
    "SB §3.5",
    "Handicap (three-way)",
    [
        Param("line", "team 1's handicap, a whole number", check=lambda v: _whole_line(v)),
        PERIOD,
        OVERTIME,
        UNIT,
    ],
    [{"line": "-1"}, {"line": "1"}],
    fixed_list(THREE_WAY),
    _handicap_3way_settle,
    sports=SCORE_SPORTS,
    handicap=True,
)


def _odd_even_settle(result, params, context):
    score, _ = market_score(result, params, context, "odd_even", winner=False)
    if score is None:
        return dict.fromkeys(["odd", "even"], VOID)
    return pick(["odd", "even"], "even" if score.total() % 2 == 0 else "odd")  # 0:0 is even


ODD_EVEN = market_kind(
    "odd_even",
    "SB §3.11",
    "Odd/even total",
    [PERIOD, OVERTIME, UNIT],
    [{}],
    fixed_list(["odd", "even"]),
    _odd_even_settle,
    sports=SCORE_SPORTS,
)


def _corner_count(result, params, context):
    if result.corners is None:
        raise ValueError("corner markets need the result's corners")
    return _team_count(result.corners.home, result.corners.away, params["team"])


_corners_settle, _corners_fixed = _count_market(_corner_count)


CORNERS_TOTAL = market_kind(
    "corners_total",
    "SB §3.13",
    "Corners over/under",
    [LINE, TEAM_OPTIONAL],
    [{"line": "9.5"}, {"line": "10"}],
    fixed_list(OVER_UNDER),
    _corners_settle,
    _fixed=_corners_fixed,
    sports=FOOTBALL,
)


def _booking_points(result, params, context):
    points = 0
    for (team, _player), (yellows, reds) in sc.counted_cards(result).items():
        if params["team"] in (None, team):
            # SB §3.19, E19: yellow 2, red 5; two yellows, or yellow then red, are 7 at most.
            points += 7 if yellows >= 2 or (yellows and reds) else 5 if reds else 2 * yellows
    return points


_booking_settle, _booking_fixed = _count_market(_booking_points)


BOOKING_POINTS = market_kind(
    "booking_points",
    "SB §3.19",
    "Booking points over/under",
    [LINE, TEAM_OPTIONAL],
    [{"line": "35.5"}, {"line": "20"}],
    fixed_list(OVER_UNDER),
    _booking_settle,
    _fixed=_booking_fixed,
    sports=FOOTBALL,
)


def _substitution_count(result, params, context):
    # SB §3.21: regular time with stoppage time; extra time does not count.
    return sum(
        1
        for s in result.substitutions
        if result.in_regular_time(s.minute) and params["team"] in (None, s.team)
    )


_subs_settle, _subs_fixed = _count_market(_substitution_count)


SUBSTITUTIONS_TOTAL = market_kind(
    "substitutions_total",
    "SB §3.21",
    "Substitutions over/under",
    [LINE, TEAM_OPTIONAL],
    [{"line": "7.5"}],
    fixed_list(OVER_UNDER),
    _subs_settle,
    _fixed=_subs_fixed,
    sports=FOOTBALL,
)


def _rounds_count(result, params, context):
    return None if result.fight is None else result.fight.rounds_lasted()


def _rounds_line(params: dict) -> Decimal:
    # SB §3.23, §4.7, E21: "N rounds or more" = the bell of round N rang: over the line N - 0.5.
    return Decimal(params["n"]) - Decimal("0.5")


_total_rounds_settle, _rounds_fixed = _count_market(_rounds_count, _rounds_line)


TOTAL_ROUNDS = market_kind(
    "total_rounds",
    "SB §3.23",
    "Total rounds",
    [
        Param(
            "n",
            "over = the bell of round n rings (E21: whole n only)",
            check=int_between(2, 15),
        )
    ],
    [{"n": 7}],
    fixed_list(OVER_UNDER),
    _total_rounds_settle,
    _fixed=_rounds_fixed,
    _label=lambda p, c: (
        f"{p['n']} rounds or more" if c == "over" else f"Fewer than {p['n']} rounds"
    ),
    sports=frozenset({"boxing"}),
)


def _card_count(result, params, context):
    # SB §3.32, E19: at most 2 cards per player (a yellow and a red of either kind).
    return sum(
        min(2, yellows + reds)
        for (team, _player), (yellows, reds) in sc.counted_cards(result).items()
        if params["team"] in (None, team)
    )


_cards_settle, _cards_fixed = _count_market(_card_count)


CARDS_TOTAL = market_kind(
    "cards_total",
    "SB §3.32",
    "Cards over/under",
    [LINE, TEAM_OPTIONAL],
    [{"line": "4.5"}, {"line": "4"}],
    fixed_list(OVER_UNDER),
    _cards_settle,
    _fixed=_cards_fixed,
    sports=FOOTBALL,
)
