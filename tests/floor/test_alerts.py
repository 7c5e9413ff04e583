"""Alerts a person can act on (issue 17, part 4): scripted hands and table states raise each
alert exactly once and not again after it is acknowledged; an ordinary session raises none;
thresholds staff change apply at once; only the pit boss sees, acknowledges and changes them;
the pit socket hears each new alert and each acknowledgement."""

import datetime as dt

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from casino.asgi import application
from casino.models import Account, AccountKind
from floor import alerts
from floor.alerts import hands as alert_hands
from floor.models import Alert, AlertKind, AlertRule, HandFlow, HandMoney
from tables import services
from tables.engines.cards import pack_33
from tables.games.belarusian_poker import engine as belarusian_poker
from tables.listeners import TableNews
from tables.models import Hand, Seat, Table
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.conftest import balances
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.games.belarusian_poker.test_belarusian_poker import pack_dealing
from tests.tables.test_pit import HOST, ORIGIN, cookie_of, pit_boss, signed_in

FUNDS = 1_000_000  # 10 000.00 BYN each
ENTRY = 100
# whichever seat the button gives each hand, both hold a weak hand (nobody folds a strong one)
WEAK = {0: ["7S", "8H", "9D"], 1: ["7H", "8D", "9C"]}
# three aces (33) and the ace, king and queen of clubs (31): whoever passes gives up a hand
# stronger than 98 % of all
STRONG = {0: ["AS", "AH", "AD"], 1: ["AC", "KC", "QC"]}


@pytest.fixture
def deals(monkeypatch):
    """The hands the table deals, in order (then WEAK ones): the actor's shuffle scripted."""
    upcoming: list[dict] = []
    real = belarusian_poker.BelarusianPoker.new_hand

    def new_hand(self, config, players, rng, carry=None):
        deal = upcoming.pop(0) if upcoming else WEAK
        button = (
            players[0]
            if not carry
            else belarusian_poker.clockwise_from_button(players, carry["button"])[0]
        )
        order = pack_dealing(deal, button)
        return real(self, config, players, ScriptedRng(order, pack_33(), pack_33()), carry)

    monkeypatch.setattr(belarusian_poker.BelarusianPoker, "new_hand", new_hand)
    return upcoming


def poker_table(players=2) -> tuple[Table, list]:
    table = Table.objects.create(
        name="Seka alerts",
        game="belarusian_poker",
        currency="BYN",
        settings={
            "min_bet": ENTRY,
            "max_bet": 50_000,
            "unit": 1,
            "action_seconds": 600,
            "start_seconds": 0,  # dealt as soon as they sit (the filling window: test_starts)
        },
    )
    people = [new_player(language="en") for _ in range(players)]
    for person in people:
        fund(person, FUNDS)
        services.table_sit(table_id=table.pk, player=person, connected=True)
    table.refresh_from_db()
    return table, people


@pytest.fixture
def seka(db, deals):
    return poker_table()


def play_hand(table: Table, loser, winner, stake: int = 0) -> Hand:
    """One hand that `loser` loses to `winner` without a showdown: each bets `stake` once
    (nothing if 0), then the loser passes; the loser loses the entry bet and his stake."""
    table.refresh_from_db()
    number = table.hand_number
    seats = {
        s.position: s.player for s in Seat.objects.filter(table=table).select_related("player")
    }
    for _step in range(20):
        table.refresh_from_db()
        if table.hand_number != number:
            return Hand.objects.get(table=table, number=number)
        (position,) = belarusian_poker.to_act(table.state)
        player = seats[position]
        paid = table.state["paid"].get(str(position), 0)
        if player == loser and (paid >= ENTRY + stake):
            action = {"type": "pass"}
        else:
            amount = stake if stake and paid < ENTRY + stake else table.state["level"]
            action = {"type": "bet", "amount": max(amount, table.state["level"])}
        services.table_act(table_id=table.pk, player=player, action=action)
    raise AssertionError("the hand did not end")


def hand_over_news(table: Table) -> TableNews:
    return TableNews(table=table, step="engine", cause="player", events=[], hand_over=True)


def set_rule(kind: str, **values) -> None:
    AlertRule.objects.filter(kind=kind).update(**values)


def open_of(kind: str):
    return Alert.objects.filter(kind=kind, acknowledged_at__isnull=True)


def acknowledge_all(boss) -> None:
    for alert in Alert.objects.filter(acknowledged_at__isnull=True):
        assert alerts.acknowledge(alert.pk, boss)


def run_due_checks(now=None) -> None:
    alerts.floor_checks(now=now)
    alerts.books_job(now=now, force=True)


# --- an ordinary session ------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_ordinary_session_raises_no_alert_and_keeps_each_players_result(seka):
    table, (ann, bob) = seka
    before = balances(ann, bob)
    hands = [play_hand(table, ann, bob), play_hand(table, bob, ann, 500)]
    hands += [play_hand(table, ann, bob, 300), play_hand(table, bob, ann)]
    run_due_checks()
    run_due_checks(timezone.now() + dt.timedelta(minutes=5))
    assert not Alert.objects.exists()
    # what the floor kept is what the wallets show (the casino's deduction taken)
    kept = {
        p.pk: sum(HandMoney.objects.filter(player=p).values_list("net", flat=True))
        for p in (ann, bob)
    }
    after = balances(ann, bob)
    assert [kept[ann.pk], kept[bob.pk]] == [after[0] - before[0], after[1] - before[1]]
    assert HandMoney.objects.filter(hand__in=hands, between_players=True).count() == 8
    assert HandFlow.objects.filter(loser=ann, winner=bob).count() == 2
    assert HandFlow.objects.filter(loser=bob, winner=ann).count() == 2
    assert_books_clean()


# --- the hand rules ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_big_win_raises_one_alert_once_staff_lower_the_threshold(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    play_hand(table, ann, bob, 2_000)  # bob wins about 20 BYN: far under the default
    assert not open_of(AlertKind.BIG_WIN).exists()
    response = signed_in(boss).post(
        reverse("floor:alert_rule", args=[AlertKind.BIG_WIN]), {"threshold": 15, "enabled": "on"}
    )
    assert response.status_code == 302
    rule = AlertRule.objects.get(kind=AlertKind.BIG_WIN)
    assert (rule.threshold, rule.updated_by) == (15, boss)
    hand = play_hand(table, ann, bob, 2_000)
    (alert,) = Alert.objects.filter(kind=AlertKind.BIG_WIN)
    net = HandMoney.objects.get(hand=hand, player=bob).net
    assert (alert.player, alert.table, alert.facts["amount"]) == (bob, table, net)
    assert net > 1_500 and alert.facts["hand"] == hand.number
    words = alerts.message(alert)
    assert 'won <span class="money">20.16\xa0BYN</span>' in words and f"hand {hand.number}" in words
    assert alerts.acknowledge(alert.pk, boss)
    # the same hand's news again (a retried listener) is the same occurrence
    table.refresh_from_db()
    table.state = {**table.state, "hand_id": hand.pk}
    alerts.on_table_news(
        TableNews(table=table, step="engine", cause="player", events=[], hand_over=True)
    )
    assert Alert.objects.filter(kind=AlertKind.BIG_WIN).count() == 1
    play_hand(table, ann, bob, 1_000)  # about 10 BYN: under the new threshold
    assert Alert.objects.filter(kind=AlertKind.BIG_WIN).count() == 1


@pytest.mark.django_db
def test_a_big_result_at_one_table_within_an_hour_is_one_occurrence(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    alerts.rules()
    set_rule(AlertKind.TABLE_HOUR, threshold=30)  # 30 BYN
    set_rule(AlertKind.LOSSES_TO_ONE, enabled=False)  # ann loses every hand to bob here
    play_hand(table, ann, bob, 2_000)  # bob about +20
    assert not Alert.objects.exists()
    play_hand(table, ann, bob, 2_000)  # about +40 within the hour
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.player, alert.table) == (AlertKind.TABLE_HOUR, bob, table)
    assert alert.facts["amount"] == sum(
        HandMoney.objects.filter(player=bob).values_list("net", flat=True)
    )
    play_hand(table, ann, bob, 2_000)  # still above: the same occurrence
    assert Alert.objects.count() == 1
    acknowledge_all(boss)
    play_hand(table, ann, bob, 2_000)
    assert Alert.objects.count() == 1
    # an hour later the earlier hands are out of the window: a new hand alone is under it
    HandMoney.objects.update(ended_at=F("ended_at") - dt.timedelta(hours=2))
    Alert.objects.update(raised_at=F("raised_at") - dt.timedelta(hours=2))
    play_hand(table, ann, bob, 2_000)
    assert Alert.objects.count() == 1
    play_hand(table, ann, bob, 2_000)  # and over it again: a new occurrence
    assert open_of(AlertKind.TABLE_HOUR).count() == 1 and Alert.objects.count() == 2


@pytest.mark.django_db
def test_losses_going_again_and_again_to_the_same_player_raise_one_alert(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    alerts.rules()
    set_rule(AlertKind.LOSSES_TO_ONE, threshold=3)
    play_hand(table, ann, bob)
    play_hand(table, bob, ann)  # once the other way
    play_hand(table, ann, bob)
    assert not Alert.objects.exists()
    play_hand(table, ann, bob)  # 3 to bob, 1 back: not four times as often
    assert not Alert.objects.exists()
    play_hand(table, ann, bob)  # 4 to bob, 1 back
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.player, alert.other_player) == (AlertKind.LOSSES_TO_ONE, ann, bob)
    assert (alert.facts["count"], alert.facts["back"]) == (4, 1)
    play_hand(table, ann, bob)
    acknowledge_all(boss)
    play_hand(table, ann, bob)
    assert Alert.objects.count() == 1


@pytest.mark.django_db
def test_repeated_big_losses_to_one_player_raise_one_alert(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    alerts.rules()
    set_rule(AlertKind.BIG_LOSSES_TO_ONE, threshold=10, times=2)  # more than 10 BYN, twice
    play_hand(table, ann, bob, 1_500)
    play_hand(table, ann, bob, 500)  # a small loss does not count
    assert not Alert.objects.exists()
    play_hand(table, ann, bob, 1_500)
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.player, alert.other_player) == (
        AlertKind.BIG_LOSSES_TO_ONE,
        ann,
        bob,
    )
    assert alert.facts["count"] == 2 and alert.facts["amount"] > 2 * 1_000
    acknowledge_all(boss)
    play_hand(table, ann, bob, 1_500)
    assert Alert.objects.count() == 1


@pytest.mark.django_db
def test_a_strong_hand_given_up_raises_one_alert(seka, deals):
    table, (ann, bob) = seka
    boss = pit_boss()
    deals.append(STRONG)  # the next hand's deal (this one was dealt when they sat)
    play_hand(table, ann, bob)  # weak hands: nothing
    assert not Alert.objects.exists()
    hand = play_hand(table, ann, bob)
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.player, alert.table) == (AlertKind.STRONG_FOLD, ann, table)
    assert sorted(alert.facts["cards"]) in (sorted(STRONG[0]), sorted(STRONG[1]))
    assert alert.facts["beats"] >= 98
    acknowledge_all(boss)
    table.refresh_from_db()
    table.state = {**table.state, "hand_id": hand.pk}
    alerts.on_table_news(
        TableNews(table=table, step="engine", cause="player", events=[], hand_over=True)
    )
    assert Alert.objects.count() == 1
    # staff switch the rule off: the same fold again raises nothing
    AlertRule.objects.filter(kind=AlertKind.STRONG_FOLD).update(enabled=False)
    deals.append(STRONG)
    play_hand(table, ann, bob)
    play_hand(table, ann, bob)
    assert Alert.objects.count() == 1


@pytest.mark.django_db
def test_a_house_banked_hand_is_not_between_players():
    """At a table where the house bank pays and collects, nobody's loss is another's gain."""
    table = Table.objects.create(name="House", game="highcard", currency="BYN", settings={})
    assert alerts.losses_shared({1: -500, 2: 300, 3: 200}) == [(1, 2, 300), (1, 3, 200)]
    assert alerts.losses_shared({1: -100, 2: -100, 3: 150}) == [(1, 3, 100), (2, 3, 100)]
    assert alerts.hand_money(table.pk, [1, 2]) == ({}, False)


# --- the periodic checks ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_seat_away_and_an_idle_table_with_money_in_escrow_raise_one_alert_each(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    now = timezone.now()
    services.table_presence(table_id=table.pk, player=ann, change="disconnect", now=now)
    run_due_checks(now + dt.timedelta(minutes=9))
    assert not Alert.objects.exists()
    run_due_checks(now + dt.timedelta(minutes=11))
    (away,) = Alert.objects.all()
    assert (away.kind, away.player, away.table) == (AlertKind.AWAY, ann, table)
    assert away.facts["escrow"] == [["BYN", 2 * ENTRY]]
    run_due_checks(now + dt.timedelta(minutes=16))
    idle = Alert.objects.get(kind=AlertKind.IDLE)
    assert idle.table == table and "2.00" in alerts.message(idle)
    for _again in range(2):
        run_due_checks(now + dt.timedelta(minutes=17))
    assert Alert.objects.count() == 2
    acknowledge_all(boss)
    run_due_checks(now + dt.timedelta(minutes=30))
    assert Alert.objects.count() == 2
    # the player comes back and the table moves on: a new spell away is a new occurrence
    services.table_presence(table_id=table.pk, player=ann, change="connect")
    later = timezone.now()
    services.table_presence(table_id=table.pk, player=ann, change="disconnect", now=later)
    run_due_checks(later + dt.timedelta(minutes=11))
    assert open_of(AlertKind.AWAY).count() == 1 and Alert.objects.count() == 3


@pytest.mark.django_db
def test_thresholds_of_the_periodic_checks_apply_from_the_next_check(seka):
    table, (ann, bob) = seka
    now = timezone.now()
    services.table_presence(table_id=table.pk, player=ann, change="disconnect", now=now)
    client = signed_in(pit_boss())
    response = client.post(
        reverse("floor:alert_rule", args=[AlertKind.AWAY]), {"threshold": 2, "enabled": "on"}
    )
    assert response.status_code == 302
    response = client.post(reverse("floor:alert_rule", args=[AlertKind.IDLE]), {"threshold": 5})
    assert response.status_code == 302  # and switched off (no "enabled")
    alerts.floor_checks(now + dt.timedelta(minutes=3))
    assert list(Alert.objects.values_list("kind", flat=True)) == [AlertKind.AWAY]
    alerts.floor_checks(now + dt.timedelta(minutes=60))
    assert Alert.objects.count() == 1


@pytest.mark.django_db
def test_a_table_without_money_in_escrow_is_never_idle_or_away(db):
    table, (ann,) = poker_table(players=1)  # one player: no hand, nothing in escrow
    services.table_presence(table_id=table.pk, player=ann, change="disconnect")
    alerts.floor_checks(timezone.now() + dt.timedelta(days=1))
    assert not Alert.objects.exists()


@pytest.mark.django_db
def test_an_engine_error_raises_one_alert_per_occurrence_and_a_refusal_none(seka, monkeypatch):
    table, (ann, bob) = seka
    boss = pit_boss()
    (position,) = belarusian_poker.to_act(table.state)
    actor = Seat.objects.get(table=table, position=position).player
    other = bob if actor == ann else ann
    with pytest.raises(services.TableError):  # out of turn: refused, not an error
        services.table_act(table_id=table.pk, player=other, action={"type": "pass"})
    assert not Alert.objects.exists()

    def broken(self, state, seat, action, rng=None):
        raise ZeroDivisionError("the engine divided by zero")

    monkeypatch.setattr(belarusian_poker.BelarusianPoker, "apply", broken)
    version = table.version
    for _click in range(3):
        with pytest.raises(ZeroDivisionError):
            services.table_act(table_id=table.pk, player=actor, action={"type": "pass"})
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.table, alert.facts["version"]) == (AlertKind.ERROR, table, version)
    assert "ZeroDivisionError" in alerts.message(alert) and "divided by zero" in alerts.message(
        alert
    )
    table.refresh_from_db()
    assert table.version == version  # the failed change left nothing behind
    acknowledge_all(boss)
    with pytest.raises(ZeroDivisionError):
        services.table_act(table_id=table.pk, player=actor, action={"type": "pass"})
    assert Alert.objects.count() == 1
    assert_books_clean()


@pytest.mark.django_db
def test_an_error_applying_an_overdue_clock_is_an_alert_too(seka, monkeypatch):
    table, _players = seka

    def broken(self, state, seat, rng=None):
        raise KeyError("clock")

    monkeypatch.setattr(belarusian_poker.BelarusianPoker, "apply_timeout", broken)
    later = timezone.now() + dt.timedelta(hours=1)  # every clock has run out
    for _tick in range(2):
        with pytest.raises(KeyError):
            services.table_apply_overdue(table_id=table.pk, now=later)
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.table, alert.facts["error"]) == (AlertKind.ERROR, table, "KeyError")


@pytest.mark.django_db
def test_a_failing_alert_never_refuses_the_games_change(seka, monkeypatch):
    table, (ann, bob) = seka

    def broken(table):
        raise RuntimeError("an alert's bug")

    monkeypatch.setattr(alert_hands, "hand_over", broken)  # where on_table_news looks it up
    hand = play_hand(table, ann, bob, 500)
    assert hand.ended_at is not None and not Alert.objects.exists()
    assert_books_clean()


@pytest.mark.django_db
def test_the_books_check_failing_raises_one_alert_per_set_of_problems(seka):
    table, (ann, bob) = seka
    boss = pit_boss()
    assert alerts.books_job(force=True) == 0
    wallet = Account.objects.filter(kind=AccountKind.WALLET, owner=ann).get()
    Account.objects.filter(pk=wallet.pk).update(balance=F("balance") + 1)  # a unit from nowhere
    assert alerts.books_job(force=True) == 1
    assert alerts.books_job(force=True) == 0
    (alert,) = Alert.objects.all()
    assert alert.kind == AlertKind.BOOKS and alert.table is None and alert.facts["count"] >= 1
    assert f"account #{wallet.pk}" in alerts.message(alert)
    acknowledge_all(boss)
    assert alerts.books_job(force=True) == 0
    Account.objects.filter(pk=wallet.pk).update(balance=F("balance") - 1)
    assert alerts.books_job(force=True) == 0
    assert Alert.objects.count() == 1


# --- the pages --------------------------------------------------------------------------------


def an_alert(table=None, player=None, key="test:1") -> Alert:
    return Alert.objects.create(
        kind=AlertKind.BIG_WIN,
        table=table,
        player=player,
        dedupe_key=key,
        raised_at=timezone.now(),
        facts={
            "amount": 250_000,
            "currency": "BYN",
            "hand": 7,
            "threshold": 100_000,
            "table_name": table.name if table else "",
        },
    )


@pytest.mark.django_db
def test_only_the_pit_boss_sees_acknowledges_and_changes_alerts(seka):
    table, (ann, bob) = seka
    alert = an_alert(table, bob)
    urls = {
        "list": reverse("floor:alerts"),
        "ack": reverse("floor:alert_ack", args=[alert.pk]),
        "rule": reverse("floor:alert_rule", args=[AlertKind.BIG_WIN]),
    }
    from django.test import Client

    stranger = Client()
    assert stranger.get(urls["list"]).status_code == 302
    assert "/login" in stranger.get(urls["list"])["Location"]
    assert stranger.post(urls["ack"]).status_code == 302
    player = signed_in(ann)
    assert player.get(urls["list"]).status_code == 403
    assert player.post(urls["ack"]).status_code == 403
    assert player.post(urls["rule"], {"threshold": 1, "enabled": "on"}).status_code == 403
    alert.refresh_from_db()
    assert alert.acknowledged_at is None
    assert AlertRule.objects.get(kind=AlertKind.BIG_WIN).threshold == 1_000
    page = signed_in(pit_boss()).get(urls["list"]).content.decode()
    assert 'id="floor-alerts"' in page and f'id="alert-{alert.pk}"' in page
    assert 'won <span class="money">2\xa0500.00\xa0BYN</span>' in page and bob.shown_name in page
    assert 'ws-connect="/ws/pit/"' in page and 'aria-current="page"' in page
    assert "A player wins more than 1" in page  # the rules in plain words
    russian = signed_in(pit_boss())
    russian.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = russian.get(urls["list"], headers={"accept-language": "ru"}).content.decode()
    # the player named by a noun, not a past tense that depends on the player's sex
    assert "Открытые оповещения" in page and "Выигрыш" in page and "выиграл" not in page


@pytest.mark.django_db
def test_acknowledging_records_who_and_when_and_a_second_click_changes_nothing(seka):
    table, (ann, bob) = seka
    alert = an_alert(table, bob)
    boss, other_boss = pit_boss(), pit_boss()
    client = signed_in(boss)
    url = reverse("floor:alert_ack", args=[alert.pk])
    assert client.get(url).status_code == 405
    response = client.post(url, {"next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == reverse("floor:alerts")
    alert.refresh_from_db()
    assert alert.acknowledged_by == boss and alert.acknowledged_at is not None
    first = alert.acknowledged_at
    # another pit boss's late click (htmx): a note, nothing changes
    late = signed_in(other_boss)
    late.defaults["HTTP_HX_REQUEST"] = "true"
    answer = late.post(url).content.decode()
    assert "acknowledged already" in answer and boss.shown_name in answer
    assert f"delete:#alert-{alert.pk}" in answer
    alert.refresh_from_db()
    assert (alert.acknowledged_by, alert.acknowledged_at) == (boss, first)
    assert client.post(reverse("floor:alert_ack", args=[alert.pk + 999])).status_code == 404
    page = client.get(reverse("floor:alerts")).content.decode()
    assert f"Acknowledged by {boss.shown_name}" in page
    assert alerts.open_alerts() == [] and alerts.open_alert_counts() == {}


@pytest.mark.django_db
def test_forged_thresholds_are_refused_and_change_nothing(db):
    client = signed_in(pit_boss())
    alerts.rules()
    url = reverse("floor:alert_rule", args=[AlertKind.BIG_LOSSES_TO_ONE])
    for forged in (
        {"threshold": -5, "times": 2},
        {"threshold": "lots", "times": 2},
        {"threshold": 10, "times": 0},
        {"threshold": 10**15, "times": 2},
        {},
    ):
        response = client.post(url, {**forged, "enabled": "on"})
        assert response.status_code == 400
        assert 'class="errorlist' in response.content.decode()
    rule = AlertRule.objects.get(kind=AlertKind.BIG_LOSSES_TO_ONE)
    assert (rule.threshold, rule.times, rule.updated_by) == (300, 3, None)
    assert client.post(reverse("floor:alert_rule", args=["no_such_rule"])).status_code == 404
    # a rule with no threshold is only switched on and off; a threshold sent is ignored
    response = client.post(reverse("floor:alert_rule", args=[AlertKind.ERROR]), {"threshold": 9})
    assert response.status_code == 302
    rule = AlertRule.objects.get(kind=AlertKind.ERROR)
    assert (rule.threshold, rule.enabled) == (None, False)


@pytest.mark.django_db
def test_the_floor_gets_the_open_alerts_and_each_tables_count(seka):
    table, (ann, bob) = seka
    first, second = an_alert(table, bob, "t:1"), an_alert(table, ann, "t:2")
    books = an_alert(None, None, "t:3")
    rows = alerts.open_alerts()
    assert [row["id"] for row in rows] == [books.pk, second.pk, first.pk]  # newest first
    assert alerts.open_alert_counts() == {table.pk: 2}
    from django.template.loader import render_to_string

    html = render_to_string("floor/_alert_list.html", {"alerts": rows})
    assert html.count("<li ") == 3


# --- live ---------------------------------------------------------------------------------------


@database_sync_to_async
def _setup_live():
    table, people = poker_table()
    alerts.rules()
    AlertRule.objects.filter(kind=AlertKind.BIG_WIN).update(threshold=15)
    return table, people, pit_boss()


@pytest.mark.django_db(transaction=True)
async def test_the_pit_socket_hears_an_alert_raised_and_acknowledged(deals):
    table, (ann, bob), boss = await _setup_live()
    socket = WebsocketCommunicator(
        application, "/ws/pit/", headers=[ORIGIN, HOST, await cookie_of(boss)]
    )
    assert (await socket.connect())[0]
    await socket.receive_from()  # the tables' list
    await database_sync_to_async(play_hand)(table, ann, bob, 2_000)
    frames = []
    while not any("floor-alerts" in frame for frame in frames):
        frames.append(await socket.receive_from())
    (raised,) = [frame for frame in frames if "floor-alerts" in frame]
    alert = await database_sync_to_async(Alert.objects.get)()
    assert 'hx-swap-oob="afterbegin:#floor-alerts"' in raised
    assert f'<li id="alert-{alert.pk}"' in raised and bob.shown_name in raised
    assert "Big win in one hand" in raised  # in the pit boss's language
    assert (
        f'id="tile-alerts-{table.pk}" class="alert-badge" hx-swap-oob="true" data-count="1"'
        in raised
    )
    await database_sync_to_async(alerts.acknowledge)(alert.pk, boss)
    gone = await socket.receive_from()
    while "floor-alerts" not in gone and f"alert-{alert.pk}" not in gone:
        gone = await socket.receive_from()
    assert f'hx-swap-oob="delete:#alert-{alert.pk}"' in gone
    assert (
        f'id="tile-alerts-{table.pk}" class="alert-badge" hx-swap-oob="true" data-count="0"' in gone
    )
    await socket.disconnect()


@pytest.mark.django_db
def test_a_pause_does_not_make_a_spell_away_a_new_occurrence(seka):
    """A resume moves away_since on by the time paused (a pause does not count against an
    away player), so the time alone cannot say which spell it is: one spell away is one
    alert, paused or not, and the player's return ends it."""
    table, (ann, bob) = seka
    table.settings["absence_seconds"] = 24 * 3600  # no forfeit in the time this test looks at
    table.save(update_fields=["settings"])
    staff = pit_boss()
    now = timezone.now()

    def at(minutes):
        return now + dt.timedelta(minutes=minutes)

    def away_alerts():
        return Alert.objects.filter(kind=AlertKind.AWAY).count()

    services.table_presence(table_id=table.pk, player=ann, change="disconnect", now=now)
    services.table_staff_act(
        table_id=table.pk, staff=staff, act="pause", reason="a look", now=at(1)
    )
    run_due_checks(at(11))
    assert away_alerts() == 1
    services.table_staff_act(table_id=table.pk, staff=staff, act="resume", reason="ok", now=at(30))
    assert Seat.objects.get(table=table, player=ann).away_since == at(29)  # the pause not counted
    run_due_checks(at(41))
    assert away_alerts() == 1
    # back and away again: a new spell, a new occurrence
    services.table_presence(table_id=table.pk, player=ann, change="connect", now=at(41))
    services.table_presence(table_id=table.pk, player=ann, change="disconnect", now=at(41.5))
    run_due_checks(at(52))
    assert away_alerts() == 2
