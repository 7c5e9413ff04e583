"""Betting windows (issue 31 item 5, docs/architecture.md "Betting windows"): a round in which
nobody stakes anything leaves no hand in any history (its shoe's commitment still holds for the
next hand), a seat that lets three betting windows pass in a row is sat out until its player
comes back, and the pit boss's tile shows the round's exposure. Played on a small house-banked
test game (tests/tables/windows_engine.py), its clocks driven by ``now=``."""

import datetime as dt

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from casino.apps import PIT_BOSS_GROUP
from tables import presenters, selectors, services
from tables.engines import shuffle
from tables.models import Hand, SeatStatus, Table, TableStatus
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.windows_engine import GAME, registered

pytestmark = pytest.mark.django_db

BET_SECONDS = 5


@pytest.fixture
def engine():
    with registered() as engine:
        yield engine


@pytest.fixture
def start():
    return timezone.now()


class Clock:
    """The test's time: moved on by hand, never read from the wall."""

    def __init__(self, now):
        self.now = now

    def passes(self, seconds: float = BET_SECONDS + 1):
        self.now += dt.timedelta(seconds=seconds)
        return self.now


def new_table() -> Table:
    return Table.objects.create(
        name="Windows",
        game=GAME,
        currency="BYN",
        settings={"bet_seconds": BET_SECONDS, "action_seconds": 600, "start_seconds": 0},
    )


def seated(table, count, clock):
    players = [new_player(language="en") for _ in range(count)]
    for player in players:
        fund(player, 10_000)
        services.table_sit(table_id=table.pk, player=player, connected=True, now=clock.now)
    table.refresh_from_db()
    return players


def bet(table, player, amount, clock):
    services.table_act(
        table_id=table.pk, player=player, action={"type": "bet", "amount": amount}, now=clock.now
    )


def let_the_window_pass(table, clock):
    """Nobody else acts: the bet clocks run out (the sweeper's path) and the hand ends."""
    services.table_apply_overdue(table_id=table.pk, now=clock.passes())
    table.refresh_from_db()


def board(table, player) -> str:
    table.refresh_from_db()
    seats = {s.position: s for s in table.seats.all()}
    position = next(p for p, s in seats.items() if s.player_id == player.pk)
    with translation.override("en"):
        return presenters.render_board(selectors.table_view(table, seats, position), "en")


def client_of(player, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player)
    client.cookies["django_language"] = language
    return client


def pit_boss():
    boss = new_player(is_staff=True)
    boss.groups.add(Group.objects.get(name=PIT_BOSS_GROUP))
    return boss


def pit_tile(table) -> str:
    page = client_of(pit_boss()).get(reverse("pit")).content.decode().replace("\xa0", " ")
    begin = page.index(f'id="pit-table-{table.pk}"')
    return page[begin : page.index("</article>", begin)]


# --- 1. a round in which nobody bets leaves no hand in the history ----------------------------


def test_a_round_nobody_bets_in_is_no_hand_of_any_history(engine, start):
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    assert table.hand_number == 1
    bet(table, a, 100, clock)  # hand 1: a bets, b's window passes
    let_the_window_pass(table, clock)
    assert table.hand_number == 2  # hand 2 dealt
    let_the_window_pass(table, clock)  # hand 2: nobody bets
    table.refresh_from_db()
    # the empty round is kept (its events point at it) but the next hand took its number
    assert table.status == TableStatus.PLAYING
    assert table.hand_number == 2
    rounds = list(Hand.objects.filter(table=table).order_by("pk"))
    assert [(r.number, r.empty) for r in rounds] == [(1, False), (2, True), (2, False)]
    assert table.state["last_game"]["number"] == 1  # the board keeps the last hand played
    bet(table, b, 300, clock)
    let_the_window_pass(table, clock)  # the hand numbered 2: b bets
    played = Hand.objects.shown().get(table=table, number=2)
    assert played.result == {"bets": 1} and played.pk == rounds[2].pk

    # every history: the table's list, each player's hands, the hand page, the pace
    for player, numbers in ((a, [2, 1]), (b, [2, 1])):
        assert [h.number for h in selectors.finished_hands(table, player)] == numbers
    assert [h.number for h in selectors.finished_hands(table, pit_boss())] == [2, 1]
    page = client_of(b).get(reverse("hand_detail", args=[table.pk, 2]))
    assert page.status_code == 200 and page.context["hand"].pk == played.pk
    listed = client_of(a).get(reverse("hand_list", args=[table.pk])).content.decode()
    assert listed.count(reverse("hand_detail", args=[table.pk, 2])) >= 1
    assert reverse("hand_detail", args=[table.pk, 3]) not in listed
    assert selectors.games_last_hour([table.pk])[table.pk] == 2
    assert_books_clean()


def test_an_empty_round_that_opened_a_shoe_keeps_its_commitment_for_the_shoe(engine, start):
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    bet(table, a, 100, clock)
    bet(table, b, 100, clock)  # hand 1, the first of shoe 1 (2 hands a shoe)
    let_the_window_pass(table, clock)  # the second of shoe 1: nobody bets
    let_the_window_pass(table, clock)  # the first of shoe 2: nobody bets
    table.refresh_from_db()
    empty = Hand.objects.filter(table=table, empty=True).order_by("pk")
    assert [r.shuffle_scope for r in empty] == ["shoe:1", "shoe:2"]
    opener = empty[1]  # it published shoe 2's commitment
    assert opener.revealed_at is None
    bet(table, a, 200, clock)
    let_the_window_pass(table, clock)  # the second of shoe 2: played, the shoe is over
    played = Hand.objects.shown().get(table=table, number=2)
    assert played.shuffle_scope == "shoe:2"
    assert (played.commitment, played.secret) == (opener.commitment, opener.secret)
    assert played.revealed and shuffle.verify(played.deck_record, played.secret, played.commitment)
    page = client_of(a).get(reverse("hand_detail", args=[table.pk, 2]))
    assert page.context["verified"] is True
    call_command("verifyhands")  # every round, the empty ones too (exits 1 on a mismatch)


def test_a_hand_with_a_bet_is_a_hand_of_the_history(engine, start):
    clock = Clock(start)
    table = new_table()
    a, _b = seated(table, 2, clock)
    bet(table, a, 100, clock)
    let_the_window_pass(table, clock)
    assert not Hand.objects.get(table=table, number=1).empty
    assert engine.round_without_bets({"over": False, "bets": {}}) is False


# --- 2. sitting out after three missed betting windows -----------------------------------------


def seat_of(table, player):
    return table.seats.get(player=player)


def test_three_windows_let_pass_sit_a_seat_out_until_its_player_is_back(engine, start):
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    for hand in (1, 2, 3):
        assert seat_of(table, b).status == SeatStatus.SITTING
        bet(table, a, 100, clock)
        let_the_window_pass(table, clock)  # b's bet is taken by its clock: a pass
        assert seat_of(table, b).missed_windows == hand
    sat_out = seat_of(table, b)
    assert sat_out.status == SeatStatus.SITTING_OUT and sat_out.away_since is not None
    # not dealt in: a plays alone, which this game does not, so no hand is dealt
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and table.hand_number == 3
    shown = board(table, b)
    assert "three betting rounds in a row passed without your bet" in shown
    assert "three betting rounds" not in board(table, a)  # a's board shows b sitting out only
    # "I'm back": b is dealt in again, the count starts from none
    services.table_presence(table_id=table.pk, player=b, change="connect", now=clock.passes(1))
    services.table_presence(table_id=table.pk, player=b, change="back", now=clock.now)
    table.refresh_from_db()
    back = seat_of(table, b)
    assert back.status == SeatStatus.SITTING and back.missed_windows == 0
    assert table.status == TableStatus.PLAYING and table.state["hand_seats"] == [
        seat_of(table, a).position,
        back.position,
    ]
    assert "three betting rounds" not in board(table, b)
    assert_books_clean()


def test_a_bet_of_its_own_starts_the_count_again(engine, start):
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    for _ in range(2):
        bet(table, a, 100, clock)
        let_the_window_pass(table, clock)
    assert seat_of(table, b).missed_windows == 2
    bet(table, b, 100, clock)  # the third window: b bets
    assert seat_of(table, b).missed_windows == 0
    let_the_window_pass(table, clock)  # a's window passes this time
    assert seat_of(table, a).missed_windows == 1
    assert seat_of(table, b).missed_windows == 0
    bet(table, a, 100, clock)
    let_the_window_pass(table, clock)
    assert seat_of(table, b).missed_windows == 1
    assert seat_of(table, b).status == SeatStatus.SITTING


def test_a_seat_with_a_bet_still_working_misses_no_window(engine, start, monkeypatch):
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    position = seat_of(table, b).position
    # a bet spanning hands (a pass line with its point set) still works at the hand's end
    monkeypatch.setattr(engine, "holds_bets", lambda state, s: s == position)
    for _ in range(3):
        bet(table, a, 100, clock)
        let_the_window_pass(table, clock)
    assert seat_of(table, b).missed_windows == 0
    assert seat_of(table, b).status == SeatStatus.SITTING


def test_a_window_timed_by_another_clock_is_not_a_betting_window(engine, start, monkeypatch):
    clock = Clock(start)
    table = new_table()
    table.settings = {**table.settings, "action_seconds": BET_SECONDS}
    table.save(update_fields=["settings"])
    monkeypatch.setattr(engine, "clock_setting", lambda state, s: "action_seconds")
    a, b = seated(table, 2, clock)
    for _ in range(3):
        bet(table, a, 100, clock)
        let_the_window_pass(table, clock)
    assert seat_of(table, b).missed_windows == 0


# --- 3. the pit tile shows the round's exposure -------------------------------------------------


def test_the_pit_tile_shows_the_rounds_exposure_while_a_hand_is_in_play(
    engine, start, monkeypatch, django_capture_on_commit_callbacks
):
    from tables import outbox

    sent = []
    monkeypatch.setattr(outbox, "group_send_all", sent.extend)
    monkeypatch.setattr(outbox, "has_listeners", lambda layer, group: True)
    clock = Clock(start)
    table = new_table()
    a, b = seated(table, 2, clock)
    floor = selectors.table_summary_of(table.pk)["floor"]
    assert floor["exposure"] == 0  # dealt, nothing staked yet
    with django_capture_on_commit_callbacks(execute=True):
        bet(table, a, 250, clock)
    # live: the pit's tile is sent with every change, its exposure in it
    pit = [m["summary"] for g, m in sent if g == "pit"]
    assert pit[-1]["floor"]["exposure"] == 250
    tile = pit_tile(table)
    assert "House exposure" in tile
    assert 'data-exposure="250"' in tile and "2.50" in tile
    assert ">250<" not in tile  # never minor units
    with django_capture_on_commit_callbacks(execute=True):
        bet(table, b, 100, clock)  # the hand ends; the next is dealt with nothing staked
    assert [m["summary"] for g, m in sent if g == "pit"][-1]["floor"]["exposure"] == 0
    # no hand in play: nothing shown
    table.refresh_from_db()
    table.status = TableStatus.OPEN
    table.state = {**table.state, "over": True}
    table.save(update_fields=["status", "state"])
    assert selectors.table_summary_of(table.pk)["floor"]["exposure"] is None
    assert "House exposure" not in pit_tile(table)


def test_a_game_where_the_house_is_no_counter_party_shows_no_exposure(durak_table, two_players):
    now = timezone.now()
    for player in two_players:
        services.table_sit(table_id=durak_table.pk, player=player, connected=True, now=now)
    durak_table.refresh_from_db()  # a full table deals at once
    assert durak_table.status == TableStatus.PLAYING
    assert selectors.table_summary_of(durak_table.pk)["floor"]["exposure"] is None
    assert "House exposure" not in pit_tile(durak_table)


def test_a_seat_that_staked_a_box_and_let_its_clock_close_its_betting_missed_no_window(start):
    """High card: a box staked by its number keeps the seat's betting open; its clock closing
    the betting is no window let pass (the seat bet)."""
    clock = Clock(start)
    table = Table.objects.create(
        name="High card windows",
        game="highcard",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 1_000,
            "bet_seconds": BET_SECONDS,
            "action_seconds": 600,
            "start_seconds": 0,
        },
    )
    a, b = seated(table, 2, clock)
    # a sat first and was dealt a hand alone: he passes, and both are dealt the next
    services.table_act(table_id=table.pk, player=a, action={"type": "pass"}, now=clock.now)
    for _ in range(3):
        services.table_act(
            table_id=table.pk,
            player=b,
            action={"type": "bet", "box": 6, "amount": 100},
            now=clock.now,
        )
        services.table_act(table_id=table.pk, player=a, action={"type": "pass"}, now=clock.now)
        let_the_window_pass(table, clock)
        assert Hand.objects.filter(table=table, ended_at__isnull=False).count() >= 1
    assert seat_of(table, b).missed_windows == 0
    assert seat_of(table, b).status == SeatStatus.SITTING
    assert_books_clean()
