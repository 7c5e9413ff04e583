"""Amounts typed at a table, in the currency's major units (issue 26, item 1): a board's
``amount`` carries "2,50" (BYN), the service converts it in the table's currency
(casino.amounts.parse_amount) before the engine sees it; a bad amount is an error frame to that
socket only, in its user's language and units, and nothing is booked."""

import pytest
from channels.db import database_sync_to_async

from casino import ledger
from casino.currencies import format_amount
from tables.actor import illegal, typed_amounts
from tables.engines.base import IllegalAction
from tables.models import Table
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.sockets import Socket, table_now
from tests.tables.test_six_seat_sockets import engine_events, settle

pytestmark = pytest.mark.django_db(transaction=True)

BAD = [
    # (typed, what the English error says; the Russian one says it in Russian)
    ("abc", "like 50 or 50,50"),
    ("1.000,50", "one decimal separator"),
    ("2.505", "at most 2 decimal places"),
    ("-2", "above zero"),
    ("Infinity", "like 50 or 50,50"),
    ("1e30", "like 50 or 50,50"),
    ("NaN", "like 50 or 50,50"),
    ("99999999999999", "At most"),
]


@database_sync_to_async
def two_seat_table():
    table = Table.objects.create(
        name="Typed amounts",
        game="highcard",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 1_000,
            "ante": 10,
            "action_seconds": 600,
            "start_seconds": 0,
        },
    )
    players = [new_player(language="en"), new_player(language="ru")]
    for player in players:
        fund(player, 50_000)
    return table, players


@database_sync_to_async
def balance(player):
    return ledger.balances_of(player).get("BYN", 0)


async def test_an_amount_typed_in_byn_is_booked_in_kopecks_and_a_bad_one_is_refused_to_its_sender():
    table, players = await two_seat_table()
    sockets = [await Socket(player, table.pk).connect() for player in players]
    en, ru = sockets
    try:
        for socket in sockets:
            await socket.send({"type": "sit"})
            await settle(sockets, table.pk, socket)
        await en.act({"type": "pass"})  # the first hand was dealt to the first player alone
        await settle(sockets, table.pk, en)
        assert (await table_now(table.pk)).state["players"] == [0, 1]
        before_events = await engine_events(table.pk)
        version = (await table_now(table.pk)).version
        wallets = [await balance(p) for p in players]
        for typed, en_hint in BAD:
            await en.send({"type": "act", "action": "bet", "amount": typed})
            error = await en.error()
            assert en_hint in error, (typed, error)
            await ru.send({"type": "act", "action": "bet", "amount": typed})
            error = await ru.error()
            assert any("а" <= ch <= "я" for ch in error), (typed, error)
        # the bounds of the rules, in the player's language and in BYN
        await ru.send({"type": "act", "action": "bet", "amount": "0,50"})
        assert "1.00\xa0BYN" in await ru.error()
        await en.send({"type": "act", "action": "bet", "amount": "10.01"})
        assert "A box takes from 1.00\xa0BYN to 10.00\xa0BYN" in await en.error()
        # nothing booked, nothing applied, nobody else told
        assert await engine_events(table.pk) == before_events
        assert (await table_now(table.pk)).version == version
        assert [await balance(p) for p in players] == wallets
        # a good amount as a Russian types it: 2,50 BYN is 250 kopecks
        await ru.send({"type": "act", "action": "bet", "amount": "2,50"})
        await settle(sockets, table.pk, ru)
        state = (await table_now(table.pk)).state
        assert state["boxes"]["1"]["stakes"] == [{"seat": 1, "amount": 250}], state["boxes"]
        assert await balance(players[1]) == wallets[1] - 250
    finally:
        for socket in sockets:
            await socket.close()
    await database_sync_to_async(assert_books_clean)()


def test_typed_amounts_converts_every_amount_field_and_leaves_the_rest():
    action = {"type": "offer", "amount": "1 000,5", "stake_amount": "3", "to": 2, "cards": ["AS"]}
    assert typed_amounts(action, "BYN") == {
        "type": "offer",
        "amount": 100_050,
        "stake_amount": 300,
        "to": 2,
        "cards": ["AS"],
    }


def test_an_engine_refusal_writes_its_amounts_in_the_currency():
    error = IllegalAction("A bid is from %(low)s to %(high)s.", low=100, high=100_000)
    assert str(illegal(error, "BYN")) == "A bid is from 1.00\xa0BYN to 1\xa0000.00\xa0BYN."
    # a table's settings (no currency given) keep their numbers
    assert str(illegal(error)) == "A bid is from 100 to 100000."


def test_a_tip_s_bounds_are_written_in_the_currency_both_ends():
    """High card's tip: its lower bound (one kopeck) is an amount like its upper one."""
    import random

    from tables.engines.registry import engine_for

    engine = engine_for("highcard")
    config = engine.check_config(dict(engine.example_configs[0]))
    state = engine.new_hand(config, [0, 1], random.Random(1))
    seat = engine.to_act(state)[0]
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, seat, {"type": "tip", "to": 1 - seat, "amount": 0})
    high = format_amount(state["limits"]["max_bet"], "BYN")
    assert str(illegal(refused.value, "BYN")) == f"A tip is from 0.01\xa0BYN to {high}."
