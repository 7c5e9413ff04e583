"""Who wins: the match result and its variants (SB §3.2, §3.7, §3.8, §3.24, §3.25, §3.28,
§3.29, §3.31, §3.33), the outright winner with places and dead heat (§1.11) and the F1
driver match-up (§4.9). Each kind's rule is written just above its registry entry."""

from __future__ import annotations

from fractions import Fraction

from sportsbook.settlement import rules
from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import (
    LOST,
    VOID,
    BetContext,
    Settled,
    both,
    over_under,
    pick,
    won_if,
)
from sportsbook.settlement.markets.kind import (
    HALF_SPORTS,
    LINE,
    OVER_UNDER,
    OVERTIME,
    PERIOD,
    SCORE_SPORTS,
    TEAM,
    THREE_WAY,
    TWO_WAY,
    UNIT,
    WINNER_SPORTS,
    YES_NO,
    Param,
    fixed_list,
    id_list,
    int_between,
    market_kind,
    market_score,
    period_fixed,
)
from sportsbook.settlement.results import SET_SPORTS, EventResult


def three_way(result: EventResult, params: dict, context: BetContext, kind: str) -> str | None:
    """1, X or 2 of the market's score; the fight's decision in boxing; who advances when a
    match was not finished (SB §4.4, §4.10, §4.11)."""
    if result.sport == "boxing":
        fight = result.fight
        return None if fight is None else (fight.winner or "X")
    if params.get("period", "match") == "match" and rules.advancing(result):
        return rules.advancing(result)
    score, _ = market_score(result, params, context, kind, winner=True)
    return None if score is None else (score.winner() or "X")


def _settle_three_way(kind: str, outcomes=THREE_WAY, forced: dict | None = None):
    def settle(result, params, context):
        params = {**params, **(forced or {})}
        winner = three_way(result, params, context, kind)
        if (
            winner == "X"
            and result.sport == "american_football"
            and sc.overtime_included(result, kind, params.get("includes_overtime"), context)
        ):
            # SB §4.5: a tie after overtime voids the bets on a team to win.
            return {o: VOID if o in ("1", "2") else won_if(o == "X") for o in outcomes}
        if winner == "X" and not any("X" in o for o in outcomes):
            return dict.fromkeys(outcomes, VOID)  # SB §3.29: draw no bet returns the stake
        return pick(outcomes, None if winner is None else {o for o in outcomes if winner in o})

    return settle


MATCH_RESULT = market_kind(
    "1x2",
    "SB §3.2",
    "Match result (1X2)",
    [PERIOD, OVERTIME, UNIT],
    [{}, {"period": "1st_half"}, {"includes_overtime": True}],
    fixed_list(THREE_WAY),
    _settle_three_way("1x2"),
    sports=WINNER_SPORTS,
    match_winner=True,
)


HALF_TIME = market_kind(
    "half_time",
    "SB §3.7",
    "Half-time result",
    [],
    [{}],
    fixed_list(THREE_WAY),
    _settle_three_way("half_time", forced={"period": "1st_half", "includes_overtime": False}),
    _fixed=lambda r, p, c, s: period_fixed(r, {"period": "1st_half"}, c, s),
    sports=HALF_SPORTS,
)


def _ht_ft_settle(result, params, context):
    half = three_way(result, {"period": "1st_half", "includes_overtime": False}, context, "ht")
    full = three_way(result, {"period": "match", "includes_overtime": False}, context, "ht")
    outcomes = [f"{h}/{f}" for h in THREE_WAY for f in THREE_WAY]
    if half is None or full is None:
        return dict.fromkeys(outcomes, VOID)
    return pick(outcomes, f"{half}/{full}")


HALF_TIME_FULL_TIME = market_kind(
    "half_time_full_time",
    "SB §3.8",
    "Half-time / full-time",
    [],
    [{}],
    fixed_list([f"{h}/{f}" for h in THREE_WAY for f in THREE_WAY]),
    _ht_ft_settle,
    _fixed=lambda r, p, c, s: set(),
    sports=HALF_SPORTS,
)


def _qualify_settle(result, params, context):
    winner = result.advances
    if winner is None and result.ending == "completed":
        # SB §3.24: the tie as a whole, extra time and penalties included, when not stated.
        score = sc.score(result, "match", with_overtime=True, in_sets=result.sport in SET_SPORTS)
        winner = score.winner() or (result.shootout.winner() if result.shootout else None)
    if winner is None and result.ending in ("retired", "disqualification"):
        winner = rules.advancing(result)
    return pick(TWO_WAY, winner)


def _qualify_fixed(result, params, context, settled):
    return set(settled) if result.advances else set()


TO_QUALIFY = market_kind(
    "to_qualify",
    "SB §3.24",
    "To qualify",
    [],
    [{}],
    fixed_list(TWO_WAY),
    _qualify_settle,
    _fixed=_qualify_fixed,
    sports=SCORE_SPORTS,
    match_winner=True,
)


DOUBLE_CHANCE = market_kind(
    "double_chance",
    "SB §3.25",
    "Double chance",
    [],
    [{}],
    fixed_list(["1X", "12", "X2"]),
    _settle_three_way("double_chance", ["1X", "12", "X2"], {"includes_overtime": False}),
    sports=SCORE_SPORTS - SET_SPORTS,
)


def _rest_of_match_settle(result, params, context):
    # SB §3.28, E23: 1X2 on the goals after acceptance.
    score, _ = market_score(result, params, context, "rest_of_match", winner=False)
    if score is None:
        return dict.fromkeys(THREE_WAY, VOID)
    home, away = context.score_at_placement or (0, 0)
    if home > score.home or away > score.away:
        raise ValueError("the score at placement is above the final score")
    rest = (score.home - home) - (score.away - away)
    return pick(THREE_WAY, "1" if rest > 0 else "2" if rest < 0 else "X")


REST_OF_MATCH = market_kind(
    "rest_of_match",
    "SB §3.28",
    "Rest of the match",
    [OVERTIME],
    [{}],
    fixed_list(THREE_WAY),
    _rest_of_match_settle,
    _fixed=lambda r, p, c, s: set(),
    sports=SCORE_SPORTS - SET_SPORTS,
    context_sensitive=True,
)


DRAW_NO_BET = market_kind(
    "draw_no_bet",
    "SB §3.29",
    "Draw no bet",
    [PERIOD, OVERTIME, UNIT],
    [{}],
    fixed_list(TWO_WAY),
    _settle_three_way("draw_no_bet", TWO_WAY),
    sports=WINNER_SPORTS,
    match_winner=True,
)


def _half_winner(result, period, context):
    return three_way(result, {"period": period, "includes_overtime": False}, context, "halves")


def _both_halves_settle(result, params, context):
    first = _half_winner(result, "1st_half", context)
    second = _half_winner(result, "2nd_half", context)
    if first is None or second is None:
        return dict.fromkeys(YES_NO, VOID)
    return pick(YES_NO, "yes" if first == second == params["team"] else "no")


def _both_halves_fixed(result, params, context, settled):
    if (
        sc.period_finished(result, "1st_half")
        and _half_winner(result, "1st_half", context) != params["team"]
    ):
        return set(settled)  # lost the 1st half: "no" whatever follows
    return set()


WIN_BOTH_HALVES = market_kind(
    "win_both_halves",
    "SB §3.31",
    "Team to win both halves",
    [TEAM],
    [{"team": "1"}],
    fixed_list(YES_NO),
    _both_halves_settle,
    _fixed=_both_halves_fixed,
    sports=HALF_SPORTS,
)


def _result_and_total_outcomes(params):
    return [f"{r}/{t}" for r in THREE_WAY for t in OVER_UNDER]


def _result_and_total_settle(result, params, context):
    winner = three_way(result, {"period": "match", "includes_overtime": False}, context, "x")
    score = sc.score(result, "match", with_overtime=False)
    outcomes = _result_and_total_outcomes(params)
    if winner is None or score is None:
        return dict.fromkeys(outcomes, VOID)
    totals = over_under(score.total(), params["line"])
    return {o: both(won_if(o.split("/")[0] == winner), totals[o.split("/")[1]]) for o in outcomes}


RESULT_AND_TOTAL = market_kind(
    "1x2_and_total",
    "SB §3.33",
    "Result and total",
    [LINE],
    [{"line": "2.5"}],
    _result_and_total_outcomes,
    _result_and_total_settle,
    _fixed=lambda r, p, c, s: set(),
    sports=SCORE_SPORTS - SET_SPORTS,
)


def _listed(name: str):
    return lambda params: list(params[name])


def _winner_settle(result, params, context):
    if not result.standings:
        return dict.fromkeys(params["participants"], VOID)  # not an outright event's result
    places = params["places"]
    positions = {s.participant: s.position for s in result.standings}
    settled = {}
    for participant in params["participants"]:
        position = positions.get(participant)
        if position is None:
            settled[participant] = LOST
            continue
        tied = sum(1 for p in positions.values() if p == position)
        # SB §1.11, E9: the stake is reduced to the places left for the tie / those tied.
        available = max(0, min(places, position + tied - 1) - position + 1)
        settled[participant] = Settled(Fraction(available, tied), 0)
    return settled


WINNER = market_kind(
    "winner",
    "SB §1.11",
    "Outright winner (places paid, dead heat)",
    [
        Param("participants", "participant ids offered", check=id_list(2)),
        Param("places", "places paid (1 = win only)", 1, int_between(1, 10)),
    ],
    [{"participants": ["a", "b", "c"]}, {"participants": ["a", "b", "c", "d"], "places": 3}],
    _listed("participants"),
    _winner_settle,
    _fixed=lambda r, p, c, s: set(),
)


def _two_ids(value):
    ids = id_list(2)(value)
    if len(ids) != 2:
        raise ValueError("must name exactly two ids")
    return ids


def _matchup_settle(result, params, context):
    first, second = params["drivers"]
    standings = {s.participant: s for s in result.standings}
    a, b = standings.get(first), standings.get(second)
    if a is None or b is None or not a.started or not b.started:
        return dict.fromkeys(params["drivers"], VOID)  # E29: a driver did not start
    if a.position is not None or b.position is not None:
        # E29: the driver classified higher wins (classified beats unclassified).
        rank_a = a.position if a.position is not None else 10**6
        rank_b = b.position if b.position is not None else 10**6
        return pick(params["drivers"], first if rank_a < rank_b else second)
    if (a.laps or 0) == (b.laps or 0):
        return dict.fromkeys(params["drivers"], VOID)  # E29: equal laps
    return pick(params["drivers"], first if (a.laps or 0) > (b.laps or 0) else second)


F1_MATCHUP = market_kind(
    "f1_matchup",
    "SB §4.9",
    "Driver match-up",
    [Param("drivers", "the two driver ids", check=_two_ids)],
    [{"drivers": ["ham", "ver"]}],
    _listed("drivers"),
    _matchup_settle,
    _fixed=lambda r, p, c, s: set(),
    sports=frozenset({"formula1"}),
)
