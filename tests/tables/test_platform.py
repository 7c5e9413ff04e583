"""The platform other apps build on: the sweeper's due jobs, listeners inside the actor's
transaction, seats assigned by another app, and every hand rebuilt from its log alone."""

import ast
import io
import pathlib
import random

import pytest
from django.core.management import call_command

from casino import due_jobs
from tables import listeners, selectors, services
from tables.actor import ACTOR_KEYS
from tables.models import Hand, Table, TableEvent, TableStatus
from tests.conftest import assert_books_clean
from tests.tables.conftest import balances
from tests.tables.test_services import play_out, seat_both

pytestmark = pytest.mark.django_db

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_each_app_registers_its_own_due_job_and_the_tables_never_import_the_sportsbook():
    assert {"table clocks", "sportsbook settlement"} <= set(due_jobs.registered())
    for path in (ROOT / "tables").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(name.startswith("sportsbook") for name in names), path


def test_a_failing_due_job_is_logged_and_the_others_still_run(monkeypatch, caplog):
    ran = []
    monkeypatch.setattr(due_jobs, "_jobs", {})
    due_jobs.register("broken", lambda: 1 / 0)
    due_jobs.register("fine", lambda: ran.append(1) or 3)
    out = io.StringIO()
    assert due_jobs.run_due() == {"broken": None, "fine": 3}
    assert "due job broken failed" in caplog.text
    with pytest.raises(ZeroDivisionError):  # --once shows the error itself
        call_command("tableclock", "--once", stdout=out)
    assert ran == [1]


@pytest.fixture
def heard():
    news = []
    listeners.subscribe("test", news.append)
    yield news
    listeners.unsubscribe("test")


def test_listeners_hear_each_change_inside_its_transaction_and_the_match_over(
    durak_table, two_players, heard
):
    table = seat_both(durak_table, two_players)
    deal = [n for n in heard if n.step == "deal"]
    assert len(deal) == 1 and deal[0].table.pk == table.pk
    table = play_out(table, two_players, random.Random(3))
    over = [n for n in heard if n.session_over]
    assert len(over) == 1  # the match ended once: a tournament would advance its bracket here
    assert over[0].hand_result["match_over"] and over[0].hand_result["match_winner"] in (0, 1)
    assert any(e["type"] == "match_over" for e in over[0].events)
    assert sum(1 for n in heard if n.hand_over) == table.hand_number


def test_a_listener_that_fails_refuses_the_change_with_nothing_booked(durak_table, two_players):
    def refuse(news):
        if news.step == "deal":
            raise services.TableError("the tournament is not ready")

    listeners.subscribe("refuse", refuse)
    try:
        services.table_sit(table_id=durak_table.pk, player=two_players[0])
        with pytest.raises(services.TableError, match="tournament is not ready"):
            services.table_sit(table_id=durak_table.pk, player=two_players[1])
    finally:
        listeners.unsubscribe("refuse")
    durak_table.refresh_from_db()
    assert durak_table.status == TableStatus.OPEN and durak_table.seats.count() == 1
    assert balances(*two_players) == [10_000, 10_000]


def test_another_app_seats_players_they_count_as_away_and_the_match_starts(
    durak_table, two_players
):
    services.table_seat_assign(table_id=durak_table.pk, players=two_players, by="tournament")
    table = Table.objects.get(pk=durak_table.pk)
    assert table.status == TableStatus.PLAYING
    seats = list(table.seats.order_by("position"))
    assert [s.player_id for s in seats] == [p.pk for p in two_players]
    assert all(s.away_since is not None for s in seats)  # no-shows run out by D13
    assigned = TableEvent.objects.filter(table=table, action__type="assign")
    assert [e.action["by"] for e in assigned] == ["tournament", "tournament"]
    assert balances(*two_players) == [9_000, 9_000]
    # seating them again changes nothing
    version = table.version
    services.table_seat_assign(table_id=table.pk, players=two_players, by="tournament")
    assert Table.objects.get(pk=table.pk).version == version


def test_every_hand_replays_from_its_initial_state_and_events_alone(durak_table, two_players):
    table = play_out(seat_both(durak_table, two_players), two_players, random.Random(12))
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert len(hands) >= 5
    for hand in hands[:-1]:
        rebuilt = selectors.hand_final_state(hand)
        assert rebuilt["over"] and rebuilt["result"] == {
            k: hand.result[k] for k in rebuilt["result"]
        }
    last = selectors.hand_final_state(hands[-1])
    engine_keys = {
        k: v
        for k, v in table.state.items()
        if k not in ACTOR_KEYS  # the actor's, beside the engine's: not replayed
    }
    assert {k: last[k] for k in engine_keys} == engine_keys
    assert all(h.revealed for h in hands)  # a Durak deck is committed per hand
    assert_books_clean()


def test_a_due_job_keeps_its_own_pace_and_the_sportsbook_registers_its_jobs(monkeypatch):
    assert {"exchange_lapse_due", "spread_feed_tick", "spread_margin_watch"} <= set(
        due_jobs.registered()
    )
    ran = []
    monkeypatch.setattr(due_jobs, "_jobs", {})
    monkeypatch.setattr(due_jobs, "_last_run", {})
    due_jobs.register("feed", lambda: ran.append("feed") or 1, every=3600)
    due_jobs.register("clocks", lambda: ran.append("clocks") or 1)
    due_jobs.run_due()
    due_jobs.run_due()
    assert ran == ["feed", "clocks", "clocks"]  # the feed waits for its hour
    due_jobs.run_due(every_job=True)  # `tableclock --once` runs them all
    assert ran[-2:] == ["feed", "clocks"]
