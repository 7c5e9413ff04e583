"""Staff acts on a live table go through the actor: pause, resume, void, close/open, and the
admin's edits of a table's terms."""

import datetime as dt
import json
import random
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tables import outbox, presenters, selectors, services
from tables.games.durak import engine as durak
from tables.models import Hand, Table, TableEvent, TableStatus
from tests.conftest import assert_books_clean
from tests.tables.conftest import balances, pick_action
from tests.tables.test_services import seat_both

pytestmark = pytest.mark.django_db


def _play(table, steps, rng):
    by_seat = {s.position: s.player for s in table.seats.all()}
    for _ in range(steps):
        table.refresh_from_db()
        (seat,) = durak.to_act(table.state)
        services.table_act(
            table_id=table.pk, player=by_seat[seat], action=pick_action(table.state, seat, rng)
        )
    table.refresh_from_db()
    return by_seat


def test_a_paused_match_refuses_actions_and_stops_its_clock_resuming_gives_full_time(
    durak_table, two_players, staff
):
    table = seat_both(durak_table, two_players)
    by_seat = _play(table, 3, random.Random(1))
    services.table_staff_act(table_id=table.pk, staff=staff, act="pause", reason="test")
    table.refresh_from_db()
    assert table.status == TableStatus.PAUSED and table.deadline is None
    (seat,) = durak.to_act(table.state)
    with pytest.raises(services.TableError, match="paused by the casino"):
        services.table_act(
            table_id=table.pk,
            player=by_seat[seat],
            action=durak.legal_actions(table.state, seat)[0],
        )
    # an hour later nothing has timed out: a paused table has no clock
    later = timezone.now() + dt.timedelta(hours=1)
    assert services.table_apply_overdue(table_id=table.pk, now=later) == 0
    board = presenters.render_board(
        services.table_snapshot(table_id=table.pk, player=by_seat[seat]), "en"
    )
    assert 'data-my-turn="0"' in board and "paused by the casino" in board
    assert 'class="clock"' not in board, board[board.find('class="clock"') - 300 :][:400]
    assert not re.search(r'name="cards?" value="\w\w">', board)  # every card disabled
    services.table_staff_act(table_id=table.pk, staff=staff, act="resume", reason="test", now=later)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert table.state["clock"]["deadline"] == pytest.approx(
        (later + dt.timedelta(seconds=table.setting("action_seconds", 30))).timestamp()
    )
    services.table_act(
        table_id=table.pk, player=by_seat[seat], action=durak.legal_actions(table.state, seat)[0]
    )
    staff_events = TableEvent.objects.filter(table=table, cause="staff").order_by("version")
    assert [e.action["type"] for e in staff_events] == ["pause", "resume"]
    assert all(e.player_id == staff.pk for e in staff_events)


def test_voiding_a_match_returns_both_stakes_once_and_the_hand_replays(
    durak_table, two_players, staff
):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    _play(table, 5, random.Random(2))
    assert balances(*two_players) == [b - table.settings["stake"] for b in before]
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="dealer error")
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    assert balances(*two_players) == before
    assert_books_clean()
    with pytest.raises(services.TableError, match="No match is being played"):
        services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="test")
    assert balances(*two_players) == before
    void = TableEvent.objects.get(table=table, step=TableEvent.Step.VOID)
    assert (void.cause, void.player_id, void.action["reason"]) == (
        "staff",
        staff.pk,
        "dealer error",
    )
    hand = table.hands.get(number=table.hand_number)
    last = selectors.hand_replay(hand, viewer=staff)[-1]
    assert last["event"].pk == void.pk and last["public"]["match_over"]


def test_a_paused_match_can_be_voided(durak_table, two_players, staff):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    services.table_staff_act(table_id=table.pk, staff=staff, act="pause", reason="test")
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="test")
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and balances(*two_players) == before
    assert_books_clean()


def test_staff_acts_refused_where_they_make_no_sense(durak_table, two_players, staff):
    for act, message in [("pause", "Only a table with a match in play"), ("resume", "not paused")]:
        with pytest.raises(services.TableError, match=message):
            services.table_staff_act(table_id=durak_table.pk, staff=staff, act=act, reason="test")
    with pytest.raises(services.TableError, match="Unknown staff action"):
        services.table_staff_act(table_id=durak_table.pk, staff=staff, act="explode", reason="test")
    table = seat_both(durak_table, two_players)
    with pytest.raises(services.TableError, match="Void or finish the match"):
        services.table_staff_act(table_id=table.pk, staff=staff, act="close", reason="test")
    assert TableEvent.objects.filter(table=table, cause="staff").count() == 0


def test_a_closed_table_takes_nobody_and_reopens(durak_table, two_players, staff):
    services.table_staff_act(table_id=durak_table.pk, staff=staff, act="close", reason="test")
    with pytest.raises(services.TableError, match="not taking players"):
        services.table_sit(table_id=durak_table.pk, player=two_players[0])
    services.table_staff_act(table_id=durak_table.pk, staff=staff, act="open", reason="test")
    services.table_sit(table_id=durak_table.pk, player=two_players[0])


def test_terms_change_only_between_matches_and_the_new_version_reaches_the_sockets(
    durak_table, two_players, staff, monkeypatch, django_capture_on_commit_callbacks
):
    table = seat_both(durak_table, two_players)
    with pytest.raises(services.TableError, match="cannot change while a match"):
        services.table_configure(
            table_id=table.pk, staff=staff, changes={"settings": _staked(table, 5)}
        )
    services.table_configure(table_id=table.pk, staff=staff, changes={"name": "Renamed"})
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="test")
    sent = []
    monkeypatch.setattr(outbox, "group_send_all", lambda messages: sent.append(messages))
    monkeypatch.setattr(outbox, "has_listeners", lambda layer, group: True)  # sockets open
    version = Table.objects.get(pk=table.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        services.table_configure(
            table_id=table.pk, staff=staff, changes={"settings": _staked(table, 2_500)}
        )
    table.refresh_from_db()
    assert (table.settings["stake"], table.version, table.name) == (2_500, version + 1, "Renamed")
    views = [json.loads(m["view"]) for _g, m in sent[0] if m["type"].startswith("table.")]
    assert views and all(v["table"]["settings"]["stake"] == 2_500 for v in views)
    assert "25.00" in presenters.render_board(views[0], "en")
    with pytest.raises(services.TableError):
        services.table_configure(
            table_id=table.pk, staff=staff, changes={"settings": _staked(table, -1)}
        )
    with pytest.raises(services.TableError, match="players are seated"):
        services.table_configure(table_id=table.pk, staff=staff, changes={"game": "poker"})
    with pytest.raises(services.TableError, match="Only the name"):
        services.table_configure(table_id=table.pk, staff=staff, changes={"version": 0})
    assert Table.objects.get(pk=table.pk).settings["stake"] == 2_500


def _staked(table, stake: int) -> dict:
    """The table's settings with another stake."""
    return {**table.settings, "stake": stake}


def _admin_form(table, **changes):
    data = {
        "name": table.name,
        "game": table.game,
        "currency": table.currency,
        "settings": json.dumps(table.settings),
        "seats-TOTAL_FORMS": "0",
        "seats-INITIAL_FORMS": "0",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "0",
    }
    return data | changes


def test_the_admin_edits_a_table_through_the_actor_and_shows_what_it_refuses(
    client, durak_table, two_players, staff
):
    client.force_login(staff)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = reverse("admin:tables_table_change", args=[durak_table.pk])
    response = client.post(
        url, _admin_form(durak_table, settings=json.dumps(_staked(durak_table, 1500)))
    )
    assert response.status_code == 302
    event = TableEvent.objects.get(table=durak_table, cause="staff")
    assert event.action == {"type": "configure", "settings": _staked(durak_table, 1500)}
    table = seat_both(durak_table, two_players)
    version = table.version
    response = client.post(url, _admin_form(table, settings=json.dumps(_staked(table, 9))))
    assert response.status_code == 200
    assert "cannot change while a match is being played" in response.content.decode()
    table.refresh_from_db()
    assert (table.settings["stake"], table.version) == (1500, version)


def test_a_void_after_an_overdue_absence_leaves_the_forfeit_standing(
    durak_table, two_players, staff
):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    away, present = two_players
    services.table_presence(table_id=table.pk, player=away, change="disconnect")
    later = timezone.now() + dt.timedelta(seconds=table.setting("absence_seconds", 180) + 5)
    with pytest.raises(services.TableError, match="No match is being played"):
        services.table_staff_act(
            table_id=table.pk, staff=staff, act="void", reason="test", now=later
        )
    table.refresh_from_db()
    assert table.state["match"]["result"] != "void"
    assert balances(away)[0] == before[0] - table.settings["stake"]
    assert balances(present)[0] > before[1]
    assert_books_clean()


def test_resuming_counts_an_away_players_absence_from_the_resumption(
    durak_table, two_players, staff
):
    table = seat_both(durak_table, two_players)
    services.table_staff_act(table_id=table.pk, staff=staff, act="pause", reason="test")
    services.table_presence(table_id=table.pk, player=two_players[0], change="disconnect")
    absence = dt.timedelta(seconds=table.setting("absence_seconds", 180))
    resumed = timezone.now() + 2 * absence  # a pause longer than the absence limit
    services.table_staff_act(
        table_id=table.pk, staff=staff, act="resume", reason="test", now=resumed
    )
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and not table.state["match"]["over"]
    assert table.deadline >= resumed + dt.timedelta(seconds=1)


def test_new_terms_stake_nobody_until_they_are_ready_again(durak_table, two_players, staff):
    before = balances(*two_players)
    first, second = two_players
    services.table_sit(table_id=durak_table.pk, player=first, connected=True)
    services.table_configure(
        table_id=durak_table.pk, staff=staff, changes={"settings": _staked(durak_table, 5_000)}
    )
    services.table_sit(table_id=durak_table.pk, player=second, connected=True)
    durak_table.refresh_from_db()
    assert durak_table.status == TableStatus.OPEN
    assert balances(*two_players) == before  # the first player never agreed to 50.00
    services.table_ready(table_id=durak_table.pk, player=first)
    durak_table.refresh_from_db()
    assert durak_table.status == TableStatus.PLAYING
    assert balances(*two_players) == [b - 5_000 for b in before]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"settings": {"wins_to_win": 4}}, "played to 5, 7, 9, 11 wins"),
        ({"settings": {"commission_percent": "150"}}, "percentage from 0 to 100"),
        ({"settings": {"commission_percent": "abc"}}, "percentage from 0 to 100"),
        ({"settings": {"action_seconds": "abc"}}, "action_seconds is a number of seconds"),
        ({"settings": {"grace_seconds": -5}}, "grace_seconds is a number of seconds"),
        ({"settings": ["not", "an", "object"]}, "JSON object"),
        ({"game": "roulette"}, "There is no game roulette"),
    ],
)
def test_terms_no_match_could_start_with_are_refused(durak_table, staff, changes, message):
    version = durak_table.version
    with pytest.raises(services.TableError, match=message):
        services.table_configure(table_id=durak_table.pk, staff=staff, changes=changes)
    durak_table.refresh_from_db()
    assert durak_table.version == version and durak_table.settings["wins_to_win"] == 5


def test_a_table_created_in_the_admin_is_announced_to_the_live_lists_after_commit(
    client, staff, monkeypatch, django_capture_on_commit_callbacks
):
    announced = []
    monkeypatch.setattr(services, "broadcast", lambda table_id: announced.append(table_id))
    client.force_login(staff)
    form = Table(name="New one", game="durak", currency="BYN", settings={"stake": 700})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("admin:tables_table_add"), _admin_form(form))
    assert response.status_code == 302
    assert announced == [Table.objects.get(name="New one").pk]


def test_only_a_table_never_played_at_can_be_deleted_and_its_rows_leave_the_live_lists(
    client, staff, durak_table, two_players, monkeypatch, django_capture_on_commit_callbacks
):
    gone = []
    monkeypatch.setattr(services, "announce_table_gone", gone.append)
    client.force_login(staff)
    played = seat_both(durak_table, two_players)  # a match in play: hands, seats, escrow
    fresh = Table.objects.create(
        name="Fresh", game="durak", currency="BYN", settings={"stake": 100}
    )

    refused = client.post(reverse("admin:tables_table_delete", args=[played.pk]), {"post": "yes"})
    with django_capture_on_commit_callbacks(execute=True):
        deleted = client.post(
            reverse("admin:tables_table_delete", args=[fresh.pk]), {"post": "yes"}
        )

    assert refused.status_code == 403 and Table.objects.filter(pk=played.pk).exists()
    assert deleted.status_code == 302 and not Table.objects.filter(pk=fresh.pk).exists()
    assert gone == [fresh.pk]
    changelist = client.get(reverse("admin:tables_table_changelist"))
    assert "delete_selected" not in changelist.content.decode()  # no bulk delete around the check


def test_the_admin_cannot_delete_a_seat_beside_the_actor(client, staff, durak_table, two_players):
    """A seat deleted mid-match left both stakes in escrow with nobody to pay."""
    table = seat_both(durak_table, two_players)
    seats = list(table.seats.order_by("position"))
    client.force_login(staff)
    url = reverse("admin:tables_table_change", args=[table.pk])
    assert "seats-0-DELETE" not in client.get(url).content.decode()
    form = _admin_form(table) | {
        "seats-TOTAL_FORMS": "2",
        "seats-INITIAL_FORMS": "2",
        "seats-0-id": str(seats[0].pk),
        "seats-0-table": str(table.pk),
        "seats-0-DELETE": "on",
        "seats-1-id": str(seats[1].pk),
        "seats-1-table": str(table.pk),
    }
    client.post(url, form)
    assert table.seats.count() == 2
    assert_books_clean()


def test_the_staff_acts_are_the_pit_boss_s_whichever_way_in(client, durak_table, two_players):
    from django.contrib.auth.models import Permission

    from tests.conftest import new_player

    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    clerk = new_player(is_staff=True)  # may see and edit tables, is not the pit boss
    clerk.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_table", "change_table"])
    )
    with pytest.raises(services.TableError, match="Only the pit boss"):
        services.table_staff_act(table_id=table.pk, staff=clerk, act="void", reason="test")
    client.force_login(clerk)
    changelist = reverse("admin:tables_table_changelist")
    assert "void_match" not in client.get(changelist).content.decode()
    client.post(changelist, {"action": "void_match", "_selected_action": [table.pk]})
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and balances(*two_players) != before  # staked
    assert not TableEvent.objects.filter(table=table, cause="staff").exists()


def test_a_table_given_another_game_forgets_the_old_games_state(durak_table, two_players, staff):
    table = seat_both(durak_table, two_players)
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="test")
    for player in two_players:
        services.table_leave(table_id=table.pk, player=player)
    services.table_configure(
        table_id=table.pk,
        staff=staff,
        # dealt as soon as one sits: no filling window (tests/tables/test_starts.py)
        changes={
            "game": "highcard",
            "settings": {"min_bet": 100, "max_bet": 500, "start_seconds": 0},
        },
    )
    table.refresh_from_db()
    assert table.state is None and not Hand.objects.filter(table=table, revealed_at=None).exists()
    view = services.table_snapshot(table_id=table.pk, player=two_players[0])
    assert view["game"] is None and view["table"]["game"] == "highcard"
    services.table_sit(table_id=table.pk, player=two_players[0], connected=True)
    assert Table.objects.get(pk=table.pk).state["game"] == "highcard"


@pytest.mark.parametrize("b_can_cover", [True, False])
def test_k6_a_void_of_a_penalty_banks_deal_starts_the_next_only_if_every_stake_can_be_taken(
    monkeypatch, staff, b_can_cover
):
    """CG §121 K6 through the actor: A's khrap fails and his penalty forms the next bank; that
    deal takes no entry stakes, so A is dealt in with less than a stake left. Staff void it:
    the bank goes back to A, whose money it was, and a fresh deal starts with new stakes if
    both can pay one. If B cannot, the void still stands: the table waits, open, with nothing
    else booked."""
    from tests.conftest import spend_down_to
    from tests.tables.khrap_helpers import khrap_failing_before_the_last_trick

    stake = 1_000
    table, a, b = khrap_failing_before_the_last_trick(
        monkeypatch, name="Khrap void", stake=stake, funds=50_000
    )
    services.table_act(table_id=table.pk, player=b, action={"type": "play", "card": "QS"})
    spend_down_to(a, 0)
    services.table_act(table_id=table.pk, player=a, action={"type": "play", "card": "9S"})
    table.refresh_from_db()
    assert balances(a) == [490], "his one trick, less the commission"
    assert table.status == TableStatus.PLAYING and not table.state["over"], "the next deal"
    assert table.state["bank"] == 4 * stake and table.state["shares"] == {"seat:0": 4 * stake}
    if not b_can_cover:
        spend_down_to(b, stake - 1)
    before, hands = balances(a, b), table.hand_number

    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="dealer error")
    table.refresh_from_db()
    void = TableEvent.objects.get(table=table, step=TableEvent.Step.VOID)
    assert void.action == {"type": "void", "reason": "dealer error"}
    if b_can_cover:
        assert table.status == TableStatus.PLAYING and table.hand_number == hands + 1
        assert balances(a, b) == [before[0] + 4 * stake - stake, before[1] - stake]
        assert table.state["bank"] == 2 * stake
    else:
        assert table.status == TableStatus.OPEN and table.hand_number == hands
        assert balances(a, b) == [before[0] + 4 * stake, before[1]]
        assert selectors.table_summary_of(table.pk)["pot"] == 0
        assert table.version == void.version, "no deal tried and taken back leaves a trace"
    assert_books_clean()
