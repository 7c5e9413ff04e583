"""One test (at least) per market kind of SB §3, with the rules file's worked examples."""

from decimal import Decimal

import pytest

from sportsbook.settlement.grading import LOST, VOID, WON, BetContext, Settled
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.results import (
    Card,
    EventResult,
    Fight,
    Period,
    Point,
    Score,
    Standing,
    Substitution,
)
from tests.sportsbook.settlement.helpers import football, score_only, settle, states

D = Decimal


def test_sb_3_registry_covers_every_item_of_section_3_plus_winner_and_f1():
    rules = {k.rule for k in KINDS.values()}
    assert {f"SB §3.{n}" for n in range(2, 36)} <= rules
    assert {"SB §1.11", "SB §4.9"} <= rules
    assert len(KINDS) == 36
    for kind in KINDS.values():
        assert kind.example_params and kind.name
        for params in kind.example_params:
            codes = kind.outcomes(params)
            assert len(codes) == len(set(codes)) >= 2
            assert all(kind.outcome_label(params, c) for c in codes)


def test_sb_3_params_are_validated_with_readable_messages():
    with pytest.raises(ValueError, match="line"):
        KINDS["total"].outcomes({})
    with pytest.raises(ValueError, match="multiple of 0.25"):
        KINDS["asian_handicap"].outcomes({"line": "0.3"})
    with pytest.raises(ValueError, match="unknown param"):
        KINDS["1x2"].outcomes({"colour": "red"})
    with pytest.raises(ValueError, match="period"):
        KINDS["1x2"].outcomes({"period": "3rd_half"})


def test_sb_3_1_game_not_played_is_void_for_every_kind():
    for ending in ("cancelled", "postponed"):
        result = EventResult(sport="football", ending=ending)
        for kind in KINDS.values():
            for params in kind.example_params:
                assert set(kind.settle(result, params).values()) == {VOID}, kind.code


def test_sb_3_1_regular_time_by_default_overtime_when_the_line_says():
    result = score_only("hockey", (1, 0), (0, 1), (0, 0), overtime=(Score(1, 0),))
    assert states("1x2", result)["X"] == "won"
    assert states("1x2", result, includes_overtime=True)["1"] == "won"


def test_sb_3_2_one_x_two():
    assert states("1x2", football((10, "1"), (80, "2"), (85, "1"))) == {
        "1": "won",
        "X": "lost",
        "2": "lost",
    }
    assert states("1x2", football())["X"] == "won"


def test_sb_3_3_total_half_line_and_team_total():
    result = football((10, "1"), (20, "1"), (80, "2"))
    assert states("total", result, line="2.5") == {"over": "won", "under": "lost"}
    assert states("total", result, line="1.5", team="2") == {"over": "lost", "under": "won"}


def test_sb_3_3_e4_whole_line_equal_is_void():
    result = football((10, "1"), (20, "1"), (80, "2"))
    assert states("total", result, line="3") == {"over": "void", "under": "void"}


def test_sb_3_3_e4_quarter_total_splits_like_3_4():
    result = football((10, "1"), (20, "1"))
    over = settle("total", result, line="2.25")["over"]  # halves at 2 (void) and 2.5 (lost)
    assert over == Settled(D(0), D("0.5"))
    under = settle("total", result, line="2.25")["under"]
    assert under == Settled(D("0.5"), D("0.5"))


@pytest.mark.parametrize(
    ("goals", "expected"),
    [((), "lost"), (((10, "1"),), "void"), (((10, "1"), (50, "1")), "won")],
    ids=["0:0", "1:0", "2:0"],
)
def test_sb_3_4_asian_minus_one_source_examples(goals, expected):
    assert states("asian_handicap", football(*goals), line="-1")["1"] == expected


def test_sb_3_4_asian_minus_one_one_nil_is_void():
    assert settle("asian_handicap", football((10, "1")), line="-1") == {"1": VOID, "2": VOID}


@pytest.mark.parametrize(
    ("goals", "expected"),
    [(((10, "2"),), "lost"), ((), "won"), (((10, "1"),), "won")],
    ids=["0:1", "0:0", "1:0"],
)
def test_sb_3_4_asian_plus_half_source_examples(goals, expected):
    assert states("asian_handicap", football(*goals), line="0.5")["1"] == expected


def test_sb_3_4_case_2_minus_075_worked_example_4():
    one_nil = settle("asian_handicap", football((10, "1")), line="-0.75")
    assert one_nil["1"] == Settled(D("0.5"), D("0.5"))  # (2.00 + 1) / 2 = 1.50 -> 150
    assert one_nil["1"].coefficient(D("2.00")) == D("1.5")
    assert one_nil["2"] == Settled(D(0), D("0.5"))  # team 2 at +0.75: half lost
    assert settle("asian_handicap", football((10, "1"), (50, "1")), line="-0.75")["1"] == WON
    assert settle("asian_handicap", football(), line="-0.75")["1"] == LOST


def test_sb_3_4_case_2_plus_025_draw_is_half_won():
    settled = settle("asian_handicap", football(), line="0.25")["1"]
    assert settled.coefficient(D("1.90")) == D("1.45")


def test_sb_3_4_case_2_minus_025_draw_is_half_lost():
    settled = settle("asian_handicap", football(), line="-0.25")["1"]
    assert settled == Settled(D(0), D("0.5"))
    assert settled.coefficient(D("1.90")) == D("0.5")


def test_sb_3_4_case_2_every_quarter_combination_and_e5_never_win_and_lose():
    seen = set()
    for line in ("-1.75", "-1.25", "-0.75", "-0.25", "0.25", "0.75", "1.25"):
        for home, away in ((0, 0), (1, 0), (0, 1), (2, 0), (0, 2), (2, 1)):
            result = score_only("football", (home, away), (0, 0))
            for settled in settle("asian_handicap", result, line=line).values():
                seen.add(settled.state)
    assert seen == {"won", "lost", "half_won", "half_lost"}


def test_sb_3_5_three_way_handicap():
    result = football((10, "1"), (50, "1"))
    assert states("handicap_3way", result, line="-1")["1"] == "won"
    assert states("handicap_3way", football((10, "1")), line="-1")["X"] == "won"
    assert states("handicap_3way", football(), line="-1")["2"] == "won"
    with pytest.raises(ValueError, match="whole"):
        KINDS["handicap_3way"].outcomes({"line": "-0.5"})


def test_sb_3_6_first_goal_interval_and_e17_minutes():
    assert states("first_goal_interval", football((10, "2")))["0-10"] == "won"
    assert states("first_goal_interval", football((11, "2")))["11-20"] == "won"
    assert states("first_goal_interval", football((45, "1")))["41-50"] == "won"  # 45+2
    assert states("first_goal_interval", football((90, "1")))["81-90"] == "won"  # 90+4
    own_goal = football((33, "1", "2-p4", True))
    assert states("first_goal_interval", own_goal)["31-40"] == "won"  # E17


def test_sb_3_6_first_goal_interval_with_no_goals_none_wins():
    settled = states("first_goal_interval", football())
    assert settled["none"] == "won"
    assert {v for k, v in settled.items() if k != "none"} == {"lost"}


def test_sb_3_7_half_time_result():
    result = football((10, "2"), (80, "1"), (85, "1"))
    assert states("half_time", result) == {"1": "lost", "X": "lost", "2": "won"}


def test_sb_3_8_half_time_full_time():
    result = football((10, "2"), (80, "1"), (85, "1"))
    settled = states("half_time_full_time", result)
    assert settled["2/1"] == "won"
    assert list(settled.values()).count("won") == 1


def test_sb_3_9_correct_score_regular_time_only():
    result = football((10, "1"), (100, "2"), overtime=(Score(0, 1),))
    assert states("correct_score", result)["1:0"] == "won"
    assert states("correct_score", football(*[(m, "1") for m in range(1, 6)]))["other"] == "won"


def test_sb_3_10_half_time_correct_score():
    result = football((10, "1"), (80, "2"))
    assert states("half_time_correct_score", result)["1:0"] == "won"


def test_sb_3_11_odd_even_nil_nil_is_even():
    assert states("odd_even", football()) == {"odd": "lost", "even": "won"}
    assert states("odd_even", football((3, "2"))) == {"odd": "won", "even": "lost"}


def test_sb_3_12_set_betting():
    result = score_only("tennis", (6, 4), (3, 6), (7, 5))
    assert states("set_betting", result)["2:1"] == "won"
    assert states("set_betting", result)["2:0"] == "lost"


def test_sb_3_13_corners_total():
    result = football(corners=Score(6, 4))
    assert states("corners_total", result, line="9.5")["over"] == "won"
    assert states("corners_total", result, line="10")["over"] == "void"
    assert states("corners_total", result, line="4.5", team="2")["under"] == "won"


def test_sb_3_14_hat_trick_own_goals_do_not_count():
    hat = football((1, "1", "1-p9"), (2, "1", "1-p9"), (3, "1", "1-p9"))
    assert states("hat_trick", hat)["yes"] == "won"
    with_own = football((1, "1", "1-p9"), (2, "1", "1-p9"), (3, "2", "1-p9", True))
    assert states("hat_trick", with_own)["no"] == "won"
    in_extra_time = football(
        (1, "1", "1-p9"), (2, "1", "1-p9"), (95, "1", "1-p9"), overtime=(Score(1, 0),)
    )
    assert states("hat_trick", in_extra_time)["no"] == "won"


def test_sb_3_15_sending_off_and_e19_who_counts():
    def match(*cards):
        return football(cards=tuple(cards))

    assert states("sending_off", match(Card(30, "1", "red", "1-p3")))["yes"] == "won"
    two_yellows = match(Card(30, "1", "yellow", "1-p3"), Card(60, "1", "yellow", "1-p3"))
    assert states("sending_off", two_yellows)["yes"] == "won"  # E19
    bench = match(Card(30, "1", "red", "1-p20", "bench"), Card(91, "2", "red", "2-p1"))
    assert states("sending_off", bench)["no"] == "won"
    after_whistle = match(Card(90, "1", "red", "1-p3", "after_final_whistle"))
    assert states("sending_off", after_whistle)["no"] == "won"


def test_sb_3_16_clean_sheet():
    result = football((10, "1"))
    assert states("clean_sheet", result, team="1")["yes"] == "won"
    assert states("clean_sheet", result, team="2")["no"] == "won"


def test_sb_3_17_goalscorer_own_goal_and_player_who_never_played():
    result = football((10, "1", "1-p9"), (20, "1", "2-p5", True))
    assert states("goalscorer", result, player="1-p9")["yes"] == "won"
    assert states("goalscorer", result, player="2-p5")["no"] == "won"  # own goals never count
    assert states("goalscorer", result, player="1-p99") == {"yes": "void", "no": "void"}
    subbed_on = football(substitutions=(Substitution(60, "1", "1-p12", "1-p2"),))
    assert states("goalscorer", subbed_on, player="1-p12")["no"] == "won"


def test_sb_3_18_first_goalscorer_e18():
    result = football(
        (5, "1", "2-p4", True),
        (30, "2", "2-p9"),
        substitutions=(Substitution(40, "1", "1-p12", "1-p2"),),
    )
    settled = states("first_goalscorer", result, players=["2-p9", "1-p9", "1-p12", "1-p99"])
    assert settled == {
        "2-p9": "won",  # the own goal is skipped
        "1-p9": "lost",
        "1-p12": "void",  # came on after the first goal
        "1-p99": "void",  # never took the field
        "none": "lost",
    }
    only_own = football((5, "1", "2-p4", True))
    assert states("first_goalscorer", only_own, players=["2-p4"]) == {
        "2-p4": "lost",
        "none": "won",
    }


def test_sb_3_19_booking_points_e19():
    cards = (
        Card(10, "1", "yellow", "1-p1"),  # 2
        Card(20, "1", "yellow", "1-p2"),
        Card(50, "1", "yellow", "1-p2"),  # two yellows: 7
        Card(30, "2", "yellow", "2-p1"),
        Card(70, "2", "red", "2-p1"),  # yellow then straight red: 7
        Card(80, "2", "red", "2-p2"),  # 5
        Card(85, "2", "yellow", None, "staff"),  # never counts
    )
    result = football(cards=cards)
    assert states("booking_points", result, line="21") == {"over": "void", "under": "void"}
    assert states("booking_points", result, line="9.5", team="1")["under"] == "won"


def test_sb_3_20_corners_which_team_e20_equal_refunded():
    assert states("corners_winner", football(corners=Score(6, 4)))["1"] == "won"
    assert states("corners_winner", football(corners=Score(5, 5))) == {"1": "void", "2": "void"}
    assert states("corners_winner", football(corners=Score(5, 5)), with_draw=True)["X"] == "won"


def test_sb_3_21_substitutions_regular_time_only():
    subs = (
        Substitution(60, "1", "1-p12", "1-p2"),
        Substitution(90, "2", "2-p12", "2-p2"),
        Substitution(100, "2", "2-p13", "2-p3"),
    )
    result = football(substitutions=subs)
    assert states("substitutions_total", result, line="1.5")["over"] == "won"
    assert states("substitutions_total", result, line="2")["over"] == "void"


def _fight(**fight):
    return EventResult(sport="boxing", fight=Fight(**{"scheduled_rounds": 12, **fight}))


def test_sb_3_22_round_betting():
    ko = _fight(round=5, method="ko", winner="2")
    assert states("round_betting", ko)["2:5"] == "won"
    points = _fight(round=12, method="points", winner="1")
    assert states("round_betting", points)["1:points"] == "won"
    assert states("round_betting", _fight(round=12, method="draw"))["draw"] == "won"


def test_sb_3_23_total_rounds_e21_bell_of_round_n():
    assert states("total_rounds", _fight(round=7, method="ko", winner="1"), n=7)["over"] == "won"
    assert states("total_rounds", _fight(round=6, method="ko", winner="1"), n=7)["under"] == "won"
    with pytest.raises(ValueError):
        KINDS["total_rounds"].outcomes({"n": "6.5"})


def test_sb_3_24_to_qualify_tie_as_a_whole():
    result = football((10, "1"), overtime=(), advances="2")  # won the first leg
    assert states("to_qualify", result) == {"1": "lost", "2": "won"}
    penalties = football((10, "1"), (80, "2"), overtime=(Score(0, 0),), shootout=Score(4, 5))
    assert states("to_qualify", penalties)["2"] == "won"


def test_sb_3_25_double_chance_without_extra_time():
    result = football((10, "1"), (80, "2"), (100, "1"), overtime=(Score(1, 0),))
    assert states("double_chance", result) == {"1X": "won", "12": "lost", "X2": "won"}


def test_sb_3_26_nth_point():
    plays = (Point("1", 1, 2), Point("2", 1, 3), Point("1", 2, 1))
    result = score_only("basketball", (2, 3), (1, 0), scoring=plays)
    assert states("nth_point", result, n=3)["2"] == "won"  # the three-pointer takes it to 5
    assert states("nth_point", result, n=6)["1"] == "won"
    assert states("nth_point", result, n=7) == {"1": "void", "2": "void"}  # E22


def test_sb_3_27_race_to_x():
    result = football((10, "2"), (20, "1"), (30, "1"), (40, "2"), (50, "2"))
    assert states("race_to", result, x=2)["1"] == "won"
    assert states("race_to", result, x=3)["2"] == "won"
    assert states("race_to", result, x=4) == {"1": "void", "2": "void"}  # E22


def test_sb_3_28_rest_of_match_counts_goals_after_acceptance():
    result = football((10, "1"), (20, "1"), (70, "2"))
    context = BetContext(live=True, score_at_placement=(2, 0), placed_minute=30)
    assert states("rest_of_match", result, context)["2"] == "won"
    assert states("rest_of_match", result)["1"] == "won"  # pre-match: the whole match
    assert KINDS["rest_of_match"].context_sensitive


def test_sb_3_29_draw_no_bet():
    assert states("draw_no_bet", football()) == {"1": "void", "2": "void"}
    assert states("draw_no_bet", football((9, "2")))["2"] == "won"


def test_sb_3_30_highest_scoring_period_e24():
    hockey = score_only("hockey", (1, 1), (0, 3), (1, 0))
    assert states("highest_scoring_period", hockey, periods=3)["2"] == "won"
    shared = score_only("hockey", (2, 0), (0, 2), (1, 0))
    assert states("highest_scoring_period", shared, periods=3)["equal"] == "won"
    all_equal = score_only("basketball", (20, 20), (20, 20), (25, 15), (21, 19))
    assert states("highest_scoring_period", all_equal, periods=4)["equal"] == "won"


def test_sb_3_31_team_to_win_both_halves():
    assert states("win_both_halves", football((1, "1"), (50, "1")), team="1")["yes"] == "won"
    assert states("win_both_halves", football((1, "1")), team="1")["no"] == "won"


def test_sb_3_32_cards_at_most_two_per_player():
    cards = (
        Card(10, "1", "yellow", "1-p2"),
        Card(50, "1", "yellow", "1-p2"),
        Card(60, "1", "red", "1-p2"),  # still 2 for this player
        Card(70, "2", "red", "2-p3"),
        Card(80, "2", "yellow", "2-p20", "bench"),
    )
    result = football(cards=cards)
    assert states("cards_total", result, line="3") == {"over": "void", "under": "void"}


def test_sb_3_33_result_and_total():
    result = football((10, "1"), (20, "1"), (30, "2"))
    settled = states("1x2_and_total", result, line="2.5")
    assert settled["1/over"] == "won"
    assert [o for o, s in settled.items() if s == "won"] == ["1/over"]
    whole = states("1x2_and_total", result, line="3")
    assert whole["1/over"] == "void" and whole["2/over"] == "lost"


def test_sb_3_34_game_x_of_set_y_e25():
    games = (Score(4, 1), Score(2, 4), Score(6, 8), Score(4, 0))
    first_set = Period(2, 2, finished=False, game_points=games)
    result = EventResult(sport="tennis", periods=(first_set,), ending="retired", retired="1")
    assert states("game_of_set", result, set=1, game=1)["1/15"] == "won"
    assert states("game_of_set", result, set=1, game=3)["2/40"] == "won"  # deuce game
    assert states("game_of_set", result, set=1, game=6) == dict.fromkeys(
        KINDS["game_of_set"].outcomes({"set": 1, "game": 6}), "void"
    )


def test_sb_3_35_winning_margin_e26():
    assert states("winning_margin", football((1, "1"), (2, "1")))["1:2"] == "won"
    assert states("winning_margin", football(*[(m, "2") for m in range(1, 5)]))["2:3+"] == "won"
    assert states("winning_margin", football((1, "1"), (2, "2")))["score_draw"] == "won"
    assert states("winning_margin", football())["no_goal"] == "won"  # E26: not score_draw


def test_sb_1_11_dead_heat_worked_example_5():
    standings = (Standing("a", 1), Standing("b", 1), Standing("c", 3))
    result = EventResult(sport="other", standings=standings)
    settled = settle("winner", result, participants=["a", "b", "c"])
    assert settled["a"] == Settled(D("0.5"), D(0))
    assert settled["a"].coefficient(D("5.00")) * 100 == 250
    assert settled["c"] == LOST


def test_sb_1_11_e9_dead_heat_for_the_last_place_paid():
    standings = tuple(Standing(p, pos) for p, pos in zip("abcde", (1, 2, 3, 3, 3), strict=True))
    result = EventResult(sport="other", standings=standings)
    settled = settle("winner", result, participants=list("abcde"), places=3)
    assert settled["a"] == WON and settled["b"] == WON
    assert settled["c"].win * 3 == 1  # one place left for three tied


def test_sb_4_9_e29_f1_matchup():
    def race(*standings):
        result = EventResult(sport="formula1", standings=standings)
        return states("f1_matchup", result, drivers=["ham", "ver"])

    assert race(Standing("ham", 3), Standing("ver", 5))["ham"] == "won"
    assert race(Standing("ham", None, 30), Standing("ver", 7))["ver"] == "won"
    assert race(Standing("ham", None, 30), Standing("ver", None, 41))["ver"] == "won"
    assert race(Standing("ham", None, 30), Standing("ver", None, 30))["ham"] == "void"
    assert race(Standing("ham", None, 0, False), Standing("ver", 1))["ver"] == "void"
