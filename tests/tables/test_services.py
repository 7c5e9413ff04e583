"""The table actor, driven directly (the consumers call exactly these services)."""

import datetime as dt
import json
import random

import pytest
from django.utils import timezone

from casino import ledger
from casino.models import HousePurpose
from tables import outbox, services
from tables.games.durak import engine as durak
from tables.models import Hand, TableEvent, TableStatus
from tables.outbox import seat_group, seats_group
from tests.conftest import assert_books_clean, new_player
from tests.tables.conftest import balances, pick_action

pytestmark = pytest.mark.django_db


def seat_both(table, players):
    for player in players:
        services.table_sit(table_id=table.pk, player=player, connected=True)
    table.refresh_from_db()
    return table


def play_out(table, players, rng, until_match_over=True, max_steps=20_000):
    by_seat = {s.position: s.player for s in table.seats.all()}
    for _ in range(max_steps):
        table.refresh_from_db()
        if table.status != TableStatus.PLAYING:
            return table
        (seat,) = durak.to_act(table.state)
        services.table_act(
            table_id=table.pk, player=by_seat[seat], action=pick_action(table.state, seat, rng)
        )
    raise AssertionError("the match did not end")


def test_two_players_sit_the_match_starts_and_the_stakes_go_to_escrow(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    assert table.status == TableStatus.PLAYING
    assert table.hand_number == 1 and table.match_number == 1
    assert balances(*two_players) == [9_000, 9_000]
    escrow = ledger.escrow_account(f"table:{table.pk}:match:1", "BYN")
    assert escrow.balance == 2_000
    hand = Hand.objects.get(table=table, number=1)
    assert len(hand.commitment) == 64 and hand.ended_at is None
    assert table.state["clock"]["deadline"] > timezone.now().timestamp()
    assert_books_clean()


def test_a_whole_match_settles_with_commission_and_every_hand_is_revealed(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    table = play_out(table, two_players, random.Random(7))
    match = table.state["match"]
    assert match["over"] and max(match["score"]) == 5
    winner = two_players[
        [s.position for s in table.seats.order_by("position")].index(match["winner"])
    ]
    loser = next(p for p in two_players if p != winner)
    assert ledger.balances_of(winner)["BYN"] == 10_000 - 1_000 + 1_900
    assert ledger.balances_of(loser)["BYN"] == 9_000
    assert ledger.house_account(HousePurpose.COMMISSION, "BYN").current_balance() == 100
    escrow = ledger.escrow_account(f"table:{table.pk}:match:1", "BYN")
    assert escrow.balance == 0 and escrow.closed_at is not None
    assert Hand.objects.filter(table=table, ended_at__isnull=True).count() == 0
    assert table.status == TableStatus.OPEN
    assert_books_clean()


def test_out_of_turn_and_other_seat_actions_are_refused_and_change_nothing(
    durak_table, two_players
):
    table = seat_both(durak_table, two_players)
    by_seat = {s.position: s.player for s in table.seats.all()}
    (seat,) = durak.to_act(table.state)
    version = table.version
    with pytest.raises(services.TableError, match="not your turn"):
        services.table_act(
            table_id=table.pk,
            player=by_seat[1 - seat],
            action={"type": "attack", "cards": table.state["hands"][1 - seat][:1]},
        )
    with pytest.raises(services.TableError, match="from your hand"):
        services.table_act(
            table_id=table.pk,
            player=by_seat[seat],
            action={"type": "attack", "cards": table.state["hands"][1 - seat][:1]},
        )
    stranger = new_player()
    with pytest.raises(services.TableError, match="not seated"):
        services.table_act(table_id=table.pk, player=stranger, action={"type": "take"})
    table.refresh_from_db()
    assert table.version == version


def test_a_repeated_client_action_id_is_applied_once(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    by_seat = {s.position: s.player for s in table.seats.all()}
    (seat,) = durak.to_act(table.state)
    action = durak.legal_actions(table.state, seat)[0]
    first = services.table_act(
        table_id=table.pk, player=by_seat[seat], action=action, client_action_id="click-1"
    )
    again = services.table_act(
        table_id=table.pk, player=by_seat[seat], action=action, client_action_id="click-1"
    )
    assert not first.replayed and again.replayed and again.version == first.version
    assert TableEvent.objects.filter(client_action_id="click-1").count() == 1


def test_the_clock_takes_for_a_silent_defender_and_forfeits_after_two(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    by_seat = {s.position: s.player for s in table.seats.all()}
    attacker = table.state["attacker"]
    action = durak.legal_actions(table.state, attacker)[0]
    services.table_act(table_id=table.pk, player=by_seat[attacker], action=action)
    table.refresh_from_db()
    late = timezone.now() + dt.timedelta(seconds=31)
    assert services.overdue_table_ids(now=late) == [table.pk]
    assert services.table_apply_overdue(table_id=table.pk, now=late) >= 1
    assert services.table_apply_overdue(table_id=table.pk, now=late) == 0  # applied once
    event = TableEvent.objects.filter(table=table, step="timeout").first()
    assert event.seat == 1 - attacker and event.cause == "clock"
    assert_books_clean()


def test_d13_an_absent_player_keeps_a_grace_period_then_forfeits_the_match_after_the_limit(
    durak_table, two_players
):
    table = seat_both(durak_table, two_players)
    grace = durak_table.settings["grace_seconds"]
    absence = durak_table.settings["absence_seconds"]
    action_seconds = durak_table.settings["action_seconds"]
    assert action_seconds < grace < absence
    by_seat = {s.position: s.player for s in table.seats.all()}
    # the player to act (the leader of the first game) drops
    (absent,) = durak.to_act(table.state)
    present = 1 - absent
    left_at = timezone.now()
    services.table_presence(
        table_id=table.pk, player=by_seat[absent], change="disconnect", now=left_at
    )
    table.refresh_from_db()
    version, state = table.version, table.state
    assert table.seats.get(position=absent).away_since == left_at

    def clock_events(since):
        return list(
            TableEvent.objects.filter(
                table=table, version__gt=since, step__in=["timeout", "forfeit"]
            ).values_list("step", "seat", "cause")
        )

    # D13: past the action time but within the grace period the absent player's clock waits:
    # nothing is due, nothing is applied, the same seat is still to act
    within_grace = left_at + dt.timedelta(seconds=(action_seconds + grace) / 2)
    assert within_grace > left_at + dt.timedelta(seconds=action_seconds)
    assert services.overdue_table_ids(now=within_grace) == []
    assert services.table_apply_overdue(table_id=table.pk, now=within_grace) == 0
    table.refresh_from_db()
    assert table.version == version and table.state == state
    assert durak.to_act(table.state) == [absent]
    assert clock_events(version) == []
    assert not table.state["match"]["over"]
    # once the grace period is over the clock applies: one timeout (the lowest card is led),
    # no forfeit yet
    after_grace = left_at + dt.timedelta(seconds=grace + 1)
    assert services.overdue_table_ids(now=after_grace) == [table.pk]
    assert services.table_apply_overdue(table_id=table.pk, now=after_grace) == 1
    assert services.table_apply_overdue(table_id=table.pk, now=after_grace) == 0
    table.refresh_from_db()
    assert clock_events(version) == [("timeout", absent, "clock")]
    assert table.state["timeouts"][absent] == 1 and len(table.state["table"]) == 1
    assert durak.to_act(table.state) == [present] and not table.state["match"]["over"]
    # just before the absence limit the match still goes on (the present defender's own clock
    # may run out meanwhile: he takes)
    before_limit = left_at + dt.timedelta(seconds=absence - 1)
    while services.table_apply_overdue(table_id=table.pk, now=before_limit):
        pass
    table.refresh_from_db()
    assert ("forfeit", absent, "clock") not in clock_events(version)
    assert not table.state["match"]["over"] and table.status == TableStatus.PLAYING
    assert balances(*by_seat.values()) == [9_000, 9_000]
    # past the limit the absent player forfeits the match, once
    version = table.version
    later = left_at + dt.timedelta(seconds=absence + 1)
    while services.table_apply_overdue(table_id=table.pk, now=later):
        pass
    assert services.table_apply_overdue(table_id=table.pk, now=later) == 0
    table.refresh_from_db()
    assert clock_events(version) == [("forfeit", absent, "clock")]
    forfeit = TableEvent.objects.get(table=table, step="forfeit")
    assert forfeit.action == {"type": "forfeit", "reason": "absent"}
    assert table.state["match"]["over"]
    assert table.state["match"]["winner"] == present
    assert table.state["match"]["result"] == "absent"
    assert ledger.balances_of(by_seat[present])["BYN"] == 10_900
    assert ledger.balances_of(by_seat[absent])["BYN"] == 9_000
    assert_books_clean()


def test_leaving_during_a_match_forfeits_it(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    by_seat = {s.position: s.player for s in table.seats.all()}
    services.table_leave(table_id=table.pk, player=by_seat[1])
    table.refresh_from_db()
    assert table.state["match"]["winner"] == 0
    assert table.seats.count() == 1
    assert ledger.balances_of(by_seat[0])["BYN"] == 10_900
    assert_books_clean()


def test_a_player_who_cannot_cover_the_stake_cannot_sit(durak_table):
    poor = new_player()
    with pytest.raises(services.TableError, match="You need 10.00"):
        services.table_sit(table_id=durak_table.pk, player=poor)
    assert durak_table.seats.count() == 0


def test_after_a_match_both_must_ask_for_a_new_one(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    table = play_out(table, two_players, random.Random(11))
    services.table_ready(table_id=table.pk, player=two_players[0])
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    services.table_ready(table_id=table.pk, player=two_players[1])
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and table.match_number == 2
    assert_books_clean()


def test_the_table_event_log_is_append_only(durak_table, two_players):
    from casino.models import ImmutableLedgerError

    seat_both(durak_table, two_players)
    event = TableEvent.objects.filter(table=durak_table).first()
    event.action = {"type": "forged"}
    with pytest.raises(ImmutableLedgerError):
        event.save()
    with pytest.raises(ImmutableLedgerError):
        TableEvent.objects.filter(table=durak_table).update(seat=1)
    with pytest.raises(ImmutableLedgerError):
        TableEvent.objects.filter(table=durak_table).delete()


# --- one transaction per action, broadcasts ------------------------------------------------


def _after_the_attack(table, players):
    """Both seated, the attacker has led: the defender's clock runs."""
    table = seat_both(table, players)
    by_seat = {s.position: s.player for s in table.seats.all()}
    attacker = table.state["attacker"]
    action = durak.legal_actions(table.state, attacker)[0]
    services.table_act(table_id=table.pk, player=by_seat[attacker], action=action)
    table.refresh_from_db()
    return table, by_seat, 1 - attacker


def _record_broadcasts(monkeypatch):
    calls = []
    monkeypatch.setattr(outbox, "broadcast", lambda *args, **kwargs: calls.append(args))
    return calls


def test_an_overdue_clock_is_applied_in_the_actions_own_transaction_before_it(
    durak_table, two_players, monkeypatch, django_capture_on_commit_callbacks
):
    table, by_seat, defender = _after_the_attack(durak_table, two_players)
    late = timezone.now() + dt.timedelta(seconds=31)
    after_timeout, _events = durak.apply_timeout(table.state, defender)
    (next_seat,) = durak.to_act(after_timeout)
    action = durak.legal_actions(after_timeout, next_seat)[0]
    # the action does not open a transaction of its own for the overdue clock
    monkeypatch.setattr(services, "table_apply_overdue", None)
    calls = _record_broadcasts(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        outcome = services.table_act(
            table_id=table.pk, player=by_seat[next_seat], action=action, now=late
        )
    assert outcome.version == table.version + 2
    timeout, acted = TableEvent.objects.filter(table=table, version__gt=table.version)
    assert (timeout.step, timeout.cause, timeout.seat) == ("timeout", "clock", defender)
    assert (acted.step, acted.cause, acted.seat) == ("engine", "player", next_seat)
    assert timeout.hand_id == acted.hand_id == Hand.objects.get(table=table, number=1).pk
    assert len(calls) == 1  # one broadcast of the committed state, not one per change
    assert_books_clean()


def test_an_action_refused_after_an_overdue_clock_still_commits_the_clock(
    durak_table, two_players, monkeypatch, django_capture_on_commit_callbacks
):
    table, by_seat, defender = _after_the_attack(durak_table, two_players)
    late = timezone.now() + dt.timedelta(seconds=31)
    too_late = durak.legal_actions(table.state, defender)[0]  # legal before the clock ran out
    calls = _record_broadcasts(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(services.TableError):
            services.table_act(
                table_id=table.pk, player=by_seat[defender], action=too_late, now=late
            )
    after = TableEvent.objects.filter(table=table, version__gt=table.version)
    assert [(e.step, e.seat) for e in after] == [("timeout", defender)]
    fresh = type(table).objects.get(pk=table.pk)
    assert fresh.version == table.version + 1
    # the refused action's changes to the objects in memory never reach a socket: the
    # broadcast reloads what was committed
    assert calls == [(table.pk,)]


def _sent_messages(monkeypatch):
    sent = []
    monkeypatch.setattr(outbox, "group_send_all", lambda messages: sent.append(messages))
    return sent


def test_the_lobby_hears_of_a_table_only_when_its_summary_changes_the_pit_of_every_change(
    durak_table, two_players, monkeypatch, django_capture_on_commit_callbacks
):
    sent = _sent_messages(monkeypatch)
    monkeypatch.setattr(outbox, "has_listeners", lambda layer, group: True)  # a spectator
    with django_capture_on_commit_callbacks(execute=True):
        table = seat_both(durak_table, two_players)
    for messages in sent:  # each sit changes the players shown
        assert {"lobby", "pit"} <= {group for group, _message in messages}
    sent.clear()
    by_seat = {s.position: s.player for s in table.seats.all()}
    (seat,) = durak.to_act(table.state)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_act(
            table_id=table.pk,
            player=by_seat[seat],
            action=durak.legal_actions(table.state, seat)[0],
        )
    (messages,) = sent
    groups = [group for group, _message in messages]
    assert "lobby" not in groups  # a card changes no lobby row
    # the floor's tile follows every action (issue 17), without a card
    (pit,) = [message for group, message in messages if group == "pit"]
    hidden = [card for hand in table.state["hands"] for card in hand]
    assert pit["summary"]["version"] == table.version + 1
    assert not any(f'"{card}"' in json.dumps(pit) for card in hidden)
    # each seat's own view goes to that player's group only; the table's group gets no hand
    assert table.group_name in groups
    # the seats' group hears every change, one that touched every seat too (issue 49): its
    # public board is what the next change's parts are found against, in every process
    (seats_message,) = [m for g, m in messages if g == seats_group(table.pk)]
    assert set(seats_message["touched"]) >= {p for p, _player in by_seat.items()} - {None}
    for group, message in messages:
        if group == "pit":
            continue
        view = json.loads(message["view"])
        assert (message["version"], message["seat"]) == (view["table"]["version"], view["seat"])
        if group in (table.group_name, seats_group(table.pk)):
            # the spectators' board, and the seats' public board (its parts; every seat here
            # was touched, so it only keeps the seats' processes up to date: issue 49)
            assert view["seat"] is None and "hand" not in view["game"]
        else:
            (position,) = [
                p for p, player in by_seat.items() if seat_group(table.pk, player.pk) == group
            ]
            assert view["seat"] == position and view["game"]["hand"]
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_leave(table_id=table.pk, player=by_seat[1])
    (messages,) = sent
    groups = [group for group, _message in messages]
    assert "lobby" in groups and "pit" in groups
    # the player who left gets the public view (their sockets are not in the table's group)
    left = [m for g, m in messages if g == seat_group(table.pk, by_seat[1].pk)]
    assert [json.loads(m["view"])["seat"] for m in left] == [None]
