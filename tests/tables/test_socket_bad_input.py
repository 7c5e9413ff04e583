"""Bad input on the table socket that once crashed it: an error to that socket, which stays open."""

import json
import uuid

import pytest

from tables.games.durak import engine as durak
from tables.models import TableEvent
from tests.tables.sockets import table_now
from tests.tables.test_consumers import seated_sockets, seats_map

pytestmark = pytest.mark.django_db(transaction=True)


async def test_deeply_nested_json_is_an_error_not_a_crash():
    table, players, sockets = await seated_sockets()
    sock = sockets[0]
    await sock.communicator.send_to(text_data="[" * 2000 + "]" * 2000)
    assert 'id="table-error"' in await sock.error()
    # the socket still answers
    await sock.send({"type": "sync"})
    assert "data-version" in await sock.receive()
    for s in sockets:
        await s.close()


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "act", "action": "take", "client_action_id": "a\x00b"},
        {"type": "act", "action": "take\x00", "client_action_id": "nul-action"},
        {"type": "act", "action": "attack", "payload": {"cards": ["\x00"]}},
        # a lone surrogate (the JSON escape "\ud800") has no UTF-8: found by the fuzz, it
        # crashed the socket on the lookup of its client_action_id
        {"type": "act", "action": "take", "client_action_id": "\ud800"},
        {"type": "act", "action": "take", "note": "a\udfff"},
        {"type": "act", "action": "attack", "payload": {"\ud83d": ["6S"]}},
    ],
)
async def test_a_nul_character_or_a_lone_surrogate_is_an_error_not_a_crash(frame):
    table, players, sockets = await seated_sockets()
    version = (await table_now(table.pk)).version
    for sock in sockets:
        await sock.send(frame)
        assert 'id="table-error"' in await sock.error()
        await sock.send({"type": "sync"})
        assert "data-version" in await sock.receive()
    assert (await table_now(table.pk)).version == version
    assert not await TableEvent.objects.filter(version__gt=version, table_id=table.pk).aexists()
    for s in sockets:
        await s.close()


async def test_nan_in_a_legal_action_is_an_error_not_a_crash():
    """NaN and Infinity parse in Python's JSON but are not JSON: the event's insert refused them."""
    table, players, sockets = await seated_sockets()
    table = await table_now(table.pk)
    (seat,) = durak.to_act(table.state)
    by_player = {s.player.pk: s for s in sockets}
    seats = {seat.position: seat.player_id async for seat in table.seats.all()}
    acting = by_player[seats[seat]]
    action = durak.legal_actions(table.state, seat)[0]
    payload = {k: v for k, v in action.items() if k != "type"}
    text = json.dumps({"type": "act", "action": action["type"], "payload": payload})
    await acting.communicator.send_to(text_data=text[:-1] + ', "note": NaN}')
    assert 'id="table-error"' in await acting.error()
    await acting.send({"type": "sync"})
    assert "data-version" in await acting.receive()
    assert (await table_now(table.pk)).version == table.version
    for s in sockets:
        await s.close()


async def _acting_socket(table, sockets):
    (seat,) = durak.to_act(table.state)
    positions = await seats_map(table.pk, sockets)
    return positions[seat], durak.legal_actions(table.state, seat)[0]


def _act_frame(action: dict, version) -> dict:
    return {
        "type": "act",
        "action": action["type"],
        "payload": {k: v for k, v in action.items() if k != "type"},
        "client_action_id": uuid.uuid4().hex,
        "version": version,
    }


async def test_an_action_chosen_on_an_older_board_is_refused_and_the_current_one_applied():
    """A click that crossed a change (a clock that ended the bout, the other player's move) is
    not applied to a state its player never saw."""
    table, players, sockets = await seated_sockets()
    table = await table_now(table.pk)
    acting, action = await _acting_socket(table, sockets)
    # the board's forms carry the version they were rendered at
    assert f'name="version" value="{table.version}"' in acting.board

    await acting.send(_act_frame(action, table.version - 1))

    assert "The table has moved on" in await acting.error()
    assert (await table_now(table.pk)).version == table.version
    await acting.send(_act_frame(action, str(table.version)))  # as the form sends it: text
    for sock in sockets:
        await sock.until_version(table.version + 1)
    for s in sockets:
        await s.close()


@pytest.mark.parametrize("version", ["abc", -1, True, 1.5, "1e3", "٣", [1]])
async def test_a_version_that_is_not_a_whole_number_is_an_error(version):
    table, players, sockets = await seated_sockets()
    table = await table_now(table.pk)
    acting, action = await _acting_socket(table, sockets)

    await acting.send(_act_frame(action, version))

    assert "version must be a whole number" in await acting.error()
    assert (await table_now(table.pk)).version == table.version
    for s in sockets:
        await s.close()
