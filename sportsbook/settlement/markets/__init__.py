"""The market kinds of SB §3 (§3.2–§3.35), the outright winner (§1.11) and the F1 driver
match-up (§4.9), in one registry `KINDS`. §3.1 and the sport rules of §4 are shared logic
applied by `MarketKind.settle` before and after a kind's own rule (`kind.py`).

The kinds live in one module per family, each kind's rule written just above its registry entry:
`winners.py` (who wins), `totals.py` (totals and handicaps), `scoring.py` (how the scoring went)
and `specials.py` (the players' and the match's events)."""

from __future__ import annotations

from sportsbook.settlement.grading import PRE_MATCH
from sportsbook.settlement.markets import scoring, specials, totals, winners
from sportsbook.settlement.markets.kind import MarketKind, Param
from sportsbook.settlement.results import EventResult

# In the rulebook's order, as every list of kinds shows them.
_ALL_KINDS = [
    winners.MATCH_RESULT,
    totals.TOTAL,
    totals.ASIAN_HANDICAP,
    totals.HANDICAP_3WAY,
    scoring.FIRST_GOAL_INTERVAL,
    winners.HALF_TIME,
    winners.HALF_TIME_FULL_TIME,
    scoring.CORRECT_SCORE,
    scoring.HALF_TIME_CORRECT_SCORE,
    totals.ODD_EVEN,
    scoring.SET_BETTING,
    totals.CORNERS_TOTAL,
    specials.HAT_TRICK,
    specials.SENDING_OFF,
    specials.CLEAN_SHEET,
    specials.GOALSCORER,
    specials.FIRST_GOALSCORER,
    totals.BOOKING_POINTS,
    specials.CORNERS_WINNER,
    totals.SUBSTITUTIONS_TOTAL,
    scoring.ROUND_BETTING,
    totals.TOTAL_ROUNDS,
    winners.TO_QUALIFY,
    winners.DOUBLE_CHANCE,
    scoring.NTH_POINT,
    scoring.RACE_TO,
    winners.REST_OF_MATCH,
    winners.DRAW_NO_BET,
    scoring.HIGHEST_SCORING_PERIOD,
    winners.WIN_BOTH_HALVES,
    totals.CARDS_TOTAL,
    winners.RESULT_AND_TOTAL,
    scoring.GAME_OF_SET,
    scoring.WINNING_MARGIN,
    winners.WINNER,
    winners.F1_MATCHUP,
]

KINDS: dict[str, MarketKind] = {kind.code: kind for kind in _ALL_KINDS}
assert len(KINDS) == len(_ALL_KINDS), "duplicate kind codes"


def is_determined(code: str, result: EventResult, params: dict, context=PRE_MATCH) -> set[str]:
    """E11 for the kind `code`: the outcomes already decided on an unfinished result."""
    return KINDS[code].is_determined(result, params, context)


__all__ = ["KINDS", "MarketKind", "Param", "is_determined"]
