"""Review of the engine against the rules file: edge cases of §3, §4 and the rulings."""

from sportsbook.settlement.grading import BetContext
from sportsbook.settlement.results import Card, EventResult, Fight, Period, Score, Substitution

from .helpers import football, score_only, states


def _all_void(code, result, context=None, **params):
    return set(states(code, result, context, **params).values()) == {"void"}


def test_e17_first_goal_stoppage_time_and_own_goal():
    assert states("first_goal_interval", football((45, "1")))["41-50"] == "won"
    assert states("first_goal_interval", football((90, "2")))["81-90"] == "won"
    assert states("first_goal_interval", football((10, "1")))["0-10"] == "won"
    assert states("first_goal_interval", football((11, "1")))["11-20"] == "won"
    own = football((5, "2", "1-p3", True), (30, "1"))
    assert states("first_goal_interval", own)["0-10"] == "won"
    assert states("first_goal_interval", football())["none"] == "won"
    assert len(states("first_goal_interval", football())) == 10


def test_e18_first_goalscorer_own_goal_skipped_late_sub_refunded():
    result = football(
        (5, "2", "1-p3", True),
        (30, "1", "1-p9"),
        substitutions=(
            Substitution(20, "2", "2-s1", "2-p1"),
            Substitution(40, "1", "1-s1", "1-p2"),
        ),
    )
    got = states("first_goalscorer", result, players=["1-p9", "1-p3", "2-s1", "1-s1", "x"])
    assert got == {
        "1-p9": "won",
        "1-p3": "lost",
        "2-s1": "lost",
        "1-s1": "void",
        "x": "void",
        "none": "lost",
    }
    only_own = football((5, "2", "1-p3", True))
    assert states("first_goalscorer", only_own, players=["1-p3"]) == {
        "1-p3": "lost",
        "none": "won",
    }


def test_e19_cards():
    cards = (
        Card(10, "1", "yellow", "a"),
        Card(60, "1", "red", "a"),  # yellow then straight red: 7 points, 2 cards
        Card(20, "2", "yellow", "b"),
        Card(70, "2", "yellow", "b"),  # second yellow: 7 points, 2 cards, sent off
        Card(30, "2", "red", "c", place="bench"),
        Card(91, "1", "yellow", "d"),  # extra time of a cup tie? no: after 90 = not regular
    )
    result = football(cards=cards)
    assert states("booking_points", result, line="14")["under"] == "void"
    assert states("cards_total", result, line="4")["under"] == "void"
    assert states("sending_off", result)["yes"] == "won"
    second_yellow_only = football(
        cards=(Card(20, "2", "yellow", "b"), Card(70, "2", "yellow", "b"))
    )
    assert states("sending_off", second_yellow_only)["yes"] == "won"
    bench_only = football(cards=(Card(30, "2", "red", "c", place="bench"),))
    assert states("sending_off", bench_only)["no"] == "won"


def test_e24_highest_scoring_period_equal():
    assert (
        states("highest_scoring_period", score_only("football", (1, 0), (0, 1)))["equal"] == "won"
    )
    r = score_only("hockey", (2, 0), (1, 1), (0, 1))
    assert states("highest_scoring_period", r, periods=3)["equal"] == "won"
    r = score_only("hockey", (2, 1), (1, 1), (0, 1))
    assert states("highest_scoring_period", r, periods=3)["1"] == "won"


def test_e25_game_loser_points():
    games = (Score(4, 0), Score(2, 4), Score(4, 2), Score(8, 6)) + (Score(4, 1),) * 2
    result = EventResult(
        sport="tennis",
        periods=(Period(4, 2, True, games), Period(6, 0, True, (Score(4, 0),) * 6)),
    )
    assert states("game_of_set", result, set=1, game=1)["1/0"] == "won"
    assert states("game_of_set", result, set=1, game=2)["2/30"] == "won"
    assert states("game_of_set", result, set=1, game=4)["1/40"] == "won"


def test_e26_margin_nil_nil_only_no_goal():
    got = states("winning_margin", football())
    assert got["no_goal"] == "won" and got["score_draw"] == "lost"
    got = states("winning_margin", football((3, "1"), (5, "2")))
    assert got["no_goal"] == "lost" and got["score_draw"] == "won"


def test_e27_tennis_retirement():
    sets = ((6, 4), (6, 7), (2, 1, False))  # 26 games
    result = score_only("tennis", *sets, ending="retired", retired="2")
    assert states("total", result, line="25.5")["over"] == "won"
    assert states("total", result, line="27.5")["over"] == "void"
    assert states("1x2", result)["1"] == "won"
    assert _all_void("asian_handicap", result, line="-1.5")
    assert states("set_betting", result)["2:0"] == "lost"
    assert states("set_betting", result)["2:1"] == "void"
    early = score_only("tennis", (3, 2, False), ending="retired", retired="2")
    assert _all_void("1x2", early)


def test_sb_4_7_between_rounds():
    fight = Fight(scheduled_rounds=12, round=8, method="retired", winner="1", between_rounds=True)
    result = EventResult(sport="boxing", fight=fight)
    assert states("round_betting", result)["1:7"] == "won"
    assert states("total_rounds", result, n=8)["under"] == "won"
    assert states("total_rounds", result, n=7)["over"] == "won"


def test_sb_3_1_basketball_and_nfl_pre_match_include_overtime():
    b = score_only("basketball", (20, 20), (20, 20), (20, 20), (20, 20), overtime=(Score(10, 5),))
    assert states("1x2", b)["1"] == "won"
    assert states("total", b, line="170")["over"] == "won"
    assert states("1x2", b, BetContext(live=True))["X"] == "won"
    assert states("double_chance", b)["1X"] == "won" and states("double_chance", b)["12"] == "lost"
    nfl = score_only("american_football", (7, 7), (0, 0), (0, 0), (3, 3), overtime=(Score(3, 3),))
    got = states("1x2", nfl)
    assert got["1"] == got["2"] == "void"
    assert _all_void("draw_no_bet", nfl)


def test_e13_pre_match_after_start_void():
    r = football((3, "1"))
    assert _all_void("1x2", r, BetContext(placed_after_start=True))
    assert states("1x2", r, BetContext(live=True, placed_after_start=True))["1"] == "won"


def test_e28_only_one_named_pitcher():
    innings = [(0, 0)] * 8 + [(1, 0)]
    result = score_only("baseball", *innings, starting_pitchers=("ace", "lefty"))
    assert states("1x2", result, pitchers={"1": "ace"})["1"] == "won"
    assert _all_void("1x2", result, pitchers={"1": "other"})


def test_sb_4_1_football_stopped_official_result():
    # §4.1 has no "official result" clause: stopped before 90 minutes -> only determined bets.
    r = football((10, "1"), (50, "1"), ending="abandoned", minutes_played=70, official_result=True)
    assert states("1x2", r)["1"] == "void"
    assert states("total", r, line="1.5")["over"] == "won"


def test_sb_3_23_total_rounds_knows_when_it_is_decided():
    """E11 for total rounds ("N rounds or more" is the line N - 0.5), no KeyError on 'line'."""
    import random

    from sportsbook.settlement.markets import KINDS
    from sportsbook.settlement.random_results import random_result

    kind = KINDS["total_rounds"]
    result = random_result("boxing", random.Random(5))
    decided = kind.is_determined(result, {"n": 7}, BetContext())
    assert decided <= {"over", "under"}
