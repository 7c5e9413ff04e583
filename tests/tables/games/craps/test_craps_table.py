"""Craps through the table actor (tables/actor.py): bets riding from roll to roll in one escrow
while the hands (rolls) follow each other, wallets equal to the payments, a player leaving with
his pass line on its point held until the point is decided (the house-banked tables issue's
deferred leave, across hands), every roll's committed dice verified by ``verifyhands``, and the
books clean."""

from io import StringIO

import pytest
from django.core.management import call_command

from casino import ledger
from tables import services
from tables.games.craps import engine as craps
from tables.models import Hand, Table
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.games.craps.test_craps import ScriptedFaces

pytestmark = pytest.mark.django_db

TERMS = {"min_bet": 100, "max_bet": 10_000, "min_unit": 100, "start_seconds": 0}


@pytest.fixture
def rolls(monkeypatch):
    """The pair each roll's dice 1 and 2 will show, in order (the other three show 6; an
    unscripted roll shows 5 and 6)."""
    queue: list[tuple[int, int]] = []
    deal = type(craps.ENGINE).new_hand

    def new_hand(config, seats, rng, carry=None):
        first, second = queue.pop(0) if queue else (5, 6)
        return deal(craps.ENGINE, config, seats, ScriptedFaces([first, second, 6, 6, 6]), carry)

    monkeypatch.setattr(craps.ENGINE, "new_hand", new_hand)
    return queue


def fresh(table):
    return Table.objects.get(pk=table.pk)


def balance(player):
    return ledger.balances_of(player).get("BYN", 0)


def act(table, player, **action):
    services.table_act(table_id=table.pk, player=player, action=action)
    return fresh(table)


def throw(table, players):
    """Everyone awaited says done; the shooter throws dice 1 and 2."""
    by_seat = {s.position: s.player for s in table.seats.all()}
    state = fresh(table).state
    for position in craps.to_act(state):
        act(table, by_seat[position], type="done")
    state = fresh(table).state
    action = {"type": "roll"} if state["chosen"] else {"type": "roll", "dice": [1, 2]}
    return act(table, by_seat[state["shooter"]], **action)


def test_bets_ride_from_roll_to_roll_and_a_leaver_is_held_until_his_point_is_decided(rolls):
    table = Table.objects.create(name="Craps", game="craps", currency="BYN", settings=TERMS)
    anna, boris = new_player(), new_player()
    for player in (anna, boris):
        fund(player, 100_000)
    rolls += [(3, 3), (1, 1), (2, 4)]
    services.table_sit(table_id=table.pk, player=anna, connected=True)
    table = fresh(table)
    assert table.state["players"] == [0]  # dealt in alone at once (start_seconds 0)
    services.table_sit(table_id=table.pk, player=boris, connected=True)
    act(table, anna, type="bet", bet="pass", amount=1_000)
    table = throw(table, (anna,))  # 6: the point
    assert table.state["point"] == 6
    act(table, boris, type="bet", bet="place_8", amount=1_200)
    act(table, anna, type="bet", bet="odds_pass", amount=1_000)
    table = throw(table, (anna, boris))  # 2: nothing for the line, boris's place 8 waits
    assert table.state["pots"] and Hand.objects.filter(table=table).count() >= 2
    services.table_leave(table_id=table.pk, player=anna)
    table = fresh(table)
    seat = table.seats.get(player=anna)
    assert seat.leaving_since is not None  # held: her pass line and odds ride on the 6
    assert balance(anna) == 100_000 - 1_000  # the odds came down, the pass line stays
    # the dice go to boris, who makes his entry bet on the pass line before he shoots (§4)
    assert table.state["shooter"] == table.seats.get(player=boris).position
    act(table, boris, type="bet", bet="pass", amount=1_000)
    table = throw(table, (boris,))  # 6: the point is made: she is paid on her held seat
    assert balance(anna) == 100_000 + 1_000  # her win, and her line bet back to her
    assert not table.seats.filter(player=anna).exists()  # released once nothing of hers rides
    assert balance(boris) == 100_000 - 1_200  # his place 8 still up, his pass won and rides
    out = StringIO()
    call_command("verifyhands", stdout=out)
    assert "0 mismatched" in out.getvalue()
    records = set(Hand.objects.filter(table=table).values_list("deck_record", flat=True))
    assert all(r.count("d") == 5 for r in records)  # five committed dice a roll
    assert_books_clean()


def test_the_roll_that_decides_a_leavers_held_bet_is_in_his_hand_history(rolls):
    """Issue 45: every history lists every hand the player played. Anna leaves with her pass
    line on its point (held, C6); the roll that makes the point was dealt to Boris alone, yet
    it moved her money: it is in her history, named, with her result."""
    from tables.selectors import finished_hands, hands_told

    table = Table.objects.create(name="Craps", game="craps", currency="BYN", settings=TERMS)
    anna, boris = new_player(display_name="Anna"), new_player(display_name="Boris")
    for player in (anna, boris):
        fund(player, 100_000)
    rolls += [(3, 3), (3, 3)]
    services.table_sit(table_id=table.pk, player=anna, connected=True)
    services.table_sit(table_id=table.pk, player=boris, connected=True)
    act(table, anna, type="bet", bet="pass", amount=1_000)
    table = throw(fresh(table), (anna,))  # 6: the point
    services.table_leave(table_id=table.pk, player=anna)
    # the new shooter makes his line bet on the point set before he throws (§4)
    act(fresh(table), boris, type="bet", bet="pass", amount=1_000)
    table = throw(fresh(table), (boris,))  # 6: made, paid on her held seat
    deciding = Hand.objects.shown().filter(table=table, ended_at__isnull=False).first()
    assert deciding.result["outcome"] == "winner"
    assert [h.pk for h in finished_hands(table, anna)][0] == deciding.pk
    told = hands_told([deciding])[0]
    assert told.names[0] == "Anna"
    assert any(r["player"] == "Anna" and r["won"] for r in told.amounts)
