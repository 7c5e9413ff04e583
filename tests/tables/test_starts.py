"""How play starts, for every game (issue 26 item 5, tables/starts.py): the filling window of an
idle table (a setting, a deadline on the table row applied by the sweeper like a clock, ended
early when everyone says ready), the seat that sat down during a hand told it plays from the
next one, and a table everyone left settling what it carried (money checked, books clean)."""

import datetime as dt

import pytest
from django.core.management import call_command
from django.utils import timezone, translation

from casino import ledger
from casino.models import Account, AccountKind
from tables import presenters, services
from tables.games.khrap import engine as khrap
from tables.models import Table, TableEvent, TableStatus
from tables.selectors import table_view
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db

STAKE = 200
FUNDS = 10_000


def khrap_table(**settings) -> Table:
    return Table.objects.create(
        name="Starts",
        game="khrap",
        currency="BYN",
        settings={"stake": STAKE, "action_seconds": 600, **settings},
    )


def players(count: int) -> list:
    made = [new_player(language="en") for _ in range(count)]
    for player in made:
        fund(player, FUNDS)
    return made


def sit(table, player, now):
    services.table_sit(table_id=table.pk, player=player, connected=True, now=now)
    table.refresh_from_db()


def board(table, player, language="en") -> str:
    table.refresh_from_db()
    seats = {s.position: s for s in table.seats.all()}
    position = next((p for p, s in seats.items() if s.player_id == player.pk), None)
    with translation.override(language):
        return presenters.render_board(table_view(table, seats, position), language)


def pit_tile(table) -> str:
    """The table's tile on the pit boss's floor, as he reads it."""
    from django.contrib.auth.models import Group
    from django.test import Client
    from django.urls import reverse

    from casino.apps import PIT_BOSS_GROUP

    boss = new_player(is_staff=True)
    boss.groups.add(Group.objects.get(name=PIT_BOSS_GROUP))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(boss)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("pit")).content.decode().replace("\xa0", " ")
    start = page.index(f'id="pit-table-{table.pk}"')
    return page[start : page.index("</article>", start)]


def wallet(player) -> int:
    return ledger.balances_of(player).get("BYN", 0)


def test_players_who_sit_within_the_window_are_dealt_in_when_it_runs_out():
    table = khrap_table()
    a, b, c = players(3)
    now = timezone.now()
    sit(table, a, now)
    sit(table, b, now)
    # two may play, but the table waits its filling window (10 s by default), on the table row
    assert table.status == TableStatus.OPEN and table.hand_number == 0
    deadline = table.start_window["deadline"]
    assert deadline == pytest.approx((now + dt.timedelta(seconds=10)).timestamp())
    assert table.deadline.timestamp() == pytest.approx(deadline)
    page = board(table, a)
    assert 'class="clock start-countdown" data-deadline="' in page
    assert 'name="type" value="ready"' in page and "The game starts in" in page
    sit(table, c, now + dt.timedelta(seconds=3))  # a second later: still within the window
    assert table.status == TableStatus.OPEN and table.start_window["deadline"] == deadline
    # nothing is due before the deadline; after it, the hand starts with all three
    assert services.table_apply_overdue(table_id=table.pk, now=now + dt.timedelta(seconds=9)) == 0
    assert services.table_apply_overdue(table_id=table.pk, now=now + dt.timedelta(seconds=11)) == 1
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and table.start_window is None
    assert table.state["players"] == [0, 1, 2] and table.state["hand_seats"] == [0, 1, 2]
    assert table.state["bank"] == 3 * STAKE
    assert "start-countdown" not in board(table, c)
    assert_books_clean()


def test_the_sweeper_starts_the_hand_whoever_serves_the_table_a_restart_loses_nothing():
    table = khrap_table(start_seconds=5)
    a, b = players(2)
    past = timezone.now() - dt.timedelta(seconds=6)  # the window ran out a second ago
    sit(table, a, past)
    sit(table, b, past)
    assert table.status == TableStatus.OPEN
    # the window is data on the table row: a fresh read (another process, a restart) sees it
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.start_window and fresh.deadline <= timezone.now()
    assert table.pk in services.overdue_table_ids()
    call_command("tableclock", "--once")
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and table.state["players"] == [0, 1]
    assert TableEvent.objects.filter(table=table, step="deal").count() == 1


def test_the_window_ends_at_once_when_every_seated_player_says_ready():
    table = khrap_table(start_seconds=600)
    a, b = players(2)
    now = timezone.now()
    sit(table, a, now)
    sit(table, b, now)
    # the seat plates' "ready" badge is who said ready to start, nobody yet
    assert board(table, a).count("ready-badge") == 0
    services.table_ready(table_id=table.pk, player=a, now=now)
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and table.start_window["ready"] == [0]
    page = board(table, a)
    assert page.count("ready-badge") == 1
    assert "You said ready" in page and 'value="ready"' not in page
    assert 'value="ready"' in board(table, b)
    services.table_ready(table_id=table.pk, player=b, now=now)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and table.state["players"] == [0, 1]
    assert_books_clean()


def test_a_window_set_to_zero_deals_at_once_and_a_lone_player_opens_no_window():
    table = khrap_table(start_seconds=0)
    a, b = players(2)
    now = timezone.now()
    sit(table, a, now)
    assert table.start_window is None and table.deadline is None
    sit(table, b, now)
    assert table.status == TableStatus.PLAYING


def test_a_player_leaving_during_the_window_closes_it_when_too_few_are_left():
    table = khrap_table()
    a, b, c = players(3)
    now = timezone.now()
    for player in (a, b, c):
        sit(table, player, now)
    services.table_ready(table_id=table.pk, player=c, now=now)
    services.table_leave(table_id=table.pk, player=c, now=now)
    table.refresh_from_db()
    assert table.start_window["ready"] == [] and table.status == TableStatus.OPEN
    services.table_leave(table_id=table.pk, player=b, now=now)
    table.refresh_from_db()
    assert table.start_window is None and table.deadline is None
    assert "start-countdown" not in board(table, a)


def test_a_player_who_sits_during_a_hand_reads_that_he_plays_from_the_next_deal():
    table = khrap_table(start_seconds=0)
    a, b, c = players(3)
    now = timezone.now()
    sit(table, a, now)
    sit(table, b, now)
    sit(table, c, now)  # the deal is under way: he is not in it
    assert table.state["hand_seats"] == [0, 1]
    assert "You play from the next deal." in board(table, c)
    assert "Вы играете со следующей сдачи." in board(table, c, "ru")
    assert "You play from the next deal." not in board(table, a)
    # the deal ends (all pass on every trump): the next one deals him in, with no window
    by_seat = {0: a, 1: b}
    for _step in range(20):
        table.refresh_from_db()
        if table.state["players"] == [0, 1, 2]:
            break
        (turn,) = khrap.to_act(table.state)
        services.table_act(
            table_id=table.pk, player=by_seat[turn], action={"type": "pass"}, now=now
        )
    assert table.state["players"] == [0, 1, 2] and table.state["hand_seats"] == [0, 1, 2]
    assert "You play from the next deal." not in board(table, c)


def test_a_bank_carried_on_a_table_everyone_leaves_goes_back_when_the_last_one_leaves():
    """The issue's case: three at a Khrap table, everyone leaves, the bank of 3 stakes is
    carried on an empty table. Now the last leaver's share goes back to his wallet and the
    shares of those who left before him to the table's `unclaimed` account, held for them
    (Khrap's rule for a player who left, docs/rules-decisions.md): no escrow is left open."""
    table = khrap_table(start_seconds=600)
    a, b, c = players(3)
    now = timezone.now()
    start = {p.pk: wallet(p) for p in (a, b, c)}
    for player in (a, b, c):
        sit(table, player, now)
    for player in (a, b, c):
        services.table_ready(table_id=table.pk, player=player, now=now)
    table.refresh_from_db()
    assert table.state["players"] == [0, 1, 2] and table.state["bank"] == 3 * STAKE
    escrow = Account.objects.get(
        kind=AccountKind.ESCROW, reference__startswith=f"table:{table.pk}:"
    )
    assert escrow.balance == 3 * STAKE
    # two leave mid-deal (their turns pass by themselves, K15); the last passes on every trump
    services.table_leave(table_id=table.pk, player=a, now=now)
    services.table_leave(table_id=table.pk, player=b, now=now)
    for _step in range(20):
        table.refresh_from_db()
        if table.state["over"]:
            break
        assert khrap.to_act(table.state) == [2]
        services.table_act(table_id=table.pk, player=c, action={"type": "pass"}, now=now)
    table.refresh_from_db()
    # §119.1: the bank is carried to a next deal that one player cannot start
    assert table.status == TableStatus.OPEN and table.state["pot"] == 3 * STAKE
    assert "Everyone left the table" not in board(table, c)
    assert "Carried between hands" in pit_tile(table)
    services.table_leave(table_id=table.pk, player=c, now=now)
    table.refresh_from_db()
    assert table.seats.count() == 0
    assert table.state["pot"] == 0 and not khrap.ENGINE.in_play(table.state)
    assert wallet(c) == start[c.pk]  # his stake back
    assert wallet(a) == start[a.pk] - STAKE and wallet(b) == start[b.pk] - STAKE
    held = Account.objects.get(
        kind=AccountKind.HOUSE, purpose="unclaimed", reference=f"table:{table.pk}"
    )
    assert held.current_balance() == 2 * STAKE  # held for the two who left before
    escrow.refresh_from_db()
    assert escrow.balance == 0 and escrow.closed_at is not None
    assert table.state["abandoned"]["total"] == 3 * STAKE
    event = TableEvent.objects.get(table=table, action__type="abandon")
    assert event.events[0] == {"type": "abandoned", "total": 3 * STAKE}
    page = board(table, new_player(language="en")).replace("\xa0", " ")
    assert "Everyone left the table" in page and "6.00 BYN" in page and "4.00 BYN" in page
    tile = pit_tile(table)
    assert "Everyone left the table" in tile and "4.00 BYN" in tile
    assert "Carried between hands" not in tile
    assert_books_clean()


def test_the_window_is_a_table_setting_staff_may_set_to_zero_but_not_below():
    from tables.staff import table_terms_refusal

    assert table_terms_refusal("khrap", {"stake": STAKE, "start_seconds": 0}) is None
    assert table_terms_refusal("khrap", {"stake": STAKE, "start_seconds": 5}) is None
    for bad in (-1, "soon", True):
        refusal = table_terms_refusal("khrap", {"stake": STAKE, "start_seconds": bad})
        assert "start_seconds" in refusal
