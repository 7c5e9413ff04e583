"""Specials: the players' and the match's events (SB §3.14 hat-trick, §3.15 a sending-off,
§3.16 a clean sheet, §3.17 and §3.18 goalscorers, §3.20 most corners). Each kind's rule is
written just above its registry entry; the yes/no ones share `_yes_no`."""

from __future__ import annotations

from collections.abc import Callable

from sportsbook.settlement import scores as sc
from sportsbook.settlement.grading import VOID, WON, pick, won_if
from sportsbook.settlement.markets.kind import (
    FOOTBALL,
    SCORE_SPORTS,
    TEAM,
    THREE_WAY,
    TWO_WAY,
    YES_NO,
    Param,
    fixed_list,
    id_list,
    market_kind,
    one_of,
)
from sportsbook.settlement.results import GOAL_SPORTS, SET_SPORTS, EventResult


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


_hat_settle, _hat_fixed = _yes_no(_hat_trick)


HAT_TRICK = market_kind(
    "hat_trick",
    "SB §3.14",
    "Hat-trick in the match",
    [],
    [{}],
    fixed_list(YES_NO),
    _hat_settle,
    _fixed=_hat_fixed,
    sports=GOAL_SPORTS,
)


def _sent_off(result, params):
    # SB §3.15, E19: a red card, or a second yellow, to a player on the pitch in regular time.
    return any(reds or yellows >= 2 for yellows, reds in sc.counted_cards(result).values())


_off_settle, _off_fixed = _yes_no(_sent_off)


SENDING_OFF = market_kind(
    "sending_off",
    "SB §3.15",
    "A player sent off",
    [],
    [{}],
    fixed_list(YES_NO),
    _off_settle,
    _fixed=_off_fixed,
    sports=FOOTBALL,
)


def _clean_sheet_settle(result, params, context):
    score = sc.score(result, "match", with_overtime=False)
    conceded = score.away if params["team"] == "1" else score.home
    return pick(YES_NO, "no" if conceded else "yes")


def _clean_sheet_fixed(result, params, context, settled):
    return set(settled) if settled["no"] == WON else set()


CLEAN_SHEET = market_kind(
    "clean_sheet",
    "SB §3.16",
    "Team to keep a clean sheet",
    [TEAM],
    [{"team": "1"}, {"team": "2"}],
    fixed_list(YES_NO),
    _clean_sheet_settle,
    _fixed=_clean_sheet_fixed,
    sports=SCORE_SPORTS - SET_SPORTS,
)


def _scored(result, params):
    player = params["player"]
    if not sc.took_part(result, player):
        return None  # SB §3.17: bets on a player who never took the field are returned
    goals = sc.needs_goal_details(result, scorers=True)
    return any(g.scorer == player and not g.own_goal for g in goals)  # own goals never count


_scorer_settle, _scorer_fixed = _yes_no(_scored)


GOALSCORER = market_kind(
    "goalscorer",
    "SB §3.17",
    "Player to score",
    [Param("player", "the player's id", check=lambda v: id_list(1)([v])[0])],
    [{"player": "p1"}],
    fixed_list(YES_NO),
    _scorer_settle,
    _fixed=_scorer_fixed,
    sports=GOAL_SPORTS,
)


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


FIRST_GOALSCORER = market_kind(
    "first_goalscorer",
    "SB §3.18",
    "First goalscorer",
    [Param("players", "the players offered (ids)", check=id_list(1))],
    [{"players": ["p1", "p2", "p3"]}],
    _first_scorer_outcomes,
    _first_scorer_settle,
    _fixed=_first_scorer_fixed,
    sports=GOAL_SPORTS,
    _label=lambda p, c: "No goalscorer" if c == "none" else c,
)


def _more_corners_settle(result, params, context):
    outcomes = THREE_WAY if params["with_draw"] else TWO_WAY
    if result.corners is None:
        raise ValueError("corner markets need the result's corners")
    winner = result.corners.winner() or "X"
    if winner == "X" and not params["with_draw"]:
        return dict.fromkeys(outcomes, VOID)  # E20
    return pick(outcomes, winner)


CORNERS_WINNER = market_kind(
    "corners_winner",
    "SB §3.20",
    "Most corners",
    [
        Param(
            "with_draw",
            'an "equal" outcome X is offered (else equal is refunded, E20)',
            False,
            lambda v: one_of(v, (True, False)),
        )
    ],
    [{}, {"with_draw": True}],
    lambda p: list(THREE_WAY if p["with_draw"] else TWO_WAY),
    _more_corners_settle,
    _fixed=lambda r, p, c, s: set(),
    sports=FOOTBALL,
)
