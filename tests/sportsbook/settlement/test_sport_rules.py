"""SB §1.8-§1.10, §3.1 and the sport rules of §4 applied inside settlement (E10-E14, E27-E30)."""

from sportsbook.settlement.grading import VOID, BetContext
from sportsbook.settlement.markets import KINDS, is_determined
from sportsbook.settlement.results import EventResult, Fight, Period, Point, Score
from tests.sportsbook.settlement.helpers import football, score_only, states


def _all_void(code, result, **params):
    return set(KINDS[code].settle(result, params).values()) == {VOID}


def test_sb_4_1_football_stopped_before_90_minutes_is_void_unless_determined_e11():
    stopped = football(
        (10, "1"),
        (20, "1"),
        (30, "1"),
        ending="abandoned",
        minutes_played=60,
        periods=(Period(3, 0), Period(0, 0, finished=False)),
    )
    assert _all_void("1x2", stopped)
    assert states("total", stopped, line="2.5") == {"over": "won", "under": "lost"}  # E11
    assert _all_void("total", stopped, line="3.5")
    assert states("half_time", stopped)["1"] == "won"  # 1st half over at half-time
    assert states("first_goal_interval", stopped)["0-10"] == "won"
    correct = states("correct_score", stopped)
    assert correct["0:0"] == "lost" and correct["3:0"] == "void" and correct["4:1"] == "void"
    assert is_determined("total", stopped, {"line": "2.5"}) == {"over", "under"}


def test_sb_4_1_e12_friendly_settles_on_the_final_result():
    friendly = football(
        (10, "1"),
        ending="abandoned",
        minutes_played=70,
        is_friendly=True,
        periods=(Period(1, 0), Period(0, 0, finished=False)),
    )
    assert states("1x2", friendly)["1"] == "won"


def test_sb_4_1_postponed_more_than_three_days_is_void():
    assert _all_void("1x2", EventResult(sport="football", ending="postponed"))


def test_sb_4_2_hockey_55_minutes_stand_or_official_result():
    def stopped(minutes, official=False):
        return score_only(
            "hockey",
            (1, 0),
            (0, 0),
            (1, 0, False),
            ending="abandoned",
            minutes_played=minutes,
            official_result=official,
        )

    assert states("1x2", stopped(56))["1"] == "won"
    assert _all_void("1x2", stopped(50))
    assert states("1x2", stopped(50, official=True))["1"] == "won"


def test_sb_4_2_hockey_incl_ot_counts_the_shootout_winner():
    result = score_only(
        "hockey", (1, 1), (0, 0), (0, 0), overtime=(Score(0, 0),), shootout=Score(2, 3)
    )
    assert states("1x2", result)["X"] == "won"
    assert states("1x2", result, includes_overtime=True)["2"] == "won"


def test_sb_4_3_basketball_nba_43_others_35_minutes():
    def stopped(minutes, nba):
        return score_only(
            "basketball",
            (20, 18),
            (22, 20),
            (20, 25),
            (5, 2, False),
            ending="abandoned",
            minutes_played=minutes,
            nba=nba,
        )

    assert states("1x2", stopped(44, nba=True))["1"] == "won"
    assert _all_void("1x2", stopped(40, nba=True))
    assert states("1x2", stopped(36, nba=False))["1"] == "won"
    assert _all_void("1x2", stopped(34, nba=False))


def test_sb_4_3_basketball_pre_match_includes_overtime_live_does_not():
    result = score_only(
        "basketball", (20, 20), (20, 20), (20, 20), (20, 20), overtime=(Score(10, 8),)
    )
    assert states("1x2", result)["1"] == "won"
    assert states("1x2", result, BetContext(live=True))["X"] == "won"
    assert states("total", result, line="160.5")["over"] == "won"


def test_sb_4_4_tennis_retirement_set_score_examples():
    at_one_all = score_only("tennis", (6, 4), (4, 6), (2, 1, False), ending="retired", retired="2")
    settled = states("set_betting", at_one_all)
    assert settled["2:0"] == "lost"  # example 1
    assert settled["2:1"] == "void"  # example 2


def test_sb_4_4_tennis_retirement_total_games_examples_and_e27():
    fifteen = score_only("tennis", (6, 4), (3, 2, False), ending="retired", retired="1")
    assert states("total", fifteen, line="17.5") == {"over": "void", "under": "void"}
    nineteen = score_only("tennis", (6, 4), (6, 3), ending="retired", retired="1")
    assert states("total", nineteen, line="17.5") == {"over": "won", "under": "lost"}


def test_sb_4_4_tennis_retirement_match_winner_handicap_and_less_than_a_set():
    after_a_set = score_only("tennis", (6, 4), (1, 3, False), ending="retired", retired="2")
    assert states("1x2", after_a_set)["1"] == "won"  # the one who advances
    assert states("to_qualify", after_a_set)["1"] == "won"
    assert _all_void("asian_handicap", after_a_set, line="-1.5")
    in_first_set = score_only("tennis", (4, 1, False), ending="retired", retired="1")
    assert _all_void("1x2", in_first_set)
    assert _all_void("to_qualify", in_first_set)


def test_sb_4_4_super_tie_break_is_a_set_of_one_game():
    result = score_only("tennis", (6, 4), (4, 6), (1, 0))
    assert states("set_betting", result)["2:1"] == "won"
    assert states("total", result, line="20.5")["over"] == "won"  # 10 + 10 + 1 games


def test_sb_4_5_nfl_tie_after_overtime_voids_to_win():
    result = score_only(
        "american_football", (7, 7), (3, 3), (0, 0), (7, 7), overtime=(Score(3, 3),)
    )
    assert states("1x2", result) == {"1": "void", "X": "won", "2": "void"}
    assert states("draw_no_bet", result) == {"1": "void", "2": "void"}
    assert states("1x2", result, BetContext(live=True))["X"] == "won"


def test_sb_4_6_baseball_extra_innings_and_totals():
    innings = [(0, 0)] * 8 + [(1, 1)]
    plays = (Point("1", 9), Point("2", 9), Point("1", 10), Point("1", 10))
    result = score_only("baseball", *innings, overtime=(Score(2, 0),), scoring=plays)
    assert states("1x2", result)["1"] == "won"  # pre-match: extra innings count
    assert states("total", result, line="2.5")["under"] == "won"  # totals exclude them
    assert states("1x2", result, BetContext(live=True))["X"] == "won"
    assert states("race_to", result, BetContext(live=True), x=3)["1"] == "won"


def test_sb_4_6_e28_starting_pitcher_change_voids():
    innings = [(0, 0)] * 8 + [(1, 0)]
    result = score_only("baseball", *innings, starting_pitchers=("ace", "lefty"))
    named = {"1": "ace", "2": "lefty"}
    assert states("1x2", result, pitchers=named)["1"] == "won"
    assert _all_void("1x2", result, pitchers={"1": "ace", "2": "other"})
    assert _all_void("total", result, line="0.5", pitchers={"1": "relief", "2": "lefty"})


def _fight(ending="completed", **fight):
    return EventResult(
        sport="boxing", ending=ending, fight=Fight(**{"scheduled_rounds": 12, **fight})
    )


def test_sb_4_7_boxing_retirement_between_rounds_ends_the_previous_round():
    result = _fight(round=8, method="retired", winner="1", between_rounds=True)
    assert states("round_betting", result)["1:7"] == "won"
    assert states("total_rounds", result, n=8)["under"] == "won"  # the bell of 8 never rang


def test_sb_4_7_boxing_disqualified_loses_and_no_contest_voids():
    dq = _fight("disqualification", round=4, method="dq", winner="2")
    assert states("1x2", dq)["2"] == "won"
    assert _all_void("1x2", _fight("no_contest", round=3, method="no_contest"))
    assert _all_void("round_betting", _fight(round=3, method="ko", winner="1", rounds_changed=True))


def test_sb_4_10_badminton_less_than_one_game_played_voids():
    early = score_only("badminton", (10, 4, False), ending="retired", retired="2")
    assert _all_void("1x2", early)
    later = score_only("badminton", (21, 10), (3, 4, False), ending="retired", retired="1")
    assert states("1x2", later)["2"] == "won"


def test_sb_4_11_volleyball_retirement_the_one_who_advances_wins_e30():
    result = score_only("volleyball", (25, 20), (10, 5, False), ending="retired", retired="1")
    assert states("1x2", result)["2"] == "won"
    assert states("total", result, line="50.5") == {"over": "won", "under": "lost"}  # E30
    assert _all_void("total", result, line="80.5")


def test_sb_1_10_e10_other_sports_abandoned_void_unless_determined():
    rugby = score_only("rugby", (10, 3), (5, 0, False), ending="abandoned", minutes_played=60)
    assert _all_void("1x2", rugby)
    assert states("total", rugby, line="10.5")["over"] == "won"


def test_sb_1_10_e14_venue_moved_to_the_away_ground_voids():
    assert _all_void("1x2", football((3, "1"), ending="venue_moved_to_away_ground"))


def test_sb_1_10_foul_play_voids():
    assert _all_void("total", football((3, "1"), ending="foul_play_void"), line="0.5")


def test_sb_1_8_e13_pre_match_bet_placed_after_the_start_is_void():
    result = football((3, "1"))
    late = BetContext(placed_after_start=True)
    assert states("1x2", result, late) == {"1": "void", "X": "void", "2": "void"}
    assert states("1x2", result, BetContext(live=True, placed_after_start=True))["1"] == "won"
    kind = KINDS["1x2"]
    assert kind.context_key(late) != kind.context_key(BetContext())


def test_sb_4_8_cricket_on_the_event_as_a_whole():
    result = score_only("cricket", (250, 180), (120, 100))
    assert states("1x2", result)["1"] == "won"
