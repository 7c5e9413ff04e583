"""Results entry (issue 4 §5): a form per sport producing a valid EventResult, settlement due 20
minutes after the end (SB §6.1), corrections re-settled booking only the differences (E33)."""

import datetime as dt
import json
import uuid

import pytest
from django.urls import reverse

from casino import ledger
from sportsbook.betting.services import Selection, bet_place
from sportsbook.line.services import event_set_status
from sportsbook.models import (
    Bet,
    BetSettlement,
    Event,
    EventStatus,
    SettlementReason,
    SettlementRun,
)
from sportsbook.settlement import runner as settlement_runner
from sportsbook.settlement.forms import SPORT_LAYOUTS
from sportsbook.settlement.results import EventResult
from sportsbook.settlement.services import event_hold_payouts, event_result_set
from tests.conftest import assert_books_clean, fund, new_player
from tests.sportsbook.line import football_result, make_event, outcome, set_rates

pytestmark = pytest.mark.django_db

FORMSETS = ("periods", "overtime", "sets", "goals", "cards", "substitutions", "standings")


@pytest.fixture
def trader(client, staff):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.force_login(staff)
    return client


def rows(prefix: str, items: list[dict]) -> dict:
    data = {f"{prefix}-TOTAL_FORMS": str(len(items)), f"{prefix}-INITIAL_FORMS": "0"}
    for index, row in enumerate(items):
        for key, value in row.items():
            if value is False or value is None:
                continue
            data[f"{prefix}-{index}-{key}"] = "on" if value is True else str(value)
    return data


def entry_post(ending="completed", finish=True, parts=None, **formsets) -> dict:
    """The POST of the results form: the header, the sport's parts, and every formset (empty
    unless given)."""
    data = {"h-ending": ending}
    if finish:
        data["h-mark_finished"] = "on"
    for name in FORMSETS:
        data.update(rows(name, formsets.get(name, [])))
    for key, value in (parts or {}).items():
        if value is not None and value is not False:
            data[key] = "on" if value is True else str(value)
    return data


def save(client, event, data):
    return client.post(reverse("trader:results", args=[event.pk]), data)


def p(home, away, finished=True):
    return {"home": home, "away": away, "finished": finished}


def assert_due_twenty_minutes_after_the_end(event: Event):
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED and event.finished_at is not None
    assert event.settle_due_at == event.finished_at + dt.timedelta(minutes=20)  # SB §6.1


# --- a form per sport ---------------------------------------------------


def test_results_page_has_the_football_sections(trader):
    event = make_event(sport="football")
    page = trader.get(reverse("trader:results", args=[event.pk])).content.decode()
    for marker in ("goals-0-scorer", "cards-0-colour", "substitutions-0-player_in",
                   "corners_lineups-lineup_home", "shootout-shootout_home", "periods-1-home",
                   "result_json"):  # fmt: skip
        assert marker in page


def test_football_result_with_goals_cards_corners_substitutions_and_lineups(trader):
    event = make_event(sport="football")
    data = entry_post(
        periods=[p(1, 0), p(1, 1)],
        goals=[
            {"minute": 23, "team": "1", "scorer": "Saka"},
            {"minute": 58, "team": "2", "scorer": "Palmer"},
            {"minute": 90, "team": "1", "scorer": "Colwill", "own_goal": True},
        ],
        cards=[
            {"minute": 31, "team": "2", "colour": "yellow", "player": "Caicedo", "place": "pitch"},
            {"minute": 70, "team": "2", "colour": "yellow", "player": "Caicedo", "place": "pitch"},
            {"minute": 80, "team": "1", "colour": "red", "player": "Coach", "place": "staff"},
        ],
        substitutions=[{"minute": 60, "team": "1", "player_in": "Trossard", "player_out": "Saka"}],
        parts={
            "corners_lineups-corners_home": 7,
            "corners_lineups-corners_away": 3,
            "corners_lineups-lineup_home": "Raya\nSaka\n",
            "corners_lineups-lineup_away": "Sanchez\nPalmer\nColwill",
        },
    )
    response = save(trader, event, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    result = EventResult.from_dict(event.result)
    assert [p.score.total() for p in result.periods] == [1, 2]
    assert result.goals[2].own_goal and result.goals[2].scorer == "Colwill"
    assert result.corners.home == 7 and len(result.cards) == 3
    assert result.cards[2].place == "staff"
    assert result.substitutions[0].player_in == "Trossard"
    assert result.lineups == (("Raya", "Saka"), ("Sanchez", "Palmer", "Colwill"))
    assert_due_twenty_minutes_after_the_end(event)


def test_football_abandoned_at_minute_n_and_extra_time_with_penalties(trader):
    abandoned = make_event(sport="football")
    save(trader, abandoned, entry_post(ending="abandoned", periods=[p(0, 1, False)],
                                       parts={"h-minutes_played": 38}))  # fmt: skip
    abandoned.refresh_from_db()
    assert abandoned.result["ending"] == "abandoned" and abandoned.result["minutes_played"] == 38
    cup = make_event(sport="football")
    save(
        trader,
        cup,
        entry_post(
            periods=[p(1, 0), p(0, 1)],
            overtime=[{"home": 0, "away": 0}, {"home": 0, "away": 0}],
            parts={"shootout-shootout_home": 4, "shootout-shootout_away": 3, "h-advances": "1"},
        ),
    )
    cup.refresh_from_db()
    assert cup.result["shootout"] == {"home": 4, "away": 3} and cup.result["advances"] == "1"
    assert len(cup.result["overtime"]) == 2


@pytest.mark.parametrize(
    "ending", ["cancelled", "postponed", "venue_moved_to_away_ground", "foul_play_void"]
)
def test_how_the_event_ended(trader, ending):
    event = make_event(sport="football")
    assert save(trader, event, entry_post(ending=ending)).status_code == 302
    event.refresh_from_db()
    assert event.result == {"sport": "football", "ending": ending}
    assert_due_twenty_minutes_after_the_end(event)


def test_hockey_periods_overtime_and_shootout(trader):
    event = make_event(sport="hockey", markets=(("1x2", {"includes_overtime": True}),))
    response = save(
        trader,
        event,
        entry_post(
            periods=[p(1, 0), p(0, 1), p(1, 1)],
            overtime=[{"home": 0, "away": 0}],
            goals=[
                {"minute": 5, "team": "1", "scorer": "Panarin"},
                {"minute": 30, "team": "2", "scorer": "Pastrnak"},
                {"minute": 45, "team": "1"},
                {"minute": 55, "team": "2"},
            ],
            parts={"shootout-shootout_home": 2, "shootout-shootout_away": 1},
        ),
    )
    assert response.status_code == 302
    event.refresh_from_db()
    result = EventResult.from_dict(event.result)
    assert len(result.periods) == 3 and result.overtime[0].total() == 0
    assert result.shootout.home == 2 and len(result.goals) == 4
    assert_due_twenty_minutes_after_the_end(event)


def test_basketball_quarters_and_overtime(trader):
    event = make_event(sport="basketball", markets=(("draw_no_bet", {}),))
    save(
        trader,
        event,
        entry_post(
            periods=[p(20, 22), p(25, 19), p(18, 24), p(22, 20)],
            overtime=[{"home": 12, "away": 9}],
            parts={"basketball-nba": True},
        ),
    )
    event.refresh_from_db()
    result = EventResult.from_dict(event.result)
    assert [q.home for q in result.periods] == [20, 25, 18, 22] and result.nba
    assert result.overtime[0].home == 12
    assert_due_twenty_minutes_after_the_end(event)


def test_tennis_sets_with_a_tie_break_and_a_retirement(trader):
    event = make_event(sport="tennis", markets=(("set_betting", {}),))
    games = " ".join(["4:1"] * 6 + ["2:4"] * 6)  # 12 games, then the tie-break
    response = save(
        trader,
        event,
        entry_post(
            ending="retired",
            sets=[
                {
                    "home": 7,
                    "away": 6,
                    "tiebreak_home": 7,
                    "tiebreak_away": 5,
                    "game_points": games,
                    "finished": True,
                },  # fmt: skip
                {"home": 2, "away": 1, "finished": False},
            ],
            parts={"tennis-retired": "2", "h-advances": "1"},
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    event.refresh_from_db()
    result = EventResult.from_dict(event.result)
    first, second = result.periods
    assert (first.home, first.away) == (7, 6) and len(first.game_points) == 13
    assert (first.game_points[-1].home, first.game_points[-1].away) == (7, 5)
    assert not second.finished and result.retired == "2" and result.ending == "retired"
    assert_due_twenty_minutes_after_the_end(event)


def test_tennis_tie_break_without_the_other_games_is_explained(trader):
    event = make_event(sport="tennis", markets=(("set_betting", {}),))
    response = save(
        trader,
        event,
        entry_post(sets=[{"home": 7, "away": 6, "tiebreak_home": 7, "tiebreak_away": 5}]),
    )
    assert response.status_code == 422
    assert "the set&#x27;s last game" in response.content.decode()
    event.refresh_from_db()
    assert event.result is None


def test_boxing_scheduled_rounds_round_method_and_winner(trader):
    event = make_event(sport="boxing", markets=(("round_betting", {"scheduled_rounds": 12}),))
    save(
        trader,
        event,
        entry_post(
            parts={
                "fight-scheduled_rounds": 12,
                "fight-round": 8,
                "fight-method": "tko",
                "fight-winner": "2",
            }
        ),
    )
    event.refresh_from_db()
    fight = EventResult.from_dict(event.result).fight
    assert (fight.scheduled_rounds, fight.round, fight.method, fight.winner) == (12, 8, "tko", "2")
    assert_due_twenty_minutes_after_the_end(event)


def test_boxing_draw_with_a_winner_shows_the_engines_message(trader):
    event = make_event(sport="boxing", markets=(("round_betting", {"scheduled_rounds": 12}),))
    response = save(
        trader,
        event,
        entry_post(
            parts={
                "fight-scheduled_rounds": 12,
                "fight-round": 12,
                "fight-method": "draw",
                "fight-winner": "1",
            }
        ),  # fmt: skip
    )
    assert response.status_code == 422
    assert "a draw has no winner" in response.content.decode()
    event.refresh_from_db()
    assert event.result is None and event.status == EventStatus.SCHEDULED


def test_formula1_standings_with_a_dead_heat(trader):
    event = make_event(sport="formula1", markets=(("f1_matchup", {"drivers": ["ham", "ver"]}),))
    save(
        trader,
        event,
        entry_post(
            standings=[
                {"participant": "ver", "position": 1, "laps": 78},
                {"participant": "ham", "position": 1, "laps": 78},
                {"participant": "lec", "laps": 40},
                {"participant": "nor", "did_not_start": True},
            ]
        ),
    )
    event.refresh_from_db()
    standings = EventResult.from_dict(event.result).standings
    assert [s.position for s in standings] == [1, 1, None, None]
    assert standings[3].started is False
    assert_due_twenty_minutes_after_the_end(event)


def test_every_layout_sport_renders_its_form(trader):
    for sport in SPORT_LAYOUTS:
        event = make_event(sport=sport, markets=())
        response = trader.get(reverse("trader:results", args=[event.pk]))
        assert response.status_code == 200 and 'id="result-form"' in response.content.decode()


# --- errors and the fallback ---------------------------------------------------


def test_goals_that_do_not_match_the_score_show_the_value_error(trader):
    event = make_event(sport="football")
    response = save(
        trader, event, entry_post(periods=[p(1, 0), p(0, 0)], goals=[{"minute": 10, "team": "2"}])
    )
    assert response.status_code == 422
    assert "do not match the score" in response.content.decode()
    event.refresh_from_db()
    assert event.result is None and event.status == EventStatus.SCHEDULED


def test_a_half_filled_row_is_an_error_not_a_guess(trader):
    event = make_event(sport="football")
    response = save(trader, event, entry_post(periods=[p(1, 0), p(0, 0)], goals=[{"minute": 10}]))
    assert response.status_code == 422 and "This field is required." in response.content.decode()
    event.refresh_from_db()
    assert event.result is None


def test_more_rows_redraws_the_form_and_saves_nothing(trader):
    event = make_event(sport="football")
    data = entry_post(periods=[p(1, 0), p(0, 0)], goals=[{"minute": 10, "team": "1"}])
    data["more"] = "goals"
    response = save(trader, event, data)
    page = response.content.decode()
    assert response.status_code == 200 and 'name="goals-4-minute"' in page
    assert 'name="goals-0-minute"' in page and 'value="10"' in page
    event.refresh_from_db()
    assert event.result is None


def test_json_fallback_saves_a_valid_result_and_shows_the_error_of_a_bad_one(trader):
    event = make_event(sport="football")
    bad = save(trader, event, {"result_json": json.dumps({"sport": "football", "ending": "x"})})
    assert bad.status_code == 422 and "unknown ending" in bad.content.decode()
    garbage = save(trader, event, {"result_json": "{nope"})
    assert garbage.status_code == 422 and "Not valid JSON" in garbage.content.decode()
    good = save(trader, event, {"result_json": json.dumps(football_result(2, 1))})
    assert good.status_code == 302
    event.refresh_from_db()
    assert EventResult.from_dict(event.result).periods[0].home == 2


def test_a_result_for_another_sport_is_refused(trader):
    event = make_event(sport="hockey", markets=())
    response = save(trader, event, {"result_json": json.dumps(football_result(1, 0))})
    assert response.status_code == 422 and "another sport" in response.content.decode()


# --- settlement and corrections ---------------------------------------------------


@pytest.fixture
def settled_event(staff):
    """A finished football match with two bets, settled on 2:0."""
    set_rates()
    event = make_event(sport="football", odds="2.00")
    home_backer, over_backer = new_player(), new_player()
    for player in (home_backer, over_backer):
        fund(player, 10_000)
    for player, target in (
        (home_backer, outcome(event, "1x2", "1")),
        (over_backer, outcome(event, "total", "over")),
    ):
        bet_place(
            player=player,
            kind="single",
            selections=[Selection(target.pk, target.odds)],
            stake=1_000,
            currency="BYN",
            idempotency_key=uuid.uuid4().hex,
        )
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED, staff=staff)
    event_result_set(event_id=event.pk, result=football_result(2, 0), staff=staff)
    run = settlement_runner.event_settle(event_id=event.pk, reason=SettlementReason.SCHEDULED)
    assert run.number == 1 and run.bets_changed == 2
    event.refresh_from_db()
    return event, home_backer, over_backer


def test_correction_resettles_booking_only_the_differences(trader, settled_event, staff):
    event, home_backer, over_backer = settled_event
    assert ledger.balances_of(over_backer)["BYN"] == 9_000  # under 2.5 on 2:0: lost
    assert ledger.balances_of(home_backer)["BYN"] == 11_000
    page = trader.get(reverse("trader:results", args=[event.pk])).content.decode()
    assert "is a correction" in page and 'name="periods-0-home"' in page
    corrected = {**football_result(2, 1), "ending": "completed"}
    data = entry_post(
        finish=False,
        periods=[p(h["home"], h["away"]) for h in corrected["periods"]],
        goals=[{"minute": g["minute"], "team": g["team"]} for g in corrected["goals"]],
    )
    response = save(trader, event, data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.settle_due_at is not None  # the sweeper re-settles it at once (E33)
    response = trader.post(reverse("trader:settle", args=[event.pk]), follow=True)
    assert "Settlement run 2: 1 bets changed." in response.content.decode()
    run = SettlementRun.objects.get(event=event, number=2)
    assert run.reason == SettlementReason.CORRECTION and run.created_by == staff
    changed = BetSettlement.objects.get(run=run)  # only the over bet changed
    assert changed.bet.player == over_backer and changed.difference == 2_000
    assert ledger.balances_of(over_backer)["BYN"] == 11_000
    assert ledger.balances_of(home_backer)["BYN"] == 11_000
    again = trader.post(reverse("trader:settle", args=[event.pk]), follow=True)
    assert "Nothing to settle" in again.content.decode()
    assert SettlementRun.objects.filter(event=event).count() == 2
    assert set(Bet.objects.values_list("status", flat=True)) == {"won"}
    page = trader.get(reverse("trader:results", args=[event.pk])).content.decode()
    assert "result corrected" in page and staff.shown_name in page
    assert_books_clean()


def test_the_same_result_again_changes_nothing(trader, settled_event):
    event, _home, _over = settled_event
    response = save(trader, event, {"result_json": json.dumps(event.result)})
    assert "The result is unchanged." in trader.get(response["Location"]).content.decode()
    event.refresh_from_db()
    assert event.settle_due_at is None
    assert SettlementRun.objects.filter(event=event).count() == 1


def test_settle_now_refuses_an_event_that_is_not_finished(trader):
    event = make_event(sport="football")
    response = trader.post(reverse("trader:settle", args=[event.pk]), follow=True)
    assert "Only a finished or cancelled event" in response.content.decode()
    assert not SettlementRun.objects.exists()


def test_settle_now_says_the_payouts_are_on_hold(trader, settled_event, staff):
    event, _home, over_backer = settled_event
    event_hold_payouts(event_id=event.pk, held=True, staff=staff)
    corrected = {**football_result(2, 1), "ending": "completed"}
    save(trader, event, {"result_json": json.dumps(corrected)})
    response = trader.post(reverse("trader:settle", args=[event.pk]), follow=True)
    assert "Payouts of this event are on hold" in response.content.decode()
    assert SettlementRun.objects.filter(event=event).count() == 1
    assert ledger.balances_of(over_backer)["BYN"] == 9_000


def test_results_pages_are_staff_only(client, player):
    event = make_event(sport="football")
    url = reverse("trader:results", args=[event.pk])
    assert client.get(url)["Location"].startswith(reverse("login"))
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.post(reverse("trader:settle", args=[event.pk])).status_code == 403
