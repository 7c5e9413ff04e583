"""Issue 17, part 3: the pit boss's interventions, each through the table actor with a required
reason, logged with the staff member and announced to the table: pause and resume (time away
before a pause still counts; nobody leaves while paused), void, removing a player (when the hand
ends, or at once with the hand voided), close; and the floor's facts of a table (each seat's
money in play, the clocks, the last change)."""

import datetime as dt
import random

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import ledger
from tables import selectors, services
from tables.engines.registry import engine_for
from tables.games.durak import engine as durak
from tables.models import Seat, Table, TableEvent, TableStatus
from tables.presenters import render_board
from tests.conftest import assert_books_clean, new_player
from tests.tables.conftest import balances, pick_action
from tests.tables.test_services import seat_both

pytestmark = pytest.mark.django_db

STAKE = 1_000  # the durak_table fixture's


def staff_member(*codenames: str):
    """A staff member holding exactly these casino permissions (roles are groups of them)."""
    member = new_player(language="en", is_staff=True)
    member.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="casino", codename__in=codenames)
    )
    return type(member).objects.get(pk=member.pk)  # a fresh object: no cached permissions


@pytest.fixture
def pit_boss(db):
    return staff_member("view_pit")


@pytest.fixture
def supervisor(db):
    return staff_member("view_pit", "void_play")


def escrow_balance(table: Table) -> int:
    return ledger.escrow_account(f"table:{table.pk}:match:{table.match_number}", "BYN").balance


def act(table: Table, *, rng: random.Random) -> None:
    table.refresh_from_db()
    (seat,) = durak.to_act(table.state)
    player = Seat.objects.get(table=table, position=seat).player
    services.table_act(table_id=table.pk, player=player, action=pick_action(table.state, seat, rng))


# --- reasons and rights ---------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["", "   "])
def test_cg_every_staff_act_needs_a_reason_and_nothing_changes_without_one(
    durak_table, two_players, supervisor, reason
):
    table = seat_both(durak_table, two_players)
    version = table.version
    for act_name in ("pause", "void", "close"):
        with pytest.raises(services.TableError, match="Say why"):
            services.table_staff_act(
                table_id=table.pk, staff=supervisor, act=act_name, reason=reason
            )
    table.refresh_from_db()
    assert (table.status, table.version) == (TableStatus.PLAYING, version)


def test_voiding_needs_a_supervisor_the_pit_boss_may_pause(
    durak_table, two_players, pit_boss, supervisor
):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    with pytest.raises(services.TableError, match="needs a supervisor"):
        services.table_staff_act(table_id=table.pk, staff=pit_boss, act="void", reason="x")
    with pytest.raises(services.TableError, match="needs a supervisor"):
        services.table_staff_act(
            table_id=table.pk, staff=pit_boss, act="remove", seat=0, when="now", reason="x"
        )
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="pause", reason="look")
    services.table_staff_act(table_id=table.pk, staff=supervisor, act="void", reason="collusion")
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    assert balances(*two_players) == before and escrow_balance(table) == 0
    void = TableEvent.objects.get(table=table, step=TableEvent.Step.VOID)
    assert (void.player, void.action["reason"]) == (supervisor, "collusion")
    assert_books_clean()


# --- pause ----------------------------------------------------------------------------------------


def test_leaving_while_paused_is_recorded_and_applied_once_play_resumes(
    durak_table, two_players, pit_boss
):
    """Issue 46: a leave the pause holds back is not lost: the player is told it waits for the
    resume, the pot stays meanwhile, and the table's clock applies it (D11, a forfeit) once
    staff resume; asking twice records it once."""
    table = seat_both(durak_table, two_players)
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="pause", reason="review")
    leaver, stayer = two_players
    for _twice in range(2):
        with pytest.raises(services.LeaveDeferred, match="as soon as it resumes"):
            services.table_leave(table_id=table.pk, player=leaver)
    with pytest.raises(services.TableError, match="paused by the casino"):
        services.table_act(table_id=table.pk, player=leaver, action={"type": "take"})
    assert Seat.objects.filter(table=table).count() == 2
    assert Seat.objects.get(table=table, player=leaver).leave_asked_at is not None
    assert escrow_balance(table) == 2 * STAKE
    assert services.table_apply_overdue(table_id=table.pk) == 0  # paused: nothing runs
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="resume", reason="clear")
    assert services.table_apply_overdue(table_id=table.pk) >= 1  # the clock applies the leave
    assert list(Seat.objects.filter(table=table).values_list("player", flat=True)) == [stayer.pk]
    assert balances(leaver)[0] == 10_000 - STAKE and balances(stayer)[0] > 10_000
    assert_books_clean()


def test_time_away_before_a_pause_still_counts_after_it_the_pause_does_not(
    durak_table, two_players, pit_boss
):
    table = seat_both(durak_table, two_players)
    away, present = two_players
    start = timezone.now()
    services.table_presence(table_id=table.pk, player=away, change="disconnect", now=start)
    # away 100 s of the 180 s limit, then a pause of 15 minutes
    paused = start + dt.timedelta(seconds=100)
    services.table_staff_act(
        table_id=table.pk, staff=pit_boss, act="pause", reason="dispute", now=paused
    )
    resumed = paused + dt.timedelta(minutes=15)
    services.table_staff_act(
        table_id=table.pk, staff=pit_boss, act="resume", reason="settled", now=resumed
    )
    seat = Seat.objects.get(table=table, player=away)
    assert seat.away_since == start + (resumed - paused)  # the 100 s before are kept
    services.table_apply_overdue(table_id=table.pk, now=resumed + dt.timedelta(seconds=70))
    table.refresh_from_db()
    assert not table.state["match"]["over"]  # 170 s away in all: not yet
    services.table_apply_overdue(table_id=table.pk, now=resumed + dt.timedelta(seconds=90))
    table.refresh_from_db()
    assert table.state["match"]["over"]  # 190 s: the absence limit ended the match
    assert balances(away)[0] == 10_000 - STAKE and balances(present)[0] > 10_000
    assert_books_clean()


# --- removing a player ----------------------------------------------------------------------------


def test_removing_a_player_when_the_hand_ends(durak_table, two_players, pit_boss):
    table = seat_both(durak_table, two_players)
    removed, stayer = two_players
    services.table_staff_act(
        table_id=table.pk, staff=pit_boss, act="remove", seat=0, reason="abusive chat"
    )
    with pytest.raises(services.TableError, match="already to leave"):  # a double click
        services.table_staff_act(
            table_id=table.pk, staff=pit_boss, act="remove", seat=0, reason="abusive chat"
        )
    seat = Seat.objects.get(table=table, position=0)
    assert (seat.removal_requested_by, seat.removal_reason) == (pit_boss, "abusive chat")
    assert selectors.table_summary_of(table.pk)["floor"]["removing"] == [0]
    rng = random.Random(3)
    hand = table.hand_number
    while Seat.objects.filter(table=table, position=0).exists():
        table.refresh_from_db()
        assert table.hand_number == hand, "the seat went before its hand ended"
        act(table, rng=rng)
    table.refresh_from_db()
    assert table.hand_number == hand and table.status == TableStatus.OPEN
    assert not Seat.objects.filter(table=table, player=removed).exists()
    # the match the removed player left is his to lose (D11), as if he had left
    assert balances(removed)[0] == 10_000 - STAKE and balances(stayer)[0] > 10_000
    remove = TableEvent.objects.filter(table=table, action__type="remove")
    assert [(e.player, e.action["when"]) for e in remove.order_by("version")] == [
        (pit_boss, "end_of_hand"),
        (pit_boss, "end_of_hand"),
    ]
    assert_books_clean()


def test_removing_a_player_now_voids_the_hand_and_returns_every_stake(
    durak_table, two_players, supervisor
):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    act(table, rng=random.Random(5))
    services.table_staff_act(
        table_id=table.pk, staff=supervisor, act="remove", seat=1, when="now", reason="bot"
    )
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and table.state["match"]["result"] == "void"
    assert list(Seat.objects.filter(table=table).values_list("position", flat=True)) == [0]
    assert balances(*two_players) == before and escrow_balance(table) == 0
    steps = TableEvent.objects.filter(table=table, cause=TableEvent.Cause.STAFF).order_by("version")
    assert [(e.action["type"], e.player, e.action["reason"]) for e in steps] == [
        ("void", supervisor, "bot"),
        ("remove", supervisor, "bot"),
    ]
    with pytest.raises(services.TableError, match="Nobody sits"):
        services.table_staff_act(
            table_id=table.pk, staff=supervisor, act="remove", seat=1, when="now", reason="bot"
        )
    assert_books_clean()


def test_removing_from_an_idle_table_is_at_once(durak_table, two_players, pit_boss):
    services.table_sit(table_id=durak_table.pk, player=two_players[0], connected=True)
    services.table_staff_act(
        table_id=durak_table.pk, staff=pit_boss, act="remove", seat=0, reason="asleep"
    )
    assert not Seat.objects.filter(table=durak_table).exists()


# --- what the table and the floor are told --------------------------------------------------------


def test_the_act_and_its_reason_are_announced_on_every_board(durak_table, two_players, pit_boss):
    table = seat_both(durak_table, two_players)
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="pause", reason="card check")
    for viewer in (*two_players, None):
        view = services.table_snapshot(table_id=table.pk, player=viewer)
        board = render_board(view, "en")
        assert "The table is paused by the casino." in board and "card check" in board
        assert pit_boss.username not in board  # who did it is in the staff log, not the board
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="resume", reason="all fine")
    board = render_board(services.table_snapshot(table_id=table.pk, player=None), "en")
    assert "The casino resumed play" in board and "all fine" in board


def test_the_floor_facts_follow_the_money_and_the_clocks(durak_table, two_players, supervisor):
    table = seat_both(durak_table, two_players)
    floor = selectors.table_summary_of(table.pk)["floor"]
    assert floor["stakes"] == {"0": STAKE, "1": STAKE}  # each seat's stake in the pot
    (seat,) = durak.to_act(table.state)
    assert list(floor["clock"]) == [str(seat)] and floor["clock"][str(seat)] > 0
    assert floor["changed_at"] is not None and floor["limits"]["currency"] == "BYN"
    services.table_staff_act(table_id=table.pk, staff=supervisor, act="void", reason="test")
    floor = selectors.table_summary_of(table.pk)["floor"]
    assert floor["stakes"] == {"0": 0, "1": 0} and floor["clock"] == {}
    assert floor["notice"]["act"] == "void" and floor["notice"]["reason"] == "test"


# --- the staff view -----------------------------------------------------------------------------


def signed_in(player) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player)
    return client


def test_the_staff_view_shows_the_public_board_the_log_and_the_hands_never_a_hidden_card(
    durak_table, two_players, pit_boss
):
    table = seat_both(durak_table, two_players)
    url = reverse("table_staff", args=[table.pk])
    assert Client().get(url).status_code == 302  # to the login
    assert signed_in(two_players[0]).get(url).status_code == 403
    services.table_staff_act(table_id=table.pk, staff=pit_boss, act="pause", reason="dealer swap")
    page = signed_in(pit_boss).get(url).content.decode()
    assert f'ws-connect="/ws/table/{table.pk}/"' in page
    assert "dealer swap" in page and pit_boss.shown_name in page  # the staff log
    assert 'value="remove"' in page and 'value="resume"' in page
    assert 'value="now"' not in page  # removing at once voids: a supervisor's
    table.refresh_from_db()
    for seat, cards in engine_for("durak").private_cards(table.state).items():
        for card in cards:
            assert f'"{card}"' not in page, f"seat {seat}'s {card} on the staff page mid-hand"


def test_a_staff_act_from_the_staff_view_comes_back_to_it(durak_table, two_players, pit_boss):
    table = seat_both(durak_table, two_players)
    url = reverse("table_staff", args=[table.pk])
    client = signed_in(pit_boss)
    response = client.post(
        reverse("pit_act", args=[table.pk]), {"act": "pause", "reason": "check", "next": url}
    )
    assert response.status_code == 302 and response["Location"] == url
    forged = client.post(
        reverse("pit_act", args=[table.pk]),
        {"act": "resume", "reason": "x", "next": "https://evil.example/"},
    )
    assert forged["Location"] == reverse("pit")  # never off the site
    response = client.post(
        reverse("pit_act", args=[table.pk]),
        {"act": "remove", "seat": "seven", "reason": "x", "next": url},
        follow=True,
    )
    assert "Nobody sits in that seat." in response.content.decode()


def test_the_admin_lists_tables_with_their_live_status_and_the_staff_view(
    durak_table, two_players, staff
):
    seat_both(durak_table, two_players)
    page = signed_in(staff).get(reverse("admin:tables_table_changelist")).content.decode()
    assert reverse("table_staff", args=[durak_table.pk]) in page
    assert "20.00" in page and two_players[0].shown_name in page  # the pot and the players


def test_a_forged_or_stale_staff_form_gets_a_clear_message_in_russian_and_changes_nothing(
    durak_table, two_players, pit_boss
):
    """Issue 27, bad input: an act nobody offers, one the role may not take posted directly, and
    a stale one (a resume of a table no longer paused): each a sentence in the reader's language,
    the table, its log and the money as they were."""
    table = seat_both(durak_table, two_players)
    before = (balances(*two_players), table.version)
    client = signed_in(pit_boss)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    url = reverse("pit_act", args=[table.pk])
    for form, message in (
        ({"act": "detonate", "reason": "x"}, "Неизвестное действие персонала."),
        ({"act": "void", "reason": "x"}, "Аннулировать игру может только супервайзер."),
        ({"act": "resume", "reason": "x"}, "Стол не приостановлен."),
    ):
        page = client.post(url, form, follow=True).content.decode()
        assert message in page, (form, message)
        table.refresh_from_db()
        assert (balances(*two_players), table.version) == before
    assert not TableEvent.objects.filter(table=table, cause="staff").exists()
    assert_books_clean()
