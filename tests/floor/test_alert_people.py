"""Alerts name the player whose money or absence it is (issue 45, part 3): at a table where a
player holds the bank (baccarat, CG §4–§17), an absent punter is never said to have the bank's
money in play, the holder's bank is named as hers, an idle table says whose money it holds, and
a bank handed back to its holder is no big win (her result is what the bank won, B11). Every
other kind names the player from his own wallet's legs (test_alerts.py, each kind)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone, translation

from floor import alerts
from floor.alerts import hands as alert_hands
from floor.models import Alert, AlertKind, AlertRule
from tables import services
from tests.floor.test_alerts import STRONG, deals, play_hand, poker_table  # noqa: F401
from tests.floor.test_house_revenue import act, baccarat_table, play_two_coups, state_of

pytestmark = pytest.mark.django_db


def test_an_absent_punter_is_named_with_his_own_money_the_bank_with_its_holder(monkeypatch):
    table, (anna, boris, vera) = baccarat_table(monkeypatch)
    AlertRule.objects.filter(kind__in=[AlertKind.BIG_WIN, AlertKind.TABLE_HOUR]).update(
        enabled=False
    )
    play_two_coups(table, anna, boris, vera)
    act(table, boris, {"type": "bet", "amount": 100})  # the third coup: Boris bets 1.00
    assert state_of(table)["seat_stakes"] == {"0": 28_170, "1": 100}
    now = timezone.now()
    for player in (vera, boris):
        services.table_presence(table_id=table.pk, player=player, change="disconnect", now=now)
    assert alerts.floor_checks(now + dt.timedelta(minutes=11)) == 2
    by_player = {a.player: a for a in Alert.objects.filter(kind=AlertKind.AWAY)}
    assert set(by_player) == {vera, boris}  # Anna is here: her bank raises nothing
    assert by_player[vera].facts["own"] == 0 and by_player[boris].facts["own"] == 100
    with translation.override("en"):
        vera_says = alerts.message(by_player[vera])
        boris_says = alerts.message(by_player[boris])
    money = '<span class="money">{}\xa0BYN</span>'.format
    assert vera_says.startswith(f"{vera.shown_name} has been away since ")
    assert "with nothing of their own in play." in vera_says
    assert vera_says.endswith(
        f"Also in play: {anna.shown_name} {money('281.70')}, {boris.shown_name} {money('1.00')}."
    )
    assert f"with {money('1.00')} of their own in play." in boris_says
    assert boris_says.endswith(f"Also in play: {anna.shown_name} {money('281.70')}.")
    assert "282.70" not in vera_says + boris_says  # the table's whole escrow is nobody's own
    with translation.override("ru"):
        russian = alerts.message(by_player[vera])
    assert f"{vera.shown_name} отсутствует с " in russian and "своих денег в игре нет" in russian
    assert russian.endswith(
        f"Ещё в игре: {anna.shown_name} {money('281.70')}, {boris.shown_name} {money('1.00')}."
    )
    # the table goes idle: its money is named by whose it is
    assert alerts.floor_checks(now + dt.timedelta(minutes=16)) == 1
    idle = Alert.objects.get(kind=AlertKind.IDLE)
    with translation.override("en"):
        said = alerts.message(idle)
    assert said.endswith(
        f"Whose: {anna.shown_name} {money('281.70')}, {boris.shown_name} {money('1.00')}."
    )


def test_a_bank_handed_back_to_its_holder_is_no_big_win_b11(monkeypatch):
    """Anna's 276.00 bank comes back to her as 281.70 when she sells it and nobody buys (§11):
    her result is the 5.70 it won, not 281.70; Boris lost 5.00 and Vera 1.00 to her. Each money
    rule names the player whose money it was: the winner Anna, the losers Boris and Vera."""
    table, (anna, boris, vera) = baccarat_table(monkeypatch)
    thresholds = {
        AlertKind.BIG_WIN: (5, None),  # 5.00 BYN in one hand
        AlertKind.TABLE_HOUR: (5, None),  # 5.00 BYN within an hour
        AlertKind.LOSSES_TO_ONE: (1, None),  # one hand's losses to the same player
        AlertKind.BIG_LOSSES_TO_ONE: (1, 1),  # more than 1.00 BYN once
    }
    for kind, (threshold, times) in thresholds.items():
        AlertRule.objects.filter(kind=kind).update(threshold=threshold, times=times, enabled=True)
    play_two_coups(table, anna, boris, vera)
    # the bank is still hers: nobody has won or lost anything yet, whatever the wallets say
    assert not Alert.objects.exists()
    act(table, anna, {"type": "sell"})
    for player in (boris, vera):
        act(table, player, {"type": "pass"})
    state = state_of(table)
    while state["phase"] == "offer" and state["offer"]:
        seat = state["offer"][0]
        act(table, {0: anna, 1: boris, 2: vera}[seat], {"type": "decline"})
        state = state_of(table)
    found = {
        (a.kind, a.player, a.other_player): a.facts.get("amount")
        for a in Alert.objects.select_related("player", "other_player")
    }
    assert found == {
        (AlertKind.BIG_WIN, anna, None): 570,
        (AlertKind.TABLE_HOUR, anna, None): 570,
        (AlertKind.LOSSES_TO_ONE, boris, anna): None,
        (AlertKind.LOSSES_TO_ONE, vera, anna): None,
        (AlertKind.BIG_LOSSES_TO_ONE, boris, anna): 500,
    }
    with translation.override("en"):
        said = alerts.message(Alert.objects.get(kind=AlertKind.BIG_WIN))
    assert said.startswith(f'{anna.shown_name} won <span class="money">5.70\xa0BYN</span>')


def test_a_hand_given_up_while_a_bank_carries_on_names_who_gave_it_up(monkeypatch, deals):  # noqa: F811
    """Where the escrow carries the players' money on to the next deal (a Khrap bank, §119),
    a hand is over before anyone's result is known: no money rule is evaluated then, but a
    strong hand given up is this hand's, and names the player who gave it up."""
    table, (ann, bob) = poker_table()
    monkeypatch.setattr(alert_hands, "scope_money", lambda table: None)  # the bank carries on
    AlertRule.objects.filter(kind=AlertKind.BIG_WIN).update(threshold=1, enabled=True)
    deals.append(STRONG)
    play_hand(table, ann, bob)  # weak hands: nothing
    play_hand(table, ann, bob, 20_000)  # ann gives up a strong hand, bob wins 200.00
    (alert,) = Alert.objects.all()
    assert (alert.kind, alert.player, alert.table) == (AlertKind.STRONG_FOLD, ann, table)
