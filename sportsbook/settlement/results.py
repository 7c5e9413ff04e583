"""What happened in a sports event: the facts every market kind and sport rule settles on.

Teams (and tennis players, boxers) are "1" (home / first named) and "2". All sequences are
tuples so results are hashable and compare by value. `EventResult.from_dict` / `.to_dict`
round-trip plain JSON (the database stores results as JSON); invalid input raises ValueError.

Conventions of the data (the engine relies on them):
- `periods` are the regular-time periods in order: halves (football, handball), periods
  (hockey), quarters (basketball, NFL), innings (baseball, cricket), sets (tennis, volleyball,
  badminton: home/away are the games or points won in the set). Only the last period may be
  unfinished (`finished=False`), when the event stopped during it.
- `overtime` holds extra time / overtimes / extra innings, one score per extra period;
  `shootout` the penalty shoot-out or hockey shoot-out, never part of any period.
- Minutes are as in the official report: stoppage time of a football half is its last minute
  (45, 90, SB §4.1), and minutes beyond the sport's regular length are extra time.
- A goal's `team` is the team credited with it; `own_goal` means the scorer plays for the
  other team. A second yellow card is recorded as a second "yellow" to the same player.
- Tennis `game_points` list the points won by each side in every completed game of a set, a
  tie-break as the set's last game; a super tie-break is a set of one game (SB §4.4).
"""

from __future__ import annotations

import types
import typing
from dataclasses import MISSING, dataclass, fields, is_dataclass

SPORTS = (
    "football",
    "hockey",
    "basketball",
    "tennis",
    "boxing",
    "american_football",
    "baseball",
    "volleyball",
    "handball",
    "formula1",
    "cricket",
    "badminton",
    "table_tennis",
    "futsal",
    "water_polo",
    "rugby",
    "snooker",
    "darts",
    "other",
)
# Sports played over sets, games or frames (SB §4.4, §4.10, §4.11).
SET_SPORTS = frozenset({"tennis", "volleyball", "badminton", "table_tennis", "snooker", "darts"})
# Sports whose results list goals with minutes and scorers.
GOAL_SPORTS = frozenset({"football", "hockey", "handball", "futsal", "water_polo"})
# Regular playing time in minutes, where it matters (SB §3.1, §4.1–§4.3).
REGULAR_MINUTES = {
    "football": 90,
    "hockey": 60,
    "handball": 60,
    "futsal": 40,
    "water_polo": 32,
    "rugby": 80,
    "american_football": 60,
    "basketball": 40,  # NBA: 48
}
ENDINGS = (
    "completed",
    "abandoned",  # stopped or interrupted and not completed in time (SB §1.10, §4.1–§4.3)
    "retired",  # a participant withdrew during play (SB §4.4, §4.10, §4.11)
    "no_contest",  # SB §4.7
    "disqualification",
    "postponed",  # not played within the deadline (SB §4.1: more than three days)
    "cancelled",
    "venue_moved_to_away_ground",  # SB §1.10, E14
    "foul_play_void",  # SB §1.10: unfair play proven
)
TEAMS = ("1", "2")
CARD_COLOURS = ("yellow", "red")
CARD_PLACES = ("pitch", "bench", "staff", "after_final_whistle")
FIGHT_METHODS = ("ko", "tko", "points", "dq", "retired", "draw", "no_contest")


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def _team(value: str | None, what: str, optional: bool = False) -> None:
    if value is None and optional:
        return
    _require(value in TEAMS, f"{what} must be '1' or '2', not {value!r}")


def _count(value: int | None, what: str) -> None:
    _require(value is None or value >= 0, f"{what} must not be negative, got {value}")


@dataclass(frozen=True)
class Score:
    home: int
    away: int

    def __post_init__(self):
        _count(self.home, "a score")
        _count(self.away, "a score")

    def total(self) -> int:
        return self.home + self.away

    def winner(self) -> str | None:
        return "1" if self.home > self.away else "2" if self.away > self.home else None


@dataclass(frozen=True)
class Period:
    home: int
    away: int
    finished: bool = True
    game_points: tuple[Score, ...] = ()

    def __post_init__(self):
        _count(self.home, "a period score")
        _count(self.away, "a period score")
        if self.game_points and self.finished:
            _require(
                len(self.game_points) == self.home + self.away,
                f"a finished set of {self.home}-{self.away} needs {self.home + self.away} "
                f"games of points, got {len(self.game_points)}",
            )
        for game in self.game_points:
            _require(game.home != game.away, "a completed game cannot end level on points")

    @property
    def score(self) -> Score:
        return Score(self.home, self.away)


@dataclass(frozen=True)
class Goal:
    minute: int
    team: str
    scorer: str | None = None
    own_goal: bool = False

    def __post_init__(self):
        _count(self.minute, "a goal's minute")
        _team(self.team, "a goal's team")


@dataclass(frozen=True)
class Card:
    minute: int
    team: str
    colour: str
    player: str | None = None
    place: str = "pitch"

    def __post_init__(self):
        _count(self.minute, "a card's minute")
        _team(self.team, "a card's team")
        _require(self.colour in CARD_COLOURS, f"a card is yellow or red, not {self.colour!r}")
        _require(self.place in CARD_PLACES, f"a card's place is one of {CARD_PLACES}")
        _require(self.place != "pitch" or self.player, "a card on the pitch names its player")


@dataclass(frozen=True)
class Substitution:
    minute: int
    team: str
    player_in: str
    player_out: str

    def __post_init__(self):
        _count(self.minute, "a substitution's minute")
        _team(self.team, "a substitution's team")


@dataclass(frozen=True)
class Point:
    """One scoring play, in order (SB §3.26, §3.27): `period` is 1-based over `periods` and
    then `overtime`."""

    team: str
    period: int = 1
    value: int = 1

    def __post_init__(self):
        _team(self.team, "a scoring play's team")
        _require(self.period >= 1 and self.value >= 1, "a scoring play has period and value >= 1")


@dataclass(frozen=True)
class Fight:
    """A boxing fight (SB §3.22, §3.23, §4.7). `round` is the round in which it ended; with
    `between_rounds` it is the round whose bell never rang (retired, failed to answer the bell,
    disqualified between rounds). For a decision or a draw it is the last scheduled round."""

    scheduled_rounds: int
    round: int
    method: str
    winner: str | None = None
    between_rounds: bool = False
    rounds_changed: bool = False  # the scheduled length was deliberately changed (§4.7)

    def __post_init__(self):
        _require(self.scheduled_rounds >= 1, "a fight is scheduled for at least one round")
        _require(
            1 <= self.round <= self.scheduled_rounds,
            f"the fight's round {self.round} is outside 1..{self.scheduled_rounds}",
        )
        _require(self.method in FIGHT_METHODS, f"a fight's method is one of {FIGHT_METHODS}")
        decided = self.method not in ("draw", "no_contest")
        _team(self.winner, "the fight's winner", optional=not decided)
        _require(decided or self.winner is None, f"a {self.method} has no winner")
        _require(
            not self.between_rounds or self.round >= 2,
            "a fight ended between rounds has a round of at least 2 (the bell that never rang)",
        )

    def rounds_lasted(self) -> int:
        """SB §4.7: the bell of `round` rang unless the fight ended before that round began."""
        return self.round - 1 if self.between_rounds else self.round


@dataclass(frozen=True)
class Standing:
    """A participant's place in an outright event or race; equal positions are a dead heat
    (SB §1.11). `position` None = not classified (F1: did not finish)."""

    participant: str
    position: int | None = None
    laps: int | None = None
    started: bool = True

    def __post_init__(self):
        _require(bool(self.participant), "a standing names its participant")
        _require(self.position is None or self.position >= 1, "positions start at 1")
        _count(self.laps, "laps")


@dataclass(frozen=True)
class EventResult:
    sport: str
    ending: str = "completed"
    minutes_played: int | None = None
    is_friendly: bool = False
    nba: bool = False
    official_result: bool = False  # result declared by the governing body (SB §4.2, §4.3)
    periods: tuple[Period, ...] = ()
    overtime: tuple[Score, ...] = ()
    shootout: Score | None = None
    goals: tuple[Goal, ...] = ()
    corners: Score | None = None
    cards: tuple[Card, ...] = ()
    substitutions: tuple[Substitution, ...] = ()
    lineups: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # starting line-ups of 1, 2
    scoring: tuple[Point, ...] = ()
    retired: str | None = None  # the side that withdrew (SB §4.4)
    disqualified: str | None = None
    advances: str | None = None  # who goes through: the tie as a whole (§3.24), retirements
    fight: Fight | None = None
    standings: tuple[Standing, ...] = ()
    starting_pitchers: tuple[str, str] | None = None  # baseball, of 1 and 2 (SB §4.6)

    def __post_init__(self):
        _require(self.sport in SPORTS, f"unknown sport {self.sport!r}; one of {SPORTS}")
        _require(self.ending in ENDINGS, f"unknown ending {self.ending!r}; one of {ENDINGS}")
        _count(self.minutes_played, "minutes played")
        _team(self.retired, "the retired side", optional=True)
        _team(self.disqualified, "the disqualified side", optional=True)
        _team(self.advances, "the side that advances", optional=True)
        _require(
            self.ending != "retired" or self.retired is not None,
            "a retirement names the side that retired",
        )
        _require(
            all(p.finished for p in self.periods[:-1]), "only the last period may be unfinished"
        )
        _require(
            not self.overtime or all(p.finished for p in self.periods),
            "overtime follows finished regular periods",
        )
        _require(len(self.lineups) == 2, "lineups are two lists: team 1's and team 2's starters")
        names = [s.participant for s in self.standings]
        _require(len(names) == len(set(names)), "a participant appears twice in the standings")
        if self.sport == "boxing" and self.ending in ("completed", "retired", "disqualification"):
            _require(self.fight is not None, "a boxing result describes the fight")
        self._check_goals()
        self._check_scoring()

    # -- consistency of the details with the score --------------------------------------

    def regular_minutes(self) -> int | None:
        if self.sport == "basketball" and self.nba:
            return 48
        return REGULAR_MINUTES.get(self.sport)

    def in_regular_time(self, minute: int) -> bool:
        limit = self.regular_minutes()
        return limit is None or minute <= limit

    def _check_goals(self) -> None:
        if not self.goals or self.regular_minutes() is None:
            return
        for team, attr in (("1", "home"), ("2", "away")):
            regular = sum(
                1 for g in self.goals if g.team == team and self.in_regular_time(g.minute)
            )
            extra = sum(
                1 for g in self.goals if g.team == team and not self.in_regular_time(g.minute)
            )
            want_regular = sum(getattr(p, attr) for p in self.periods)
            want_extra = sum(getattr(p, attr) for p in self.overtime)
            _require(
                regular == want_regular and extra == want_extra,
                f"team {team}'s goals ({regular} + {extra} in extra time) do not match the "
                f"score ({want_regular} + {want_extra})",
            )

    def _check_scoring(self) -> None:
        if not self.scoring:
            return
        scores = [p.score for p in self.periods] + list(self.overtime)
        for index, score in enumerate(scores, start=1):
            for team, want in (("1", score.home), ("2", score.away)):
                got = sum(p.value for p in self.scoring if p.period == index and p.team == team)
                _require(
                    got == want,
                    f"scoring plays of team {team} in period {index} add up to {got}, "
                    f"the score says {want}",
                )
        _require(
            all(p.period <= len(scores) for p in self.scoring),
            "a scoring play lies in a period that was not played",
        )

    # -- JSON ---------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict) -> EventResult:
        try:
            return _load(cls, data, "result")
        except (TypeError, KeyError) as error:  # pragma: no cover - _load reports its own
            raise ValueError(f"invalid result: {error}") from error

    def to_dict(self) -> dict:
        return _dump(self)


# --- generic, type-driven JSON mapping of the dataclasses above --------------------------


def _dump(value):
    if is_dataclass(value):
        out = {}
        for f in fields(value):
            item = getattr(value, f.name)
            if f.default is not MISSING and item == f.default:
                continue  # compact JSON: defaults are left out and restored by from_dict
            out[f.name] = _dump(item)
        return out
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


def _load(tp, data, where: str):
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        (inner,) = [o for o in options if o is not type(None)]
        return _load(inner, data, where)
    if origin is tuple:
        _require(isinstance(data, list | tuple), f"{where} must be a list")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        _require(len(data) == len(args), f"{where} must have {len(args)} items")
        return tuple(
            _load(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True))
        )
    if is_dataclass(tp):
        _require(isinstance(data, dict), f"{where} must be an object")
        hints = typing.get_type_hints(tp)
        known = {f.name for f in fields(tp)}
        unknown = set(data) - known
        _require(not unknown, f"{where} has unknown field(s) {sorted(unknown)}")
        kwargs = {}
        for f in fields(tp):
            if f.name in data:
                kwargs[f.name] = _load(hints[f.name], data[f.name], f"{where}.{f.name}")
            else:
                _require(f.default is not MISSING, f"{where} needs {f.name!r}")
        return tp(**kwargs)
    if tp is bool:
        _require(isinstance(data, bool), f"{where} must be true or false")
        return data
    if tp is int:
        _require(
            isinstance(data, int) and not isinstance(data, bool), f"{where} must be a whole number"
        )
        return data
    if tp is str:
        _require(isinstance(data, str), f"{where} must be a string")
        return data
    raise TypeError(f"no JSON mapping for {tp}")  # pragma: no cover - a programming error
