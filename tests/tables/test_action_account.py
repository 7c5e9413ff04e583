"""The cost of a live action (issue 49): what a six-seat High card bet runs inside its
transaction, its account (``casino.timings.action_account``), and the floor's work after the
table's transaction, one table's hands taken together."""

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino import timings
from floor import alerts
from floor.alerts import hands as floor_hands
from floor.models import HandMoney
from tables import listeners, services
from tables.listeners import TableNews
from tables.models import Table
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres

TERMS = {"min_bet": 100, "max_bet": 1_000, "ante": 10, "decks": 1, "penetration": 0.5}
# Statements inside the transaction of a bet at six seats (issue 49), counted on SQLite with
# the test's own savepoint around the actor's: a bet that leaves others deciding (the table and
# seats read, the escrow of the bet's box found and created, the transfer, its wallets locked,
# the loss limit, the balances, the entries, the event, the table: 13; 9 on PostgreSQL, where
# the escrow is found and created in one statement), and the bet that ends the hand (the hand
# settled and recorded, the next dealt with its antes; 40 while the floor's work ran inside it,
# two fewer since neither the hand's events nor the hand before are read again when every seat
# was dealt in; a hand's outcome moves it by a transfer's few statements). A change that adds
# statements to the action raises these on purpose.
BET_STATEMENTS = 13
HAND_ENDING_STATEMENTS = 32


def six_seated() -> tuple[Table, dict[int, object]]:
    table = Table.objects.create(
        name="High card",
        game="highcard",
        currency="BYN",
        settings={**TERMS, "action_seconds": 30, "start_seconds": 0},
    )
    for _n in range(6):
        player = new_player()
        fund(player, 100_000)
        services.table_sit(table_id=table.pk, player=player, connected=True)
    by_seat = {s.position: s.player for s in table.seats.select_related("player")}
    play_hand(table, by_seat)  # the first hand was dealt to the first to sit: all six in the next
    return table, by_seat


def deciding(table: Table) -> list[int]:
    return sorted(int(p) for p in Table.objects.get(pk=table.pk).state["clock"]["seats"])


def play_hand(table: Table, by_seat: dict[int, object]) -> None:
    number = Table.objects.get(pk=table.pk).hand_number
    while Table.objects.get(pk=table.pk).hand_number == number:
        bet(table, by_seat[deciding(table)[0]])


def bet(table: Table, player) -> int:
    """Statements the bet ran (its whole transaction: lock to commit)."""
    with CaptureQueriesContext(connection) as queries:
        services.table_act(table_id=table.pk, player=player, action={"type": "bet", "amount": 100})
    return len(queries)


@pytest.mark.django_db
def test_a_bet_runs_no_more_statements_in_its_transaction_than_counted(monkeypatch):
    table, by_seat = six_seated()
    # the transaction alone: the floor's work after it is not the table's (counted apart)
    monkeypatch.setattr(listeners, "_after_listeners", [], raising=False)
    first, *others = deciding(table)
    counts = [bet(table, by_seat[first])]
    counts += [bet(table, by_seat[position]) for position in others[:-1]]
    hand_ending = bet(table, by_seat[others[-1]])
    assert max(counts) <= BET_STATEMENTS, counts
    assert hand_ending <= HAND_ENDING_STATEMENTS, hand_ending
    assert_books_clean()


@pytest.mark.django_db(transaction=True)
def test_a_hands_results_are_kept_after_the_tables_transaction(monkeypatch):
    """The floor's work runs once the table's transaction has committed, and keeps each
    player's result of the hand as before."""
    table, by_seat = six_seated()
    seen = []

    def in_transaction(news):
        seen.append((connection.in_atomic_block, any(item.hand_over for item in news)))
        alerts.after_hands(news)

    monkeypatch.setattr(
        listeners, "_after_listeners", [("floor alerts", in_transaction)], raising=True
    )
    play_hand(table, by_seat)
    assert (False, True) in seen
    assert all(not atomic for atomic, _hand_over in seen)
    assert HandMoney.objects.filter(table=table, hand__number=2).exists()
    assert_books_clean()


@pytest.mark.django_db
def test_news_that_no_listener_after_the_transaction_wants_is_not_handed_over(monkeypatch):
    """The floor's listener wants a hand's end (``floor.alerts.ends_a_hand``): a bet that ends
    no hand is handed to nobody (in a server, no work for the floor's thread)."""
    table, by_seat = six_seated()
    told = []
    after = [("floor alerts", lambda news: told.append(list(news)))]
    monkeypatch.setattr(listeners, "_after_listeners", after)
    first, *_others = deciding(table)
    bet(table, by_seat[first])
    assert told == []
    play_hand(table, by_seat)
    assert told and all(any(item.hand_over for item in batch) for batch in told)


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_in_a_server_the_floor_work_runs_on_its_own_thread_after_the_tables(monkeypatch, settings):
    """PostgreSQL, as a server runs (``AFTER_TABLE_THREAD``): the hand's floor work is handed
    to the listeners' own thread, so the table thread that committed is free at once; it runs
    there in order and keeps each player's result of the hand."""
    settings.AFTER_TABLE_THREAD = True
    table, by_seat = six_seated()
    threads = []
    release = threading.Event()

    def on_own_thread(news):
        threads.append((threading.current_thread().name, connection.in_atomic_block))
        release.wait(10)  # the table's next hand plays on meanwhile
        alerts.after_hands(news)

    monkeypatch.setattr(
        listeners, "_after_listeners", [("floor alerts", on_own_thread)], raising=True
    )
    play_hand(table, by_seat)
    play_hand(table, by_seat)  # not held up by the first hand's floor work
    release.set()
    listeners.after_listeners_idle()
    names = {name for name, _atomic in threads}
    assert names and all(name.startswith("table-after") for name in names), names
    assert threading.current_thread().name not in names
    assert not any(atomic for _name, atomic in threads)
    assert HandMoney.objects.filter(table=table, hand__number=2).exists()
    assert HandMoney.objects.filter(table=table, hand__number=3).exists()
    assert_books_clean()


@pytest.mark.django_db
def test_hands_ending_while_the_tables_floor_work_runs_are_taken_by_that_run(monkeypatch):
    """A second hand told while the first's floor work runs (another thread, the table's next
    action) is left to that run: each hand once, in order, and the second caller returns at
    once."""
    table = Table(pk=7, name="t", game="highcard", currency="BYN", state={})
    first, second = (
        TableNews(table=table, step="engine", cause="player", events=[], hand_over=True, seat=n)
        for n in (1, 2)
    )
    done = []

    def look(news):
        if news is first and not done:
            alerts.after_hands([second])  # arrives meanwhile: returns without looking
            assert done == []
        done.append(news.seat)

    monkeypatch.setattr(floor_hands, "on_table_news", look)
    alerts.after_hands([first])
    assert done == [1, 2]
    alerts.after_hands([first])  # a later run starts afresh
    assert done == [1, 2, 1]


@pytest.mark.django_db
def test_an_actions_account_counts_its_statements_and_names_its_kind(monkeypatch, tmp_path):
    monkeypatch.setattr(timings, "PATH", str(tmp_path / "timings.json"))
    monkeypatch.setattr(timings, "_accounts", {})
    monkeypatch.setattr(timings, "_writer", object())  # no writer thread in a test
    table, by_seat = six_seated()
    timings._accounts.clear()  # the sitting's accounts
    first, *others = deciding(table)
    statements = bet(table, by_seat[first])
    for position in others:
        bet(table, by_seat[position])
    account = timings.accounts_summary(None, {"accounts": timings._accounts})
    assert set(account) == {"bet", "bet, hand over"}
    assert account["bet"]["actions"] == len(others)
    assert account["bet, hand over"]["actions"] == 1
    # the account counts the statements the action ran, the savepoints of the test aside
    assert 0 < account["bet"]["statement count"] <= statements
    assert account["bet"]["engine"] > 0
    assert account["bet, hand over"]["statement count"] > account["bet"]["statement count"]
