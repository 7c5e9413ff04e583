"""The market kinds of SB §3 (§3.2–§3.35), the outright winner (§1.11) and the F1 driver
match-up (§4.9), in one registry `KINDS`. §3.1 and the sport rules of §4 are shared logic
applied by `MarketKind.settle` before and after a kind's own rule."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from sportsbook.settlement import rules
from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import (
    LOST,
    PRE_MATCH,
    VOID,
    WON,
    BetContext,
    Settled,
    both,
    check_line,
    handicap,
    over_under,
    over_under_fixed,
    pick,
    won_if,
)
from sportsbook.settlement.results import GOAL_SPORTS, SET_SPORTS, SPORTS, TEAMS, EventResult


def gettext_noop(message: str) -> str:
    """Marks a string for translation without translating it (no Django here)."""
    return message


REQUIRED = object()
THREE_WAY = ["1", "X", "2"]
OVER_UNDER = ["over", "under"]
YES_NO = ["yes", "no"]
TWO_WAY = ["1", "2"]


# --- parameters --------------------------------------------------------------------------


def _bool_or_none(value):
    if value is not None and not isinstance(value, bool):
        raise ValueError("must be true, false or null")
    return value


def _team(value):
    if value not in TEAMS:
        raise ValueError("must be '1' or '2'")
    return value


def _team_or_none(value):
    return None if value is None else _team(value)


def _int_between(low: int, high: int):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return check


def _ids(minimum: int):
    def check(value):
        if not isinstance(value, list | tuple) or len(value) < minimum:
            raise ValueError(f"must list at least {minimum} ids")
        ids = [str(v) for v in value]
        if len(set(ids)) != len(ids) or not all(ids):
            raise ValueError("ids must be distinct and not empty")
        return ids

    return check


def _unit(value):
    if value not in (None, "points", "sets"):
        raise ValueError('must be null (the market\'s natural unit), "points" or "sets"')
    return value


@dataclass(frozen=True)
class Param:
    name: str
    meaning: str
    default: object = REQUIRED
    check: Callable = staticmethod(lambda value: value)


LINE = Param(
    "line", "the line, a multiple of 0.25 (quarter lines split, SB §3.4, E4)", check=check_line
)
HALF_LINE = Param(
    "line",
    "the line, a whole number or a half (SB §3.4 case 1)",
    check=lambda v: check_line(v, True),
)
PERIOD = Param("period", sc.PERIOD_HELP, "match", sc.check_period)
OVERTIME = Param(
    "includes_overtime",
    'overtime / extra innings count ("Incl. OT"); null = the sport\'s default (SB §3.1, §4.1-§4.6)',
    None,
    _bool_or_none,
)
UNIT = Param(
    "unit",
    'set sports: "sets" or "points" (games in tennis, points in volleyball); null = sets for '
    "who-wins markets, games/points for totals and handicaps",
    None,
    _unit,
)
TEAM = Param("team", '"1" or "2"', check=_team)
TEAM_OPTIONAL = Param(
    "team", '"1" or "2" for one team\'s count; null = both teams', None, _team_or_none
)
# Every kind also accepts "pitchers": {"1": name, "2": name} (baseball, SB §4.6, E28).
PITCHERS = Param(
    "pitchers", 'baseball: {"1": name, "2": name} named at acceptance (SB §4.6, E28)', None
)


# --- the kind ----------------------------------------------------------------------------

SettleFn = Callable[[EventResult, dict, BetContext], dict[str, Settled]]
FixedFn = Callable[[EventResult, dict, BetContext, dict[str, Settled]], set[str]]


def _period_fixed(result: EventResult, params: dict, context, settled) -> set[str]:
    """E11: a market on periods already over is determined."""
    if sc.period_finished(result, params.get("period", "match")):
        return set(settled)
    return set()


@dataclass(frozen=True)
class MarketKind:
    """One market kind. `settle` applies §3.1 and the §4 sport rules around the kind's own
    rule; `fixed` answers E11 per outcome (which outcomes no further play could change)."""

    code: str
    rule: str
    name: str
    params: tuple[Param, ...]
    example_params: tuple[dict, ...]
    _outcomes: Callable[[dict], list[str]]
    _settle: SettleFn
    _fixed: FixedFn = _period_fixed
    _label: Callable[[dict, str], str] | None = None
    sports: frozenset[str] = frozenset(SPORTS)
    context_sensitive: bool = False  # uses score_at_placement / placed_minute (SB §3.28)
    match_winner: bool = False  # a retirement settles it on who advances (SB §4.4, §4.10, §4.11)
    handicap: bool = False  # void on a tennis retirement (SB §4.4)
    notes: str = field(default="")

    def clean_params(self, params: dict | None) -> dict:
        """Validated params with defaults filled in; ValueError with a readable message."""
        params = dict(params or {})
        known = {p.name for p in self.params} | {"pitchers"}
        unknown = set(params) - known
        if unknown:
            raise ValueError(f"{self.code}: unknown param(s) {sorted(unknown)}")
        clean = {}
        for param in self.params:
            if param.name not in params:
                if param.default is REQUIRED:
                    raise ValueError(
                        f"{self.code}: param {param.name!r} is required ({param.meaning})"
                    )
                clean[param.name] = param.default
                continue
            try:
                clean[param.name] = param.check(params[param.name])
            except (ValueError, TypeError, ArithmeticError) as error:
                raise ValueError(f"{self.code}: param {param.name!r} {error}") from None
        if params.get("pitchers") is not None:
            pitchers = params["pitchers"]
            if not isinstance(pitchers, dict) or set(pitchers) - set(TEAMS):
                raise ValueError(f'{self.code}: pitchers must be {{"1": name, "2": name}}')
            clean["pitchers"] = pitchers
        return clean

    def outcomes(self, params: dict | None) -> list[str]:
        return self._outcomes(self.clean_params(params))

    def outcome_label(self, params: dict | None, code: str) -> str:
        params = self.clean_params(params)
        if code not in self._outcomes(params):
            raise ValueError(f"{self.code}: no outcome {code!r}")
        return (self._label or _label)(params, code)

    def context_key(self, context: BetContext) -> tuple:
        """Bets of one market with equal keys settle alike: compute once per key."""
        if self.context_sensitive:
            return (context.live, context.placed_after_start, context.score_at_placement)
        return (context.live, context.placed_after_start and not context.live)

    def settle(
        self, result: EventResult, params: dict | None, context: BetContext = PRE_MATCH
    ) -> dict[str, Settled]:
        params = self.clean_params(params)
        outcomes = self._outcomes(params)
        void = dict.fromkeys(outcomes, VOID)
        if result.sport not in self.sports or rules.event_void(result, params, context):
            return void  # SB §3.1 and §1.10; a kind on a sport it does not cover is void
        settled = self._settle(result, params, context)
        assert set(settled) == set(outcomes), f"{self.code} settled {sorted(settled)}"
        if rules.result_stands(result):
            return settled
        whole_match = params.get("period", "match") == "match"
        if self.match_winner and whole_match and rules.advancing(result) is not None:
            return settled  # SB §4.4, §4.10, §4.11: the one who goes through wins
        if self.handicap and rules.tennis_retirement(result):
            return void  # SB §4.4
        # SB §4.1-§4.3, §4.4 examples, E10, E11, E27, E30: settle what is already decided.
        fixed = self._fixed(result, params, context, settled)
        return {o: settled[o] if o in fixed else VOID for o in outcomes}

    def is_determined(
        self, result: EventResult, params: dict | None, context: BetContext = PRE_MATCH
    ) -> set[str]:
        """E11: the outcomes whose settlement no continuation of play could change."""
        params = self.clean_params(params)
        settled = self._settle(result, params, context)
        if rules.result_stands(result):
            return set(settled)
        return self._fixed(result, params, context, settled)


def is_determined(code: str, result: EventResult, params: dict, context=PRE_MATCH) -> set[str]:
    """E11 for the kind `code`: the outcomes already decided on an unfinished result."""
    return KINDS[code].is_determined(result, params, context)


# --- labels ------------------------------------------------------------------------------

_WORDS = {
    "1": "Team 1",
    "2": "Team 2",
    "X": "Draw",
    "1X": "Team 1 or draw",
    "12": "Team 1 or team 2",
    "X2": "Draw or team 2",
    "yes": "Yes",
    "no": "No",
    "odd": "Odd",
    "even": "Even",
    "none": "No goal",
    "other": "Any other score",
    "equal": "Equal",
    "score_draw": "Score draw",
    "no_goal": "No goal",
    "draw": "Draw",
}


def _label(params: dict, code: str) -> str:
    line = params.get("line")
    if code in ("over", "under") and line is not None:
        return f"{code.capitalize()} {line}"
    if "/" in code:
        return " / ".join(_label(params, part) for part in code.split("/"))
    return _WORDS.get(code, code)


def _with_line(params: dict, code: str) -> str:
    line = params["line"]
    sign = line if code == "1" else -line
    return f"Team {code} ({sign:+})"


# --- shared pieces of the kinds ------------------------------------------------------------


def _score(result: EventResult, params: dict, context: BetContext, kind: str, winner: bool):
    with_ot = sc.overtime_included(result, kind, params.get("includes_overtime"), context)
    in_sets = sc.uses_sets(result, params.get("unit"), winner)
    return sc.score(result, params.get("period", "match"), with_ot, in_sets), with_ot


def three_way(result: EventResult, params: dict, context: BetContext, kind: str) -> str | None:
    """1, X or 2 of the market's score; the fight's decision in boxing; who advances when a
    match was not finished (SB §4.4, §4.10, §4.11)."""
    if result.sport == "boxing":
        fight = result.fight
        return None if fight is None else (fight.winner or "X")
    if params.get("period", "match") == "match" and rules.advancing(result):
        return rules.advancing(result)
    score, _ = _score(result, params, context, kind, winner=True)
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
        return _period_fixed(result, params, context, settled)

    return settle, fixed


def _team_count(home: int, away: int, team: str | None) -> int:
    return home if team == "1" else away if team == "2" else home + away


def _total_count(result, params, context):
    score, _ = _score(result, params, context, "total", winner=False)
    return None if score is None else _team_count(score.home, score.away, params["team"])


def _corner_count(result, params, context):
    if result.corners is None:
        raise ValueError("corner markets need the result's corners")
    return _team_count(result.corners.home, result.corners.away, params["team"])


def _booking_points(result, params, context):
    points = 0
    for (team, _player), (yellows, reds) in sc.counted_cards(result).items():
        if params["team"] in (None, team):
            # SB §3.19, E19: yellow 2, red 5; two yellows, or yellow then red, are 7 at most.
            points += 7 if yellows >= 2 or (yellows and reds) else 5 if reds else 2 * yellows
    return points


def _card_count(result, params, context):
    # SB §3.32, E19: at most 2 cards per player (a yellow and a red of either kind).
    return sum(
        min(2, yellows + reds)
        for (team, _player), (yellows, reds) in sc.counted_cards(result).items()
        if params["team"] in (None, team)
    )


def _substitution_count(result, params, context):
    # SB §3.21: regular time with stoppage time; extra time does not count.
    return sum(
        1
        for s in result.substitutions
        if result.in_regular_time(s.minute) and params["team"] in (None, s.team)
    )


def _rounds_count(result, params, context):
    return None if result.fight is None else result.fight.rounds_lasted()


def _yes_no(question: Callable[[EventResult, dict], bool | None]):
    """A yes/no market; once "yes" happened no further play can undo it (E11)."""

    def settle(result, params, context):
        answer = question(result, params)
        return pick(YES_NO, None if answer is None else ("yes" if answer else "no"))

    def fixed(result, params, context, settled):
        return set(settled) if settled["yes"] == WON else set()

    return settle, fixed


def _hat_trick(result, params):
    goals = sc.needs_goal_details(result, scorers=True)
    scorers = [g.scorer for g in goals if not g.own_goal]  # SB §3.14: own goals do not count
    return any(scorers.count(s) >= 3 for s in set(scorers))


def _sent_off(result, params):
    # SB §3.15, E19: a red card, or a second yellow, to a player on the pitch in regular time.
    return any(reds or yellows >= 2 for yellows, reds in sc.counted_cards(result).values())


def _scored(result, params):
    player = params["player"]
    if not sc.took_part(result, player):
        return None  # SB §3.17: bets on a player who never took the field are returned
    goals = sc.needs_goal_details(result, scorers=True)
    return any(g.scorer == player and not g.own_goal for g in goals)  # own goals never count


def _clean_sheet_settle(result, params, context):
    score = sc.score(result, "match", with_overtime=False)
    conceded = score.away if params["team"] == "1" else score.home
    return pick(YES_NO, "no" if conceded else "yes")


def _clean_sheet_fixed(result, params, context, settled):
    return set(settled) if settled["no"] == WON else set()


# --- §3.2 - §3.35 ------------------------------------------------------------------------


def _handicap_settle(result, params, context):
    score, _ = _score(result, params, context, "asian_handicap", winner=False)
    if score is None:
        return dict.fromkeys(TWO_WAY, VOID)
    return handicap(score.home, score.away, params["line"])


def _handicap_3way_settle(result, params, context):
    score, _ = _score(result, params, context, "handicap_3way", winner=False)
    if score is None:
        return dict.fromkeys(THREE_WAY, VOID)
    margin = score.home + params["line"] - score.away
    return pick(THREE_WAY, "1" if margin > 0 else "2" if margin < 0 else "X")


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


def _ht_ft_settle(result, params, context):
    half = three_way(result, {"period": "1st_half", "includes_overtime": False}, context, "ht")
    full = three_way(result, {"period": "match", "includes_overtime": False}, context, "ht")
    outcomes = [f"{h}/{f}" for h in THREE_WAY for f in THREE_WAY]
    if half is None or full is None:
        return dict.fromkeys(outcomes, VOID)
    return pick(outcomes, f"{half}/{full}")


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


def _odd_even_settle(result, params, context):
    score, _ = _score(result, params, context, "odd_even", winner=False)
    if score is None:
        return dict.fromkeys(["odd", "even"], VOID)
    return pick(["odd", "even"], "even" if score.total() % 2 == 0 else "odd")  # 0:0 is even


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


def _more_corners_settle(result, params, context):
    outcomes = THREE_WAY if params["with_draw"] else TWO_WAY
    if result.corners is None:
        raise ValueError("corner markets need the result's corners")
    winner = result.corners.winner() or "X"
    if winner == "X" and not params["with_draw"]:
        return dict.fromkeys(outcomes, VOID)  # E20
    return pick(outcomes, winner)


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


def _rounds_line(params: dict) -> Decimal:
    # SB §3.23, §4.7, E21: "N rounds or more" = the bell of round N rang: over the line N - 0.5.
    return Decimal(params["n"]) - Decimal("0.5")


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


def _plays(result, params, context, kind):
    with_ot = sc.overtime_included(result, kind, params.get("includes_overtime"), context)
    return sc.scoring_plays(result, params["period"], with_ot)


def _nth_point_team(result, params, context) -> str | None:
    total = 0
    for team, value in _plays(result, params, context, "nth_point"):
        total += value
        if total >= params["n"]:
            return team
    return None  # E22: never reached, refunded


def _race_winner(result, params, context) -> str | None:
    points = {"1": 0, "2": 0}
    for team, value in _plays(result, params, context, "race_to"):
        points[team] += value
        if points[team] >= params["x"]:
            return team
    return None  # E22


def _reached(find):
    def settle(result, params, context):
        return pick(TWO_WAY, find(result, params, context))

    def fixed(result, params, context, settled):
        return set(settled) if find(result, params, context) else set()

    return settle, fixed


def _rest_of_match_settle(result, params, context):
    # SB §3.28, E23: 1X2 on the goals after acceptance.
    score, _ = _score(result, params, context, "rest_of_match", winner=False)
    if score is None:
        return dict.fromkeys(THREE_WAY, VOID)
    home, away = context.score_at_placement or (0, 0)
    if home > score.home or away > score.away:
        raise ValueError("the score at placement is above the final score")
    rest = (score.home - home) - (score.away - away)
    return pick(THREE_WAY, "1" if rest > 0 else "2" if rest < 0 else "X")


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


def _margin_outcomes(params):
    top = params["max_margin"]
    margins = [str(n) for n in range(1, top)] + [f"{top}+"]
    return [f"{t}:{m}" for t in TWO_WAY for m in margins] + ["score_draw", "no_goal"]


def _margin_settle(result, params, context):
    outcomes = _margin_outcomes(params)
    score, _ = _score(result, params, context, "winning_margin", winner=False)
    if score is None:
        return dict.fromkeys(outcomes, VOID)
    if score.home == score.away:
        return pick(outcomes, "no_goal" if score.home == 0 else "score_draw")  # E26
    margin = abs(score.home - score.away)
    top = params["max_margin"]
    shown = f"{top}+" if margin >= top else str(margin)
    return pick(outcomes, f"{score.winner()}:{shown}")


def _first_scorer_outcomes(params):
    return list(params["players"]) + ["none"]


def _first_scorer(result):
    goals = sc.needs_goal_details(result, scorers=True)
    return next((g for g in goals if not g.own_goal), None)  # E18: own goals are skipped


def _first_scorer_settle(result, params, context):
    first = _first_scorer(result)
    settled = {"none": won_if(first is None)}
    for player in params["players"]:
        entered = sc.entered_at(result, player)
        if entered is None or (first is not None and entered > first.minute):
            settled[player] = VOID  # SB §3.18, E18: never played, or came on after the goal
        else:
            settled[player] = won_if(first is not None and first.scorer == player)
    return settled


def _first_scorer_fixed(result, params, context, settled):
    return set(settled) if _first_scorer(result) is not None else set()


# --- outright winner and F1 match-up ---------------------------------------------------------


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


def _listed(name: str):
    return lambda params: list(params[name])


def _fixed_list(outcomes: list[str]):
    return lambda params: list(outcomes)


def _whole_line(value) -> Decimal:
    line = check_line(value, whole_or_half=True)
    if line % 1:
        raise ValueError("must be a whole number (a three-way handicap has a draw)")
    return line


def _choice(value, choices: tuple):
    if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
        raise ValueError(f"must be one of {choices}")
    return value


def _two_ids(value):
    ids = _ids(2)(value)
    if len(ids) != 2:
        raise ValueError("must name exactly two ids")
    return ids


def _round_label(params: dict, code: str) -> str:
    if code == "draw":
        return "Draw"
    team, when = code.split(":")
    return f"Boxer {team} on points" if when == "points" else f"Boxer {team} in round {when}"


def _margin_label(params: dict, code: str) -> str:
    if code in _WORDS:
        return _WORDS[code]
    team, margin = code.split(":")
    return f"Team {team} by {margin}"


# --- the registry --------------------------------------------------------------------------

_total_settle, _total_fixed = _count_market(_total_count)
_corners_settle, _corners_fixed = _count_market(_corner_count)
_booking_settle, _booking_fixed = _count_market(_booking_points)
_cards_settle, _cards_fixed = _count_market(_card_count)
_subs_settle, _subs_fixed = _count_market(_substitution_count)
_total_rounds_settle, _rounds_fixed = _count_market(_rounds_count, _rounds_line)
_hat_settle, _hat_fixed = _yes_no(_hat_trick)
_off_settle, _off_fixed = _yes_no(_sent_off)
_scorer_settle, _scorer_fixed = _yes_no(_scored)
_nth_settle, _nth_fixed = _reached(_nth_point_team)
_race_settle, _race_fixed = _reached(_race_winner)

SCORE_SPORTS = frozenset(SPORTS) - {"boxing", "formula1"}
HALF_SPORTS = frozenset(s for s, n in sc.REGULAR_PERIODS.items() if n in (2, 4, 9))
FOOTBALL = frozenset({"football"})
WINNER_SPORTS = SCORE_SPORTS | {"boxing"}


def _kind(code, rule, name, params, examples, outcomes, settle, **more) -> MarketKind:
    return MarketKind(
        code=code,
        rule=rule,
        name=gettext_noop(name),
        params=tuple(params),
        example_params=tuple(examples),
        _outcomes=outcomes,
        _settle=settle,
        **more,
    )


_ALL_KINDS = [
    _kind(
        "1x2",
        "SB §3.2",
        "Match result (1X2)",
        [PERIOD, OVERTIME, UNIT],
        [{}, {"period": "1st_half"}, {"includes_overtime": True}],
        _fixed_list(THREE_WAY),
        _settle_three_way("1x2"),
        sports=WINNER_SPORTS,
        match_winner=True,
    ),
    _kind(
        "total",
        "SB §3.3",
        "Total over/under",
        [LINE, PERIOD, OVERTIME, TEAM_OPTIONAL, UNIT],
        [{"line": "2.5"}, {"line": "3"}, {"line": "2.25"}, {"line": "1.5", "team": "1"}],
        _fixed_list(OVER_UNDER),
        _total_settle,
        _fixed=_total_fixed,
        sports=SCORE_SPORTS,
    ),
    _kind(
        "asian_handicap",
        "SB §3.4",
        "Asian handicap",
        [LINE, PERIOD, OVERTIME, UNIT],
        [{"line": "-1"}, {"line": "0.5"}, {"line": "-0.75"}, {"line": "0.25"}],
        _fixed_list(TWO_WAY),
        _handicap_settle,
        _label=_with_line,
        sports=SCORE_SPORTS,
        handicap=True,
    ),
    _kind(
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
        _fixed_list(THREE_WAY),
        _handicap_3way_settle,
        sports=SCORE_SPORTS,
        handicap=True,
    ),
    _kind(
        "first_goal_interval",
        "SB §3.6",
        "First goal: minute interval",
        [],
        [{}],
        _fixed_list(INTERVAL_CODES),
        _first_goal_settle,
        _fixed=_first_goal_fixed,
        _label=lambda p, c: "No goal (0:0)" if c == "none" else f"Minutes {c}",
        sports=FOOTBALL,
    ),
    _kind(
        "half_time",
        "SB §3.7",
        "Half-time result",
        [],
        [{}],
        _fixed_list(THREE_WAY),
        _settle_three_way("half_time", forced={"period": "1st_half", "includes_overtime": False}),
        _fixed=lambda r, p, c, s: _period_fixed(r, {"period": "1st_half"}, c, s),
        sports=HALF_SPORTS,
    ),
    _kind(
        "half_time_full_time",
        "SB §3.8",
        "Half-time / full-time",
        [],
        [{}],
        _fixed_list([f"{h}/{f}" for h in THREE_WAY for f in THREE_WAY]),
        _ht_ft_settle,
        _fixed=lambda r, p, c, s: set(),
        sports=HALF_SPORTS,
    ),
    _kind(
        "correct_score",
        "SB §3.9",
        "Correct score",
        [
            Param("max_goals", "scores up to this per team are listed", 4, _int_between(1, 10)),
            PERIOD,
        ],
        [{}, {"max_goals": 3}],
        _correct_score_outcomes,
        _correct_score_settle,
        _fixed=_correct_score_fixed,
        sports=SCORE_SPORTS - SET_SPORTS,
    ),
    _kind(
        "half_time_correct_score",
        "SB §3.10",
        "Half-time correct score",
        [Param("max_goals", "scores up to this per team are listed", 3, _int_between(1, 10))],
        [{}],
        _correct_score_outcomes,
        lambda r, p, c: _correct_score_settle(r, {**p, "period": "1st_half"}, c),
        _fixed=lambda r, p, c, s: _correct_score_fixed(r, {**p, "period": "1st_half"}, c, s),
        sports=HALF_SPORTS,
    ),
    _kind(
        "odd_even",
        "SB §3.11",
        "Odd/even total",
        [PERIOD, OVERTIME, UNIT],
        [{}],
        _fixed_list(["odd", "even"]),
        _odd_even_settle,
        sports=SCORE_SPORTS,
    ),
    _kind(
        "set_betting",
        "SB §3.12",
        "Set betting (set score)",
        [Param("best_of", "3 or 5 sets", 3, lambda v: _choice(v, (3, 5)))],
        [{}, {"best_of": 5}],
        _set_scores,
        _set_betting_settle,
        _fixed=_set_betting_fixed,
        _label=lambda p, c: f"Sets {c}",
        sports=SET_SPORTS,
    ),
    _kind(
        "corners_total",
        "SB §3.13",
        "Corners over/under",
        [LINE, TEAM_OPTIONAL],
        [{"line": "9.5"}, {"line": "10"}],
        _fixed_list(OVER_UNDER),
        _corners_settle,
        _fixed=_corners_fixed,
        sports=FOOTBALL,
    ),
    _kind(
        "hat_trick",
        "SB §3.14",
        "Hat-trick in the match",
        [],
        [{}],
        _fixed_list(YES_NO),
        _hat_settle,
        _fixed=_hat_fixed,
        sports=GOAL_SPORTS,
    ),
    _kind(
        "sending_off",
        "SB §3.15",
        "A player sent off",
        [],
        [{}],
        _fixed_list(YES_NO),
        _off_settle,
        _fixed=_off_fixed,
        sports=FOOTBALL,
    ),
    _kind(
        "clean_sheet",
        "SB §3.16",
        "Team to keep a clean sheet",
        [TEAM],
        [{"team": "1"}, {"team": "2"}],
        _fixed_list(YES_NO),
        _clean_sheet_settle,
        _fixed=_clean_sheet_fixed,
        sports=SCORE_SPORTS - SET_SPORTS,
    ),
    _kind(
        "goalscorer",
        "SB §3.17",
        "Player to score",
        [Param("player", "the player's id", check=lambda v: _ids(1)([v])[0])],
        [{"player": "p1"}],
        _fixed_list(YES_NO),
        _scorer_settle,
        _fixed=_scorer_fixed,
        sports=GOAL_SPORTS,
    ),
    _kind(
        "first_goalscorer",
        "SB §3.18",
        "First goalscorer",
        [Param("players", "the players offered (ids)", check=_ids(1))],
        [{"players": ["p1", "p2", "p3"]}],
        _first_scorer_outcomes,
        _first_scorer_settle,
        _fixed=_first_scorer_fixed,
        sports=GOAL_SPORTS,
        _label=lambda p, c: "No goalscorer" if c == "none" else c,
    ),
    _kind(
        "booking_points",
        "SB §3.19",
        "Booking points over/under",
        [LINE, TEAM_OPTIONAL],
        [{"line": "35.5"}, {"line": "20"}],
        _fixed_list(OVER_UNDER),
        _booking_settle,
        _fixed=_booking_fixed,
        sports=FOOTBALL,
    ),
    _kind(
        "corners_winner",
        "SB §3.20",
        "Most corners",
        [
            Param(
                "with_draw",
                'an "equal" outcome X is offered (else equal is refunded, E20)',
                False,
                lambda v: _choice(v, (True, False)),
            )
        ],
        [{}, {"with_draw": True}],
        lambda p: list(THREE_WAY if p["with_draw"] else TWO_WAY),
        _more_corners_settle,
        _fixed=lambda r, p, c, s: set(),
        sports=FOOTBALL,
    ),
    _kind(
        "substitutions_total",
        "SB §3.21",
        "Substitutions over/under",
        [LINE, TEAM_OPTIONAL],
        [{"line": "7.5"}],
        _fixed_list(OVER_UNDER),
        _subs_settle,
        _fixed=_subs_fixed,
        sports=FOOTBALL,
    ),
    _kind(
        "round_betting",
        "SB §3.22",
        "Round betting",
        [Param("scheduled_rounds", "rounds scheduled", 12, _int_between(1, 15))],
        [{}, {"scheduled_rounds": 10}],
        _round_outcomes,
        _round_betting_settle,
        _label=_round_label,
        sports=frozenset({"boxing"}),
    ),
    _kind(
        "total_rounds",
        "SB §3.23",
        "Total rounds",
        [
            Param(
                "n",
                "over = the bell of round n rings (E21: whole n only)",
                check=_int_between(2, 15),
            )
        ],
        [{"n": 7}],
        _fixed_list(OVER_UNDER),
        _total_rounds_settle,
        _fixed=_rounds_fixed,
        _label=lambda p, c: (
            f"{p['n']} rounds or more" if c == "over" else f"Fewer than {p['n']} rounds"
        ),
        sports=frozenset({"boxing"}),
    ),
    _kind(
        "to_qualify",
        "SB §3.24",
        "To qualify",
        [],
        [{}],
        _fixed_list(TWO_WAY),
        _qualify_settle,
        _fixed=_qualify_fixed,
        sports=SCORE_SPORTS,
        match_winner=True,
    ),
    _kind(
        "double_chance",
        "SB §3.25",
        "Double chance",
        [],
        [{}],
        _fixed_list(["1X", "12", "X2"]),
        _settle_three_way("double_chance", ["1X", "12", "X2"], {"includes_overtime": False}),
        sports=SCORE_SPORTS - SET_SPORTS,
    ),
    _kind(
        "nth_point",
        "SB §3.26",
        "Who scores the N-th point",
        [Param("n", "which point", check=_int_between(1, 500)), PERIOD, OVERTIME],
        [{"n": 1}, {"n": 10, "period": "period:1"}],
        _fixed_list(TWO_WAY),
        _nth_settle,
        _fixed=_nth_fixed,
        sports=SCORE_SPORTS - {"tennis"},
    ),
    _kind(
        "race_to",
        "SB §3.27",
        "Race to X points",
        [Param("x", "the target", check=_int_between(1, 500)), PERIOD, OVERTIME],
        [{"x": 2}, {"x": 20, "period": "period:1"}],
        _fixed_list(TWO_WAY),
        _race_settle,
        _fixed=_race_fixed,
        sports=SCORE_SPORTS - {"tennis"},
    ),
    _kind(
        "rest_of_match",
        "SB §3.28",
        "Rest of the match",
        [OVERTIME],
        [{}],
        _fixed_list(THREE_WAY),
        _rest_of_match_settle,
        _fixed=lambda r, p, c, s: set(),
        sports=SCORE_SPORTS - SET_SPORTS,
        context_sensitive=True,
    ),
    _kind(
        "draw_no_bet",
        "SB §3.29",
        "Draw no bet",
        [PERIOD, OVERTIME, UNIT],
        [{}],
        _fixed_list(TWO_WAY),
        _settle_three_way("draw_no_bet", TWO_WAY),
        sports=WINNER_SPORTS,
        match_winner=True,
    ),
    _kind(
        "highest_scoring_period",
        "SB §3.30",
        "Highest-scoring period",
        [Param("periods", "how many periods the game has", 2, _int_between(2, 9))],
        [{}, {"periods": 3}, {"periods": 4}],
        lambda p: [str(n) for n in range(1, p["periods"] + 1)] + ["equal"],
        _highest_period_settle,
        _fixed=lambda r, p, c, s: set(),
        _label=lambda p, c: "Equal" if c == "equal" else f"Period {c}",
        sports=SCORE_SPORTS,
    ),
    _kind(
        "win_both_halves",
        "SB §3.31",
        "Team to win both halves",
        [TEAM],
        [{"team": "1"}],
        _fixed_list(YES_NO),
        _both_halves_settle,
        _fixed=_both_halves_fixed,
        sports=HALF_SPORTS,
    ),
    _kind(
        "cards_total",
        "SB §3.32",
        "Cards over/under",
        [LINE, TEAM_OPTIONAL],
        [{"line": "4.5"}, {"line": "4"}],
        _fixed_list(OVER_UNDER),
        _cards_settle,
        _fixed=_cards_fixed,
        sports=FOOTBALL,
    ),
    _kind(
        "1x2_and_total",
        "SB §3.33",
        "Result and total",
        [LINE],
        [{"line": "2.5"}],
        _result_and_total_outcomes,
        _result_and_total_settle,
        _fixed=lambda r, p, c, s: set(),
        sports=SCORE_SPORTS - SET_SPORTS,
    ),
    _kind(
        "game_of_set",
        "SB §3.34",
        "Game X of set Y: winner and loser's points",
        [
            Param("set", "set number", check=_int_between(1, 5)),
            Param("game", "game number in the set", check=_int_between(1, 13)),
            Param(
                "tiebreak",
                "the game is a tie-break (loser's points counted, E25)",
                False,
                lambda v: _choice(v, (True, False)),
            ),
        ],
        [{"set": 1, "game": 3}, {"set": 2, "game": 13, "tiebreak": True}],
        _game_outcomes,
        _game_settle,
        _fixed=_game_fixed,
        _label=lambda p, c: f"Player {c.split('/')[0]} wins, loser on {c.split('/')[1]}",
        sports=frozenset({"tennis"}),
    ),
    _kind(
        "winning_margin",
        "SB §3.35",
        "Winning margin",
        [
            Param("max_margin", "the last margin is 'this or more'", 3, _int_between(2, 20)),
            PERIOD,
            OVERTIME,
        ],
        [{}],
        _margin_outcomes,
        _margin_settle,
        _fixed=lambda r, p, c, s: set(),
        _label=_margin_label,
        sports=SCORE_SPORTS - SET_SPORTS,
    ),
    _kind(
        "winner",
        "SB §1.11",
        "Outright winner (places paid, dead heat)",
        [
            Param("participants", "participant ids offered", check=_ids(2)),
            Param("places", "places paid (1 = win only)", 1, _int_between(1, 10)),
        ],
        [{"participants": ["a", "b", "c"]}, {"participants": ["a", "b", "c", "d"], "places": 3}],
        _listed("participants"),
        _winner_settle,
        _fixed=lambda r, p, c, s: set(),
    ),
    _kind(
        "f1_matchup",
        "SB §4.9",
        "Driver match-up",
        [Param("drivers", "the two driver ids", check=_two_ids)],
        [{"drivers": ["ham", "ver"]}],
        _listed("drivers"),
        _matchup_settle,
        _fixed=lambda r, p, c, s: set(),
        sports=frozenset({"formula1"}),
    ),
]

KINDS: dict[str, MarketKind] = {kind.code: kind for kind in _ALL_KINDS}
assert len(KINDS) == len(_ALL_KINDS), "duplicate kind codes"
