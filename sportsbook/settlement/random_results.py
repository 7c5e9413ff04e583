"""Random, internally consistent event results for property tests, load tests and benchmarks:
`random_result(sport, rng)` with a seeded `random.Random` is reproducible."""

from __future__ import annotations

import random

from sportsbook.settlement.results import (
    GOAL_SPORTS,
    REGULAR_MINUTES,
    SET_SPORTS,
    Card,
    EventResult,
    Fight,
    Goal,
    Period,
    Point,
    Score,
    Standing,
    Substitution,
)
from sportsbook.settlement.scores import REGULAR_PERIODS

# Mostly completed events, and now and then every other way an event can end.
_RARE_ENDINGS = ("postponed", "cancelled", "venue_moved_to_away_ground", "foul_play_void")
_MEAN_PER_PERIOD = {
    "football": 1.3,
    "futsal": 3,
    "handball": 14,
    "hockey": 1,
    "water_polo": 4,
    "basketball": 25,
    "american_football": 10,
    "rugby": 12,
    "baseball": 0.5,
    "cricket": 150,
    "other": 2,
}
PLAYERS_PER_TEAM = 11


def player(team: str, number: int) -> str:
    return f"{team}-p{number}"


def random_result(sport: str, rng: random.Random) -> EventResult:
    roll = rng.random()
    if roll < 0.04:
        return EventResult(sport=sport, ending=rng.choice(_RARE_ENDINGS))
    if sport == "boxing":
        return _boxing(rng)
    if sport == "formula1":
        return EventResult(sport=sport, standings=_standings(rng, 10, race=True))
    if sport in SET_SPORTS:
        return _sets(sport, rng)
    return _periods(sport, rng, stopped=roll < 0.12)


def _poisson(rng: random.Random, mean: float) -> int:
    if mean > 30:
        return max(0, round(rng.gauss(mean, mean**0.5)))
    count, threshold, product = 0, pow(2.718281828, -mean), rng.random()
    while product > threshold:
        count += 1
        product *= rng.random()
    return count


def _periods(sport: str, rng: random.Random, stopped: bool) -> EventResult:
    count = REGULAR_PERIODS.get(sport, 2)
    minutes = REGULAR_MINUTES.get(sport)
    nba = sport == "basketball" and rng.random() < 0.5
    if nba:
        minutes = 48
    length = minutes / count if minutes else None
    mean = _MEAN_PER_PERIOD.get(sport, 2)
    stop_minute = rng.randint(1, minutes - 1) if stopped and minutes else None
    periods, goals, plays = [], [], []
    for index in range(count):
        start = round(index * length) + 1 if length else None
        if stop_minute is not None and start > stop_minute:
            break
        end = round((index + 1) * length) if length else None
        finished = stop_minute is None or end <= stop_minute
        last = end if finished else stop_minute
        home, away = _poisson(rng, mean), _poisson(rng, mean)
        if sport in GOAL_SPORTS:
            goals += _goals(rng, home, away, start, last)
        else:
            plays += _plays(rng, sport, home, away, index + 1)
            home = sum(p.value for p in plays if p.period == index + 1 and p.team == "1")
            away = sum(p.value for p in plays if p.period == index + 1 and p.team == "2")
        periods.append(Period(home, away, finished=finished))
    overtime, shootout, advances = [], None, None
    level = sum(p.home for p in periods) == sum(p.away for p in periods)
    if stop_minute is None and level and rng.random() < 0.6 and sport != "cricket":
        home, away = _poisson(rng, mean / 2), _poisson(rng, mean / 2)
        if sport in GOAL_SPORTS:
            goals += _goals(
                rng, home, away, minutes + 1, minutes + (30 if sport == "football" else 5)
            )
        else:
            plays += _plays(rng, sport, home, away, count + 1)
            home = sum(p.value for p in plays if p.period == count + 1 and p.team == "1")
            away = sum(p.value for p in plays if p.period == count + 1 and p.team == "2")
        overtime.append(Score(home, away))
        if home == away and sport in ("football", "hockey", "handball"):
            shootout = Score(*rng.choice([(5, 4), (3, 4), (4, 2), (2, 3)]))
            advances = shootout.winner()
        elif home != away:
            advances = "1" if home > away else "2"
    lineups, substitutions = _lineups(rng, sport, minutes)
    ending = "abandoned" if stop_minute is not None else "completed"
    return EventResult(
        sport=sport,
        ending=ending,
        minutes_played=stop_minute if stop_minute is not None else minutes,
        is_friendly=sport == "football" and rng.random() < 0.1,
        nba=nba,
        official_result=stopped and rng.random() < 0.2,
        periods=tuple(periods),
        overtime=tuple(overtime),
        shootout=shootout,
        goals=tuple(goals),
        corners=Score(rng.randint(0, 12), rng.randint(0, 12)) if sport == "football" else None,
        cards=_cards(rng, minutes) if sport == "football" else (),
        substitutions=substitutions,
        lineups=lineups,
        scoring=tuple(plays),
        advances=advances,
        starting_pitchers=_pitchers(rng) if sport == "baseball" else None,
        standings=_standings(rng, 6, race=False) if sport == "other" else (),
    )


def _goals(rng, home: int, away: int, first: int, last: int) -> list[Goal]:
    goals = []
    for team, count in (("1", home), ("2", away)):
        for _ in range(count):
            own = rng.random() < 0.05
            side = {"1": "2", "2": "1"}[team] if own else team
            scorer = player(side, rng.randint(1, PLAYERS_PER_TEAM + 2))
            goals.append(Goal(rng.randint(first, last), team, scorer, own))
    return sorted(goals, key=lambda g: g.minute)


def _plays(rng, sport: str, home: int, away: int, period: int) -> list[Point]:
    values = (1, 2, 2, 3) if sport == "basketball" else (1,)
    plays = []
    left = {"1": home, "2": away}
    while left["1"] > 0 or left["2"] > 0:
        team = rng.choice([t for t in ("1", "2") if left[t] > 0])
        value = min(rng.choice(values), left[team])
        left[team] -= value
        plays.append(Point(team, period, value))
    return plays


def _lineups(rng, sport: str, minutes: int | None):
    if sport not in GOAL_SPORTS:
        return ((), ()), ()
    lineups = tuple(
        tuple(player(team, n) for n in range(1, PLAYERS_PER_TEAM + 1)) for team in ("1", "2")
    )
    substitutions = []
    for team in ("1", "2"):
        for n in range(rng.randint(0, 3)):
            minute = rng.randint(minutes // 2, minutes + (10 if rng.random() < 0.1 else 0))
            substitutions.append(
                Substitution(
                    minute, team, player(team, PLAYERS_PER_TEAM + 1 + n), player(team, n + 2)
                )
            )
    return lineups, tuple(substitutions)


def _cards(rng, minutes: int) -> tuple[Card, ...]:
    cards = []
    for _ in range(_poisson(rng, 4)):
        team = rng.choice("12")
        place = rng.choices(["pitch", "bench", "staff", "after_final_whistle"], [20, 1, 1, 1])[0]
        who = player(team, rng.randint(1, 6)) if place != "staff" else None
        cards.append(
            Card(rng.randint(1, minutes), team, rng.choice(["yellow"] * 5 + ["red"]), who, place)
        )
    return tuple(cards)


def _pitchers(rng) -> tuple[str, str]:
    return (rng.choice(["1-ace", "1-relief"]), rng.choice(["2-ace", "2-relief"]))


def _sets(sport: str, rng: random.Random) -> EventResult:
    best_of = 3 if sport in ("tennis", "badminton") and rng.random() < 0.7 else 5
    if sport == "badminton":
        best_of = 3
    need = best_of // 2 + 1
    won = {"1": 0, "2": 0}
    periods, plays = [], []
    retire_at = rng.randint(1, best_of * 14) if rng.random() < 0.1 else None
    games_played = 0
    while max(won.values()) < need:
        if sport == "tennis":
            period, games_played, stopped = _tennis_set(rng, games_played, retire_at)
        else:
            target = 11 if sport == "table_tennis" else 21 if sport == "badminton" else 25
            loser = rng.randint(0, target - 2)
            home, away = (target, loser) if rng.random() < 0.5 else (loser, target)
            period, stopped = Period(home, away), False
            if retire_at is not None and retire_at < 14 * (len(periods) + 1):
                home, away = rng.randint(0, target - 1), rng.randint(0, target - 1)
                period, stopped = Period(home, away, False), True
            plays += _plays(rng, sport, home, away, len(periods) + 1)
        periods.append(period)
        if stopped:
            return EventResult(
                sport=sport,
                ending="retired",
                periods=tuple(periods),
                scoring=tuple(plays),
                retired=rng.choice("12"),
            )
        won[period.score.winner()] += 1
    return EventResult(
        sport=sport, periods=tuple(periods), scoring=tuple(plays), advances=period.score.winner()
    )


def _tennis_game(rng, tiebreak: bool) -> Score:
    target = 7 if tiebreak else 4
    loser = rng.choice([0, 1, 2, 3, 4, 5, 6] if tiebreak else [0, 1, 2, 3, 3, 4, 5])
    winner_points = max(target, loser + 2)
    return Score(winner_points, loser) if rng.random() < 0.5 else Score(loser, winner_points)


def _tennis_set(rng, games_played: int, retire_at: int | None):
    home = away = 0
    points = []
    while True:
        done = (max(home, away) >= 6 and abs(home - away) >= 2) or max(home, away) == 7
        if done:
            return Period(home, away, game_points=tuple(points)), games_played, False
        if retire_at is not None and games_played >= retire_at:
            return Period(home, away, False, tuple(points)), games_played, True
        game = _tennis_game(rng, tiebreak=home == away == 6)
        points.append(game)
        games_played += 1
        if game.winner() == "1":
            home += 1
        else:
            away += 1


def _boxing(rng: random.Random) -> EventResult:
    scheduled = rng.choice([4, 6, 8, 10, 12])
    method = rng.choices(
        ["ko", "tko", "points", "dq", "retired", "draw", "no_contest"], [20, 20, 40, 3, 8, 5, 2]
    )[0]
    between = method in ("retired", "dq") and rng.random() < 0.7
    if method in ("points", "draw"):
        ended = scheduled
    else:
        ended = rng.randint(2 if between else 1, scheduled)
    winner = None if method in ("draw", "no_contest") else rng.choice("12")
    fight = Fight(scheduled, ended, method, winner, between, rounds_changed=rng.random() < 0.02)
    ending = {"dq": "disqualification", "no_contest": "no_contest"}.get(method, "completed")
    return EventResult(sport="boxing", ending=ending, fight=fight)


def _standings(rng: random.Random, count: int, race: bool) -> tuple[Standing, ...]:
    standings, position = [], 1
    drivers = [f"d{n}" for n in range(1, count + 1)]
    rng.shuffle(drivers)
    for driver in drivers:
        if race and rng.random() < 0.15:
            started = rng.random() < 0.7
            standings.append(Standing(driver, None, rng.randint(0, 50) if started else 0, started))
            continue
        tied = not race and rng.random() < 0.1 and standings
        standings.append(
            Standing(driver, standings[-1].position if tied else position, 58 if race else None)
        )
        position += 1
    return tuple(standings)
