"""How the scoring went: the minute of the first goal (SB §3.6), correct scores (§3.9, §3.10),
set betting (§3.12), the round a fight ends in (§3.22), the n-th point and the race to x
(§3.26, §3.27), the highest-scoring period (§3.30), a tennis game (§3.34) and the winning
margin (§3.35). Each kind's rule is written just above its registry entry."""

from __future__ import annotations

from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import VOID, pick
from sportsbook.settlement.markets.kind import (
    FOOTBALL,
    HALF_SPORTS,
    OVERTIME,
    PERIOD,
    SCORE_SPORTS,
    TWO_WAY,
    WORDS,
    Param,
    fixed_list,
    int_between,
    market_kind,
    market_score,
    one_of,
)
from sportsbook.settlement.results import SET_SPORTS

INTERVALS = [(0, 10)] + [(start, start + 9) for start in range(11, 90, 10)]
INTERVAL_CODES = [f"{a}-{b}" for a, b in INTERVALS] + ["none"]


def _first_goal_minute(result) -> int | None:
    goals = sc.needs_goal_details(result)
    return goals[0].minute if goals else None  # E17: an own goal is a goal here


def _first_goal_settle(result, params, context):
    minute = _first_goal_minute(result)
    if minute is None:
        return pick(INTERVAL_CODES, "none")  # SB §3.6: no goal, "0:0" wins
    # E17: the report's minute; stoppage time is minute 45 or 90 (SB §4.1).
    code = next(f"{a}-{b}" for a, b in INTERVALS if minute <= b)
    return pick(INTERVAL_CODES, code)


def _first_goal_fixed(result, params, context, settled):
    if _first_goal_minute(result) is not None:
        return set(settled)
    played = result.minutes_played or 0
    return {f"{a}-{b}" for a, b in INTERVALS if b <= played}  # intervals already goalless


FIRST_GOAL_INTERVAL = market_kind(
    "first_goal_interval",
    "SB §3.6",
    "First goal: minute interval",
    [],
    [{}],
    fixed_list(INTERVAL_CODES),
    _first_goal_settle,
    _fixed=_first_goal_fixed,
    _label=lambda p, c: "No goal (0:0)" if c == "none" else f"Minutes {c}",
    sports=FOOTBALL,
)


def _correct_score_outcomes(params):
    top = params["max_goals"]
    return [f"{h}:{a}" for h in range(top + 1) for a in range(top + 1)] + ["other"]


def _correct_score_settle(result, params, context):
    score = sc.score(result, params["period"], with_overtime=False)  # SB §3.9: no extra periods
    outcomes = _correct_score_outcomes(params)
    if score is None:
        return dict.fromkeys(outcomes, VOID)
    code = f"{score.home}:{score.away}"
    return pick(outcomes, code if code in outcomes else "other")


def _correct_score_fixed(result, params, context, settled):
    if sc.period_finished(result, params["period"]):
        return set(settled)
    score = sc.score(result, params["period"], with_overtime=False)
    if score is None:
        return set()
    fixed = set()
    for code in settled:
        if code == "other":
            if max(score.home, score.away) > params["max_goals"]:
                fixed.add(code)
            continue
        home, away = (int(n) for n in code.split(":"))
        if home < score.home or away < score.away:
            fixed.add(code)  # a score already passed cannot come back
    return fixed


CORRECT_SCORE = market_kind(
    "correct_score",
    "SB §3.9",
    "Correct score",
    [
        Param("max_goals", "scores up to this per team are listed", 4, int_between(1, 10)),
        PERIOD,
    ],
    [{}, {"max_goals": 3}],
    _correct_score_outcomes,
    _correct_score_settle,
    _fixed=_correct_score_fixed,
    sports=SCORE_SPORTS - SET_SPORTS,
)


HALF_TIME_CORRECT_SCORE = market_kind(
    "half_time_correct_score",
    "SB §3.10",
    "Half-time correct score",
    [Param("max_goals", "scores up to this per team are listed", 3, int_between(1, 10))],
    [{}],
    _correct_score_outcomes,
    lambda r, p, c: _correct_score_settle(r, {**p, "period": "1st_half"}, c),
    _fixed=lambda r, p, c, s: _correct_score_fixed(r, {**p, "period": "1st_half"}, c, s),
    sports=HALF_SPORTS,
)


def _set_scores(params) -> list[str]:
    need = params["best_of"] // 2 + 1
    return [f"{need}:{lost}" for lost in range(need)] + [f"{lost}:{need}" for lost in range(need)]


def _set_betting_settle(result, params, context):
    sets = sc.score(result, "match", with_overtime=False, in_sets=True)
    return pick(_set_scores(params), f"{sets.home}:{sets.away}")


def _set_betting_fixed(result, params, context, settled):
    # SB §4.4 examples: at 1-1 a bet on 2-0 is lost (it can no longer happen), 2-1 is open.
    sets = sc.score(result, "match", with_overtime=False, in_sets=True)
    fixed = set()
    for code in settled:
        home, away = (int(n) for n in code.split(":"))
        if home < sets.home or away < sets.away:
            fixed.add(code)
    return fixed


SET_BETTING = market_kind(
    "set_betting",
    "SB §3.12",
    "Set betting (set score)",
    [Param("best_of", "3 or 5 sets", 3, lambda v: one_of(v, (3, 5)))],
    [{}, {"best_of": 5}],
    _set_scores,
    _set_betting_settle,
    _fixed=_set_betting_fixed,
    _label=lambda p, c: f"Sets {c}",
    sports=SET_SPORTS,
)


def _round_outcomes(params):
    rounds = range(1, params["scheduled_rounds"] + 1)
    return [f"{t}:{r}" for t in TWO_WAY for r in rounds] + ["1:points", "2:points", "draw"]


def _round_betting_settle(result, params, context):
    outcomes = _round_outcomes(params)
    fight = result.fight
    if fight is None or fight.scheduled_rounds != params["scheduled_rounds"]:
        return dict.fromkeys(outcomes, VOID)  # SB §4.7: the scheduled length changed
    if fight.method == "draw":
        return pick(outcomes, "draw")
    if fight.method == "points":
        return pick(outcomes, f"{fight.winner}:points")
    # SB §4.7: ended between rounds = ended at the end of the previous round; DQ loses.
    return pick(outcomes, f"{fight.winner}:{fight.rounds_lasted()}")


def _round_label(params: dict, code: str) -> str:
    if code == "draw":
        return "Draw"
    team, when = code.split(":")
    return f"Boxer {team} on points" if when == "points" else f"Boxer {team} in round {when}"


ROUND_BETTING = market_kind(
    "round_betting",
    "SB §3.22",
    "Round betting",
    [Param("scheduled_rounds", "rounds scheduled", 12, int_between(1, 15))],
    [{}, {"scheduled_rounds": 10}],
    _round_outcomes,
    _round_betting_settle,
    _label=_round_label,
    sports=frozenset({"boxing"}),
)


def _plays(result, params, context, kind):
    with_ot = sc.overtime_included(result, kind, params.get("includes_overtime"), context)
    return sc.scoring_plays(result, params["period"], with_ot)


def _reached(find):
    def settle(result, params, context):
        return pick(TWO_WAY, find(result, params, context))

    def fixed(result, params, context, settled):
        return set(settled) if find(result, params, context) else set()

    return settle, fixed


def _nth_point_team(result, params, context) -> str | None:
    total = 0
    for team, value in _plays(result, params, context, "nth_point"):
        total += value
        if total >= params["n"]:
            return team
    return None  # E22: never reached, refunded


_nth_settle, _nth_fixed = _reached(_nth_point_team)


NTH_POINT = market_kind(
    "nth_point",
    "SB §3.26",
    "Who scores the N-th point",
    [Param("n", "which point", check=int_between(1, 500)), PERIOD, OVERTIME],
    [{"n": 1}, {"n": 10, "period": "period:1"}],
    fixed_list(TWO_WAY),
    _nth_settle,
    _fixed=_nth_fixed,
    sports=SCORE_SPORTS - {"tennis"},
)


def _race_winner(result, params, context) -> str | None:
    points = {"1": 0, "2": 0}
    for team, value in _plays(result, params, context, "race_to"):
        points[team] += value
        if points[team] >= params["x"]:
            return team
    return None  # E22


_race_settle, _race_fixed = _reached(_race_winner)


RACE_TO = market_kind(
    "race_to",
    "SB §3.27",
    "Race to X points",
    [Param("x", "the target", check=int_between(1, 500)), PERIOD, OVERTIME],
    [{"x": 2}, {"x": 20, "period": "period:1"}],
    fixed_list(TWO_WAY),
    _race_settle,
    _fixed=_race_fixed,
    sports=SCORE_SPORTS - {"tennis"},
)


def _highest_period_settle(result, params, context):
    count = params["periods"]
    outcomes = [str(n) for n in range(1, count + 1)] + ["equal"]
    if len(result.periods) != count:
        return dict.fromkeys(outcomes, VOID)
    totals = [p.home + p.away for p in result.periods]
    best = max(totals)
    if totals.count(best) > 1:
        return pick(outcomes, "equal")  # SB §3.30, E24
    return pick(outcomes, str(totals.index(best) + 1))


HIGHEST_SCORING_PERIOD = market_kind(
    "highest_scoring_period",
    "SB §3.30",
    "Highest-scoring period",
    [Param("periods", "how many periods the game has", 2, int_between(2, 9))],
    [{}, {"periods": 3}, {"periods": 4}],
    lambda p: [str(n) for n in range(1, p["periods"] + 1)] + ["equal"],
    _highest_period_settle,
    _fixed=lambda r, p, c, s: set(),
    _label=lambda p, c: "Equal" if c == "equal" else f"Period {c}",
    sports=SCORE_SPORTS,
)


TENNIS_POINTS = ("0", "15", "30", "40")


def _game_outcomes(params):
    losers = [str(n) for n in range(6)] + ["6+"] if params["tiebreak"] else list(TENNIS_POINTS)
    return [f"{w}/{p}" for w in TWO_WAY for p in losers]


def _game(result, params):
    if params["set"] > len(result.periods):
        return None
    chosen = result.periods[params["set"] - 1]
    if chosen.finished and chosen.home + chosen.away and not chosen.game_points:
        raise ValueError("game markets need the set's points per game")
    if params["game"] > len(chosen.game_points):
        return None
    return chosen.game_points[params["game"] - 1]


def _game_settle(result, params, context):
    outcomes = _game_outcomes(params)
    game = _game(result, params)
    if game is None:
        return dict.fromkeys(outcomes, VOID)  # the game was not played
    winner = game.winner()
    lost = min(game.home, game.away)
    if params["tiebreak"]:
        return pick(outcomes, f"{winner}/{lost if lost < 6 else '6+'}")
    return pick(outcomes, f"{winner}/{TENNIS_POINTS[min(lost, 3)]}")  # E25: 40 = any deuce


def _game_fixed(result, params, context, settled):
    return set(settled) if _game(result, params) is not None else set()


GAME_OF_SET = market_kind(
    "game_of_set",
    "SB §3.34",
    "Game X of set Y: winner and loser's points",
    [
        Param("set", "set number", check=int_between(1, 5)),
        Param("game", "game number in the set", check=int_between(1, 13)),
        Param(
            "tiebreak",
            "the game is a tie-break (loser's points counted, E25)",
            False,
            lambda v: one_of(v, (True, False)),
        ),
    ],
    [{"set": 1, "game": 3}, {"set": 2, "game": 13, "tiebreak": True}],
    _game_outcomes,
    _game_settle,
    _fixed=_game_fixed,
    _label=lambda p, c: f"Player {c.split('/')[0]} wins, loser on {c.split('/')[1]}",
    sports=frozenset({"tennis"}),
)


def _margin_outcomes(params):
    top = params["max_margin"]
    margins = [str(n) for n in range(1, top)] + [f"{top}+"]
    return [f"{t}:{m}" for t in TWO_WAY for m in margins] + ["score_draw", "no_goal"]


def _margin_settle(result, params, context):
    outcomes = _margin_outcomes(params)
    score, _ = market_score(result, params, context, "winning_margin", winner=False)
    if score is None:
        return dict.fromkeys(outcomes, VOID)
    if score.home == score.away:
        return pick(outcomes, "no_goal" if score.home == 0 else "score_draw")  # E26
    margin = abs(score.home - score.away)
    top = params["max_margin"]
    shown = f"{top}+" if margin >= top else str(margin)
    return pick(outcomes, f"{score.winner()}:{shown}")


def _margin_label(params: dict, code: str) -> str:
    if code in WORDS:
        return WORDS[code]
    team, margin = code.split(":")
    return f"Team {team} by {margin}"


WINNING_MARGIN = market_kind(
    "winning_margin",
    "SB §3.35",
    "Winning margin",
    [
        Param("max_margin", "the last margin is 'this or more'", 3, int_between(2, 20)),
        PERIOD,
        OVERTIME,
    ],
    [{}],
    _margin_outcomes,
    _margin_settle,
    _fixed=lambda r, p, c, s: set(),
    _label=_margin_label,
    sports=SCORE_SPORTS - SET_SPORTS,
)
