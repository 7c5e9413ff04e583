"""What every market kind is made of: its parameters (`Param`), the kind itself (`MarketKind`:
§3.1 and the sport rules of §4 applied around the kind's own rule), the default outcome labels
and the pieces the families of kinds share. The kinds are in the family modules beside."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from sportsbook.settlement import rules
from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import PRE_MATCH, VOID, BetContext, Settled, check_line
from sportsbook.settlement.results import SPORTS, TEAMS, EventResult


def gettext_noop(message: str) -> str:
    """Marks a string for translation without translating it (no Django here)."""
    return message


REQUIRED = object()
THREE_WAY = ["1", "X", "2"]
OVER_UNDER = ["over", "under"]
YES_NO = ["yes", "no"]
TWO_WAY = ["1", "2"]


# --- parameters -------------------------------------------------------------------------------


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


def int_between(low: int, high: int):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return check


def id_list(minimum: int):
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


def one_of(value, choices: tuple):
    if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
        raise ValueError(f"must be one of {choices}")
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


# --- the kind ---------------------------------------------------------------------------------

SettleFn = Callable[[EventResult, dict, BetContext], dict[str, Settled]]
FixedFn = Callable[[EventResult, dict, BetContext, dict[str, Settled]], set[str]]


def period_fixed(result: EventResult, params: dict, context, settled) -> set[str]:
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
    _fixed: FixedFn = period_fixed
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
        return (self._label or default_label)(params, code)

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


WORDS = {
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


def default_label(params: dict, code: str) -> str:
    line = params.get("line")
    if code in ("over", "under") and line is not None:
        return f"{code.capitalize()} {line}"
    if "/" in code:
        return " / ".join(default_label(params, part) for part in code.split("/"))
    return WORDS.get(code, code)


# --- what the families share ------------------------------------------------------------------


def market_score(result: EventResult, params: dict, context: BetContext, kind: str, winner: bool):
    with_ot = sc.overtime_included(result, kind, params.get("includes_overtime"), context)
    in_sets = sc.uses_sets(result, params.get("unit"), winner)
    return sc.score(result, params.get("period", "match"), with_ot, in_sets), with_ot


def fixed_list(outcomes: list[str]):
    return lambda params: list(outcomes)


SCORE_SPORTS = frozenset(SPORTS) - {"boxing", "formula1"}
HALF_SPORTS = frozenset(s for s, n in sc.REGULAR_PERIODS.items() if n in (2, 4, 9))
FOOTBALL = frozenset({"football"})
WINNER_SPORTS = SCORE_SPORTS | {"boxing"}


def market_kind(code, rule, name, params, examples, outcomes, settle, **more) -> MarketKind:
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
